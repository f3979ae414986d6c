"""Bots: a seat the server plays, choosing a legal action after a short, human-like pause."""

from __future__ import annotations

import random
from typing import Callable

from ..engine import Action, Engine, State

BOT_LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"

# A policy picks one of the seat's legal actions (None: nothing worth doing now).
Policy = Callable[[Engine, State, int, random.Random, str], Action | None]


def random_legal_action(engine: Engine, state: State, seat: int, rng: random.Random,
                        level: str) -> Action | None:
    """Any legal action, uniformly: enough to let one person play a whole game alone."""
    actions = engine.legal_actions(state, seat)
    return rng.choice(actions) if actions else None


# Games with a strategy of their own register it here by slug.
POLICIES: dict[str, Policy] = {}


def choose_action(engine: Engine, state: State, seat: int, rng: random.Random, level: str) -> Action | None:
    """The bot's action for `seat`, tagged with the step it was chosen for."""
    policy = POLICIES.get(engine.slug, random_legal_action)
    action = policy(engine, state, seat, rng, level)
    if action is not None and not engine.realtime:
        action = {**action, "step": engine.step(state, seat)}
    return action


def think_time_ms(delay_range: tuple[int, int], rng: random.Random) -> int:
    low, high = delay_range
    return rng.randint(low, max(low, high))
