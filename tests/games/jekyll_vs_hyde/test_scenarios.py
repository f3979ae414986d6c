"""The acceptance scenarios of jekyll-vs-hyde.md §9, one test each (J = seat 0, H = seat 1)."""

from __future__ import annotations

import pytest

from dorhami.engine import IllegalAction
from dorhami.games.jekyll_vs_hyde.rules import ENGINE, auto_action

from .tables import FULL_RANKING, H, J, dealt, exchange_table, finish_round, give, ids, new_table, play, table, types


def legal_cards(state, seat):
    return [action["card"] for action in ENGINE.legal_actions(state, seat)]


def refused(code, call, *args, **kwargs):
    with pytest.raises(IllegalAction) as err:
        call(*args, **kwargs)
    assert err.value.code == code


def test_1_setup_deals_ten_ten_and_five_of_all_25_cards_reproducibly():
    state = new_table()
    hands, aside = state["hands"], state["set_aside"]
    assert len(hands[J]) == len(hands[H]) == 10 and len(aside) == 5
    assert sorted(hands[J] + hands[H] + aside) == list(range(25))
    assert state["marker"] == 0 and state["ranking"] == [] and state["phase"] == "exchange"
    assert state["round"] == 1
    assert new_table()["hands"] == hands and new_table()["set_aside"] == aside


def test_2_exchange_needs_round_many_cards_and_a_potion_after_two_were_dealt():
    state = exchange_table(["potion-2", "potion-4", "red-7"], ["potion-5", "green-5"])
    refused("potion_required", give, state, J, "exchange_cards", ["red-7"])
    refused("wrong_count", give, state, J, "exchange_cards", ["potion-2", "red-7"])
    state, events = give(state, J, "exchange_cards", ["potion-2"])
    assert events == [{"type": "exchange_submitted", "seat": J}]
    state, _ = give(state, H, "exchange_cards", ["green-5"])
    assert state["phase"] == "lead"


def test_3_round_two_exchange_swaps_both_pairs_simultaneously():
    state = exchange_table(
        ["potion-2", "potion-3", "potion-4", "purple-2"], ["potion-5", "green-6", "red-1"], round=2, marker=2
    )
    state, _ = give(state, J, "exchange_cards", ["potion-3", "purple-2"])
    assert (
        state["hands"][J]
        == dealt(["potion-2", "potion-3", "potion-4", "purple-2"], ["potion-5", "green-6", "red-1"])[J]
    )
    state, _ = give(state, H, "exchange_cards", ["green-6", "red-1"])
    assert set(ids("green-6", "red-1")) <= set(state["hands"][J])
    assert not set(ids("potion-3", "purple-2")) & set(state["hands"][J])
    assert set(ids("potion-3", "purple-2")) <= set(state["hands"][H])
    assert not set(ids("green-6", "red-1")) & set(state["hands"][H])
    assert len(state["hands"][J]) == len(state["hands"][H]) == 10
    assert state["phase"] == "lead" and state["leader"] == J


def test_4_follower_holding_the_led_colour_plays_it_or_a_potion():
    state = table(hands=(["red-3", "purple-1"], ["red-5", "green-2", "potion-4"]))
    state, _ = play(state, J, "red-3")
    assert legal_cards(state, H) == ids("red-5", "potion-4")
    refused("must_follow", play, state, H, "green-2")


def test_5_potion_lead_names_a_colour_that_ranks_nothing_and_forbids_potions():
    state = table(hands=(["potion-2", "red-2"], ["green-1", "potion-5", "red-6"]))
    refused("color_required", play, state, J, "potion-2")
    state, _ = play(state, J, "potion-2", "green")
    assert state["ranking"] == []
    assert legal_cards(state, H) == ids("green-1")


def test_6_first_appearance_ranks_a_colour_immediately_and_second_ranks_the_third():
    state = table(hands=(["purple-6", "green-1"], ["red-1", "green-3"]))
    state, events = play(state, J, "purple-6")
    assert state["ranking"] == ["purple"]
    assert {"type": "color_ranked", "color": "purple", "rank": 0} in events
    state, events = play(state, H, "red-1")
    assert state["ranking"] == ["purple", "red", "green"]
    assert [e for e in events if e["type"] == "color_ranked"] == [
        {"type": "color_ranked", "color": "red", "rank": 1},
        {"type": "color_ranked", "color": "green", "rank": 2},
    ]
    assert [len(pile) for pile in state["won"]] == [0, 1]
    assert state["leader"] == H and state["phase"] == "lead"


def test_7_higher_ranked_colour_wins_and_same_colour_compares_values():
    state = table(hands=(["purple-7", "red-3"], ["green-1", "red-6"]), leader=H, ranking=FULL_RANKING)
    state, _ = play(state, H, "green-1")
    state, events = play(state, J, "purple-7")
    assert events[-1]["type"] == "trick_won" and events[-1]["seat"] == H
    state = table(hands=(["red-3"], ["red-6"]), ranking=FULL_RANKING)
    state, _ = play(state, J, "red-3")
    state, events = play(state, H, "red-6")
    assert events[-1]["seat"] == H


def test_8_wrath_potion_on_a_colour_lead_resets_the_ranking():
    state = table(hands=(["red-3", "green-7"], ["red-5", "potion-3", "purple-2"]), ranking=["green", "purple", "red"])
    state, _ = play(state, J, "red-3")
    assert ids("potion-3")[0] in legal_cards(state, H)
    state, events = play(state, H, "potion-3")
    assert state["last_trick"]["winner"] == H and state["last_trick"]["effect"] == "wrath"
    assert state["ranking"] == [] and "ranking_reset" in types(events)
    state, _ = play(state, H, "purple-2")
    assert state["ranking"] == ["purple"]
    state = table(hands=(["red-4"], ["potion-3"]), ranking=FULL_RANKING)
    state, _ = play(state, J, "red-4")
    state, _ = play(state, H, "potion-3")
    assert state["last_trick"]["winner"] == J


def test_9_pride_lets_the_winner_steal_even_when_the_potion_player_loses():
    state = table(hands=(["potion-5", "red-1"], ["purple-6", "red-2"]), leader=H, won=(3, 2), ranking=FULL_RANKING)
    state, _ = play(state, H, "purple-6")
    state, events = play(state, J, "potion-5")
    assert state["last_trick"]["winner"] == H and state["last_trick"]["effect"] == "pride"
    assert [len(pile) for pile in state["won"]] == [2, 4]
    assert {"type": "trick_stolen", "from": J, "to": H} in events


def test_10a_pride_steals_nothing_from_a_player_without_tricks():
    state = table(hands=(["potion-5", "red-1"], ["purple-6", "red-2"]), leader=H, won=(0, 2), ranking=FULL_RANKING)
    state, _ = play(state, H, "purple-6")
    state, events = play(state, J, "potion-5")
    assert [len(pile) for pile in state["won"]] == [0, 3]
    assert "trick_stolen" not in types(events)


def test_10b_effect_comes_from_the_played_colour_not_the_named_one():
    state = table(hands=(["potion-3", "red-1"], ["purple-1", "red-2"]), won=(1, 2))
    state, _ = play(state, J, "potion-3", "green")
    state, events = play(state, H, "purple-1")
    assert state["ranking"] == ["purple"]
    assert state["last_trick"]["effect"] == "pride" and state["last_trick"]["winner"] == J
    assert [len(pile) for pile in state["won"]] == [3, 1]
    assert "greed_triggered" not in types(events)


def greed_hands():
    return (
        ["green-2", "red-7", "purple-2", "purple-3", "red-1", "red-2", "green-3"],
        ["potion-4", "purple-1", "purple-5", "red-4", "red-5", "green-6", "green-7"],
    )


def test_11_greed_opens_a_secret_one_card_swap_before_the_winner_leads():
    state = table(hands=greed_hands(), won=(2, 1), ranking=FULL_RANKING)
    assert state["trick_no"] == 4
    state, _ = play(state, J, "green-2")
    state, events = play(state, H, "potion-4")
    assert state["last_trick"]["winner"] == H and "greed_triggered" in types(events)
    assert state["phase"] == "greed"
    assert all(len(a["cards"]) == 1 for a in ENGINE.legal_actions(state, J))
    state, _ = give(state, J, "greed_give", ["red-7"])
    state, events = give(state, H, "greed_give", ["purple-1"])
    assert ids("purple-1")[0] in state["hands"][J] and ids("red-7")[0] not in state["hands"][J]
    assert ids("red-7")[0] in state["hands"][H] and ids("purple-1")[0] not in state["hands"][H]
    assert len(state["hands"][J]) == len(state["hands"][H]) == 6
    assert {"type": "greed_exchanged", "count": 1} in events
    assert state["phase"] == "lead" and state["leader"] == H


def test_11_greed_on_the_tenth_trick_has_no_effect():
    state = table(hands=(["green-2"], ["potion-4"]), won=(5, 4), ranking=FULL_RANKING)
    assert state["trick_no"] == 10
    state, _ = play(state, J, "green-2")
    state, events = play(state, H, "potion-4")
    assert "greed_triggered" not in types(events)
    assert state["phase"] == "exchange" and state["round"] == 2


def test_12_potion_against_potion_has_no_effect_and_strength_decides():
    state = table(hands=(["potion-2", "red-1"], ["potion-5", "green-4"]), won=(1, 1), ranking=FULL_RANKING)
    state, _ = play(state, J, "potion-2", "red")
    state, events = play(state, H, "potion-5")
    assert state["last_trick"]["winner"] == H and state["last_trick"]["effect"] is None
    assert state["ranking"] == FULL_RANKING and [len(pile) for pile in state["won"]] == [1, 2]
    assert state["phase"] == "lead"
    assert types(events) == ["card_played", "trick_won"]


def test_13_marker_moves_by_the_difference_and_jekyll_survives_round_three():
    state, events = finish_round(new_table(), 6, 4)
    assert state["marker"] == 2 and state["round"] == 2 and state["phase"] == "exchange"
    assert {"type": "evil_spread", "round": 1, "tricks": {"jekyll": 6, "hyde": 4}, "diff": 2, "marker": 2} in events
    state, _ = ENGINE.advance(state, state["deadlines"][0])  # both exchanges by timeout
    assert state["leader"] == J
    state, _ = finish_round(state, 2, 8)
    assert state["marker"] == 8 and state["round"] == 3
    state, _ = ENGINE.advance(state, state["deadlines"][0])
    assert state["leader"] == H
    state, events = finish_round(state, 5, 5)
    result = ENGINE.result(state)
    assert state["phase"] == "game_over" and state["marker"] == 8
    assert result["winner_seat"] == J and result["winner_role"] == "jekyll"
    assert result["reason"] == "jekyll_survived" and result["rounds_played"] == 3
    assert result == {
        "winners": [J],
        "scores": {"0": 1, "1": 0},
        "ranking": [J, H],
        "winner_seat": J,
        "winner_role": "jekyll",
        "reason": "jekyll_survived",
        "marker": 8,
        "rounds_played": 3,
    }
    assert "game_over" in types(events)


def test_14_hyde_wins_at_once_when_the_marker_overshoots_the_end():
    state = new_table()
    state.update(round=2, marker=4)
    rng_before = state["rng"]
    state, _ = finish_round(state, 1, 9)
    result = ENGINE.result(state)
    assert state["marker"] == 10 and state["phase"] == "game_over" and state["round"] == 2
    assert result["winner_seat"] == H and result["reason"] == "marker_reached_end"
    assert result["rounds_played"] == 2
    assert state["rng"] == rng_before  # no round 3 deal


def test_15_a_whitewash_in_round_one_wins_for_hyde():
    state, _ = finish_round(new_table(), 10, 0)
    result = ENGINE.result(state)
    assert state["marker"] == 10 and result["winner_seat"] == H and result["rounds_played"] == 1


def test_16_return_match_swaps_roles_and_the_better_hyde_wins():
    state = new_table(match_mode="return_match")
    state.update(round=3, marker=8)
    state, events = finish_round(state, 5, 5)
    assert types(events)[-3:] == ["game_over", "game_started", "round_started"]
    assert ENGINE.result(state) is None
    assert state["match"]["hyde_score"] == [None, 8] and state["match"]["hyde_rounds"] == [None, 3]
    assert state["roles"] == {"jekyll": H, "hyde": J}
    assert state["marker"] == 0 and state["round"] == 1 and state["phase"] == "exchange"
    assert state["match"]["game_index"] == 2
    state.update(round=3, marker=8)
    state, _ = finish_round(state, 4, 6)
    result = ENGINE.result(state)
    assert state["phase"] == "match_over"
    assert result["hyde_score"] == {"0": 10, "1": 8} and result["hyde_rounds"] == {"0": 3, "1": 3}
    assert result["winner_seat"] == J and result["winners"] == [J] and result["ranking"] == [J, H]
    assert result["scores"] == {"0": 10, "1": 8}
    assert [game["winner_role"] for game in result["games"]] == ["jekyll", "hyde"]
    assert set(result) == {"winners", "scores", "ranking", "winner_seat", "hyde_score", "hyde_rounds", "games"}


def second_game(game_one_score: int, game_one_rounds: int, round: int, marker: int) -> dict:
    """Game 2 of a return match (seat 0 Hyde), game 1 already scored for seat 1."""
    state = new_table(match_mode="return_match")
    state["match"].update(game_index=2, hyde_score=[None, game_one_score], hyde_rounds=[None, game_one_rounds])
    state.update(roles={"jekyll": H, "hyde": J}, round=round, marker=marker)
    return state


def test_17a_equal_hyde_scores_of_ten_go_to_the_faster_hyde():
    state, _ = finish_round(second_game(10, 2, round=3, marker=4), 2, 8)
    result = ENGINE.result(state)
    assert result["hyde_score"] == {"0": 10, "1": 10} and result["hyde_rounds"] == {"0": 3, "1": 2}
    assert result["winner_seat"] == H and result["winners"] == [H] and result["ranking"] == [H, J]


def test_17b_both_hydes_reaching_the_end_in_round_three_draw():
    state, _ = finish_round(second_game(10, 3, round=3, marker=4), 2, 8)
    result = ENGINE.result(state)
    assert result["winner_seat"] is None and result["winners"] == [0, 1] and result["ranking"] == [0, 1]


def test_17c_equal_hyde_scores_below_ten_draw():
    state, _ = finish_round(second_game(6, 3, round=3, marker=4), 4, 6)
    result = ENGINE.result(state)
    assert result["hyde_score"] == {"0": 6, "1": 6}
    assert result["winner_seat"] is None and result["winners"] == [0, 1]


def test_18a_follow_timeout_plays_the_lowest_legal_card():
    state = table(hands=(["red-3", "green-1"], ["purple-2", "red-5", "red-6", "potion-4"]), ranking=FULL_RANKING)
    state, _ = play(state, J, "red-3", now_ms=1000)
    due = ENGINE.next_deadline(state)
    assert due == 1000 + 40_000
    state, events = ENGINE.advance(state, due)
    assert events[0] == {"type": "timeout", "seat": H}
    assert {"type": "card_played", "seat": H, "card": ids("red-5")[0], "named_color": None} in events


def test_18b_exchange_timeout_gives_the_lowest_potion_then_the_lowest_cards():
    state = exchange_table(["purple-1", "red-2", "potion-3", "potion-5"], round=2, marker=2)
    assert auto_action(state, J) == {"type": "exchange_cards", "cards": ids("potion-3", "purple-1")}
    state, events = ENGINE.advance(state, ENGINE.next_deadline(state))
    assert {"type": "timeout", "seat": J} in events
    assert set(ids("potion-3", "purple-1")) <= set(state["hands"][H])


def test_18c_a_second_exchange_from_the_same_seat_is_already_submitted():
    state = exchange_table()
    state, _ = give(state, J, "exchange_cards", ["purple-1"])
    refused("already_submitted", give, state, J, "exchange_cards", ["purple-2"])
