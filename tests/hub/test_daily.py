"""Daily games (hub/pace.py): turns of hours, a table that leaves memory while nobody plays and comes
back when its reminder or deadline is due, through restarts; what each player is told, and when."""

from __future__ import annotations

import asyncio
import time

import pytest

from dorhami.catalogue import get_engine
from dorhami.config import Settings
from dorhami.engine import IllegalAction
from dorhami.hub import pace
from dorhami.hub.clock import FakeClock
from dorhami.hub.errors import HubError
from dorhami.hub.hub import Hub
from dorhami.hub.room_rules import split_config
from dorhami.storage.repository import Store

HOUR_MS = 3_600_000
JVH = "jekyll-vs-hyde"


class Told:
    """What the hub asked the push service to tell whom (the push service itself is tested apart)."""

    def __init__(self) -> None:
        self.notices: list[tuple[str, str, str]] = []

    def __call__(self, player_id: str, notice) -> None:
        self.notices.append((player_id, notice.kind, notice.url))

    def take(self) -> list[tuple[str, str, str]]:
        taken, self.notices = self.notices, []
        return taken


def settings(url: str) -> Settings:
    return Settings(database_url=url, bot_delay_ms=(1000, 1000), idle_table_s=600, waiting_room_ttl_s=3600)


def new_hub(url: str, clock: FakeClock, told: Told) -> Hub:
    return Hub(Store(url), settings(url), clock, notify=told)


async def settle() -> None:
    """Let the tables' timers run, and the journal's commits (on its own thread) come back."""
    for _ in range(10):
        await asyncio.sleep(0.01)


async def daily_room(hub: Hub, code: str, host, *guests, hours: int = 24, game: str = JVH) -> None:
    rules, options = split_config(get_engine(game), {"pace": "daily", "turn_hours": hours})
    await hub.store.create_room(code, game, {**rules, **options}, True, host.id, 60, "daily")
    table = await hub.table(code)
    for player in (host, *guests):
        await table.join(player.id, player.name)


async def play_one(hub: Hub, code: str, clock: FakeClock) -> int:
    """The first seat to move plays its first legal action; returns that seat."""
    table = await hub.table(code)
    engine, state = table.engine, table.game.state
    seat = next(s for s in range(table.game.players) if engine.legal_actions(state, s))
    reply = await table.act(seat, engine.legal_actions(state, seat)[0], clock.now_ms(), None)
    assert reply["type"] == "ack", reply
    return seat


def test_a_daily_room_sets_the_rules_timers_to_its_turn_and_refuses_what_does_not_fit():
    engine = get_engine(JVH)
    rules, options = split_config(engine, {"pace": "daily", "turn_hours": 12, "timers_enabled": False})
    assert options == {"pace": "daily", "turn_hours": 12}
    # The rules' own timers carry the turn: the same deadlines and automatic actions as a live game.
    assert [rules[k] for k in engine.turn_keys] == [12 * 3600] * 3 and rules["timers_enabled"] is True
    assert split_config(get_engine("camel-up-cards"), {"pace": "daily", "turn_hours": 1})[0]["turn_timer_s"] == 3600
    assert split_config(get_engine("queendomino"), {"pace": "daily", "turn_hours": 72})[0]["turn_seconds"] == 259200
    for bad in ({"pace": "slow"}, {"pace": "daily", "turn_hours": 5}, {"turn_hours": True}):
        with pytest.raises(IllegalAction) as refused:
            split_config(engine, bad)
        assert refused.value.code == "invalid_config"
    with pytest.raises(IllegalAction, match="daily pace"):
        split_config(engine, {"play_timeout_s": 86_400})  # hours of clock in a live room: it would never sleep
    with pytest.raises(IllegalAction, match="unknown config key"):
        split_config(get_engine("twin-it"), {"pace": "daily"})  # a race has no daily pace
    # A live room keeps the rules' own range.
    assert split_config(engine, {"play_timeout_s": 40})[1] == {"pace": "live", "turn_hours": 24}


def test_a_daily_game_sleeps_wakes_reminds_and_times_out_through_restarts(database_url):
    async def scenario():
        clock, told = FakeClock(int(time.time() * 1000)), Told()
        hub = new_hub(database_url, clock, told)
        host, _ = await hub.store.create_player("Host")
        guest, _ = await hub.store.create_player("Guest")
        await daily_room(hub, "daily", host, guest)
        table = await hub.table("daily")
        await table.start_game(host.id, False)
        # Jekyll vs. Hyde opens with both players exchanging: both are told it is their turn.
        assert sorted(told.take()) == sorted([(host.id, "turn", "/t/daily"), (guest.id, "turn", "/t/daily")])
        room = await hub.store.room("daily")
        assert room.turn["seats"] == [0, 1] and room.turn["deadline_ms"] == clock.now_ms() + 24 * HOUR_MS
        assert room.wake_ms == room.turn["deadline_ms"] - 6 * HOUR_MS, "a day's turn is reminded 6 hours before"

        first = await play_one(hub, "daily", clock)
        assert told.take() == [], "the other seat was told already; nobody newly has to move"
        # Nobody is connected: after the idle time the table leaves memory, though its game runs.
        clock.advance(601_000)
        assert (await hub.sweep())[1] == ["daily"] and not hub.tables

        # A restart: the new process does not load the daily game; its reminder brings it back.
        await hub.close()
        hub.store.close()
        hub = new_hub(database_url, clock, told)
        assert await hub.recover() == 0 and not hub.tables
        assert await hub.wake_due() == [], "nothing is due for hours"
        room = await hub.store.room("daily")
        clock.advance(room.wake_ms - clock.now_ms() - 10_000)
        assert await hub.wake_due() == ["daily"]
        await settle()
        assert told.take() == [], "loaded ahead of time, it reminds at the moment"
        clock.advance(10_000)
        await settle()
        waiting = guest if first == 0 else host
        assert told.take() == [(waiting.id, "reminder", "/t/daily")]
        assert (await hub.store.room("daily")).turn["reminded"] == room.turn["version"]

        # Another restart before the deadline: the reminder is not sent again; the deadline plays the rules' move.
        await hub.close()
        hub.store.close()
        hub = new_hub(database_url, clock, told)
        room = await hub.store.room("daily")
        assert room.wake_ms == room.turn["deadline_ms"]
        clock.advance(room.wake_ms - clock.now_ms())
        assert await hub.wake_due() == ["daily"]
        await settle()
        table = await hub.table("daily")
        assert table.game.version == 2, "the timeout's automatic exchange is logged like an action"
        [leader] = pace.to_move(table.engine, table.game.state, 2)
        leading = host if leader == 0 else guest
        # The reminder went once; whoever leads now is told, unless they were the one to move already.
        assert told.take() == ([] if leading is waiting else [(leading.id, "turn", "/t/daily")])
        room = await hub.store.room("daily")
        assert (
            room.turn["version"] == 2 and room.turn["last"]["seat"] is None and room.turn["last"]["type"] == "advance"
        )
        await hub.close()
        hub.store.close()

    asyncio.run(scenario())


def test_a_player_sits_in_at_most_thirty_daily_games(database_url):
    async def scenario():
        clock, told = FakeClock(int(time.time() * 1000)), Told()
        hub = new_hub(database_url, clock, told)
        host, _ = await hub.store.create_player("Host")
        guest, _ = await hub.store.create_player("Guest")
        keen, _ = await hub.store.create_player("Keen")
        for n in range(pace.MAX_DAILY_GAMES):
            await daily_room(hub, f"d{n}", keen, guest if n % 2 else host)
        await daily_room(hub, "one-more", host)
        table = await hub.table("one-more")
        with pytest.raises(HubError) as refused:
            await table.join(keen.id, keen.name)
        assert refused.value.code == "too_many_daily_games"
        with pytest.raises(HubError):
            await pace.check_daily_bound(hub.store, keen.id)  # nor host one
        await pace.check_daily_bound(hub.store, host.id)  # others are far from it
        await hub.close()
        hub.store.close()

    asyncio.run(scenario())
