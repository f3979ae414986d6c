"""Each bot level's rating per game, on the players' scale: written by bench/quality/bot_ratings.py
(docs/BOTS.md). 6 games per pair of levels, in duplicate; mu and sigma as dorhami/ratings.py."""

BOT_RATINGS: dict[str, dict[str, dict[str, float]]] = {
    "jekyll-vs-hyde": {
        "easy": {"mu": 17.01, "sigma": 5.38},
        "hard": {"mu": 37.49, "sigma": 5.79},
        "normal": {"mu": 28.57, "sigma": 5.34},
    }
}
