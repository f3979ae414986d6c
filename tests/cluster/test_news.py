"""A rename reaches the tables of every process (hub/news.py): the proxy sends a request about a
player to any process, and the tables showing that player may run on another."""

from __future__ import annotations

import asyncio

from dorhami.config import Settings
from dorhami.hub.clock import FakeClock
from dorhami.hub.fanout import Subscriber
from dorhami.hub.hub import Hub
from dorhami.hub.news import CHANNEL
from dorhami.storage.repository import Store


async def two_listening(url: str, redis_url: str) -> tuple[list[Hub], list[asyncio.Task]]:
    """Processes "a" and "b" on one database and Redis, each listening to the news."""
    hubs = [
        Hub(Store(url), Settings(database_url=url, redis_url=redis_url, instance_id=name), FakeClock()) for name in "ab"
    ]
    listeners = [asyncio.create_task(hub.news.listen_forever(hub.show_rename, hub.close_sessions)) for hub in hubs]
    await asyncio.wait_for(asyncio.gather(*(hub.news.subscribed.wait() for hub in hubs)), 10)
    return hubs, listeners


async def stopped(hubs, listeners: list[asyncio.Task]) -> None:
    for task in listeners:
        task.cancel()
    await asyncio.gather(*listeners, return_exceptions=True)
    for hub in hubs:
        await hub.close()
        hub.store.close()


def test_a_rename_on_one_process_shows_at_a_table_another_process_runs(cluster_database_url, redis_url):
    async def scenario():
        (a, b), listeners = await two_listening(cluster_database_url, redis_url)
        host, _ = await a.store.create_player("Host")
        await a.store.create_room("news1", "twin-it", {}, True, host.id)
        table = await a.table("news1")
        await table.join(host.id, "Host")
        await table.send_chat(host.id, "text", "salam")
        before = table.room_public()

        for garbage in (b"not json", b'{"from": "c"}', b'{"from": "c", "player": 5, "name": []}'):
            await b.news.redis.publish(CHANNEL, garbage)  # ignored; the channel is not lost over them
        await b.rename_player(host.id, "Sara")  # b does not run the table
        for _ in range(100):
            if table.names.get(host.id) == "Sara":
                break
            await asyncio.sleep(0.05)
        after = table.room_public()
        assert [s["player"]["name"] for s in before["seats"]] == ["Host"] and before["host"]["name"] == "Host"
        assert [s["player"]["name"] for s in after["seats"]] == ["Sara"] and after["host"]["name"] == "Sara"
        assert [line["player"]["name"] for line in table.talk.chat.history()] == ["Sara"]
        assert "news1" not in b.tables, "b told a; it did not load the table itself"
        await stopped((a, b), listeners)

    asyncio.run(scenario())


def test_an_ended_session_closes_its_socket_on_another_process(cluster_database_url, redis_url):
    """The session is ended through one process; its socket is open on the process that runs the
    table, and closes there (the rest of the player's sockets stay)."""

    async def scenario():
        (a, b), listeners = await two_listening(cluster_database_url, redis_url)
        host, _ = await a.store.create_player("Host")
        await a.store.create_room("news2", "twin-it", {}, True, host.id)
        table = await a.table("news2")
        ended, kept = Subscriber(host.id, 100, "leaked"), Subscriber(host.id, 100, "own")
        for sub in (ended, kept):
            await table.subscribe(sub)
        await b.end_sessions(host.id, ended="leaked")  # b does not run the table
        for _ in range(100):
            if ended.closed_reason:
                break
            await asyncio.sleep(0.05)
        assert ended.closed_reason == "this session has ended" and kept.closed_reason is None
        await stopped((a, b), listeners)

    asyncio.run(scenario())
