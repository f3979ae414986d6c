"""Seat rescue: someone with the room's link takes over a seat a bot is standing in for.

A seat's player gone longer than the grace is played by a bot (hub/leavers.py). Anyone who is not
seated may ask for that seat. Nobody's yes is assumed: while the host has a page of the room open
the host decides; otherwise the seated players do, and a majority of them grants it. A seat is
lent, never lost: when its own player comes back, the seat returns to them at the next step
boundary (Table.seen, Rescues.hand_back), and the game no longer counts for ratings from the first
rescue. Requests live in memory only: after a restart they are asked again (nothing about the
game depends on them). Everything here runs inside the table's actor.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from ..engine import Engine
from ..errors import ErrorCode
from .errors import HubError
from .leavers import StandIns
from .presence import Roster
from .seating import Seating
from .services import Clock, TableEffects, verb

log = logging.getLogger(__name__)


@dataclass
class Request:
    seat: int
    player_id: str
    name: str
    asked_ms: int
    approvals: set[str] = field(default_factory=set)  # seated players who said yes (no host here)


class Rescues:
    """The open rescue requests of one table, one per seat, and the seats lent to rescuers whose
    players are back."""

    def __init__(
        self, engine: Engine, seating: Seating, roster: Roster, leavers: StandIns, clock: Clock, effects: TableEffects
    ) -> None:
        self.engine, self.seating, self.roster, self.leavers, self.clock = engine, seating, roster, leavers, clock
        self.actor = self.effects = effects  # the table's weak proxy (hub/services.py): it holds us
        self.requests: dict[int, Request] = {}
        self.reclaims: dict[int, tuple[str, int]] = {}  # lent seat -> (its player, who is back; the step then)

    def host_present(self) -> bool:
        return self.seating.host_here()

    def ask(self, player_id: str, name: str, seat: int) -> Request:
        seating, game = self.seating, self.effects.game
        if game is None or game.result is not None or seating.room.status != "playing":
            raise HubError(ErrorCode.NOT_PLAYING, "seats are rescued during a game")
        if seat not in seating.seats:
            raise HubError(ErrorCode.NO_SUCH_SEAT, f"there is no seat {seat} in this game")
        if seating.seat_of(player_id) is not None:
            raise HubError(ErrorCode.ALREADY_SEATED, "you already play a seat of this game")
        if seat not in self.leavers.seats:
            raise HubError(ErrorCode.SEAT_NOT_ABANDONED, "only a seat a bot plays for a gone player can be taken over")
        current = self.requests.get(seat)
        if current is not None:
            if current.player_id == player_id:
                return current  # asked twice: the same request
            raise HubError(ErrorCode.RESCUE_PENDING, f"{current.name} has already asked for this seat")
        request = self.requests[seat] = Request(seat, player_id, name, self.clock.now_ms())
        return request

    def voters(self, seat: int) -> set[str]:
        """Who decides a request for `seat` while the host is away: the people seated at the other
        seats that no bot stands in for."""
        return {
            r.player_id
            for s, r in self.seating.seats.items()
            if s != seat and r.player_id and not r.bot_level and s not in self.leavers.seats
        }

    def approve(self, player_id: str, seat: int) -> bool:
        """`player_id` says yes to the request for `seat`; True when that grants it."""
        request = self.requests.get(seat)
        if request is None:
            raise HubError(ErrorCode.NO_RESCUE_REQUEST, "there is no such request for this seat")
        if player_id == self.seating.room.host_id:
            return True
        if self.host_present():
            raise HubError(ErrorCode.NOT_HOST, "the host is here: the host decides who takes a seat over")
        voters = self.voters(seat)
        if player_id not in voters:
            raise HubError(ErrorCode.NOT_HOST, "only the host or, while the host is away, the seated players decide")
        request.approvals.add(player_id)
        return len(request.approvals & voters) * 2 > len(voters)

    def withdraw(self, seat: int | None, player_id: str | None = None) -> Request | None:
        """Drop the seat's request (only `player_id`'s, if given); returns it, if there was one."""
        request = self.requests.get(seat) if seat is not None else None
        if request is None or (player_id is not None and request.player_id != player_id):
            return None
        del self.requests[request.seat]
        return request

    def end(self) -> None:
        """The game is over (or the table leaves memory): no request stands, no seat is lent."""
        self.requests.clear()
        self.reclaims.clear()

    def public(self) -> list[dict]:
        """What the room shows of each request: who asked, and (while the host is away) the
        seated players' yeses and how many are needed."""
        host_here = self.host_present()
        shown = []
        for r in sorted(self.requests.values(), key=lambda r: r.seat):
            voters = self.voters(r.seat)
            shown.append(
                {
                    "seat": r.seat,
                    "player": {"id": r.player_id, "name": r.name},
                    "asked_ms": r.asked_ms,
                    "grant_at_ms": None,
                    "approvals": [] if host_here else sorted(r.approvals & voters),
                    "needed": None if host_here else len(voters) // 2 + 1 if voters else 0,
                }
            )
        return shown

    # -- the verbs ----------------------------------------------------------------------------

    @verb
    async def ask_rescue(self, player_id: str, name: str, seat: int) -> dict:
        """Someone not seated asks to play a seat a bot stands in for."""
        request = self.ask(player_id, name, seat)
        self.seating.names[player_id] = name
        self.effects.broadcast_room()
        return next(r for r in self.public() if r["seat"] == request.seat)

    @verb
    async def withdraw_rescue(self, player_id: str, seat: int) -> dict:
        """The asker takes their request back, or the host declines it."""
        asker = None if player_id == self.seating.room.host_id else player_id
        if self.withdraw(seat, asker) is None:
            raise HubError(ErrorCode.NO_RESCUE_REQUEST, "there is no such request for this seat")
        self.effects.broadcast_room()
        return {"seat": seat, "granted": False}

    @verb
    async def approve_rescue(self, player_id: str, seat: int) -> dict:
        """The host's yes grants a request; with the host away, a seated player's yes counts
        towards a majority of the seated players."""
        if not self.approve(player_id, seat):
            self.effects.broadcast_room()
            return {"seat": seat, "granted": False}
        await self._grant(self.requests[seat])
        return {"seat": seat, "granted": True}

    async def _grant(self, request: Request) -> None:
        seat, seating = request.seat, self.seating
        self.withdraw(seat)
        if seat not in self.leavers.seats or seating.seat_of(request.player_id) is not None:
            self.effects.broadcast_room()
            raise HubError(ErrorCode.SEAT_NOT_ABANDONED, "that seat's player is back, or the asker plays another seat")
        owner = seating.seats[seat].player_id
        seating.seats[seat].player_id = request.player_id
        seating.names[request.player_id] = request.name
        self.leavers.seats.discard(seat)
        self.leavers.seen(request.player_id)  # the grace runs for the new player from now
        await seating.save()
        await self.effects.mark_unrated("rescued")
        log.info("table %s: seat %s taken over", seating.room.code, seat)
        self.effects.schedule_bots()
        self.leavers.plan()
        # The two people whose view changed: the new player sees the seat's hand, its old player
        # (should a page of theirs be open) watches.
        self.effects.refresh({request.player_id, owner})
        self.effects.notice(request.player_id, "rescue")  # an asker who stepped away hears they may play

    # -- a lent seat goes back --------------------------------------------------------------

    def _lent_seat(self, player_id: str | None) -> int | None:
        """The seat of the running game `player_id` started in and a rescuer now holds, if any."""
        game, seats = self.effects.game, self.seating.seats
        if (
            player_id is None
            or game is None
            or game.result is not None
            or not game.seat_players
            or self.seating.seat_of(player_id) is not None
        ):
            return None
        return next(
            (
                seat
                for seat, owner in enumerate(game.seat_players)
                if owner == player_id
                and seat in seats
                and seats[seat].player_id not in (None, player_id)
                and not seats[seat].bot_level
            ),
            None,
        )

    def reclaim(self, player_id: str | None) -> None:
        """A seat's own player is back: it returns to them once the rescuer's current step closes
        (the rules' step boundary), so no decision the rescuer is making changes hands midway."""
        seat = self._lent_seat(player_id)
        game = self.effects.game
        if seat is None or seat in self.reclaims or game is None or player_id is None:
            return
        self.reclaims[seat] = (player_id, self.engine.step(game.state, seat))
        rescuer = self.seating.seats[seat].player_id
        if not self.roster.sockets.get(rescuer or "") or not self.engine.legal_actions(game.state, seat):
            self.effects.post(self.hand_back)  # nothing of the rescuer's in play: at once
        self.effects.broadcast_room()

    @verb
    async def hand_back(self) -> None:
        """Return each lent seat whose step has closed since its player came back."""
        game, seats = self.effects.game, self.seating.seats
        if game is None or game.result is not None:
            self.reclaims.clear()
            return
        rescuer_here = {seat: bool(self.roster.sockets.get(seats[seat].player_id or "")) for seat in self.reclaims}
        due = [
            seat
            for seat, (owner, step) in self.reclaims.items()
            if self.engine.step(game.state, seat) != step
            or not rescuer_here[seat]
            or not self.engine.legal_actions(game.state, seat)
        ]
        if not due:
            return
        moved = set()
        for seat in due:
            owner, _ = self.reclaims.pop(seat)
            moved |= {seats[seat].player_id, owner}
            # Theirs again even if the rescuer left it to a bot meanwhile: it was only lent.
            seats[seat].player_id, seats[seat].bot_level = owner, None
        await self.seating.save()
        log.info("table %s: seats %s handed back to their players", self.seating.room.code, sorted(due))
        self.effects.schedule_bots()
        self.effects.refresh(moved)
