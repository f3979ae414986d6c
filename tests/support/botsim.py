"""Bots against each other on the engine alone, with simulated time, planning as the table does."""

from __future__ import annotations

import random

from dorhami.hub.bots import Plan, plan, random_legal_action, still_valid

# A seat of this level plays as the hub plays a game without a strategy: any legal action.
RANDOM = "random"
THINK_MS = (700, 1600)


def plan_for(engine, state: dict, seat: int, rng: random.Random, level: str, now: int) -> Plan | None:
    if level != RANDOM:
        return plan(engine, state, seat, rng, level, THINK_MS, now)
    action = random_legal_action(engine, state, seat, rng, level)
    return Plan(action, now + rng.randint(*THINK_MS)) if action else None


def wins_against_random(engine, level: str, games: int) -> int:
    """2-seat games the `level` bot wins alone against a random player; each deal (seed i // 2) is
    played with the bot in each seat."""
    wins = 0
    for i in range(games):
        bot = i % 2
        levels = [RANDOM, RANDOM]
        levels[bot] = level
        wins += bot_game(engine, levels, i // 2)[0]["winners"] == [bot]
    return wins


def bot_game(
    engine,
    levels: list[str],
    seed: int,
    config: dict | None = None,
    max_inputs: int = 20_000,
    plans_made: list | None = None,
    dropped: list | None = None,
) -> tuple[dict, list[tuple[int | None, dict | None, int]]]:
    """Every seat is a bot of the given level; returns (result, log of (seat, action, now)).
    `plans_made` and `dropped`, if given, collect (seat, action) of every plan and of every plan
    that stopped being valid before it was sent."""
    rng = random.Random(seed)
    now = 0
    state = engine.setup(len(levels), seed, config or {}, now_ms=0)
    plans: dict[int, object] = {}
    log = []
    for _ in range(max_inputs):
        if engine.result(state) is not None:
            return engine.result(state), log
        for seat, level in enumerate(levels):
            if seat in plans and not still_valid(engine, state, seat, plans[seat], now):
                if dropped is not None:
                    dropped.append((seat, plans[seat].action))
                del plans[seat]
            if seat not in plans:
                planned = plan_for(engine, state, seat, rng, level, now)
                if planned:
                    plans[seat] = planned
                    if plans_made is not None:
                        plans_made.append((seat, planned.action))
        deadline = engine.next_deadline(state)
        seat = min(plans, key=lambda s: plans[s].at_ms, default=None)
        if seat is not None and (deadline is None or plans[seat].at_ms < deadline):
            now = max(now, plans[seat].at_ms)
            action = plans.pop(seat).action
            try:
                state, _ = engine.apply(state, seat, action, now)
                log.append((seat, action, now))
            except Exception as exc:  # a refused plan is re-planned, as at the table
                assert getattr(exc, "code", None), exc
        elif deadline is not None:
            now = max(now, deadline)
            state, _ = engine.advance(state, now)
            log.append((None, None, now))
        else:
            raise AssertionError("no bot has a plan and no timer is pending")
    raise AssertionError("the bots' game did not end")
