"""A view is a copy (issue 32 item 5): scribbling on every list and dict of any view, at every step
of seeded random games of every title, leaves the state exactly as it was, so no client-facing code
can change a game through a view it was given."""

from __future__ import annotations

import json
import random

import pytest

from dorhami.catalogue import get_engine
from dorhami.engine import IllegalAction

# (game, players, config, seed): each title's modes, at a small and a large table.
TABLES = [
    ("camel-up-cards", 4, {}, 1),
    ("camel-up-cards", 6, {}, 2),
    ("double-connect", 4, {}, 1),
    ("double-connect", 6, {"mode": "teams", "team_targets": "own_team"}, 2),
    ("jekyll-vs-hyde", 2, {}, 1),
    ("jekyll-vs-hyde", 2, {"show_trick_history": True}, 2),
    ("queendomino", 2, {}, 1),
    ("queendomino", 4, {}, 2),
    ("twin-it", 3, {}, 1),
    ("twin-it", 4, {"mode": "team"}, 2),
    ("twin-it", 2, {"mode": "coop"}, 3),
]


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


def assert_views_are_copies(engine, state: dict, players: int) -> None:
    for seat in [None, *range(players)]:
        before = json.dumps(state, sort_keys=True)
        scribble(engine.view(state, seat))
        assert json.dumps(state, sort_keys=True) == before, f"a change to seat {seat}'s view changed the state"


@pytest.mark.parametrize("slug, players, config, seed", TABLES)
def test_no_view_shares_a_list_or_dict_with_the_state(slug, players, config, seed):
    engine = get_engine(slug)
    rng = random.Random(seed)
    state, now = engine.setup(players, seed, config, now_ms=0), 0
    for _ in range(3000):
        assert_views_are_copies(engine, state, players)
        if engine.result(state) is not None:
            return
        moves = [(seat, action) for seat in range(players) for action in engine.legal_actions(state, seat)[:100]]
        now += 100
        if moves and rng.random() < 0.9:
            seat, action = rng.choice(moves)
            try:
                state, _ = engine.apply(state, seat, action, now)
            except IllegalAction:  # a real-time move a timer due meanwhile made stale
                pass
        else:
            due = engine.next_deadline(state)
            # Step towards a far deadline (a time limit) instead of jumping to it, so games run long.
            now = max(now, due if due is not None and due - now <= 15000 else now + 1000)
            state, _ = engine.advance(state, now)
    raise AssertionError("the game never finished, so its finished views went unchecked")


def test_changing_twin_it_s_view_config_and_lockouts_leaves_the_game_as_it_was():
    """Twin It's view once handed out the state's own config, set cards and lockouts."""
    engine = get_engine("twin-it")
    state = engine.setup(3, 1, {}, now_ms=0)
    state, _ = engine.advance(state, engine.next_deadline(state))
    before = json.dumps(state, sort_keys=True)
    seen = engine.view(state, 0)
    seen["config"]["mode"] = "coop"
    seen["config"]["mistake_lockout_ms"] = 0
    seen["locked_until"][0] = 10**9
    assert json.dumps(state, sort_keys=True) == before
    assert engine.view(state, 0)["config"]["mode"] == "competitive"
