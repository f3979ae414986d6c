"""Bot strength: every level against random players, and the levels head to head, on seeded games.

Run: .venv/bin/python -m bench.quality.bot_strength --games 200 [slug ...]

Per game, prints one table row per pairing (docs/BOTS.md keeps the figures):
- `<level> vs random`: one bot of that level against random players (a uniformly random legal
  action, as the hub plays a seat without a strategy). Its win rate counts every game it wins or
  shares, next to the fair share 1/players.
- `hard vs normal`, `normal vs easy`: two seats, the first level's score (a win 1, a shared win
  1/2).
- In the games scored in points (Camel Up Cards' coins, Queendomino's points), the first level's
  mean lead over the best other seat, ± its standard error.
- `expert vs hard` (Jekyll vs Hyde and Camel Up Cards, EXTRA_PAIRINGS): head to head with a Wilson 95 % interval.
  Head-to-head rows show it too, and every row the first level's CPU ms per move (median / p95).
  Only that pairing: --games 400 --pairing expert:hard jekyll-vs-hyde (run it on one core,
  `taskset -c 1`, when the machine is shared).

Games are dealt in duplicate: game i of a pairing is seed SEED + i // players with the first level
in seat i % players, so every deal is played from every seat and neither the cards nor the seat
favour a level (Jekyll vs Hyde also swaps the roles every other deal). A figure replays with the
same --games. Turn-based games run on the engine alone (no timers); the real-time ones through
tests/support/botsim.py, with simulated time and each level's reaction times, the random seats
thinking for 700-1600 ms as the hub's do.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from dorhami.catalogue import GAMES
from dorhami.hub import bots
from tests.support import botsim

RANDOM = botsim.RANDOM
SEED = 50_000
# Players in the vs-random games: three in the games for up to 4 or 6 (as their tests play), else two.
VS_RANDOM_PLAYERS = {"camel-up-cards": 3, "queendomino": 3}
# Configs that run a turn-based game without wall clocks.
NO_TIMERS = {"jekyll-vs-hyde": {"timers_enabled": False}, "queendomino": {"turn_seconds": 0}}
# Games whose result scores are points (more is better): head to head also shows the mean lead.
POINTS = {"camel-up-cards": "coins", "queendomino": "points"}
PAIRINGS = [("easy", RANDOM), ("normal", RANDOM), ("hard", RANDOM), ("hard", "normal"), ("normal", "easy")]
# Levels only some games have, head to head with the level below (also timed per move).
EXTRA_PAIRINGS = {"jekyll-vs-hyde": [("expert", "hard")], "camel-up-cards": [("expert", "hard")]}


def config(slug: str, deal: int) -> dict:
    """The config of a deal: no wall clocks, and in Jekyll vs Hyde Jekyll's seat alternates, so with
    the seats swapped within a deal each level plays each role from each seat."""
    settings = dict(NO_TIMERS.get(slug, {}))
    if slug == "jekyll-vs-hyde":
        settings["jekyll_seat"] = deal % 2
    return settings


def turn_based_game(engine, levels: list[str], seed: int, settings: dict, clock: dict | None = None) -> dict:
    """One game on the engine alone: every seat with an action plays it, bot or random. `clock`
    collects each level's CPU seconds per move (CPU time, since other work shares the machine)."""
    rng = random.Random(seed)
    state = engine.setup(len(levels), seed, settings, now_ms=0)
    while engine.result(state) is None:
        for seat, level in enumerate(levels):
            actions = engine.legal_actions(state, seat)
            if actions:
                started = time.process_time()
                choose = bots.chooser(engine, level) if level != RANDOM else None
                action = rng.choice(actions) if choose is None else choose(engine, state, seat, rng, level)
                if clock is not None:
                    clock.setdefault(level, []).append(time.process_time() - started)
                state, _ = engine.apply(state, seat, action, 0)
    return engine.result(state)


def play(slug: str, levels: list[str], deal: int, clock: dict | None = None) -> dict:
    """One game of a deal (seed SEED + deal) with these levels by seat."""
    engine = GAMES[slug]
    if not engine.realtime:
        return turn_based_game(engine, levels, SEED + deal, config(slug, deal), clock)
    return botsim.bot_game(engine, levels, SEED + deal, config(slug, deal))[0]  # botsim plays RANDOM seats


def seated(first: str, other: str, players: int, i: int) -> tuple[list[str], int]:
    """The levels by seat for game i, and the seat of `first`."""
    seat = i % players
    levels = [other] * players
    levels[seat] = first
    return levels, seat


def score(result: dict, seat: int) -> float:
    """1 for a win alone, a share of 1 for a shared win, else 0."""
    winners = result["winners"]
    return 1 / len(winners) if seat in winners else 0.0


def measure(slug: str, first: str, other: str, games: int) -> dict:
    players = VS_RANDOM_PLAYERS.get(slug, 2) if other == RANDOM else 2
    wins = points = 0.0
    leads = []
    clock: dict[str, list[float]] = {}
    started = time.perf_counter()
    for i in range(games):
        levels, seat = seated(first, other, players, i)
        result = play(slug, levels, i // players, clock)
        wins += seat in result["winners"]
        points += score(result, seat)
        scores = result["scores"]
        leads.append(scores[str(seat)] - max(scores[str(s)] for s in range(players) if s != seat))
    return {
        "players": players,
        "win_rate": wins / games,
        "score": points / games,
        "lead": statistics.mean(leads),
        "lead_se": statistics.stdev(leads) / games**0.5,
        "seconds": time.perf_counter() - started,
        "move_ms": sorted(1000 * seconds for seconds in clock.get(first, [])),
    }


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default)."""
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n)
    return centre - half, centre + half


def timing_text(row: dict) -> str:
    """The first level's CPU ms per move: median and 95th percentile."""
    times = row["move_ms"]
    if not times:
        return ""
    return f"{statistics.median(times):.1f} / {times[int(0.95 * (len(times) - 1))]:.1f} ms"


def lead_text(slug: str, row: dict) -> str:
    """The mean score lead over the best other seat, ± its standard error, in the game's unit."""
    if slug not in POINTS:
        return ""
    return f"{row['lead']:+.1f} ± {row['lead_se']:.1f} {POINTS[slug]}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="seeded games per pairing")
    parser.add_argument(
        "--pairing", action="append", default=[], help="only this pairing, e.g. expert:hard (repeatable)"
    )
    parser.add_argument("slugs", nargs="*", default=sorted(GAMES))
    args = parser.parse_args()
    wanted = {tuple(text.split(":", 1)) for text in args.pairing}
    print(f"{args.games} games per pairing, in duplicate from seed {SEED}")
    print("| game | pairing | players | first level's figure | fair share | mean lead | ms/move median / p95 | s |")
    print("|---|---|---|---|---|---|---|---|")
    for slug in args.slugs:
        for first, other in PAIRINGS + EXTRA_PAIRINGS.get(slug, []):
            if wanted and (first, other) not in wanted:
                continue
            row = measure(slug, first, other, args.games)
            if other == RANDOM:
                figure, fair = f"wins {row['win_rate']:.1%}", f"{1 / row['players']:.0%}"
            else:
                low, high = wilson(row["score"] * args.games, args.games)
                figure, fair = f"scores {row['score']:.1%} [{low:.1%}–{high:.1%}]", "50%"
            print(
                f"| {slug} | {first} vs {other} | {row['players']} | {figure} | {fair} | "
                f"{lead_text(slug, row)} | {timing_text(row)} | {row['seconds']:.1f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
