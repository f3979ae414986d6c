"""A Double Connect bot: any hand card fits any target (the deck shares exactly one symbol between
any two cards), so the skill is speed — spotting the shared symbol after a human-like reaction
(docs/bots-race-model.md has the model and its sources).

Reaction: a visual search for one of the hand card's symbols on the tower. The time grows with
the symbols on view (the hand card's and every available target's), drawn ex-Gaussian per level:
mu = base + slope × items, a Gaussian spread and an exponential tail that grow with mu. The
levels' distributions overlap, so a slower level still wins some games.

Slips: at every level a claim may name a wrong symbol — one of the two cards' other symbols, a
mis-seen match — more often the more there is on view. A wrong claim is a legal action the rules
penalise (§4.4). The slip and the reaction are drawn once per plan from the table's rng and ride
on the action (`Planned`) to `reaction_ms`, so a plan kept across changes keeps both.

Bots spread over the targets: seat s keeps to arm s (mod the start capacity), the open start card
standing for arms still to come, so four bots rarely race for one arm. The choice depends only on
the state and the seat, so a plan survives unrelated changes. Four normal bots, 10 seeded games
(tests/games/double_connect/test_strategy.py): 362 of 552 plans (66 %) were lost to a race when
every bot took the first target, against 13 of 217 (6 %) after spreading.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, cast

from .components import SYMBOLS_PER_CARD, card_symbols, common
from .state import CLAIMING_PHASES

if TYPE_CHECKING:
    from ...engine.contract import Engine


class Planned(dict):  # type: ignore[type-arg]
    """An action (the dict the engine judges) with the bot's drawn reaction time beside it, not in it."""

    reaction: int


# Per level: mu = BASE + SLOPE × items (ms), then a Gaussian spread SIGMA × mu and an exponential
# tail of mean TAU × mu (ex-Gaussian). SLIP: the chance a claim names a wrong symbol,
# BASE + PER_ITEM × items (the more on view, the more hurry).
REACTION = {
    "easy": {"base": 800, "slope": 32, "sigma": 0.15, "tau": 0.35},
    "normal": {"base": 700, "slope": 27, "sigma": 0.15, "tau": 0.35},
    "hard": {"base": 620, "slope": 23, "sigma": 0.15, "tau": 0.35},
}
SLIP = {
    "easy": {"base": 0.03, "per_item": 0.0012},
    "normal": {"base": 0.02, "per_item": 0.0008},
    "hard": {"base": 0.01, "per_item": 0.0005},
}
FASTEST_MS = 250  # no reaction to a new sight is quicker (anticipations are not reactions)


def items_on_view(targets: list[int]) -> int:
    """What the eye searches: the hand card's symbols and those of every target it may use."""
    return SYMBOLS_PER_CARD * (1 + len(targets))


def draw_reaction(level: str, items: int, rng: random.Random) -> int:
    """One ex-Gaussian reaction (ms) of `level` to `items` symbols to search."""
    model = REACTION.get(level, REACTION["normal"])
    mu = model["base"] + model["slope"] * items
    drawn = rng.gauss(mu, model["sigma"] * mu) + rng.expovariate(1 / (model["tau"] * mu))
    return max(FASTEST_MS, round(drawn))


def slip_chance(level: str, items: int) -> float:
    model = SLIP.get(level, SLIP["normal"])
    return min(0.5, model["base"] + model["per_item"] * items)


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
    items = items_on_view(targets)
    reaction = draw_reaction(level, items, rng)
    symbol = common(card, target)
    if rng.random() < slip_chance(level, items):
        symbol = rng.choice([s for s in (*card_symbols(card), *card_symbols(target)) if s != symbol])
    planned = Planned(type="claim", card=card, target=target, symbol=symbol)
    planned.reaction = reaction
    return planned


def reaction_ms(action: dict[str, Any], level: str, rng: random.Random) -> int:
    """The reaction drawn with the plan (a copy of the action without it gets one for three targets)."""
    reaction = getattr(action, "reaction", None)
    return reaction if reaction is not None else draw_reaction(level, items_on_view([0, 0, 0]), rng)
