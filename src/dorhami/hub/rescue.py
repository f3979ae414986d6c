"""Seat rescue: someone with the room's link takes over a seat a bot is standing in for.

A seat's player gone longer than the grace is played by a bot (hub/leavers.py). Anyone who is not
seated may ask for that seat. Nobody's yes is assumed: while the host has a page of the room open
the host decides; otherwise the seated players do, and a majority of them grants it. A seat is
lent, never lost: when its own player comes back, the seat returns to them at the next step
boundary (Table.seen, Table.hand_back), and the game no longer counts for ratings from the first
rescue. Requests live in memory only: after a restart they are asked again (nothing about the
game depends on them). Everything here runs inside the table's actor.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .errors import HubError

if TYPE_CHECKING:
    from .table import Table


@dataclass
class Request:
    seat: int
    player_id: str
    name: str
    asked_ms: int
    approvals: set[str] = field(default_factory=set)  # seated players who said yes (no host here)


class Rescues:
    """The open rescue requests of one table, one per seat."""

    def __init__(self, table: Table) -> None:
        self.table = weakref.proxy(table)  # weakly, as StandIns (leavers.py): no cycle with the table
        self.requests: dict[int, Request] = {}

    def host_present(self) -> bool:
        """The host has a page of this room open, so the host decides rather than the players."""
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
        request = self.requests[seat] = Request(seat, player_id, name, table.hub.clock.now_ms())
        return request

    def voters(self, seat: int) -> set[str]:
        """Who decides a request for `seat` while the host is away: the people seated at the other
        seats that no bot stands in for."""
        table = self.table
        return {r.player_id for s, r in table.seats.items()
                if s != seat and r.player_id and not r.bot_level and s not in table.leavers.seats}

    def approve(self, player_id: str, seat: int) -> bool:
        """`player_id` says yes to the request for `seat`; True when that grants it."""
        request = self.requests.get(seat)
        if request is None:
            raise HubError("no_rescue_request", "there is no such request for this seat", 409)
        if player_id == self.table.room.host_id:
            return True
        if self.host_present():
            raise HubError("not_host", "the host is here: the host decides who takes a seat over", 403)
        voters = self.voters(seat)
        if player_id not in voters:
            raise HubError("not_host", "only the host or, while the host is away, the seated players decide", 403)
        request.approvals.add(player_id)
        return len(request.approvals & voters) * 2 > len(voters)

    def withdraw(self, seat: int, player_id: str | None = None) -> Request | None:
        """Drop the seat's request (only `player_id`'s, if given); returns it, if there was one."""
        request = self.requests.get(seat)
        if request is None or (player_id is not None and request.player_id != player_id):
            return None
        del self.requests[seat]
        return request

    def end(self) -> None:
        self.requests.clear()

    def public(self) -> list[dict]:
        """What the room shows of each request: who asked, and (while the host is away) the
        seated players' yeses and how many are needed."""
        host_here = self.host_present()
        shown = []
        for r in sorted(self.requests.values(), key=lambda r: r.seat):
            voters = self.voters(r.seat)
            shown.append({"seat": r.seat, "player": {"id": r.player_id, "name": r.name}, "asked_ms": r.asked_ms,
                          "grant_at_ms": None, "approvals": [] if host_here else sorted(r.approvals & voters),
                          "needed": None if host_here else len(voters) // 2 + 1 if voters else 0})
        return shown
