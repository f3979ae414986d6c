"""§9 acceptance scenarios, one test each (Fixture F is built in conftest)."""

from __future__ import annotations

import pytest

from dorhami.engine import IllegalAction
from dorhami.games.double_connect.components import CARDS
from dorhami.games.double_connect.rules import ENGINE
from dorhami.games.double_connect.state import active_targets

from .conftest import build_table, claim, finished_table, of_type, ranks, rejected


def test_s01_deck_generation():
    assert CARDS[0] == (0, 7, 14, 21, 28, 35, 42, 49)
    assert CARDS[8] == (1, 9, 17, 25, 33, 41, 42, 50)
    assert CARDS[54] == (35, 36, 37, 38, 39, 40, 41, 56)
    assert all(len(set(CARDS[a]) & set(CARDS[b])) == 1 for a in range(55) for b in range(a + 1, 55))


def test_s02_seeded_setup_deals_in_blocks_and_reveals_at_play_start():
    state = ENGINE.setup(4, 2024, {"mode": "solo"}, now_ms=0)
    assert state["hands"] == [[8, 0, 7, 25, 43], [2, 9, 28, 10, 48], [36, 18, 39, 5, 49], [29, 3, 27, 35, 53]]
    assert state["start_card"] == 1
    assert state["phase"] == "countdown"
    for seat in (None, 0, 1, 2, 3):
        view = ENGINE.view(state, seat)
        assert view["pile_count"] == 34
        assert view["hands"] is None and view["tower"]["start_card"] is None
        assert view["hand_sizes"] == [5, 5, 5, 5] and view["tower"]["start_card_present"]
    assert state["pile"][0] == 41
    assert rejected(state, 0, 8, 1, 8, 2999) == "not_playing"
    playing, events = ENGINE.advance(state, 3000)
    assert playing["phase"] == "playing"
    assert of_type(events, "play_started") == [
        {"type": "play_started", "t": 3000, "hands": state["hands"], "start_card": 1}
    ]
    assert ENGINE.view(playing, None)["hands"] == state["hands"]
    assert ENGINE.view(playing, None)["tower"]["start_card"] == 1


def test_s03_correct_claim_starts_an_arm_on_the_start_card(table):
    state, events = claim(table, 0, 1, 0, 49, 5000)
    assert of_type(events, "claim_accepted") == [
        {"type": "claim_accepted", "seat": 0, "card": 1, "target": 0, "symbol": 49, "arm": 0, "t": 5000}
    ]
    assert state["hands"][0] == [2, 3, 4, 5]
    assert state["arms"] == [{"index": 0, "team": None, "cards": [1]}]
    assert ENGINE.view(state, None)["tower"]["free_slots"] == 3
    assert active_targets(state) == [0, 1]
    assert state["placed"][0] == 1


def test_s04_wrong_claim_draws_a_penalty_card_and_locks_out(table):
    state, events = claim(table, 1, 8, 0, 49, 5000)
    assert state["hands"][1] == [8, 9, 10, 11, 12, 6]
    assert len(state["pile"]) == 33 and state["pile"][0] == 7
    assert state["locked_until"][1] == 6000 and state["wrong_claims"][1] == 1
    assert state["arms"] == [] and state["start_card"] == 0
    assert of_type(events, "claim_wrong") == [
        {
            "type": "claim_wrong",
            "seat": 1,
            "card": 8,
            "target": 0,
            "symbol": 49,
            "penalty_card": 6,
            "locked_until": 6000,
            "t": 5000,
        }
    ]
    assert rejected(state, 1, 8, 0, 42, 5999) == "locked_out"
    accepted, _ = claim(state, 1, 8, 0, 42, 6000)
    assert accepted["arms"][0]["cards"] == [8]


def test_s05_symbol_only_on_the_target_is_wrong(table):
    state, events = claim(table, 0, 1, 0, 0, 5000)
    assert of_type(events, "claim_wrong")[0]["penalty_card"] == 6
    assert state["hands"][0] == [1, 2, 3, 4, 5, 6]
    assert state["wrong_claims"][0] == 1


def test_s06_race_on_one_target_goes_to_the_first_claim_without_redirect(table):
    state, _ = claim(table, 0, 1, 0, 49, 5000)
    state, _ = claim(state, 1, 8, 1, 1, 7000)
    assert state["arms"][0]["cards"] == [1, 8]
    assert rejected(state, 2, 15, 1, 1, 7000) == "target_not_active"  # not redirected to card 8
    state, _ = claim(state, 2, 15, 8, 1, 7200)
    assert state["arms"][0]["cards"] == [1, 8, 15]


def test_s07_a_covered_card_is_not_a_target(table):
    state, _ = claim(table, 0, 1, 0, 49, 5000)
    state, _ = claim(state, 1, 8, 1, 1, 7000)
    state, _ = claim(state, 2, 15, 8, 1, 7200)
    assert rejected(state, 3, 22, 1, 1, 7300) == "target_not_active"


def test_s08_start_card_fully_covered_after_four_arms(table):
    state = table
    covered = []
    for seat, card, symbol, t in [(0, 1, 49, 5000), (3, 22, 14, 5100), (1, 9, 35, 5200), (2, 16, 42, 5300)]:
        state, events = claim(state, seat, card, 0, symbol, t)
        covered += of_type(events, "start_card_covered")
    assert [arm["cards"] for arm in state["arms"]] == [[1], [22], [9], [16]]
    assert covered == [{"type": "start_card_covered", "t": 5300}]
    assert active_targets(state) == [1, 22, 9, 16]
    assert rejected(state, 0, 2, 0, 49, 5400) == "target_not_active"


def test_s09_wrong_claim_with_an_empty_pile_locks_out_for_five_seconds():
    state = build_table(pile=[])
    state["clock"] = 10000
    state, events = claim(state, 1, 8, 0, 49, 10000)
    assert state["hands"][1] == [8, 9, 10, 11, 12]
    assert state["wrong_claims"][1] == 1 and state["locked_until"][1] == 15000
    assert of_type(events, "claim_wrong")[0]["penalty_card"] is None
    assert rejected(state, 1, 8, 0, 42, 14999) == "locked_out"
    state, _ = claim(state, 1, 8, 0, 42, 15000)
    assert state["arms"][0]["cards"] == [8]


def test_s10_other_rejections_change_nothing(table):
    assert rejected(table, 0, 8, 0, 42, 5000) == "card_not_in_hand"
    assert rejected(table, 0, 1, 0, 57, 5000) == "malformed"
    assert rejected(table, 0, 1, 54, 49, 5000) == "target_not_active"
    assert rejected(table, None, 1, 0, 49, 5000) == "not_a_player"
    assert table == build_table()


def test_s11_final_chance_window_is_half_open():
    state = build_table(hands=[[1], *build_table()["hands"][1:]])
    state, events = claim(state, 0, 1, 0, 49, 20000)
    assert of_type(events, "hand_emptied") == [{"type": "hand_emptied", "seat": 0, "t": 20000}]
    assert of_type(events, "final_chance_started") == [{"type": "final_chance_started", "seat": 0, "deadline": 30000}]
    assert state["phase"] == "final_chance" and state["final_deadline"] == 30000
    state, _ = claim(state, 1, 8, 1, 1, 29999)
    assert state["arms"][0]["cards"] == [1, 8]
    assert rejected(state, 2, 15, 8, 1, 30000) == "not_playing"  # the timer due at 30000 went first
    finished, events = ENGINE.advance(state, 30000)
    assert finished["phase"] == "finished" and finished["reason"] == "final_chance_over"
    assert of_type(events, "game_finished")[0]["t"] == 30000


def test_s12_solo_ranking_by_cards_then_wrong_claims():
    state = finished_table(cards=[0, 2, 2, 3], wrong=[0, 1, 3, 0], emptied={0: 20000})
    assert ranks(state) == {0: 1, 1: 2, 2: 3, 3: 4}
    result = ENGINE.result(state)
    assert result["winners"] == [0] and result["ranking"] == [0, 1, 2, 3]
    assert result["scores"] == {"0": 0, "1": 2, "2": 2, "3": 3}


def test_s13_two_empty_hands_by_emptied_at_and_a_shared_rank():
    state = finished_table(
        cards=[0, 1, 0, 1], wrong=[0, 0, 0, 0], emptied={0: 20000, 2: 25000}, reason="final_chance_over"
    )
    assert ranks(state) == {0: 1, 2: 2, 1: 3, 3: 3}
    assert ENGINE.result(state)["ranking"] == [0, 2, 1, 3]


def test_s14_everyone_out_ends_the_final_chance_at_once():
    state = build_table(hands=[[], [1]])
    state.update(phase="final_chance", final_deadline=30000, clock=20000, empty_order=[0])
    state["emptied_at"][0] = [20000, 1]
    state, events = claim(state, 1, 1, 0, 49, 22000)
    assert state["phase"] == "finished" and state["reason"] == "all_hands_empty"
    assert of_type(events, "game_finished")[0]["reason"] == "all_hands_empty"
    assert ranks(state) == {0: 1, 1: 2}
    assert ENGINE.next_deadline(state) is None


def test_s15_time_limit_finishes_at_play_start_plus_five_minutes():
    state = finished_table(cards=[3, 1, 4, 1], wrong=[0, 2, 0, 1])
    state.update(phase="playing", reason=None, finished_at=None, clock=5000)
    assert ENGINE.next_deadline(state) == 303000
    state, events = ENGINE.advance(state, 303000)
    assert state["reason"] == "time_limit" and of_type(events, "game_finished")[0]["t"] == 303000
    assert ranks(state) == {3: 1, 1: 2, 0: 3, 2: 4}
    assert rejected(state, 0, state["hands"][0][0], 0, 0, 303000) == "not_playing"


def test_s16_team_score_is_the_sum_of_its_members_cards():
    state = finished_table(
        cards=[0, 2, 4, 1], wrong=[0, 0, 0, 0], emptied={0: 20000}, config={"mode": "teams", "team_size": 2}
    )
    assert state["team_of"] == [0, 1, 0, 1]
    result = ENGINE.result(state)
    assert [(t["team"], t["seats"], t["total"], t["rank"]) for t in result["teams"]] == [
        (1, [1, 3], 3, 1),
        (0, [0, 2], 4, 2),
    ]
    assert result["winners"] == [1, 3]
    assert result["scores"] == {"0": 0, "1": 2, "2": 4, "3": 1}  # individual scores still reported


@pytest.mark.parametrize(
    "case, cards, wrong, emptied, winners",
    [
        ("a: the team with the only emptied player", [0, 1, 3, 2], [0, 0, 0, 0], {0: 20000}, [0, 2]),
        ("b: fewer team wrong claims", [2, 2, 3, 3], [1, 1, 2, 1], {}, [1, 3]),
        ("c: everything equal", [2, 2, 3, 3], [1, 1, 1, 1], {}, [0, 1, 2, 3]),
    ],
)
def test_s17_team_tie_breaks(case, cards, wrong, emptied, winners):
    state = finished_table(cards=cards, wrong=wrong, emptied=emptied, config={"mode": "teams"})
    result = ENGINE.result(state)
    assert result["winners"] == winners
    if case.startswith("c"):
        assert [team["rank"] for team in result["teams"]] == [1, 1]


@pytest.mark.parametrize(
    "players, team_size, teams",
    [
        (6, 3, [[0, 2, 4], [1, 3, 5]]),
        (6, 2, [[0, 3], [1, 4], [2, 5]]),
        (8, 4, [[0, 2, 4, 6], [1, 3, 5, 7]]),
    ],
)
def test_s18_teams_are_formed_by_seat_mod_t(players, team_size, teams):
    state = ENGINE.setup(players, 7, {"mode": "teams", "team_size": team_size})
    assert [[s for s in range(players) if state["team_of"][s] == t] for t in range(len(teams))] == teams


@pytest.mark.parametrize(
    "players, config",
    [
        (5, {"mode": "teams"}),
        (6, {"mode": "teams", "team_size": 4}),
        (8, {"hand_size": 6}),
    ],
)
def test_s18_invalid_team_and_hand_size_combinations_are_rejected_at_creation(players, config):
    with pytest.raises(IllegalAction) as err:
        ENGINE.setup(players, 7, config)
    assert err.value.code in ("invalid_players", "invalid_config")


def test_s19_own_team_targets_and_start_quota():
    state = build_table({"mode": "teams", "team_targets": "own_team", "team_start_slots": 2})
    assert state["start_capacity"] == 4
    state, _ = claim(state, 0, 1, 0, 49, 5000)
    assert state["arms"][0]["team"] == 0
    assert rejected(state, 1, 8, 1, 1, 5100) == "target_not_active"
    state, _ = claim(state, 2, 15, 1, 1, 5200)
    assert state["arms"][0]["cards"] == [1, 15]
    state, _ = claim(state, 0, 2, 0, 49, 5300)
    assert state["arms"][1]["team"] == 0
    assert rejected(state, 2, 16, 0, 42, 5400) == "target_not_active"
    state, _ = claim(state, 1, 9, 0, 35, 5500)
    assert state["arms"][2] == {"index": 2, "team": 1, "cards": [9]}


def test_s20_final_chance_zero_ends_the_game_at_the_first_empty_hand():
    state = build_table({"final_chance_ms": 0}, hands=[[1], *build_table()["hands"][1:]])
    state, events = claim(state, 0, 1, 0, 49, 8000)
    assert state["phase"] == "finished" and state["reason"] == "first_out" and state["finished_at"] == 8000
    assert [event["type"] for event in events] == ["claim_accepted", "hand_emptied", "game_finished"]
    assert ranks(state)[0] == 1 and ENGINE.result(state)["winners"] == [0]
