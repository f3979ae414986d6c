"""Fan-out: what a table sends, encoded once, queued per socket without ever blocking the table.

A change is seen by a handful of seat classes (each seat, and every spectator alike), however
many sockets watch it. Each class's message is built (view, legal actions, events) and encoded
once per version, and the same text goes to every socket of that class.
"""

from __future__ import annotations

import asyncio
import itertools
from typing import Callable, Iterable

import orjson

_CLOSE = object()
_socket_ids = itertools.count(1)


def encode(message: dict) -> str:
    """JSON text of an outbound message: orjson, several times faster than json; int keys (seat
    numbers, as in `presence`) become strings as json would make them."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


class Subscriber:
    """One socket watching a table: a bounded send queue, so a slow socket never blocks the table."""

    def __init__(self, player_id: str | None, limit: int) -> None:
        self.id = next(_socket_ids)
        self.player_id = player_id
        self.queue: asyncio.Queue = asyncio.Queue(limit)
        self.closed_reason: str | None = None

    def send(self, message: dict | str) -> None:
        if self.closed_reason:
            return
        text = message if isinstance(message, str) else encode(message)
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close("too slow: the send queue is full")

    def close(self, reason: str) -> None:
        self.closed_reason = reason
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(_CLOSE)

    async def next(self) -> str | None:
        """The next text to send, or None when the socket must be closed."""
        item = await self.queue.get()
        return None if item is _CLOSE else item


def send_by_seat(subscribers: Iterable[Subscriber], seats: dict[str, int],
                 message_for: Callable[[int | None], dict]) -> int:
    """Send every subscriber the message of its seat (`seats`: player id → seat; others watch).

    Returns how many messages were built, one per seat class that has a socket."""
    texts: dict[int | None, str] = {}
    for sub in list(subscribers):
        seat = seats.get(sub.player_id)
        text = texts.get(seat)
        if text is None:
            text = texts[seat] = encode(message_for(seat))
        sub.send(text)
    return len(texts)
