"""§4.6: the turn clock, its canonical auto-play, follow-on deadlines and the step counter."""

from __future__ import annotations

import pytest

from dorhami.engine import IllegalAction
from dorhami.games.queendomino.components import index
from dorhami.games.queendomino.rules import ENGINE

from .tables import act, choose, fill_except, place, put_halves, table, turn_of, types


def test_the_first_deadline_counts_from_the_table_start():
    state = table(now_ms=7_000)
    assert ENGINE.next_deadline(state) == 97_000
    assert ENGINE.view(state, None)["deadline"] == 97_000


def test_a_deadline_covers_the_whole_turn_not_each_phase():
    state = table(order=[0, 1], display=[3, 17, 30, 44])
    state, _ = choose(state, 0, 17, now_ms=30_000)
    assert ENGINE.next_deadline(state) == 90_000
    state, _ = place(state, 0, [1, 2], [0, 2], now_ms=60_000)
    assert state["phase"] == "build" and ENGINE.next_deadline(state) == 90_000


def test_the_next_seat_s_clock_starts_at_the_action_that_made_it_current():
    state = table(order=[0, 1], display=[3, 17, 30, 44])
    state, _ = choose(state, 0, 17, now_ms=10)
    state, _ = place(state, 0, [1, 2], [0, 2], now_ms=20)
    state, _ = act(state, 0, {"type": "end_turn"}, now_ms=12_345)
    assert ENGINE.next_deadline(state) == 12_345 + 90_000


def test_timeout_in_place_puts_the_tile_at_the_first_canonical_placement():
    state = turn_of(table(order=[0, 1], display=[3, 17, 30, 44]), 0, "place", 17)
    state, events = ENGINE.advance(state, 90_000)
    assert types(events)[:2] == ["turn_timed_out", "tile_placed"]
    assert events[1]["cell_a"] == [0, 2] and events[1]["cell_b"] == [1, 2]


def test_timeout_canonical_order_tries_right_below_left_then_above():
    state = turn_of(table(order=[0, 1], display=[3, 17, 30, 44]), 0, "place", 17)
    # Only [3,1]–[4,1] (cell_a above) and the reverse remain free next to a tile: cell_a [3,1] tries
    # right [3,2] (taken), then below [4,1].
    fill_except(state, 0, [[3, 1], [4, 1]])
    state, events = ENGINE.advance(state, 90_000)
    assert events[1]["cell_a"] == [3, 1] and events[1]["cell_b"] == [4, 1]
    state = turn_of(table(order=[0, 1], display=[3, 17, 30, 44]), 0, "place", 17)
    fill_except(state, 0, [[4, 3], [4, 4]])
    state, events = ENGINE.advance(state, 90_000)
    assert events[1]["cell_a"] == [4, 3] and events[1]["cell_b"] == [4, 4]


def test_timeout_in_build_ends_the_turn_without_buying():
    state = turn_of(table(order=[0, 1], display=[3, 17, 30, 44]), 0, "build")
    state, events = ENGINE.advance(state, 90_000)
    assert types(events) == ["turn_timed_out", "turn_ended"]
    assert state["gold"][0] == 7 and state["current"] == 1


def test_timeout_with_an_unplaceable_lowest_tile_discards_it():
    state = fill_except(table(order=[0, 1], display=[3, 17, 30, 44]), 0, [[0, 0], [4, 4]])
    state, events = ENGINE.advance(state, 90_000)
    assert types(events) == ["turn_timed_out", "tile_chosen", "tile_discarded", "turn_ended"]
    assert state["discards"][0] == 1 and state["discarded"][0]["tile"] == 3


def test_follow_on_deadlines_count_from_the_due_time_and_keep_auto_playing():
    state = table(order=[0, 1], display=[3, 17, 30, 44])
    state, events = ENGINE.advance(state, 200_000)
    assert types(events).count("turn_timed_out") == 2  # at 90 000 and 180 000
    assert state["round"] == 2 and ENGINE.next_deadline(state) == 270_000


def test_a_seat_that_keeps_timing_out_is_auto_played_to_the_end_without_penalty():
    state = table(order=[0, 1], rounds=4)
    state, events = ENGINE.advance(state, 10**9)
    assert state["phase"] == "finished" and ENGINE.next_deadline(state) is None
    assert types(events).count("turn_timed_out") == 8
    for seat in (0, 1):
        assert state["result"]["breakdown"][str(seat)]["penalty"] == -5 * state["discards"][seat]


def test_an_action_stamped_at_the_deadline_is_judged_after_the_auto_play():
    state = table(order=[0, 1], display=[3, 17, 30, 44])
    step = state["step"]
    with pytest.raises(IllegalAction) as err:
        act(state, 0, {"type": "choose_tile", "tile": 44, "step": step}, now_ms=90_000)
    assert err.value.code == "stale_step"
    with pytest.raises(IllegalAction) as err:
        choose(state, 0, 44, now_ms=90_000)
    assert err.value.code == "not_your_turn"
    state, events = choose(state, 1, 44, now_ms=90_000)
    assert types(events)[0] == "turn_timed_out" and state["chosen_tiles"] == [[3], [44]]
    early, _ = choose(table(order=[0, 1], display=[3, 17, 30, 44]), 0, 44, now_ms=89_999)
    assert early["chosen_tiles"][0] == [44]


def test_every_accepted_action_and_timeout_moves_the_step_on():
    state = table(order=[0, 1], display=[3, 17, 30, 44])
    steps = [state["step"]]
    state, _ = choose(state, 0, 17)
    steps.append(state["step"])
    state, _ = place(state, 0, [1, 2], [0, 2])
    steps.append(state["step"])
    state, _ = ENGINE.advance(state, 90_001)
    steps.append(state["step"])
    assert steps == sorted(set(steps)) and ENGINE.view(state, None)["step"] == state["step"]


def test_an_action_with_the_current_step_is_accepted_and_a_stale_one_refused():
    state = table(order=[0, 1], display=[3, 17, 30, 44])
    step = state["step"]
    state, _ = act(state, 0, {"type": "choose_tile", "tile": 3, "step": step})
    with pytest.raises(IllegalAction) as err:
        act(state, 0, {"type": "place_tile", "cell_a": [1, 2], "cell_b": [0, 2], "step": step})
    assert err.value.code == "stale_step"


def test_legal_actions_need_no_clock_and_list_the_auto_play_first():
    state = turn_of(table(order=[0, 1], display=[3, 17, 30, 44]), 0, "place", 17)
    put_halves(state, 0, "forest", [[0, 2]])
    first = ENGINE.legal_actions(state, 0)[0]
    _, events = ENGINE.advance(state, 90_000)
    assert [first["cell_a"], first["cell_b"]] == [events[1]["cell_a"], events[1]["cell_b"]]
    assert state["boards"][0][index(0, 2)]["terrain"] == "forest"
