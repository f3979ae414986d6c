"""The hub: the tables this process runs, loaded on demand and rebuilt from their logs."""

from __future__ import annotations

import asyncio
import logging
import random
import uuid
from typing import Callable

from ..config import Settings
from ..storage.repository import Store
from .clock import SystemClock
from .errors import HubError
from .journal import Journal
from .table import Table

log = logging.getLogger(__name__)


class Hub:
    """Owns every live table of this server process."""

    def __init__(self, store: Store, settings: Settings, clock=None,
                 seeds: Callable[[], int] | None = None) -> None:
        self.store = store
        self.journal = Journal(store)
        # Game seeds come from the OS's randomness; tests may pass their own source.
        self.new_seed = seeds or (lambda: random.SystemRandom().getrandbits(62))
        self.settings = settings
        self.clock = clock or SystemClock()
        self.instance_id = uuid.uuid4().hex
        self.tables: dict[str, Table] = {}
        self._loading = asyncio.Lock()

    async def table(self, code: str) -> Table:
        """The table of room `code`, loading (and replaying) it on first use."""
        table = self.tables.get(code)
        if table is not None:
            return table
        async with self._loading:
            if code in self.tables:
                return self.tables[code]
            table = await self._load(code)
            self.tables[code] = table
            table.start()
            table.resume()
            return table

    async def rename_player(self, player_id: str, name: str) -> None:
        """Store a player's new name, and tell every live table that shows it."""
        await self.store.rename_player(player_id, name)
        for table in list(self.tables.values()):
            if player_id in table.names:
                await table.call(table.rename, player_id, name)

    async def _load(self, code: str) -> Table:
        room = await self.store.room(code) if isinstance(code, str) and len(code) <= 32 else None
        if room is None:
            raise HubError("room_not_found", f"there is no room with code {code!r}", 404)
        seats = await self.store.seats(room.id)
        ids = {room.host_id, *(s.player_id for s in seats if s.player_id)}
        names = {pid: p.name for pid, p in (await self.store.players(ids)).items()}
        table = Table(self, room, seats, names)
        if room.game_id is not None:
            record = await self.store.game(room.game_id)
            table.restore(record, await self.store.actions(record.id))
        return table

    async def recover(self) -> int:
        """Load every unfinished game, so their timers and bots run again; returns how many."""
        rooms = await self.store.rooms_with_status("playing")
        for room in rooms:
            try:
                await self.table(room.code)
            except Exception:
                log.exception("could not resume room %s", room.code)
        return len(rooms)

    async def close(self) -> None:
        for table in list(self.tables.values()):
            await table.stop()
        self.tables.clear()
        await self.journal.close()
