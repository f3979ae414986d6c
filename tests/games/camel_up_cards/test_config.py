"""Every §6 config key, the `classic` preset and the seat range."""

from __future__ import annotations

import pytest

from dorhami.engine import IllegalAction
from dorhami.games.camel_up_cards.components import PRESETS, random_start_stack
from dorhami.games.camel_up_cards.rules import ENGINE, race_standings
from dorhami.games.camel_up_cards.state import DEFAULT_CONFIG

from .tables import START, new_table, of_type, spaces_of, table, trick


def refused_config(**config):
    with pytest.raises(IllegalAction) as err:
        ENGINE.setup(2, 1, config)
    assert err.value.code == "invalid_config"


def test_defaults_are_the_rules_table():
    assert ENGINE.default_config() == {
        "races": 3,
        "track_length": 10,
        "stack_leader": "bottom",
        "carry": True,
        "start_order": "fixed",
        "wrong_bet_penalty": 0,
        "turn_timer_s": 30,
        "max_tricks_per_race": 40,
    }


def test_config_options_describe_every_key_for_the_lobby_form():
    options = ENGINE.config_options()
    assert set(options) == set(DEFAULT_CONFIG)
    assert options["races"] == {"min": 1, "max": 5} and options["track_length"] == {"min": 6, "max": 16}
    assert options["stack_leader"] == {"choices": ["bottom", "top"]}
    assert options["carry"] == {"choices": [True, False]}
    assert options["wrong_bet_penalty"] == {"choices": [0, 1]}
    assert options["turn_timer_s"] == {"min": 15, "max": 120, "unit": "s"}
    assert options["max_tricks_per_race"] == {"min": 10, "max": 100}
    for key, option in options.items():
        values = option.get("choices", [option.get("min"), option.get("max")])
        for value in values:
            ENGINE.validate_config({key: value})


@pytest.mark.parametrize(
    "key, bad",
    [
        ("races", 0),
        ("races", 6),
        ("races", "3"),
        ("races", True),
        ("track_length", 5),
        ("track_length", 17),
        ("track_length", 10.0),
        ("stack_leader", "middle"),
        ("stack_leader", None),
        ("carry", 1),
        ("carry", "yes"),
        ("start_order", "shuffled"),
        ("wrong_bet_penalty", 2),
        ("wrong_bet_penalty", True),
        ("wrong_bet_penalty", -1),
        ("turn_timer_s", 14),
        ("turn_timer_s", 121),
        ("max_tricks_per_race", 9),
        ("max_tricks_per_race", 101),
    ],
)
def test_a_value_outside_the_rules_range_is_an_invalid_config(key, bad):
    refused_config(**{key: bad})


def test_player_range_is_two_to_six_for_every_config():
    assert ENGINE.player_range(ENGINE.validate_config({})) == (2, 6)
    assert ENGINE.player_range(ENGINE.validate_config(PRESETS["classic"])) == (2, 6)
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 6)
    for players in (1, 7):
        with pytest.raises(IllegalAction) as err:
            ENGINE.setup(players, 1, {})
        assert err.value.code == "invalid_players"


def test_races_sets_how_many_races_the_game_has():
    state = table(2, races=1, spaces={9: ["red"], 1: START[1:]}, hands={0: [46, 0, 1, 2, 3], 1: [5, 6, 7, 8, 9]})
    state, _ = trick(state, {0: (46, "red"), 1: (9, None)})
    assert state["phase"] == "game_over" and ENGINE.result(state) is not None


def test_track_length_moves_the_finish_to_space_L():
    state = table(
        2,
        track_length=6,
        races=1,
        spaces={5: ["red"], 1: START[1:]},
        dice=(3,),
        hands={0: [0, 1, 2, 3, 4], 1: [5, 6, 7, 8, 9]},
    )
    state, events = trick(state, {0: (0, None), 1: (9, None)})  # Move red 3 from space 5: stops at 6
    assert spaces_of(state)[6] == ["red"] and len(state["stacks"]) == 6
    assert of_type(events, "race_ended")[0]["reason"] == "finish"


def test_stack_leader_top_makes_the_top_camel_lead_and_a_backward_move_go_under():
    state = table(
        2,
        stack_leader="top",
        spaces={4: ["yellow"], 5: ["green", "red", "blue"], 1: ["purple"]},
        hands={0: [42, 0, 1, 2, 3], 1: [43, 5, 6, 7, 8]},
    )
    assert race_standings(state)[:3] == ["blue", "red", "green"]
    state, _ = trick(state, {0: (42, "red"), 1: (43, "purple")})
    assert spaces_of(state)[4] == ["red", "blue", "yellow"]  # the rear is the bottom when the top leads
    assert race_standings(state) == ["green", "yellow", "blue", "red", "purple"]


def test_carry_false_moves_the_camel_alone_and_its_riders_drop_a_level():
    state = table(2, carry=False, dice=(2,), hands={0: [5, 0, 1, 2, 3], 1: [42, 6, 7, 8, 9]})
    state, events = trick(state, {0: (5, None), 1: (42, "red")})  # Move blue; Lost Camel on space 1
    assert spaces_of(state) == {1: ["red", "green", "yellow", "purple"], 3: ["blue"]}
    assert of_type(events, "camel_moved")[0]["unit"] == ["blue"]


def test_start_order_random_shuffles_the_start_stack_each_race_with_the_start_key():
    state = new_table(2, "camel-42", start_order="random")
    assert state["stacks"][0] == random_start_stack("camel-42", 1)
    assert sorted(state["stacks"][0]) == sorted(START)
    assert [random_start_stack("camel-42", race) for race in (1, 2, 3)] != [START] * 3
    state = table(
        2,
        seed="camel-42",
        start_order="random",
        spaces={9: ["red"], 1: START[1:]},
        hands={0: [46, 0, 1, 2, 3], 1: [5, 6, 7, 8, 9]},
    )
    state, events = trick(state, {0: (46, "red"), 1: (9, None)})
    assert state["race"] == 2 and state["stacks"][0] == random_start_stack("camel-42", 2)
    assert of_type(events, "race_started")[0]["stack"] == random_start_stack("camel-42", 2)


def test_wrong_bet_penalty_costs_a_coin_for_a_wrong_winner_bet():
    from dorhami.games.camel_up_cards.rules import token_amount

    winner = {"kind": "bet_winner", "slot": 1}
    loser = {"kind": "bet_loser", "slot": 1}
    assert [token_amount(winner, place, 0) for place in range(1, 6)] == [5, 2, 1, 0, 0]
    assert [token_amount(winner, place, 1) for place in range(1, 6)] == [5, 2, 1, -1, -1]
    assert [token_amount(loser, place, 0) for place in range(1, 6)] == [0, 0, 0, 0, 3]
    assert [token_amount(loser, place, 1) for place in range(1, 6)] == [-1, -1, -1, -1, 3]


def test_turn_timer_s_sets_the_selection_deadline():
    state = new_table(2, now_ms=5_000, turn_timer_s=15)
    assert ENGINE.next_deadline(state) == 20_000


def test_max_tricks_per_race_caps_a_race():
    state = table(2, max_tricks_per_race=10, hands={0: [42, 0, 1, 2, 3], 1: [43, 5, 6, 7, 8]})
    state["trick_in_race"] = 10
    state, events = trick(state, {0: (42, "red"), 1: (43, "red")})
    assert of_type(events, "race_ended")[0]["reason"] == "trick_limit" and state["race"] == 2


def test_classic_preset_is_top_leader_random_start_and_penalty_with_other_defaults():
    assert PRESETS["classic"] == {"stack_leader": "top", "start_order": "random", "wrong_bet_penalty": 1}
    config = ENGINE.validate_config(PRESETS["classic"])
    assert config == {**DEFAULT_CONFIG, "stack_leader": "top", "start_order": "random", "wrong_bet_penalty": 1}
    state = ENGINE.setup(3, 11, PRESETS["classic"])
    assert state["stacks"][0] == random_start_stack("11", 1)
    assert race_standings(state) == state["stacks"][0][::-1]


def test_the_lobby_offers_the_classic_preset_and_it_is_a_valid_config():
    presets = ENGINE.presets()
    assert presets == {"classic": {"stack_leader": "top", "start_order": "random", "wrong_bet_penalty": 1}}
    config = ENGINE.validate_config(presets["classic"])
    assert {key: config[key] for key in presets["classic"]} == presets["classic"]
