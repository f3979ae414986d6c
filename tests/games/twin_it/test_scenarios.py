"""The acceptance scenarios of rules/twin-it.md §9, one test each."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from dorhami.engine import IllegalAction
from dorhami.games.twin_it.components import multiplicity
from dorhami.games.twin_it.rules import ENGINE
from dorhami.games.twin_it.state import loose_cards, shows

from .board import FLIP, centre, claim, paint, pile, playing, seed_with_first, sets_of, stock, touch, turn, won_set


def refused(state, seat, action, now, code):
    """`action` is refused with `code`, and the state after the refusal is the state before it,
    every field compared (states share parts, so a refusal that edited one would show here)."""
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, seat, action, now)
    assert err.value.code == code
    assert json.dumps(state, sort_keys=True) == before, "a refused action changed the state"


def unpenalised(state, seat, now):
    """No lockout and no mistake hide anywhere: the seat's very next claim at `now` (two loose
    cards) is judged, not refused as locked_out: a match wins a set, a mismatch is a first mistake."""
    first, second = loose_cards(state)[:2]
    after, events = ENGINE.apply(state, seat, claim((first, shows(state, first)), (second, shows(state, second))), now)
    if shows(state, first) == shows(state, second):
        assert len(sets_of(after, seat)) == len(sets_of(state, seat)) + 1
        assert after["mistakes"][seat] == state["mistakes"][seat]
    else:
        assert after["mistakes"][seat] == state["mistakes"][seat] + 1
        assert [e["seats"] for e in events if e["type"] == "mistake"] == [[seat]]


def test_a1_setup_deals_a_valid_deck_and_starts_after_the_countdown():
    state = ENGINE.setup(4, seed_with_first(4, 2), {}, now_ms=0)
    faces = state["faces"]
    assert all(faces[2 * c] != faces[2 * c + 1] for c in range(135))
    counts = Counter(faces)
    assert all(counts[d] == multiplicity(d) for d in range(119))
    assert {d: counts[d] for d in (0, 41, 42, 108, 109, 118)} == {0: 3, 41: 3, 42: 2, 108: 2, 109: 1, 118: 1}
    assert [len(p) for p in state["piles"]] == [34, 33, 34, 34]
    assert state["side"] == [0] * 135
    assert state["phase"] == "COUNTDOWN" and ENGINE.next_deadline(state) == 3000
    assert all(p["top"] is None for p in ENGINE.view(state, None)["piles"])
    state, _ = ENGINE.advance(state, 3000)
    assert (state["phase"], state["active"], state["flip_deadline"]) == ("PLAYING", 2, 13000)


def test_a1_six_players_get_23_23_23_22_22_22():
    state = ENGINE.setup(6, seed_with_first(6, 0), {}, now_ms=0)
    assert [len(p) for p in state["piles"]] == [23, 23, 23, 22, 22, 22]


def test_a1_forbidden_mode_sets_aside_three_distinct_designs_for_the_previous_winner():
    config = {"forbidden_pattern": True, "previous_winner": 1}
    state = ENGINE.setup(5, seed_with_first(5, 0), config, now_ms=0)
    assert [len(p) for p in state["piles"]] == [27, 27, 26, 26, 26]
    designs = [shows(state, c) for c in state["forbidden"]]
    assert len(set(designs)) == 3 and all(multiplicity(d) >= 2 for d in designs)
    assert all(state["zone"][c] == "forbidden" and state["spot"][c] == 1 for c in state["forbidden"])
    assert sorted(state["forbidden_designs"]) == sorted(designs)


def a2_table():
    state = playing(3, now=20000)
    pile(state, 1, [(40, 50, 7), (41, 60, 61)], filler=3)
    pile(state, 2, [], filler=3, first_filler=110)
    centre(state, {0: (1, 90, 91), 1: (2, 92, 93), 3: (3, 94, 95)})
    turn(state, 1, 30000)
    return state


def test_a2_only_the_active_seat_may_flip():
    refused(a2_table(), 2, FLIP, 25000, "not_your_turn")


def test_a2_the_server_auto_flips_at_the_flip_deadline_and_the_turn_moves_clockwise():
    state, events = ENGINE.advance(a2_table(), 30000)
    assert state["centre"][2] == 40 and shows(state, 40) == 7
    flipped = next(e for e in events if e["type"] == "flipped")
    assert flipped["auto"] is True and flipped["slot"] == 2 and flipped["new_top"] == {"card": 41, "design": 60}
    assert (state["active"], state["flip_deadline"]) == (2, 40000)


def test_a2_a_flip_received_at_the_deadline_comes_after_the_auto_flip():
    refused(a2_table(), 1, FLIP, 30000, "not_your_turn")


def test_a3_a_seat_with_an_empty_pile_is_skipped():
    state = playing(3, now=4000)
    pile(state, 2, [])
    turn(state, 1, 14000)
    state, _ = ENGINE.apply(state, 1, FLIP, 5000)
    assert (state["active"], state["flip_deadline"]) == (0, 15000)


def test_a4_a_pair_reveals_a_chain_reaction_and_the_claimant_flips_next():
    state = playing(3, now=7000)
    centre(state, {0: (10, 50, 1)})
    pile(state, 0, [(20, 50, 3), (21, 12, 90)], filler=3)
    pile(state, 2, [(30, 12, 4)], filler=3, first_filler=110)
    turn(state, 0, 12000)
    state, events = ENGINE.apply(state, 1, claim((10, 50), (20, 50)), 8000)
    [won] = sets_of(state, 1)
    assert (won["cards"], won["design"]) == ([10, 20], 50)
    assert next(e for e in events if e["type"] == "set_won")["kind"] == "pair"
    assert state["piles"][0][0] == 21 and shows(state, 21) == 12
    assert (state["active"], state["flip_deadline"]) == (1, 18000)
    state, _ = ENGINE.apply(state, 2, claim((21, 12), (30, 12)), 8400)
    [won] = sets_of(state, 2)
    assert (won["cards"], won["design"]) == ([21, 30], 12)
    assert (state["active"], state["flip_deadline"]) == (2, 18400)


def test_a5_the_first_valid_claim_received_wins_and_the_second_is_stale_without_penalty():
    state = playing(3, now=7000)
    centre(state, {0: (10, 60, 1), 1: (11, 60, 2)})
    pile(state, 0, [], filler=4)
    turn(state, 0, 12000)
    state, _ = ENGINE.apply(state, 1, claim((10, 60), (11, 60)), 8000)
    assert len(sets_of(state, 1)) == 1
    refused(state, 2, claim((10, 60), (11, 60)), 8005, "stale")
    assert not sets_of(state, 2)
    unpenalised(state, 2, 8005)


def a6_table():
    state = playing(3, now=500)
    pile(state, 0, [(40, 50, 7)], filler=3)
    centre(state, {0: (11, 50, 1)})
    turn(state, 0, 10000)
    return state


def test_a6_a_claim_on_a_card_that_changed_face_is_stale():
    state, _ = ENGINE.apply(a6_table(), 0, FLIP, 1000)
    refused(state, 2, claim((40, 50), (11, 50)), 1050, "stale")


def test_a6_the_same_claim_before_the_flip_succeeds():
    state, _ = ENGINE.apply(a6_table(), 2, claim((40, 50), (11, 50)), 900)
    assert len(sets_of(state, 2)) == 1


def a7_table():
    state = playing(3, now=8000)
    won_set(state, 1, [20, 21], 70, 1)
    s3 = won_set(state, 1, [1, 2], 3, 2)
    won_set(state, 1, [22, 23], 71, 3)
    won_set(state, 2, [24, 25], 72, 4)
    won_set(state, 2, [26, 27], 73, 5)
    centre(state, {0: (7, 3, 99)})
    pile(state, 0, [], filler=4)
    turn(state, 0, 15000)
    return state, s3["id"]


def test_a7_a_won_pair_plus_a_third_card_is_stolen():
    state, s3 = a7_table()
    state, events = ENGINE.apply(state, 2, claim((1, 3), (2, 3), (7, 3)), 9000)
    stolen = next(s for s in state["sets"] if s["id"] == s3)
    assert (stolen["cards"], stolen["owner"]) == ([1, 2, 7], 2)
    won = next(e for e in events if e["type"] == "set_won")
    assert (won["kind"], won["from_owner"]) == ("steal", 1)
    assert len(sets_of(state, 1)) == 2 and len(sets_of(state, 2)) == 3
    assert ENGINE.view(state, None)["owners"][2]["cards_in_sets"] == 7
    assert state["active"] == 2
    refused(state, 0, claim((1, 3), (7, 3)), 9100, "bad_shape")
    unpenalised(state, 0, 9100)


def test_a8_upgrading_an_own_pair_keeps_the_set_count():
    state = playing(3, now=8000)
    for i, cards in enumerate(([20, 21], [4, 5], [22, 23], [24, 25])):
        won_set(state, 0, cards, 8 if cards == [4, 5] else 70 + i, i + 1)
    pile(state, 1, [(6, 8, 99), (30, 31, 32)], filler=2)
    turn(state, 1, 15000)
    state, events = ENGINE.apply(state, 0, claim((4, 8), (5, 8), (6, 8)), 9000)
    s2 = next(s for s in state["sets"] if 4 in s["cards"])
    assert s2["cards"] == [4, 5, 6] and len(sets_of(state, 0)) == 4
    assert ENGINE.view(state, None)["owners"][0]["cards_in_sets"] == 9
    assert next(e for e in events if e["type"] == "set_won")["kind"] == "upgrade"
    assert state["piles"][1][0] == 30 and state["active"] == 0


def test_a9_the_third_copy_in_the_centre_is_turned_over():
    state = playing(3, now=4000)
    centre(state, {0: (10, 9, 1), 1: (11, 9, 2), 2: (12, 9, 70)})
    pile(state, 1, [], filler=3)
    turn(state, 1, 12000)
    state, events = ENGINE.apply(state, 0, claim((10, 9), (11, 9)), 5000)
    assert len(sets_of(state, 0)) == 1
    assert state["centre"][2] == 12 and shows(state, 12) == 70
    assert {"type": "turned_over", "card": 12, "zone": "centre", "design": 70} in events
    refused(state, 2, claim((12, 9), (11, 9)), 5020, "stale")


def test_a9_a_third_copy_on_a_pile_top_toggles_its_up_face():
    state = playing(3, now=4000)
    centre(state, {0: (10, 9, 1), 1: (11, 9, 2)})
    pile(state, 1, [(12, 9, 70)], filler=3)
    turn(state, 1, 12000)
    state, _ = ENGINE.apply(state, 0, claim((10, 9), (11, 9)), 5000)
    assert shows(state, 12) == 70
    turn(state, 1, 12000)
    state, _ = ENGINE.apply(state, 1, FLIP, 5100)
    assert state["zone"][12] == "centre" and shows(state, 12) == 9


def test_a9_a_third_copy_revealed_by_the_claim_is_not_turned_over_and_can_be_stolen():
    state = playing(3, now=4000)
    centre(state, {0: (10, 9, 1)})
    pile(state, 1, [(11, 9, 2), (12, 9, 71)], filler=3)
    turn(state, 1, 12000)
    state, events = ENGINE.apply(state, 0, claim((10, 9), (11, 9)), 5000)
    assert state["piles"][1][0] == 12 and shows(state, 12) == 9
    assert not [e for e in events if e["type"] == "turned_over"]
    state, events = ENGINE.apply(state, 2, claim((10, 9), (11, 9), (12, 9)), 5100)
    assert next(e for e in events if e["type"] == "set_won")["kind"] == "steal"


def a10_table():
    state = playing(3, now=19000)
    won_set(state, 0, [1, 2], 50, 2)
    won_set(state, 0, [3, 4], 60, 5)
    pile(state, 0, [(9, 80, 81)])
    centre(state, {0: (10, 51, 5), 1: (11, 52, 6)})
    pile(state, 1, [], filler=3)
    turn(state, 1, 25000)
    return state


def test_a10_a_mistake_returns_the_latest_set_to_the_bottom_of_the_pile():
    state, events = ENGINE.apply(a10_table(), 0, claim((10, 51), (11, 52)), 20000)
    assert state["piles"][0] == [9, 3, 4]
    assert shows(state, 3) == 60 and shows(state, 4) == 60
    assert len(sets_of(state, 0)) == 1 and state["mistakes"][0] == 1 and state["locked_until"][0] == 23000
    assert state["centre"][:2] == [10, 11] and state["active"] == 1
    mistake = next(e for e in events if e["type"] == "mistake")
    assert mistake["returned_cards"] == [3, 4] and mistake["locked_until"] == 23000


def test_a10_a_locked_out_claim_is_refused_until_the_lockout_ends():
    state, _ = ENGINE.apply(a10_table(), 0, claim((10, 51), (11, 52)), 20000)
    centre(state, {0: (10, 51, 5), 1: (11, 52, 6), 2: (12, 51, 7)})
    refused(state, 0, claim((10, 51), (12, 51)), 22999, "locked_out")
    assert state["mistakes"][0] == 1
    state, _ = ENGINE.apply(state, 0, claim((10, 51), (12, 51)), 23000)
    assert len(sets_of(state, 0)) == 2


def test_a11_a_mistake_without_sets_costs_only_the_lockout():
    state = playing(3, now=4000)
    pile(state, 1, [], filler=10)
    centre(state, {0: (10, 51, 5), 1: (11, 52, 6)})
    turn(state, 1, 12000)
    state, _ = ENGINE.apply(state, 1, claim((10, 51), (11, 52)), 5000)
    assert len(state["piles"][1]) == 10 and not sets_of(state, 1)
    assert state["mistakes"][1] == 1 and state["locked_until"][1] == 8000


@pytest.mark.parametrize(
    "seat, action, code",
    [
        (0, claim((1, 3), (7, 3)), "bad_shape"),
        (0, claim((10, 5), (10, 5)), "malformed"),
        (0, claim((7, 9), (8, 9), (9, 9)), "bad_shape"),
        (None, claim((10, 5), (11, 5)), "not_a_player"),
        (7, claim((10, 5), (11, 5)), "not_a_player"),
    ],
)
def test_a12_rejections_carry_no_penalty(seat, action, code):
    state = playing(3, now=4000)
    won_set(state, 1, [1, 2], 3, 1)
    centre(state, {0: (7, 3, 99), 1: (10, 5, 98), 2: (11, 5, 97)})
    pile(state, 0, [(8, 9, 96)], filler=2)
    pile(state, 2, [(9, 9, 95)], filler=2, first_filler=110)
    paint(state, 7, 9, 3)  # (c): c7 now also shows d9, so three loose d9 cards are visible
    if code != "bad_shape" or 9 not in [e["card"] for e in action["cards"]]:
        paint(state, 7, 3, 99)
    turn(state, 0, 12000)
    refused(state, seat, action, 5000, code)
    if seat in range(3):
        unpenalised(state, seat, 5000)


def test_a12_any_claim_during_the_countdown_is_not_playing():
    state = ENGINE.setup(3, 1, {}, now_ms=0)
    refused(state, 0, claim((0, 1), (1, 2)), 1000, "not_playing")
    assert state["mistakes"] == [0, 0, 0]


def a13_table():
    state = playing(3, now=39000)
    for i in range(9):
        won_set(state, 2, [60 + 2 * i, 61 + 2 * i], 70 + i, i + 1)
    centre(state, {0: (10, 44, 1), 1: (11, 44, 2)})
    pile(state, 0, [], filler=4)
    turn(state, 0, 45000)
    return state


def test_a13_reaching_the_target_wins_at_once():
    state, events = ENGINE.apply(a13_table(), 2, claim((10, 44), (11, 44)), 40000)
    assert state["phase"] == "FINISHED" and state["reason"] == "target"
    assert ENGINE.result(state)["winners"] == [2]
    assert ENGINE.next_deadline(state) is None
    assert next(e for e in events if e["type"] == "game_over")["winners"] == [2]
    refused(state, 0, FLIP, 40001, "not_playing")


def test_a13_a_steal_can_reach_the_target():
    state = a13_table()
    won_set(state, 1, [1, 2], 44, 12)
    state, _ = ENGINE.apply(state, 2, claim((1, 44), (2, 44), (10, 44)), 40000)
    assert ENGINE.result(state)["winners"] == [2]
    assert ENGINE.result(state)["scores"] == {"0": 0, "1": 0, "2": 10}


def a14_table():
    state = playing(2, now=99000)
    pile(state, 0, [])
    pile(state, 1, [(40, 80, 81)])
    centre(state, {0: (10, 50, 1), 1: (11, 50, 2)})
    for i in range(5):
        won_set(state, 0, [60 + 2 * i, 61 + 2 * i], 70 + i, i + 1)
    turn(state, 1, 105000)
    return state


def test_a14_the_last_call_starts_when_every_pile_is_empty_and_restarts_after_a_claim():
    state, _ = ENGINE.apply(a14_table(), 1, FLIP, 100000)
    assert (state["active"], state["last_call_deadline"]) == (None, 110000)
    state, _ = ENGINE.apply(state, 0, claim((10, 50), (11, 50)), 104000)
    assert len(sets_of(state, 0)) == 6 and state["last_call_deadline"] == 114000
    state, events = ENGINE.advance(state, 113999)
    assert state["phase"] == "PLAYING"
    state, events = ENGINE.advance(state, 114000)
    assert state["phase"] == "FINISHED" and state["reason"] == "exhaustion"


def exhausted(cards0: int, mistakes0: int, cards1: int, mistakes1: int) -> dict:
    """A finished table where both seats have 6 sets with the given cards and mistakes."""
    state = playing(2, now=100000)
    card = 0
    for seat, cards in ((0, cards0), (1, cards1)):
        for i in range(6):
            size = 3 if i < cards - 12 else 2
            won_set(state, seat, list(range(card, card + size)), 70 + card, card + 1)
            card += size
    state["mistakes"] = [mistakes0, mistakes1]
    state["last_call_deadline"] = 114000
    state, _ = ENGINE.advance(state, 114000)
    return state


@pytest.mark.parametrize(
    "cards0, mistakes0, cards1, mistakes1, winners",
    [
        (13, 2, 12, 0, [0]),
        (12, 2, 12, 0, [1]),
        (12, 0, 12, 0, [0, 1]),
    ],
)
def test_a14_exhaustion_ranks_by_sets_then_cards_then_fewer_mistakes(cards0, mistakes0, cards1, mistakes1, winners):
    result = ENGINE.result(exhausted(cards0, mistakes0, cards1, mistakes1))
    assert result["reason"] == "exhaustion" and result["winners"] == winners
    assert result["ranking"] == (winners + [1 - winners[0]] if len(winners) == 1 else [0, 1])


def test_a15_a_mistake_during_the_last_call_ends_it_and_the_offender_flips():
    state = playing(3, now=104000)
    won_set(state, 1, [52, 53], 62, 3)
    won_set(state, 1, [50, 51], 61, 7)
    centre(state, {0: (10, 51, 5), 1: (11, 52, 6)})
    for seat in range(3):
        pile(state, seat, [])
    state["last_call_deadline"] = 114000
    state, _ = ENGINE.apply(state, 1, claim((10, 51), (11, 52)), 105000)
    assert state["piles"][1] == [50, 51] and shows(state, 50) == 61
    assert (state["active"], state["flip_deadline"], state["last_call_deadline"]) == (1, 115000, None)
    assert state["locked_until"][1] == 108000


def test_a16_the_time_cap_ends_the_game_mid_turn():
    state = playing(3, now=3000)
    assert state["cap_deadline"] == 1203000
    pile(state, 0, [], filler=5)
    won_set(state, 2, [1, 2], 40, 1)
    turn(state, 0, 1205000)
    state, events = ENGINE.advance(state, 1203000)
    assert state["phase"] == "FINISHED" and state["reason"] == "time_cap"
    assert ENGINE.result(state)["winners"] == [2] and ENGINE.result(state)["ranking"] == [2, 0, 1]


def a17_table():
    state = playing(3, {"forbidden_pattern": True, "previous_winner": 1}, now=500)
    for card, design in ((80, 5), (81, 45), (82, 100)):
        paint(state, card, design, 118)
        state["zone"][card], state["spot"][card] = "forbidden", 1
    state["forbidden"], state["forbidden_designs"] = [80, 81, 82], [5, 45, 100]
    centre(state, {0: (10, 5, 1), 1: (11, 5, 2)})
    pile(state, 0, [], filler=4)
    turn(state, 0, 10000)
    return state


def test_a17_the_previous_winner_pairing_a_forbidden_design_is_a_mistake():
    state, events = ENGINE.apply(a17_table(), 1, claim((10, 5), (11, 5)), 1000)
    assert state["mistakes"][1] == 1 and state["centre"] == [10, 11]
    assert any(e["type"] == "mistake" for e in events)


def test_a17_others_may_pair_a_forbidden_design_and_free_it_by_taking_the_card():
    state, _ = ENGINE.apply(a17_table(), 0, claim((10, 5), (11, 5)), 5000)
    assert len(sets_of(state, 0)) == 1 and shows(state, 80) == 5 and 5 in state["forbidden_designs"]
    state, events = ENGINE.apply(state, 2, claim((10, 5), (11, 5), (80, 5)), 6000)
    assert next(e for e in events if e["type"] == "set_won")["kind"] == "steal"
    assert 80 not in state["forbidden"] and sorted(state["forbidden_designs"]) == [45, 100]


def a18_table():
    state = playing(4, {"mode": "team"}, now=500)
    centre(state, {0: (10, 50, 1), 1: (11, 50, 2), 2: (12, 51, 3)})
    pile(state, 0, [], filler=4)
    turn(state, 0, 10000)
    return state


def test_a18_teammates_touching_two_matching_cards_win_the_set():
    state, _ = ENGINE.apply(a18_table(), 0, touch((10, 50)), 1000)
    assert state["touches"][0]["expires_at"] == 4000
    state, _ = ENGINE.apply(state, 1, touch((11, 50)), 1500)
    assert not state["sets"]
    state, events = ENGINE.apply(state, 2, touch((11, 50)), 2500)
    [won] = state["sets"]
    assert (won["owner"], won["cards"]) == (0, [10, 11])
    assert next(e for e in events if e["type"] == "set_won")["by_seats"] == [0, 2]
    assert (state["active"], state["flip_deadline"]) == (2, 12500)
    assert state["touches"] == []


def test_a18_a_touch_after_the_window_is_only_recorded():
    state, _ = ENGINE.apply(a18_table(), 0, touch((10, 50)), 1000)
    state, events = ENGINE.apply(state, 2, touch((11, 50)), 4000)
    assert not state["sets"]
    assert [(t["seat"], t["expires_at"]) for t in state["touches"]] == [(2, 7000)]


def test_a18_a_team_mismatch_costs_the_team_its_latest_set_and_locks_both_seats():
    state = a18_table()
    won_set(state, 0, [60, 61], 77, 1)
    state, _ = ENGINE.apply(state, 0, touch((10, 50)), 1000)
    state, _ = ENGINE.apply(state, 2, touch((12, 51)), 2500)
    assert state["piles"][2][-2:] == [60, 61] and not state["sets"]
    assert state["locked_until"] == [5500, 0, 5500, 0] and state["mistakes"] == [1, 0]


def test_a18_a_claim_in_team_mode_is_wrong_mode():
    refused(a18_table(), 0, claim((10, 50), (11, 50)), 1000, "wrong_mode")


def test_a19_coop_scores_pairs_one_and_triples_two_until_time_is_up():
    state = playing(2, {"mode": "coop"}, now=3000)
    assert state["coop_end"] == 63000
    centre(
        state,
        {
            0: (10, 50, 1),
            1: (11, 50, 2),
            2: (12, 3, 4),
            3: (13, 3, 5),
            4: (14, 3, 6),
            5: (15, 7, 8),
            6: (16, 7, 9),
            7: (17, 7, 11),
            8: (20, 60, 61),
        },
    )
    stock(state, [(30, 90, 91)])
    state, _ = ENGINE.apply(state, 0, claim((10, 50), (11, 50)), 10000)
    assert state["points"] == 1
    state, events = ENGINE.apply(state, 1, claim((12, 3), (13, 3)), 11000)
    assert state["points"] == 2 and shows(state, 14) == 3
    assert not [e for e in events if e["type"] == "turned_over"]
    state, _ = ENGINE.apply(state, 0, claim((12, 3), (13, 3), (14, 3)), 12000)
    assert state["points"] == 3
    state, events = ENGINE.apply(state, 1, claim((15, 7), (16, 7), (17, 7)), 13000)
    assert state["points"] == 5 and next(e for e in events if e["type"] == "set_won")["kind"] == "triple"
    state, _ = ENGINE.apply(state, 0, claim((20, 60), (30, 90)), 14000)
    assert state["points"] == 5 and state["locked_until"][0] == 17000 and state["mistakes"] == [1, 0]
    state, _ = ENGINE.apply(state, 1, {"type": "turn_over", "card": 20, "design": 60}, 15000)
    assert shows(state, 20) == 61
    state, events = ENGINE.advance(state, 63000)
    result = ENGINE.result(state)
    assert state["reason"] == "time_up" and result["points"] == 5
    assert result["winners"] == [] and result["scores"] == {"0": 5, "1": 5}
