"""A table's audience: the sockets that come and go, and what they hear — the room message
(coalesced for crowds), each seat's state after a change, a fresh state to the players whose seat
changed hands.

Everything here runs inside the table's actor; the sockets' own queues are hub/fanout.py's.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any, Protocol

from ..engine import Event, events_for
from ..storage.records import RoomRecord
from . import messages
from .chat import Chat
from .errors import ErrorCode, HubError
from .fanout import Outbound, Subscriber, encode, send_by_seat
from .leavers import StandIns
from .presence import Roster
from .services import TableEffects, TableServices, verb

# The room message goes out at most this often per room: a crowd joining or leaving costs each
# socket one message per interval, not one per join (which made 2,000 spectators N² work).
ROOM_EVERY_S = 0.2
SOCKETS_PER_PLAYER = 8  # a phone, a laptop and a few tabs; not a script opening thousands


class Speaker(TableEffects, Protocol):
    room: RoomRecord

    def room_public(self) -> dict: ...

    def snapshot(self, seat: int | None, events: list[Event] | None = None) -> dict: ...

    def seat_of(self, player_id: str | None) -> int | None: ...

    def seen(self, player_id: str | None) -> None: ...


class Audience:
    """The sockets of one table, and what they are told."""

    def __init__(self, roster: Roster, chat: Chat, leavers: StandIns, services: TableServices, table: Speaker) -> None:
        self.subscribers: set[Subscriber] = set()
        self.roster, self.chat, self.leavers, self.clock = roster, chat, leavers, services.clock
        self.room_changed: Callable[[RoomRecord, dict], None] = services.room_changed
        self.spectators_cap = services.settings.anonymous_sockets_per_room
        self.actor = self.table = table  # the table's weak proxy (hub/services.py): it holds us
        self.room_sent = 0.0  # monotonic time of the last room message
        self.room_due: asyncio.TimerHandle | None = None  # the next one, when one is held back

    @verb
    async def subscribe(self, sub: Subscriber) -> None:
        """Add a socket; send it the room and, if there is a game, its move log and full state."""
        table, roster = self.table, self.roster
        if sub.player_id is not None and roster.sockets.get(sub.player_id, 0) >= SOCKETS_PER_PLAYER:
            raise HubError(
                ErrorCode.TOO_MANY_SOCKETS,
                f"you already have {SOCKETS_PER_PLAYER} connections to this room; close a tab first",
            )
        if sub.player_id is None and roster.spectators >= self.spectators_cap:
            raise HubError(
                ErrorCode.TOO_MANY_SPECTATORS,
                "this room has as many anonymous watchers as it takes; choose a name to watch",
            )
        self.subscribers.add(sub)
        roster.connect(sub.player_id)
        table.seen(sub.player_id)
        # A watcher is one of a crowd: the others hear of it within the interval (it, at once); a
        # seated player's presence is news for everyone now.
        seat = table.seat_of(sub.player_id)
        if not self.room(crowd=seat is None):
            sub.send({"type": "room", "room": table.room_public()})
        if self.chat.lines:
            sub.send({"type": "chat_history", "messages": self.chat.history()})
        if game := table.game:
            sub.send(messages.history(game.id, [(v, events_for(e, seat)) for v, e in game.history]))
            sub.send(table.snapshot(seat))

    @verb
    async def unsubscribe(self, sub: Subscriber) -> None:
        self.subscribers.discard(sub)
        self.roster.disconnect(sub.player_id, sub.id, self.clock.now_ms())
        self.leavers.plan()
        self.room(crowd=self.table.seat_of(sub.player_id) is None)
        if sub.player_id is not None:
            # When the grace period ends, "reconnecting" becomes "away": everyone must hear it.
            asyncio.get_running_loop().call_later(self.roster.grace_ms / 1000, self.table.post, self._announce)

    @verb
    async def set_hidden(self, sub: Subscriber, hidden: bool) -> None:
        """The socket's page went out of view (or came back)."""
        self.roster.set_hidden(sub.player_id, sub.id, hidden)
        self.room()

    async def _announce(self) -> None:
        self.room()

    def close_all(self, why: str) -> None:
        for sub in list(self.subscribers):
            sub.close(why)

    def send_all(self, message: Any) -> None:
        for sub in list(self.subscribers):
            sub.send(message)

    def refresh(self, players: set[str | None]) -> None:
        """These players' sockets get their seat's state again (their seat changed hands)."""
        views: dict[int | None, dict[str, Any]] = {}  # one view per seat, not per socket
        for sub in list(self.subscribers):
            if sub.player_id in players:
                seat = self.table.seat_of(sub.player_id)
                if seat not in views:
                    views[seat] = self.table.snapshot(seat)
                sub.send(views[seat])

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
