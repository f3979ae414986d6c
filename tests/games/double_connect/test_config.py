"""§6: every config key, its allowed values and its effect."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from dorhami.engine import IllegalAction
from dorhami.games.double_connect.rules import ENGINE
from dorhami.games.double_connect.state import active_targets

from .conftest import build_table, claim, of_type, rejected

sys.path.insert(0, str(Path(__file__).parents[2]))
from engine.playout import play  # noqa: E402

DEFAULTS = {
    "mode": "solo",
    "team_size": 2,
    "team_targets": "open",
    "team_start_slots": 2,
    "hand_size": "auto",
    "start_slots": 4,
    "countdown_ms": 3000,
    "final_chance_ms": 10000,
    "wrong_lockout_ms": 1000,
    "empty_pile_lockout_ms": 5000,
    "time_limit_ms": 300000,
}


def test_default_config_has_every_key_of_the_rules():
    assert ENGINE.default_config() == DEFAULTS
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 8)


@pytest.mark.parametrize(
    "key, value",
    [
        ("mode", "duo"),
        ("team_size", 1),
        ("team_size", 5),
        ("team_size", True),
        ("team_targets", "mine"),
        ("team_start_slots", 0),
        ("team_start_slots", 5),
        ("hand_size", 0),
        ("hand_size", 11),
        ("hand_size", "7"),
        ("hand_size", 4.0),
        ("start_slots", 0),
        ("start_slots", 9),
        ("countdown_ms", -1),
        ("countdown_ms", 10001),
        ("final_chance_ms", 60001),
        ("wrong_lockout_ms", 10001),
        ("empty_pile_lockout_ms", 999),
        ("empty_pile_lockout_ms", 30001),
        ("time_limit_ms", 59999),
        ("time_limit_ms", 1800001),
    ],
)
def test_values_outside_the_allowed_range_are_invalid_config(key, value):
    with pytest.raises(IllegalAction) as err:
        ENGINE.validate_config({key: value})
    assert err.value.code == "invalid_config"


def test_mode_solo_seats_2_to_8():
    assert ENGINE.player_range({"mode": "solo"}) == (2, 8)
    for players in range(2, 9):
        assert ENGINE.setup(players, 3, {})["team_of"] is None


@pytest.mark.parametrize(
    "config, players",
    [
        ({"mode": "teams"}, [4, 6, 8]),
        ({"mode": "teams", "team_size": 3}, [6]),
        ({"mode": "teams", "team_size": 4}, [8]),
        ({"mode": "teams", "team_targets": "own_team", "team_start_slots": 4}, [4]),
        ({"mode": "teams", "team_targets": "own_team", "team_start_slots": 3}, [4]),
        ({"mode": "teams", "team_targets": "own_team", "team_start_slots": 2}, [4, 6, 8]),
    ],
)
def test_mode_teams_seats_only_the_allowed_counts(config, players):
    assert ENGINE.player_range(config) == (players[0], players[-1])
    for n in range(2, 9):
        if n in players:
            ENGINE.setup(n, 3, config)
        else:
            with pytest.raises(IllegalAction):
                ENGINE.setup(n, 3, config)


def test_a_config_no_player_count_fits_is_refused():
    with pytest.raises(IllegalAction) as err:
        ENGINE.validate_config({"mode": "teams", "team_size": 3, "hand_size": 10})  # 6 × 10 > 44
    assert err.value.code == "invalid_config"


def test_team_targets_and_start_slots_are_ignored_in_solo():
    state = ENGINE.setup(3, 3, {"team_targets": "own_team", "team_start_slots": 4, "start_slots": 2})
    assert state["start_capacity"] == 2 and state["team_of"] is None


def test_own_team_start_capacity_is_team_start_slots_times_t_and_ignores_start_slots():
    config = {"mode": "teams", "team_size": 2, "team_targets": "own_team", "team_start_slots": 2, "start_slots": 1}
    assert ENGINE.setup(6, 3, config)["start_capacity"] == 6


def test_open_team_targets_let_every_seat_use_every_target():
    state = build_table({"mode": "teams"})
    state, _ = claim(state, 0, 1, 0, 49, 5000)
    assert state["arms"][0]["team"] == 0
    state, _ = claim(state, 1, 8, 1, 1, 5100)  # an opponent's arm top
    assert state["arms"][0]["cards"] == [1, 8]


@pytest.mark.parametrize("players", range(2, 9))
def test_hand_size_auto_follows_the_table(players):
    state = ENGINE.setup(players, 11, {})
    size = {2: 7, 3: 6, 4: 5, 5: 5, 6: 4, 7: 4, 8: 4}[players]
    assert all(len(hand) == size for hand in state["hands"])
    assert len(state["pile"]) == 55 - 1 - players * size


def test_hand_size_integer_deals_that_many_and_keeps_every_card():
    state = ENGINE.setup(4, 11, {"hand_size": 10})
    assert all(len(hand) == 10 for hand in state["hands"]) and len(state["pile"]) == 14
    cards = [c for hand in state["hands"] for c in hand] + state["pile"] + [state["start_card"]]
    assert sorted(cards) == list(range(55))


def test_start_slots_one_is_a_single_stack():
    state = build_table({"start_slots": 1})
    state, events = claim(state, 0, 1, 0, 49, 5000)
    assert of_type(events, "start_card_covered") == [{"type": "start_card_covered", "t": 5000}]
    assert active_targets(state) == [1]
    assert rejected(state, 1, 9, 0, 35, 5100) == "target_not_active"


def test_countdown_ms_sets_play_start_from_the_table_start():
    state = ENGINE.setup(2, 5, {"countdown_ms": 500}, now_ms=1000)
    assert state["play_start"] == 1500 and ENGINE.next_deadline(state) == 1500
    assert state["time_up_at"] == 301500


def test_countdown_zero_begins_play_at_the_table_start():
    state = ENGINE.setup(2, 5, {"countdown_ms": 0}, now_ms=1000)
    assert state["phase"] == "countdown" and ENGINE.next_deadline(state) == 1000
    playing, _ = ENGINE.advance(state, 1000)
    assert playing["phase"] == "playing"


def test_final_chance_ms_sets_the_window():
    state = build_table({"final_chance_ms": 2500}, hands=[[1], [8, 9]])
    state, _ = claim(state, 0, 1, 0, 49, 7000)
    assert state["final_deadline"] == 9500 and ENGINE.next_deadline(state) == 9500


def test_wrong_lockout_ms_sets_the_lockout_after_a_drawn_penalty():
    state, _ = claim(build_table({"wrong_lockout_ms": 2500}), 1, 8, 0, 49, 5000)
    assert state["locked_until"][1] == 7500


def test_wrong_lockout_zero_allows_the_next_claim_at_once():
    state, _ = claim(build_table({"wrong_lockout_ms": 0}), 1, 8, 0, 49, 5000)
    state, _ = claim(state, 1, 8, 0, 42, 5000)
    assert state["arms"][0]["cards"] == [8]


def test_empty_pile_lockout_ms_sets_the_lockout_when_nothing_is_drawn():
    state, _ = claim(build_table({"empty_pile_lockout_ms": 12000}, pile=[]), 1, 8, 0, 49, 5000)
    assert state["locked_until"][1] == 17000 and len(state["hands"][1]) == 5


def test_time_limit_ms_counts_from_play_start():
    state = ENGINE.setup(2, 5, {"time_limit_ms": 60000, "countdown_ms": 2000})
    assert state["time_up_at"] == 62000
    finished, _ = ENGINE.advance(state, 62000)
    assert finished["reason"] == "time_limit"


@pytest.mark.parametrize("players", [2, 5, 7, 8])
def test_solo_ignores_the_team_only_keys(players):
    """§6 (3): team_targets and team_start_slots (and team_size) change nothing in solo: the same
    seeded playout, input for input, with and without them; 5 and 7 seats stay allowed."""
    team_keys = {"team_size": 3, "team_targets": "own_team", "team_start_slots": 4}
    assert ENGINE.player_counts(team_keys) == ENGINE.player_counts({}) == list(range(2, 9))
    plain, keyed = play(ENGINE, players, 40 + players, {}), play(ENGINE, players, 40 + players, team_keys)

    def rules_part(state):
        return {k: v for k, v in state.items() if k != "config"}

    assert [rules_part(s) for s in keyed.states] == [rules_part(s) for s in plain.states]
    assert keyed.log == plain.log and len(plain.log) > 10
