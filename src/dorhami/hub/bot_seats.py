"""The bots of a table: a plan for every seat a bot plays now (its own, or a stand-in's), sent
through the table's `offer` when its time comes, and tried again after a failed commit.

A plan that is still valid keeps its time across unrelated changes (a bot's reaction is not
restarted by someone else's move). Everything here runs inside the table's actor.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any, Protocol

from ..config import Settings
from ..engine import Engine
from .bots import DEFAULT_LEVEL, Plan, plan, still_valid
from .errors import HubError
from .leavers import StandIns
from .seating import Seating
from .services import Clock, TableEffects


class BotTable(TableEffects, Protocol):
    async def offer(
        self, seat: int | None, action: Any, stamp_ms: int, client_seq: int | None, meter: Any = None, bot: bool = False
    ) -> dict | asyncio.Future: ...

    def retry_at(self) -> int: ...


class BotSeats:
    """The plans of one table's bots, by seat."""

    def __init__(
        self, engine: Engine, seating: Seating, leavers: StandIns, clock: Clock, settings: Settings, table: BotTable
    ) -> None:
        self.engine, self.seating, self.leavers, self.clock = engine, seating, leavers, clock
        self.delay_ms = settings.bot_delay_ms
        self.table = table  # the table's weak proxy (hub/services.py): it holds us
        self.plans: dict[int, tuple[Plan, asyncio.Task]] = {}
        self.rng = random.Random()

    def schedule(self) -> None:
        """Give every bot seat a plan; a plan that is still valid keeps its time."""
        game = self.table.game
        state = game.state if game is not None and game.result is None else None
        now = self.clock.now_ms()
        for seat in list(self.plans):
            planned, task = self.plans[seat]
            if state is not None and self.level(seat) and still_valid(self.engine, state, seat, planned, now):
                continue
            task.cancel()
            del self.plans[seat]
        if state is None:
            return
        for seat in self.seating.seats:
            level = self.level(seat)
            if level and seat not in self.plans:
                new = plan(self.engine, state, seat, self.rng, level, self.delay_ms, now)
                if new:
                    self.plans[seat] = (new, asyncio.create_task(self._after(seat, new)))

    def level(self, seat: int) -> str | None:
        """The level of the bot that plays `seat` now, if any: its own, or a stand-in's."""
        record = self.seating.seats.get(seat)
        if record is None:
            return None
        return record.bot_level or (DEFAULT_LEVEL if seat in self.leavers.seats else None)

    def cancel(self) -> None:
        for _, task in self.plans.values():
            task.cancel()

    async def _after(self, seat: int, planned: Plan) -> None:
        await self.clock.sleep_until(planned.at_ms)
        self.table.post(self._move, seat, planned)

    async def _move(self, seat: int, planned: Plan) -> None:
        if self.plans.get(seat, (None,))[0] is not planned:
            return  # replaced by a newer plan meanwhile
        del self.plans[seat]
        reply: dict | asyncio.Future | HubError
        try:
            reply = await self.table.offer(seat, planned.action, self.clock.now_ms(), None, bot=True)
        except HubError as exc:
            reply = exc
        if isinstance(reply, asyncio.Future):  # held in a race window: answered at its release
            reply.add_done_callback(
                lambda done: self.table.post(self._answered, seat, planned, done.exception() or done.result())
            )
        else:
            await self._answered(seat, planned, reply)

    async def _answered(self, seat: int, planned: Plan, reply: dict | BaseException) -> None:
        if isinstance(reply, BaseException):
            if not (isinstance(reply, HubError) and reply.code == "storage_unavailable"):
                raise reply
            retry = Plan(planned.action, self.table.retry_at())
            self.plans[seat] = (retry, asyncio.create_task(self._after(seat, retry)))
            return
        if reply["type"] == "error":
            self.schedule()  # nothing changed, so nothing else will wake this bot
