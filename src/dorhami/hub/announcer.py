"""What a table says to its sockets: the room message (coalesced for crowds), each seat's state
after a change, and a fresh state to the players whose seat changed hands.

Everything here runs inside the table's actor; the sockets' own queues are hub/fanout.py's.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Callable, Protocol

from ..engine import Event
from ..storage.records import RoomRecord
from .fanout import Outbound, Subscriber, encode, send_by_seat
from .services import TableEffects

# The room message goes out at most this often per room: a crowd joining or leaving costs each
# socket one message per interval, not one per join (which made 2,000 spectators N² work).
ROOM_EVERY_S = 0.2


class Speaker(TableEffects, Protocol):
    room: RoomRecord

    def room_public(self) -> dict: ...

    def snapshot(self, seat: int | None, events: list[Event] | None = None) -> dict: ...

    def seat_of(self, player_id: str | None) -> int | None: ...


class Announcer:
    """The sockets of one table, told what changed."""

    def __init__(self, subscribers: set[Subscriber], room_changed: Callable[[RoomRecord, dict], None],
                 table: Speaker) -> None:
        self.subscribers, self.room_changed = subscribers, room_changed
        self.table = table  # the table's weak proxy (hub/services.py): it holds us
        self.room_sent = 0.0                                 # monotonic time of the last room message
        self.room_due: asyncio.TimerHandle | None = None     # the next one, when one is held back

    def send_all(self, message: Any) -> None:
        for sub in list(self.subscribers):
            sub.send(message)

    def refresh(self, players: set[str | None]) -> None:
        """These players' sockets get their seat's state again (their seat changed hands)."""
        for sub in list(self.subscribers):
            if sub.player_id in players:
                sub.send(self.table.snapshot(self.table.seat_of(sub.player_id)))

    def state(self, seats: dict[str, int], events: list[Event]) -> None:
        """Every socket gets its seat's state after a change (`seats`: player id → seat)."""
        send_by_seat(self.subscribers, seats, lambda seat: self.table.snapshot(seat, events))

    def room(self, crowd: bool = False) -> bool:
        """Every socket hears the room again, now (True). A socket coming or going (`crowd`) is
        heard now only if the room was last sent ROOM_EVERY_S ago or more; else once that interval
        ends, with every change made meanwhile: a crowd's joins cost a message per interval."""
        if crowd:
            if self.room_due is not None:
                return False  # already held back; it will carry this change too
            wait = self.room_sent + ROOM_EVERY_S - time.monotonic()
            if wait > 0:
                self.room_due = asyncio.get_running_loop().call_later(wait, self.table.post, self._due)
                return False
        elif self.room_due is not None:
            self.room_due.cancel()  # this message carries what it held back
            self.room_due = None
        self._send_room()
        return True

    async def _due(self) -> None:
        self.room_due = None
        self._send_room()

    def _send_room(self) -> None:
        self.room_sent = time.monotonic()
        public = self.table.room_public()
        self.send_all(Outbound(encode({"type": "room", "room": public})))
        self.room_changed(self.table.room, public)

    def cancel(self) -> None:
        if self.room_due is not None:
            self.room_due.cancel()
