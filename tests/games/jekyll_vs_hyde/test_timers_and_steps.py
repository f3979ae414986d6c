"""Timers, automatic actions (§4.6) and the step counter that refuses stale actions."""

from __future__ import annotations

import pytest

from dorhami.engine import IllegalAction
from dorhami.games.jekyll_vs_hyde.rules import ENGINE, auto_action

from .tables import FULL_RANKING, H, J, exchange_table, give, ids, new_table, play, table, types


def test_one_seat_s_exchange_leaves_the_step_so_the_other_submission_stays_valid():
    state = new_table()
    step = state["step"]
    first = dict(ENGINE.legal_actions(state, J)[0], step=step)
    second = dict(ENGINE.legal_actions(state, H)[0], step=step)
    state, _ = ENGINE.apply(state, J, first, 10)
    assert state["step"] == step
    state, _ = ENGINE.apply(state, H, second, 20)
    assert state["step"] > step and state["phase"] == "lead"


def test_every_closed_decision_point_moves_the_step_on():
    state = table(hands=(["red-3", "red-4"], ["red-5", "red-6"]), ranking=FULL_RANKING)
    steps = [state["step"]]
    for seat, code in ((J, "red-3"), (H, "red-5"), (H, "red-6"), (J, "red-4")):
        state, _ = play(state, seat, code)
        steps.append(state["step"])
    assert steps == sorted(set(steps))


def test_a_follow_after_its_timeout_closed_the_trick_is_a_stale_step():
    state = table(hands=(["red-3", "green-1"], ["red-5", "red-6", "purple-1"]), ranking=FULL_RANKING)
    state, _ = play(state, J, "red-3", now_ms=1_000)
    step, due = state["step"], ENGINE.next_deadline(state)
    late = {"type": "play_card", "card": ids("red-6")[0], "named_color": None, "step": step}
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, H, late, due + 5)
    assert err.value.code == "stale_step"
    in_time, _ = ENGINE.apply(state, H, late, due - 1)
    assert in_time["last_trick"]["follow"] == ids("red-6")[0]


def test_a_stepless_follow_stamped_at_its_deadline_is_wrong_phase_and_never_the_next_lead():
    state = table(hands=(["red-3", "green-1"], ["red-5", "red-6", "purple-1"]), ranking=FULL_RANKING)
    state, _ = play(state, J, "red-3", now_ms=1_000)
    due = ENGINE.next_deadline(state)
    before = repr(state)
    # H's follow was on its way when time ran out; the auto-follow wins H the trick, so the same
    # card would now be a legal lead: it must not become one (§4.6: its phase has closed).
    late = {"type": "play_card", "card": ids("purple-1")[0], "named_color": None}
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, H, late, due)
    assert err.value.code == "wrong_phase" and repr(state) == before
    # The timer's own effect is logged by the table's advance: the auto-follow, then H leads.
    state, events = ENGINE.advance(state, due)
    assert types(events)[0] == "timeout" and state["phase"] == "lead" and state["leader"] == H
    state, events = play(state, H, "purple-1", now_ms=due + 1)  # a lead sent after seeing it
    assert state["trick"][0]["card"] == ids("purple-1")[0]
    # The other seat, whose own step has no deadline past, is judged as before.
    assert ENGINE.apply(
        table(hands=(["red-3"], ["red-5"]), ranking=FULL_RANKING),
        J,
        {"type": "play_card", "card": ids("red-3")[0], "named_color": None},
        10,
    )


def test_a_timer_opening_the_next_step_counts_from_its_due_time():
    state = table(hands=(["red-3", "green-1"], ["red-5", "purple-1"]), ranking=FULL_RANKING)
    lead_due = ENGINE.next_deadline(state)
    state, events = ENGINE.advance(state, lead_due + 7_000)
    # lead auto-played at lead_due, follow's timer from then, which also fired before now.
    assert types(events).count("timeout") == 1
    assert state["phase"] == "follow" and ENGINE.next_deadline(state) == lead_due + 40_000
    state, events = ENGINE.advance(state, lead_due + 40_000)
    assert events[0] == {"type": "timeout", "seat": H} and state["phase"] == "lead"
    assert ENGINE.next_deadline(state) == lead_due + 80_000


def test_lead_timeout_plays_the_lowest_card_and_names_purple_for_a_potion():
    state = table(hands=(["potion-2", "potion-5"], ["red-1"]))
    assert auto_action(state, J) == {"type": "play_card", "card": ids("potion-2")[0], "named_color": "purple"}
    state = table(hands=(["green-1", "purple-4"], ["red-1"]))
    assert auto_action(state, J) == {"type": "play_card", "card": ids("purple-4")[0], "named_color": None}


def test_greed_timeout_gives_the_lowest_cards():
    state = table(
        hands=(["green-2", "red-7", "purple-3"], ["potion-4", "purple-1", "green-7"]), won=(2, 1), ranking=FULL_RANKING
    )
    state, _ = play(state, J, "green-2", now_ms=10)
    state, _ = play(state, H, "potion-4", now_ms=20)
    assert auto_action(state, J) == {"type": "greed_give", "cards": ids("purple-3")}
    state, _ = give(state, H, "greed_give", ["green-7"], now_ms=30)
    assert state["deadlines"] == [20 + 30_000, None]
    state, events = ENGINE.advance(state, 20 + 30_000)
    assert types(events)[:2] == ["timeout", "greed_submitted"]
    assert ids("purple-3")[0] in state["hands"][H] and state["phase"] == "lead"


def test_exchange_timeout_without_two_potions_gives_the_round_s_lowest_cards():
    state = exchange_table(["potion-2"], round=3)
    assert auto_action(state, J) == {"type": "exchange_cards", "cards": sorted(state["hands"][J])[:3]}


def test_both_exchange_timers_fire_together_and_the_lead_timer_starts_at_their_due_time():
    state = new_table(now_ms=500)
    state, events = ENGINE.advance(state, 60_500)
    assert types(events).count("timeout") == 2
    assert state["phase"] == "lead" and ENGINE.next_deadline(state) == 60_500 + 40_000
