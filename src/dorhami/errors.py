"""Every error code the server sends, with its HTTP status: one vocabulary for REST, sockets and the client.

A refusal is `{"code", "message"}` over REST (with the status below) and `{"type": "error", "code",
"message"}` on a socket. The client words each code in Persian and English (static/js/i18n/<lang>/err.js;
tests/client/test_error_texts.py fails on a code without a text). The games' own refusals
(IllegalAction codes such as `not_your_turn`) keep their codes and live in the rules (the engine layer
imports nothing above it); `rules_status` says which status they get over REST.
"""

from __future__ import annotations

from enum import StrEnum


class ErrorCode(StrEnum):
    """A stable error code and the HTTP status it is sent with."""

    status: int

    def __new__(cls, code: str, status: int) -> ErrorCode:
        member = str.__new__(cls, code)
        member._value_ = code
        member.status = status
        return member

    # -- who you are -----------------------------------------------------------------------
    AUTH_REQUIRED = "auth_required", 401
    INVALID_TOKEN = "invalid_token", 401
    SESSION_EXPIRED = "session_expired", 401
    INVALID_RECOVERY_CODE = "invalid_recovery_code", 401
    NO_SUCH_SESSION = "no_such_session", 404
    PLAYER_NOT_FOUND = "player_not_found", 404
    # -- notifications (push/, docs/NOTIFICATIONS.md) ---------------------------------------
    PUSH_ENDPOINT_REFUSED = "push_endpoint_refused", 422
    PUSH_KEYS_INVALID = "push_keys_invalid", 422
    NO_SUCH_DEVICE = "no_such_device", 404
    INVALID_TIME_ZONE = "invalid_time_zone", 422
    INVALID_QUIET_HOURS = "invalid_quiet_hours", 422
    UNKNOWN_NOTICE_KIND = "unknown_notice_kind", 422
    # -- rooms and seats -------------------------------------------------------------------
    ROOM_NOT_FOUND = "room_not_found", 404
    TOO_MANY_ROOMS = "too_many_rooms", 409
    TOO_MANY_DAILY_GAMES = "too_many_daily_games", 409
    NOT_HOST = "not_host", 403
    HOST_AWAY = "host_away", 403
    GAME_RUNNING = "game_running", 409
    ROOM_FULL = "room_full", 409
    INVALID_LEVEL = "invalid_level", 400
    SEAT_TAKEN = "seat_taken", 409
    SEAT_EMPTY = "seat_empty", 409
    NO_SUCH_SEAT = "no_such_seat", 409
    NOT_SEATED = "not_seated", 409
    NOT_FINISHED = "not_finished", 409
    ALREADY_STARTED = "already_started", 409
    WRONG_PLAYER_COUNT = "wrong_player_count", 409
    NOT_STARTED = "not_started", 409
    TOO_MANY_SOCKETS = "too_many_sockets", 409
    TOO_MANY_SPECTATORS = "too_many_spectators", 409
    # -- rescue ----------------------------------------------------------------------------
    NOT_PLAYING = "not_playing", 409
    ALREADY_SEATED = "already_seated", 409
    SEAT_NOT_ABANDONED = "seat_not_abandoned", 409
    RESCUE_PENDING = "rescue_pending", 409
    NO_RESCUE_REQUEST = "no_rescue_request", 409
    # -- chat ------------------------------------------------------------------------------
    CHAT_EMPTY = "chat_empty", 400
    CHAT_TOO_LONG = "chat_too_long", 400
    UNKNOWN_REACTION = "unknown_reaction", 400
    CHAT_RATE_LIMITED = "chat_rate_limited", 429
    CHAT_SPECTATORS_OFF = "chat_spectators_off", 403
    CHAT_NEEDS_NAME = "chat_needs_name", 403
    CHAT_MUTED = "chat_muted", 403
    CHAT_NOT_ALLOWED = "chat_not_allowed", 403
    CANNOT_MUTE_HOST = "cannot_mute_host", 409
    PLAYER_NOT_IN_ROOM = "player_not_in_room", 404
    # -- friends, blocks and invitations (docs/FRIENDS.md) ------------------------------------
    CANNOT_BEFRIEND_SELF = "cannot_befriend_self", 409
    NOT_WELCOME = "not_welcome", 403
    PLAYER_BLOCKED = "player_blocked", 409
    NO_SUCH_FRIEND = "no_such_friend", 404
    TOO_MANY_FRIENDS = "too_many_friends", 409
    NOT_A_FRIEND = "not_a_friend", 403
    CANNOT_INVITE = "cannot_invite", 403
    TOO_MANY_INVITATIONS = "too_many_invitations", 409
    NO_SUCH_INVITATION = "no_such_invitation", 404
    INVITATION_CLOSED = "invitation_closed", 409
    # -- games, replays and checks ---------------------------------------------------------
    UNKNOWN_GAME = "unknown_game", 404
    NO_SUCH_GAME = "no_such_game", 404
    NO_TUTORIAL = "no_tutorial", 404
    NO_SUCH_STEP = "no_such_step", 404
    NOT_YOUR_SEAT = "not_your_seat", 403
    GAME_OVER = "game_over", 409
    STALE_VERSION = "stale_version", 409
    INVALID_ACTION = "invalid_action", 409
    INVALID_CONFIG = "invalid_config", 400
    BAD_TOKEN = "bad_token", 400
    # -- the socket ------------------------------------------------------------------------
    INVALID_MESSAGE = "invalid_message", 400
    TEXT_ONLY = "text_only", 400
    ALREADY_GREETED = "already_greeted", 409
    # -- limits and the server -------------------------------------------------------------
    RATE_LIMITED = "rate_limited", 429
    TOO_LARGE = "too_large", 413
    TOO_SLOW = "too_slow", 408
    INVALID_REQUEST = "invalid_request", 422
    NOT_FOUND = "not_found", 404
    METHOD_NOT_ALLOWED = "method_not_allowed", 405
    FORBIDDEN = "forbidden", 403
    HTTP_ERROR = "http_error", 400
    TRY_AGAIN = "try_again", 503
    TABLE_ELSEWHERE = "table_elsewhere", 503
    STORAGE_UNAVAILABLE = "storage_unavailable", 503
    INTERNAL_ERROR = "internal_error", 500


# The games' refusals that say the request is malformed (400), not that the game refuses it now (409).
BAD_REQUEST_RULES = frozenset(
    {"unknown_action", "malformed", "invalid_config", "invalid_players", "bad_token", "no_such_seat"}
)


def rules_status(code: str) -> int:
    """The HTTP status of a refusal by the rules (an IllegalAction), by its code."""
    if code == ErrorCode.UNKNOWN_GAME:
        return ErrorCode.UNKNOWN_GAME.status
    return 400 if code in BAD_REQUEST_RULES else 409


# An action that is no action of the game (its shape) is the client's fault, not the game's moment.
MALFORMED_ACTION = frozenset({"unknown_action", "malformed"})


def action_status(code: str) -> int:
    """The HTTP status of an action's refusal over REST (POST /api/rooms/{code}/actions)."""
    return 400 if code in MALFORMED_ACTION else 409


# HTTP errors raised by the framework (Starlette's HTTPException), by status.
HTTP_CODES = {
    404: ErrorCode.NOT_FOUND,
    405: ErrorCode.METHOD_NOT_ALLOWED,
    401: ErrorCode.AUTH_REQUIRED,
    403: ErrorCode.FORBIDDEN,
    408: ErrorCode.TOO_SLOW,
    413: ErrorCode.TOO_LARGE,
}
