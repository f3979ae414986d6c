"""States share their unchanged parts (structural sharing); events and views must still share nothing with
the state, so a caller changing what it was handed cannot reach into this or any other state."""

from __future__ import annotations

from dorhami.games.camel_up_cards.rules import ENGINE
from tests.engine.playout import containers, frozen, play

CONFIGS = [{}, {"carry": False, "stack_leader": "top", "start_order": "random", "wrong_bet_penalty": 1}]


def test_events_and_views_share_no_list_or_dict_with_the_state():
    for players, config in ((2, CONFIGS[0]), (6, CONFIGS[0]), (3, CONFIGS[1])):
        run = play(ENGINE, players, 11, config)
        for (seat, action, now), state in zip(run.log, run.states):
            new, events = ENGINE.advance(state, now) if action is None else ENGINE.apply(state, seat, action, now)
            held = containers(new, set())
            assert not containers(events, set()) & held, "an event aliases the state"
            for viewer in [None, *range(players)]:
                assert not containers(ENGINE.view(new, viewer), set()) & held, "a view aliases the state"


def test_no_later_input_changes_an_earlier_state():
    for players, config in ((2, CONFIGS[0]), (6, CONFIGS[1])):
        seen = []
        run = play(ENGINE, players, 12, config, check=lambda run, state, *_, seen=seen: seen.append(frozen(state)))
        assert [frozen(state) for state in run.states[:-1]] == seen
