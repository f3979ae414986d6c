"""§7 hidden information: the pile and the seed never show; cards hide during the countdown only."""

from __future__ import annotations

import json

from dorhami.games.double_connect.rules import ENGINE

from .conftest import build_table, claim

SEED = 987_654_321_987


def all_views(state):
    return [ENGINE.view(state, seat) for seat in [None, *range(state["players"])]]


def test_countdown_views_show_hand_sizes_and_the_start_cards_existence_but_no_card_ids():
    state = ENGINE.setup(4, SEED, {})
    for view in all_views(state):
        assert view["hands"] is None and view["hand_sizes"] == [5, 5, 5, 5]
        assert view["tower"]["start_card"] is None and view["tower"]["start_card_present"] is True
        assert view["tower"]["arms"] == [] and view["active_targets"] == []


def test_pile_contents_and_seed_never_reach_a_view():
    state = ENGINE.setup(4, SEED, {})
    playing, _ = ENGINE.advance(state, 3000)
    for view in all_views(state) + all_views(playing):
        text = json.dumps(view)
        assert str(SEED) not in text and "seed" not in view and "pile" not in view
        assert view["pile_count"] == 34
        top = playing["pile"][:3]
        assert str(top) not in text  # no run of the pile order


def test_from_play_on_every_hand_and_the_tower_are_public(table):
    state, _ = claim(table, 0, 1, 0, 49, 5000)
    spectator = ENGINE.view(state, None)
    assert spectator["hands"] == state["hands"]
    assert spectator["tower"] == {
        "start_card": 0,
        "start_card_present": True,
        "start_capacity": 4,
        "free_slots": 3,
        "arms": [{"index": 0, "team": None, "cards": [1]}],
    }
    assert spectator["active_targets"] == [0, 1]
    assert spectator["deadlines"] == {"begin_play": None, "final_chance_over": None, "time_up": 303000}


def test_a_wrong_claim_shows_its_lockout_and_counters_to_everyone(table):
    state, _ = claim(table, 1, 8, 0, 49, 5000)
    view = ENGINE.view(state, 3)
    assert view["locked_until"] == [0, 6000, 0, 0] and view["wrong_claims"] == [0, 1, 0, 0]
    assert view["hands"][1] == [8, 9, 10, 11, 12, 6] and view["pile_count"] == 33


def test_a_seat_view_is_the_public_view_plus_you_and_your_team():
    state = build_table({"mode": "teams"})
    public = ENGINE.view(state, None)
    assert "you" not in public
    assert ENGINE.view(state, 3) == {**public, "you": 3, "your_team": 1}


def test_own_team_view_lists_each_teams_usable_targets():
    state = build_table({"mode": "teams", "team_targets": "own_team"})
    state, _ = claim(state, 0, 1, 0, 49, 5000)
    assert ENGINE.view(state, None)["targets_by_team"] == [[0, 1], [0]]
    assert build_table()["config"]["team_targets"] == "open"
    assert ENGINE.view(build_table(), None)["targets_by_team"] is None


def test_views_are_copies_that_cannot_change_the_state(table):
    view = ENGINE.view(table, 0)
    view["hands"][0].append(54)
    view["locked_until"][0] = 99
    assert table == build_table()


def test_views_are_json_safe_and_carry_the_step(table):
    state, _ = claim(table, 0, 1, 0, 49, 5000)
    for view in all_views(state):
        assert json.loads(json.dumps(view)) == view and view["step"] == state["step"]


def test_a_rejected_claim_is_an_error_to_the_claimant_not_an_event(table):
    # §4.6: the table turns the IllegalAction into a claim_rejected sent to the claimant alone.
    state, events = ENGINE.advance(table, 5000)
    assert events == []
    assert ENGINE.public_action(0, {"type": "claim", "card": 1, "target": 0, "symbol": 49})["card"] == 1
