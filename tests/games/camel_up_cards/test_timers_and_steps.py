"""The selection timer (§4.1 timeout) and the step counter."""

from __future__ import annotations

import pytest

from dorhami.engine import IllegalAction
from dorhami.games.camel_up_cards.rules import ENGINE

from .tables import new_table, of_type, table, types


def test_the_selection_deadline_is_now_plus_turn_timer_from_setup():
    state = new_table(3, now_ms=1_000)
    assert ENGINE.next_deadline(state) == 31_000
    assert ENGINE.view(state, None)["deadline"] == 31_000


def test_nothing_happens_before_the_deadline():
    state = new_table(3)
    same, events = ENGINE.advance(state, 29_999)
    assert same is state and events == []


def test_timeout_commits_the_lowest_card_for_every_uncommitted_seat_only():
    state = new_table(3)
    mine = ENGINE.legal_actions(state, 1)[-1]
    state, _ = ENGINE.apply(state, 1, mine, 10)
    lowest = [min(state["hands"][seat]) for seat in (0, 2)]
    state, events = ENGINE.advance(state, 30_000)
    assert events[0] == {"type": "timeout", "seats": [0, 2]}
    plays = {p["seat"]: p for p in of_type(events, "trick_revealed")[0]["plays"]}
    assert [plays[0]["card"], plays[2]["card"]] == lowest and plays[0]["auto"] and plays[2]["auto"]
    assert plays[1] == {"seat": 1, "card": mine["card"], "camel": mine["camel"], "auto": False}


def test_the_next_deadline_counts_from_the_due_time_not_from_the_late_call():
    state = new_table(2)
    state, events = ENGINE.advance(state, 42_345)  # one timer, due at 30 000
    assert types(events).count("timeout") == 1 and state["trick_in_race"] == 2
    assert ENGINE.next_deadline(state) == 60_000


def test_a_late_advance_fires_every_timer_that_fell_due_each_at_its_own_time():
    state = new_table(2)
    state, events = ENGINE.advance(state, 95_000)
    assert types(events).count("timeout") == 3  # due at 30 000, 60 000 and 90 000
    assert ENGINE.next_deadline(state) == 120_000


def test_an_action_stamped_at_the_deadline_is_handled_after_the_timeout():
    state = table(2, hands={0: [0, 1, 2, 3, 4], 1: [40, 41, 42, 43, 44]})
    state, events = ENGINE.apply(state, 1, {"type": "play_card", "card": 44, "camel": "red"}, 30_000)
    assert types(events)[0] == "timeout"
    assert {"seat": 1, "card": 40, "camel": None, "auto": True} in of_type(events, "trick_revealed")[0]["plays"]
    assert events[-1] == {"type": "card_committed", "seat": 1}  # 44 went into the next trick
    assert state["committed"][1]["card"] == 44


def test_a_commit_stamped_for_a_trick_the_timeout_closed_is_stale():
    state = new_table(2)
    action = dict(ENGINE.legal_actions(state, 0)[0], step=state["step"])
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, action, 30_000)
    assert err.value.code == "stale_step"
    in_time, _ = ENGINE.apply(state, 0, action, 29_999)
    assert in_time["committed"][0] is not None


def test_one_seat_s_secret_commit_leaves_the_step_and_the_trick_moves_it_on():
    state = new_table(3)
    step = state["step"]
    for seat in (0, 1):
        state, _ = ENGINE.apply(state, seat, dict(ENGINE.legal_actions(state, seat)[0], step=step), 5)
        assert state["step"] == step
    state, _ = ENGINE.apply(state, 2, dict(ENGINE.legal_actions(state, 2)[0], step=step), 5)
    assert state["step"] == step + 1 and state["committed"] == [None, None, None]


def test_a_whole_game_by_timeouts_ends_and_then_has_no_timer():
    state = new_table(4)
    while ENGINE.result(state) is None:
        state, _ = ENGINE.advance(state, ENGINE.next_deadline(state))
    assert state["phase"] == "game_over" and ENGINE.next_deadline(state) is None
    assert ENGINE.view(state, 0)["deadline"] is None
