"""Which of several processes runs each live table: leases on PostgreSQL (docs/SCALING.md).

One process and SQLite have no leases (the hub has no `Ownership`): everything stays as it was.
On PostgreSQL every table a process loads is leased first, and every write of that table names
the lease (its fence, checked in the write's own transaction by storage/leases.py). The
heartbeat renews every lease this process holds, hands a table over when another process asks
for it (the proxy sends that room's players there), drops a table whose lease was taken (this
process stalled past its expiry), and adopts the games in play of a process that died, so their
timers and bots run again even before a player reconnects.
"""

from __future__ import annotations

import asyncio
import logging
import time
from contextvars import ContextVar
from typing import Any, Protocol

from .. import logs
from ..errors import ErrorCode
from ..storage import leases
from ..storage.repository import Store
from .errors import HubError

log = logging.getLogger(__name__)

HEARTBEAT_S = 1.0
# After handing a table over, this process does not take it back for a while: a request that was
# already on its way here would otherwise pull the table back from the process that asked for it.
HANDOVER_HOLD_S = 3.0
# A table is handed over at most once in this long per room: asking for tables cannot be turned
# into closing a room's sockets every second.
MIN_HOLD_S = 10.0

# The room the front proxy routed the current request by (its X-Dorhami-Room header, set at the
# API's edge: api/routed.py); "" for a request routed by no room, None outside any request (the
# heartbeat's adoptions, tests driving a hub). A process asks another for a table only on behalf
# of a request sent to it for that room: one that reached it by a path the proxy reads differently
# from the server (a percent-encoded code, a request smuggled behind another) moves nothing.
routed_room: ContextVar[str | None] = ContextVar("routed_room", default=None)


def elsewhere() -> HubError:
    return HubError(
        ErrorCode.TABLE_ELSEWHERE,
        "this room's table is moving to another server; try again in a moment",
        headers={"Retry-After": "1"},
    )


class Registry(Protocol):
    """What the leases need of the hub: its live tables, and loading or dropping one."""

    store: Store
    instance_id: str
    tables: dict[str, Any]

    async def table(self, code: str, ask: bool = True) -> Any: ...

    async def leave(self, code: str, why: str, hand_over: bool = False) -> None: ...


class Ownership:
    """The leases of one process's tables."""

    def __init__(self, hub: Registry, ttl_s: float) -> None:
        self.hub = hub
        self.owner = hub.instance_id
        self.ttl_s = ttl_s
        self.held: dict[str, tuple[int, int]] = {}  # room code -> (room id, epoch)
        self.holding_back: dict[str, float] = {}  # room code -> monotonic time until which it is not taken
        self.taking: set[int] = set()  # room ids whose take has not answered yet
        self.taken_at: dict[str, float] = {}  # room code -> monotonic time its lease was taken
        self.handovers = 0
        self.lost = 0

    async def take(self, room_id: int, code: str, ask: bool = True) -> tuple[int, int]:
        """Lease room `code` for this process, or HubError `table_elsewhere` (503, Retry-After) while
        another live process holds it; `ask` then asks that process to hand it over."""
        if time.monotonic() < self.holding_back.get(code, 0.0):
            raise elsewhere()
        ask = ask and routed_room.get() in (None, code)
        store = self.hub.store
        self.taking.add(room_id)
        try:
            epoch = await store.run(leases.take, store.engine, room_id, self.owner, self.ttl_s, ask)
        finally:
            self.taking.discard(room_id)
        if epoch is None:
            raise elsewhere()
        self.held[code] = (room_id, epoch)
        self.taken_at[code] = time.monotonic()
        return room_id, epoch

    def hold_back(self, code: str) -> None:
        """Do not take `code` for a while: it is being handed over."""
        self.holding_back[code] = time.monotonic() + HANDOVER_HOLD_S

    async def release(self, code: str, epoch: int | None = None) -> None:
        """Give up the lease of `code` (its table has left memory), or only its lease of `epoch`
        (not one taken again since); best effort: if this fails the lease simply expires."""
        held = self.held.get(code)
        if held is None or (epoch is not None and held[1] != epoch):
            return
        del self.held[code]
        store = self.hub.store
        try:
            await store.run(leases.release, store.engine, held[0], self.owner, held[1])
        except Exception as exc:
            with logs.about(code):
                log.warning("could not release the lease of room %s (%s); it expires in %s s", code, exc, self.ttl_s)

    async def beat(self) -> None:
        """One heartbeat: renew, hand over, drop what was lost, adopt orphans."""
        store = self.hub.store
        # Only the leases held before the renewal are judged by its answer: a take that lands
        # while the renewal runs is one the renewal may not have seen (its row still free, or at
        # its old epoch), and is no loss.
        before = dict(self.held)
        renewed = {row.room_id: row for row in await store.run(leases.renew, store.engine, self.owner, self.ttl_s)}
        now = time.monotonic()
        self.holding_back = {code: until for code, until in self.holding_back.items() if until > now}
        for code, (room_id, epoch) in before.items():
            if self.held.get(code) != (room_id, epoch):
                continue  # released or taken again meanwhile
            row = renewed.get(room_id)
            with self._about(code):
                if row is None or row.epoch != epoch:
                    log.warning("room %s: another process took this table's lease; leaving it to them", code)
                    self.lost += 1
                    del self.held[code]
                    await self.hub.leave(code, "this room moved to another server; reconnecting")
                elif row.wanted_by and row.wanted_by != self.owner and now - self.taken_at.get(code, 0.0) >= MIN_HOLD_S:
                    log.info("room %s: handing its table over to %s, which asked for it", code, row.wanted_by)
                    self.handovers += 1
                    await self.hub.leave(code, "this room moved to another server; reconnecting", hand_over=True)
        mine = {room_id for room_id, _ in self.held.values()} | self.taking
        for room_id, row in renewed.items():
            if room_id not in mine:  # a take whose answer never arrived: not ours to keep
                await store.run(leases.release, store.engine, room_id, self.owner, row.epoch)
        for code in await store.run(leases.orphans, store.engine, self.owner, self.ttl_s):
            if code in self.hub.tables or time.monotonic() < self.holding_back.get(code, 0.0):
                continue
            try:
                await self.hub.table(code, ask=False)
            except HubError:
                continue  # another process adopted it first, or it is gone
            with self._about(code):
                log.info("room %s: adopted its game from a process that stopped renewing its lease", code)

    def _about(self, code: str):
        """Log lines of this block name room `code`, and the game its table plays here."""
        table = self.hub.tables.get(code)
        return table.about() if table is not None else logs.about(code)

    async def beat_forever(self, every_s: float = HEARTBEAT_S) -> None:
        while True:
            await asyncio.sleep(every_s)
            try:
                await self.beat()
            except Exception as exc:
                # The database is away: appends fail too, so nothing is written without a lease;
                # the next beat that gets through drops whatever was taken meanwhile.
                log.warning("lease heartbeat failed (%s); trying again in %s s", exc, every_s)

    async def release_all(self) -> None:
        for code in list(self.held):
            await self.release(code)
