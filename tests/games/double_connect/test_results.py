"""§5: results, scores, rankings and the result keys."""

from __future__ import annotations

import json

from dorhami.games.double_connect.rules import ENGINE, competition_ranks

from .conftest import build_table, finished_table


def test_no_result_while_the_game_runs(table):
    assert ENGINE.result(table) is None
    assert ENGINE.result(ENGINE.setup(2, 1, {})) is None


def test_result_has_winners_scores_ranking_reason_and_results_rows():
    state = finished_table(cards=[0, 2, 2, 3], wrong=[0, 1, 3, 0], emptied={0: 20000})
    result = ENGINE.result(state)
    assert set(result) == {"winners", "scores", "ranking", "reason", "results"}
    assert result["reason"] == "time_limit"
    assert result["results"][0] == {
        "seat": 0,
        "cards_left": 0,
        "wrong_claims": 0,
        "placed": 0,
        "emptied_at": [20000, 1],
        "rank": 1,
    }
    assert [row["seat"] for row in result["results"]] == result["ranking"]
    assert json.loads(json.dumps(result)) == result


def test_competition_ranking_shares_ranks_and_skips():
    assert competition_ranks([1, 2, 2, 4]) == [1, 2, 2, 4]
    assert competition_ranks([(1,), (0,), (1,), (0,)]) == [3, 1, 3, 1]


def test_solo_ties_in_cards_and_wrong_claims_share_a_rank():
    state = finished_table(cards=[2, 2, 1], wrong=[1, 1, 5])
    result = ENGINE.result(state)
    assert [row["rank"] for row in result["results"]] == [1, 2, 2]
    assert result["winners"] == [2] and result["ranking"] == [2, 0, 1]


def test_the_first_player_out_always_ranks_first_in_solo():
    state = finished_table(cards=[0, 0, 1], wrong=[9, 0, 0], emptied={0: 5000, 1: 6000})
    assert ENGINE.result(state)["ranking"] == [0, 1, 2]


def test_team_result_adds_teams_and_ranks_seats_by_their_teams_rank():
    state = finished_table(
        cards=[1, 0, 2, 2, 1, 1], wrong=[0, 0, 1, 0, 0, 0], emptied={1: 9000}, config={"mode": "teams", "team_size": 2}
    )
    result = ENGINE.result(state)
    assert result["teams"] == [
        {"team": 1, "seats": [1, 4], "total": 1, "wrong_claims": 0, "rank": 1},
        {"team": 0, "seats": [0, 3], "total": 3, "wrong_claims": 0, "rank": 2},
        {"team": 2, "seats": [2, 5], "total": 3, "wrong_claims": 1, "rank": 3},
    ]
    assert result["winners"] == [1, 4] and result["ranking"] == [1, 4, 0, 3, 2, 5]
    assert [row["rank"] for row in result["results"]] == [1, 1, 2, 2, 3, 3]


def test_team_with_an_emptied_member_beats_an_equal_total_without_one():
    state = finished_table(cards=[0, 1, 3, 2], wrong=[5, 0, 0, 0], emptied={0: 20000}, config={"mode": "teams"})
    assert ENGINE.result(state)["winners"] == [0, 2]


def test_game_finished_event_carries_reason_time_and_results():
    state = build_table()
    state, events = ENGINE.advance(state, 303000)
    (event,) = events
    assert event["type"] == "game_finished" and event["reason"] == "time_limit" and event["t"] == 303000
    assert event["results"] == ENGINE.result(state)["results"] and event["winners"] == [0, 1, 2, 3]
