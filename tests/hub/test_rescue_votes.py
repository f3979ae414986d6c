"""Rescue with the host away: a majority of the seated players grants a seat, nobody's yes is
assumed, and time alone grants nothing (hub/rescue.py)."""

from __future__ import annotations

import asyncio

import pytest

from dorhami.config import Settings
from dorhami.hub.clock import FakeClock
from dorhami.hub.errors import HubError
from dorhami.hub.fanout import Subscriber
from dorhami.hub.hub import Hub
from dorhami.storage.repository import Store

from .test_leavers import wait

GRACE_S = 10


async def three_players_one_gone(url: str, clock: FakeClock, notify=None):
    """A host who only watches (and has left), Sara and Omid at their seats, Ali gone past the
    grace so a bot stands in for him; Tara, who holds the link, has asked for his seat."""
    hub = Hub(Store(url), Settings(database_url=url, bot_delay_ms=(200, 200)), clock, notify=notify)
    host, sara, omid, ali, tara = [
        (await hub.store.create_player(n))[0] for n in ("Host", "Sara", "Omid", "Ali", "Tara")
    ]
    # The longest turn timer: nobody's card is played for them while these tests wait.
    await hub.store.create_room(
        "r", "camel-up-cards", {"races": 1, "turn_timer_s": 120}, True, host.id, reconnect_grace_s=GRACE_S
    )
    table = await hub.table("r")
    for person in (sara, omid, ali):
        await table.join(person.id, person.name)
    await table.start_game(host.id, False)
    subs = {p.id: Subscriber(p.id, 100_000) for p in (sara, omid, ali)}
    for sub in subs.values():
        await table.subscribe(sub)
    await table.unsubscribe(subs[ali.id])
    await wait(clock, table, GRACE_S + 1, stayer_plays=False)
    assert table.leavers.seats == {2}
    await table.ask_rescue(tara.id, "Tara", 2)
    return hub, table, (host, sara, omid, ali, tara)


async def granted_to_tara(table, sara, omid, tara) -> None:
    """Sara and Omid say yes to Tara, who opens the room: seat 2 is hers (lent)."""
    for voter in (sara, omid):
        await table.approve_rescue(voter.id, 2)
    await table.subscribe(Subscriber(tara.id, 100_000))


async def closed(hub: Hub) -> None:
    await hub.close()
    hub.store.close()


async def until_seat_2_decides(table, clock: FakeClock) -> list[dict]:
    """Sara and Omid choose until a trick asks seat 2 for a card; its choices then."""
    for _ in range(10):
        if legal := table.engine.legal_actions(table.game.state, 2):
            return legal
        for seat in (0, 1):
            if mine := table.engine.legal_actions(table.game.state, seat):
                await table.act(seat, mine[0], clock.now_ms(), None)
    raise AssertionError("seat 2 never had a choice to make")


def test_with_the_host_away_a_majority_of_the_seated_players_grants_the_seat(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, (host, sara, omid, ali, tara) = await three_players_one_gone(database_url, clock)
        [request] = table.room_public()["rescue_requests"]
        assert request["needed"] == 2 and request["approvals"] == []
        await wait(clock, table, 25, stayer_plays=False)  # the old rule granted it after 20 s
        assert table.game.result is None and table.seats[2].player_id == ali.id, "time alone grants nothing"
        with pytest.raises(HubError) as refused:
            await table.approve_rescue(tara.id, 2)
        assert refused.value.code == "not_host", "the asker has no say"
        assert await table.approve_rescue(sara.id, 2) == {"seat": 2, "granted": False}
        assert table.room_public()["rescue_requests"][0]["approvals"] == [sara.id]
        assert await table.approve_rescue(omid.id, 2) == {"seat": 2, "granted": True}
        assert table.seats[2].player_id == tara.id
        await closed(hub)

    asyncio.run(scenario())


def test_with_the_host_here_only_the_host_decides(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, (host, sara, omid, ali, tara) = await three_players_one_gone(database_url, clock)
        await table.subscribe(Subscriber(host.id, 100_000))
        assert table.room_public()["rescue_requests"][0]["needed"] is None
        with pytest.raises(HubError) as refused:
            await table.approve_rescue(sara.id, 2)
        assert refused.value.code == "not_host"
        assert await table.approve_rescue(host.id, 2) == {"seat": 2, "granted": True}
        await closed(hub)

    asyncio.run(scenario())


def test_a_lent_seat_returns_to_its_player_when_the_rescuers_step_closes(database_url):
    """Ali comes back while Tara, who took his seat over, has a choice to make: she makes it, and
    the seat is Ali's at once after; never in the middle of her decision."""

    async def scenario():
        clock = FakeClock()
        hub, table, (host, sara, omid, ali, tara) = await three_players_one_gone(database_url, clock)
        await granted_to_tara(table, sara, omid, tara)
        legal = await until_seat_2_decides(table, clock)
        await table.subscribe(Subscriber(ali.id, 100_000))
        assert table.seats[2].player_id == tara.id, "handed back in the middle of Tara's choice"
        await table.act(2, legal[0], clock.now_ms(), None)
        await table.call(asyncio.sleep, 0)  # the hand-back the commit posted
        assert table.seats[2].player_id == ali.id and table.rescues.reclaims == {}
        await closed(hub)

    asyncio.run(scenario())


def test_a_lent_seat_its_rescuer_left_to_a_bot_is_still_its_players(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, (host, sara, omid, ali, tara) = await three_players_one_gone(database_url, clock)
        await granted_to_tara(table, sara, omid, tara)
        await until_seat_2_decides(table, clock)
        await table.subscribe(Subscriber(ali.id, 100_000))  # back while Tara has a choice to make
        assert table.seats[2].player_id == tara.id
        await table.leave(tara.id)  # Tara hands it to a bot
        await wait(clock, table, 5, stayer_plays=False)
        record = table.seats[2]
        assert (record.player_id, record.bot_level) == (ali.id, None)
        await closed(hub)

    asyncio.run(scenario())
