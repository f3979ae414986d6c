"""Whole games: random playouts under each mode and variant, and a perfect bot that empties hands."""

from __future__ import annotations

import pytest

from dorhami.games.double_connect.components import common
from dorhami.games.double_connect.rules import ENGINE
from tests.engine.playout import play


@pytest.mark.parametrize(
    "players, config",
    [
        (4, {"mode": "teams"}),
        (6, {"mode": "teams", "team_size": 3, "team_targets": "own_team", "team_start_slots": 1}),
        (8, {"mode": "teams", "team_targets": "own_team"}),
        (3, {"start_slots": 1, "final_chance_ms": 0, "time_limit_ms": 60000}),
        (2, {"hand_size": 1, "countdown_ms": 0, "wrong_lockout_ms": 0}),
    ],
)
def test_random_playouts_end_under_every_variant(players, config):
    for seed in range(3):
        run = play(ENGINE, players, seed, config)
        assert ENGINE.result(run.final)["winners"]


def correct_claim(state, seat):
    """The first correct claim a seat may make now, if any (bots may use common())."""
    for action in ENGINE.legal_actions(state, seat)[::57]:
        if common(action["card"], action["target"]) is not None:
            return {**action, "symbol": common(action["card"], action["target"])}
    return None


@pytest.mark.parametrize(
    "config, reason",
    [({}, "all_hands_empty"), ({"final_chance_ms": 0}, "first_out"), ({"final_chance_ms": 100}, "final_chance_over")],
)
def test_perfect_bots_empty_their_hands_and_end_the_game(config, reason):
    state, _ = ENGINE.advance(ENGINE.setup(3, 42, config), 3000)
    now, round_ = 3000, 0
    while ENGINE.result(state) is None:
        now, round_ = now + 100, round_ + 1
        state, _ = ENGINE.advance(state, now)
        for seat in range(3):
            due = round_ % (seat + 1) == 0  # seat s claims every (s + 1)th round
            action = correct_claim(state, seat) if due and ENGINE.result(state) is None else None
            if action:
                state, _ = ENGINE.apply(state, seat, action, now)
    result = ENGINE.result(state)
    assert result["reason"] == reason and result["ranking"][0] == state["empty_order"][0]
    assert sum(state["placed"]) + sum(len(hand) for hand in state["hands"]) == 18
