"""Engine throughput: random seeded playouts per game, counting `apply` calls per second.

Run: .venv/bin/python -m bench.performance.engine_speed [--games 200] [slug ...]
Two figures per game: `apply` alone (the cost the table pays per action) and the whole loop
including `legal_actions` (what a random driver pays).
"""

from __future__ import annotations

import argparse
import random
import time

from dorhami.catalogue import GAMES


def playout(engine, players: int, seed: int) -> tuple[int, float]:
    """One random game; returns (apply calls, seconds spent inside apply/advance)."""
    rng = random.Random(seed)
    now = 0
    state = engine.setup(players, seed, {}, now_ms=0)
    calls, spent = 0, 0.0
    while engine.result(state) is None:
        deadline = engine.next_deadline(state)
        moves = [(s, a) for s in range(players) for a in engine.legal_actions(state, s)]
        started = time.perf_counter()
        if not moves or (deadline is not None and rng.random() < 0.05):
            now = max(now, deadline)
            state, _ = engine.advance(state, now)
        else:
            seat, action = rng.choice(moves)
            state, _ = engine.apply(state, seat, action, now)
        spent += time.perf_counter() - started
        calls += 1
        if calls > 20_000:
            raise RuntimeError(f"{engine.slug}: game {seed} did not end")
    return calls, spent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("slugs", nargs="*")
    args = parser.parse_args()
    print(f"{'game':16} {'players':>7} {'games':>6} {'actions':>8} {'apply/s':>9} {'loop/s':>8}")
    for slug in args.slugs or sorted(GAMES):
        engine = GAMES[slug]
        low, high = engine.player_range(engine.validate_config({}))
        for players in sorted({low, high}):
            started = time.perf_counter()
            total_calls, total_apply = 0, 0.0
            for seed in range(args.games):
                calls, spent = playout(engine, players, seed)
                total_calls += calls
                total_apply += spent
            wall = time.perf_counter() - started
            print(
                f"{slug:16} {players:>7} {args.games:>6} {total_calls:>8} "
                f"{total_calls / total_apply:>9.0f} {total_calls / wall:>8.0f}"
            )


if __name__ == "__main__":
    main()
