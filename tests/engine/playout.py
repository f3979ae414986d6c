"""Seeded random playouts through the engine contract, shared by the contract test and game tests."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from dorhami.engine import Engine, IllegalAction

MAX_STEPS = 5000


@dataclass
class Playout:
    """One finished random game: every state in order and the inputs that produced them."""

    engine: Engine
    players: int
    seed: int
    config: dict
    states: list[dict] = field(default_factory=list)
    # (seat, action, now_ms); seat None with action None means `advance(state, now_ms)`.
    log: list[tuple[int | None, dict | None, int]] = field(default_factory=list)

    @property
    def final(self) -> dict:
        return self.states[-1]


def frozen(state: dict) -> str:
    """A canonical text of a state, to compare states and detect mutation."""
    return json.dumps(state, sort_keys=True)


def containers(value, found: set[int]) -> set[int]:
    """The ids of every list and dict inside `value`, itself included (to find aliasing)."""
    if isinstance(value, (list, dict)):
        found.add(id(value))
        for item in value.values() if isinstance(value, dict) else value:
            containers(item, found)
    return found


def play(
    engine: Engine,
    players: int,
    seed: int,
    config: dict | None = None,
    wait_chance: float = 0.05,
    max_steps: int = MAX_STEPS,
    check=None,
) -> Playout:
    """Play random legal actions (and sometimes wait for a timer) until the game has a result.

    `check(run, state, seat_or_None, action_or_None, now_ms)` runs before each input.
    """
    rng = random.Random(seed * 7919 + players)
    now = 0
    state = engine.setup(players, seed, config or {}, now_ms=now)
    run = Playout(engine, players, seed, config or {}, [state])
    for _ in range(max_steps):
        if engine.result(state) is not None:
            return run
        deadline = engine.next_deadline(state)
        seat, actions = pick_seat(engine, state, players, rng)
        if not actions or (deadline is not None and rng.random() < wait_chance):
            if deadline is None:
                raise AssertionError(f"stuck: no legal action and no timer (seed {seed})")
            now = max(now, deadline)
            if check:
                check(run, state, None, None, now)
            state, _ = engine.advance(state, now)
            run.log.append((None, None, now))
        else:
            action = rng.choice(actions)
            latest = deadline - 1 if deadline is not None else now + 2000
            now = rng.randint(now, max(now, latest)) if rng.random() < 0.5 else now
            if check:
                check(run, state, seat, action, now)
            try:
                state, _ = engine.apply(state, seat, action, now)
            except IllegalAction as exc:
                raise AssertionError(f"listed action refused: seat {seat} {action} -> {exc!r}") from exc
            run.log.append((seat, action, now))
        run.states.append(state)
    raise AssertionError(f"game did not end within {max_steps} inputs (seed {seed})")


def pick_seat(engine: Engine, state: dict, players: int, rng: random.Random) -> tuple[int | None, list]:
    """A random seat that can act, with its actions (asking only until one is found: real-time
    games list hundreds of claims per seat)."""
    for seat in rng.sample(range(players), players):
        actions = engine.legal_actions(state, seat)
        if actions:
            return seat, actions
    return None, []


def replay(engine: Engine, run: Playout) -> list[dict]:
    """Rebuild every state of `run` from setup and its log."""
    state = engine.setup(run.players, run.seed, run.config, now_ms=0)
    states = [state]
    for seat, action, now in run.log:
        if action is None:
            state, _ = engine.advance(state, now)
        else:
            state, _ = engine.apply(state, seat, action, now)
        states.append(state)
    return states
