"""Each config key of queendomino.md §6: its default, its validation and its effect."""

from __future__ import annotations

import random

import pytest

from dorhami.engine import IllegalAction
from dorhami.games.queendomino.components import COLOURS
from dorhami.games.queendomino.rules import ENGINE

from .tables import choose, end_round, fill_except, new_table, place, put_tile, table, turn_of


def test_default_config_lists_every_key_of_the_modes_table():
    assert ENGINE.default_config() == {
        "display_extra": 2,
        "rounds": 8,
        "starting_gold": 7,
        "crown_scoring": True,
        "terrain_matching": False,
        "unplaceable_penalty": 5,
        "king_colour": "random",
        "turn_seconds": 90,
    }


def test_config_options_describe_every_key_for_the_lobby_form():
    options = ENGINE.config_options()
    assert set(options) == set(ENGINE.default_config())
    assert options["display_extra"] == {"choices": [0, 1, 2]}
    assert options["rounds"] == {"min": 4, "max": 8}
    assert options["starting_gold"] == {"min": 0, "max": 20}
    assert options["unplaceable_penalty"] == {"min": 0, "max": 10}
    assert options["crown_scoring"] == options["terrain_matching"] == {"choices": [True, False]}
    assert options["king_colour"] == {"choices": ["random", *COLOURS]}
    assert 0 in options["turn_seconds"]["choices"] and 90 in options["turn_seconds"]["choices"]
    for key, option in options.items():
        for value in option.get("choices", [option.get("min"), option.get("max")]):
            ENGINE.validate_config({key: value})


@pytest.mark.parametrize(
    "bad",
    [
        {"display_extra": 3},
        {"display_extra": -1},
        {"display_extra": True},
        {"rounds": 3},
        {"rounds": 9},
        {"rounds": 8.0},
        {"starting_gold": -1},
        {"starting_gold": 21},
        {"crown_scoring": 1},
        {"terrain_matching": "yes"},
        {"unplaceable_penalty": 11},
        {"unplaceable_penalty": None},
        {"king_colour": "pink"},
        {"king_colour": 0},
        {"king_colour": ["red"]},
        {"turn_seconds": 19},
        {"turn_seconds": 601},
        {"turn_seconds": 1},
        {"turn_seconds": False},
        {"turn_seconds": "90"},
    ],
)
def test_a_value_outside_the_modes_table_is_invalid_config(bad):
    with pytest.raises(IllegalAction) as err:
        ENGINE.setup(2, 1, bad)
    assert err.value.code == "invalid_config"


def test_two_to_four_players_under_every_config():
    assert ENGINE.player_range(ENGINE.validate_config({})) == (2, 4)
    assert ENGINE.player_range(ENGINE.validate_config({"display_extra": 0, "rounds": 4})) == (2, 4)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("extra", [0, 1, 2])
def test_display_extra_shows_players_plus_extra_tiles(players, extra):
    state = new_table(players, display_extra=extra)
    assert len(state["display"]) == players + extra
    assert len(state["pile"]) + len(state["display"]) == 8 * (players + extra)
    assert len(state["removed"]) == 48 - 8 * (players + extra)


def test_rounds_sets_the_game_length_and_the_pile_size():
    state = new_table(3, rounds=4)
    assert len(state["pile"]) + len(state["display"]) == 4 * 5 and len(state["removed"]) == 28
    state, events = end_round(state, final=True)
    assert state["round"] == 4 and state["phase"] == "finished" and state["result"] is not None
    assert events[-1]["type"] == "game_ended"


def test_starting_gold_is_each_seat_s_gold_at_setup():
    assert new_table(3, starting_gold=0)["gold"] == [0, 0, 0]
    assert new_table(2, starting_gold=20)["gold"] == [20, 20]


def test_starting_gold_zero_means_no_build_step():
    state = turn_of(table(starting_gold=0, display=[5, 20, 30, 40]), 0, "place", 5)
    state, events = place(state, 0, [1, 2], [0, 2])
    assert state["current"] == 1 and events[-1]["type"] == "turn_ended"


def test_crown_scoring_off_gives_no_tile_points():
    for scoring, points in ((True, 2), (False, 0)):
        state = put_tile(table(crown_scoring=scoring), 0, 46, [1, 2], [0, 2])
        state, _ = end_round(state, final=True)
        assert state["result"]["breakdown"]["0"]["tile"] == points


def test_terrain_matching_changes_which_placements_are_listed():
    listed = {}
    for matching in (False, True):
        state = put_tile(turn_of(table(terrain_matching=matching), 0, "place", 2), 0, 1, [1, 2], [0, 2])
        listed[matching] = ENGINE.legal_actions(state, 0)
    move = {"type": "place_tile", "cell_a": [0, 3], "cell_b": [0, 4]}
    assert move in listed[False] and move not in listed[True]
    assert set(map(str, listed[True])) < set(map(str, listed[False]))


def test_terrain_matching_can_make_a_tile_unplaceable_that_fits_by_default():
    for matching, discarded in ((False, False), (True, True)):
        state = table(terrain_matching=matching, display=[2, 20, 30, 40])
        put_tile(state, 0, 1, [1, 2], [0, 2])
        put_tile(state, 0, 1, [2, 1], [2, 0])
        put_tile(state, 0, 1, [2, 3], [2, 4])
        put_tile(state, 0, 1, [3, 2], [4, 2])
        state, _ = choose(state, 0, 2)
        assert (state["discards"][0] == 1) is discarded


def test_unplaceable_penalty_is_the_points_lost_per_discard():
    for penalty in (0, 3, 10):
        state = fill_except(table(unplaceable_penalty=penalty, display=[10, 20, 30, 40]), 0, [[0, 0], [4, 4]])
        state, events = choose(state, 0, 10)
        assert events[1] == {"type": "tile_discarded", "seat": 0, "tile": 10, "penalty": -penalty}
        state, _ = end_round(state, final=True)
        assert state["result"]["breakdown"]["0"]["penalty"] == -penalty


@pytest.mark.parametrize("colour", COLOURS)
def test_king_colour_fixes_the_colour(colour):
    assert new_table(2, king_colour=colour)["king_colour"] == colour


def test_random_king_colour_is_drawn_after_the_shuffle_and_the_permutation():
    for seed in range(6):
        rng = random.Random(seed)
        tiles = list(range(1, 49))
        rng.shuffle(tiles)
        order = rng.sample(range(3), 3)
        state = new_table(3, seed)
        assert state["order"] == order and state["king_colour"] == rng.choice(COLOURS)
        assert sorted(tiles[:5]) == [entry["tile"] for entry in state["display"]]


def test_turn_seconds_sets_the_deadline_and_zero_turns_the_clock_off():
    assert ENGINE.next_deadline(new_table(2, now_ms=1_000, turn_seconds=20)) == 21_000
    assert ENGINE.next_deadline(new_table(2, now_ms=1_000)) == 91_000
    state = new_table(2, turn_seconds=0)
    assert ENGINE.next_deadline(state) is None and ENGINE.view(state, 0)["deadline"] is None
    later, events = ENGINE.advance(state, 10**9)
    assert events == [] and later is state


def test_an_unknown_config_key_is_refused():
    with pytest.raises(IllegalAction) as err:
        ENGINE.setup(2, 1, {"knights": True})
    assert err.value.code == "invalid_config"
