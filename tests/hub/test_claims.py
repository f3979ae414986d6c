"""Fair slaps (hub/claims.py) with a fake clock: the compensation arithmetic, and the table's
window ordering Double Connect claims by compensated time, its evidence, and its replay."""

from __future__ import annotations

import asyncio

import pytest

from dorhami.config import Settings
from dorhami.games.double_connect.components import common
from dorhami.hub import claims
from dorhami.hub.clock import FakeClock
from dorhami.hub.errors import HubError
from dorhami.hub.fanout import Subscriber
from dorhami.hub.hub import Hub
from dorhami.storage.repository import Store

from .test_table import run, settle

DC = "double-connect"


# -- the arithmetic --------------------------------------------------------------------------


def test_an_honest_report_is_compensated_by_the_round_trip():
    # Sent at 1000; 150 ms each way; the player tapped 400 ms after seeing it.
    assert claims.compensation(1700, 1000, 400, 300, 10_000, 350) == 300


def test_a_reaction_faster_than_the_server_could_observe_is_clamped():
    # The same claim reporting a 100 ms reaction: the server saw 700 ms pass, and the round trip
    # explains at most 300 of them (+ the tolerance), so it credits a reaction of at least 380.
    comp = claims.compensation(1700, 1000, 100, 300, 10_000, 350)
    assert comp == 300 + claims.TOLERANCE_MS
    assert comp < claims.compensation(1700, 1000, 0, 10_000, 10_000, 10_000)  # what it would have got unclamped


def test_compensation_never_exceeds_the_elapsed_time_the_cap_or_the_quota():
    assert claims.compensation(1100, 1000, 0, 300, 10_000, 350) == 100  # elapsed 100: no more than that
    assert claims.compensation(2000, 1000, 0, 900, 10_000, 350) == 350  # the cap
    assert claims.compensation(1700, 1000, 400, 300, 120, 350) == 120  # what the quota has left


def test_nothing_is_compensated_without_a_report_a_send_time_or_a_round_trip():
    assert claims.compensation(1700, 1000, None, 300, 10_000, 350) == 0
    assert claims.compensation(1700, None, 400, 300, 10_000, 350) == 0
    assert claims.compensation(1700, 1000, 400, None, 10_000, 350) == 0
    assert claims.compensation(900, 1000, 0, 300, 10_000, 350) == 0  # "sent" after it arrived


def test_a_quota_drains_and_refills_slowly():
    quota = claims.Quota(350, now_ms=0)
    assert quota.available(0) == claims.QUOTA_CAPS * 350
    quota.spend(claims.QUOTA_CAPS * 350, 0)
    assert quota.available(0) == 0
    assert quota.available(claims.QUOTA_REFILL_MS) == 350  # one cap per refill period
    assert quota.available(100 * claims.QUOTA_REFILL_MS) == claims.QUOTA_CAPS * 350  # never above full


def test_a_meter_keeps_the_minimum_of_its_last_samples_and_ignores_unknown_probes():
    meter = claims.LagMeter()
    assert meter.rtt_ms() is None
    rtts = [90, 40, 300, 55, 61, 70, 80, 75, 77, 66, 71]  # 11 samples: the 90 falls out, then the 40 is the min
    now = 0
    for rtt in rtts:
        probe = meter.probe(now)
        meter.answered(probe["id"], now + rtt)
        now += 1000
    assert meter.rtt_ms() == 40
    meter.answered(12345, now + 1)  # never sent: a forged pong must not add a sample
    assert meter.rtt_ms() == 40 and len(meter.samples) == claims.SAMPLES


def test_room_config_splits_the_tables_option_from_the_rules():
    from dorhami.catalogue import get_engine
    from dorhami.engine import IllegalAction
    from dorhami.hub.room_rules import split_config

    rules, options = split_config(get_engine(DC), {"lag_compensation": False, "countdown_ms": 0})
    assert options == {"lag_compensation": False} and "lag_compensation" not in rules and rules["countdown_ms"] == 0
    assert split_config(get_engine(DC), None)[1] == {"lag_compensation": True}
    # A turn-based game has no lag compensation; its table's options are its pace.
    assert split_config(get_engine("queendomino"), None)[1] == {"pace": "live", "turn_hours": 24}
    with pytest.raises(IllegalAction):
        split_config(get_engine(DC), {"lag_compensation": "yes"})
    with pytest.raises(IllegalAction):
        split_config(get_engine("queendomino"), {"lag_compensation": True})


# -- the table ---------------------------------------------------------------------------------

T0_DELAY = 100  # the test moves the clock this far past the countdown before the race


async def racing_table(url: str, clock: FakeClock, compensate: bool = True):
    store = Store(url)
    hub = Hub(store, Settings(database_url=url, bot_delay_ms=(1000, 1000)), clock)
    fast, _ = await store.create_player("Fast")
    slow, _ = await store.create_player("Slow")
    await store.create_room(
        "race1", DC, {"countdown_ms": 0, "start_slots": 1, "lag_compensation": compensate}, True, fast.id
    )
    table = await hub.table("race1")
    await table.join(fast.id, "Fast")
    await table.join(slow.id, "Slow")
    await table.start_game(fast.id, False)
    clock.advance(1)
    await settle()
    await table.call(asyncio.sleep, 0)
    assert table.game.state["phase"] == "playing"
    subs = {}
    for seat, player in ((0, fast), (1, slow)):
        sub = Subscriber(player.id, 1000)
        await table.subscribe(sub)
        subs[seat] = sub
    return hub, table, subs


def meter_with(rtt: int) -> claims.LagMeter:
    meter = claims.LagMeter()
    for _ in range(3):
        probe = meter.probe(0)
        meter.answered(probe["id"], rtt)
    return meter


def claim_on(table, seat: int, target: int, version: int | None, reaction: int | None) -> dict:
    card = table.game.state["hands"][seat][0]
    action = {"type": "claim", "card": card, "target": target, "symbol": common(card, target)}
    if version is not None:
        action.update(seen_version=version, reaction_ms=reaction)
    return action


async def race(table, clock: FakeClock, subs, slow_reported: int = 400):
    """Seat 0 on a 20 ms round trip reacts in 500 ms; seat 1 on 300 ms reacts in 400 ms. Seat 0's
    claim arrives first (510 ms after the version was sent), seat 1's at 700 ms."""
    for seat, rtt in ((0, 20), (1, 300)):
        subs[seat].meter = meter_with(rtt)
    version, sent = table.game.version, table.races.referee.sent[table.game.version] if table.races else clock.now_ms()
    target = table.game.state["start_card"]
    clock.advance(sent + 510 - clock.now_ms())
    first = await table.offer(0, claim_on(table, 0, target, version, 500), clock.now_ms(), 1, subs[0].meter)
    clock.advance(190)
    second = await table.offer(1, claim_on(table, 1, target, version, slow_reported), clock.now_ms(), 1, subs[1].meter)
    clock.advance(400)  # past any window
    await settle()
    await table.call(asyncio.sleep, 0)
    replies = [await reply if isinstance(reply, asyncio.Future) else reply for reply in (first, second)]
    return sent, replies


def test_a_faster_reaction_behind_a_longer_lag_wins_the_race(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, subs = await racing_table(database_url, clock)
        sent, (fast, slow) = await race(table, clock, subs)
        assert slow["type"] == "ack" and fast["type"] == "error" and fast["code"] == "target_not_active"
        race_event = next(e for e in slow["events"] if e["type"] == "race_judged")
        assert race_event["winner"] == 1 and race_event["cards"] == [table.game.state["start_card"]]
        winner, loser = race_event["contenders"]
        assert (winner["seat"], winner["reaction_ms"], winner["compensation_ms"]) == (1, 400, 300)
        assert (loser["seat"], loser["reaction_ms"], loser["compensation_ms"]) == (0, 500, 10)
        assert winner["received_ms"] == sent + 700 and winner["compensated_ms"] == sent + 400
        rows = await hub.store.actions(table.game.id)
        (row,) = [r for r in rows if r.seat is not None]
        assert row.seat == 1 and row.server_ms == sent + 400
        assert row.timing == {
            "received_ms": sent + 700,
            "reported_ms": 400,
            "seen_version": row.seq - 1,
            "compensation_ms": 300,
            "race": race_event,
        }
        assert "seen_version" not in row.action and "reaction_ms" not in row.action  # the engine's form
        await hub.close()
        hub.store.close()

    run(scenario())


def test_a_claim_held_in_a_window_when_its_table_leaves_memory_is_told_to_try_again(database_url):
    """Leaving memory (a lost lease, a room write in doubt) answers what the window holds: the
    client asks again wherever the table is rebuilt, and the table's own waits all end."""

    async def scenario():
        clock = FakeClock()
        hub, table, subs = await racing_table(database_url, clock)
        for seat, rtt in ((0, 20), (1, 300)):
            subs[seat].meter = meter_with(rtt)
        version, target = table.game.version, table.game.state["start_card"]
        clock.advance(table.races.referee.sent[version] + 510 - clock.now_ms())
        held = await table.offer(0, claim_on(table, 0, target, version, 500), clock.now_ms(), 1, subs[0].meter)
        assert isinstance(held, asyncio.Future) and table.races.referee.held is not None
        table.leave_memory("the room is reloading; reconnect")
        with pytest.raises(HubError) as refused:
            await held
        await asyncio.sleep(0)
        assert refused.value.code == "try_again" and table.retired and table.races.release.cancelled()
        await hub.close()
        hub.store.close()

    run(scenario())


def test_without_compensation_the_first_claim_received_wins_at_once(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, subs = await racing_table(database_url, clock, compensate=False)
        assert table.races is None
        _, (fast, slow) = await race(table, clock, subs)
        assert fast["type"] == "ack" and slow["code"] == "target_not_active"
        assert not any(e["type"] == "race_judged" for e in fast["events"])
        rows = [r for r in await hub.store.actions(table.game.id) if r.seat is not None]
        assert [(r.seat, r.timing) for r in rows] == [(0, None)]
        await hub.close()
        hub.store.close()

    run(scenario())


def test_an_under_reported_reaction_is_clamped_to_what_the_server_observed(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, subs = await racing_table(database_url, clock)
        sent, (fast, slow) = await race(table, clock, subs, slow_reported=0)
        race_event = next(e for e in slow["events"] if e["type"] == "race_judged")
        winner = race_event["contenders"][0]
        # It claimed an instant reaction; it is credited 700 - 300 - tolerance, not 0.
        assert winner["reported_ms"] == 0 and winner["reaction_ms"] == 400 - claims.TOLERANCE_MS
        assert winner["compensation_ms"] == 300 + claims.TOLERANCE_MS
        await hub.close()
        hub.store.close()

    run(scenario())


def test_an_exhausted_quota_stops_compensating(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, subs = await racing_table(database_url, clock)
        table.races.referee.quota(1, clock.now_ms()).spend(10_000, clock.now_ms())
        _, (fast, slow) = await race(table, clock, subs)
        # Seat 1's quota has refilled only a little since: not enough to count before seat 0.
        assert fast["type"] == "ack" and slow["code"] == "target_not_active"
        (race_event,) = [e for e in fast["events"] if e["type"] == "race_judged"]
        loser = race_event["contenders"][1]
        assert loser["seat"] == 1 and 0 < loser["compensation_ms"] < 300
        await hub.close()
        hub.store.close()

    run(scenario())


def test_an_uncontested_claim_is_applied_at_once(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, subs = await racing_table(database_url, clock)
        subs[0].meter = meter_with(20)  # seat 1 has no measured socket: it cannot be compensated
        target = table.game.state["start_card"]
        clock.advance(500)
        reply = await table.offer(
            0, claim_on(table, 0, target, table.game.version, 480), clock.now_ms(), 1, subs[0].meter
        )
        assert isinstance(reply, dict) and reply["type"] == "ack"  # no future: nothing was held
        assert table.races.referee.held is None
        await hub.close()
        hub.store.close()

    run(scenario())


def test_a_timer_due_inside_a_window_waits_for_its_release(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, subs = await racing_table(database_url, clock)
        for seat, rtt in ((0, 20), (1, 300)):
            subs[seat].meter = meter_with(rtt)
        target = table.game.state["start_card"]
        deadline = table.engine.next_deadline(table.game.state)
        clock.advance(deadline - clock.now_ms() - 5)  # 5 ms before time is up
        held = await table.offer(
            0, claim_on(table, 0, target, table.game.version, 480), clock.now_ms(), 1, subs[0].meter
        )
        assert isinstance(held, asyncio.Future)
        clock.advance(50)  # the deadline passes while the window is open
        await settle()
        await table.call(asyncio.sleep, 0)
        assert table.game.state["phase"] == "playing"  # not yet fired
        clock.advance(400)
        await settle()
        await table.call(asyncio.sleep, 0)
        await settle()
        await table.call(asyncio.sleep, 0)
        reply = await held
        # The claim counted before the deadline, so it landed; then the time ran out.
        assert reply["type"] == "ack"
        assert table.game.state["phase"] == "finished"
        await hub.close()
        hub.store.close()

    run(scenario())


def test_a_compensated_game_replays_to_the_same_winners_and_evidence(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, subs = await racing_table(database_url, clock)
        await race(table, clock, subs)
        live_state, live_history = table.game.state, table.game.history
        await hub.close()
        hub2 = Hub(hub.store, Settings(database_url=database_url, bot_delay_ms=(1000, 1000)), clock)
        again = await hub2.table("race1")
        assert again.game.state == live_state
        assert again.game.history == live_history
        assert any(e["type"] == "race_judged" for _, events in again.game.history for e in events)
        await hub2.close()
        hub.store.close()

    run(scenario())


def test_a_claim_reacting_to_a_version_this_game_never_had_is_refused(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, subs = await racing_table(database_url, clock)
        subs[0].meter = meter_with(20)
        before = (table.game.version, table.game.state)
        # Say the previous game reached version 40 and this claim was on its way at its end.
        action = claim_on(table, 0, table.game.state["start_card"], table.game.version + 40, 300)
        reply = await table.offer(0, action, clock.now_ms(), 1, subs[0].meter)
        assert reply["type"] == "error" and reply["code"] == "stale_version"
        assert (table.game.version, table.game.state) == before
        await hub.close()
        hub.store.close()

    run(scenario())


def test_a_rematch_forgets_the_last_games_versions_and_quotas(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, subs = await racing_table(database_url, clock)
        table.races.referee.quota(1, clock.now_ms()).spend(500, clock.now_ms())
        clock.advance(table.engine.next_deadline(table.game.state) - clock.now_ms())  # time is up
        await settle()
        await table.call(asyncio.sleep, 0)
        assert table.game.result is not None and len(table.races.referee.sent) > 1
        await table.start_game(table.room.host_id, True)
        assert list(table.races.referee.sent) == [0] and not table.races.referee.quotas
        await hub.close()
        hub.store.close()

    run(scenario())
