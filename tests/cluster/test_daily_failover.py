"""A daily game's deadline survives the failover of the process that ran it (docs/PACE.md): another
process sharing PostgreSQL brings the game back when it is due, and the rules' timeout is played once."""

from __future__ import annotations

import asyncio

from dorhami.catalogue import get_engine
from dorhami.hub.clock import FakeClock
from dorhami.hub.room_rules import split_config

from .test_leases import closed, expire, hub_on, play_one

HOUR_MS = 3_600_000


def test_a_daily_deadline_is_played_by_the_process_that_takes_over(cluster_database_url):
    async def scenario():
        clock = FakeClock()
        a, b = hub_on(cluster_database_url, "a", clock), hub_on(cluster_database_url, "b", clock)
        host, _ = await a.store.create_player("Host")
        guest, _ = await a.store.create_player("Guest")
        rules, options = split_config(get_engine("jekyll-vs-hyde"), {"pace": "daily", "turn_hours": 1})
        await a.store.create_room("room1", "jekyll-vs-hyde", {**rules, **options}, True, host.id, 60, "daily")
        table_a = await a.table("room1")
        for player in (host, guest):
            await table_a.join(player.id, player.name)
        await table_a.start_game(host.id, False)
        assert (await play_one(table_a, clock))["type"] == "ack"
        room = await b.store.room("room1")

        # Process a freezes (or dies) holding the lease, its timers with it: b cannot take the game
        # while the lease runs, and takes it once the lease has expired.
        table_a._cancel_waits()
        clock.advance(room.turn["deadline_ms"] - clock.now_ms())
        assert await b.wake_due() == [], "a's lease still holds the table"
        expire(b.store, room.id)
        assert await b.wake_due() == ["room1"]
        for _ in range(20):
            await asyncio.sleep(0.02)
        table_b = b.tables["room1"]
        assert table_b.game.version == 2, "b replayed the log and played the rules' timeout once"
        assert (await b.store.room("room1")).turn["last"] == {
            "seat": None,
            "type": "advance",
            "ms": room.turn["deadline_ms"],
        }
        await closed(a, b)

    asyncio.run(scenario())
