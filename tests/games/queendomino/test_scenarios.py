"""The acceptance scenarios of queendomino.md §9, one test each, named for the rule."""

from __future__ import annotations

import random

from dorhami.games.queendomino.components import index
from dorhami.games.queendomino.rules import ENGINE

from .tables import (
    act,
    buy,
    choose,
    end_round,
    fill_except,
    new_table,
    place,
    put_building,
    put_halves,
    put_tile,
    refusal,
    table,
    turn_of,
    types,
)


def cell_at(state, seat, at):
    return state["boards"][seat][index(*at)]


# 1
def test_setup_trims_the_pile_reveals_a_sorted_display_and_opens_the_market():
    state = new_table(3)
    assert len(state["pile"]) + len(state["display"]) == 40 and len(state["removed"]) == 8
    tiles = [entry["tile"] for entry in state["display"]]
    assert len(tiles) == 5 and tiles == sorted(tiles)
    seen = ENGINE.view(state, None)
    assert seen["draw_pile_size"] == 35 and seen["removed_count"] == 8
    assert state["gold"] == [7, 7, 7]
    tops = {colour: pile["top"] for colour, pile in seen["market"].items()}
    assert tops == {
        "red": {"id": "red-01", "colour": "red", "price": 2, "value": 2},
        "yellow": {"id": "yellow-01", "colour": "yellow", "price": 2, "value": 1},
        "blue": {"id": "blue-01", "colour": "blue", "price": 2, "value": 2},
    }
    two = new_table(2, display_extra=1)
    assert len(two["pile"]) + len(two["display"]) == 24 and len(two["removed"]) == 24
    assert len(two["display"]) == 3


# 2
def test_draft_order_of_the_next_round_ascends_by_the_tiles_chosen():
    state = table(3, order=[0, 1, 2], display=[7, 22, 31, 40, 41])
    for seat, tile in ((0, 31), (1, 7), (2, 22)):
        state, _ = choose(state, seat, tile)
        state, _ = act(state, seat, ENGINE.legal_actions(state, seat)[0])  # the first legal placement
        if state["phase"] == "build" and state["current"] == seat:
            state, events = act(state, seat, {"type": "end_turn"})
    assert state["round"] == 2 and state["order"] == [1, 2, 0]
    assert state["current"] == 1 and state["phase"] == "choose"


# 3
def test_a_placement_must_be_on_the_board_adjacent_empty_and_connected():
    state = turn_of(table(), 0, "place", 5)
    assert refusal(state, 0, {"type": "place_tile", "cell_a": [0, 0], "cell_b": [0, 1]}) == "not_connected"
    assert refusal(state, 0, {"type": "place_tile", "cell_a": [2, 2], "cell_b": [1, 2]}) == "cell_occupied"
    assert refusal(state, 0, {"type": "place_tile", "cell_a": [4, 4], "cell_b": [4, 5]}) == "off_board"
    assert refusal(state, 0, {"type": "place_tile", "cell_a": [1, 2], "cell_b": [3, 2]}) == "cells_not_adjacent"
    state, events = place(state, 0, [1, 2], [0, 2])
    assert cell_at(state, 0, [1, 2])["terrain"] == cell_at(state, 0, [0, 2])["terrain"] == "mine"
    assert events[0]["type"] == "tile_placed"


# 4
def test_terrain_matching_variant_needs_the_castle_or_a_tile_of_the_same_terrain():
    for matching in (False, True):
        state = put_tile(turn_of(table(terrain_matching=matching), 0, "place", 2), 0, 1, [1, 2], [0, 2])
        if matching:
            assert refusal(state, 0, {"type": "place_tile", "cell_a": [0, 3], "cell_b": [0, 4]}) == "terrain_mismatch"
            after, _ = place(state, 0, [2, 3], [2, 4])
            assert cell_at(after, 0, [2, 3])["terrain"] == "forest"
        else:
            after, _ = place(state, 0, [0, 3], [0, 4])
            assert cell_at(after, 0, [0, 4])["terrain"] == "forest"


# 5
def gold_table(tile: int) -> dict:
    state = table(order=[1, 0], display=[13, 25, 27, 40])
    put_building(state, 1, "red", 1, [0, 0])
    put_building(state, 1, "red", 2, [1, 3])
    put_building(state, 1, "yellow", 1, [0, 1])
    state["gold"][1] = 3
    return turn_of(state, 1, "place", tile)


def test_a_gold_half_pays_one_per_building_of_its_colour_already_built():
    for tile, gold, gained in ((27, 5, 2), (25, 4, 1), (13, 3, 0)):
        state, events = place(gold_table(tile), 1, [1, 2], [0, 2])
        assert state["gold"][1] == gold and events[0]["gold_gained"] == gained
    state = fill_except(gold_table(None), 1, [[0, 2], [4, 4]])
    state["phase"] = "choose"
    state, events = choose(state, 1, 27)
    assert "tile_discarded" in types(events) and state["gold"][1] == 3


# 6
def test_red_building_scores_value_times_red_squares_at_once_and_never_again():
    state = table()
    state["bought"]["red"] = 3
    put_tile(state, 0, 5, [1, 2], [0, 2])
    put_tile(state, 0, 15, [2, 3], [2, 4])
    state["gold"][0] = 6
    turn_of(state, 0, "build")
    state, events = buy(state, 0, "red", [0, 0])
    assert state["red_points"][0] == 12 and state["gold"][0] == 3
    assert events[0] == {
        "type": "building_bought",
        "seat": 0,
        "card": "red-04",
        "cell": [0, 0],
        "price": 3,
        "points": 12,
    }
    assert state["current"] == 1 and "turn_ended" in types(events)
    turn_of(state, 0, "place", 11)
    state, _ = place(state, 0, [3, 2], [4, 2])
    assert state["red_points"][0] == 12


# 7
def test_a_building_needs_gold_an_empty_plot_of_its_colour_and_one_per_turn():
    state = table()
    state["bought"]["red"] = 9
    state["gold"][0] = 4
    put_tile(state, 0, 3, [1, 4], [2, 4])
    turn_of(state, 0, "build")
    assert refusal(state, 0, {"type": "buy_building", "colour": "red", "cell": [0, 0]}) == "insufficient_gold"
    assert refusal(state, 0, {"type": "buy_building", "colour": "yellow", "cell": [0, 0]}) == "wrong_plot_colour"
    assert refusal(state, 0, {"type": "buy_building", "colour": "yellow", "cell": [1, 4]}) == "cell_occupied"
    state, _ = buy(state, 0, "yellow", [0, 1])
    assert state["gold"][0] == 2 and cell_at(state, 0, [0, 1])["building"] == "yellow-01"
    assert refusal(state, 0, {"type": "buy_building", "colour": "yellow", "cell": [4, 3]}) == "not_your_turn"


# 8
def test_yellow_buildings_score_their_values_times_yellow_squares_at_the_end():
    state = table(3)
    put_halves(state, 2, "field", [[1, 2], [0, 2], [2, 1], [2, 3], [3, 2]])
    put_building(state, 2, "yellow", 7, [0, 1])
    put_building(state, 2, "yellow", 1, [1, 4])
    state, _ = end_round(state, final=True)
    assert state["result"]["breakdown"]["2"]["yellow"] == (2 + 1) * (5 + 2) == 21


# 9
def test_blue_buildings_score_their_count_times_their_values_at_the_end():
    state = table()
    put_halves(state, 0, "water", [[1, 2], [2, 1], [2, 3], [3, 2]])
    for number, at in ((1, [0, 2]), (7, [1, 0]), (13, [3, 4])):
        put_building(state, 0, "blue", number, at)
    state, _ = end_round(state, final=True)
    assert state["result"]["breakdown"]["0"]["blue"] == 3 * (2 + 3 + 4) == 27


# 10
def tile_points_table(**config) -> dict:
    state = table(**config)
    put_tile(state, 0, 2, [2, 1], [1, 1])
    put_tile(state, 0, 37, [1, 0], [0, 0])
    put_tile(state, 0, 48, [3, 0], [2, 0])
    return state


def test_territories_score_cells_times_crowns():
    assert ENGINE.view(tile_points_table(), None)["breakdown"][0]["tile"] == 8 + 1 + 0
    state, _ = end_round(tile_points_table(), final=True)
    assert state["result"]["breakdown"]["0"]["tile"] == 9
    state, _ = end_round(tile_points_table(crown_scoring=False), final=True)
    assert state["result"]["breakdown"]["0"]["tile"] == 0


# 11
def king_bonus_after(counts, colour="green", players=3, buildings=()):
    state = table(players, king_colour=colour)
    terrain = {"green": "forest", "red": "mine"}[colour]
    ring = [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [1, 0], [1, 1]]
    for seat, count in enumerate(counts):
        put_halves(state, seat, terrain, ring[:count])
    for seat, at in buildings:
        put_building(state, seat, colour, 1, at)
    state, events = end_round(state)
    return state, next(event for event in events if event["type"] == "king_bonus")


def test_king_bonus_goes_to_a_sole_maximum_and_a_tie_gives_nobody():
    state, event = king_bonus_after([5, 5, 3])
    assert event == {"type": "king_bonus", "counts": [5, 5, 3], "seat": None} and state["king_points"] == [0, 0, 0]
    state, event = king_bonus_after([6, 5, 3])
    assert event["seat"] == 0 and state["king_points"] == [1, 0, 0]
    state, event = king_bonus_after([2, 3, 0], colour="red", buildings=[(0, [4, 4])])
    assert event["counts"] == [3, 3, 0] and event["seat"] is None
    state, event = king_bonus_after([0, 0], players=2)
    assert event["seat"] is None and state["king_points"] == [0, 0]


# 12
def test_an_unplaceable_tile_is_discarded_with_the_penalty():
    state = fill_except(table(display=[10, 20, 30, 40]), 0, [[0, 0], [0, 2], [4, 4]])
    state, events = choose(state, 0, 20)
    assert state["discarded"] == [{"tile": 20, "reason": "unplaceable", "seat": 0, "round": 1}]
    assert state["discards"][0] == 1 and state["phase"] == "build" and state["current"] == 0
    assert {"type": "tile_discarded", "seat": 0, "tile": 20, "penalty": -5} in events
    poor = fill_except(table(display=[10, 20, 30, 40]), 0, [[0, 0], [0, 2], [4, 4]])
    poor["gold"][0] = 0
    poor, events = choose(poor, 0, 20)
    assert poor["current"] == 1 and poor["phase"] == "choose" and types(events)[-1] == "turn_ended"
    for penalty, expected in ((5, -5), (0, 0)):
        state = fill_except(table(display=[10, 20, 30, 40], unplaceable_penalty=penalty), 0, [[0, 0], [0, 2], [4, 4]])
        state, _ = choose(state, 0, 20)
        state, _ = end_round(state, final=True)
        assert state["result"]["breakdown"]["0"]["penalty"] == expected


# 13
def test_a_turn_ends_by_itself_when_no_purchase_is_affordable():
    state = table(order=[1, 0], display=[5, 20, 30, 40])
    state["gold"][1] = 1
    state = turn_of(state, 1, "place", 5)
    state, events = place(state, 1, [1, 2], [0, 2])
    assert types(events) == ["tile_placed", "turn_ended"]
    assert state["current"] == 0 and state["phase"] == "choose"


# 14
def play_out(players: int, seed: int) -> tuple[dict, int]:
    rng = random.Random(seed)
    state = new_table(players, seed)
    rounds = 1
    while state["result"] is None:
        seat = state["current"]
        state, events = act(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
        rounds += types(events).count("round_started")
    return state, rounds


def test_the_game_lasts_the_configured_rounds_and_uses_every_drawn_tile():
    state, rounds = play_out(4, 11)
    assert rounds == 8 and all(len(tiles) == 8 for tiles in state["chosen_tiles"])
    assert sum(entry["reason"] == "neutral" for entry in state["discarded"]) == 16
    assert state["removed"] == [] and state["pile"] == []
    state, rounds = play_out(2, 12)
    assert rounds == 8 and sum(entry["reason"] == "neutral" for entry in state["discarded"]) == 16
    assert len(state["removed"]) == 16 and state["pile"] == []


def test_a_finished_game_lists_each_tile_once_its_last_display_only_the_chosen_tiles():
    state, _ = play_out(2, 12)
    view = ENGINE.view(state, None)
    shown = [entry["tile"] for entry in view["display"]]
    discarded = {entry["tile"] for entry in view["discarded"]}
    assert shown and all(entry["seat"] is not None for entry in view["display"])
    assert discarded.isdisjoint(shown)
    assert len(shown) == 2  # one king each in the last round


# 15
def test_timeout_chooses_the_lowest_tile_places_it_canonically_and_ends_the_turn():
    state = table(order=[0, 1], display=[3, 17, 30, 44], now_ms=5_000)
    started = state["turn_started_ms"]
    same, events = ENGINE.advance(state, started + 89_999)
    assert events == [] and same is state
    state, events = ENGINE.advance(state, started + 90_000)
    assert events[0] == {"type": "turn_timed_out", "seat": 0}
    assert state["chosen_tiles"][0] == [3]
    assert cell_at(state, 0, [0, 2]) == {"terrain": "water", "symbol": None, "tile": 3, "half": "a"}
    assert cell_at(state, 0, [1, 2])["half"] == "b"
    assert not any(isinstance(c, dict) and "building" in c for c in state["boards"][0])
    assert state["current"] == 1 and state["phase"] == "choose"


# 16
def test_the_score_adds_tiles_red_yellow_blue_king_and_the_discard_penalty():
    state = tile_points_table()
    put_halves(state, 0, "field", [[4, 0], [4, 1], [4, 2], [3, 1]])
    put_building(state, 0, "yellow", 7, [0, 1])
    put_building(state, 0, "yellow", 1, [1, 4])
    state["red_points"][0], state["king_points"][0], state["discards"][0] = 12, 2, 1
    state["king_colour"] = "purple"
    state, _ = end_round(state, final=True)
    parts = state["result"]["breakdown"]["0"]
    assert (parts["tile"], parts["red"], parts["yellow"], parts["blue"], parts["king"], parts["penalty"]) == (
        9,
        12,
        21,
        0,
        2,
        -5,
    )
    assert state["result"]["scores"]["0"] == 39


# 17
def final_scores(golds) -> dict:
    state = table(3, king_colour="purple")
    state["red_points"] = [45, 45, 40]
    state["gold"] = list(golds)
    state, _ = end_round(state, final=True)
    return state["result"]


def test_a_score_tie_goes_to_more_gold_then_is_shared():
    result = final_scores([3, 1, 0])
    assert result["winners"] == [0] and result["ranking"] == [0, 1, 2]
    assert result["ranks"] == {"0": 1, "1": 2, "2": 3}
    result = final_scores([3, 3, 0])
    assert result["winners"] == [0, 1] and result["ranking"] == [0, 1, 2]
    assert result["ranks"] == {"0": 1, "1": 1, "2": 3}


# 18
def test_unavailable_tiles_other_seats_and_finished_games_are_refused():
    state = table(order=[0, 1], display=[3, 17, 30, 44])
    assert refusal(state, 0, {"type": "choose_tile", "tile": 5}) == "tile_not_available"
    assert refusal(state, 1, {"type": "choose_tile", "tile": 3}) == "not_your_turn"
    state, _ = choose(state, 0, 3)
    state, _ = act(state, 0, ENGINE.legal_actions(state, 0)[0])
    state, _ = act(state, 0, {"type": "end_turn"})
    assert refusal(state, 1, {"type": "choose_tile", "tile": 3}) == "tile_not_available"
    assert refusal(state, 0, {"type": "end_turn"}) == "not_your_turn"
    finished, _ = end_round(table(), final=True)
    assert refusal(finished, finished["order"][0], {"type": "end_turn"}) == "game_over"


# 19
def test_no_view_or_event_before_the_end_shows_a_pile_or_removed_tile():
    rng = random.Random(3)
    state = new_table(2, 3)
    revealed = {entry["tile"] for entry in state["display"]}
    while state["result"] is None:
        seat = state["current"]
        state, events = act(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
        revealed |= {entry["tile"] for entry in state["display"]}
        secret = set(state["pile"]) | set(state["removed"])
        assert not secret & revealed
        for viewer in (None, 0, 1):
            seen = ENGINE.view(state, viewer)
            assert "pile" not in seen and "removed" not in seen
            assert seen["draw_pile_size"] == len(state["pile"]) and seen["removed_count"] == len(state["removed"])
            assert tile_numbers(seen) <= revealed
        if state["result"] is None:
            assert tile_numbers(events) <= revealed


def tile_numbers(value) -> set[int]:
    """Every number held under a tile-bearing key (tile, tiles, display, current_tile, chosen_tiles)."""
    found: set[int] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "breakdown":
                continue  # its "tile" is the tile points, not a tile number
            if key in ("tile", "current_tile") and isinstance(item, int):
                found.add(item)
            elif key in ("tiles", "display", "chosen_tiles"):
                found |= numbers_in(item)
            else:
                found |= tile_numbers(item)
    elif isinstance(value, list):
        for item in value:
            found |= tile_numbers(item)
    return found


def numbers_in(value) -> set[int]:
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, dict):
        return numbers_in(value.get("tile"))
    if isinstance(value, list):
        return set().union(*map(numbers_in, value)) if value else set()
    return set()


# 20
def test_blue_counts_only_the_seat_s_own_blue_buildings():
    state = table()
    put_building(state, 0, "blue", 1, [0, 2])
    put_building(state, 1, "blue", 2, [0, 2])
    put_building(state, 1, "blue", 3, [1, 0])
    state, _ = end_round(state, final=True)
    assert state["result"]["breakdown"]["0"]["blue"] == 2
    assert state["result"]["breakdown"]["1"]["blue"] == 2 * (2 + 2) == 8
