"""The hub: the tables this process runs, loaded on demand and rebuilt from their logs."""

from __future__ import annotations

import asyncio
import logging
import re
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial
from typing import Any

import redis.asyncio as redis

from .. import logs
from ..config import Settings
from ..errors import ErrorCode
from ..storage import daily, leases, player_sessions, serving_lock
from ..storage.repository import Repository, Store
from . import pace
from .actor import Retired
from .chat import HISTORY_KEPT, Line
from .clock import SystemClock
from .errors import HubError
from .journal import Journal
from .news import News
from .ownership import Ownership
from .presence import Roster
from .room_board import REFRESH_S, RoomBoard
from .room_rules import RoomRules
from .services import TableServices
from .table import Table
from .views import room_public

log = logging.getLogger(__name__)

ROOM_CODE = re.compile(r"[A-Za-z0-9_-]{1,32}")
SWEEP_S = 60  # how often idle tables are unloaded and stale waiting rooms expired
WAKE_S = 30  # how often the daily games due soon are brought back to memory (and how far ahead)
WAKE_PAGE = 200


class Hub:
    """Owns every live table of this server process."""

    def __init__(
        self,
        store: Store,
        settings: Settings,
        clock=None,
        seeds: Callable[[], int] | None = None,
        notify: Callable[[str, Any], None] | None = None,
    ) -> None:
        # A hub keeps live tables, which SQLite lets only one process do: a second process's hub on
        # the same file stops here (DatabaseInUse). Tools that only read or write rows need no lock.
        self.serving = serving_lock.hold(settings.database_url)
        self.store = store
        # Seeds are derived per game from a fresh server seed (hub/fairness.py); a test that needs
        # one deal passes its own source, and its games have no commitment.
        self.fixed_seeds = seeds is not None
        self.new_seed = seeds
        self.settings = settings
        self.clock = clock or SystemClock()
        self.instance_id = settings.instance_id or uuid.uuid4().hex
        self.journal = Journal(store, owner=self.instance_id)
        # What each table gets of this process: never the hub itself (hub/services.py).
        self.services = TableServices(
            self.clock, store, self.journal, settings, self.instance_id, seeds, self.room_changed, self.lost, notify
        )
        self.tables: dict[str, Table] = {}
        self._loading = asyncio.Lock()
        # Several processes share PostgreSQL (docs/SCALING.md): each table is leased to one of them.
        # SQLite is one process: no leases, as before.
        self.ownership = Ownership(self, settings.lease_ttl_s) if store.engine.dialect.name == "postgresql" else None
        # One Redis client for the process's commands (the board, news, shared rate limits); the
        # news listener holds a connection of its own.
        self.redis = (
            redis.from_url(settings.redis_url, socket_timeout=2, socket_connect_timeout=2)
            if settings.redis_url
            else None
        )
        self.board = RoomBoard(self.redis) if self.redis is not None else None
        self.news = News(self.redis, settings.redis_url, self.instance_id) if self.redis is not None else None

    async def table(self, code: str, ask: bool = True) -> Table:
        """The table of room `code`, loading (and replaying) it on first use. With leases, a table
        another process runs is HubError `table_elsewhere` (503); `ask` asks that process for it."""
        table = self.tables.get(code)
        if table is not None and not table.retired:
            return table
        async with self._loading:
            table = self.tables.get(code)
            if table is not None and not table.retired:
                return table
            table = await self._load(code, ask)
            self.tables[code] = table
            table.start()
            table.resume()
            return table

    async def leave(self, code: str, why: str, hand_over: bool = False) -> None:
        """Take room `code`'s table out of memory: its lease was lost, or (`hand_over`) another
        process asked for it. Its sockets are closed with `why` and reconnect through the proxy;
        the lease is released once the command it runs (a commit, say) has finished."""
        table = self.tables.pop(code, None)
        if hand_over and self.ownership is not None:
            # Not taken back while its last command finishes: a request arriving meanwhile would
            # load it again here, under the lease about to be handed over.
            self.ownership.hold_back(code)
        if table is not None:
            table.leave_memory(why)
            if table.task is not None:
                try:
                    await asyncio.wait_for(asyncio.shield(table.task), 10)
                except (TimeoutError, Exception):
                    with table.about():
                        log.warning("table %s: still busy as it leaves memory", code)
        if hand_over and self.ownership is not None and table is not None and table.fence is not None:
            await self.ownership.release(code, table.fence[1])

    def lost(self, code: str, fence: tuple[int, int] | None) -> None:
        """A write of room `code`'s table found its lease (`fence`) taken: the table leaves memory,
        and the lease is not ours to release."""
        table = self.tables.get(code)
        if table is not None and table.fence == fence:
            del self.tables[code]
        if self.ownership is not None:
            self.ownership.lost += 1
            if self.ownership.held.get(code) == fence:  # not a lease taken again since
                del self.ownership.held[code]

    def room_changed(self, room, public: dict) -> None:
        """A table's room message changed: the lobbies of other processes see its waiting rooms."""
        if self.board is not None and room.status == "waiting" and not room.private:
            self.board.publish(room.code, public)

    async def room_publics(self, rooms: list) -> list[dict]:
        """The public form of each room, for the lobby and a new room's answer. One process loads
        each table; with leases a room another process runs is not taken from it: its form comes
        from Redis (with its presence), else from the database (everyone shown away)."""
        if self.ownership is None:
            return [(await self.table(room.code)).room_public() for room in rooms]
        found = {
            room.code: t.room_public()
            for room in rooms
            if (t := self.tables.get(room.code)) is not None and not t.retired
        }
        if self.board is not None:
            found.update(await self.board.many([room.code for room in rooms if room.code not in found]))
        for room in rooms:
            if room.code not in found:
                seats = await self.store.seats(room.id)
                found[room.code] = room_public(
                    RoomRules.of(room),
                    room,
                    {s.seat: s for s in seats},
                    await self._names(room, seats),
                    None,
                    Roster(),
                    self.clock.now_ms(),
                )
        return [found[room.code] for room in rooms]

    async def rename_player(self, player_id: str, name: str) -> None:
        """Store a player's new name, and tell every live table that shows it, here and (through
        Redis) on the other processes."""
        await self.store.rename_player(player_id, name)
        await self.show_rename(player_id, name)
        if self.news is not None:
            await self.news.tell_rename(player_id, name)

    async def end_sessions(self, player_id: str, ended: str | None = None, keep: str | None = None) -> None:
        """Sessions of `player_id` just ended (`ended`, or every one but `keep`): their open sockets
        close here and on the other processes, so a revoked token plays nothing more."""
        await self.close_sessions(player_id, ended, keep)
        if self.news is not None:
            await self.news.tell_sessions_ended(player_id, ended, keep)

    async def close_sessions(self, player_id: str, ended: str | None = None, keep: str | None = None) -> None:
        """Close this process's sockets of `player_id` opened with `ended`, or with any session but `keep`.
        They reconnect, and their hello is refused (4401): the page says it is signed out."""
        for table in list(self.tables.values()):
            for sub in list(table.subscribers):
                if (
                    sub.player_id == player_id
                    and sub.session_id is not None
                    and (sub.session_id == ended if ended is not None else sub.session_id != keep)
                ):
                    sub.close("this session has ended")

    async def show_rename(self, player_id: str, name: str) -> None:
        """This process's live tables that show player `player_id` show `name` instead."""
        for table in list(self.tables.values()):
            if player_id in table.names or player_id in table.talk.chat.authors:
                try:
                    await table.rename(player_id, name)
                except Retired:
                    pass  # it left memory: reloaded, it reads the new name from the database

    def online_players(self, ids: set[str]) -> set[str]:
        """Which of `ids` have a page of a room open on this process (a friend's presence, api/routes/friends.py)."""
        subs = (sub for table in self.tables.values() for sub in table.subscribers)
        return {sub.player_id for sub in subs if sub.player_id is not None and sub.player_id in ids}

    async def _load(self, code: str, ask: bool = True) -> Table:
        # Codes are token_urlsafe: anything else (a NUL, which PostgreSQL refuses in text, or
        # a megabyte of path) is no room, without asking the database.
        room = await self.store.room(code) if isinstance(code, str) and ROOM_CODE.fullmatch(code) else None
        if room is None:
            # Only a room code's length of what was asked is repeated (a close reason holds 123 bytes).
            raise HubError(ErrorCode.ROOM_NOT_FOUND, f"there is no room with code {str(code)[:32]!r}")
        if room.status == "expired":
            raise HubError(ErrorCode.ROOM_NOT_FOUND, "this room expired: nobody joined it in time")
        # The lease comes before the reads: the log is read only once no one else can append to it.
        fence = None
        if self.ownership is not None:
            fence = await self.ownership.take(room.id, code, ask)
        try:
            if fence is not None:
                room = await self.store.room(code)  # as its last owner left it
            table = await self._read_table(room)
        except BaseException:
            if self.ownership is not None:
                await self.ownership.release(code)
            raise
        table.fence = fence
        return table

    async def _names(self, room, seats) -> dict[str, str]:
        """The names a room shows: its host's and its seated players'."""
        ids = {room.host_id, *(s.player_id for s in seats if s.player_id)}
        return {pid: p.name for pid, p in (await self.store.players(ids)).items()}

    async def _read_table(self, room) -> Table:
        seats = await self.store.seats(room.id)
        chat = [Line(*row) for row in await self.store.recent_chat(room.id, HISTORY_KEPT)]
        table = Table(self.services, room, seats, await self._names(room, seats), chat)
        if room.game_id is not None:
            record = await self.store.game(room.game_id)
            table.restore(record, await self.store.actions(record.id))
            game = table.game
            if room.status == "playing" and game is not None and game.result is not None:
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
                resumed += await self._load_quietly(code, "resume")
        return resumed

    async def _load_quietly(self, code: str, why: str) -> bool:
        """Load room `code`'s table for the process's own reasons (a restart, a due daily game):
        a failure is logged, never raised; a game another live process runs stays there (`ask=False`)."""
        try:
            await self.table(code, ask=False)
            return True
        except HubError as exc:
            if exc.code != "table_elsewhere":
                with logs.about(code):
                    log.warning("could not %s room %s: %s", why, code, exc.message)
        except Exception:
            with logs.about(code):
                log.exception("could not %s room %s", why, code)
        return False

    async def sweep(self) -> tuple[list[str], list[str]]:
        """Expire the waiting rooms no one joined in time, and unload the tables nobody is at
        (see `Table.retire_if_idle`); returns (expired codes, unloaded codes). Without this a
        waiting room's table (about 12 KiB) stayed in memory for as long as the process ran."""
        now = self.clock.now_ms()
        settings = self.settings
        busy = {code for code, table in self.tables.items() if table.subscribers}
        if self.ownership is not None:
            busy |= await self.store.run(leases.live_elsewhere, self.store.engine, self.instance_id)
        cutoff = datetime.fromtimestamp((now - settings.waiting_room_ttl_s * 1000) / 1000, UTC)
        daily_ttl_s = max(settings.waiting_room_ttl_s, pace.DAILY_WAITING_TTL_S)
        daily_cutoff = datetime.fromtimestamp((now - daily_ttl_s * 1000) / 1000, UTC)
        expired = await self.journal.write(
            partial(
                Repository.expire_waiting_rooms_in, created_before=cutoff, keep=busy, daily_created_before=daily_cutoff
            )
        )
        unloaded = []
        for code, table in list(self.tables.items()):
            try:
                retired = await table.retire_if_idle(now, settings.idle_table_s * 1000, code in expired)
            except Retired:
                retired = True
            if retired and self.tables.get(code) is table:
                del self.tables[code]
                unloaded.append(code)
                if self.ownership is not None:
                    await self.ownership.release(code)
        idle_ms = player_sessions.idle_limit_ms(settings.session_idle_days)
        if idle_ms:  # sessions nobody came back to are refused already; their rows go too
            await self.store.end_idle_sessions(now - idle_ms)
        return expired, unloaded

    async def wake_due(self, ahead_ms: int = WAKE_S * 1000) -> list[str]:
        """Bring back to memory the daily games with a reminder or a deadline due within `ahead_ms`
        (hub/pace.py): once loaded, their own timers fire at the moment. Returns their codes."""
        due = await self.store.run(daily.due_daily_rooms, self.store.engine, self.clock.now_ms() + ahead_ms, WAKE_PAGE)
        woken = []
        for code in due:
            if code in self.tables and not self.tables[code].retired:
                continue
            if await self._load_quietly(code, "wake daily"):
                woken.append(code)
        return woken

    async def wake_forever(self, every_s: float = WAKE_S) -> None:
        """`wake_due` every `every_s` for the life of the process (started by the app's lifespan)."""
        while True:
            try:
                await self.wake_due(int(every_s * 1000))
            except Exception:
                log.exception("waking daily games failed; trying again in %s s", every_s)
            await asyncio.sleep(every_s)

    async def sweep_forever(self, every_s: float = SWEEP_S) -> None:
        """`sweep` once a minute for the life of the process (started by the app's lifespan)."""
        while True:
            await asyncio.sleep(every_s)
            try:
                await self.sweep()
            except Exception:
                log.exception("sweep failed; trying again in %s s", every_s)

    async def refresh_board_forever(self, every_s: float = REFRESH_S) -> None:
        """Keep this process's waiting rooms on the room board (their entries expire otherwise)."""
        while True:
            await asyncio.sleep(every_s)
            for table in list(self.tables.values()):
                if not table.retired:
                    self.room_changed(table, table.room_public())

    async def close(self) -> None:
        for table in list(self.tables.values()):
            await table.stop()
        self.tables.clear()
        await self.journal.close()
        if self.ownership is not None:
            # Everything is committed: the next process may take these tables at once, not at expiry.
            await self.ownership.release_all()
        if self.board is not None:
            await self.board.close()
        if self.news is not None:
            await self.news.close()
        if self.redis is not None:
            await self.redis.aclose()
        serving_lock.release(self.serving)
        self.serving = None
