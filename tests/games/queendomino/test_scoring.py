"""§5: the live breakdown in every view, the final result, ranks and negative scores."""

from __future__ import annotations

from dorhami.games.queendomino.rules import ENGINE

from .tables import buy, end_round, put_building, put_halves, put_tile, table, turn_of

PARTS = {"tile", "red", "yellow", "blue", "king", "penalty", "gold", "total"}


def test_the_view_shows_a_live_breakdown_per_seat_worked_out_on_the_current_board():
    state = table(king_colour="purple")
    put_tile(state, 0, 46, [1, 2], [0, 2])
    put_halves(state, 0, "field", [[2, 1]])
    put_building(state, 0, "yellow", 7, [0, 1])
    put_building(state, 0, "blue", 1, [1, 0])
    put_building(state, 0, "blue", 2, [3, 4])
    state["red_points"][0], state["king_points"][0], state["discards"][0] = 6, 1, 1
    live = ENGINE.view(state, 1)["breakdown"]  # yellow squares: the field half and the building itself
    assert set(live[0]) == PARTS
    assert live[0] == {
        "tile": 2,
        "red": 6,
        "yellow": 2 * (1 + 1),
        "blue": 2 * 4,
        "king": 1,
        "penalty": -5,
        "gold": 7,
        "total": 2 + 6 + 4 + 8 + 1 - 5,
    }
    assert live[1]["total"] == 0


def test_the_result_breakdown_equals_the_last_live_breakdown():
    state = table(king_colour="purple")
    put_tile(state, 1, 48, [1, 2], [0, 2])
    state["red_points"] = [3, 4]
    live = ENGINE.view(state, None)["breakdown"]
    state, _ = end_round(state, final=True)
    result = ENGINE.result(state)
    assert result["breakdown"] == {str(seat): live[seat] for seat in (0, 1)}
    assert result["scores"] == {"0": 3, "1": 6} and result["winners"] == [1]
    assert result["gold"] == {"0": 7, "1": 7} and ENGINE.view(state, 0)["result"] == result


def test_a_score_may_be_negative():
    state = table(king_colour="purple")
    state["discards"] = [3, 0]
    state, _ = end_round(state, final=True)
    assert state["result"]["scores"] == {"0": -15, "1": 0} and state["result"]["ranking"] == [1, 0]


def test_a_red_building_counts_itself_as_a_red_square():
    state = turn_of(table(), 0, "build")
    state, events = buy(state, 0, "red", [0, 0])
    assert events[0]["points"] == 2 * 1 and state["red_points"][0] == 2


def test_yellow_and_blue_purchases_score_nothing_at_once():
    for colour, at in (("yellow", [0, 1]), ("blue", [0, 2])):
        state, events = buy(turn_of(table(), 0, "build"), 0, colour, at)
        assert events[0]["points"] == 0 and state["red_points"][0] == 0


def test_buildings_split_territories_and_do_not_count_as_tile_cells():
    state = table()
    put_halves(state, 0, "forest", [[0, 0], [0, 2]])
    state["boards"][0][0] = {"terrain": "forest", "symbol": "crown", "tile": 46, "half": "a"}
    put_building(state, 0, "yellow", 1, [0, 1])
    assert ENGINE.view(state, None)["breakdown"][0]["tile"] == 1
    put_halves(state, 0, "forest", [[0, 1]])
    assert ENGINE.view(state, None)["breakdown"][0]["tile"] == 3


def test_every_seat_ties_on_score_and_gold_share_the_win_and_rank_one():
    state, _ = end_round(table(3, king_colour="purple"), final=True)
    result = state["result"]
    assert result["winners"] == [0, 1, 2] and result["ranks"] == {"0": 1, "1": 1, "2": 1}
    assert result["ranking"] == [0, 1, 2]
