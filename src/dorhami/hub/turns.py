"""Whose turn it is at one table: kept in a daily room's row, announced to the players, reminded.

With every action of a daily game the room's row gets whose turn it is (`rooms.turn`, which "my
games" reads without loading the game) and when a table that left memory must come back by itself
(`rooms.wake_ms`: the reminder before a deadline, else the deadline). A player who comes to move is
told (a push) unless a page of theirs at the table is in view; a daily turn is reminded once before it
runs out. A live game announces a turn at most once a minute per player and room; a race, never.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from ..engine import Engine, State
from ..push.notifier import Notice
from ..storage import daily
from .pace import LIVE_NOTICE_GAP_MS, Notify, reminder_lead_ms, to_move, turn_ms
from .presence import Presence, Roster
from .services import Clock, TableEffects

if TYPE_CHECKING:
    from ..storage.records import RoomRecord
    from .journal import Journal
    from .seating import Seating

log = logging.getLogger(__name__)


class Turns:
    """Whose turn it is at one table: kept in the room's row (daily rooms), announced, reminded."""

    def __init__(
        self,
        room: RoomRecord,
        engine: Engine,
        seating: Seating,
        roster: Roster,
        clock: Clock,
        journal: Journal,
        notify: Notify | None,
        effects: TableEffects,
    ) -> None:
        self.room, self.engine, self.seating, self.roster = room, engine, seating, roster
        self.clock, self.journal, self.notify = clock, journal, notify
        self.effects = effects  # the table's weak proxy (hub/services.py): it holds us
        self.daily = room.pace == "daily"
        self.turn_ms = turn_ms(room.config)
        self.moving: list[int] = []  # the seats to move, as last announced
        self.pending: dict | None = None  # the row `write` gave the journal, current once committed
        self.reminder: asyncio.Task | None = None
        self.live_told: dict[str, int] = {}  # player -> when a live game last told them of a turn

    # -- the room's row -------------------------------------------------------------------

    def summary(self, state: State, players: int, version: int, last: dict | None) -> dict:
        return {
            "seats": to_move(self.engine, state, players, self._legal()),
            "deadline_ms": self.engine.next_deadline(state),
            "version": version,
            "last": last,
            "reminded": None,
        }

    def _legal(self) -> Callable[[State, int], list] | None:
        game = self.effects.game
        return game.legal if game is not None else None

    def wake_ms(self, turn: dict) -> int | None:
        """When a table that left memory must be back: the reminder if it is still to go, else the deadline."""
        deadline = turn.get("deadline_ms")
        if deadline is None or not turn.get("seats"):
            return None
        remind = deadline - reminder_lead_ms(self.turn_ms)
        return remind if turn.get("reminded") != turn["version"] else deadline

    def write(self, state: State, players: int, version: int, seat: int | None, action: dict, now: int) -> Any:
        """The write that keeps a daily room's row current, in the transaction of the action
        (None for a live room: its turn is read from memory)."""
        if not self.daily:
            return None
        last = {"seat": seat, "type": action.get("type"), "ms": now}
        turn = self.pending = self.summary(state, players, version, last)
        return partial(daily.set_turn_in, room_id=self.room.id, turn=turn, wake_ms=self.wake_ms(turn))

    # -- notices --------------------------------------------------------------------------

    def restored(self, state: State) -> None:
        """A game came back from its log: these seats were told already (or will be reminded)."""
        game = self.effects.game
        self.moving = to_move(self.engine, state, game.players, game.legal) if game is not None else []

    def changed(self, state: State) -> None:
        """After each change: tell the players who have just come to move, and plan the reminder."""
        game = self.effects.game
        if self.pending is not None:
            self.room.turn, self.pending = self.pending, None
        # A race is nobody's turn to be told of: its hot path skips asking every seat for its legal actions.
        if game is None or self.engine.realtime:
            return
        before, self.moving = set(self.moving), to_move(self.engine, state, game.players, game.legal)
        deadline = self.engine.next_deadline(state)
        for seat in self.moving:
            if seat not in before:
                self._tell(seat, "turn", deadline)
        self.plan()

    def tell_away(self, player_id: str | None, kind: str) -> None:
        """A notice about this room (a rematch asked, a rescue granted) for a player with no page of
        it in view: one looking at the table sees it there."""
        if player_id is None or self.notify is None:
            return
        if self.roster.of(player_id, self.clock.now_ms()) is Presence.CONNECTED:
            return
        self.notify(player_id, Notice(kind=kind, url=f"/t/{self.room.code}", game=self.room.game, args={}))

    def _tell(self, seat: int, kind: str, deadline: int | None) -> None:
        record = self.seating.seats.get(seat)
        player = record.player_id if record is not None and not record.bot_level else None
        if player is None or self.notify is None:
            return
        now = self.clock.now_ms()
        if self.engine.realtime or self.roster.of(player, now) is Presence.CONNECTED:
            return  # a race is no turn; a player looking at the table needs no push
        if not self.daily:
            if now - self.live_told.get(player, -LIVE_NOTICE_GAP_MS) < LIVE_NOTICE_GAP_MS:
                return
            self.live_told[player] = now
        args = {"deadline_ms": deadline} if deadline is not None else {}
        self.notify(player, Notice(kind=kind, url=f"/t/{self.room.code}", game=self.room.game, args=args))

    def plan(self) -> None:
        """Wake the table when the reminder of the turn running now is due (daily rooms)."""
        self.cancel()
        turn = self.room.turn
        if not self.daily or not turn or turn.get("reminded") == turn.get("version"):
            return
        due = self.wake_ms(turn)
        if due is not None and due < (turn.get("deadline_ms") or 0):
            self.reminder = asyncio.create_task(self._wake_at(due))

    def cancel(self) -> None:
        if self.reminder:
            self.reminder.cancel()
            self.reminder = None

    async def _wake_at(self, when_ms: int) -> None:
        await self.clock.sleep_until(when_ms)
        self.effects.post(self.remind)

    async def remind(self) -> None:
        """The turn running now nears its deadline: remind whoever still has to move, once."""
        turn, game = self.room.turn, self.effects.game
        if not turn or game is None or game.result is not None or turn.get("version") != game.version:
            return
        if turn.get("reminded") == turn["version"]:
            return
        reminded = {**turn, "reminded": turn["version"]}
        try:
            await self.journal.write(
                partial(daily.set_turn_in, room_id=self.room.id, turn=reminded, wake_ms=turn.get("deadline_ms")),
                self.effects.fence,
            )
        except Exception as exc:  # a reminder lost is a small thing; sent twice after a crash, too
            log.warning("table %s: could not store its reminder (%s)", self.room.code, exc)
        self.room.turn = reminded
        for seat in turn.get("seats", []):
            self._tell(seat, "reminder", turn.get("deadline_ms"))
