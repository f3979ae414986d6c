"""Outcome-deciding rules of twin-it.md that the rule-level mutants (bench/quality/mutants/twin_it.py)
found unpinned; each test names its section or decision, and its docstring the mutant it kills. The
full table: docs/rules-pinned/twin-it.md."""

from __future__ import annotations

import json

import pytest

from dorhami.engine import IllegalAction
from dorhami.games.twin_it.rules import ENGINE
from dorhami.games.twin_it.state import shows

from .board import centre, claim, pile, playing, sets_of, touch, turn, won_set


def test_5_sets_rank_before_cards_in_sets():
    """At the time cap, 4 pairs (8 cards) beat 3 triples (9 cards): more sets first, cards only on a
    tie (mutant ranking_by_cards_before_sets)."""
    state = playing(2, now=3000)
    for i in range(4):
        won_set(state, 0, [2 * i, 2 * i + 1], 60 + i, i + 1)
    for i in range(3):
        won_set(state, 1, [20 + 3 * i, 21 + 3 * i, 22 + 3 * i], 70 + i, 10 + i)
    turn(state, 0, state["cap_deadline"] + 5000)
    state, _ = ENGINE.advance(state, state["cap_deadline"])
    result = ENGINE.result(state)
    assert (result["reason"], result["winners"], result["ranking"]) == ("time_cap", [0], [0, 1])
    assert [(row["seat"], row["sets"], row["cards_in_sets"]) for row in result["standings"]] == [(0, 4, 8), (1, 3, 9)]


def test_d13_a_mistake_costs_the_set_acquired_last_even_an_older_upgraded_one():
    """acquired_seq, not the set id, says which set is the latest: a pair won first and upgraded
    last is the one a mistake returns, all three cards (mutant mistake_costs_the_newest_set_id)."""
    state = playing(3, now=4000)
    won_set(state, 0, [1, 2], 50, 2)  # set 0
    won_set(state, 0, [3, 4], 60, 3)  # set 1
    centre(state, {0: (5, 50, 7), 1: (10, 51, 8), 2: (11, 52, 9)})
    pile(state, 0, [(30, 80, 81)])
    turn(state, 1, 14000)
    state, events = ENGINE.apply(state, 0, claim((1, 50), (2, 50), (5, 50)), 5000)
    assert next(e for e in events if e["type"] == "set_won")["kind"] == "upgrade"
    state, events = ENGINE.apply(state, 0, claim((10, 51), (11, 52)), 5100)
    mistake = next(e for e in events if e["type"] == "mistake")
    assert (mistake["lost_set_id"], mistake["returned_cards"]) == (0, [1, 2, 5])
    assert state["piles"][0] == [30, 1, 2, 5] and [s["id"] for s in sets_of(state, 0)] == [1]


def test_4_3_a_won_triple_can_never_be_targeted():
    """Two cards of a triple plus a loose card are no shape: bad_shape, no penalty, nothing moves
    (mutant triple_can_be_stolen)."""
    state = playing(3, now=4000)
    won_set(state, 1, [1, 2, 7], 3, 1)
    centre(state, {0: (9, 3, 99)})
    turn(state, 0, 14000)
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, 2, claim((1, 3), (2, 3), (9, 3)), 5000)
    assert refused.value.code == "bad_shape" and json.dumps(state, sort_keys=True) == before


def test_d19_the_forbidden_design_bans_the_previous_winner_s_steals_too():
    """§4.5 step 6: the previous winner stealing a pair of a forbidden design is a mistake: the pair
    stays with its owner and the forbidden card stays forbidden (mutant forbidden_ban_only_on_pairs)."""
    state = playing(3, {"forbidden_pattern": True, "previous_winner": 1}, now=500)
    for card, design in ((80, 5), (81, 45), (82, 100)):
        state["faces"][2 * card], state["side"][card] = design, 0
        state["zone"][card], state["spot"][card] = "forbidden", 1
    state["forbidden"], state["forbidden_designs"] = [80, 81, 82], [5, 45, 100]
    pair = won_set(state, 0, [10, 11], 5, 1)
    turn(state, 0, 10000)
    state, events = ENGINE.apply(state, 1, claim((10, 5), (11, 5), (80, 5)), 1000)
    assert [e["type"] for e in events] == ["mistake"] and state["mistakes"][1] == 1
    assert sets_of(state, 0) == [pair] and state["forbidden"] == [80, 81, 82] and shows(state, 80) == 5
    assert state["locked_until"][1] == 4000


def test_4_7_the_cap_ends_the_game_even_when_the_last_call_ends_at_the_same_time():
    """Last call and cap due at once: the cap's time_cap, not exhaustion (mutant last_call_beats_the_cap)."""
    state = playing(2, now=3000)
    for seat in range(2):
        pile(state, seat, [])
    won_set(state, 1, [1, 2], 40, 1)
    state["last_call_deadline"] = state["cap_deadline"]
    state, events = ENGINE.advance(state, state["cap_deadline"])
    assert (state["phase"], state["reason"]) == ("FINISHED", "time_cap")
    assert ENGINE.result(state)["winners"] == [1]


def test_5_a_team_target_win_names_every_seat_of_the_team():
    """Team mode: the team's fifth set, completed by seat 3, wins for seats 1 and 3 alike (mutant
    team_target_win_for_the_completer_alone)."""
    state = playing(4, {"mode": "team"}, now=500)
    for i in range(4):
        won_set(state, 1, [20 + 2 * i, 21 + 2 * i], 60 + i, i + 1)
    centre(state, {0: (10, 50, 1), 1: (11, 50, 2)})
    turn(state, 0, 10000)
    state, _ = ENGINE.apply(state, 1, touch((10, 50)), 1000)
    state, events = ENGINE.apply(state, 3, touch((11, 50)), 1500)
    result = ENGINE.result(state)
    assert (result["reason"], result["winners"]) == ("target", [1, 3])
    assert [e["winners"] for e in events if e["type"] == "game_over"] == [[1, 3]]
