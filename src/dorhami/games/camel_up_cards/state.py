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
CONFIG_OPTIONS: dict[str, dict[str, Any]] = {
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
    kind: str  # bet_winner | bet_loser
    camel: str
    slot: int  # 1..3 in the order the column filled
    seq: int  # race_bet_seq when placed (1 = the race's first token)


class Commitment(TypedDict):
    card: int
    camel: str | None
    auto: bool  # played by the selection timer (§4.1 timeout)


class CamelUpCardsState(TypedDict):
    """The server-side state (§4); per-seat data are lists indexed by seat."""

    config: dict[str, Any]
    seed: str  # secret; never in a view
    forced_dice: list[int]  # die results injected by tests, used before the seeded rolls
    step: int
    phase: str  # select | game_over
    race: int
    trick_in_race: int
    global_trick: int
    die_counter: int
    reshuffles: list[int]  # reshuffles[race - 1]
    race_bet_seq: int
    coin_event_seq: int
    stacks: list[list[str]]  # stacks[space - 1], bottom to top
    draw_pile: list[int]  # top first; secret
    discard_pile: list[int]
    hands: list[list[int]]  # sorted ids
    committed: list[Commitment | None]
    bets: list[Token]
    players: list[dict[str, Any]]  # {coins, last_change}
    deadline: int | None
    last_trick: dict[str, Any] | None  # the reveal and its resolution log
    last_race: dict[str, Any] | None  # {race, reason, standings} of the last scored race
    result: dict[str, Any] | None


def is_int(value: Any) -> bool:
    """A JSON integer (a bool is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_config(config: dict[str, Any]) -> None:
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


def parse_action(action: dict[str, Any]) -> dict[str, Any]:
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


# Changed in place (pop, append, item writes) only while a trick is resolved; see `own_trick_lists`.
TRICK_LISTS = ("stacks", "players", "bets", "draw_pile", "discard_pile", "forced_dice", "reshuffles")


def copy_for_change(state: dict[str, Any]) -> dict[str, Any]:
    """The copy a move may change; the rest is shared with `state` (structural sharing).

    The rules assign top-level keys and change in place only `committed`, `hands` and the
    `TRICK_LISTS`. Everything nested deeper (a hand, a stack, a player, a commitment, a bet token)
    and `config`, `last_trick`, `last_race` and `result` are replaced when they change, never changed
    in place, so every state can share them. Most moves are a lone commitment, which changes only
    `committed` and `hands`: the trick lists are copied by `own_trick_lists` when a trick is resolved.
    """
    new = dict(state)
    new["committed"] = list(state["committed"])
    new["hands"] = list(state["hands"])
    return new


def own_trick_lists(state: dict[str, Any]) -> None:
    """Give `state` its own copy of each of the `TRICK_LISTS` before resolving a trick changes them."""
    for key in TRICK_LISTS:
        state[key] = list(state[key])


def copy_trick(trick: dict[str, Any]) -> dict[str, Any]:
    """A copy of a `last_trick` that shares no list or dict with it, for a state, an event or a view.

    Twice as fast as a JSON round trip; it relies on the log's shape: only a bet token, a moved unit
    and a reversed queue (a list of plays) nest inside an entry.
    """
    log = []
    for entry in trick["log"]:
        entry = dict(entry)
        if "token" in entry:
            entry["token"] = dict(entry["token"])
        if "unit" in entry:
            entry["unit"] = list(entry["unit"])
        if "queue" in entry:
            entry["queue"] = [dict(play) for play in entry["queue"]]
        log.append(entry)
    return {**trick, "plays": [dict(play) for play in trick["plays"]], "log": log}
