"""A table: the live side of one room — its seats, its running game, and the sockets watching it.

Every change goes through one asyncio task reading one queue (`call`/`post`), so the actions of
a table are applied strictly one at a time, in the order the server stamped them. Each accepted
action is committed to the log before anyone hears of it.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from .. import logs
from ..engine import Action, Engine, Event, IllegalAction, State, events_for, get_engine
from ..engine.actions import judge, split_reaction
from ..storage.records import GameRecord, RoomRecord, SeatRecord
from ..storage.leases import LeaseLost
from ..storage.repository import ActionRow, Repository
from . import claims, fairness, messages, ratings
from .chat import HISTORY_KEPT, Chat, Line, check_reaction, clean_text
from .bots import BOT_LEVELS, DEFAULT_LEVEL, Plan, plan, still_valid
from .errors import HubError
from .fanout import Outbound, Subscriber, encode, send_by_seat
from .leavers import StandIns
from .namesakes import tell_apart
from .ownership import elsewhere
from .presence import Roster
from .replay import initial_state, replay_row
from .rescue import Request, Rescues
from .verify import revealed

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger(__name__)

ADVANCE = {"type": "advance"}  # how a fired timer appears in the log (seat null)
REPLIES_KEPT = 256  # answers remembered per seat, for clients that resend after a reconnect
RETRY_FIRST_MS, RETRY_MAX_MS = 100, 5_000  # a timer's or bot's move after a failed commit
SOCKETS_PER_PLAYER = 8  # a phone, a laptop and a few tabs; not a script opening thousands
# The room message goes out at most this often per room: a crowd joining or leaving costs each
# socket one message per interval, not one per join (which made 2,000 spectators N² work).
ROOM_EVERY_S = 0.2


class Retired(HubError):
    """The table left memory between the hub handing it out and the call; ask the hub again."""

    def __init__(self) -> None:
        super().__init__("try_again", "this room was just reloaded; try again", 503)


@dataclass
class LiveGame:
    """The running (or finished) game of a table, rebuilt from its log after a restart."""

    id: int
    engine: Engine
    players: int
    state: State
    version: int = 0
    last_ms: int = 0
    result: dict | None = None
    # Who played each seat (None: a bot), for passing the result on at a rematch.
    seat_players: list[str | None] | None = None
    # The room's nth game, and the SHA-256 of its server seed (hub/fairness.py), public from the start.
    number: int | None = None
    commitment: str | None = None
    # Why the game does not count for ratings (hub/ratings.py), or None: the first reason found.
    unrated: str | None = None
    replies: dict[int, OrderedDict] = field(default_factory=dict)
    # (version, events) of every change, for the move log of a socket that joins late or reconnects.
    history: list[tuple[int, list[Event]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        started = self.engine.start_events(self.state)
        if started:
            self.history.append((0, started))


def spoken_counts(counts: list[int]) -> str:
    """[2, 3, 4, 5] as "2 to 5"; [4, 6, 8] as "4, 6 or 8"."""
    if counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}"


class Table:
    """The actor of one room."""

    def __init__(self, hub: Hub, room: RoomRecord, seats: list[SeatRecord], names: dict[str, str]) -> None:
        self.hub = hub
        self.room = room
        self.engine = get_engine(room.game)
        # A room's config is fixed when it is made: split once into the rules' config (what the
        # engine's setup gets) and the table's own options (lag compensation), which the engine
        # never sees, rather than validated again for every room message.
        self.config, self.options = claims.split_config(self.engine, room.config)
        # The seat counts this config allows, once: Double Connect validates its config to say.
        self.player_counts = self.engine.player_counts(self.config)
        self.seats: dict[int, SeatRecord] = {s.seat: s for s in seats}
        self.names = names
        self.game: LiveGame | None = None
        self.subscribers: set[Subscriber] = set()
        # The actor's mailbox: a deque and one waiter, cheaper per command than an asyncio.Queue.
        self.inbox: deque = deque()
        self.waiter: asyncio.Future | None = None
        self.task: asyncio.Task | None = None
        self.timer: asyncio.Task | None = None
        self.bots: dict[int, tuple[Plan, asyncio.Task]] = {}
        # After a failed commit: how long the table's own next try waits, and whether the failed
        # row may have landed all the same (its commit's answer lost), so the log must be read first.
        self.retry_ms = 0
        self.unsure = False
        # When the actor last ran a command (or a socket came or went), for unloading idle tables.
        self.touched_ms = hub.clock.now_ms()
        self.retired = False
        # With several processes, this table's lease (room id, epoch): every write names it.
        self.fence: tuple[int, int] | None = None
        self.leavers = StandIns(self)
        self.rescues = Rescues(self)
        self.bot_rng = random.Random()
        self.roster = Roster()
        self.rematch_requests: set[str] = set()
        # Lag compensation (hub/claims.py), for the real-time games of rooms that have it on.
        self.referee = (claims.Referee(self.engine, hub.settings.lag_cap_ms)
                        if self.options.get(claims.OPTION) else None)
        self.release: asyncio.Task | None = None
        self.prober: asyncio.Task | None = None
        self.reclaims: dict[int, tuple[str, int]] = {}  # lent seat -> (its player, who is back; the step then)
        self.room_sent = 0.0                                 # monotonic time of the last room message
        self.room_due: asyncio.TimerHandle | None = None     # the next one, when one is held back
        # The room's chat (hub/chat.py): the hub's loader fills in the recent lines.
        self.chat = Chat()

    # -- the actor ------------------------------------------------------------------------

    def start(self) -> None:
        self.task = asyncio.create_task(self._run(), name=f"table-{self.room.code}")

    async def stop(self) -> None:
        self._enqueue((None, (), None))
        if self.task:
            await self.task
        self._cancel_waits()
        for sub in list(self.subscribers):
            sub.close("server shutting down")

    @property
    def game_id(self) -> int | None:
        return self.game.id if self.game else None

    def about(self):
        """Log lines of this block name this table's room and game (for code outside its actor)."""
        return logs.about(self.room.code, self.game_id)

    async def call(self, fn: Callable[..., Awaitable[Any]], *args: Any) -> Any:
        """Run `fn(*args)` inside the actor, after everything queued before it; return its result."""
        if self.retired:
            raise Retired()
        future = asyncio.get_running_loop().create_future()
        self._enqueue((fn, args, future))
        return await future

    def post(self, fn: Callable[..., Awaitable[Any]], *args: Any) -> None:
        """Queue `fn(*args)` for the actor without waiting for it."""
        if self.retired:
            # The actor runs nothing more (see `_run`); queued after it ended, a bound method of
            # the table (a timer's room announcement) would hold the table in a cycle.
            return
        self._enqueue((fn, args, None))

    def _enqueue(self, command: tuple) -> None:
        self.inbox.append(command)
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        logs.room_code.set(self.room.code)  # this task's context: every line it logs names the room
        while True:
            # Not kept while waiting: the last command's arguments and result (an unsubscribe's
            # closed socket, with its protocol and scope) would stay until the table's next command.
            fn = args = future = outcome = None
            while not self.inbox:
                self.waiter = loop.create_future()
                try:
                    await self.waiter
                finally:
                    self.waiter = None
            fn, args, future = self.inbox.popleft()
            if fn is None:
                return
            logs.game_id.set(self.game_id)
            if fn != self.retire_if_idle:  # the sweeper's own question is no sign of life
                self.touched_ms = self.hub.clock.now_ms()
            if self.retired:
                # Unloaded while this command waited: whoever sent it asks the hub again.
                if future and not future.done():
                    future.set_exception(Retired())
                continue
            try:
                outcome = await fn(*args)
            except Exception as exc:  # the actor must outlive any one bad command
                if not isinstance(exc, (HubError, IllegalAction)):
                    log.exception("table %s: %s failed", self.room.code, getattr(fn, "__name__", fn))
                if future and not future.done():
                    future.set_exception(exc)
            else:
                if future and not future.done():
                    future.set_result(outcome)

    def _cancel_waits(self) -> None:
        """Call off everything the table waits for: its timer, its bots' moves, a leaver's grace."""
        self.leavers.cancel()
        self.rescues.end()
        for task in [self.timer, self.release, self.prober, self.room_due,
                     *(task for _, task in self.bots.values())]:
            if task:
                task.cancel()
        if self.referee is not None:
            for held in self.referee.close():
                _settle(held.answer, Retired())

    async def retire_if_idle(self, now_ms: int, idle_ms: int, expired: bool = False) -> bool:
        """Leave memory if nobody is here and nothing will happen by itself: no socket, no game
        running (its timers and bots need the actor), quiet for `idle_ms` (or the room expired).
        The table is rebuilt from the database the next time anyone asks for it."""
        playing = self.room.status == "playing"
        if self.subscribers or playing or (not expired and now_ms - self.touched_ms < idle_ms):
            return False
        self.retired = True
        self._cancel_waits()
        self._enqueue((None, (), None))
        return True

    def _in_doubt(self, what: str, exc: Exception) -> HubError:
        """A write of the room (not an action: those are read back, see `_catch_up`) failed, and
        may have landed all the same: memory may no longer match the database. The table leaves
        memory and the next request rebuilds it from the database, the truth; its sockets are
        closed with 1013 and reconnect to the new one."""
        log.error("table %s: could not store %s (%s); reloading it from the database", self.room.code, what, exc)
        self.leave_memory("the room is reloading; reconnect")
        return HubError("storage_unavailable", "the room could not be saved; try again", 503)

    def leave_memory(self, why: str) -> None:
        """Stop at once: nothing more is judged or written here; the sockets are closed with 1013
        and `why`, and reconnect to wherever the table is rebuilt (here, or another process)."""
        self.retired = True
        self._cancel_waits()
        for sub in list(self.subscribers):
            sub.close(why)
        self._enqueue((None, (), None))

    # -- seats (called through `call`) ----------------------------------------------------


    @property
    def max_seats(self) -> int:
        return self.player_counts[-1]

    def seat_of(self, player_id: str | None) -> int | None:
        for seat in self.seats.values():
            if player_id is not None and seat.player_id == player_id:
                return seat.seat
        return None

    def _require_host(self, player_id: str) -> None:
        if player_id != self.room.host_id:
            raise HubError("not_host", "only the host of this room may do that", 403)

    async def join(self, player_id: str, name: str, client_seed: str | None = None) -> int:
        seat = self.seat_of(player_id)
        if seat is not None:
            return seat
        if self.room.status == "playing":
            raise HubError("game_running", "the game has started; you can watch it", 409)
        if self.room.private and self.room.status == "finished" and player_id != self.room.host_id \
                and not self.rescues.host_present():
            # The people who played keep their seats; a newcomer's seat would ride into the host's
            # rematch, so the host must be here to see (and free) it.
            raise HubError("host_away", "this private room's game is over; new players join while its host is here",
                           403)
        free = [s for s in range(self.max_seats) if s not in self.seats]
        if not free:
            raise HubError("room_full", "every seat of this room is taken", 409)
        self.names[player_id] = name
        self.seats[free[0]] = SeatRecord(room_id=self.room.id, seat=free[0], player_id=player_id,
                                         client_seed=client_seed)
        await self._save_seats()
        return free[0]

    async def add_bot(self, player_id: str, level: str | None, seat: int | None) -> int:
        self._require_host(player_id)
        level = level or DEFAULT_LEVEL
        if level not in BOT_LEVELS:
            raise HubError("invalid_level", f"expected a bot level in {BOT_LEVELS}, but got {level!r}", 400)
        if self.room.status == "playing":
            raise HubError("game_running", "bots join before the game starts", 409)
        free = [s for s in range(self.max_seats) if s not in self.seats]
        if seat is None:
            seat = free[0] if free else None
        if seat is None or seat not in free:
            raise HubError("seat_taken", "there is no such free seat", 409)
        self.seats[seat] = SeatRecord(room_id=self.room.id, seat=seat, bot_level=level)
        await self._save_seats()
        return seat

    def _require_waiting(self, what: str) -> None:
        """Seats change while no game runs: before the first, and between a game's end and the
        rematch (so a host can free a seat someone took after the game)."""
        if self.room.status == "playing":
            raise HubError("game_running", f"{what} only while no game is running", 409)

    def _taken(self, seat: int) -> SeatRecord:
        if seat not in self.seats:
            raise HubError("seat_empty", f"seat {seat} is empty", 409)
        return self.seats[seat]

    async def remove_seat(self, player_id: str, seat: int) -> list[dict]:
        """The host frees a seat (a bot, or a person who is not playing) before the start."""
        self._require_host(player_id)
        self._require_waiting("seats are freed")
        self._taken(seat)
        del self.seats[seat]
        await self._save_seats()
        return self._seats_public()

    async def move_seat(self, player_id: str, seat: int, to: int) -> list[dict]:
        """The host moves a seat's occupant to seat `to`; whoever sits there takes the old seat."""
        self._require_host(player_id)
        self._require_waiting("seats are moved")
        moving = self._taken(seat)
        if not 0 <= to < self.max_seats:
            raise HubError("no_such_seat", f"expected a seat from 0 to {self.max_seats - 1}, but got {to}", 409)
        if to == seat:
            return self._seats_public()  # already there
        other = self.seats.pop(to, None)
        del self.seats[seat]
        moving.seat, self.seats[to] = to, moving
        if other is not None:
            other.seat, self.seats[seat] = seat, other
        await self._save_seats()
        return self._seats_public()

    async def rename(self, player_id: str, name: str) -> None:
        if player_id in self.names:
            self.names[player_id] = name
            self._broadcast_room()
        if self.chat.rename(player_id, name):
            # Lines already shown carry the old name: every socket gets the recent chat again.
            message = Outbound(encode({"type": "chat_history", "messages": self.chat.history()}))
            for sub in list(self.subscribers):
                sub.send(message)

    async def request_rematch(self, player_id: str) -> dict:
        """A seated player asks the host for another game; the host's rematch starts it."""
        if self.seat_of(player_id) is None:
            raise HubError("not_seated", "only seated players ask for a rematch", 409)
        if self.room.status != "finished":
            raise HubError("not_finished", "a rematch follows a finished game", 409)
        self.rematch_requests.add(player_id)
        self._broadcast_room()
        return {"requested": True}

    async def leave(self, player_id: str) -> dict:
        seat = self.seat_of(player_id)
        if seat is None:
            raise HubError("not_seated", "you have no seat in this room", 409)
        if self.room.status == "playing":
            # A game in progress cannot lose a seat: a bot plays it to the end.
            self.seats[seat].bot_level = DEFAULT_LEVEL
            self.seats[seat].player_id = None
            await self._save_seats()
            await self.mark_unrated("abandoned")
            self._schedule_bots()
            return {"seat": seat, "handed_to_bot": True}
        del self.seats[seat]
        await self._save_seats()
        return {"seat": seat, "handed_to_bot": False}

    def _fenced(self) -> tuple:
        """The extra arguments of a direct write of the store: this table's lease, if it has one."""
        return ({self.fence[0]: self.fence[1]}, self.hub.instance_id) if self.fence else ()

    async def _save_seats(self) -> None:
        try:
            await self.hub.store.replace_seats(self.room.id, list(self.seats.values()),
                                               *self._fenced())
        except Exception as exc:
            raise self._in_doubt("its seats", exc) from exc
        self._broadcast_room()

    # -- starting a game ------------------------------------------------------------------

    async def start_game(self, player_id: str, rematch: bool) -> dict:
        self._require_host(player_id)
        if rematch and self.room.status != "finished":
            raise HubError("not_finished", "a rematch follows a finished game", 409)
        if not rematch and self.room.status != "waiting":
            raise HubError("already_started", "this room's game has already started", 409)
        counts = self.player_counts
        if len(self.seats) not in counts:
            raise HubError("wrong_player_count", f"this game needs {spoken_counts(counts)} players, "
                                                 f"but {len(self.seats)} are seated", 409)
        # Seats are renumbered 0..n-1 in their order, so an empty seat in the middle does no harm.
        ordered = sorted(self.seats.values(), key=lambda s: s.seat)
        seats = [SeatRecord(room_id=self.room.id, seat=i, player_id=s.player_id, bot_level=s.bot_level,
                            client_seed=s.client_seed) for i, s in enumerate(ordered)]
        previous = self._previous_result(ordered) if (rematch and self.game) else None
        fair = self._fair_seed(seats)
        seed = fair.pop("seed")
        now = self.hub.clock.now_ms()
        state = self.engine.setup(len(seats), seed, self.config, now_ms=now, previous_result=previous)
        record = GameRecord(room_id=self.room.id, seed=seed, config=self.config, players=len(seats),
                            previous_result=previous, started_ms=now, owner=self.hub.instance_id,
                            seat_players=[s.player_id for s in seats],
                            unrated=ratings.unrated_reason(self.engine, self.config, len(seats),
                                                           [s.player_id for s in seats]), **fair)
        try:
            record = await self.hub.journal.write(partial(Repository.start_game_in, room_id=self.room.id,
                                                          game=record, seats=seats), self.fence)
        except Exception as exc:
            raise self._in_doubt("its game's start", exc) from exc
        self.seats = {s.seat: s for s in seats}
        self.room.status, self.room.game_id = "playing", record.id
        self.game = LiveGame(record.id, self.engine, len(seats), state, last_ms=now,
                             seat_players=record.seat_players, number=record.game_number,
                             commitment=record.commitment, unrated=record.unrated)
        if self.referee is not None:
            self.referee.new_game()  # the last game's versions and seats mean nothing here
        self.rematch_requests.clear()
        self.leavers.end()
        self.rescues.end()
        self.reclaims.clear()
        self.leavers.all_seen()
        self._broadcast_room()
        self._after_change(self.engine.start_events(state))
        return {"game_id": record.id}

    def _fair_seed(self, seats: list[SeatRecord]) -> dict:
        """The game's seed and what makes it checkable (hub/fairness.py): a fresh server seed, its
        commitment, the seated players' client seeds. A hub given a seed source (tests that need
        one deal) uses it as it is, and the game has no commitment."""
        number = (self.game.number or 0) + 1 if self.game else 1
        if self.hub.fixed_seeds:
            return {"seed": self.hub.new_seed(), "game_number": number}
        server_seed = fairness.new_server_seed()
        client_seeds = [s.client_seed for s in seats if s.client_seed]
        signed = fairness.message(self.room.id, number, client_seeds, self.config)
        return {"seed": fairness.game_seed(server_seed, signed), "game_number": number, "server_seed": server_seed,
                "commitment": fairness.commitment(server_seed), "client_seeds": sorted(client_seeds)}

    def _previous_result(self, ordered: list[SeatRecord]) -> dict | None:
        """The last game's result with its seats renumbered to the new game's (`ordered`, the
        seats in their new order): each player is found by identity, a bot by its old seat, since
        players may have left and others joined meanwhile. A seat whose player is gone is dropped."""
        game = self.game
        if game.result is None or game.seat_players is None:
            return game.result  # a game stored before seats were recorded: passed on as it was
        new_seat = {}
        for old, player in enumerate(game.seat_players):
            for new, record in enumerate(ordered):
                same = record.player_id == player if player is not None else (record.seat == old and record.bot_level)
                if same:
                    new_seat[old] = new
                    break
        return renumber_result(game.result, new_seat)

    def restore(self, record: GameRecord, log_rows: list) -> None:
        """Rebuild the game by replaying its log (after a restart, or to show a finished game)."""
        engine = self.engine
        state = initial_state(engine, record)
        game = LiveGame(record.id, engine, record.players, state, last_ms=record.started_ms,
                        seat_players=record.seat_players, number=record.game_number, commitment=record.commitment,
                        unrated=record.unrated)
        for row in log_rows:
            state, events = self._replay(game, state, row)
            game.version, game.last_ms = row.seq, row.server_ms
            game.history.append((row.seq, events))
        game.state, game.result = state, engine.result(state)
        self.game = game

    def _replay(self, game: LiveGame, state: State, row) -> tuple[State, list[Event]]:
        """One stored row applied to `state`; the ack its client got is remembered, so a resend
        of its `client_seq` gets it again."""
        state, events = replay_row(self.engine, state, row)
        if row.seat is not None and row.client_seq is not None:
            self._remember(game, row.seat, row.client_seq,
                           messages.ack(row.client_seq, row.seq, events_for(events, row.seat)))
        return state, events

    def resume(self) -> None:
        """Start the timers and bots of a restored running game."""
        if self.game and self.game.result is None:
            # After a restart nobody is connected yet: each player has the grace period to return.
            self.leavers.all_seen()
            self._schedule_timer()
            self._schedule_bots()

    # -- actions --------------------------------------------------------------------------

    async def act(self, seat: int | None, action: Action, stamp_ms: int, client_seq: int | None,
                  bot: bool = False, timing: dict | None = None, race: dict | None = None) -> dict:
        """Judge one action stamped on receipt; commit it, then tell everyone. Returns the ack.
        `bot`: the table's own bot sent it (for a bot's seat, or standing in for a player).
        From a race window (`_release`): `stamp_ms` is its compensated time, `timing` what the
        log keeps of its compensation, `race` the evidence of the race it wins, if it does."""
        game = self.game
        if game is None or self.room.status == "waiting":
            raise HubError("not_started", "this room's game has not started", 409)
        if seat is None:
            raise HubError(self.engine.spectator_refusal or "not_seated",
                           "spectators cannot act; join a seat first", 403)
        if not bot:
            self.seen(self.seats[seat].player_id)
        if self.unsure:
            await self._catch_up()
        if client_seq is not None and client_seq in game.replies.get(seat, {}):
            return game.replies[seat][client_seq]
        try:
            now = max(stamp_ms, game.last_ms)
            if game.result is not None:
                # The rules' own refusal after the end (Double Connect's not_playing, say), and
                # the table's game_over should an engine still accept something.
                self._judge(game.state, seat, action, now)
                raise IllegalAction("game_over", "the game has ended")
            action, state, events = self._judge(game.state, seat, action, now)
        except IllegalAction as exc:
            reply = messages.error(exc.code, exc.message, client_seq)
        except Exception:
            # A rules bug must not take the table down; the game is unchanged and the log says why.
            log.exception("table %s: engine failed on %.200r", self.room.code, action)
            reply = messages.error("invalid_action", "that action could not be judged", client_seq)
        else:
            if race is not None:
                events = [*events, race]
            await self._commit(seat, action, now, client_seq, state, events, timing)
            reply = messages.ack(client_seq, game.version, events_for(events, seat))
        if client_seq is not None:
            self._remember(game, seat, client_seq, reply)
        return reply

    def _judge(self, state: State, seat: int, action: Any, now: int) -> tuple[Action, State, list[Event]]:
        """The action's normal form (as the log keeps it) and what it does, or IllegalAction."""
        return judge(self.engine, state, seat, action, now)

    @staticmethod
    def _remember(game: LiveGame, seat: int, client_seq: int, reply: dict) -> None:
        replies = game.replies.setdefault(seat, OrderedDict())
        replies[client_seq] = reply
        while len(replies) > REPLIES_KEPT:
            replies.popitem(last=False)

    async def _commit(self, seat: int | None, action: Action, now: int, client_seq: int | None,
                      state: State, events: list[Event], timing: dict | None = None) -> None:
        game = self.game
        seq = game.version + 1
        result = self.engine.result(state) if game.result is None else None
        # The result is stored with the action that ends the game, in the same transaction.
        # So are who placed where and the ratings it moves (hub/ratings.py).
        then = (partial(ratings.finish_game_in, game_id=game.id, engine=self.engine, result=result, ended_ms=now,
                        unrated=game.unrated, end_players=self._holders()) if result else None)
        try:
            # One table keeps one action in flight: the next is judged on the state this one made,
            # and only once it is durable, so a failed commit never leaves a later ack standing.
            await self.hub.journal.append(ActionRow(game.id, seq, seat, action, now, client_seq, timing), then,
                                          self.fence)
        except LeaseLost as exc:
            # Another process took this table (this one stalled past its lease): nothing was
            # written, and it is theirs now; the client's resend reaches them.
            log.warning("table %s: lost its lease; action %s was not stored", self.room.code, seq)
            self.hub.lost(self)
            raise elsewhere() from exc
        except Exception as exc:
            log.error("table %s: could not store action %s: %s", self.room.code, seq, exc)
            self.unsure = True
            raise HubError("storage_unavailable", "the game could not be saved; try again", 503) from exc
        self.retry_ms = 0
        self._advance_to(seq, now, state, events, result)

    def _holders(self) -> list[str | None]:
        """Who holds each seat of the game now (a stood-in seat is still its player's)."""
        return [self.seats[s].player_id if s in self.seats else None for s in range(self.game.players)]

    def _advance_to(self, seq: int, now: int, state: State, events: list[Event], result: dict | None) -> None:
        game = self.game
        game.state, game.version, game.last_ms = state, seq, now
        game.history.append((seq, events))
        if result is not None:
            game.result = result
            self.room.status = "finished"
            self.leavers.end()
            self.rescues.end()
            self._broadcast_room()
        self._after_change(events)
        if self.reclaims:
            self.post(self.hand_back)

    async def _catch_up(self) -> None:
        """After a failed commit, read what the log holds past our version before anything else.

        A commit can fail after the database kept the row (the connection dropped on its way
        back), and then the row is the truth: it is applied here as if acknowledged, and its
        client's reply is remembered, so a resend with the same `client_seq` gets that ack instead
        of being applied twice. Raises storage_unavailable while the database stays away.
        """
        game = self.game
        try:
            # One action is in flight per table, so at most one row can be in doubt.
            rows = await self.hub.store.actions_page(game.id, game.version, 2)
        except Exception as exc:
            raise HubError("storage_unavailable", "the game could not be read back; try again", 503) from exc
        for row in rows:
            state, events = self._replay(game, game.state, row)
            result = self.engine.result(state) if game.result is None else None
            log.warning("table %s: action %s was stored though its commit failed", self.room.code, row.seq)
            self._advance_to(row.seq, row.server_ms, state, events, result)
        self.unsure = False

    async def _tick(self, stamp_ms: int) -> None:
        """A timer is due: apply the rules' automatic actions and log the call like an action."""
        game = self.game
        if game is None or game.result is not None:
            return
        if self.referee is not None and self.referee.held is not None:
            return  # a race window is open: its release judges in time order, then re-arms the timer
        try:
            if self.unsure:
                await self._catch_up()
            now = max(stamp_ms, game.last_ms)
            state, events = self.engine.advance(game.state, now)
            if state is game.state:
                self._schedule_timer()
                return
            await self._commit(None, ADVANCE, now, None, state, events)
        except HubError as exc:
            if exc.code != "storage_unavailable":
                raise
            # The timer is still due; a later `advance` fires it as at its due time (time rule 2).
            self.timer = asyncio.create_task(self._wait_for(self._retry_at()))

    def _retry_at(self) -> int:
        """When the table's own move (a timer, a bot) tries again after a failed commit: back-off
        doubling from RETRY_FIRST_MS to RETRY_MAX_MS, so a database that is down for a minute
        is neither hammered nor waited for long once it is back."""
        self.retry_ms = min(RETRY_MAX_MS, self.retry_ms * 2 or RETRY_FIRST_MS)
        return self.hub.clock.now_ms() + self.retry_ms

    async def _bot_move(self, seat: int, planned: Plan) -> None:
        if self.bots.get(seat, (None,))[0] is not planned:
            return  # replaced by a newer plan meanwhile
        del self.bots[seat]
        try:
            reply = await self.offer(seat, planned.action, self.hub.clock.now_ms(), None, bot=True)
        except HubError as exc:
            reply = exc
        if isinstance(reply, asyncio.Future):  # held in a race window: answered at its release
            reply.add_done_callback(lambda done: self.post(self._bot_answered, seat, planned,
                                                           done.exception() or done.result()))
        else:
            await self._bot_answered(seat, planned, reply)

    async def _bot_answered(self, seat: int, planned: Plan, reply: dict | BaseException) -> None:
        if isinstance(reply, BaseException):
            if not (isinstance(reply, HubError) and reply.code == "storage_unavailable"):
                raise reply
            retry = Plan(planned.action, self._retry_at())
            self.bots[seat] = (retry, asyncio.create_task(self._bot_after(seat, retry)))
            return
        if reply["type"] == "error":
            self._schedule_bots()  # nothing changed, so nothing else will wake this bot

    # -- races (hub/claims.py) ------------------------------------------------------------

    async def offer(self, seat: int | None, action: Any, stamp_ms: int, client_seq: int | None,
                    meter: claims.LagMeter | None = None, bot: bool = False) -> dict | asyncio.Future:
        """`act`, unless the room compensates lag and this is a race someone could still win
        with an earlier reaction: then the action waits in a window and a future of its reply is
        returned. While a window is open every action waits in it, so the engine still gets one
        ordered stream. `meter`: the sending socket's round trips."""
        referee, game = self.referee, self.game
        if (referee is None or game is None or game.result is not None or seat is None
                or self.room.status != "playing"
                or (client_seq is not None and client_seq in game.replies.get(seat, {}))):
            return await self.act(seat, action, stamp_ms, client_seq, bot)
        try:
            normal = self.engine.actions.normalise(action)
        except IllegalAction:
            normal = None  # refused by `act`, at once or at the window's release
        _, seen, reported = split_reaction(normal) if normal is not None else (None, None, None)
        if seen is not None and seen > game.version:
            # It reacted to a version this game never had: a claim of the previous game, still on
            # its way when the rematch began, must not land on this one.
            return messages.error("stale_version", f"this game is at version {game.version}, "
                                                   f"but the action reacted to version {seen}", client_seq)
        rtt = meter.rtt_ms() if meter is not None else None
        held = referee.entry(seat, action, normal, seen, reported, rtt, stamp_ms, client_seq, bot)
        if referee.held is not None:
            referee.held.append(held)
            return self._pending(held)
        if held.cards is None or not self._valid(seat, action, stamp_ms):
            return await self.act(seat, action, stamp_ms, client_seq, bot)
        rivals = max((referee.most(other, self._rtt_of(other), stamp_ms) for other in self._racers(seat)), default=0)
        if rivals <= held.compensation_ms:
            # Nobody's claim could count earlier than this one: no wait.
            return await self.act(seat, action, stamp_ms, client_seq, bot)
        referee.open(held, held.compensated_ms + rivals)
        self.release = asyncio.create_task(self._release_at(referee.ends_ms))
        return self._pending(held)

    def _valid(self, seat: int, action: Any, stamp_ms: int) -> bool:
        """Whether the engine would accept the action now (a refused one opens no window)."""
        try:
            self._judge(self.game.state, seat, action, max(stamp_ms, self.game.last_ms))
        except Exception:  # IllegalAction, or a rules bug that `act` logs
            return False
        return True

    def _racers(self, seat: int) -> list[int]:
        """The other seats a person plays that may send a race action now."""
        state, races = self.game.state, self.engine.actions.races
        return [other for other, record in self.seats.items()
                if other != seat and record.player_id and other not in self.leavers.seats
                and any(a.get("type") in races for a in self.engine.compact_legal_actions(state, other))]

    def _rtt_of(self, seat: int) -> int | None:
        """The largest RTT estimate among the seat's probed sockets (any of them may claim)."""
        player = self.seats[seat].player_id
        rtts = [sub.meter.rtt_ms() for sub in self.subscribers
                if sub.player_id == player and sub.meter is not None and sub.meter.samples]
        return max(rtts) if rtts else None

    def _pending(self, held: claims.Held) -> asyncio.Future:
        future = asyncio.get_running_loop().create_future()
        held.answer = partial(_settle, future)
        return future

    async def _release_at(self, ends_ms: int) -> None:
        await self.hub.clock.sleep_until(ends_ms)
        self.post(self._release)

    async def _release(self) -> None:
        """The window closes: judge what it held in compensated order, each at its compensated
        time, the winner of each contested race carrying the evidence."""
        referee = self.referee
        if referee.held is None:
            return
        ordered = referee.close()
        races = self._races_of(ordered)
        for held in ordered:
            race = races.get(held.order)
            try:
                reply = await self.act(held.seat, held.action, held.compensated_ms, held.client_seq, held.bot,
                                       held.timing(race) if held.cards is not None else None, race)
            except Exception as exc:
                held.answer(exc)
                continue
            if reply["type"] == "ack" and held.compensation_ms:
                referee.quota(held.seat, held.received_ms).spend(held.compensation_ms, held.received_ms)
            held.answer(reply)
        self._schedule_timer()

    def _races_of(self, ordered: list[claims.Held]) -> dict[int, dict]:
        """The `race_judged` event of each held action that wins a contested race, by its order:
        a dry run of the window in its judging order says which actions the engine accepts."""
        game = self.game
        state, last = game.state, game.last_ms
        accepted: dict[int, bool] = {}
        sent = {(seat, seq) for seat, replies in game.replies.items() for seq in replies}
        for held in ordered:
            now = max(held.compensated_ms, last)
            repeat = held.client_seq is not None and (held.seat, held.client_seq) in sent
            if held.client_seq is not None:
                sent.add((held.seat, held.client_seq))
            try:
                if repeat:
                    raise IllegalAction("repeat", "answered before: `act` sends the same reply again")
                _, state, _ = self._judge(state, held.seat, held.action, now)
            except Exception:
                accepted[held.order] = False
                continue
            accepted[held.order], last = True, now
        return claims.evidence(ordered, accepted)

    def probe(self, sub: Subscriber) -> None:
        """Measure a seated socket's round trips, for lag compensation."""
        if self.referee is None or sub.player_id is None:
            return
        sub.meter = claims.LagMeter()
        if self.prober is None or self.prober.done():
            self.prober = asyncio.create_task(self._probe_forever())

    async def _probe_forever(self) -> None:
        while any(sub.meter is not None for sub in self.subscribers) and not self.retired:
            now = self.hub.clock.now_ms()
            claims.probe(self.subscribers, now)
            await self.hub.clock.sleep_until(now + claims.PROBE_FIRST_MS)

    # -- after every change: timers, bots, views ------------------------------------------

    def _after_change(self, events: list[Event]) -> None:
        self._schedule_timer()
        self._schedule_bots()
        self._broadcast_state(events)

    def _schedule_timer(self) -> None:
        if self.timer:
            self.timer.cancel()
            self.timer = None
        deadline = self.engine.next_deadline(self.game.state) if self.game else None
        if deadline is not None and self.game.result is None:
            self.timer = asyncio.create_task(self._wait_for(deadline))

    async def _wait_for(self, deadline: int) -> None:
        await self.hub.clock.sleep_until(deadline)
        self.post(self._tick, self.hub.clock.now_ms())

    def _schedule_bots(self) -> None:
        """Give every bot seat a plan; a plan that is still valid keeps its time (its reaction
        is not restarted by an unrelated change)."""
        game = self.game
        running = game is not None and game.result is None
        now = self.hub.clock.now_ms()
        for seat in list(self.bots):
            planned, task = self.bots[seat]
            if running and self._bot_level(seat) and still_valid(self.engine, game.state, seat, planned, now):
                continue
            task.cancel()
            del self.bots[seat]
        if not running:
            return
        for seat in self.seats:
            level = self._bot_level(seat)
            if level and seat not in self.bots:
                planned = plan(self.engine, game.state, seat, self.bot_rng, level,
                               self.hub.settings.bot_delay_ms, now)
                if planned:
                    self.bots[seat] = (planned, asyncio.create_task(self._bot_after(seat, planned)))

    def _bot_level(self, seat: int) -> str | None:
        """The level of the bot that plays `seat` now, if any: its own, or a stand-in's."""
        record = self.seats.get(seat)
        if record is None:
            return None
        return record.bot_level or (DEFAULT_LEVEL if seat in self.leavers.seats else None)

    # -- leavers (hub/leavers.py) ---------------------------------------------------------

    @property
    def stand_ins(self) -> set[int]:
        return self.leavers.seats

    def seen(self, player_id: str | None) -> None:
        """A sign of life from `player_id` (a socket, an action, a state request): a seat a bot
        plays for them is theirs again at once; one lent to a rescuer, at its next step boundary."""
        self._reclaim(player_id)
        if self.leavers.seen(player_id):
            # Back before anyone took the seat over: it is theirs, and a request for it is moot.
            self.rescues.withdraw(self.seat_of(player_id))
            self._schedule_bots()
            self._broadcast_room()

    async def check_stand_ins(self) -> None:
        """A player's grace has ended: a bot takes their seat if they are still gone."""
        if self.game and self.game.result is None and self.room.status == "playing" and self.leavers.take_over():
            await self.mark_unrated("bots")
            self._schedule_bots()
            self._broadcast_room()

    # -- seat rescue (hub/rescue.py) ------------------------------------------------------

    async def ask_rescue(self, player_id: str, name: str, seat: int) -> dict:
        """Someone not seated asks to play a seat a bot stands in for."""
        request = self.rescues.ask(player_id, name, seat)
        self.names[player_id] = name
        self._broadcast_room()
        return next(r for r in self.rescues.public() if r["seat"] == request.seat)

    async def withdraw_rescue(self, player_id: str, seat: int) -> dict:
        """The asker takes their request back, or the host declines it."""
        asker = None if player_id == self.room.host_id else player_id
        if self.rescues.withdraw(seat, asker) is None:
            raise HubError("no_rescue_request", "there is no such request for this seat", 409)
        self._broadcast_room()
        return {"seat": seat, "granted": False}

    async def approve_rescue(self, player_id: str, seat: int) -> dict:
        """The host's yes grants a request; with the host away, a seated player's yes counts
        towards a majority of the seated players."""
        if not self.rescues.approve(player_id, seat):
            self._broadcast_room()
            return {"seat": seat, "granted": False}
        await self._grant_rescue(self.rescues.requests[seat])
        return {"seat": seat, "granted": True}

    async def mark_unrated(self, reason: str) -> str | None:
        """The running game stops counting for ratings ("bots", "abandoned", "rescued"...): the
        first reason stays. It is written through the journal at once (a restart keeps it), and
        the write that finishes the game carries it too, so a database that is away just now
        (when stand-ins take over, often) costs nothing: the table goes on. Returns the reason kept."""
        game = self.game
        if game is None or game.result is not None:
            return None
        if game.unrated is None:
            game.unrated = reason
            try:
                game.unrated = await self.hub.journal.write(partial(ratings.mark_unrated_in, game_id=game.id,
                                                                    reason=reason), self.fence)
            except Exception as exc:
                log.warning("table %s: could not store that its game is unrated (%s); its end will", self.room.code,
                            exc)
        return game.unrated

    def _lent_seat(self, player_id: str | None) -> int | None:
        """The seat of the running game `player_id` started in and a rescuer now holds, if any."""
        game = self.game
        if player_id is None or game is None or game.result is not None or not game.seat_players \
                or self.seat_of(player_id) is not None:
            return None
        return next((seat for seat, owner in enumerate(game.seat_players) if owner == player_id
                     and seat in self.seats and self.seats[seat].player_id not in (None, player_id)
                     and not self.seats[seat].bot_level), None)

    def _reclaim(self, player_id: str | None) -> None:
        """A seat's own player is back: it returns to them once the rescuer's current step closes
        (the rules' step boundary), so no decision the rescuer is making changes hands midway."""
        seat = self._lent_seat(player_id)
        if seat is None or seat in self.reclaims:
            return
        self.reclaims[seat] = (player_id, self.engine.step(self.game.state, seat))
        rescuer = self.seats[seat].player_id
        if not self.roster.sockets.get(rescuer) or not self.engine.legal_actions(self.game.state, seat):
            self.post(self.hand_back)  # nothing of the rescuer's in play: at once
        self._broadcast_room()

    async def hand_back(self) -> None:
        """Return each lent seat whose step has closed since its player came back."""
        game = self.game
        if game is None or game.result is not None:
            self.reclaims.clear()
            return
        rescuer_here = {seat: bool(self.roster.sockets.get(self.seats[seat].player_id)) for seat in self.reclaims}
        due = [seat for seat, (owner, step) in self.reclaims.items()
               if self.engine.step(game.state, seat) != step or not rescuer_here[seat]
               or not self.engine.legal_actions(game.state, seat)]
        if not due:
            return
        moved = {}
        for seat in due:
            owner, _ = self.reclaims.pop(seat)
            moved[seat] = self.seats[seat].player_id
            # Theirs again even if the rescuer left it to a bot meanwhile: it was only lent.
            self.seats[seat].player_id, self.seats[seat].bot_level = owner, None
        await self._save_seats()
        log.info("table %s: seats %s handed back to their players", self.room.code, sorted(due))
        self._schedule_bots()
        for sub in list(self.subscribers):
            if sub.player_id in {*moved.values(), *(self.seats[s].player_id for s in due)}:
                sub.send(self.snapshot(self.seat_of(sub.player_id)))

    async def _grant_rescue(self, request: Request) -> None:
        seat = request.seat
        self.rescues.withdraw(seat)
        if seat not in self.leavers.seats or self.seat_of(request.player_id) is not None:
            self._broadcast_room()
            raise HubError("seat_not_abandoned", "that seat's player is back, or the asker plays another seat", 409)
        owner = self.seats[seat].player_id
        self.seats[seat].player_id = request.player_id
        self.names[request.player_id] = request.name
        self.leavers.seats.discard(seat)
        self.leavers.seen(request.player_id)  # the grace runs for the new player from now
        await self._save_seats()
        await self.mark_unrated("rescued")
        log.info("table %s: seat %s taken over", self.room.code, seat)
        self._schedule_bots()
        self.leavers.plan()
        # The two people whose view changed: the new player sees the seat's hand, its old player
        # (should a page of theirs be open) watches.
        for sub in list(self.subscribers):
            if sub.player_id in (request.player_id, owner):
                sub.send(self.snapshot(self.seat_of(sub.player_id)))

    async def _bot_after(self, seat: int, planned: Plan) -> None:
        await self.hub.clock.sleep_until(planned.at_ms)
        self.post(self._bot_move, seat, planned)

    # -- chat (hub/chat.py): the room's, never the game's ------------------------------------

    def _may_chat(self, player_id: str | None) -> None:
        """Players (a seat, or the host) write; spectators read unless the host let them write;
        a muted person writes nothing."""
        if self.seat_of(player_id) is None and player_id != self.room.host_id and not self.room.spectator_chat:
            raise HubError("chat_spectators_off", "only the players chat in this room; the host may let spectators "
                                                  "chat too", 403)
        if player_id is None:
            raise HubError("chat_needs_name", "choose a name to chat", 403)
        if player_id in (self.room.muted or ()):
            raise HubError("chat_muted", "the host muted you in this room", 403)

    async def chat_for(self, player_id: str) -> list[dict]:
        """The recent chat, for a reader the room already lets hear it: a seat, the host, or a
        spectator with a page of the room open. The link alone (a harvested code) reads nothing."""
        watching = self.roster.sockets.get(player_id, 0) > 0
        if self.seat_of(player_id) is None and player_id != self.room.host_id and not watching:
            raise HubError("chat_not_allowed", "the chat is for the room's players and the people watching it; "
                                               "open the room to read it", 403)
        return self.chat.history()

    async def send_chat(self, player_id: str | None, kind: str, content: str) -> dict:
        """Store one line (`kind` "text") or reaction, then send it to every socket of the room.
        It never reaches the game: no log row, no version, nothing the rules see."""
        self._may_chat(player_id)
        body = clean_text(content) if kind == "text" else check_reaction(content)
        now = self.hub.clock.now_ms()
        self.chat.check_rate(player_id, kind, now)
        name = await self._chat_name(player_id)
        try:
            line_id = await self.hub.journal.write(partial(Repository.add_chat_in, room_id=self.room.id,
                                                           player_id=player_id, kind=kind, body=body, sent_ms=now,
                                                           keep=HISTORY_KEPT),
                                                   self.fence)
        except Exception as exc:
            # Nothing in memory depends on it: the line is neither kept nor sent (if it landed
            # all the same, it shows the next time the room loads).
            log.warning("table %s: could not store a chat line (%s)", self.room.code, exc)
            raise HubError("storage_unavailable", "the chat line could not be saved; try again", 503) from exc
        self.chat.spend(player_id, kind, now)
        line = Line(line_id, player_id, name, kind, body, now)
        self.chat.add(line)
        message = Outbound(encode({"type": "chat", "message": line.public()}))
        for sub in list(self.subscribers):
            sub.send(message)
        return line.public()

    async def _chat_name(self, player_id: str) -> str:
        name = self.names.get(player_id) or self.chat.authors.get(player_id)
        if name is None:  # a spectator the host let write: read once
            player = (await self.hub.store.players({player_id})).get(player_id)
            name = self.chat.authors[player_id] = player.name if player else ""
        return name

    def _chat_settings(self) -> dict:
        return {"spectator_chat": bool(self.room.spectator_chat), "muted": list(self.room.muted or [])}

    async def set_spectator_chat(self, player_id: str, allowed: bool) -> dict:
        self._require_host(player_id)
        await self._save_chat_settings(allowed, list(self.room.muted or []))
        return self._chat_settings()

    async def mute(self, player_id: str, target: str) -> dict:
        """The host mutes `target`: their lines are refused until unmuted (those sent stay)."""
        self._require_host(player_id)
        if target == self.room.host_id:
            raise HubError("cannot_mute_host", "the host cannot be muted", 409)
        known = (target in self.names or target in self.chat.authors
                 or any(sub.player_id == target for sub in self.subscribers))
        if not known:
            raise HubError("player_not_in_room", "no such player is in this room", 404)
        muted = list(self.room.muted or [])
        if target not in muted:
            await self._save_chat_settings(bool(self.room.spectator_chat), [*muted, target])
        return self._chat_settings()

    async def unmute(self, player_id: str, target: str) -> dict:
        self._require_host(player_id)
        muted = list(self.room.muted or [])
        if target in muted:
            await self._save_chat_settings(bool(self.room.spectator_chat), [m for m in muted if m != target])
        return self._chat_settings()

    async def _save_chat_settings(self, spectator_chat: bool, muted: list[str]) -> None:
        try:
            await self.hub.journal.write(partial(Repository.set_chat_settings_in, room_id=self.room.id,
                                                 spectator_chat=spectator_chat, muted=muted), self.fence)
        except Exception as exc:
            raise self._in_doubt("its chat settings", exc) from exc
        self.room.spectator_chat, self.room.muted = spectator_chat, muted or None
        self._broadcast_room()

    # -- what clients see -----------------------------------------------------------------

    def room_public(self) -> dict:
        """The room as every socket and GET /api/rooms/{code} show it; namesakes told apart."""
        room = self.room
        return tell_apart({
            "code": room.code, "url": f"/t/{room.code}", "game": room.game, "title": self.engine.title,
            "config": {**self.config, **self.options}, "private": room.private, "status": room.status,
            "host": {"id": room.host_id, "name": self.names.get(room.host_id, "")},
            "reconnect_grace_s": room.reconnect_grace_s,
            "max_seats": self.max_seats, "min_players": self.player_counts[0],
            "player_counts": self.player_counts,
            "game_id": room.game_id, "commitment": self.game.commitment if self.game else None,
            "seats": self._seats_public(),
            "presence": self._presence(), "spectators": self._spectators(),
            "rematch_requests": sorted(self.rematch_requests),
            "rescue_requests": self.rescues.public(),
            **self._chat_settings(),
        })

    def _seats_public(self) -> list[dict]:
        return [self._seat_public(s) for s in sorted(self.seats.values(), key=lambda s: s.seat)]

    def _presence(self) -> dict[int, str]:
        now = self.hub.clock.now_ms()
        return {s.seat: self.roster.of(s.player_id, now).value for s in self.seats.values() if s.player_id}

    def _spectators(self) -> int:
        seated = {s.player_id for s in self.seats.values() if s.player_id}
        return self.roster.spectators + sum(n for pid, n in self.roster.sockets.items() if pid not in seated)

    def _seat_public(self, seat: SeatRecord) -> dict:
        player = None
        if seat.player_id:
            player = {"id": seat.player_id, "name": self.names.get(seat.player_id, "")}
        return {"seat": seat.seat, "player": player, "bot": seat.bot_level, "stand_in": seat.seat in self.leavers.seats}

    def snapshot(self, seat: int | None, events: list[Event] | None = None) -> dict:
        """The state message for one seat (or a spectator)."""
        game = self.game
        if game is None:
            raise HubError("not_started", "this room's game has not started", 409)
        legal = self.engine.compact_legal_actions(game.state, seat) if seat is not None else []
        return {"type": "state", "game_id": game.id, "version": game.version, "seat": seat,
                "commitment": game.commitment,
                "view": self.engine.view(game.state, seat), "legal_actions": legal,
                "events": events_for(events or [], seat), "result": game.result}

    def _broadcast_state(self, events: list[Event]) -> None:
        if self.referee is not None:
            self.referee.sent_version(self.game.version, self.hub.clock.now_ms())
        seats = {s.player_id: s.seat for s in self.seats.values() if s.player_id}
        send_by_seat(self.subscribers, seats, lambda seat: self.snapshot(seat, events))

    def _broadcast_room(self, crowd: bool = False) -> bool:
        """Every socket hears the room again, now (True). A socket coming or going (`crowd`) is
        heard now only if the room was last sent ROOM_EVERY_S ago or more; else once that interval
        ends, with every change made meanwhile: a crowd's joins cost a message per interval."""
        if crowd:
            if self.room_due is not None:
                return False  # already held back; it will carry this change too
            wait = self.room_sent + ROOM_EVERY_S - time.monotonic()
            if wait > 0:
                self.room_due = asyncio.get_running_loop().call_later(wait, self.post, self._room_due)
                return False
        elif self.room_due is not None:
            self.room_due.cancel()  # this message carries what it held back
            self.room_due = None
        self._send_room()
        return True

    async def _room_due(self) -> None:
        self.room_due = None
        self._send_room()

    def _send_room(self) -> None:
        self.room_sent = time.monotonic()
        public = self.room_public()
        message = Outbound(encode({"type": "room", "room": public}))
        for sub in list(self.subscribers):
            sub.send(message)
        self.hub.room_changed(self, public)

    async def subscribe(self, sub: Subscriber) -> None:
        """Add a socket; send it the room and, if there is a game, its move log and full state."""
        if sub.player_id is not None and self.roster.sockets.get(sub.player_id, 0) >= SOCKETS_PER_PLAYER:
            raise HubError("too_many_sockets", f"you already have {SOCKETS_PER_PLAYER} connections to this room; "
                                               "close a tab first", 409)
        if sub.player_id is None and self.roster.spectators >= self.hub.settings.anonymous_sockets_per_room:
            raise HubError("too_many_spectators", "this room has as many anonymous watchers as it takes; "
                                                  "choose a name to watch", 409)
        self.subscribers.add(sub)
        self.roster.connect(sub.player_id)
        self.seen(sub.player_id)
        # A watcher is one of a crowd: the others hear of it within the interval (it, at once); a
        # seated player's presence is news for everyone now.
        if not self._broadcast_room(crowd=self.seat_of(sub.player_id) is None):
            sub.send({"type": "room", "room": self.room_public()})
        if self.chat.lines:
            sub.send({"type": "chat_history", "messages": self.chat.history()})
        if self.game:
            seat = self.seat_of(sub.player_id)
            sub.send(messages.history(self.game.id, [(v, events_for(e, seat)) for v, e in self.game.history]))
            sub.send(self.snapshot(seat))

    async def unsubscribe(self, sub: Subscriber) -> None:
        self.subscribers.discard(sub)
        self.roster.disconnect(sub.player_id, sub.id, self.hub.clock.now_ms())
        self.leavers.plan()
        self._broadcast_room(crowd=self.seat_of(sub.player_id) is None)
        if sub.player_id is not None:
            # When the grace period ends, "reconnecting" becomes "away": everyone must hear it.
            asyncio.get_running_loop().call_later(self.roster.grace_ms / 1000, self.post, self._announce_room)

    async def set_hidden(self, sub: Subscriber, hidden: bool) -> None:
        """The socket's page went out of view (or came back)."""
        self.roster.set_hidden(sub.player_id, sub.id, hidden)
        self._broadcast_room()

    async def _announce_room(self) -> None:
        self._broadcast_room()

    async def public_log(self, after: int, limit: int) -> dict:
        """A page of the log (seq > `after`, at most `limit`). Read outside the actor: a long read
        must not hold up the table's actions, and rows, once written, never change."""
        game = self.game
        if game is None:
            raise HubError("not_started", "this room's game has not started", 409)
        game_id, finished = game.id, game.result is not None
        rows = await self.hub.store.actions_page(game_id, after, limit + 1)
        more, rows = len(rows) > limit, rows[:limit]
        entries = [{"seq": r.seq, "seat": r.seat, "server_ms": r.server_ms,
                    "action": r.action if finished or r.seat is None
                    else self.engine.public_action(r.seat, r.action), "timing": r.timing} for r in rows]
        log_view = {"game_id": game_id, "finished": finished, "entries": entries,
                    "next_after": rows[-1].seq if more else None}
        if finished:
            # Once the game is over anyone may check it: setup(seed) + this log replays it exactly.
            record = await self.hub.store.game(game_id)
            log_view.update(seed=record.seed, players=record.players, config=record.config,
                            started_ms=record.started_ms, fairness=revealed(record, self.room.code))
        return log_view


def _settle(future: asyncio.Future, reply: dict | BaseException) -> None:
    """Answer a held action's waiter, if it still waits (its socket may have gone)."""
    if future.done():
        return
    if isinstance(reply, BaseException):
        future.set_exception(reply)
    else:
        future.set_result(reply)


def renumber_result(result: dict, new_seat: dict[int, int]) -> dict:
    """`result` with the seats in its documented keys (winners, ranking, previous_winner, scores,
    standings' `seat`) moved to their new numbers; a seat without one is dropped (or becomes None).
    Anything else is passed on as it was."""
    def seat(old: Any) -> int | None:
        return new_seat.get(old) if isinstance(old, int) and not isinstance(old, bool) else None

    moved = dict(result)
    for key in ("winners", "ranking"):
        if isinstance(result.get(key), list):
            moved[key] = [seat(s) for s in result[key] if seat(s) is not None]
    if result.get("previous_winner") is not None:
        moved["previous_winner"] = seat(result["previous_winner"])
    if isinstance(result.get("scores"), dict):
        moved["scores"] = {str(seat(int(s))): n for s, n in result["scores"].items()
                           if str(s).isdigit() and seat(int(s)) is not None}
    if isinstance(result.get("standings"), list):
        moved["standings"] = [row if not (isinstance(row, dict) and "seat" in row) else {**row, "seat": seat(row["seat"])}
                              for row in result["standings"]
                              if not (isinstance(row, dict) and "seat" in row) or seat(row["seat"]) is not None]
    return moved
