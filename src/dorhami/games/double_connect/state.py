"""Double Connect's action (the claim of §4.4), its phases and the shape of its state."""

from __future__ import annotations

from typing import Any, NamedTuple, TypedDict, TypeGuard, cast

from dorhami.engine import IllegalAction

from .components import CARD_COUNT, SYMBOL_COUNT

# §4.3 phases.
COUNTDOWN = "countdown"
PLAYING = "playing"
FINAL_CHANCE = "final_chance"
FINISHED = "finished"
CLAIMING_PHASES = (PLAYING, FINAL_CHANCE)

# §4.5 / §5 finish reasons.
FINAL_CHANCE_OVER = "final_chance_over"
ALL_HANDS_EMPTY = "all_hands_empty"
FIRST_OUT = "first_out"
TIME_LIMIT = "time_limit"


# -- the claim (§4.4) --------------------------------------------------------------------------


class Claim(NamedTuple):
    """`claim(card, target, symbol)`: my card goes on tower card `target`, matching `symbol`."""

    card: int
    target: int
    symbol: int


def _is_id(value: object, count: int) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < count


def parse_claim(action: dict[str, Any]) -> Claim:
    """R1: the claim's three integers, or IllegalAction('malformed')."""
    card, target, symbol = action.get("card"), action.get("target"), action.get("symbol")
    if not (_is_id(card, CARD_COUNT) and _is_id(target, CARD_COUNT)):
        raise IllegalAction("malformed", f"expected card and target ids in 0..54, but got {card!r} and {target!r}")
    if not _is_id(symbol, SYMBOL_COUNT):
        raise IllegalAction("malformed", f"expected a symbol id in 0..56, but got {symbol!r}")
    return Claim(card, target, symbol)


# -- the state ------------------------------------------------------------------------------


class Arm(TypedDict):
    """A stack on the start card (§4.2); only its top card is open."""

    index: int
    team: int | None  # the placing seat's team in `teams`, else None
    cards: list[int]  # bottom first


class DoubleConnectState(TypedDict):
    """The whole game state; per-seat data are lists indexed by seat."""

    players: int
    config: dict[str, Any]
    seed: int  # secret (§7): never in a view
    team_count: int  # T; 1 in solo
    team_of: list[int] | None  # seat -> team (seat mod T) in `teams`, else None
    phase: str
    step: int
    clock: int  # now_ms of the latest apply, or due time of the latest timer
    seq: int  # §4.1: the engine numbers the claims it judges
    play_start: int
    time_up_at: int
    final_deadline: int | None
    hands: list[list[int]]
    pile: list[int]  # secret (§7): index 0 is the top
    start_card: int
    start_capacity: int
    arms: list[Arm]
    locked_until: list[int]
    wrong_claims: list[int]
    placed: list[int]
    emptied_at: list[list[int] | None]  # [t, seq]
    empty_order: list[int]
    reason: str | None
    finished_at: int | None


# -- queries on the state (the tower of §4.2) -------------------------------------------------


def is_teams(config: dict[str, Any]) -> bool:
    return cast("bool", config["mode"] == "teams")


def is_own_team(config: dict[str, Any]) -> bool:
    """§6 rule 3: `team_targets` only matters in `teams` mode."""
    return is_teams(config) and config["team_targets"] == "own_team"


def start_card_covered(state: dict[str, Any]) -> bool:
    return cast("bool", len(state["arms"]) >= state["start_capacity"])


def active_targets(state: dict[str, Any]) -> list[int]:
    """The start card while not fully covered, then every arm top in arm order."""
    tops = [arm["cards"][-1] for arm in state["arms"]]
    return tops if start_card_covered(state) else [state["start_card"], *tops]


def available_targets(state: dict[str, Any], seat: int) -> list[int]:
    """The active targets this seat may use: all of them, or in `own_team` its team's only (D14)."""
    if not is_own_team(state["config"]):
        return active_targets(state)
    team = state["team_of"][seat]
    own = [arm for arm in state["arms"] if arm["team"] == team]
    quota_left = len(own) < state["config"]["team_start_slots"]
    start = [state["start_card"]] if quota_left and not start_card_covered(state) else []
    return start + [arm["cards"][-1] for arm in own]
