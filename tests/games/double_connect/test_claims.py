"""§4.4: the claim's checks R1-R6 in order, its effects, and the legal-action lists."""

from __future__ import annotations

import pytest

from dorhami.engine import IllegalAction
from dorhami.games.double_connect.components import common
from dorhami.games.double_connect.rules import ENGINE

from .conftest import build_table, claim, of_type, rejected


@pytest.mark.parametrize(
    "card, target, symbol",
    [
        (55, 0, 49),
        (-1, 0, 49),
        (True, 0, 49),
        ("1", 0, 49),
        (1, 55, 49),
        (1, None, 49),
        (1, 0, 57),
        (1, 0, -1),
        (1, 0, 49.0),
        (1, 0, False),
    ],
)
def test_r1_ids_out_of_range_or_not_integers_are_malformed(table, card, target, symbol):
    assert rejected(table, 0, card, target, symbol, 5000) == "malformed"


def test_r1_a_missing_field_is_malformed(table):
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(table, 0, {"type": "claim", "card": 1, "target": 0}, 5000)
    assert err.value.code == "malformed"


def test_an_action_other_than_claim_is_unknown(table):
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(table, 0, {"type": "pass"}, 5000)
    assert err.value.code == "unknown_action"


@pytest.mark.parametrize("seat", [None, -1, 4, "0"])
def test_r2_a_claim_without_a_seat_is_not_a_player(table, seat):
    assert rejected(table, seat, 1, 0, 49, 5000) == "not_a_player"


def test_checks_run_in_the_rules_order(table):
    locked, _ = claim(table, 1, 8, 0, 49, 5000)
    assert rejected(table, None, 1, 0, 57, 5000) == "malformed"  # R1 before R2
    countdown = ENGINE.setup(4, 1, {})
    assert rejected(countdown, None, 1, 0, 49, 0) == "not_a_player"  # R2 before R3
    countdown["locked_until"][0] = 9000
    assert rejected(countdown, 0, 1, 0, 49, 0) == "not_playing"  # R3 before R4
    assert rejected(locked, 1, 1, 54, 49, 5500) == "locked_out"  # R4 before R5
    assert rejected(table, 0, 8, 54, 42, 5000) == "card_not_in_hand"  # R5 before R6


def test_a_rejection_changes_nothing(table):
    before = build_table()
    for seat, card, target, symbol in [(0, 8, 0, 42), (0, 1, 54, 49), (None, 1, 0, 49), (0, 1, 0, 99)]:
        rejected(table, seat, card, target, symbol, 5000)
    assert table == before


def test_r6_is_never_judged_on_the_symbol_and_never_redirected(table):
    state, _ = claim(table, 0, 1, 0, 49, 5000)
    state, _ = claim(state, 1, 8, 1, 1, 5100)
    assert rejected(state, 2, 15, 1, 30, 5200) == "target_not_active"  # a wrong symbol: still no penalty


def test_hand_cards_are_never_targets(table):
    assert rejected(table, 0, 1, 8, 1, 5000) == "target_not_active"


def test_correct_claim_keeps_the_order_of_the_other_hand_cards(table):
    state, _ = claim(table, 1, 9, 0, 35, 5000)
    assert state["hands"][1] == [8, 10, 11, 12]


def test_claim_on_an_arm_top_appends_to_that_arm(table):
    state, _ = claim(table, 0, 1, 0, 49, 5000)
    state, _ = claim(state, 3, 22, 0, 14, 5100)
    state, events = claim(state, 2, 16, 22, common(22, 16), 5200)
    assert [arm["cards"] for arm in state["arms"]] == [[1], [22, 16]]
    assert of_type(events, "claim_accepted")[0]["arm"] == 1


def test_start_card_covered_is_announced_before_the_claim_that_covers_it():
    state = build_table({"start_slots": 1})
    _, events = claim(state, 0, 1, 0, 49, 5000)
    assert [event["type"] for event in events] == ["start_card_covered", "claim_accepted"]


def test_penalty_cards_go_to_the_end_of_the_hand_from_the_top_of_the_pile(table):
    state, _ = claim(table, 0, 1, 0, 0, 5000)
    state, _ = claim(state, 0, 1, 0, 0, 6000)
    assert state["hands"][0] == [1, 2, 3, 4, 5, 6, 7] and state["pile"][0] == 13
    assert state["wrong_claims"][0] == 2


def test_a_wrong_claim_never_ends_the_final_chance():
    state = build_table(hands=[[1], [8], [15], [22]])
    state, _ = claim(state, 0, 1, 0, 49, 20000)
    state, _ = claim(state, 1, 8, 1, 0, 21000)
    assert state["phase"] == "final_chance"


def test_emptied_at_records_the_time_and_the_engines_own_sequence_number(table):
    state = build_table(hands=[[1], [8], [15], [22]])
    state, _ = claim(state, 1, 8, 0, 0, 4000)  # seq 1 (wrong)
    state, _ = claim(state, 0, 1, 0, 49, 4000)  # seq 2
    state, _ = claim(state, 2, 15, 1, 1, 4000)  # seq 3, same t
    assert state["emptied_at"][0] == [4000, 2] and state["emptied_at"][2] == [4000, 3]
    assert state["empty_order"] == [0, 2]


def test_legal_actions_list_all_57_symbols_of_every_card_target_pair(table):
    actions = ENGINE.legal_actions(table, 0)
    assert len(actions) == 5 * 1 * 57
    assert {a["symbol"] for a in actions if a["card"] == 1} == set(range(57))
    assert {(a["card"], a["target"]) for a in actions} == {(c, 0) for c in [1, 2, 3, 4, 5]}
    state, _ = claim(table, 0, 1, 0, 49, 5000)
    assert len(ENGINE.legal_actions(state, 1)) == 5 * 2 * 57


def test_every_listed_action_is_accepted(table):
    for action in ENGINE.legal_actions(table, 2)[::7]:
        ENGINE.apply(table, 2, action, 5000)


def test_a_locked_out_seat_lists_no_action_and_no_compact_action(table):
    state, _ = claim(table, 1, 8, 0, 49, 5000)
    assert ENGINE.legal_actions(state, 1) == [] and ENGINE.compact_legal_actions(state, 1) == []
    assert ENGINE.compact_legal_actions(state, 0) == [{"type": "claim"}]


def test_no_actions_outside_playing_and_final_chance():
    countdown = ENGINE.setup(4, 1, {})
    assert ENGINE.legal_actions(countdown, 0) == [] and ENGINE.compact_legal_actions(countdown, 0) == []
    finished, _ = ENGINE.advance(countdown, 303000)
    assert all(ENGINE.legal_actions(finished, seat) == [] for seat in range(4))


def test_own_team_legal_actions_use_only_the_teams_targets():
    state = build_table({"mode": "teams", "team_targets": "own_team"})
    state, _ = claim(state, 0, 1, 0, 49, 5000)
    assert {a["target"] for a in ENGINE.legal_actions(state, 2)} == {0, 1}
    assert {a["target"] for a in ENGINE.legal_actions(state, 1)} == {0}


def test_an_emptied_seat_has_no_actions():
    state = build_table(hands=[[1], [8], [15], [22]])
    state, _ = claim(state, 0, 1, 0, 49, 5000)
    assert ENGINE.legal_actions(state, 0) == [] and ENGINE.compact_legal_actions(state, 0) == []


def test_no_engine_event_is_private_and_all_carry_their_fields(table):
    state, events = claim(table, 1, 8, 0, 49, 5000)
    state, more = claim(state, 0, 1, 0, 49, 5100)
    assert all("private_to" not in event for event in events + more)
