"""A crowd at a table: joins and leaves of many sockets cost each socket a room message per
interval, not one per join (N² work that slowed every seated player's socket), and anonymous
watchers are capped per room (per address at the socket: tests/api/test_socket_caps.py)."""

from __future__ import annotations

import asyncio

import pytest

from dorhami.config import Settings
from dorhami.hub.audience import ROOM_EVERY_S
from dorhami.hub.clock import FakeClock
from dorhami.hub.errors import HubError
from dorhami.hub.fanout import Subscriber
from dorhami.hub.hub import Hub
from dorhami.storage.repository import Store

CROWD = 200


class Counting:
    """A socket's writer that counts the room messages it is sent."""

    def __init__(self) -> None:
        self.rooms = 0

    async def write(self, text: str) -> None:
        self.rooms += text.startswith('{"type":"room"')

    async def shut(self, _why: str) -> None:
        pass


async def a_room(url: str, **settings) -> tuple[Hub, object]:
    hub = Hub(Store(url), Settings(database_url=url, **settings), FakeClock())
    host, _ = await hub.store.create_player("Host")
    await hub.store.create_room("crowd", "jekyll-vs-hyde", {}, False, host.id)
    return hub, await hub.table("crowd")


def test_a_crowd_joining_and_leaving_costs_linear_not_quadratic_room_messages(database_url):
    async def scenario():
        hub, table = await a_room(database_url, anonymous_sockets_per_room=10 * CROWD)
        counters = [Counting() for _ in range(CROWD)]
        subs = []
        for counter in counters:
            sub = Subscriber(None, 100_000)
            sub.attach(counter.write, counter.shut)
            await table.subscribe(sub)
            subs.append(sub)
        for sub in subs[: CROWD // 2]:
            await table.unsubscribe(sub)
        await asyncio.sleep(ROOM_EVERY_S * 2)  # the last held-back message goes out
        await table.call(asyncio.sleep, 0)
        await asyncio.sleep(0.05)
        sent = sum(c.rooms for c in counters)
        last = counters[-1].rooms
        await hub.close()
        hub.store.close()
        return sent, last

    sent, last = asyncio.run(scenario())
    # One message per join or leave to every socket would be ~ 1.5 × CROWD² / 2 = 30,000.
    assert sent < 10 * CROWD, sent
    assert last >= 2, "the last socket heard the room when it came and after the others left"


def test_anonymous_watchers_are_capped_per_room_and_people_with_names_are_not(database_url):
    async def scenario():
        hub, table = await a_room(database_url, anonymous_sockets_per_room=3)
        for _ in range(3):
            await table.subscribe(Subscriber(None, 100))
        with pytest.raises(HubError) as refused:
            await table.subscribe(Subscriber(None, 100))
        named, _ = await hub.store.create_player("Sara")
        await table.subscribe(Subscriber(named.id, 100))
        await hub.close()
        hub.store.close()
        return refused.value

    refused = asyncio.run(scenario())
    assert refused.code == "too_many_spectators" and refused.status == 409
