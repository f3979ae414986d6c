"""§4.7: every refusal code, checked in the listed order, never changing the state."""

from __future__ import annotations

import pytest

from dorhami.games.queendomino.rules import ENGINE

from .tables import act, end_round, put_building, put_tile, refusal, table, turn_of

PLACE = "place_tile"


def place_action(a, b):
    return {"type": PLACE, "cell_a": a, "cell_b": b}


@pytest.mark.parametrize(
    "action",
    [
        {"type": "choose_tile"},
        {"type": "choose_tile", "tile": "3"},
        {"type": "choose_tile", "tile": True},
        {"type": PLACE, "cell_a": [0, 0]},
        {"type": PLACE, "cell_a": [0], "cell_b": [0, 1]},
        {"type": PLACE, "cell_a": [0, 0.5], "cell_b": [0, 1]},
        {"type": "buy_building", "cell": [0, 0]},
        {"type": "buy_building", "colour": "red", "cell": "a1"},
        {"type": "knight"},
    ],
)
def test_a_malformed_or_unknown_action_is_unknown_action(action):
    assert refusal(table(), 0, action) == "unknown_action"


def test_unknown_action_comes_before_game_over():
    finished, _ = end_round(table(), final=True)
    assert refusal(finished, 0, {"type": "choose_tile"}) == "unknown_action"
    assert refusal(finished, 0, {"type": "choose_tile", "tile": 3}) == "game_over"


def test_game_over_comes_before_not_your_turn():
    finished, _ = end_round(table(), final=True)
    assert refusal(finished, 5, {"type": "end_turn"}) == "game_over"


@pytest.mark.parametrize("seat", [1, -1, 2, None])
def test_any_seat_but_the_current_one_gets_not_your_turn(seat):
    assert refusal(table(order=[0, 1]), seat, {"type": "end_turn"}) == "not_your_turn"


def test_not_your_turn_comes_before_wrong_phase():
    state = table(order=[0, 1])
    assert refusal(state, 1, place_action([9, 9], [0, 0])) == "not_your_turn"


@pytest.mark.parametrize(
    "phase, action",
    [
        ("choose", {"type": "end_turn"}),
        ("choose", place_action([1, 2], [0, 2])),
        ("place", {"type": "choose_tile", "tile": 3}),
        ("build", place_action([1, 2], [0, 2])),
        ("place", {"type": "buy_building", "colour": "red", "cell": [0, 0]}),
    ],
)
def test_an_action_of_another_phase_is_wrong_phase(phase, action):
    state = turn_of(table(order=[0, 1], display=[3, 17, 30, 44]), 0, phase, 3 if phase == "place" else None)
    assert refusal(state, 0, action) == "wrong_phase"


def test_wrong_phase_comes_before_tile_not_available():
    state = turn_of(table(order=[0, 1], display=[3, 17, 30, 44]), 0, "place", 3)
    assert refusal(state, 0, {"type": "choose_tile", "tile": 99}) == "wrong_phase"


def test_a_tile_outside_the_display_or_already_chosen_is_tile_not_available():
    state = table(order=[0, 1], display=[3, 17, 30, 44])
    state["display"][1]["seat"] = 1
    assert refusal(state, 0, {"type": "choose_tile", "tile": 17}) == "tile_not_available"
    assert refusal(state, 0, {"type": "choose_tile", "tile": 48}) == "tile_not_available"


def placing(**config):
    return turn_of(table(order=[0, 1], display=[3, 17, 30, 44], **config), 0, "place", 17)


def test_placement_checks_run_off_board_adjacent_occupied_connected_terrain_in_order():
    state = placing(terrain_matching=True)
    put_tile(state, 0, 1, [1, 2], [0, 2])
    assert refusal(state, 0, place_action([-1, 0], [2, 2])) == "off_board"  # also not adjacent
    assert refusal(state, 0, place_action([2, 2], [0, 0])) == "cells_not_adjacent"  # also occupied
    assert refusal(state, 0, place_action([0, 2], [0, 3])) == "cell_occupied"  # touches a tile
    assert refusal(state, 0, place_action([4, 0], [4, 1])) == "not_connected"
    assert refusal(state, 0, place_action([0, 3], [0, 4])) == "terrain_mismatch"


def test_buildings_do_not_connect_a_tile():
    state = placing()
    put_building(state, 0, "red", 1, [0, 0])
    assert refusal(state, 0, place_action([0, 1], [1, 1])) == "not_connected"


def test_terrain_mismatch_only_applies_with_terrain_matching():
    state = placing()
    put_tile(state, 0, 1, [1, 2], [0, 2])
    act(state, 0, place_action([0, 3], [0, 4]))


def building(gold=7, **bought):
    state = turn_of(table(order=[0, 1], display=[3, 17, 30, 44]), 0, "build")
    state["gold"][0] = gold
    state["bought"].update(bought)
    return state


def buy_action(colour, at):
    return {"type": "buy_building", "colour": colour, "cell": at}


def test_purchase_checks_run_off_board_occupied_colour_pile_gold_plot_in_order():
    state = building(gold=4, blue=16, red=9)
    assert refusal(state, 0, buy_action("green", [5, 0])) == "off_board"
    assert refusal(state, 0, buy_action("green", [2, 2])) == "cell_occupied"
    assert refusal(state, 0, buy_action("green", [0, 3])) == "not_a_building_colour"
    assert refusal(state, 0, buy_action("castle", [0, 3])) == "not_a_building_colour"
    assert refusal(state, 0, buy_action("blue", [0, 3])) == "pile_empty"
    assert refusal(state, 0, buy_action("red", [0, 3])) == "insufficient_gold"
    assert refusal(state, 0, buy_action("yellow", [0, 3])) == "wrong_plot_colour"


def test_an_empty_pile_leaves_the_market_and_the_legal_purchases():
    state = building(blue=16)
    assert all(a.get("colour") != "blue" for a in ENGINE.legal_actions(state, 0))
    assert ENGINE.view(state, 0)["market"]["blue"] == {"top": None, "remaining": []}


def test_a_cell_outside_rows_and_cols_0_to_4_is_off_board():
    assert refusal(placing(), 0, place_action([1, 2], [1, 5])) == "off_board"
    assert refusal(building(), 0, buy_action("red", [-1, 0])) == "off_board"


def test_two_cells_that_are_not_orthogonal_neighbours_are_cells_not_adjacent():
    assert refusal(placing(), 0, place_action([1, 1], [2, 0])) == "cells_not_adjacent"  # diagonal
    assert refusal(placing(), 0, place_action([1, 2], [1, 2])) == "cells_not_adjacent"  # the same cell


def test_the_castle_a_tile_or_a_building_makes_a_cell_occupied():
    state = put_building(put_tile(placing(), 0, 1, [1, 2], [0, 2]), 0, "red", 1, [1, 3])
    assert refusal(state, 0, place_action([2, 2], [2, 3])) == "cell_occupied"
    assert refusal(state, 0, place_action([0, 3], [0, 2])) == "cell_occupied"
    assert refusal(state, 0, place_action([1, 3], [1, 4])) == "cell_occupied"
    state = put_tile(building(), 0, 1, [1, 2], [0, 2])
    assert refusal(state, 0, buy_action("blue", [0, 2])) == "cell_occupied"


def test_a_tile_touching_neither_the_castle_nor_a_tile_is_not_connected():
    assert refusal(placing(), 0, place_action([0, 0], [1, 0])) == "not_connected"


def test_with_terrain_matching_a_tile_touching_only_other_terrains_is_terrain_mismatch():
    state = put_tile(placing(terrain_matching=True), 0, 1, [1, 2], [0, 2])  # field; tile 17 is forest|mountain
    assert refusal(state, 0, place_action([0, 1], [0, 0])) == "terrain_mismatch"


def test_a_colour_other_than_red_yellow_blue_is_not_a_building_colour():
    for colour in ("green", "purple", "grey", "RED", ""):
        assert refusal(building(), 0, buy_action(colour, [0, 3])) == "not_a_building_colour"


def test_buying_from_a_sold_out_pile_is_pile_empty():
    assert refusal(building(red=16), 0, buy_action("red", [0, 0])) == "pile_empty"


def test_a_top_card_dearer_than_the_seat_s_gold_is_insufficient_gold():
    assert refusal(building(gold=1), 0, buy_action("blue", [0, 2])) == "insufficient_gold"


def test_a_plot_of_another_printed_colour_is_wrong_plot_colour():
    assert refusal(building(), 0, buy_action("blue", [0, 0])) == "wrong_plot_colour"
    assert refusal(building(), 0, buy_action("red", [0, 3])) == "wrong_plot_colour"  # green: no buildings
