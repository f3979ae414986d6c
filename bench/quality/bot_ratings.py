"""Each bot level's rating on its game's scale (issue 32 item 4; docs/BOTS.md, "Know your opponent").

Run: .venv/bin/python -m bench.quality.bot_ratings --games 40 [slug ...]   (writes src/dorhami/bot_ratings.py)

Per game, every pair of levels (a uniformly random player among them) plays `--games` two-player games
dealt in duplicate (bench/quality/bot_strength.py's deals: each deal from both seats, Jekyll vs Hyde's
roles alternated), in a seeded order. Each game updates the two levels' openskill ratings with the
model and prior the players' ratings use (dorhami/ratings.py), so a level's rating reads on the same
scale as a person's: its ordinal (mu - 3 sigma) is what the leaderboard would show.

The scale's anchor: people and bots start from the same prior (a newcomer's rating), and the bots'
ratings come from games among bots. Until games between people and bots are rated, a level's figure
is the rating a person would have after beating and losing to the same opponents as often; the
figures move once real players exist (the same script, with their games, refits them).
"""

from __future__ import annotations

import argparse
import itertools
import pprint
import random
import subprocess
import sys
import time
from pathlib import Path

from dorhami.catalogue import GAMES
from dorhami.hub import bots
from dorhami.ratings import Rating, ordinal, rate

from .bot_strength import RANDOM, play

OUT = Path(__file__).resolve().parents[2] / "src" / "dorhami" / "bot_ratings.py"
HEADER = '''"""Each bot level's rating per game, on the players' scale: written by bench/quality/bot_ratings.py
(docs/BOTS.md). {games} games per pair of levels, in duplicate; mu and sigma as dorhami/ratings.py."""

BOT_RATINGS: dict[str, dict[str, dict[str, float]]] = '''


def rate_game(slug: str, games: int) -> dict[str, Rating]:
    levels = [RANDOM, *bots.levels(GAMES[slug])]
    ratings = {level: Rating() for level in levels}
    schedule = [(a, b, i) for a, b in itertools.combinations(levels, 2) for i in range(games)]
    random.Random(slug).shuffle(schedule)  # interleaved pairings: no level's rating is settled first
    for first, other, i in schedule:
        seats = [first, other] if i % 2 == 0 else [other, first]
        result = play(slug, seats, i // 2)
        ranks = [1 if seat in result["winners"] else 2 for seat in range(2)]
        (new_a,), (new_b,) = rate([([ratings[seats[0]]], ranks[0]), ([ratings[seats[1]]], ranks[1])])
        for level, (mu, sigma) in ((seats[0], new_a), (seats[1], new_b)):
            ratings[level] = Rating(mu, sigma, ratings[level].games + 1)
    return ratings


def previous() -> dict[str, dict[str, dict[str, float]]]:
    try:
        from dorhami.bot_ratings import BOT_RATINGS
    except ImportError:
        return {}
    return BOT_RATINGS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per pair of levels")
    parser.add_argument("slugs", nargs="*", default=sorted(GAMES))
    args = parser.parse_args()
    table = dict(previous())  # the games not run keep their figures
    print("| game | level | mu | sigma | ordinal | games | s |\n|---|---|---|---|---|---|---|")
    for slug in args.slugs:
        started = time.perf_counter()
        ratings = rate_game(slug, args.games)
        seconds = time.perf_counter() - started
        table[slug] = {}
        for level, r in sorted(ratings.items(), key=lambda item: item[1].mu):
            figures = f"{r.mu:.2f} | {r.sigma:.2f} | {ordinal(r.mu, r.sigma):.1f} | {r.games}"
            print(f"| {slug} | {level} | {figures} | {seconds:.0f} |")
            if level != RANDOM:
                table[slug][level] = {"mu": round(r.mu, 2), "sigma": round(r.sigma, 2)}
    OUT.write_text(HEADER.format(games=args.games) + pprint.pformat(table, sort_dicts=True) + "\n", "utf-8")
    subprocess.run([sys.executable, "-m", "ruff", "format", "--quiet", str(OUT)], check=False)  # as CI checks it
    print(f"\nwritten: {OUT.relative_to(Path.cwd()) if OUT.is_relative_to(Path.cwd()) else OUT}")


if __name__ == "__main__":
    main()
