"""Outcome-deciding rules of double-connect.md that the rule-level mutants (bench/quality/mutants/
double_connect.py) found unpinned; each test names its section or decision, and its docstring the
mutant it kills. The full table: docs/rules-pinned/double-connect.md."""

from __future__ import annotations

from dorhami.games.double_connect.components import common
from dorhami.games.double_connect.rules import ENGINE

from .conftest import build_table, claim, finished_table, of_type, ranks


def right(state: dict, seat: int, card: int, target: int, t: int):
    return claim(state, seat, card, target, common(card, target), t)


def test_5_team_tie_break_2_is_the_earliest_emptied_member_of_any_team():
    """Equal totals: the team whose member emptied a hand first wins, even when the other team's
    only emptied member was out before this team's second one (mutant team_tie_by_latest_emptied_member)."""
    teams = {"mode": "teams", "team_size": 3}  # team 0 = seats {0, 2, 4}, team 1 = {1, 3, 5}
    state = finished_table(
        cards=[0, 0, 0, 1, 2, 1], wrong=[0] * 6, emptied={0: 20000, 1: 25000, 2: 28000}, config=teams
    )
    table = {row["team"]: (row["total"], row["rank"]) for row in ENGINE.result(state)["teams"]}
    assert table == {0: (2, 1), 1: (2, 2)}
    assert ENGINE.result(state)["winners"] == [0, 2, 4]


def test_d12_a_second_empty_hand_in_the_final_chance_opens_no_new_window():
    """One final chance, after the first empty hand only: a hand emptied during it neither moves
    final_deadline nor announces a new window, and the game ends at the first deadline (mutant
    final_chance_given_again_by_each_emptied_hand)."""
    state = build_table(hands=[[1], [8], [15, 16], [22, 23]])
    state, events = right(state, 0, 1, 0, 20000)
    assert state["phase"] == "final_chance" and state["final_deadline"] == 30000
    state, events = right(state, 1, 8, 1, 25000)
    assert {"type": "hand_emptied", "seat": 1, "t": 25000} in events
    assert of_type(events, "final_chance_started") == []
    assert (state["phase"], state["final_deadline"]) == ("final_chance", 30000)
    assert ENGINE.next_deadline(state) == 30000
    state, events = ENGINE.advance(state, 30000)
    assert (state["phase"], state["reason"], state["finished_at"]) == ("finished", "final_chance_over", 30000)
    assert ranks(state) == {0: 1, 1: 2, 2: 3, 3: 3}
