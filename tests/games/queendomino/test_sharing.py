"""States share their unchanged parts (structural sharing): no input may change an earlier state, and a
view shares no board, cell or list with the state, so a client changing its view cannot reach any state."""

from __future__ import annotations

from dorhami.games.queendomino.rules import ENGINE
from tests.engine.playout import containers, frozen, play

CONFIGS = [{}, {"terrain_matching": True, "turn_seconds": 20}]


def test_no_later_input_changes_an_earlier_state():
    for players, config in ((2, CONFIGS[0]), (4, CONFIGS[0]), (3, CONFIGS[1])):
        seen = []

        def check(run, state, *_, seen=seen):
            seen.append(frozen(state))

        run = play(ENGINE, players, 12, config, wait_chance=0.2, check=check)
        assert [frozen(state) for state in run.states[:-1]] == seen


def test_a_view_shares_no_list_or_dict_with_the_state():
    run = play(ENGINE, 4, 13)
    for state in run.states[::5]:
        # The result is handed out as it is (in the view and the game_ended event): once set, nothing changes it.
        held = set().union(*(containers(value, set()) for key, value in state.items() if key != "result"))
        for viewer in [None, 0, 1, 2, 3]:
            assert not containers(ENGINE.view(state, viewer), set()) & held
