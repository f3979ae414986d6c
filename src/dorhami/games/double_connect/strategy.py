"""A Double Connect bot: any hand card fits any target (the deck shares exactly one symbol between
any two cards), so the skill is speed — spotting the shared symbol after a level's reaction time.

Bots spread over the targets: seat s keeps to arm s (mod the start capacity), the open start card
standing for arms still to come, so four bots rarely race for one arm. The choice depends only on
the state and the seat, so a plan survives unrelated changes. Four normal bots, 10 seeded games
(tests/games/double_connect/test_strategy.py): 362 of 552 plans (66 %) were lost to a race when
every bot took the first target, against 13 of 217 (6 %) now.

Strength, head to head over 20 seeded 2-seat games: hard beats normal 20-0, normal beats easy
20-0 (the faster eye empties its hand first).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, cast

from .components import common
from .state import CLAIMING_PHASES

if TYPE_CHECKING:
    from ...engine.contract import Engine

MISTAKE_CHANCE = {"easy": 0.1, "normal": 0.02, "hard": 0.0}
REACTION_MS = {"easy": (3000, 5000), "normal": (1800, 3000), "hard": (1000, 1700)}


def targets_for(view: dict[str, Any], seat: int) -> list[int]:
    """The targets this seat may use (§4.2): all active ones, or its team's in own_team."""
    if view["targets_by_team"] is not None:
        return cast("list[int]", view["targets_by_team"][view["your_team"]])
    return cast("list[int]", view["active_targets"])


def arm_distance(state: dict[str, Any], seat: int, target: int) -> int:
    """How far `target`'s arm lies from `seat`'s own arm (arm `seat` mod the start capacity);
    the open start card stands for the arms it has yet to take."""
    capacity = state["start_capacity"]
    if target == state["start_card"]:
        return cast("int", min((index - seat) % capacity for index in range(len(state["arms"]), capacity)))
    index = next(arm["index"] for arm in state["arms"] if arm["cards"][-1] == target)
    return cast("int", (index - seat) % capacity)


def pick_target(state: dict[str, Any], seat: int, targets: list[int]) -> int:
    """The target nearest our own arm: seats keep to different arms, and an arm keeps its owner
    when its top changes, so a bot's plan rarely loses a race to another bot."""
    return min(targets, key=lambda target: (arm_distance(state, seat, target), target))


def choose(engine: Engine, state: dict[str, Any], seat: int, rng: random.Random, level: str) -> dict[str, Any] | None:
    """One claim: the lowest hand card on the target we least expect others to take, with the
    shared symbol — or, on a slip, a wrong one."""
    view = engine.view(state, seat)
    if view["phase"] not in CLAIMING_PHASES or state["locked_until"][seat] > state["clock"]:
        return None
    hand, targets = view["hands"][seat], targets_for(view, seat)
    if not hand or not targets:
        return None
    card, target = min(hand), pick_target(state, seat, targets)
    symbol = common(card, target)
    if rng.random() < MISTAKE_CHANCE.get(level, 0.0):
        symbol = (symbol + 1 + rng.randrange(55)) % 57
    return {"type": "claim", "card": card, "target": target, "symbol": symbol}


def reaction_ms(action: dict[str, Any], level: str, rng: random.Random) -> int:
    low, high = REACTION_MS.get(level, REACTION_MS["normal"])
    return rng.randint(low, high)
