"""The seats of a table: who sits where, the names the room shows, and who asked for a rematch.

Seats change while no game runs (before the first, and between a game's end and the rematch); a
game in progress never loses a seat (a leaver's goes to a bot). Every change is stored before the
room hears of it. Everything here runs inside the table's actor.
"""

from __future__ import annotations

from ..catalogue import get_engine
from ..errors import ErrorCode
from ..storage import friends
from ..storage.records import RoomRecord, SeatRecord
from . import bots, pace
from .bots import DEFAULT_LEVEL
from .errors import HubError
from .presence import Roster
from .services import TableEffects, TableServices, verb


class Seating:
    """The seats of one room, and the names it shows."""

    def __init__(
        self,
        room: RoomRecord,
        seats: list[SeatRecord],
        names: dict[str, str],
        max_seats: int,
        services: TableServices,
        effects: TableEffects,
        roster: Roster,
    ) -> None:
        self.room = room
        self.seats: dict[int, SeatRecord] = {s.seat: s for s in seats}
        self.names = names
        self.max_seats = max_seats
        self.rematch_requests: set[str] = set()
        self.store = services.store
        self.actor = self.effects = effects
        self.roster = roster

    def host_here(self) -> bool:
        """The host has a page of this room open (then the host, not the players, decides rescues)."""
        return bool(self.roster.sockets.get(self.room.host_id))

    def seat_of(self, player_id: str | None) -> int | None:
        for seat in self.seats.values():
            if player_id is not None and seat.player_id == player_id:
                return seat.seat
        return None

    def require_host(self, player_id: str | None) -> None:
        if player_id != self.room.host_id:
            raise HubError(ErrorCode.NOT_HOST, "only the host of this room may do that")

    def public(self) -> list[dict]:
        """The seats as the room shows them between games (nobody is stood in for then)."""
        return [seat_public(s, self.names) for s in sorted(self.seats.values(), key=lambda s: s.seat)]

    def _free(self) -> list[int]:
        return [s for s in range(self.max_seats) if s not in self.seats]

    @verb
    async def join(self, player_id: str, name: str, client_seed: str | None = None) -> int:
        seat = self.seat_of(player_id)
        if seat is not None:
            return seat
        if self.room.status == "playing":
            raise HubError(ErrorCode.GAME_RUNNING, "the game has started; you can watch it")
        if (
            self.room.private
            and self.room.status == "finished"
            and player_id != self.room.host_id
            and not self.host_here()
        ):
            # The people who played keep their seats; a newcomer's seat would ride into the host's
            # rematch, so the host must be here to see (and free) it.
            raise HubError(
                ErrorCode.HOST_AWAY, "this private room's game is over; new players join while its host is here"
            )
        free = self._free()
        if not free:
            raise HubError(ErrorCode.ROOM_FULL, "every seat of this room is taken")
        # Nobody ends up at a table with someone they blocked unless they sat down with them
        # themselves (docs/FRIENDS.md): the host's and every seated person's blocks count.
        present = {self.room.host_id, *(s.player_id for s in self.seats.values() if s.player_id)}
        if await self.store.run(friends.blocked_by_any, self.store.engine, player_id, present):
            raise HubError(ErrorCode.NOT_WELCOME, "you cannot join this room")
        if self.room.pace == "daily" and player_id != self.room.host_id:  # a host's room counts already
            await pace.check_daily_bound(self.store, player_id)
        self.names[player_id] = name
        self.seats[free[0]] = SeatRecord(
            room_id=self.room.id, seat=free[0], player_id=player_id, client_seed=client_seed
        )
        await self.save()
        return free[0]

    @verb
    async def add_bot(self, player_id: str, level: str | None, seat: int | None) -> int:
        self.require_host(player_id)
        level = level or DEFAULT_LEVEL
        allowed = bots.levels(get_engine(self.room.game))
        if level not in allowed:
            raise HubError(ErrorCode.INVALID_LEVEL, f"expected a bot level in {allowed}, but got {level!r}")
        if self.room.status == "playing":
            raise HubError(ErrorCode.GAME_RUNNING, "bots join before the game starts")
        free = self._free()
        if seat is None:
            seat = free[0] if free else None
        if seat is None or seat not in free:
            raise HubError(ErrorCode.SEAT_TAKEN, "there is no such free seat")
        self.seats[seat] = SeatRecord(room_id=self.room.id, seat=seat, bot_level=level)
        await self.save()
        return seat

    def _require_waiting(self, what: str) -> None:
        """Seats change while no game runs: before the first, and between a game's end and the
        rematch (so a host can free a seat someone took after the game)."""
        if self.room.status == "playing":
            raise HubError(ErrorCode.GAME_RUNNING, f"{what} only while no game is running")

    def _taken(self, seat: int) -> SeatRecord:
        if seat not in self.seats:
            raise HubError(ErrorCode.SEAT_EMPTY, f"seat {seat} is empty")
        return self.seats[seat]

    @verb
    async def remove_seat(self, player_id: str, seat: int) -> list[dict]:
        """The host frees a seat (a bot, or a person who is not playing) before the start."""
        self.require_host(player_id)
        self._require_waiting("seats are freed")
        self._taken(seat)
        del self.seats[seat]
        await self.save()
        return self.public()

    @verb
    async def move_seat(self, player_id: str, seat: int, to: int) -> list[dict]:
        """The host moves a seat's occupant to seat `to`; whoever sits there takes the old seat."""
        self.require_host(player_id)
        self._require_waiting("seats are moved")
        moving = self._taken(seat)
        if not 0 <= to < self.max_seats:
            raise HubError(ErrorCode.NO_SUCH_SEAT, f"expected a seat from 0 to {self.max_seats - 1}, but got {to}")
        if to == seat:
            return self.public()  # already there
        other = self.seats.pop(to, None)
        del self.seats[seat]
        moving.seat, self.seats[to] = to, moving
        if other is not None:
            other.seat, self.seats[seat] = seat, other
        await self.save()
        return self.public()

    @verb
    async def request_rematch(self, player_id: str) -> dict:
        """A seated player asks the host for another game; the host's rematch starts it."""
        if self.seat_of(player_id) is None:
            raise HubError(ErrorCode.NOT_SEATED, "only seated players ask for a rematch")
        if self.room.status != "finished":
            raise HubError(ErrorCode.NOT_FINISHED, "a rematch follows a finished game")
        if player_id not in self.rematch_requests and player_id != self.room.host_id:
            self.effects.notice(self.room.host_id, "rematch")  # the host is the one who can start it
        self.rematch_requests.add(player_id)
        self.effects.broadcast_room()
        return {"requested": True}

    @verb
    async def leave(self, player_id: str) -> dict:
        seat = self.seat_of(player_id)
        if seat is None:
            raise HubError(ErrorCode.NOT_SEATED, "you have no seat in this room")
        if self.room.status == "playing":
            # A game in progress cannot lose a seat: a bot plays it to the end.
            self.seats[seat].bot_level = DEFAULT_LEVEL
            self.seats[seat].player_id = None
            await self.save()
            await self.effects.mark_unrated("abandoned")
            self.effects.schedule_bots()
            return {"seat": seat, "handed_to_bot": True}
        del self.seats[seat]
        await self.save()
        return {"seat": seat, "handed_to_bot": False}

    def holders(self, players: int) -> list[str | None]:
        """Who holds each seat of a game of `players` now (a stood-in seat is still its player's)."""
        return [self.seats[s].player_id if s in self.seats else None for s in range(players)]

    async def save(self) -> None:
        try:
            await self.store.replace_seats(self.room.id, list(self.seats.values()), *self.effects.fenced())
        except Exception as exc:
            raise self.effects.in_doubt("its seats", exc) from exc
        self.effects.broadcast_room()


def seat_public(seat: SeatRecord, names: dict[str, str], stand_ins: set[int] | frozenset[int] = frozenset()) -> dict:
    player = None
    if seat.player_id:
        player = {"id": seat.player_id, "name": names.get(seat.player_id, "")}
    return {"seat": seat.seat, "player": player, "bot": seat.bot_level, "stand_in": seat.seat in stand_ins}
