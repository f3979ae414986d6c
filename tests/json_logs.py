"""Capture one logger's lines as the server writes them: JSON, formatted as each is logged, so the
room and game of its context are the ones in force at that moment."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager

from dorhami.logs import JsonFormatter


@contextmanager
def json_lines(name: str) -> Iterator[list[dict]]:
    """The lines `name` logs inside the block, parsed, in the list yielded (filled at its end)."""
    stream, lines = io.StringIO(), []
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger(name)
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        yield lines
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
        lines.extend(json.loads(line) for line in stream.getvalue().splitlines())
