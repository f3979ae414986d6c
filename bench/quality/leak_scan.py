"""Secret-leak scan: seeded random playouts per game, every frame each seat and a spectator would receive
checked against what it may know at that moment.

Run: .venv/bin/python -m bench.quality.leak_scan [--playouts 1000] [slug ...]
Per game: playouts, frames built (state messages, acks, log entries, reconnect frames, log pages),
comparisons made, leaks found with the first examples (game, variant, seed, version, seat, frame, what).
Exits 1 on any leak. The checks are tests/support/leaks.py (the suite runs a smaller scan of the same code
in tests/engine/test_secrets.py); playout i of a game is variant i mod len(variants), seed SEED_BASE + i,
so a reported leak replays with the same --playouts.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

from dorhami.catalogue import GAMES
from tests.support.leaks import scan
from tests.support.seeded_games import playout_plan

EXAMPLES = 5


def scan_game(slug: str, playouts: int, replays: int, alternatives: int) -> tuple[Counter, Counter, int, list]:
    """(frames by kind, comparisons by kind, leak count, first leaks) over `playouts` games."""
    frames, checks, count, examples = Counter(), Counter(), 0, []
    for variant, seed in playout_plan(slug, playouts):
        result = scan(GAMES[slug], variant, seed, replays=replays, alternatives=alternatives)
        frames += result.frames
        checks += result.checks
        count += result.leak_count
        examples += result.leaks[: EXAMPLES - len(examples)]
    return frames, checks, count, examples


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--playouts", type=int, default=1000, help="seeded random games per game")
    parser.add_argument("--replays", type=int, default=1, help="re-dealt replays per version and viewer")
    parser.add_argument("--alternatives", type=int, default=3, help="hidden other choices tried per input")
    parser.add_argument("slugs", nargs="*")
    args = parser.parse_args()
    print(f"{'game':16} {'playouts':>8} {'frames':>9} {'scanned':>9} {'compared':>9} {'leaks':>6} {'wall s':>7}")
    leaky = False
    for slug in args.slugs or sorted(GAMES):
        started = time.perf_counter()
        frames, checks, count, examples = scan_game(slug, args.playouts, args.replays, args.alternatives)
        public = frames["after the end (public)"]
        compared = checks["views compared"] + checks["replays compared"]
        print(
            f"{slug:16} {args.playouts:>8} {sum(frames.values()):>9} {sum(frames.values()) - public:>9} "
            f"{compared:>9} {count:>6} {time.perf_counter() - started:>7.1f}"
        )
        print("    frames: " + ", ".join(f"{kind} {n}" for kind, n in sorted(frames.items())))
        print("    checks: " + ", ".join(f"{kind} {n}" for kind, n in sorted(checks.items())))
        for leak in examples:
            print(f"    LEAK {leak}")
        leaky = leaky or count > 0
    sys.exit(1 if leaky else 0)


if __name__ == "__main__":
    main()
