"""Structured logs: one JSON object per line, with the room and game it concerns.

The standard library's logging with a JSON formatter: every log call already goes through it
(ours, uvicorn's, SQLAlchemy's), so nothing new is needed at the call sites. A table's actor sets
the room and game in context variables, which the tasks it starts (timers, bots) inherit, so a
line logged anywhere inside a table names them. Tokens never reach a log line: no code logs a
request's headers or a socket's hello, and the access log has only paths
(tests/api/test_tokens.py checks both).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime

room_code: ContextVar[str | None] = ContextVar("room_code", default=None)
game_id: ContextVar[int | None] = ContextVar("game_id", default=None)
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


@contextmanager
def about(room: str | None, game: int | None = None) -> Iterator[None]:
    """Lines logged inside name `room` and `game`: for code about one table that runs outside its
    actor (the lease heartbeat, the hub)."""
    room_token, game_token = room_code.set(room), game_id.set(game)
    try:
        yield
    finally:
        room_code.reset(room_token)
        game_id.reset(game_token)


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "room": room_code.get(),
            "game_id": game_id.get(),
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def configure(style: str = "json") -> None:
    """Root logging at INFO, as JSON lines or, with style "text" (DORHAMI_LOG_FORMAT=text,
    Settings.log_format), plain text."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter(TEXT_FORMAT) if style == "text" else JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        # uvicorn's loggers pass their lines to the root's one handler instead of their own.
        logging.getLogger(name).handlers.clear()
        logging.getLogger(name).propagate = True
