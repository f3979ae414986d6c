"""What a table tells players who are not looking at it (hub/turns.py): a live turn-based game's turn
only to a player none of whose pages at the table is in view, at most once a minute, and never in a
race; a rematch asked, to the host; a rescue granted, to its asker."""

from __future__ import annotations

import asyncio

from dorhami.catalogue import get_engine
from dorhami.config import Settings
from dorhami.hub.clock import FakeClock
from dorhami.hub.fanout import Subscriber
from dorhami.hub.hub import Hub
from dorhami.hub.room_rules import split_config
from dorhami.storage.repository import Store

from .test_daily import Told
from .test_rescue_votes import closed, granted_to_tara, three_players_one_gone


async def live_duel(url: str, clock: FakeClock, told: Told, game: str = "jekyll-vs-hyde", config: dict | None = None):
    hub = Hub(Store(url), Settings(database_url=url, bot_delay_ms=(1000, 1000)), clock, notify=told)
    host, _ = await hub.store.create_player("Host")
    guest, _ = await hub.store.create_player("Guest")
    pace = "daily" if (config or {}).get("pace") == "daily" else "live"
    await hub.store.create_room("duel", game, config or {"jekyll_seat": 0}, True, host.id, 60, pace)
    table = await hub.table("duel")
    for player in (host, guest):
        await table.join(player.id, player.name)
    return hub, table, host, guest


async def act_first(table, clock: FakeClock) -> int:
    state = table.game.state
    seat = next(s for s in range(table.game.players) if table.engine.legal_actions(state, s))
    await table.act(seat, table.engine.legal_actions(state, seat)[0], clock.now_ms(), None)
    return seat


def test_a_live_turn_is_pushed_only_to_a_player_not_looking_and_at_most_once_a_minute(database_url):
    async def scenario():
        clock, told = FakeClock(), Told()
        hub, table, host, guest = await live_duel(database_url, clock, told)
        host_page, guest_page = Subscriber(host.id, 1000), Subscriber(guest.id, 1000)
        await table.subscribe(host_page)
        await table.subscribe(guest_page)
        await table.set_hidden(guest_page, True)  # the guest switched to another app
        await table.start_game(host.id, False)
        # Both exchange first: the guest, whose page is hidden, is told; the host, looking, is not.
        assert told.take() == [(guest.id, "turn", "/t/duel")]
        # Both exchange; the lead is the next turn: told again only after a minute.
        while table.game.state["phase"] == "exchange":
            await act_first(table, clock)
        moves = 0
        while not told.notices and moves < 12:
            clock.advance(10_000)
            await act_first(table, clock)
            moves += 1
        assert told.take() == [(guest.id, "turn", "/t/duel")] and clock.now_ms() >= 60_000 + 1_700_000_000_000
        await table.set_hidden(guest_page, False)
        for _ in range(6):
            clock.advance(61_000)
            await act_first(table, clock)
        assert told.take() == [], "a player looking at the table needs no push"
        await closed(hub)

    asyncio.run(scenario())


def test_a_race_announces_no_turn(database_url):
    async def scenario():
        clock, told = FakeClock(), Told()
        hub, table, host, guest = await live_duel(
            database_url, clock, told, "twin-it", {"start_countdown_ms": 0, "target_sets": 4}
        )
        guest_page = Subscriber(guest.id, 1000)
        await table.subscribe(guest_page)
        await table.set_hidden(guest_page, True)
        await table.start_game(host.id, False)
        for _ in range(5):  # flips come and go by their timers: a race is no one's turn to be told of
            clock.advance(3_000)
            await asyncio.sleep(0.02)
        assert table.game.version > 0 and told.take() == []
        await closed(hub)

    asyncio.run(scenario())


def test_a_rematch_asked_is_pushed_to_the_host_once(database_url):
    async def scenario():
        clock, told = FakeClock(), Told()
        hub, table, host, guest = await live_duel(database_url, clock, told)
        await table.start_game(host.id, False)
        while table.game.result is None:
            clock.advance(1000)
            await act_first(table, clock)
        told.take()
        await table.request_rematch(guest.id)
        await table.request_rematch(guest.id)
        assert told.take() == [(host.id, "rematch", "/t/duel")], "once, to the one who can start it"
        await table.request_rematch(host.id)
        assert told.take() == [], "the host asking tells nobody"
        await closed(hub)

    asyncio.run(scenario())


def test_a_granted_rescue_is_pushed_to_its_asker(database_url):
    async def scenario():
        clock, told = FakeClock(), Told()
        hub, table, (host, sara, omid, ali, tara) = await three_players_one_gone(database_url, clock, told)
        await granted_to_tara(table, sara, omid, tara)
        assert (tara.id, "rescue", "/t/r") in told.take()
        await closed(hub)

    asyncio.run(scenario())


def test_a_daily_turn_is_pushed_unless_the_player_is_looking_at_the_table(database_url):
    async def scenario():
        clock, told = FakeClock(), Told()
        rules, options = split_config(get_engine("jekyll-vs-hyde"), {"pace": "daily"})
        hub, table, host, guest = await live_duel(database_url, clock, told, config={**rules, **options})
        guest_page = Subscriber(guest.id, 1000)
        await table.subscribe(guest_page)
        await table.start_game(host.id, False)
        # Both must exchange: the guest sees it on the open table; the host, away, is told on their phone.
        assert told.take() == [(host.id, "turn", "/t/duel")]
        await closed(hub)

    asyncio.run(scenario())
