"""Each bot level's rating per game, on the players' scale: written by bench/quality/bot_ratings.py
(docs/BOTS.md). 40 games per pair of levels, in duplicate; mu and sigma as dorhami/ratings.py."""

BOT_RATINGS: dict[str, dict[str, dict[str, float]]] = {
    "camel-up-cards": {
        "easy": {"mu": 22.24, "sigma": 2.85},
        "expert": {"mu": 38.12, "sigma": 2.43},
        "hard": {"mu": 33.94, "sigma": 2.46},
        "normal": {"mu": 31.37, "sigma": 2.42},
    },
    "double-connect": {
        "easy": {"mu": 24.68, "sigma": 2.93},
        "hard": {"mu": 41.07, "sigma": 3.0},
        "normal": {"mu": 33.99, "sigma": 2.82},
    },
    "jekyll-vs-hyde": {
        "easy": {"mu": 16.77, "sigma": 2.53},
        "expert": {"mu": 39.73, "sigma": 3.01},
        "hard": {"mu": 33.18, "sigma": 2.58},
        "normal": {"mu": 24.89, "sigma": 2.45},
    },
    "queendomino": {
        "easy": {"mu": 17.45, "sigma": 3.24},
        "hard": {"mu": 41.48, "sigma": 3.2},
        "normal": {"mu": 36.57, "sigma": 3.07},
    },
    "twin-it": {
        "easy": {"mu": 26.08, "sigma": 3.2},
        "hard": {"mu": 42.67, "sigma": 3.23},
        "normal": {"mu": 33.58, "sigma": 3.0},
    },
}
