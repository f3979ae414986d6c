"""Seat rescue: someone with the room's link takes over a seat a bot is standing in for.

A seat's player gone longer than the grace is played by a bot (hub/leavers.py). Anyone who is not
seated may ask for that seat; the host approves or declines, and with no host at the table the
request is granted after `RESCUE_DELAY_MS`. Until then the seat's owner may come back and take
it, which withdraws the request. A granted seat is the asker's for the rest of the game, and the
game no longer counts for ratings. Requests live in memory only: after a restart they are asked
again (nothing about the game depends on them). Everything here runs inside the table's actor.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .errors import HubError

if TYPE_CHECKING:
    from .table import Table

RESCUE_DELAY_MS = 20_000


@dataclass
class Request:
    seat: int
    player_id: str
    name: str
    asked_ms: int
    due_ms: int
    task: asyncio.Task | None = None


class Rescues:
    """The open rescue requests of one table, one per seat."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.requests: dict[int, Request] = {}

    def host_present(self) -> bool:
        """The host has a page of this room open, so the host decides rather than the delay."""
        return bool(self.table.roster.sockets.get(self.table.room.host_id))

    def ask(self, player_id: str, name: str, seat: int) -> Request:
        table = self.table
        game = table.game
        if game is None or game.result is not None or table.room.status != "playing":
            raise HubError("not_playing", "seats are rescued during a game", 409)
        if seat not in table.seats:
            raise HubError("no_such_seat", f"there is no seat {seat} in this game", 409)
        if table.seat_of(player_id) is not None:
            raise HubError("already_seated", "you already play a seat of this game", 409)
        if seat not in table.leavers.seats:
            raise HubError("seat_not_abandoned", "only a seat a bot plays for a gone player can be taken over", 409)
        current = self.requests.get(seat)
        if current is not None:
            if current.player_id == player_id:
                return current  # asked twice: the same request
            raise HubError("rescue_pending", f"{current.name} has already asked for this seat", 409)
        now = table.hub.clock.now_ms()
        request = self.requests[seat] = Request(seat, player_id, name, now, now)
        self.wait_again(request)
        return request

    def withdraw(self, seat: int, player_id: str | None = None) -> Request | None:
        """Drop the seat's request (only `player_id`'s, if given); returns it, if there was one."""
        request = self.requests.get(seat)
        if request is None or (player_id is not None and request.player_id != player_id):
            return None
        del self.requests[seat]
        if request.task:
            request.task.cancel()
        return request

    def end(self) -> None:
        for seat in list(self.requests):
            self.withdraw(seat)

    def public(self) -> list[dict]:
        """What the room shows of each request; `grant_at_ms` only while no host is there to decide."""
        host_here = self.host_present()
        return [{"seat": r.seat, "player": {"id": r.player_id, "name": r.name}, "asked_ms": r.asked_ms,
                 "grant_at_ms": None if host_here else r.due_ms} for r in sorted(self.requests.values(),
                                                                                  key=lambda r: r.seat)]

    def wait_again(self, request: Request) -> None:
        """The delay ended with the host at the table: look again after another delay."""
        request.due_ms = self.table.hub.clock.now_ms() + RESCUE_DELAY_MS
        request.task = asyncio.create_task(self._due(request))

    async def _due(self, request: Request) -> None:
        table = self.table
        await table.hub.clock.sleep_until(request.due_ms)
        table.post(table.rescue_due, request)
