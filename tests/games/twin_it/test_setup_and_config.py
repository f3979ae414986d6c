"""Setup (§3), the config keys of §6 and the seat ranges per mode."""

from __future__ import annotations

from random import Random

import pytest

from dorhami.engine import IllegalAction
from dorhami.games.twin_it.components import PRESETS, all_faces, design_params
from dorhami.games.twin_it.rules import ENGINE

from .board import seed_with_first

PILE_SIZES = {  # §3 table, from the first player clockwise
    2: ([68, 67], [66, 66]),
    3: ([45, 45, 45], [44, 44, 44]),
    4: ([34, 34, 34, 33], [33, 33, 33, 33]),
    5: ([27] * 5, [27, 27, 26, 26, 26]),
    6: ([23, 23, 23, 22, 22, 22], [22] * 6),
}


def reference_deal(rng: Random) -> tuple[list[int], list[int]]:
    """§3 steps 2–3 written out: faces shuffled until no card has the same design twice, then the order."""
    faces = all_faces()
    while True:
        rng.shuffle(faces)
        if all(faces[2 * i] != faces[2 * i + 1] for i in range(135)):
            break
    order = list(range(135))
    rng.shuffle(order)
    return faces, order


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("forbidden", [False, True])
def test_pile_sizes_follow_the_table_from_the_first_player(players, forbidden):
    config = {"forbidden_pattern": True, "previous_winner": 0} if forbidden else {}
    for seed in range(12):
        state = ENGINE.setup(players, seed, config)
        sizes = [len(state["piles"][(state["first"] + i) % players]) for i in range(players)]
        assert sizes == PILE_SIZES[players][forbidden]
        assert len(state["forbidden"]) == (3 if forbidden else 0)


def test_setup_draws_first_player_faces_and_order_in_that_order():
    seed, players = 99, 4
    rng = Random(seed)
    first = rng.randrange(players)
    faces, order = reference_deal(rng)
    state = ENGINE.setup(players, seed, {})
    assert state["first"] == first and state["faces"] == faces
    assert state["piles"][first][:2] == [order[0], order[players]]
    assert state["piles"][(first + 1) % players][0] == order[1]


def test_coop_draws_no_first_player_and_stacks_the_whole_stock_in_order():
    faces, order = reference_deal(Random(5))
    state = ENGINE.setup(1, 5, {"mode": "coop"})
    assert state["stock"] == order and state["piles"] == [[]] and state["first"] is None


def test_forbidden_cards_are_the_first_in_order_with_distinct_designs_of_multiplicity_two_or_more():
    state = ENGINE.setup(3, seed_with_first(3, 0), {"forbidden_pattern": True, "previous_winner": 2})
    designs = [state["faces"][2 * c] for c in state["forbidden"]]
    assert len(set(designs)) == 3 and all(d < 109 for d in designs)
    assert state["forbidden_designs"] == designs and state["previous_winner"] == 2


def test_previous_result_single_winner_becomes_the_previous_winner():
    previous = {"winners": [1], "scores": {}, "ranking": [1, 0], "previous_winner": 1}
    state = ENGINE.setup(3, 7, {"forbidden_pattern": True}, previous_result=previous)
    assert state["previous_winner"] == 1 and len(state["forbidden"]) == 3


def test_a_shared_previous_win_gives_no_forbidden_area():
    previous = {"winners": [0, 1], "scores": {}, "ranking": [0, 1], "previous_winner": None}
    state = ENGINE.setup(3, 7, {"forbidden_pattern": True}, previous_result=previous)
    assert state["previous_winner"] is None and state["forbidden"] == []


def test_without_forbidden_pattern_the_previous_winner_has_no_effect():
    state = ENGINE.setup(3, 7, {"previous_winner": 1})
    assert state["forbidden"] == [] and state["forbidden_designs"] == []


@pytest.mark.parametrize("mode, low, high", [("competitive", 2, 6), ("team", 4, 6), ("coop", 1, 6)])
def test_each_mode_has_its_seat_range(mode, low, high):
    assert ENGINE.player_range(ENGINE.validate_config({"mode": mode})) == (low, high)
    ENGINE.setup(low, 1, {"mode": mode})
    ENGINE.setup(high, 1, {"mode": mode})
    for players in (low - 1, high + 1):
        with pytest.raises(IllegalAction) as err:
            ENGINE.setup(players, 1, {"mode": mode})
        assert err.value.code == "invalid_players"


def test_default_config_describes_competitive_two_to_six():
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 6)
    assert ENGINE.default_config()["mode"] == "competitive"


@pytest.mark.parametrize(
    "config, target",
    [
        ({}, 10),
        ({"mode": "team"}, 5),
        (dict(PRESETS["classic"]), 5),
        ({"target_sets": 1}, 1),
        ({"target_sets": 30, "mode": "team"}, 30),
        ({"mode": "coop"}, None),
    ],
)
def test_target_sets_auto_means_ten_competitive_five_team(config, target):
    players = 4 if config.get("mode") == "team" else 2
    assert ENGINE.setup(players, 1, config)["target"] == target


VALID = {
    "mode": ["competitive", "team", "coop"],
    "target_sets": ["auto", 1, 30],
    "flip_timeout_ms": [3000, 30000],
    "mistake_lockout_ms": [0, 10000],
    "last_call_ms": [3000, 30000],
    "max_game_ms": [300000, 3600000],
    "start_countdown_ms": [0, 10000],
    "forbidden_pattern": [True, False],
    "previous_winner": [None, 0, 5],
    "team_touch_window_ms": [1000, 10000],
    "coop_duration_ms": [10000, 300000],
}
INVALID = {
    "mode": ["solo", None],
    "target_sets": [0, 31, "10", True, 2.5],
    "flip_timeout_ms": [2999, 30001, "x"],
    "mistake_lockout_ms": [-1, 10001],
    "last_call_ms": [2999, 30001],
    "max_game_ms": [299999, 3600001],
    "start_countdown_ms": [-1, 10001],
    "forbidden_pattern": [1, "yes", None],
    "previous_winner": [-1, 6, "0", True],
    "team_touch_window_ms": [999, 10001],
    "coop_duration_ms": [9999, 300001],
}


@pytest.mark.parametrize("key, value", [(k, v) for k, values in VALID.items() for v in values])
def test_config_key_accepts_its_allowed_values(key, value):
    assert ENGINE.validate_config({key: value})[key] == value


@pytest.mark.parametrize("key, value", [(k, v) for k, values in INVALID.items() for v in values])
def test_config_key_refuses_values_outside_its_range(key, value):
    with pytest.raises(IllegalAction) as err:
        ENGINE.validate_config({key: value})
    assert err.value.code == "invalid_config"


@pytest.mark.parametrize("mode", ["team", "coop"])
def test_forbidden_pattern_is_refused_outside_competitive(mode):
    with pytest.raises(IllegalAction) as err:
        ENGINE.validate_config({"mode": mode, "forbidden_pattern": True})
    assert err.value.code == "invalid_config"


def test_previous_winner_beyond_the_seats_is_refused_at_setup():
    with pytest.raises(IllegalAction) as err:
        ENGINE.setup(3, 1, {"previous_winner": 4, "forbidden_pattern": True})
    assert err.value.code == "invalid_config"


def test_design_parameters_follow_the_family_and_variant_rule():
    assert design_params(0) == {
        "shape": "circle",
        "layout": "grid",
        "background": "#d62828",
        "primary": "#2a9d3f",
        "secondary": "#4338ca",
        "count": 5,
    }
    assert design_params(30)["primary"] == design_params(0)["secondary"]
    assert design_params(60)["count"] == 6
    assert design_params(90)["background"] == "#f77f00"
    assert len({tuple(design_params(d).values()) for d in range(119)}) == 119
