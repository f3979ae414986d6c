"""The table actor with a fake clock: timers fire through advance, stale steps, commit before broadcast."""

from __future__ import annotations

import asyncio
import json

from dorhami.config import Settings
from dorhami.hub.clock import FakeClock
from dorhami.hub.fanout import Subscriber
from dorhami.hub.hub import Hub
from dorhami.storage.repository import Store

JVH = "jekyll-vs-hyde"


async def started_table(url: str, clock: FakeClock, config: dict | None = None, bots: int = 0):
    store = Store(url)
    hub = Hub(store, Settings(database_url=url, bot_delay_ms=(1000, 1000)), clock)
    host, _ = await store.create_player("Host")
    guest, _ = await store.create_player("Guest")
    await store.create_room("room1", JVH, config or {"jekyll_seat": 0}, True, host.id)
    table = await hub.table("room1")
    await table.join(host.id, "Host")
    if bots:
        await table.add_bot(host.id, "normal", None)
    else:
        await table.join(guest.id, "Guest")
    await table.start_game(host.id, False)
    return hub, table, host, guest


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


def run(coro):
    return asyncio.run(coro)


def test_a_due_timer_plays_the_auto_action_and_is_logged_like_an_action(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, host, guest = await started_table(database_url, clock)
        assert table.game.state["phase"] == "exchange"
        clock.advance(60_000)  # exchange_timeout_s = 60
        await settle()
        await table.call(asyncio.sleep, 0)
        assert table.game.state["phase"] == "lead"
        rows = await hub.store.actions(table.game.id)
        assert [(r.seat, r.action["type"]) for r in rows] == [(None, "advance")]
        assert rows[0].server_ms == clock.now_ms()
        await hub.close()
        hub.store.close()

    run(scenario())


def test_an_action_for_a_step_a_timeout_closed_is_refused_as_stale(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, host, guest = await started_table(database_url, clock)
        old_step = table.game.state["step"]
        old_action = table.engine.legal_actions(table.game.state, 0)[0]
        clock.advance(60_000)
        await settle()
        await table.call(asyncio.sleep, 0)
        # The leader's card chosen during the exchange must not land on the lead.
        lead = table.engine.legal_actions(table.game.state, 0)[0]
        reply = await table.act(0, {**lead, "step": old_step}, clock.now_ms(), 1)
        assert reply["type"] == "error" and reply["code"] == "stale_step"
        reply = await table.act(0, {**old_action, "step": old_step}, clock.now_ms(), 2)
        assert reply["type"] == "error" and reply["code"] in {"stale_step", "wrong_phase"}
        assert table.game.version == 1
        await hub.close()
        hub.store.close()

    run(scenario())


def test_an_action_stamped_past_a_deadline_is_judged_after_the_timer(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, host, guest = await started_table(database_url, clock)
        exchange = table.engine.legal_actions(table.game.state, 1)[0]
        # Stamped after the exchange deadline, before the timer task ran: the timeout wins.
        reply = await table.act(1, exchange, clock.now_ms() + 60_001, 1)
        assert reply["code"] == "wrong_phase"
        assert table.game.version == 0  # refused: nothing logged, the timer will log itself
        await hub.close()
        hub.store.close()

    run(scenario())


def test_an_action_that_cannot_be_stored_is_not_applied_nor_broadcast(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, host, guest = await started_table(database_url, clock)
        sub = Subscriber(host.id, 100)
        await table.subscribe(sub)
        sub.items.clear()

        def broken(rows, writes, *fenced):
            raise OSError("disk full")

        hub.store.repo.write_batch = broken
        action = table.engine.legal_actions(table.game.state, 0)[0]
        before = json.dumps(table.game.state)
        try:
            await table.act(0, action, clock.now_ms(), 1)
        except Exception as exc:
            assert getattr(exc, "code", None) == "storage_unavailable"
        else:
            raise AssertionError("expected storage_unavailable")
        assert json.dumps(table.game.state) == before and table.game.version == 0
        assert not sub.pending(), "nothing may be broadcast before it is stored"
        del hub.store.repo.write_batch
        await hub.close()
        hub.store.close()

    run(scenario())


def test_a_bot_moves_after_its_think_time(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, host, guest = await started_table(database_url, clock, bots=1)
        await settle()
        assert table.game.version == 0
        clock.advance(1000)
        await settle()
        await table.call(asyncio.sleep, 0)
        rows = await hub.store.actions(table.game.id)
        assert [(r.seat, r.action["type"]) for r in rows] == [(1, "exchange_cards")]
        await hub.close()
        hub.store.close()

    run(scenario())


def test_a_slow_socket_is_dropped_without_blocking_the_table(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, host, guest = await started_table(database_url, clock)
        slow = Subscriber(guest.id, 2)
        await table.subscribe(slow)
        for _ in range(3):
            await table.subscribe(Subscriber(None, 10))  # traffic
            table._broadcast_state([])
        assert slow.closed_reason and "too slow" in slow.closed_reason
        assert await slow.next() is None
        await hub.close()
        hub.store.close()

    run(scenario())


def test_claims_for_one_pair_are_judged_in_stamp_order_the_earliest_wins(database_url):
    from dorhami.games.twin_it.strategy import true_claims

    async def scenario():
        clock = FakeClock()
        store = Store(database_url)
        hub = Hub(store, Settings(database_url=database_url), clock, seeds=lambda: 5)
        people = [(await store.create_player(f"P{i}"))[0] for i in range(3)]
        await store.create_room("race", "twin-it", {"start_countdown_ms": 0}, True, people[0].id)
        table = await hub.table("race")
        for person in people:
            await table.join(person.id, person.name)
        await table.start_game(people[0].id, False)
        await settle()
        await table.call(asyncio.sleep, 0)  # the countdown of 0 ms has fired
        while not (claims := true_claims(table.engine.view(table.game.state, None), 0)):
            active = table.game.state["active"]
            reply = await table.act(active, {"type": "flip"}, clock.now_ms(), None)
            assert reply["type"] == "ack", reply
        claim = {"type": "claim", "cards": claims[0]}
        now = clock.now_ms()
        # Three seats claim the same pair; the table queues them in the order they were stamped.
        replies = await asyncio.gather(*(table.act(seat, claim, now + seat, None) for seat in (0, 1, 2)))
        assert [r["type"] for r in replies] == ["ack", "error", "error"]
        assert [r["code"] for r in replies[1:]] == ["stale", "stale"]
        assert [w["owner"] for w in table.game.state["sets"]] == [0]
        await hub.close()
        store.close()

    run(scenario())


def test_the_log_stores_the_normal_form_of_an_action_not_what_was_sent(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, host, guest = await started_table(database_url, clock)
        legal = table.engine.legal_actions(table.game.state, 0)[0]
        sent = {**legal, "step": table.game.state["step"], "junk": "x" * 1000}
        refused = await table.act(0, sent, clock.now_ms(), None)
        assert refused["type"] == "error" and await hub.store.actions(table.game.id) == []
        # The step is checked against the state, then dropped: the log keeps what the rules read.
        card = table.engine.legal_actions(table.game.state, 0)[0]
        reply = await table.act(
            0, {"type": card["type"], "cards": card["cards"], "step": table.game.state["step"]}, clock.now_ms(), None
        )
        assert reply["type"] == "ack"
        rows = await hub.store.actions(table.game.id)
        assert [row.action for row in rows] == [{"type": card["type"], "cards": card["cards"]}]
        await hub.close()
        hub.store.close()

    run(scenario())


def test_a_result_passed_to_a_rematch_is_renumbered_and_loses_the_seats_that_left():
    from dorhami.hub.live_game import renumber_result

    result = {
        "winners": [2],
        "ranking": [2, 0, 1],
        "previous_winner": 2,
        "reason": "target",
        "scores": {"0": 1, "1": 0, "2": 3},
        "standings": [{"seat": 2, "rank": 1}, {"seat": 0, "rank": 2}],
    }
    # Seat 0 left; seat 1 is now 0 and seat 2 is now 1.
    moved = renumber_result(result, {1: 0, 2: 1})
    assert moved == {
        "winners": [1],
        "ranking": [1, 0],
        "previous_winner": 1,
        "reason": "target",
        "scores": {"0": 0, "1": 3},
        "standings": [{"seat": 1, "rank": 1}],
    }
    assert renumber_result(result, {0: 0, 1: 1})["previous_winner"] is None  # the winner left
    assert result["winners"] == [2]  # the stored result itself is unchanged


def test_a_change_asks_the_rules_for_each_seats_legal_actions_once(database_url, monkeypatch):
    """The seats' state messages and the turn's announcement after a change share one ask per
    seat (issue 33): legal actions cost as much as a view."""

    async def scenario():
        clock = FakeClock()
        hub, table, host, guest = await started_table(database_url, clock)
        for who in (host.id, guest.id, None):
            await table.subscribe(Subscriber(who, 1000))
        asked = []
        legal_actions = table.engine.legal_actions
        monkeypatch.setattr(
            table.engine, "legal_actions", lambda state, seat: asked.append(seat) or legal_actions(state, seat)
        )
        try:
            for turn in range(6):
                state = table.game.state
                seat = next(s for s in (0, 1) if legal_actions(state, s))
                action = legal_actions(state, seat)[0]
                asked.clear()
                reply = await table.act(seat, {**action, "step": state.get("step")}, clock.now_ms(), turn + 1)
                assert reply["type"] == "ack", reply
                assert sorted(asked) == [0, 1], f"turn {turn}: the rules were asked for seats {asked}"
        finally:
            await hub.close()
            hub.store.close()

    run(scenario())
