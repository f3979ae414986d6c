"""A socket whose link died without a close: probed, it answers nothing, and after SILENT_MS of the
table's clock its player shows as reconnecting (a bot stands in after the room's grace, as for a
closed socket); its next frame, or a new socket, brings them back."""

from __future__ import annotations

import asyncio

from dorhami.config import Settings
from dorhami.hub.audience import QUIET_MS, SILENT_MS
from dorhami.hub.clock import FakeClock
from dorhami.hub.fanout import Subscriber
from dorhami.hub.hub import Hub
from dorhami.storage.repository import Store

from .test_table import run, settle

GRACE_S = 20


async def watched_table(url: str, clock: FakeClock):
    """Two people at a started game (no timers), each with one socket the table watches."""
    hub = Hub(Store(url), Settings(database_url=url, bot_delay_ms=(200, 200)), clock)
    sara, _ = await hub.store.create_player("Sara")
    ali, _ = await hub.store.create_player("Ali")
    await hub.store.create_room("r", "jekyll-vs-hyde", {"timers_enabled": False}, True, sara.id, GRACE_S)
    table = await hub.table("r")
    for player in (sara, ali):
        await table.join(player.id, player.name)
    await table.start_game(sara.id, False)
    subs = Subscriber(sara.id, 10_000), Subscriber(ali.id, 10_000)
    for sub in subs:
        await table.subscribe(sub)
        table.watch(sub)
    return hub, table, subs


def drain(sub: Subscriber) -> list[str]:
    """The texts queued for `sub` (an unattached socket), taken off its queue."""
    texts = [item.text for item in sub.items]
    sub.items.clear()
    return texts


def probes(texts: list[str]) -> list[str]:
    return [text for text in texts if text.startswith('{"type":"ping"')]


async def pass_time(clock: FakeClock, table, ms: int, answering: list[Subscriber]) -> list[str]:
    """Let `ms` of the table's clock pass in steps of 500 ms; the `answering` sockets answer every
    probe. Returns what they were sent meanwhile."""
    heard = []
    for _ in range(ms // 500):
        clock.advance(500)
        await settle()
        await table.call(asyncio.sleep, 0)
        for sub in answering:
            texts = drain(sub)
            heard += texts
            if probes(texts):
                table.heard(sub, clock.now_ms())
    return heard


def presence(table, seat: int) -> str:
    return table.room_public()["presence"][seat]


def test_a_socket_that_answers_no_probe_turns_its_seat_to_reconnecting_after_ten_seconds(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, (sara, ali) = await watched_table(database_url, clock)
        drain(ali)
        await pass_time(clock, table, SILENT_MS - 500, [sara])
        sent = probes(drain(ali))
        # Probed while quiet, a few times and no more often than every QUIET_MS.
        assert 2 <= len(sent) <= SILENT_MS // QUIET_MS, sent
        assert presence(table, 1) == "connected"
        heard = await pass_time(clock, table, 500, [sara])
        assert presence(table, 1) == "reconnecting"
        assert presence(table, 0) == "connected"  # who answers stays
        # Every socket hears of it, as of a socket that closed.
        assert any('"reconnecting"' in text for text in heard if text.startswith('{"type":"room"'))

        table.heard(ali, clock.now_ms())  # it answers again
        await settle()
        await table.call(asyncio.sleep, 0)
        assert presence(table, 1) == "connected"
        await hub.close()
        hub.store.close()

    run(scenario())


def test_a_silent_socket_is_stood_in_for_after_the_grace_and_a_new_socket_takes_the_seat_back(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, (sara, ali) = await watched_table(database_url, clock)
        await pass_time(clock, table, SILENT_MS + GRACE_S * 1000, [sara])
        assert presence(table, 1) == "away"
        assert table.leavers.seats == {1}  # a bot plays for Ali

        # Ali's phone opens a new socket; the dead one closes much later: the seat stays theirs.
        again = Subscriber(ali.player_id, 10_000)
        await table.subscribe(again)
        table.watch(again)
        assert presence(table, 1) == "connected"
        assert table.leavers.seats == set()
        await table.unsubscribe(ali)
        assert presence(table, 1) == "connected"
        assert table.roster.sockets[ali.player_id] == 1
        await hub.close()
        hub.store.close()

    run(scenario())


def test_any_frame_keeps_a_socket_alive_and_a_probe_goes_only_to_a_quiet_one(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, (sara, ali) = await watched_table(database_url, clock)
        drain(ali)
        for _ in range(3 * SILENT_MS // 1000):
            clock.advance(1000)
            table.heard(ali, clock.now_ms())  # a ping, an action, a chat line: it talks every second
            await settle()
        assert presence(table, 1) == "connected"
        assert probes(drain(ali)) == []
        await hub.close()
        hub.store.close()

    run(scenario())


def test_a_silent_watcher_is_probed_but_still_counted_until_it_closes(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, (sara, ali) = await watched_table(database_url, clock)
        watcher = Subscriber(None, 10_000)
        await table.subscribe(watcher)
        table.watch(watcher)
        await pass_time(clock, table, 2 * SILENT_MS, [sara, ali])
        assert probes(drain(watcher))
        assert table.room_public()["spectators"] == 1  # its place under the watchers' cap is still taken
        await table.unsubscribe(watcher)
        assert table.room_public()["spectators"] == 0
        await hub.close()
        hub.store.close()

    run(scenario())
