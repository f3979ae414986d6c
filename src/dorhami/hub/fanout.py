"""Fan-out: what a table sends, encoded once, queued per socket without ever blocking the table.

A change is seen by a handful of seat classes (each seat, and every spectator alike), however
many sockets watch it. Each class's message is built (view, legal actions, events) and encoded
once per version, and the same text goes to every socket of that class.
"""

from __future__ import annotations

import asyncio
import itertools
from collections import deque
from typing import Callable, Iterable

import orjson

_CLOSE = object()
_socket_ids = itertools.count(1)


def encode(message: dict) -> str:
    """JSON text of an outbound message: orjson, several times faster than json; int keys (seat
    numbers, as in `presence`) become strings as json would make them."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


class Subscriber:
    """One socket watching a table: a bounded send queue, so a slow socket never blocks the table.

    A deque and one waiter rather than an asyncio.Queue: thousands of idle sockets each keep one,
    and a Queue's three deques and its Event cost more than the socket's own protocol state."""

    __slots__ = ("id", "player_id", "limit", "items", "waiter", "closed_reason")

    def __init__(self, player_id: str | None, limit: int) -> None:
        self.id = next(_socket_ids)
        self.player_id = player_id
        self.limit = limit
        self.items: deque = deque()
        self.waiter: asyncio.Future | None = None
        self.closed_reason: str | None = None

    def send(self, message: dict | str) -> None:
        if self.closed_reason:
            return
        if len(self.items) >= self.limit:
            self.close("too slow: the send queue is full")
            return
        self.items.append(message if isinstance(message, str) else encode(message))
        self._wake()

    def close(self, reason: str) -> None:
        self.closed_reason = reason
        self.items.clear()
        self.items.append(_CLOSE)
        self._wake()

    def _wake(self) -> None:
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    def pending(self) -> int:
        """Messages queued and not yet sent."""
        return len(self.items)

    async def next(self) -> str | None:
        """The next text to send, or None when the socket must be closed."""
        while not self.items:
            self.waiter = asyncio.get_running_loop().create_future()
            try:
                await self.waiter
            finally:
                self.waiter = None
        item = self.items.popleft()
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
