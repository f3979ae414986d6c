"""Rules that rule-level mutants (bench/quality/mutants/jekyll_vs_hyde.py) found unpinned: each test names the
jekyll-vs-hyde.md section or decision it asserts; docs/rules-pinned/jekyll-vs-hyde.md maps every rule to its test."""

from __future__ import annotations

from dorhami.games.jekyll_vs_hyde.rules import ENGINE, auto_action

from .tables import FULL_RANKING, H, J, finish_round, ids, new_table, table


def test_4_5_d14_reaching_the_last_space_in_round_three_is_a_hyde_win():
    """§4.5 step 2 comes before step 3: marker 10 at the end of round 3 is Hyde's win, not Jekyll's survival."""
    state = new_table()
    state.update(round=3, marker=4)
    state, _ = finish_round(state, 2, 8)
    result = ENGINE.result(state)
    assert state["marker"] == 10 and result["winner_seat"] == H
    assert result["winner_role"] == "hyde" and result["reason"] == "marker_reached_end" and result["rounds_played"] == 3


def test_4_6_d19_a_timed_out_lead_of_a_potion_names_purple():
    """§4.6 lead: the lowest-id card; a potion (only when the hand holds potions alone) names purple."""
    state = table(hands=(["potion-3", "potion-5"], ["red-1", "green-2"]), won=(4, 4), ranking=FULL_RANKING)
    assert auto_action(state, J) == {"type": "play_card", "card": ids("potion-3")[0], "named_color": "purple"}
    state, _ = ENGINE.advance(state, ENGINE.next_deadline(state))
    assert state["trick"] == [{"seat": J, "card": ids("potion-3")[0], "named_color": "purple"}]


def test_4_5_a_new_round_starts_with_no_ranking_and_no_tricks():
    """§4.5 step 4: `ranking = []` and `won = {J: [], H: []}` for the next round, so round 2's spread counts
    round 2's tricks only and its first colour played ranks lowest again."""
    state, _ = finish_round(new_table(), 6, 4)
    assert state["round"] == 2 and state["marker"] == 2
    assert state["ranking"] == [] and state["won"] == [[], []]
    view = ENGINE.view(state, J)
    assert view["ranking"] == [] and view["tricks"] == [0, 0]


def test_5_2_d18_game_two_is_played_even_after_hyde_wins_game_one():
    """§5.2: "Game 2 is always played": a whitewash in game 1 records Hyde's 10 and deals game 2, roles swapped."""
    state, _ = finish_round(new_table(match_mode="return_match"), 0, 10)
    assert state["match"]["game_index"] == 2 and state["phase"] == "exchange" and ENGINE.result(state) is None
    assert state["match"]["hyde_score"] == [None, 10] and state["match"]["hyde_rounds"] == [None, 1]
    assert state["roles"] == {"jekyll": H, "hyde": J} and state["marker"] == 0
