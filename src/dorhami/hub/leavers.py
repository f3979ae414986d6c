"""Leavers: a bot stands in for a seated player gone longer than the room's `reconnect_grace_s`.

Gone means no socket and no request (a REST client reading the game is at the table as much as a
socket). The stand-in plays with the game's strategy until any sign of life from the player, when
the seat is theirs again at once. Leaving on purpose is different: `Table.leave` hands the seat to
a bot for good. Everything here runs inside the table's actor.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger(__name__)


class StandIns:
    """The seats of one table that a bot plays until their players return."""

    def __init__(self, table: Table) -> None:
        # Weakly: the table holds its stand-ins, and a strong reference back made a cycle that
        # kept every table that left memory (its game, log and chat) until a full collection.
        self.table = weakref.proxy(table)
        self.seats: set[int] = set()
        self.last_seen: dict[str, int] = {}  # player -> the last sign of life, server ms
        self.check: asyncio.Task | None = None

    def seen(self, player_id: str | None) -> bool:
        """A sign of life from `player_id`; True when it ends a stand-in (the seat is theirs again)."""
        table = self.table
        seat = table.seat_of(player_id)
        if seat is None:
            return False  # spectators are not waited for
        self.last_seen[player_id] = table.hub.clock.now_ms()
        if seat not in self.seats:
            return False
        self.seats.discard(seat)
        return True

    def all_seen(self) -> None:
        """Every seated player gets the whole grace from now (a game starts, or resumes after a
        restart that nobody is connected to yet)."""
        now = self.table.hub.clock.now_ms()
        for record in self.table.seats.values():
            if record.player_id and not record.bot_level:
                self.last_seen[record.player_id] = now
        self.plan()

    def gone_since(self, player_id: str) -> int | None:
        """Since when `player_id` has been gone, or None while one of their sockets is open."""
        roster = self.table.roster
        if roster.sockets.get(player_id):
            return None
        return max(self.last_seen.get(player_id, 0), roster.dropped_at.get(player_id, 0))

    def absent(self) -> dict[int, int]:
        """Seat -> since when its player has been gone, for the people seats not stood in for yet."""
        return {seat: since for seat, record in self.table.seats.items()
                if record.player_id and not record.bot_level and seat not in self.seats
                and (since := self.gone_since(record.player_id)) is not None}

    def take_over(self) -> bool:
        """A bot takes every seat whose player has been gone for the grace; True if any."""
        table = self.table
        now, grace = table.hub.clock.now_ms(), table.room.reconnect_grace_s * 1000
        due = {seat for seat, since in self.absent().items() if now - since >= grace}
        if due:
            self.seats |= due
            log.info("table %s: a bot stands in for seats %s", table.room.code, sorted(self.seats))
        self.plan()
        return bool(due)

    def plan(self) -> None:
        """Wake the table when the next absent player's grace ends."""
        self.cancel()
        game = self.table.game
        if game is None or game.result is not None:
            return
        grace = self.table.room.reconnect_grace_s * 1000
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
        table = self.table
        await table.hub.clock.sleep_until(when_ms)
        table.post(table.check_stand_ins)
