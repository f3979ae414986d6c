"""§4.1, §4.5: server timers (begin_play, final_chance_over, time_up) and lockout ends as deadlines."""

from __future__ import annotations

from dorhami.games.double_connect.rules import ENGINE

from .conftest import build_table, claim, of_type, rejected


def test_begin_play_is_due_at_play_start_and_reveals_everything_at_once():
    state = ENGINE.setup(3, 9, {}, now_ms=100)
    assert ENGINE.next_deadline(state) == 3100
    same, events = ENGINE.advance(state, 3099)
    assert same is state and events == []
    playing, events = ENGINE.advance(state, 3100)
    assert playing["phase"] == "playing"
    assert [event["type"] for event in events] == ["play_started"]
    assert events[0]["hands"] == state["hands"] and events[0]["start_card"] == state["start_card"]


def test_time_up_is_due_at_play_start_plus_the_limit_whenever_advance_runs():
    state = ENGINE.setup(2, 9, {})
    late, events = ENGINE.advance(state, 10_000_000)
    assert [event["type"] for event in events] == ["play_started", "game_finished"]
    assert events[1]["t"] == 303000 and late["finished_at"] == 303000  # counted from the due time
    assert ENGINE.next_deadline(late) is None


def test_a_lockout_end_is_a_deadline_that_reopens_the_seats_claims(table):
    state, _ = claim(table, 1, 8, 0, 49, 5000)
    assert ENGINE.next_deadline(state) == 6000
    assert ENGINE.legal_actions(state, 1) == []
    unlocked, events = ENGINE.advance(state, 6000)
    assert events == [] and unlocked["clock"] == 6000
    assert ENGINE.legal_actions(unlocked, 1)
    assert ENGINE.next_deadline(unlocked) == 303000


def test_the_earliest_of_several_lockout_ends_comes_first(table):
    state, _ = claim(table, 1, 8, 0, 49, 5000)
    state, _ = claim(state, 2, 15, 0, 0, 5400)
    assert ENGINE.next_deadline(state) == 6000
    state, _ = ENGINE.advance(state, 6000)
    assert ENGINE.next_deadline(state) == 6400


def test_final_chance_over_is_due_at_the_emptying_claim_plus_the_window():
    state = build_table(hands=[[1], [8, 9], [15], [22]])
    state, _ = claim(state, 0, 1, 0, 49, 20000)
    assert ENGINE.next_deadline(state) == 30000
    finished, events = ENGINE.advance(state, 31000)
    assert finished["reason"] == "final_chance_over" and events[-1]["t"] == 30000


def test_a_timer_due_at_t_beats_a_claim_received_at_t():
    state = build_table(hands=[[1], [8, 9], [15], [22]])
    state, _ = claim(state, 0, 1, 0, 49, 20000)
    assert rejected(state, 1, 8, 1, 1, 30000) == "not_playing"


def test_the_final_chance_does_not_extend_the_time_limit():
    state = build_table(hands=[[1], [8, 9], [15], [22]])
    state, _ = claim(state, 0, 1, 0, 49, 298000)
    assert state["final_deadline"] == 308000 and ENGINE.next_deadline(state) == 303000
    finished, events = ENGINE.advance(state, 303000)
    assert finished["reason"] == "time_limit"
    assert len(of_type(events, "game_finished")) == 1


def test_a_final_chance_ending_exactly_at_the_time_limit_is_final_chance_over():
    # Decision: both timers are due at 303000; only one finish happens, the final chance's.
    state = build_table(hands=[[1], [8, 9], [15], [22]])
    state, _ = claim(state, 0, 1, 0, 49, 293000)
    finished, events = ENGINE.advance(state, 303000)
    assert finished["reason"] == "final_chance_over" and len(events) == 1


def test_timers_are_pure_and_replay_the_same():
    state = ENGINE.setup(4, 21, {})
    a, _ = ENGINE.advance(state, 3000)
    b, _ = ENGINE.advance(state, 3000)
    assert a == b and state["phase"] == "countdown"
