"""A claim is judged by the rules once (issue 33): the race window's checks and the table's `act`
share one judgement of it, whether it is applied at once or held and released in compensated order.

The rules are counted where every judgement goes through them, `Engine.apply`, by claim (seat and
card). A judgement on another state or at another time is another question, and is counted apart.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter

import orjson
import pytest

from dorhami.hub.clock import FakeClock

from .test_claims import claim_on, meter_with, racing_table
from .test_table import run, settle


class Judgements:
    """Every `apply` of the table's engine: by claim, and by claim, state and time."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, engine) -> None:
        self.by_claim: Counter = Counter()
        self.by_question: Counter = Counter()
        apply = engine.apply

        def counted(state, seat, action, now_ms):
            claim = (seat, action.get("card"))
            self.by_claim[claim] += 1
            self.by_question[(claim, now_ms, orjson.dumps(state, option=orjson.OPT_SORT_KEYS))] += 1
            return apply(state, seat, action, now_ms)

        monkeypatch.setattr(engine, "apply", counted)

    def of(self, seat: int, action: dict) -> int:
        return self.by_claim[(seat, action["card"])]

    def asked_twice(self) -> list:
        return [question[0] for question, n in self.by_question.items() if n > 1]


@contextlib.asynccontextmanager
async def racing(database_url, monkeypatch, rtts: dict[int, int]):
    """A Double Connect table whose seats' sockets have these round trips, its rules counted."""
    clock = FakeClock()
    hub, table, subs = await racing_table(database_url, clock)
    judged = Judgements(monkeypatch, table.engine)
    for seat, rtt in rtts.items():
        subs[seat].meter = meter_with(rtt)
    try:
        yield clock, table, subs, judged
    finally:
        await hub.close()
        hub.store.close()


async def released(table, clock: FakeClock, *replies):
    clock.advance(400)  # past any window
    await settle()
    await table.call(asyncio.sleep, 0)
    return [await reply if isinstance(reply, asyncio.Future) else reply for reply in replies]


def test_a_claim_applied_at_once_is_judged_once(database_url, monkeypatch):
    async def scenario():
        # Seat 1 is not measured: nobody could count earlier.
        async with racing(database_url, monkeypatch, {0: 20}) as (clock, table, subs, judged):
            clock.advance(500)
            action = claim_on(table, 0, table.game.state["start_card"], table.game.version, 480)
            reply = await table.offer(0, action, clock.now_ms(), 1, subs[0].meter)
            assert isinstance(reply, dict) and reply["type"] == "ack"
            assert judged.of(0, action) == 1

    run(scenario())


def test_a_claim_refused_at_once_is_judged_once(database_url, monkeypatch):
    async def scenario():
        # A rival could count earlier: only a valid claim waits.
        async with racing(database_url, monkeypatch, {0: 20, 1: 300}) as (clock, table, subs, judged):
            clock.advance(500)
            not_a_target = table.game.state["hands"][1][0]
            action = claim_on(table, 0, not_a_target, table.game.version, 480)
            reply = await table.offer(0, action, clock.now_ms(), 1, subs[0].meter)
            assert isinstance(reply, dict) and reply["code"] == "target_not_active"
            assert table.races.referee.held is None
            assert judged.of(0, action) == 1

    run(scenario())


def test_claims_held_in_a_window_are_judged_once_each_in_compensated_order(database_url, monkeypatch):
    async def scenario():
        async with racing(database_url, monkeypatch, {0: 20, 1: 300}) as (clock, table, subs, judged):
            version, target = table.game.version, table.game.state["start_card"]
            clock.advance(table.races.referee.sent[version] + 500 - clock.now_ms())
            # Seat 0 reports no reaction, so it counts when it arrived; seat 1 could count earlier, so
            # seat 0's claim opens a window. Seat 1's reaction explains all its wait: it counts later.
            first = claim_on(table, 0, target, None, None)
            held_first = await table.offer(0, first, clock.now_ms(), 1, subs[0].meter)
            clock.advance(100)
            second = claim_on(table, 1, target, version, 600)
            held_second = await table.offer(1, second, clock.now_ms(), 1, subs[1].meter)
            assert isinstance(held_first, asyncio.Future) and isinstance(held_second, asyncio.Future)
            won, lost = await released(table, clock, held_first, held_second)
            assert won["type"] == "ack" and lost["code"] == "target_not_active"
            (race,) = [e for e in won["events"] if e["type"] == "race_judged"]
            assert [c["seat"] for c in race["contenders"]] == [0, 1]
            assert (judged.of(0, first), judged.of(1, second)) == (1, 1)

    run(scenario())


def test_a_window_opener_beaten_by_an_earlier_claim_is_judged_only_on_the_state_it_meets(database_url, monkeypatch):
    """Seat 0's claim opens the window; seat 1's counts earlier and takes the card. Seat 0's claim
    was checked on the state it arrived to, at its receipt; at the release it meets another state
    at its compensated time, a question of its own. Nothing is asked of the rules twice."""

    async def scenario():
        async with racing(database_url, monkeypatch, {0: 20, 1: 300}) as (clock, table, subs, judged):
            version, target = table.game.version, table.game.state["start_card"]
            clock.advance(table.races.referee.sent[version] + 510 - clock.now_ms())
            first = claim_on(table, 0, target, version, 500)
            held_first = await table.offer(0, first, clock.now_ms(), 1, subs[0].meter)
            clock.advance(190)
            second = claim_on(table, 1, target, version, 400)
            held_second = await table.offer(1, second, clock.now_ms(), 1, subs[1].meter)
            lost, won = await released(table, clock, held_first, held_second)
            assert won["type"] == "ack" and lost["code"] == "target_not_active"
            assert judged.asked_twice() == []
            assert (judged.of(0, first), judged.of(1, second)) == (2, 1)

    run(scenario())


def test_a_resent_claim_in_a_window_is_answered_from_memory_without_judging(database_url, monkeypatch):
    async def scenario():
        async with racing(database_url, monkeypatch, {0: 20, 1: 300}) as (clock, table, subs, judged):
            target = table.game.state["start_card"]
            clock.advance(500)
            first = claim_on(table, 0, target, None, None)
            held = await table.offer(0, first, clock.now_ms(), 7, subs[0].meter)
            again = await table.offer(0, first, clock.now_ms() + 5, 7, subs[0].meter)  # the client resends it
            reply, repeated = await released(table, clock, held, again)
            assert reply["type"] == "ack" and repeated == reply
            assert judged.of(0, first) == 1

    run(scenario())
