"""The hub: the tables this process runs, loaded on demand and rebuilt from their logs."""

from __future__ import annotations

import asyncio
import logging
import re
import uuid
from datetime import datetime, timezone
from functools import partial
from typing import Callable

from ..config import Settings
from ..storage.repository import Repository, Store
from .chat import HISTORY_KEPT, Chat, Line
from .clock import SystemClock
from .errors import HubError
from .journal import Journal
from .table import Retired, Table

log = logging.getLogger(__name__)

ROOM_CODE = re.compile(r"[A-Za-z0-9_-]{1,32}")
SWEEP_S = 60  # how often idle tables are unloaded and stale waiting rooms expired


class Hub:
    """Owns every live table of this server process."""

    def __init__(self, store: Store, settings: Settings, clock=None,
                 seeds: Callable[[], int] | None = None) -> None:
        self.store = store
        self.journal = Journal(store)
        # Seeds are derived per game from a fresh server seed (hub/fairness.py); a test that needs
        # one deal passes its own source, and its games have no commitment.
        self.fixed_seeds = seeds is not None
        self.new_seed = seeds
        self.settings = settings
        self.clock = clock or SystemClock()
        self.instance_id = uuid.uuid4().hex
        self.tables: dict[str, Table] = {}
        self._loading = asyncio.Lock()

    async def table(self, code: str) -> Table:
        """The table of room `code`, loading (and replaying) it on first use."""
        table = self.tables.get(code)
        if table is not None and not table.retired:
            return table
        async with self._loading:
            table = self.tables.get(code)
            if table is not None and not table.retired:
                return table
            table = await self._load(code)
            self.tables[code] = table
            table.start()
            table.resume()
            return table

    async def rename_player(self, player_id: str, name: str) -> None:
        """Store a player's new name, and tell every live table that shows it."""
        await self.store.rename_player(player_id, name)
        for table in list(self.tables.values()):
            if player_id in table.names or player_id in table.chat.authors:
                await table.call(table.rename, player_id, name)

    async def _load(self, code: str) -> Table:
        # Codes are token_urlsafe: anything else (a NUL, which PostgreSQL refuses in text, or
        # a megabyte of path) is no room, without asking the database.
        room = await self.store.room(code) if isinstance(code, str) and ROOM_CODE.fullmatch(code) else None
        if room is None:
            # Only a room code's length of what was asked is repeated (a close reason holds 123 bytes).
            raise HubError("room_not_found", f"there is no room with code {str(code)[:32]!r}", 404)
        if room.status == "expired":
            raise HubError("room_not_found", "this room expired: nobody joined it in time", 404)
        seats = await self.store.seats(room.id)
        ids = {room.host_id, *(s.player_id for s in seats if s.player_id)}
        names = {pid: p.name for pid, p in (await self.store.players(ids)).items()}
        table = Table(self, room, seats, names)
        table.chat = Chat([Line(*row) for row in await self.store.recent_chat(room.id, HISTORY_KEPT)])
        if room.game_id is not None:
            record = await self.store.game(room.game_id)
            table.restore(record, await self.store.actions(record.id))
            game = table.game
            if room.status == "playing" and game.result is not None:
                # Its last action was stored but not its result (a log written before results
                # shared that action's transaction): the replay says the game is over.
                await self.store.finish_game(game.id, game.result, game.last_ms)
                room.status = "finished"
        return table

    async def recover(self, page: int = 100) -> int:
        """Load every unfinished game, a page of rooms at a time, so their timers and bots run
        again; returns how many. Requests are served meanwhile (a table loads on first use)."""
        resumed, after = 0, 0
        while rows := await self.store.playing_room_codes(after, page):
            for room_id, code in rows:
                after = room_id
                try:
                    await self.table(code)
                    resumed += 1
                except Exception:
                    log.exception("could not resume room %s", code)
        return resumed

    async def sweep(self) -> tuple[list[str], list[str]]:
        """Expire the waiting rooms no one joined in time, and unload the tables nobody is at
        (see `Table.retire_if_idle`); returns (expired codes, unloaded codes). Without this a
        waiting room's table (about 12 KiB) stayed in memory for as long as the process ran."""
        now = self.clock.now_ms()
        settings = self.settings
        busy = {code for code, table in self.tables.items() if table.subscribers}
        cutoff = datetime.fromtimestamp((now - settings.waiting_room_ttl_s * 1000) / 1000, timezone.utc)
        expired = await self.journal.write(partial(Repository.expire_waiting_rooms_in, created_before=cutoff,
                                                   keep=busy))
        unloaded = []
        for code, table in list(self.tables.items()):
            try:
                retired = await table.call(table.retire_if_idle, now, settings.idle_table_s * 1000, code in expired)
            except Retired:
                retired = True
            if retired and self.tables.get(code) is table:
                del self.tables[code]
                unloaded.append(code)
        return expired, unloaded

    async def sweep_forever(self, every_s: float = SWEEP_S) -> None:
        """`sweep` once a minute for the life of the process (started by the app's lifespan)."""
        while True:
            await asyncio.sleep(every_s)
            try:
                await self.sweep()
            except Exception:
                log.exception("sweep failed; trying again in %s s", every_s)

    async def close(self) -> None:
        for table in list(self.tables.values()):
            await table.stop()
        self.tables.clear()
        await self.journal.close()
