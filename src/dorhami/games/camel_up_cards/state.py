"""The config (§6), the play_card action (§4.1) and the state's shape (§4) of Camel Up Cards."""

from __future__ import annotations

from typing import Any, TypedDict

from ...engine.errors import IllegalAction

DEFAULT_CONFIG = {
    "races": 3,
    "track_length": 10,
    "stack_leader": "bottom",
    "carry": True,
    "start_order": "fixed",
    "wrong_bet_penalty": 0,
    "turn_timer_s": 30,
    "max_tricks_per_race": 40,
}
# §6: each key's allowed values, in the lobby's form shape.
CONFIG_OPTIONS = {
    "races": {"min": 1, "max": 5},
    "track_length": {"min": 6, "max": 16},
    "stack_leader": {"choices": ["bottom", "top"]},
    "carry": {"choices": [True, False]},
    "start_order": {"choices": ["fixed", "random"]},
    "wrong_bet_penalty": {"choices": [0, 1]},
    "turn_timer_s": {"min": 15, "max": 120},
    "max_tricks_per_race": {"min": 10, "max": 100},
}
# D1: 2–6 seats for every config.
PLAYER_RANGE = (2, 6)
ACTION_TYPES = ("play_card",)


class Token(TypedDict):
    seat: int
    kind: str          # bet_winner | bet_loser
    camel: str
    slot: int          # 1..3 in the order the column filled
    seq: int           # race_bet_seq when placed (1 = the race's first token)


class Commitment(TypedDict):
    card: int
    camel: str | None
    auto: bool         # played by the selection timer (§4.1 timeout)


class CamelUpCardsState(TypedDict):
    """The server-side state (§4); per-seat data are lists indexed by seat."""

    config: dict
    seed: str                          # secret; never in a view
    forced_dice: list[int]             # die results injected by tests, used before the seeded rolls
    step: int
    phase: str                         # select | game_over
    race: int
    trick_in_race: int
    global_trick: int
    die_counter: int
    reshuffles: list[int]              # reshuffles[race - 1]
    race_bet_seq: int
    coin_event_seq: int
    stacks: list[list[str]]            # stacks[space - 1], bottom to top
    draw_pile: list[int]               # top first; secret
    discard_pile: list[int]
    hands: list[list[int]]             # sorted ids
    committed: list[Commitment | None]
    bets: list[Token]
    players: list[dict]                # {coins, last_change}
    deadline: int | None
    last_trick: dict | None            # the reveal and its resolution log
    last_race: dict | None             # {race, reason, standings} of the last scored race
    result: dict | None


def is_int(value: Any) -> bool:
    """A JSON integer (a bool is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_config(config: dict) -> None:
    """Refuse any §6 value outside its allowed set with `invalid_config`."""
    for key, option in CONFIG_OPTIONS.items():
        value = config[key]
        if "choices" in option:
            # 1 == True in Python: compare types too, so `carry: 1` or `wrong_bet_penalty: true` fail.
            allowed = any(value == choice and type(value) is type(choice) for choice in option["choices"])
            expected = " or ".join(repr(choice) for choice in option["choices"])
        else:
            allowed = is_int(value) and option["min"] <= value <= option["max"]
            expected = f"an integer from {option['min']} to {option['max']}"
        if not allowed:
            raise IllegalAction("invalid_config", f"{key} expected {expected}, but got {value!r}")


def parse_action(action: dict) -> dict:
    """The action in its normal shape; raises `unknown_action` for an unknown or malformed one."""
    kind = action.get("type")
    if kind != "play_card":
        raise IllegalAction("unknown_action", f"expected one of {', '.join(ACTION_TYPES)}, but got {kind!r}")
    card, camel = action.get("card"), action.get("camel")
    if not is_int(card):
        raise IllegalAction("unknown_action", f"play_card expected an integer card id, but got {card!r}")
    if camel is not None and not isinstance(camel, str):
        # A camel name that is no camel is judged later as `invalid_camel`; a non-string is malformed.
        raise IllegalAction("unknown_action", f"camel expected a camel id or null, but got {camel!r}")
    return {"type": kind, "card": card, "camel": camel}
