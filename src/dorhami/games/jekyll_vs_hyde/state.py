"""The config, the action shapes and the state's shape of Jekyll vs. Hyde (§4.1, §4.3, §6)."""

from __future__ import annotations

from typing import Any, TypedDict, cast

from ...engine.contract import clone
from ...engine.errors import IllegalAction

DEFAULT_CONFIG = {
    "match_mode": "single",
    "jekyll_seat": "random",
    "greed_exchange_count": 1,
    "show_trick_history": False,
    "timers_enabled": True,
    "exchange_timeout_s": 60,
    "play_timeout_s": 40,
    "greed_timeout_s": 30,
}
MATCH_MODES = ("single", "return_match")
TIMEOUT_KEYS = ("exchange_timeout_s", "play_timeout_s", "greed_timeout_s")
TIMEOUT_RANGE = (10, 600)

ACTION_TYPES = ("exchange_cards", "play_card", "greed_give")


class TrickCard(TypedDict):
    seat: int
    card: int
    named_color: str | None


class JekyllVsHydeState(TypedDict):
    """The server-side state (§4.1); per-seat data are lists indexed by seat."""

    config: dict[str, Any]
    rng: dict[str, Any]  # {seed, role_draw, shuffles}: replays random.Random(seed)
    roles: dict[str, Any]  # {"jekyll": seat, "hyde": seat}
    phase: str  # exchange | lead | follow | greed | game_over | match_over
    round: int
    trick_no: int
    marker: int
    hands: list[list[int]]  # sorted ids
    set_aside: list[int]
    dealt_potions: list[int]
    exchange_pending: list[list[int] | None]
    greed_pending: list[list[int] | None]
    received: list[list[int] | None]  # the cards each seat got in its last swap this round
    leader: int
    trick: list[TrickCard]
    ranking: list[str]
    won: list[list[list[int]]]  # [[lead, follow], …] in the order gained
    history: list[dict[str, Any]]  # every completed trick of the round, in play order
    last_trick: dict[str, Any] | None
    deadlines: list[int | None]
    match: dict[str, Any]  # game_index, hyde_score [seat], hyde_rounds [seat], games
    result: dict[str, Any] | None
    step: int


def is_int(value: Any) -> bool:
    """A JSON integer (a bool is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def turn(state: dict[str, Any]) -> int | None:
    """The seat to play in `lead`/`follow`; None in the other phases."""
    if state["phase"] == "lead":
        return cast("int | None", state["leader"])
    if state["phase"] == "follow":
        return cast("int | None", 1 - state["leader"])
    return None


def check_config(config: dict[str, Any]) -> None:
    """Refuse any §6 value outside its allowed set with `invalid_config`."""

    def refuse(key: str, expected: str) -> None:
        raise IllegalAction("invalid_config", f"{key} expected {expected}, but got {config[key]!r}")

    if config["match_mode"] not in MATCH_MODES:
        refuse("match_mode", '"single" or "return_match"')
    seat = config["jekyll_seat"]
    if seat != "random" and not (is_int(seat) and seat in (0, 1)):
        refuse("jekyll_seat", '0, 1 or "random"')
    if not (is_int(config["greed_exchange_count"]) and config["greed_exchange_count"] in (1, 2)):
        refuse("greed_exchange_count", "1 or 2")
    for key in ("show_trick_history", "timers_enabled"):
        if not isinstance(config[key], bool):
            refuse(key, "true or false")
    low, high = TIMEOUT_RANGE
    for key in TIMEOUT_KEYS:
        if not (is_int(config[key]) and low <= config[key] <= high):
            refuse(key, f"an integer from {low} to {high}")


def config_options() -> dict[str, dict[str, Any]]:
    """The §6 values each key allows, for the lobby's form."""
    low, high = TIMEOUT_RANGE
    return {
        "match_mode": {"choices": list(MATCH_MODES)},
        "jekyll_seat": {"choices": ["random", 0, 1]},
        "greed_exchange_count": {"choices": [1, 2]},
        "show_trick_history": {"choices": [False, True]},
        "timers_enabled": {"choices": [True, False]},
        **{key: {"min": low, "max": high} for key in TIMEOUT_KEYS},
    }


def parse_action(action: dict[str, Any]) -> dict[str, Any]:
    """The action in its normal shape; raises `unknown_action` for an unknown or malformed one."""
    kind = action.get("type")
    if kind in ("exchange_cards", "greed_give"):
        cards = action.get("cards")
        if not isinstance(cards, list) or not all(is_int(card) for card in cards):
            raise IllegalAction("unknown_action", f"{kind} expected a list of card ids in 'cards'")
        return {"type": kind, "cards": list(cards)}
    if kind == "play_card":
        card, named = action.get("card"), action.get("named_color")
        if not is_int(card):
            raise IllegalAction("unknown_action", f"play_card expected a card id, but got {card!r}")
        if named is not None and not isinstance(named, str):
            raise IllegalAction("unknown_action", f"named_color expected a string or null, but got {named!r}")
        return {"type": kind, "card": card, "named_color": named}
    raise IllegalAction("unknown_action", f"expected one of {', '.join(ACTION_TYPES)}, but got {kind!r}")


def _lists(items: list[Any]) -> list[Any]:
    return [None if item is None else list(item) for item in items]


def copy_for_change(state: dict[str, Any]) -> dict[str, Any]:
    """A full copy that follows the state's known shape: three times faster than the generic JSON
    round trip, and it shares nothing, so the rules may change any part of it in place. A key this
    does not know (a future field) falls back to the generic deep copy."""
    new = dict(state)
    for key in state.keys() - _SHAPED:
        new[key] = clone(state[key])
    match = state["match"]
    new["match"] = {
        **match,
        "hyde_score": list(match["hyde_score"]),
        "hyde_rounds": list(match["hyde_rounds"]),
        "games": clone(match["games"]) if match["games"] else [],
    }
    new["rng"] = dict(state["rng"])
    new["roles"] = dict(state["roles"])
    for key in ("set_aside", "dealt_potions", "ranking", "deadlines"):
        new[key] = list(state[key])
    for key in ("hands", "greed_pending", "received", "exchange_pending"):
        new[key] = _lists(state[key])
    new["won"] = [[list(pair) for pair in tricks] for tricks in state["won"]]
    new["trick"] = [dict(play) for play in state["trick"]]
    new["history"] = [dict(trick) for trick in state["history"]]
    new["last_trick"] = None if state["last_trick"] is None else dict(state["last_trick"])
    return new


# Keys whose values are copied by shape above, or are immutable scalars (`config` and `result` go
# through `clone`).
_SHAPED = frozenset(
    {
        "step",
        "marker",
        "round",
        "trick_no",
        "leader",
        "phase",
        "match",
        "rng",
        "roles",
        "set_aside",
        "dealt_potions",
        "ranking",
        "deadlines",
        "hands",
        "greed_pending",
        "received",
        "exchange_pending",
        "won",
        "trick",
        "history",
        "last_trick",
    }
)
