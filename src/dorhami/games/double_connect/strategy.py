"""A Double Connect bot: any hand card fits any target (the deck shares exactly one symbol between
any two cards), so the skill is speed — spotting the shared symbol after a level's reaction time."""

from __future__ import annotations

import random

from .components import common
from .state import CLAIMING_PHASES

MISTAKE_CHANCE = {"easy": 0.1, "normal": 0.02, "hard": 0.0}
REACTION_MS = {"easy": (3000, 5000), "normal": (1800, 3000), "hard": (1000, 1700)}


def targets_for(view: dict, seat: int) -> list[int]:
    """The targets this seat may use (§4.2): all active ones, or its team's in own_team."""
    if view["targets_by_team"] is not None:
        return view["targets_by_team"][view["your_team"]]
    return view["active_targets"]


def choose(engine, state: dict, seat: int, rng: random.Random, level: str) -> dict | None:
    """One claim: the lowest hand card on the first target it may use (deterministic, so a plan
    survives unrelated changes), with the shared symbol — or, on a slip, a wrong one."""
    view = engine.view(state, seat)
    if view["phase"] not in CLAIMING_PHASES or state["locked_until"][seat] > state["clock"]:
        return None
    hand, targets = view["hands"][seat], targets_for(view, seat)
    if not hand or not targets:
        return None
    card, target = min(hand), targets[0]
    symbol = common(card, target)
    if rng.random() < MISTAKE_CHANCE.get(level, 0.0):
        symbol = (symbol + 1 + rng.randrange(55)) % 57
    return {"type": "claim", "card": card, "target": target, "symbol": symbol}


def reaction_ms(action: dict, level: str, rng: random.Random) -> int:
    low, high = REACTION_MS.get(level, REACTION_MS["normal"])
    return rng.randint(low, high)
