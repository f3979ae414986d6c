"""Leavers: a seat whose player has been gone longer than the room's grace is played by a bot,
with the game's strategy, until the player returns and takes it back; everyone sees it on the seat.
Every game, with the timers that could otherwise move a stalled table turned off where they exist."""

from __future__ import annotations

import asyncio
import json

import pytest

from dorhami.catalogue import GAMES
from dorhami.config import Settings
from dorhami.hub.clock import FakeClock
from dorhami.hub.fanout import Subscriber
from dorhami.hub.hub import Hub
from dorhami.storage.repository import Store

from .test_table import settle

GRACE_S = 10
# No timer moves these tables on by itself: without a stand-in, a gone player stalls them for good.
STALLING = {
    "jekyll-vs-hyde": {"timers_enabled": False},
    "queendomino": {"turn_seconds": 0, "rounds": 4},
    "camel-up-cards": {"races": 1},
    "twin-it": {"start_countdown_ms": 0, "target_sets": 4},
    "double-connect": {"countdown_ms": 0},
}


async def table_with_a_leaver(url: str, slug: str, clock: FakeClock):
    """Two people at a started game; seat 1's only socket has just closed."""
    hub = Hub(Store(url), Settings(database_url=url, bot_delay_ms=(200, 200)), clock)
    stay, _ = await hub.store.create_player("Sara")
    leaver, _ = await hub.store.create_player("Ali")
    await hub.store.create_room("r", slug, STALLING[slug], True, stay.id, reconnect_grace_s=GRACE_S)
    table = await hub.table("r")
    for player in (stay, leaver):
        await table.join(player.id, player.name)
    await table.start_game(stay.id, False)
    here, gone = Subscriber(stay.id, 10_000), Subscriber(leaver.id, 10_000)
    for sub in (here, gone):
        await table.subscribe(sub)
    await table.unsubscribe(gone)
    return hub, table, leaver, here


async def wait(clock: FakeClock, table, seconds: float, stayer_plays: bool = True) -> None:
    """Let fake time pass in steps of 100 ms; the player who stayed (seat 0) makes a move a second
    when they have one, so a game whose turn order starts with them moves on too."""
    for step in range(int(seconds * 10)):
        clock.advance(100)
        await settle()
        game = table.game
        if stayer_plays and step % 10 == 0 and game.result is None:
            legal = table.engine.legal_actions(game.state, 0)
            if legal:
                await table.act(0, legal[0], clock.now_ms(), None)
        await table.call(asyncio.sleep, 0)


async def moves_of(hub, table, seat: int) -> int:
    return sum(1 for row in await hub.store.actions(table.game.id) if row.seat == seat)


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_bot_stands_in_for_a_gone_player_until_they_return(database_url, slug):
    async def scenario():
        clock = FakeClock()
        hub, table, leaver, here = await table_with_a_leaver(database_url, slug, clock)
        await wait(clock, table, GRACE_S - 1)
        assert table.leavers.seats == set() and await moves_of(hub, table, 1) == 0
        assert table.room_public()["seats"][1]["stand_in"] is False

        await wait(clock, table, 2)
        assert table.leavers.seats == {1}
        ali = {"id": leaver.id, "name": "Ali", "display_name": "Ali"}
        assert table.room_public()["seats"][1] == {"seat": 1, "player": ali, "bot": None, "stand_in": True}
        rooms = [m for m in map(json.loads, (o.text for o in here.items)) if m["type"] == "room"]
        assert rooms[-1]["room"]["seats"][1]["stand_in"] is True, "everyone at the table hears it"
        await wait(clock, table, 30)
        played = await moves_of(hub, table, 1)
        assert played > 0, "the bot plays the gone player's seat"

        back = Subscriber(leaver.id, 10_000)
        await table.subscribe(back)
        assert table.leavers.seats == set() and table.room_public()["seats"][1]["stand_in"] is False
        assert 1 not in table.bot_seats.plans, "the bot's next move is called off"
        await wait(clock, table, 30)
        assert await moves_of(hub, table, 1) == played, "the seat is the player's again"
        await hub.close()
        hub.store.close()

    asyncio.run(scenario())


def test_after_a_restart_each_player_has_the_grace_to_come_back_then_a_bot_plays(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, leaver, _ = await table_with_a_leaver(database_url, "jekyll-vs-hyde", clock)
        await hub.close()
        hub.store.close()
        # Nobody is connected to the restarted server: nobody is a stand-in before the grace ends.
        hub = Hub(Store(database_url), Settings(database_url=database_url, bot_delay_ms=(200, 200)), clock)
        assert await hub.recover() == 1
        table = await hub.table("r")
        assert table.leavers.seats == set()
        await wait(clock, table, GRACE_S + 1, stayer_plays=False)
        assert table.leavers.seats == {0, 1}
        await wait(clock, table, 20, stayer_plays=False)
        assert table.game.version > 0, "the table moves on without anyone"
        await hub.close()
        hub.store.close()

    asyncio.run(scenario())


def test_a_rest_player_who_reads_the_game_is_not_replaced(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, leaver, _ = await table_with_a_leaver(database_url, "jekyll-vs-hyde", clock)
        for _ in range(3):
            await wait(clock, table, GRACE_S - 2, stayer_plays=False)
            table.seen(leaver.id)  # what GET /state does for its caller
        assert table.leavers.seats == set()
        await hub.close()
        hub.store.close()

    asyncio.run(scenario())
