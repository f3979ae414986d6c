"""Rules the mutation run (bench/quality/mutation.py, docs/MUTATION.md) found unguarded: each test names the
jekyll-vs-hyde.md section it asserts, and the docstring names the mutants of rules.py it kills."""

from __future__ import annotations

import pytest

from dorhami.engine import IllegalAction
from dorhami.engine.contract import PRIVATE_TO
from dorhami.games.jekyll_vs_hyde.rules import ENGINE, auto_action

from .tables import FULL_RANKING, H, J, exchange_table, finish_round, give, ids, new_table, play, table


def refused_code(seat, action, state, now_ms=1):
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, seat, action, now_ms)
    return err.value.code


def return_match_game_two(game_one_score: int, game_one_rounds: int, round: int, marker: int) -> dict:
    """Game 2 of a return match (seat 0 Hyde), game 1 already scored for seat 1."""
    state = new_table(match_mode="return_match")
    state["match"].update(game_index=2, hyde_score=[None, game_one_score], hyde_rounds=[None, game_one_rounds])
    state.update(roles={"jekyll": H, "hyde": J}, round=round, marker=marker)
    return state


# -- §4.3 round_leader, D8: the sides of the track -----------------------------------------------


@pytest.mark.parametrize("jekyll_tricks, marker, leader", [(7, 4, J), (8, 6, H)])
def test_d8_round_two_is_led_by_the_side_the_marker_stands_on(jekyll_tricks, marker, leader):
    """Marker 4 is the last space of Jekyll's side, 6 is Hyde's (round_leader `<=` → `<`, `== 1` → `== 2`);
    the round_started event names the round and that leader (deal_round's leader and event keys)."""
    state, events = finish_round(new_table(), jekyll_tricks, 10 - jekyll_tricks)
    assert state["marker"] == marker and state["round"] == 2
    assert events[-1] == {"type": "round_started", "round": 2, "leader": leader}
    assert state["leader"] == leader


# -- §3, §4.3 exchange_cards ---------------------------------------------------------------------


def test_4_3_a_round_shows_trick_one_from_its_deal_through_its_exchange():
    """trick_no is 1 while the exchange is open and after it (deal_round trick_no None/2, exchange 2)."""
    state = new_table()
    assert ENGINE.view(state, J)["trick_no"] == 1
    for seat in (J, H):
        state, _ = ENGINE.apply(state, seat, auto_action(state, seat), 1)
    assert state["phase"] == "lead" and state["trick_no"] == 1


def test_4_3_the_second_exchange_submission_swaps_and_tells_each_seat_what_it_received():
    """The events of the closing submission, in order, and each seat's `received` in its view
    (exchange_cards `events =` and cards_exchanged keys, swap_cards received = None)."""
    state = exchange_table(["red-7"], ["green-5"])
    state, _ = give(state, J, "exchange_cards", ["red-7"])
    state, events = give(state, H, "exchange_cards", ["green-5"])
    assert events == [
        {"type": "exchange_submitted", "seat": H},
        {"type": "cards_received", "seat": J, "cards": ids("green-5"), PRIVATE_TO: [J]},
        {"type": "cards_received", "seat": H, "cards": ids("red-7"), PRIVATE_TO: [H]},
        {"type": "cards_exchanged", "count": 1},
    ]
    assert ENGINE.view(state, J)["received"] == ids("green-5")
    assert ENGINE.view(state, H)["received"] == ids("red-7")


def test_4_3_a_seat_outside_the_game_cannot_exchange():
    """§4.3 error order: a non-player is `not_your_turn` (check_submission's code mutants)."""
    state = exchange_table(["red-7"], ["green-5"])
    assert refused_code(2, {"type": "exchange_cards", "cards": ids("red-7")}, state) == "not_your_turn"


# -- §4.4 trick resolution -----------------------------------------------------------------------


def test_4_4_a_potion_trick_records_its_last_trick_and_event_in_full():
    """last_trick keeps the leader and the named colour; trick_won carries lead, follow and effect
    (resolve_trick key mutants)."""
    state = table(hands=(["potion-3"], ["purple-1", "red-2"]), ranking=FULL_RANKING, won=(1, 2))
    state, _ = play(state, J, "potion-3", "green")
    state, events = play(state, H, "purple-1")
    lead, follow = ids("potion-3", "purple-1")
    assert state["last_trick"] == {
        "lead": lead,
        "follow": follow,
        "winner": J,
        "effect": "pride",
        "leader": J,
        "named_color": "green",
    }
    assert {"type": "trick_won", "seat": J, "lead": lead, "follow": follow, "effect": "pride"} in events


# -- §4.6 timers ---------------------------------------------------------------------------------


def test_4_6_the_follow_timeout_action_is_a_plain_play_card():
    """auto_action for `follow` is {type, card, named_color: null} (its named_color key mutants)."""
    state = table(hands=(["red-3"], ["purple-2", "red-5", "red-6", "potion-4"]), ranking=FULL_RANKING)
    state, _ = play(state, J, "red-3")
    assert auto_action(state, H) == {"type": "play_card", "card": ids("red-5")[0], "named_color": None}


def test_4_6_seat_zero_acting_at_its_own_deadline_gets_wrong_phase():
    """Seat 0's late lead is refused like seat 1's (apply's `0 <= seat` → `1 <=` / `0 <`)."""
    state = table(hands=(["red-3", "red-4"], ["red-5"]))
    due = state["deadlines"][J]
    action = {"type": "play_card", "card": ids("red-4")[0], "named_color": None}
    assert refused_code(J, action, state, now_ms=due) == "wrong_phase"


def test_6_timeouts_are_offered_in_seconds_only_with_timers_on():
    """§6/§4.6: the lobby form shows the timeouts only when timers_enabled (config_options `when`)."""
    options = ENGINE.config_options()
    for key in ("exchange_timeout_s", "play_timeout_s", "greed_timeout_s"):
        assert options[key]["unit"] == "s" and options[key]["when"] == {"timers_enabled": [True]}


# -- §4.5 game end, §5.2 return match ------------------------------------------------------------


def test_4_5_a_hyde_win_by_seat_one_scores_seat_one():
    """The result of a game Hyde (seat 1) wins: scores and ranking name seat 0 as the loser
    (game_result `1 - winner` → `1 + winner`)."""
    state, _ = finish_round(new_table(), 10, 0)
    result = ENGINE.result(state)
    assert result["winners"] == [H] and result["scores"] == {"1": 1, "0": 0} and result["ranking"] == [H, J]


def test_5_2_return_match_events_announce_each_game_and_the_match():
    """game_over carries the game index and result, game_started index 2, match_over the result
    (end_game event key and value mutants)."""
    state = new_table(match_mode="return_match")
    state.update(round=3, marker=8)
    state, events = finish_round(state, 5, 5)
    game_one = state["match"]["games"][0]
    assert {"type": "game_over", "game_index": 1, "result": game_one} in events
    assert {"type": "game_started", "game_index": 2} in events
    state.update(round=3, marker=8)
    state, events = finish_round(state, 4, 6)
    assert {"type": "game_over", "game_index": 2, "result": state["match"]["games"][1]} in events
    assert events[-1] == {"type": "match_over", "result": ENGINE.result(state)}


def test_5_2_rule_1_a_higher_game_one_hyde_score_wins_for_seat_one():
    """Seat 1 scored 8 as Hyde, seat 0 only 6 (match_winner `or True`, `else 2`)."""
    state, _ = finish_round(return_match_game_two(8, 3, round=3, marker=4), 4, 6)
    result = ENGINE.result(state)
    assert result["hyde_score"] == {"0": 6, "1": 8}
    assert result["winner_seat"] == H and result["winners"] == [H] and result["ranking"] == [H, J]


def test_5_2_rule_2_seat_zero_reaching_ten_in_fewer_rounds_wins():
    """Both Hydes score 10, seat 0 in round 2 and seat 1 in round 3 (match_winner's rounds mutants)."""
    state, _ = finish_round(return_match_game_two(10, 3, round=2, marker=4), 2, 8)
    result = ENGINE.result(state)
    assert result["hyde_rounds"] == {"0": 2, "1": 3}
    assert result["winner_seat"] == J and result["winners"] == [J] and result["ranking"] == [J, H]


# -- issue 13's deliberate breaks outside rules.py (components' strength, D4's stolen trick) ------


def test_d2_a_led_potion_beats_the_colour_card_of_its_printed_number():
    """potion-3 is worth 3½ (strength 7) against red-3 (6), also when the potion leads: a comparison by
    printed number would tie and hand the trick to the follower."""
    state = table(hands=(["potion-3"], ["red-3", "purple-1"]), ranking=FULL_RANKING)
    state, _ = play(state, J, "potion-3", "green")
    state, _ = play(state, H, "red-3")
    assert state["last_trick"]["winner"] == J and state["last_trick"]["effect"] == "wrath"


def test_d4_pride_steals_the_loser_s_most_recent_trick():
    """The stolen trick is the last one the loser gained, not its first."""
    state = table(hands=(["potion-5"], ["purple-6", "red-1"]), ranking=FULL_RANKING, won=(0, 0), trick_no=4)
    older, newer = ids("red-2", "red-4"), ids("green-2", "green-4")
    state["won"] = [[older, newer], [ids("purple-2", "purple-3")]]
    state["leader"] = H
    state, _ = play(state, H, "purple-6")
    state, _ = play(state, J, "potion-5")
    assert state["won"][J] == [older]
    assert state["won"][H][-1] == newer and len(state["won"][H]) == 3
