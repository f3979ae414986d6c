"""Idle tables leave memory and waiting rooms no one joined expire; nothing anyone uses is touched."""

from __future__ import annotations

import asyncio
import time

import pytest

from dorhami.config import Settings
from dorhami.hub.actor import Retired
from dorhami.hub.clock import FakeClock
from dorhami.hub.errors import HubError
from dorhami.hub.fanout import Subscriber
from dorhami.hub.hub import Hub
from dorhami.storage.repository import Store

HOUR_MS = 3_600_000


async def new_hub(url: str):
    """A hub on a fake clock that starts at the wall clock's now (rooms are stamped with it), and
    two players."""
    clock = FakeClock(int(time.time() * 1000))
    hub = Hub(
        Store(url),
        Settings(database_url=url, bot_delay_ms=(1000, 1000), idle_table_s=600, waiting_room_ttl_s=3600),
        clock,
    )
    host, _ = await hub.store.create_player("Host")
    guest, _ = await hub.store.create_player("Guest")
    return hub, clock, host, guest


async def room(hub: Hub, code: str, host, *guests) -> None:
    await hub.store.create_room(code, "jekyll-vs-hyde", {}, False, host.id)
    table = await hub.table(code)
    for player in (host, *guests):
        await table.join(player.id, player.name)


def test_a_waiting_room_no_one_joined_expires_and_idle_tables_leave_memory(database_url):
    async def scenario():
        hub, clock, host, guest = await new_hub(database_url)
        await room(hub, "lonely", host)  # only its host: expires
        await room(hub, "friends", host, guest)  # a guest joined: stays, but leaves memory
        await room(hub, "watched", host)  # only its host, but a socket is open: stays
        watcher = Subscriber(None, 16)
        table = await hub.table("watched")
        await table.subscribe(watcher)
        await room(hub, "playing", host, guest)
        playing = await hub.table("playing")
        await playing.start_game(host.id, False)

        assert await hub.sweep() == ([], []), "nothing is old yet"
        clock.advance(HOUR_MS + 1000)
        expired, unloaded = await hub.sweep()
        assert expired == ["lonely"] and sorted(unloaded) == ["friends", "lonely"]
        assert sorted(hub.tables) == ["playing", "watched"]

        with pytest.raises(HubError) as gone:
            await hub.table("lonely")
        assert gone.value.status == 404 and "expired" in gone.value.message
        assert [r.code for r in await hub.store.rooms_with_status("waiting")] == ["watched", "friends"]
        # An unloaded room comes back as it was, on the next request.
        friends = await hub.table("friends")
        assert {s.player_id for s in friends.seats.values()} == {host.id, guest.id}
        # A game that is running keeps its table, timers and all.
        assert (await hub.sweep())[1] == [] and "playing" in hub.tables
        await hub.close()
        hub.store.close()

    asyncio.run(scenario())


def test_a_finished_games_table_is_unloaded_after_a_while_and_reloads_its_result(database_url):
    async def scenario():
        hub, clock, host, guest = await new_hub(database_url)
        await room(hub, "done", host, guest)
        table = await hub.table("done")
        await table.start_game(host.id, False)
        engine = table.engine
        while table.game.result is None:
            seat = next(s for s in (0, 1) if engine.legal_actions(table.game.state, s))
            await table.act(seat, engine.legal_actions(table.game.state, seat)[0], clock.now_ms(), None)
        result = table.game.result
        clock.advance(599_000)
        assert (await hub.sweep())[1] == [], "ten minutes of quiet first"
        clock.advance(2_000)
        assert (await hub.sweep())[1] == ["done"] and not hub.tables
        # A late caller that still held the old table is told to ask again, never left waiting.
        with pytest.raises(Retired):
            await table.leave(host.id)
        again = await hub.table("done")
        assert again is not table and again.game.result == result
        await hub.close()
        hub.store.close()

    asyncio.run(scenario())
