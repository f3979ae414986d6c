"""A view is a copy (issue 32 item 5): scribbling on every list and dict of any view, at every step
of seeded random games, leaves the state exactly as it was, so no client-facing code can change the
game through a view it was given."""

from __future__ import annotations

import json
import random

import pytest

from dorhami.engine import IllegalAction
from dorhami.games.double_connect.rules import ENGINE


def scribble(part: object) -> None:
    """Change every list and dict reachable from `part`."""
    if isinstance(part, dict):
        for value in list(part.values()):
            scribble(value)
        part["scribbled"] = True
    elif isinstance(part, list):
        for value in part:
            scribble(value)
        part.append("scribbled")


def assert_views_are_copies(state: dict, players: int) -> None:
    for seat in [None, *range(players)]:
        before = json.dumps(state, sort_keys=True)
        scribble(ENGINE.view(state, seat))
        assert json.dumps(state, sort_keys=True) == before, f"a change to seat {seat}'s view changed the state"


@pytest.mark.parametrize("players, config, seed", [(4, {}, 1), (6, {"mode": "teams", "team_targets": "own_team"}, 2)])
def test_no_view_shares_a_list_or_dict_with_the_state(players, config, seed):
    rng = random.Random(seed)
    state, now = ENGINE.setup(players, seed, config, now_ms=0), 0
    for _ in range(3000):
        assert_views_are_copies(state, players)
        if ENGINE.result(state) is not None:
            return
        moves = [(seat, action) for seat in range(players) for action in ENGINE.legal_actions(state, seat)[:100]]
        now += 100
        if moves and rng.random() < 0.9:
            seat, action = rng.choice(moves)
            try:
                state, _ = ENGINE.apply(state, seat, action, now)
            except IllegalAction:  # a real-time move a timer due meanwhile made stale
                pass
        else:
            due = ENGINE.next_deadline(state)
            # Step towards a far deadline (a time limit) instead of jumping to it, so games run long.
            now = max(now, due if due is not None and due - now <= 15000 else now + 1000)
            state, _ = ENGINE.advance(state, now)
    raise AssertionError("the game never finished, so its finished views went unchecked")
