"""A table: the live side of one room — its seats, its running game, and the sockets watching it.

The spine: every change goes through one actor (hub/actor.py), so a table's actions are applied
one at a time, in the order the server stamped them; each accepted action is judged by the engine,
committed to the log, and only then heard by anyone; timers and bots are planned after every change.
The rest are parts that own their state, given what hub/services.py says: seating, the live game,
the race window, views, chat, stand-ins, rescue, bots and the room's announcements.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from functools import partial
from typing import Any

from .. import logs
from ..engine import Action, Event, IllegalAction, State, events_for
from ..storage.leases import LeaseLost
from ..storage.records import GameRecord, RoomRecord, SeatRecord
from ..storage.repository import ActionRow, Repository
from ..storage.results import finish_game_in
from . import claims, live_game, messages, views
from .actor import Mailbox, Retired
from .audience import Audience
from .bot_seats import BotSeats
from .chat import Chat, Line
from .errors import ErrorCode, HubError
from .fanout import Subscriber
from .journal import together
from .leavers import StandIns
from .live_game import LiveGame
from .ownership import elsewhere
from .presence import Roster
from .race_window import RaceWindow
from .rescue import Rescues
from .room_chat import RoomChat
from .room_rules import RoomRules
from .seating import Seating
from .services import TableServices, verb
from .turns import Turns

log = logging.getLogger(__name__)

ADVANCE = {"type": "advance"}  # how a fired timer appears in the log (seat null)
RETRY_FIRST_MS, RETRY_MAX_MS = 100, 5_000  # a timer's or bot's move after a failed commit


class Table(Mailbox):
    """The actor of one room."""

    def __init__(
        self,
        services: TableServices,
        room: RoomRecord,
        seats: list[SeatRecord],
        names: dict[str, str],
        chat: list[Line] | None = None,
    ) -> None:
        super().__init__()
        self.services, self.clock = services, services.clock
        self.room = room
        self.rules = RoomRules.of(room)
        self.engine, self.config, self.options = self.rules.engine, self.rules.config, self.rules.options
        self.player_counts = self.rules.player_counts
        self.game: LiveGame | None = None
        self.timer: asyncio.Task | None = None
        # After a failed commit: how long the table's own next try waits, and whether the failed
        # row may have landed all the same (its commit's answer lost), so the log must be read first.
        self.retry_ms = 0
        self.unsure = False
        # When the actor last ran a command (or a socket came or went), for unloading idle tables.
        self.touched_ms = self.clock.now_ms()
        # With several processes, this table's lease (room id, epoch): every write names it.
        self.fence: tuple[int, int] | None = None
        self.roster = Roster()
        effects: Any = weakref.proxy(self)  # the parts hold the table weakly (hub/services.py)
        self.seating = Seating(room, seats, names, self.rules.max_seats, services, effects, self.roster)
        self.leavers = StandIns(room, self.seating, self.roster, self.clock, effects)
        self.rescues = Rescues(self.engine, self.seating, self.roster, self.leavers, self.clock, effects)
        self.talk = RoomChat(Chat(chat), self.seating, self.roster, services, effects)
        self.audience = Audience(self.roster, self.talk.chat, self.leavers, services, effects)
        self.subscribers = self.audience.subscribers
        self.bot_seats = BotSeats(self.engine, self.seating, self.leavers, self.clock, services.settings, effects)
        self.turns = Turns(
            room, self.engine, self.seating, self.roster, self.clock, services.journal, services.notify, effects
        )
        # Lag compensation (hub/claims.py), for the real-time games of rooms that have it on.
        self.races = None
        if self.options.get(claims.OPTION):
            self.races = RaceWindow(self.rules, self.seating, self.leavers, self.audience, services, effects)
        # The parts' verbs, awaited directly on the table (each runs inside the actor).
        sit, rescues, talk, audience = self.seating, self.rescues, self.talk, self.audience
        self.join, self.add_bot, self.leave, self.seat_of = sit.join, sit.add_bot, sit.leave, sit.seat_of
        self.remove_seat, self.move_seat = sit.remove_seat, sit.move_seat
        self.request_rematch, self.hand_back = sit.request_rematch, rescues.hand_back
        self.ask_rescue, self.withdraw_rescue = rescues.ask_rescue, rescues.withdraw_rescue
        self.approve_rescue, self.set_spectator_chat = rescues.approve_rescue, talk.set_spectator_chat
        self.chat_for, self.send_chat, self.mute, self.unmute = talk.chat_for, talk.send_chat, talk.mute, talk.unmute
        self.subscribe, self.unsubscribe = audience.subscribe, audience.unsubscribe
        self.set_hidden, self.watch, self.heard = audience.set_hidden, audience.watch, audience.heard

    # -- what the parts hold, read through the table --------------------------------------

    @property
    def seats(self) -> dict[int, SeatRecord]:
        return self.seating.seats

    @property
    def names(self) -> dict[str, str]:
        return self.seating.names

    # -- the actor ------------------------------------------------------------------------

    def _name(self) -> str:
        return f"table-{self.room.code}"

    def _begin(self, quiet: bool) -> None:
        logs.room_code.set(self.room.code)  # this task's context: every line it logs names the room
        logs.game_id.set(self.game_id)
        if not quiet:  # the sweeper's own question is no sign of life
            self.touched_ms = self.clock.now_ms()

    @property
    def game_id(self) -> int | None:
        return self.game.id if self.game else None

    def about(self) -> Any:
        """Log lines of this block name this table's room and game (for code outside its actor)."""
        return logs.about(self.room.code, self.game_id)

    def _cancel_waits(self) -> None:
        """Call off everything the table waits for: its timer, its bots' moves, a leaver's grace."""
        self.leavers.cancel()
        self.rescues.end()
        self.bot_seats.cancel()
        self.turns.cancel()
        self.audience.cancel()
        if self.timer:
            self.timer.cancel()
        if self.races is not None:
            self.races.cancel()
            self.races.close_held(Retired())

    async def retire_if_idle(self, now_ms: int, idle_ms: int, expired: bool = False) -> bool:
        """Leave memory if nobody is here and nothing will happen by itself soon: no socket, no live
        game running (its timers and bots need the actor; a daily game's deadlines bring it back,
        hub/pace.py), quiet for `idle_ms` (or the room expired). The table is rebuilt from the
        database the next time anyone asks for it, or when its daily game is due."""

        async def retire() -> bool:
            playing = self.room.status == "playing"
            busy = playing and (not self.turns.daily or self.bot_seats.plans or self.unsure)
            if self.subscribers or busy or (not expired and now_ms - self.touched_ms < idle_ms):
                return False
            self.retired = True
            self._cancel_waits()
            self._stop_soon()
            return True

        return bool(await self.call(retire, quiet=True))

    def in_doubt(self, what: str, exc: Exception) -> HubError:
        """A write of the room (not an action: those are read back, see `_catch_up`) failed, and
        may have landed all the same: memory may no longer match the database. The table leaves
        memory and the next request rebuilds it from the database, the truth; its sockets are
        closed with 1013 and reconnect to the new one."""
        log.error("table %s: could not store %s (%s); reloading it from the database", self.room.code, what, exc)
        self.leave_memory("the room is reloading; reconnect")
        return HubError(ErrorCode.STORAGE_UNAVAILABLE, "the room could not be saved; try again")

    def _close_all(self, why: str) -> None:
        self.audience.close_all(why)

    def fenced(self) -> tuple:
        """The extra arguments of a direct write of the store: this table's lease, if it has one."""
        return ({self.fence[0]: self.fence[1]}, self.services.instance_id) if self.fence else ()

    @verb
    async def rename(self, player_id: str, name: str) -> None:
        if player_id in self.names:
            self.names[player_id] = name
            self.broadcast_room()
        self.talk.rename(player_id, name)

    # -- the game: its start, its restore, its actions --------------------------------------

    @verb
    async def start_game(self, player_id: str, rematch: bool) -> dict:
        self.seating.require_host(player_id)
        live_game.check_start(self.room, self.seats, self.player_counts, rematch)
        last, fixed_seed, owner = self.game if rematch else None, self.services.fixed_seed, self.services.instance_id
        now = self.clock.now_ms()
        seats, state, record = live_game.prepare(self.rules, self.room, self.seats, last, fixed_seed, owner, now)
        start = partial(Repository.start_game_in, room_id=self.room.id, game=record, seats=seats)
        turn = self.turns.write(state, len(seats), 0, None, {"type": "start"}, now)
        try:
            record = await self.services.journal.write(together(start, turn), self.fence)
        except Exception as exc:
            raise self.in_doubt("its game's start", exc) from exc
        self.seating.seats = {s.seat: s for s in seats}
        self.room.status, self.room.game_id = "playing", record.id
        self.game = LiveGame.of(record, self.engine, state)
        if self.races is not None:
            self.races.referee.new_game()  # the last game's versions and seats mean nothing here
        self.seating.rematch_requests.clear()
        self.leavers.end()
        self.rescues.end()
        self.leavers.all_seen()
        self.broadcast_room()
        self._after_change(self.engine.start_events(state))
        return {"game_id": record.id}

    def restore(self, record: GameRecord, log_rows: list) -> None:
        """Rebuild the game by replaying its log (after a restart, or to show a finished game)."""
        self.game = live_game.restore(self.engine, record, log_rows)
        self.turns.restored(self.game.state)

    def resume(self) -> None:
        """Start the timers and bots of a restored running game."""
        if self.game and self.game.result is None:
            # After a restart nobody is connected yet: each player has the grace period to return.
            self.leavers.all_seen()
            self.schedule_timer()
            self.schedule_bots()
            self.turns.plan()

    @verb
    async def act(
        self,
        seat: int | None,
        action: Action,
        stamp_ms: int,
        client_seq: int | None,
        bot: bool = False,
        timing: dict | None = None,
        race: dict | None = None,
    ) -> dict:
        """Judge one action stamped on receipt; commit it, then tell everyone. Returns the ack.
        `bot`: the table's own bot sent it (for a bot's seat, or standing in for a player).
        From a race window (hub/race_window.py): `stamp_ms` is its compensated time, `timing`
        what the log keeps of its compensation, `race` the evidence of the race it wins, if it does."""
        game = self.game
        if game is None or self.room.status == "waiting":
            raise HubError(ErrorCode.NOT_STARTED, "this room's game has not started")
        if seat is None:
            raise HubError(
                self.engine.spectator_refusal or "not_seated", "spectators cannot act; join a seat first", 403
            )
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
                game.judge(seat, action, now)
                raise IllegalAction(ErrorCode.GAME_OVER, "the game has ended")
            action, state, events = game.judge(seat, action, now)
        except IllegalAction as exc:
            reply = messages.error(exc.code, exc.message, client_seq)
        except Exception:
            # A rules bug must not take the table down; the game is unchanged and the log says why.
            log.exception("table %s: engine failed on %.200r", self.room.code, action)
            reply = messages.error(ErrorCode.INVALID_ACTION, "that action could not be judged", client_seq)
        else:
            if race is not None:
                events = [*events, race]
            await self._commit(seat, action, now, client_seq, state, events, timing)
            reply = messages.ack(client_seq, game.version, events_for(events, seat))
        if client_seq is not None:
            game.remember(seat, client_seq, reply)
        return reply

    @verb
    async def offer(
        self,
        seat: int | None,
        action: Any,
        stamp_ms: int,
        client_seq: int | None,
        meter: claims.LagMeter | None = None,
        bot: bool = False,
    ) -> dict | asyncio.Future:
        """`act`, unless the room compensates lag and this is a race someone could still win
        with an earlier reaction: then a future of its reply (hub/race_window.py)."""
        if self.races is None or seat is None or not self.races.holds(seat, client_seq):
            return await self.act(seat, action, stamp_ms, client_seq, bot)
        return await self.races.offer(seat, action, stamp_ms, client_seq, meter, bot)

    async def _commit(
        self,
        seat: int | None,
        action: Action,
        now: int,
        client_seq: int | None,
        state: State,
        events: list[Event],
        timing: dict | None = None,
    ) -> None:
        game = self.game
        assert game is not None
        seq = game.version + 1
        result = self.engine.result(state) if game.result is None else None
        # The result is stored with the action that ends the game, in the same transaction.
        # So are who placed where and the ratings it moves (storage/results.py).
        then = (
            partial(
                finish_game_in,
                game_id=game.id,
                engine=self.engine,
                result=result,
                ended_ms=now,
                unrated=game.unrated,
                end_players=self.seating.holders(game.players),
            )
            if result
            else None
        )
        try:
            # One table keeps one action in flight: the next is judged on the state this one made,
            # and only once it is durable, so a failed commit never leaves a later ack standing.
            turn = self.turns.write(state, game.players, seq, seat, action, now)
            await self.services.journal.append(
                ActionRow(game.id, seq, seat, action, now, client_seq, timing),
                together(then, turn) if then else turn,
                self.fence,
            )
        except LeaseLost as exc:
            # Another process took this table (this one stalled past its lease): nothing was
            # written, and it is theirs now; the client's resend reaches them.
            log.warning("table %s: lost its lease; action %s was not stored", self.room.code, seq)
            self.services.lost(self.room.code, self.fence)
            self.leave_memory("this room moved to another server; reconnecting")
            raise elsewhere() from exc
        except Exception as exc:
            log.error("table %s: could not store action %s: %s", self.room.code, seq, exc)
            self.unsure = True
            raise HubError(ErrorCode.STORAGE_UNAVAILABLE, "the game could not be saved; try again") from exc
        self.retry_ms = 0
        self._advance_to(seq, now, state, events, result)

    def _advance_to(self, seq: int, now: int, state: State, events: list[Event], result: dict | None) -> None:
        game = self.game
        assert game is not None
        game.advance_to(seq, now, state, events)
        if result is not None:
            game.result = result
            self.room.status = "finished"
            self.leavers.end()
            self.rescues.end()
            self.broadcast_room()
        self._after_change(events)
        if self.rescues.reclaims:
            self.post(self.hand_back)

    async def _catch_up(self) -> None:
        """After a failed commit, read what the log holds past our version before anything else.

        A commit can fail after the database kept the row (the connection dropped on its way
        back), and then the row is the truth: it is applied here as if acknowledged, and its
        client's reply is remembered, so a resend with the same `client_seq` gets that ack instead
        of being applied twice. Raises storage_unavailable while the database stays away.
        """
        game = self.game
        assert game is not None
        try:
            # One action is in flight per table, so at most one row can be in doubt.
            rows = await self.services.store.actions_page(game.id, game.version, 2)
        except Exception as exc:
            raise HubError(ErrorCode.STORAGE_UNAVAILABLE, "the game could not be read back; try again") from exc
        for row in rows:
            state, events = game.replay(game.state, row)
            result = self.engine.result(state) if game.result is None else None
            log.warning("table %s: action %s was stored though its commit failed", self.room.code, row.seq)
            self._advance_to(row.seq, row.server_ms, state, events, result)
        self.unsure = False

    async def mark_unrated(self, reason: str) -> str | None:
        return await live_game.mark_unrated(self.game, reason, self.services.journal, self.fence, self.room.code)

    # -- after every change: timers, bots, views ------------------------------------------

    def _after_change(self, events: list[Event]) -> None:
        self.schedule_timer()
        self.schedule_bots()
        self._broadcast_state(events)
        assert self.game is not None
        self.turns.changed(self.game.state)

    def schedule_timer(self) -> None:
        if self.timer:
            self.timer.cancel()
            self.timer = None
        deadline = self.engine.next_deadline(self.game.state) if self.game else None
        if deadline is not None and self.game is not None and self.game.result is None:
            self.timer = asyncio.create_task(self._wait_for(deadline))

    async def _wait_for(self, deadline: int) -> None:
        await self.clock.sleep_until(deadline)
        self.post(self._tick, self.clock.now_ms())

    async def _tick(self, stamp_ms: int) -> None:
        """A timer is due: apply the rules' automatic actions and log the call like an action."""
        game = self.game
        if game is None or game.result is not None:
            return
        if self.races is not None and self.races.referee.held is not None:
            return  # a race window is open: its release judges in time order, then re-arms the timer
        try:
            if self.unsure:
                await self._catch_up()
            now = max(stamp_ms, game.last_ms)
            state, events = self.engine.advance(game.state, now)
            if state is game.state:
                self.schedule_timer()
                return
            await self._commit(None, ADVANCE, now, None, state, events)
        except HubError as exc:
            if exc.code != "storage_unavailable":
                raise
            # The timer is still due; a later `advance` fires it as at its due time (time rule 2).
            self.timer = asyncio.create_task(self._wait_for(self.retry_at()))

    def retry_at(self) -> int:
        """When the table's own move (a timer, a bot) tries again after a failed commit: back-off
        doubling from RETRY_FIRST_MS to RETRY_MAX_MS, so a database that is down for a minute
        is neither hammered nor waited for long once it is back."""
        self.retry_ms = min(RETRY_MAX_MS, self.retry_ms * 2 or RETRY_FIRST_MS)
        return self.clock.now_ms() + self.retry_ms

    def schedule_bots(self) -> None:
        self.bot_seats.schedule()

    def notice(self, player_id: str | None, kind: str) -> None:
        self.turns.tell_away(player_id, kind)

    def seen(self, player_id: str | None) -> None:
        """A sign of life from `player_id` (a socket, an action, a state request): a seat a bot
        plays for them is theirs again at once; one lent to a rescuer, at its next step boundary."""
        self.rescues.reclaim(player_id)
        if self.leavers.seen(player_id):
            # Back before anyone took the seat over: it is theirs, and a request for it is moot.
            self.rescues.withdraw(self.seat_of(player_id))
            self.schedule_bots()
            self.broadcast_room()

    async def check_stand_ins(self) -> None:
        """A player's grace has ended (hub/leavers.py): a bot takes their seat if they are still gone."""
        if self.game and self.game.result is None and self.room.status == "playing" and self.leavers.take_over():
            await self.mark_unrated("bots")
            self.schedule_bots()
            self.broadcast_room()

    # -- what clients hear ----------------------------------------------------------------

    def room_public(self) -> dict:
        return views.room_public(
            self.rules,
            self.room,
            self.seats,
            self.names,
            self.game,
            self.roster,
            self.clock.now_ms(),
            self.seating.rematch_requests,
            self.leavers.seats,
            self.rescues.public(),
        )

    def snapshot(self, seat: int | None, events: list[Event] | None = None) -> dict:
        return views.snapshot(self.engine, self.game, seat, events)

    @verb
    async def state_for(self, player_id: str | None) -> dict:
        """The state message of `player_id`'s seat; reading it over REST is a sign of life too."""
        self.seen(player_id)
        return self.snapshot(self.seat_of(player_id))

    def send_all(self, message: Any) -> None:
        self.audience.send_all(message)

    def refresh(self, players: set[str | None]) -> None:
        self.audience.refresh(players)

    def broadcast_room(self, crowd: bool = False) -> bool:
        return self.audience.room(crowd)

    def _broadcast_state(self, events: list[Event]) -> None:
        assert self.game is not None
        if self.races is not None:
            self.races.referee.sent_version(self.game.version, self.clock.now_ms())
        self.audience.state({s.player_id: s.seat for s in self.seats.values() if s.player_id}, events)

    def probe(self, sub: Subscriber) -> None:
        """Measure a seated socket's round trips, for lag compensation."""
        if self.races is not None:
            self.races.probe(sub)

    async def public_log(self, after: int, limit: int) -> dict:
        """A page of the log, read outside the actor (hub/views.py)."""
        return await views.public_log(self.services.store, self.engine, self.game, self.room.code, after, limit)
