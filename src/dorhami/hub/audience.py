"""A table's audience: the sockets that come and go, and what they hear — the room message
(coalesced for crowds), each seat's state after a change, a fresh state to the players whose seat
changed hands — and which of them have gone silent.

A link can die without a close (a phone in a tunnel, a NAT that forgot it): a player's watched
socket (`watch`) that sends nothing for SILENT_MS counts as dropped, as if it had closed, so
presence and stand-ins follow; its first frame after that brings it back. Any socket quiet for
QUIET_MS is probed (`{"type":"ping","id":k}`, answered by a pong): a live one is never quiet long.

Everything here runs inside the table's actor, but for `watch`, `heard` and the watch loop, which
only post their verdicts to it; the sockets' own queues are hub/fanout.py's.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Callable
from typing import Any, Protocol

from ..engine import Event, events_for
from ..storage.records import RoomRecord
from . import messages
from .chat import Chat
from .errors import ErrorCode, HubError
from .fanout import Outbound, Shown, StateOut, Subscriber, encode, send_states
from .leavers import StandIns
from .presence import Roster
from .services import TableEffects, TableServices, verb

# The room message goes out at most this often per room: a crowd joining or leaving costs each
# socket one message per interval, not one per join (which made 2,000 spectators N² work).
ROOM_EVERY_S = 0.2
SOCKETS_PER_PLAYER = 8  # a phone, a laptop and a few tabs; not a script opening thousands
SILENT_MS = 10_000  # a player's watched socket that sends nothing this long counts as dropped
# A watched socket quiet this long is probed, at most this often: about one small frame per socket
# every few seconds. The race window's measured sockets are left to its own, quicker probes.
QUIET_MS = 3_000
WATCH_EVERY_MS = 1_000  # how often the watch looks (and sooner, when a socket's silence is due)


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
        self.watcher: asyncio.Task | None = None
        self.probe_ids = itertools.count(1)
        self.shown: Shown = {}  # each seat class's last state body, which the next patch starts from

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
            self._full_state(seat, table.snapshot(seat)).send(sub)

    @verb
    async def unsubscribe(self, sub: Subscriber) -> None:
        self.subscribers.discard(sub)
        self.roster.disconnect(sub.player_id, sub.id, self.clock.now_ms())
        self._dropped(sub)

    def _dropped(self, sub: Subscriber) -> None:
        """`sub` closed or went silent: stand-ins are planned again, and presence is news."""
        self.leavers.plan()
        self.room(crowd=self.table.seat_of(sub.player_id) is None)
        if sub.player_id is not None:
            # When the grace period ends, "reconnecting" becomes "away": everyone must hear it.
            asyncio.get_running_loop().call_later(self.roster.grace_ms / 1000, self.table.post, self._announce)

    # -- silence: a link that died without a close ------------------------------------------

    def watch(self, sub: Subscriber) -> None:
        """Judge `sub` by what it sends from now on (a socket route calls this once subscribed)."""
        sub.heard_ms = self.clock.now_ms()
        if self.watcher is None or self.watcher.done():
            self.watcher = asyncio.create_task(self._keep_watch())

    def heard(self, sub: Subscriber, now_ms: int) -> None:
        """A frame came from `sub` at `now_ms`: if it had gone silent, it is back."""
        sub.heard_ms = now_ms
        if sub.id in self.roster.silent:
            self.table.post(self._revive, sub)

    async def _keep_watch(self) -> None:
        while not self.table.retired:
            watched = [(sub, sub.heard_ms) for sub in self.subscribers if sub.heard_ms is not None]
            if not watched:
                return
            now = self.clock.now_ms()
            self._probe_quiet(watched, now)
            # Only a player's silence is news: a watcher's socket is counted until it closes.
            players = [(sub, heard) for sub, heard in watched if sub.player_id is not None]
            silent = [sub for sub, heard in players if now - heard >= SILENT_MS and sub.id not in self.roster.silent]
            if silent:
                self.table.post(self._silence, silent)
            due = [heard + SILENT_MS for _, heard in players if heard + SILENT_MS > now]
            await self.clock.sleep_until(min([now + WATCH_EVERY_MS, *due]))

    def _probe_quiet(self, watched: list[tuple[Subscriber, int]], now: int) -> None:
        """One probe frame, the same for every socket quiet for QUIET_MS and not probed as long."""
        probe: Outbound | None = None
        for sub, heard in watched:
            if sub.meter is None and now - heard >= QUIET_MS and now - sub.probed_ms >= QUIET_MS:
                probe = probe or Outbound(encode({"type": "ping", "id": next(self.probe_ids)}))
                sub.probed_ms = now
                sub.send(probe)

    async def _silence(self, subs: list[Subscriber]) -> None:
        now = self.clock.now_ms()
        for sub in subs:
            heard = sub.heard_ms
            if sub not in self.subscribers or heard is None or now - heard < SILENT_MS:
                continue  # closed, or it spoke while this waited in the actor's queue
            if self.roster.silence(sub.player_id, sub.id, now):
                self._dropped(sub)

    async def _revive(self, sub: Subscriber) -> None:
        if sub in self.subscribers and self.roster.revive(sub.player_id, sub.id):
            self.table.seen(sub.player_id)
            self.room(crowd=self.table.seat_of(sub.player_id) is None)

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
        views: dict[int | None, StateOut] = {}  # one view per seat, not per socket
        for sub in list(self.subscribers):
            if sub.player_id in players:
                seat = self.table.seat_of(sub.player_id)
                if seat not in views:
                    views[seat] = self._full_state(seat, self.table.snapshot(seat))
                views[seat].send(sub)

    def _full_state(self, seat: int | None, message: dict) -> StateOut:
        out = self.shown[seat] = StateOut(message, None)
        return out

    def state(self, seats: dict[str, int], events: list[Event]) -> None:
        """Every socket gets its seat's state after a change (`seats`: player id → seat), as a
        patch where it takes them (hub/fanout.py)."""
        send_states(self.subscribers, seats, lambda seat: self.table.snapshot(seat, events), self.shown)

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
        if self.watcher is not None:
            self.watcher.cancel()
