"""Leavers: a bot stands in for a seated player gone longer than the room's `reconnect_grace_s`.

Gone means no socket and no request (a REST client reading the game is at the table as much as a
socket). The stand-in plays with the game's strategy until any sign of life from the player, when
the seat is theirs again at once. Leaving on purpose is different: `Seating.leave` hands the seat to
a bot for good. Everything here runs inside the table's actor.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from ..storage.records import RoomRecord
from .presence import Roster
from .services import Clock, TableEffects

if TYPE_CHECKING:
    from .seating import Seating

log = logging.getLogger(__name__)


class StandIns:
    """The seats of one table that a bot plays until their players return."""

    def __init__(self, room: RoomRecord, seating: Seating, roster: Roster, clock: Clock, effects: TableEffects) -> None:
        self.room, self.seating, self.roster, self.clock = room, seating, roster, clock
        self.effects = effects  # the table's weak proxy (hub/services.py): it holds us
        self.seats: set[int] = set()
        self.last_seen: dict[str, int] = {}  # player -> the last sign of life, server ms
        self.check: asyncio.Task | None = None

    def seen(self, player_id: str | None) -> bool:
        """A sign of life from `player_id`; True when it ends a stand-in (the seat is theirs again)."""
        seat = self.seating.seat_of(player_id)
        if seat is None or player_id is None:
            return False  # spectators are not waited for
        self.last_seen[player_id] = self.clock.now_ms()
        if seat not in self.seats:
            return False
        self.seats.discard(seat)
        return True

    def all_seen(self) -> None:
        """Every seated player gets the whole grace from now (a game starts, or resumes after a
        restart that nobody is connected to yet)."""
        now = self.clock.now_ms()
        for record in self.seating.seats.values():
            if record.player_id and not record.bot_level:
                self.last_seen[record.player_id] = now
        self.plan()

    def gone_since(self, player_id: str) -> int | None:
        """Since when `player_id` has been gone, or None while one of their sockets is open."""
        roster = self.roster
        if roster.sockets.get(player_id):
            return None
        return max(self.last_seen.get(player_id, 0), roster.dropped_at.get(player_id, 0))

    def absent(self) -> dict[int, int]:
        """Seat -> since when its player has been gone, for the people seats not stood in for yet."""
        return {
            seat: since
            for seat, record in self.seating.seats.items()
            if record.player_id
            and not record.bot_level
            and seat not in self.seats
            and (since := self.gone_since(record.player_id)) is not None
        }

    def take_over(self) -> bool:
        """A bot takes every seat whose player has been gone for the grace; True if any."""
        now, grace = self.clock.now_ms(), self.room.reconnect_grace_s * 1000
        due = {seat for seat, since in self.absent().items() if now - since >= grace}
        if due:
            self.seats |= due
            log.info("table %s: a bot stands in for seats %s", self.room.code, sorted(self.seats))
        self.plan()
        return bool(due)

    def plan(self) -> None:
        """Wake the table when the next absent player's grace ends."""
        self.cancel()
        game = self.effects.game
        # A daily game waits hours for each move: its timers, not a stand-in, answer for an absent player.
        if game is None or game.result is not None or self.room.pace == "daily":
            return
        grace = self.room.reconnect_grace_s * 1000
        ends = [since + grace for since in self.absent().values()]
        if ends:
            self.check = asyncio.create_task(self._wake_at(min(ends)))

    def end(self) -> None:
        """The game is over: nobody is stood in for, nothing is waited for."""
        self.seats.clear()
        self.cancel()

    def cancel(self) -> None:
        if self.check:
            self.check.cancel()
            self.check = None

    async def _wake_at(self, when_ms: int) -> None:
        await self.clock.sleep_until(when_ms)
        self.effects.post(self.effects.check_stand_ins)
