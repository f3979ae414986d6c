"""A table's chat verbs: who may read and write the room's chat, and the host's mutes (docs/CHAT.md).

What may be written (length, characters, reactions, rate) is hub/chat.py's; who may write is
decided here, from the seats, the host and the room's settings. A line never reaches the game: no
log row, no version, nothing the rules see. Everything here runs inside the table's actor.
"""

from __future__ import annotations

import logging
from functools import partial

from ..errors import ErrorCode
from ..storage import friends
from ..storage.records import RoomRecord
from ..storage.repository import Repository
from .chat import HISTORY_KEPT, Chat, Line, check_reaction, clean_text
from .errors import HubError
from .fanout import Outbound, encode
from .presence import Roster
from .seating import Seating
from .services import TableEffects, TableServices, verb
from .views import chat_settings

log = logging.getLogger(__name__)


class RoomChat:
    """The chat of one room: its recent lines (`chat`) and the verbs that change them."""

    def __init__(
        self, chat: Chat, seating: Seating, roster: Roster, services: TableServices, effects: TableEffects
    ) -> None:
        self.chat, self.seating, self.roster = chat, seating, roster
        self.clock, self.journal, self.store = services.clock, services.journal, services.store
        self.actor = self.effects = effects

    @property
    def room(self) -> RoomRecord:
        return self.seating.room

    def _may_write(self, player_id: str | None) -> None:
        """Players (a seat, or the host) write; spectators read unless the host let them write;
        a muted person writes nothing."""
        room = self.room
        if self.seating.seat_of(player_id) is None and player_id != room.host_id and not room.spectator_chat:
            raise HubError(
                ErrorCode.CHAT_SPECTATORS_OFF,
                "only the players chat in this room; the host may let spectators chat too",
            )
        if player_id is None:
            raise HubError(ErrorCode.CHAT_NEEDS_NAME, "choose a name to chat")
        if player_id in (room.muted or ()):
            raise HubError(ErrorCode.CHAT_MUTED, "the host muted you in this room")

    @verb
    async def chat_for(self, player_id: str) -> list[dict]:
        """The recent chat, for a reader the room already lets hear it: a seat, the host, or a
        spectator with a page of the room open. The link alone (a harvested code) reads nothing."""
        watching = self.roster.sockets.get(player_id, 0) > 0
        if self.seating.seat_of(player_id) is None and player_id != self.room.host_id and not watching:
            raise HubError(
                ErrorCode.CHAT_NOT_ALLOWED,
                "the chat is for the room's players and the people watching it; open the room to read it",
            )
        # Lines of people the reader blocked are left out (live lines: the client hides them).
        hidden = await self.store.run(friends.blocked_ids, self.store.engine, player_id)
        return [line for line in self.chat.history() if line["player"]["id"] not in hidden]

    @verb
    async def send_chat(self, player_id: str | None, kind: str, content: str) -> dict:
        """Store one line (`kind` "text") or reaction, then send it to every socket of the room."""
        self._may_write(player_id)
        assert player_id is not None
        body = clean_text(content) if kind == "text" else check_reaction(content)
        now = self.clock.now_ms()
        self.chat.check_rate(player_id, kind, now)
        name = await self._name(player_id)
        try:
            line_id = await self.journal.write(
                partial(
                    Repository.add_chat_in,
                    room_id=self.room.id,
                    player_id=player_id,
                    kind=kind,
                    body=body,
                    sent_ms=now,
                    keep=HISTORY_KEPT,
                ),
                self.effects.fence,
            )
        except Exception as exc:
            # Nothing in memory depends on it: the line is neither kept nor sent (if it landed
            # all the same, it shows the next time the room loads).
            log.warning("table %s: could not store a chat line (%s)", self.room.code, exc)
            raise HubError(ErrorCode.STORAGE_UNAVAILABLE, "the chat line could not be saved; try again") from exc
        self.chat.spend(player_id, kind, now)
        line = Line(line_id, player_id, name, kind, body, now)
        self.chat.add(line)
        self.effects.send_all(Outbound(encode({"type": "chat", "message": line.public()})))
        return line.public()

    async def _name(self, player_id: str) -> str:
        name = self.seating.names.get(player_id) or self.chat.authors.get(player_id)
        if name is None:  # a spectator the host let write: read once
            player = (await self.store.players({player_id})).get(player_id)
            name = self.chat.authors[player_id] = player.name if player else ""
        return name

    def rename(self, player_id: str, name: str) -> None:
        if self.chat.rename(player_id, name):
            # Lines already shown carry the old name: every socket gets the recent chat again.
            self.effects.send_all(Outbound(encode({"type": "chat_history", "messages": self.chat.history()})))

    @verb
    async def set_spectator_chat(self, player_id: str, allowed: bool) -> dict:
        self.seating.require_host(player_id)
        await self._save(allowed, list(self.room.muted or []))
        return chat_settings(self.room)

    @verb
    async def mute(self, player_id: str, target: str) -> dict:
        """The host mutes `target`: their lines are refused until unmuted (those sent stay)."""
        self.seating.require_host(player_id)
        if target == self.room.host_id:
            raise HubError(ErrorCode.CANNOT_MUTE_HOST, "the host cannot be muted")
        known = target in self.seating.names or target in self.chat.authors or self.roster.sockets.get(target)
        if not known:
            raise HubError(ErrorCode.PLAYER_NOT_IN_ROOM, "no such player is in this room")
        muted = list(self.room.muted or [])
        if target not in muted:
            await self._save(bool(self.room.spectator_chat), [*muted, target])
        return chat_settings(self.room)

    @verb
    async def unmute(self, player_id: str, target: str) -> dict:
        self.seating.require_host(player_id)
        muted = list(self.room.muted or [])
        if target in muted:
            await self._save(bool(self.room.spectator_chat), [m for m in muted if m != target])
        return chat_settings(self.room)

    async def _save(self, spectator_chat: bool, muted: list[str]) -> None:
        try:
            await self.journal.write(
                partial(
                    Repository.set_chat_settings_in, room_id=self.room.id, spectator_chat=spectator_chat, muted=muted
                ),
                self.effects.fence,
            )
        except Exception as exc:
            raise self.effects.in_doubt("its chat settings", exc) from exc
        self.room.spectator_chat, self.room.muted = spectator_chat, muted or None
        self.effects.broadcast_room()
