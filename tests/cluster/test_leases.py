"""Table leases on PostgreSQL (hub/ownership.py, storage/leases.py): one owner at a time; a process
whose lease was taken can append nothing; a taker waits for an append in flight; handover."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from sqlalchemy import func, select, text, update

from dorhami.config import Settings
from dorhami.hub import ownership
from dorhami.hub.clock import FakeClock
from dorhami.hub.errors import HubError
from dorhami.hub.hub import Hub
from dorhami.metrics import HubCollector
from dorhami.storage import leases
from dorhami.storage.records import ActionRecord, TableLeaseRecord
from dorhami.storage.repository import ActionRow, Store

from ..json_logs import json_lines

LEASES = TableLeaseRecord.__table__


def hub_on(url: str, name: str, clock: FakeClock) -> Hub:
    settings = Settings(database_url=url, bot_delay_ms=(1000, 1000), instance_id=name, lease_ttl_s=30)
    return Hub(Store(url), settings, clock)


async def game_on(hub: Hub):
    store = hub.store
    host, _ = await store.create_player("Host")
    guest, _ = await store.create_player("Guest")
    await store.create_room("room1", "jekyll-vs-hyde", {"jekyll_seat": 0, "timers_enabled": False}, True, host.id)
    table = await hub.table("room1")
    await table.join(host.id, "Host")
    await table.join(guest.id, "Guest")
    await table.start_game(host.id, False)
    return table


async def play_one(table, clock: FakeClock) -> dict:
    seat = next(s for s in range(2) if table.engine.legal_actions(table.game.state, s))
    action = table.engine.legal_actions(table.game.state, seat)[0]
    return await table.act(seat, action, clock.now_ms(), None)


async def closed(*hubs: Hub) -> None:
    """Stop each process as a shutdown does (its leases released), then its database pool."""
    for hub in hubs:
        await hub.close()
        hub.store.close()


async def two_processes_and_a_game(url: str):
    """Processes "a" and "b"; a runs room1's game, one action played."""
    clock = FakeClock()
    a, b = hub_on(url, "a", clock), hub_on(url, "b", clock)
    table_a = await game_on(a)
    await play_one(table_a, clock)
    return clock, a, b, table_a


def lease_metrics(hub: Hub) -> dict[str, float]:
    """What GET /metrics says of the process's leases."""
    return {family.name: family.samples[0].value for family in HubCollector(hub).collect() if "lease" in family.name}


def rows_of(store: Store, game_id: int) -> int:
    with store.engine.connect() as conn:
        return conn.scalar(select(func.count()).select_from(ActionRecord).where(ActionRecord.game_id == game_id))


def expire(store: Store, room_id: int) -> None:
    """As if its owner stalled past the lease's time: the lease is free to take."""
    with store.engine.begin() as conn:
        conn.execute(
            update(LEASES)
            .where(LEASES.c.room_id == room_id)
            .values(expires_at=func.clock_timestamp() - text("interval '1 second'"))
        )


def test_a_process_whose_lease_was_taken_can_no_longer_append(cluster_database_url):
    async def scenario():
        clock = FakeClock()
        a, b = hub_on(cluster_database_url, "a", clock), hub_on(cluster_database_url, "b", clock)
        table_a = await game_on(a)
        assert (await play_one(table_a, clock))["type"] == "ack"
        game_id, room_id = table_a.game.id, table_a.room.id
        with pytest.raises(HubError) as held:
            await b.table("room1", ask=False)
        assert held.value.code == "table_elsewhere" and held.value.status == 503, "one owner at a time"

        expire(a.store, room_id)
        table_b = await b.table("room1", ask=False)
        assert table_b.game.version == table_a.game.version == 1, "the taker read the whole log"
        before = rows_of(a.store, game_id)
        reply = None
        with pytest.raises(HubError) as refused:
            reply = await play_one(table_a, clock)
        assert reply is None and refused.value.code == "table_elsewhere"
        assert rows_of(a.store, game_id) == before, "the old owner appended nothing"
        assert "room1" not in a.tables and table_a.retired, "and left the table to its new owner"
        assert lease_metrics(a)["dorhami_leases_lost"] == 1 and lease_metrics(a)["dorhami_leases_held"] == 0
        assert (await play_one(table_b, clock))["type"] == "ack"
        assert rows_of(b.store, game_id) == before + 1
        await closed(a, b)

    asyncio.run(scenario())


def test_an_append_naming_an_old_epoch_writes_nothing_in_its_batch(cluster_database_url):
    async def scenario():
        clock = FakeClock()
        a = hub_on(cluster_database_url, "a", clock)
        table = await game_on(a)
        room_id, epoch = table.fence
        repo, game_id = a.store.repo, table.game.id
        row = ActionRow(game_id, 1, 0, {"type": "x"}, 1, None)
        with pytest.raises(leases.LeaseLost):
            repo.write_batch([row], [], {room_id: epoch - 1}, "a")
        with pytest.raises(leases.LeaseLost):
            repo.write_batch([row], [], {room_id: epoch}, "someone else")
        assert rows_of(a.store, game_id) == 0
        repo.write_batch([row], [], {room_id: epoch}, "a")
        assert rows_of(a.store, game_id) == 1
        await closed(a)

    asyncio.run(scenario())


def test_a_taker_waits_for_the_append_in_flight_and_then_reads_it(cluster_database_url):
    """The fence holds the lease row FOR SHARE until its commit: the taker's UPDATE waits, so it
    never takes over between an append's check and its commit (which would lose that append)."""
    store = Store(cluster_database_url)
    try:
        player, _ = store.repo.create_player("H")
        room = store.repo.create_room("r", "jekyll-vs-hyde", {}, True, player.id)
        epoch = leases.take(store.engine, room.id, "a", 30, ask=False)
        checked, taken_at, committed_at = threading.Event(), [], []

        def append_slowly():
            with store.engine.begin() as conn:
                leases.check_fences(conn, "a", {room.id: epoch})
                checked.set()
                time.sleep(0.5)  # an append's transaction between its check and its commit
                committed_at.append(time.monotonic())

        writer = threading.Thread(target=append_slowly)
        writer.start()
        checked.wait(5)
        expire(store, room.id)  # a separate transaction: the lease row is only share-locked
        taken = leases.take(store.engine, room.id, "b", 30, ask=False)
        taken_at.append(time.monotonic())
        writer.join()
        assert taken == epoch + 1
        assert taken_at[0] >= committed_at[0], "the take waited for the append's commit"
    finally:
        store.close()


def test_the_owner_hands_a_table_over_when_another_process_asks(cluster_database_url):
    async def scenario():
        clock, a, b, table_a = await two_processes_and_a_game(cluster_database_url)
        a.ownership.taken_at["room1"] -= ownership.MIN_HOLD_S  # held long enough to move
        with pytest.raises(HubError):
            await b.table("room1")  # asks
        assert lease_metrics(a) == {"dorhami_leases_held": 1, "dorhami_lease_handovers": 0, "dorhami_leases_lost": 0}
        await a.ownership.beat()  # the owner's heartbeat hands it over
        assert "room1" not in a.tables
        assert lease_metrics(a) == {"dorhami_leases_held": 0, "dorhami_lease_handovers": 1, "dorhami_leases_lost": 0}
        table_b = await b.table("room1")
        assert table_b.game.version == 1 and table_b.fence[1] == table_a.fence[1] + 1
        with pytest.raises(HubError) as back:
            await a.table("room1")  # a request already on its way to the old owner does not pull it back
        assert back.value.code == "table_elsewhere"
        await b.ownership.beat()
        assert "room1" in b.tables, "the old owner's late request did not ask for the table back"
        await closed(a, b)
        return table_a.game.id

    with json_lines("dorhami.hub.ownership") as lines:
        game_id = asyncio.run(scenario())
    [line] = lines
    assert line["message"] == "room room1: handing its table over to b, which asked for it"
    assert line["room"] == "room1" and line["game_id"] == game_id, "the line names its room and game"


def test_a_request_routed_for_another_room_or_none_asks_for_no_table(cluster_database_url):
    """A request that reached this process by a path the proxy reads differently from the server (a
    percent-encoded code, a request smuggled behind another) must not move the room here."""

    async def scenario():
        clock, a, b, table_a = await two_processes_and_a_game(cluster_database_url)
        a.ownership.taken_at["room1"] -= ownership.MIN_HOLD_S
        for routed in ("", "room2"):
            token = ownership.routed_room.set(routed)
            try:
                with pytest.raises(HubError) as refused:
                    await b.table("room1")
            finally:
                ownership.routed_room.reset(token)
            assert refused.value.code == "table_elsewhere"
            await a.ownership.beat()
            assert a.tables.get("room1") is table_a, f"not asked for by a request routed by {routed!r}"
        token = ownership.routed_room.set("room1")  # routed here for this room: asked for
        with pytest.raises(HubError):
            await b.table("room1")
        ownership.routed_room.reset(token)
        await a.ownership.beat()
        assert "room1" not in a.tables
        await closed(a, b)

    asyncio.run(scenario())


def test_a_room_is_handed_over_at_most_once_in_min_hold(cluster_database_url):
    """Asking for tables cannot close a room's sockets every second: a table just taken stays."""

    async def scenario():
        clock, a, b, table_a = await two_processes_and_a_game(cluster_database_url)
        with pytest.raises(HubError):
            await b.table("room1")  # asks at once
        for _ in range(3):
            await a.ownership.beat()
            assert a.tables.get("room1") is table_a and a.ownership.handovers == 0
        a.ownership.taken_at["room1"] -= ownership.MIN_HOLD_S
        await a.ownership.beat()
        assert "room1" not in a.tables and a.ownership.handovers == 1
        await closed(a, b)

    asyncio.run(scenario())


def test_a_table_taken_while_the_heartbeat_renews_stays_leased_and_in_memory(cluster_database_url, monkeypatch):
    """The heartbeat's renewal may run before a take of this same process commits, and answer
    without that lease: that is no loss. (It was read as one: the table left memory, its lease
    was then released as a stray, and another process adopted the game under live sockets.)"""

    async def scenario():
        clock = FakeClock()
        a, b = hub_on(cluster_database_url, "a", clock), hub_on(cluster_database_url, "b", clock)
        store = a.store
        host, _ = await store.create_player("Host")
        await store.create_room("room2", "twin-it", {}, True, host.id)
        renewed, go = threading.Event(), threading.Event()
        real_renew = leases.renew

        def renew_then_wait(*args):
            held = real_renew(*args)  # before the take below: without room2
            renewed.set()
            go.wait(10)
            return held

        monkeypatch.setattr(leases, "renew", renew_then_wait)
        beat = asyncio.create_task(a.ownership.beat())
        assert await asyncio.to_thread(renewed.wait, 10)
        table = await a.table("room2")  # taken while the renewal's answer is on its way
        go.set()
        await beat
        monkeypatch.setattr(leases, "renew", real_renew)
        await a.ownership.beat()  # a renewal that sees it: still ours, not released as a stray
        assert a.tables.get("room2") is table and not table.retired
        assert a.ownership.held["room2"] == table.fence and a.ownership.lost == 0
        with store.engine.connect() as conn:
            assert conn.execute(select(LEASES.c.owner, LEASES.c.epoch)).one() == ("a", table.fence[1])
        with pytest.raises(HubError) as elsewhere:
            await b.table("room2", ask=False)
        assert elsewhere.value.code == "table_elsewhere"
        await closed(a, b)

    asyncio.run(scenario())


def test_a_process_that_shuts_down_releases_its_leases_and_another_adopts_its_games_at_once(cluster_database_url):
    """A game in play with no one connected (bots, timers) is not left for a lease's time (30 s here)."""

    async def scenario():
        clock, a, b, table_a = await two_processes_and_a_game(cluster_database_url)
        await closed(a)
        await b.ownership.beat()  # adopts the orphans: released leases of games in play
        assert "room1" in b.tables and b.tables["room1"].game.version == 1
        await closed(b)

    asyncio.run(scenario())


def test_sqlite_is_one_process_and_has_no_leases(tmp_path):
    url = f"sqlite:///{tmp_path / 'one.db'}"
    hub = Hub(Store(url), Settings(database_url=url))
    assert hub.ownership is None
    hub.store.close()
