"""The state copy made before each change equals the generic deep copy and shares nothing with its source."""

from __future__ import annotations

from dorhami.engine import clone
from dorhami.games.jekyll_vs_hyde.rules import ENGINE
from dorhami.games.jekyll_vs_hyde.state import copy_for_change
from tests.engine.playout import containers, play

CONFIGS = [{}, {"match_mode": "return_match", "show_trick_history": True}]


def test_the_copy_is_equal_and_independent_at_every_point_of_a_game():
    for seed, config in ((3, CONFIGS[0]), (4, CONFIGS[1]), (5, CONFIGS[1])):
        run = play(ENGINE, 2, seed, config)
        for state in run.states:
            copy = copy_for_change(state)
            assert copy == clone(state)
            assert not containers(copy, set()) & containers(state, set()), "the copy aliases its source"


def test_a_key_the_copy_does_not_know_is_still_copied_deeply():
    state = {**play(ENGINE, 2, 6).states[3], "future_field": {"nested": [1, 2]}}
    copy = copy_for_change(state)
    assert copy["future_field"] == state["future_field"] and copy["future_field"] is not state["future_field"]
