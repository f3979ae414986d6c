"""Player sessions: each bearer token a player holds is one session, with a row of its own.

A session begins when a browser creates the player (`created`) or restores it with its recovery
code (`restored`). It ends when its player ends it, when the player replaces or forgets the
recovery code (and does not keep the others), or when it went unused for `session_idle_days`.
The token is stored only as its SHA-256; nothing the client sends is kept (no user agent, no
address). `last_used_ms` is written at most once an hour per session: every request resolves its
token, and that path should only read.
"""

from __future__ import annotations

import secrets
import time
import uuid
from typing import Literal, NamedTuple

from .records import PlayerRecord

DAY_MS = 86_400_000
# How stale `last_used_ms` may get before a request stamps it again: at most one write an hour per
# session, so idle expiry is exact to within the hour.
TOUCH_EVERY_MS = 3_600_000
Origin = Literal["created", "restored"]


class SessionExpired(Exception):
    """A token whose session went unused longer than the idle limit; the session is gone now."""


class SignedIn(NamedTuple):
    """Whose a token is, and which of their sessions it opens."""

    player: PlayerRecord
    session_id: str


def new_token() -> str:
    return secrets.token_urlsafe(32)


def new_id() -> str:
    """A session's public id: random, so it tells nothing of its token or of other sessions."""
    return uuid.uuid4().hex


def wall_ms() -> int:
    return time.time_ns() // 1_000_000


def idle_limit_ms(days: int) -> int:
    """`session_idle_days` in ms; 0 (or less) means sessions never expire."""
    return days * DAY_MS if days > 0 else 0


def is_idle(last_used_ms: int, now_ms: int, idle_ms: int) -> bool:
    return idle_ms > 0 and now_ms - last_used_ms > idle_ms


def needs_touch(last_used_ms: int, now_ms: int) -> bool:
    return now_ms - last_used_ms >= TOUCH_EVERY_MS
