"""Games at the players' pace: a room is `live` (everyone at once) or `daily` (a turn of hours).

A daily room's turn of hours is written into the config keys the engine names (`Engine.turn_keys`),
so its deadlines and what a timeout plays stay the rules' own, as in a live game. Here: the pace's
options and how a room's config takes them, and the bounds; hub/turns.py is what a table does with
them (whose turn it is, reminders, notices). docs/PACE.md tells the whole story.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import Engine, IllegalAction, State
from ..engine.contract import is_daily_turn
from ..errors import ErrorCode
from ..push.notifier import Notice
from ..storage import daily
from .errors import HubError

PACE, TURN = "pace", "turn_hours"
PACES = ("live", "daily")
TURN_HOURS = (1, 12, 24, 72)
DEFAULT_TURN_HOURS = 24
# Daily rooms (waiting or playing) one player may sit in or host at once: a day's worth of turns
# for a keen player, and a bound on what one identity makes the server keep and remind.
MAX_DAILY_GAMES = 30
# A daily room waits this long for its players before it expires (a live one, the settings' hour).
DAILY_WAITING_TTL_S = 3 * 24 * 3600
LIVE_NOTICE_GAP_MS = 60_000
HOUR_MS = 3_600_000

Notify = Callable[[str, Notice], None]


def has_daily(engine: Engine) -> bool:
    return bool(engine.turn_keys)


def options(engine: Engine) -> dict[str, Any]:
    """The table's pace options of a game, with their defaults (the engine never sees them)."""
    return {PACE: "live", TURN: DEFAULT_TURN_HOURS} if has_daily(engine) else {}


def option_forms(engine: Engine) -> dict[str, dict]:
    if not has_daily(engine):
        return {}
    return {
        PACE: {"choices": list(PACES)},
        TURN: {"choices": list(TURN_HOURS), "when": {PACE: ["daily"]}},
    }


def gated(engine: Engine, forms: dict[str, dict]) -> dict[str, dict]:
    """The rules' form with the keys a daily pace sets (the timers) shown only in a live room."""
    daily_keys = {*engine.turn_keys, *engine.daily_config}
    return {
        key: {**form, "when": {**form.get("when", {}), PACE: ["live"]}} if key in daily_keys else form
        for key, form in forms.items()
    }


def check_option(key: str, value: Any) -> None:
    """Refuse a pace option's bad value with `invalid_config`."""
    allowed = PACES if key == PACE else TURN_HOURS
    if not any(value == choice and type(value) is type(choice) for choice in allowed):
        expected = " or ".join(repr(choice) for choice in allowed)
        raise IllegalAction(ErrorCode.INVALID_CONFIG, f"expected {key} {expected}, but got {value!r}")


def paced_config(engine: Engine, rules: dict, table: dict) -> dict:
    """The rules' config of a room at its pace: a daily room's turn in every turn key of the engine,
    with the timers it needs on. A live room may not ask for a daily turn's length by itself: its
    table would never sleep, nor remind anyone."""
    if table.get(PACE) != "daily":
        for key in engine.turn_keys:
            if is_daily_turn(rules.get(key)):
                raise IllegalAction(ErrorCode.INVALID_CONFIG, f"a {key} of hours needs the daily pace")
        return rules
    turn_s = table[TURN] * 3600
    return engine.validate_config({**rules, **engine.daily_config, **dict.fromkeys(engine.turn_keys, turn_s)})


async def check_daily_bound(store: Any, player_id: str) -> None:
    """Refuse one more daily room (to host or to sit in) to a player who has MAX_DAILY_GAMES."""
    if await store.run(daily.daily_games_of, store.engine, player_id) >= MAX_DAILY_GAMES:
        raise HubError(
            ErrorCode.TOO_MANY_DAILY_GAMES,
            f"you are already in {MAX_DAILY_GAMES} daily games; finish one before you start or join another",
        )


def turn_ms(table: dict) -> int:
    return int(table.get(TURN, DEFAULT_TURN_HOURS)) * HOUR_MS


def reminder_lead_ms(turn: int) -> int:
    """How long before a daily deadline its reminder goes: a quarter of the turn, at most 12 hours
    (15 minutes of an hour's turn, 6 hours of a day's, 12 of three days')."""
    return min(turn // 4, 12 * HOUR_MS)


def to_move(engine: Engine, state: State, players: int, legal: Callable[[State, int], list] | None = None) -> list[int]:
    """The seats that have something to do now (none once the game is over); `legal` asks for a
    seat's legal actions where they are remembered (hub/live_game.py `LiveGame.legal`)."""
    if engine.result(state) is not None:
        return []
    legal = legal or engine.legal_actions
    return [seat for seat in range(players) if legal(state, seat)]
