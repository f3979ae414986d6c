"""After a restart: every unfinished game resumes, and a game whose result was never stored ends."""

from __future__ import annotations

import asyncio
import random

from sqlalchemy import update

from dorhami.config import Settings
from dorhami.hub.clock import FakeClock
from dorhami.hub.hub import Hub
from dorhami.storage.records import GameRecord, SeatRecord
from dorhami.storage.repository import GAMES, ROOMS, Store

from .test_table import JVH, started_table


def test_every_unfinished_game_resumes_not_only_the_first_page(database_url):
    async def scenario():
        store = Store(database_url)
        host, _ = await store.create_player("Host")
        guest, _ = await store.create_player("Guest")
        count = 230
        for i in range(count):
            room = await store.create_room(f"live{i}", JVH, {"timers_enabled": False}, True, host.id)
            seats = [SeatRecord(seat=0, player_id=host.id), SeatRecord(seat=1, player_id=guest.id)]
            await store.start_game(
                room.id,
                GameRecord(room_id=room.id, seed=i, config={"timers_enabled": False}, players=2, started_ms=0),
                seats,
            )
        waiting = await store.create_room("waiting", JVH, {}, True, host.id)
        hub = Hub(store, Settings(database_url=database_url), FakeClock())
        assert await hub.recover(page=100) == count
        assert sorted(hub.tables) == sorted(f"live{i}" for i in range(count)), "every playing room, no other"
        assert waiting.code not in hub.tables
        assert all(t.game is not None and t.game.result is None for t in hub.tables.values())
        await hub.close()
        store.close()

    asyncio.run(scenario())


def test_a_finished_game_whose_result_was_not_stored_is_finished_on_load(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, host, _ = await started_table(database_url, clock, {"timers_enabled": False})
        rng = random.Random(3)
        while table.game.result is None:
            state = table.game.state
            seat = next(s for s in (0, 1) if table.engine.legal_actions(state, s))
            action = rng.choice(table.engine.legal_actions(state, seat))
            reply = await table.act(seat, action, clock.now_ms(), None)
            assert reply["type"] == "ack", reply
        result, game_id, last_seq = table.game.result, table.game.id, table.game.version
        await hub.close()
        # What a kill between the last action's commit and the result's used to leave behind.
        with hub.store.engine.begin() as connection:
            connection.execute(update(GAMES).where(GAMES.c.id == game_id).values(result=None, ended_ms=None))
            connection.execute(update(ROOMS).where(ROOMS.c.code == "room1").values(status="playing"))
        hub.store.close()

        store = Store(database_url)
        hub = Hub(store, Settings(database_url=database_url), clock)
        await hub.recover()
        table = await hub.table("room1")
        stored = await store.game(game_id)
        assert table.room.status == "finished" and (await store.room("room1")).status == "finished"
        assert stored.result == result and stored.ended_ms is not None
        assert table.game.version == last_seq
        assert (await table.start_game(host.id, True))["game_id"] != game_id, "a rematch is allowed"
        await hub.close()
        store.close()

    asyncio.run(scenario())
