"""Bots: seats the server plays, each with a plan (an action and when to send it).

A game may ship a strategy in `dorhami.games.<name>.strategy` with `choose(engine, state, seat,
rng, level)` and optionally `reaction_ms(action, level, rng)`; without one, a bot plays a uniformly
random legal action. Strategies are pure rules-side code; the timing and the plans live here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from types import ModuleType

from ..engine import Action, Engine, IllegalAction, State

BOT_LEVELS = ("easy", "normal", "hard", "expert")
# Every game's bots play these; `expert` only where the game has a search in games/<name>/expert.py.
BASE_LEVELS = BOT_LEVELS[:3]
DEFAULT_LEVEL = "normal"


@dataclass
class Plan:
    """What a bot will send, and when (server ms)."""

    action: Action
    at_ms: int


@cache
def strategy(engine: Engine) -> ModuleType | None:
    package = type(engine).__module__.rsplit(".", 1)[0]
    try:
        return import_module(f"{package}.strategy")
    except ModuleNotFoundError:
        return None


@cache
def expert(engine: Engine) -> ModuleType | None:
    """The game's `expert` module (a search built on its strategy), if it has one."""
    package = type(engine).__module__.rsplit(".", 1)[0]
    try:
        return import_module(f"{package}.expert")
    except ModuleNotFoundError:
        return None


def levels(engine: Engine) -> tuple[str, ...]:
    """The levels this game's bots play (docs/BOTS.md)."""
    return BOT_LEVELS if expert(engine) else BASE_LEVELS


def chooser(engine: Engine, level: str) -> Callable[..., Action | None]:
    """What picks a bot's action at `level`: the expert's search, the game's strategy, or any legal action."""
    found = expert(engine) if level == "expert" else None
    module = found or strategy(engine)
    return module.choose if module else random_legal_action


def random_legal_action(engine: Engine, state: State, seat: int, rng: random.Random, level: str) -> Action | None:
    """Any legal action, uniformly: enough to let one person play a whole game alone."""
    actions = engine.legal_actions(state, seat)
    return rng.choice(actions) if actions else None


def plan(
    engine: Engine, state: State, seat: int, rng: random.Random, level: str, delay_range: tuple[int, int], now_ms: int
) -> Plan | None:
    """The bot's next action for `seat` (tagged with its step in turn-based games) and its time."""
    module = strategy(engine)
    action = chooser(engine, level)(engine, state, seat, rng, level)
    if action is None:
        return None
    if not engine.realtime:
        action = {**action, "step": engine.step(state, seat)}
    # A strategy's reaction time is the game's skill (a race), so settings do not shorten it;
    # `delay_range` (Settings.bot_delay_ms) is the think time of turn-based play.
    if module and hasattr(module, "reaction_ms"):
        delay = module.reaction_ms(action, level, rng)
    else:
        low, high = delay_range
        delay = rng.randint(low, max(low, high))
    return Plan(action, now_ms + delay)


def still_valid(engine: Engine, state: State, seat: int, planned: Plan, now_ms: int) -> bool:
    """Whether the planned action would still be accepted (a dry run; nothing is kept)."""
    try:
        engine.apply(state, seat, planned.action, now_ms)
    except IllegalAction:
        return False
    return True
