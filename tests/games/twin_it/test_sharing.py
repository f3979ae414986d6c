"""States share their unchanged parts (copying.py), so no move may edit an earlier state.

Random playouts (the contract test) seldom win a set. Bots find real matches, so these games
also go through pairs, steals, upgrades, returned sets, taken forbidden cards and team claims.
"""

from __future__ import annotations

import json
import random

import pytest

from dorhami.engine import IllegalAction
from dorhami.games.twin_it.rules import ENGINE
from dorhami.games.twin_it.strategy import choose

# (players, config, what the bots' games must include, so that those paths are checked)
CONFIGS = [
    (3, {"target_sets": 12}, {"pair", "steal", "returned"}),
    (2, {"forbidden_pattern": True, "previous_winner": 0}, {"pair", "steal", "returned", "forbidden_taken"}),
    (4, {"mode": "team"}, {"pair", "touch"}),
    (3, {"mode": "coop"}, {"pair", "upgrade"}),
]


def frozen(state: dict) -> str:
    return json.dumps(state, sort_keys=True)


def bot_game(players: int, config: dict, seed: int) -> tuple[list[dict], list[str], list[dict]]:
    """Bots (every other one careless) play one game. Returns every state, the text of each state
    when it was made, and every event, in order."""
    rng = random.Random(seed)
    levels = ["easy" if seat % 2 else "hard" for seat in range(players)]
    state = ENGINE.setup(players, seed, config, now_ms=0)
    states, texts, events, now = [state], [frozen(state)], [], 0
    while ENGINE.result(state) is None:
        assert len(states) < 5000, "the game did not end"
        seat = rng.randrange(players)
        action = choose(ENGINE, state, seat, rng, levels[seat])
        if action is None:
            now = max(now, ENGINE.next_deadline(state))
            state, new_events = ENGINE.advance(state, now)
        else:
            now += rng.randint(0, 400)
            try:
                state, new_events = ENGINE.apply(state, seat, action, now)
            except IllegalAction:
                continue
        states.append(state)
        texts.append(frozen(state))
        events += new_events
    return states, texts, events


def kinds_of(states: list[dict], events: list[dict]) -> set[str]:
    kinds = {event.get("kind") or event["type"] for event in events}
    if any(event.get("returned_cards") for event in events):
        kinds.add("returned")
    if any(len(after["forbidden"]) < len(before["forbidden"]) for before, after in zip(states, states[1:])):
        kinds.add("forbidden_taken")
    return kinds


@pytest.mark.parametrize("players, config, expected", CONFIGS)
def test_no_move_edits_an_earlier_state(players, config, expected):
    kinds = set()
    for seed in range(3):
        states, texts, events = bot_game(players, config, seed)
        assert [frozen(state) for state in states] == texts, "a later move changed an earlier state"
        assert all(json.loads(text) == state for text, state in zip(texts, states))
        kinds |= kinds_of(states, events)
    assert expected <= kinds
