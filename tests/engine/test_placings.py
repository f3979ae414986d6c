"""The engines' placings (what ratings read from a result): every seat placed once, the winners
first, and each game's own shape — Double Connect's teams as one side each, Twin It's target
winners first even when the standings would say otherwise."""

from __future__ import annotations

import pytest

from dorhami.catalogue import GAMES, get_engine
from dorhami.games.twin_it.rules import TwinItEngine

from .playout import play

CONFIGS = [(slug, {}) for slug in sorted(GAMES)] + [
    ("double-connect", {"mode": "teams", "team_size": 2}),
    ("twin-it", {"mode": "team"}),
]


@pytest.mark.parametrize(("slug", "config"), CONFIGS, ids=lambda v: v if isinstance(v, str) else repr(v))
@pytest.mark.parametrize("seed", [1, 2])
def test_every_seat_is_placed_once_and_the_winners_first(slug, config, seed):
    engine = get_engine(slug)
    low, high = engine.player_range(engine.validate_config(config))
    players = 4 if config else min(high, low + 1)
    run = play(engine, players, seed, config)
    result = engine.result(run.states[-1])
    placings = engine.placings(result, players)
    seats = [seat for side, _ in placings for seat in side]
    assert sorted(seats) == list(range(players))
    rank = {seat: r for side, r in placings for seat in side}
    winners = set(result["winners"])
    assert winners and all(rank[s] == 1 for s in winners)
    assert all(rank[s] > 1 for s in range(players) if s not in winners)
    if config:  # a team mode: a side is a whole team, and there are two or more sides
        assert len(placings) >= 2 and all(len(side) == players // len(placings) for side, _ in placings)


def test_twin_it_winners_by_target_rank_first_and_the_rest_after_them():
    # Seat 2 reached the target though seat 0 leads the standings' own ranks (D18's table).
    result = {"winners": [2], "standings": [{"seat": 0, "rank": 1}, {"seat": 2, "rank": 2}, {"seat": 1, "rank": 3}]}
    assert TwinItEngine().placings(result, 3) == [([0], 2), ([2], 1), ([1], 3)]


def test_coop_is_not_rated_and_the_competitive_modes_are():
    twin_it = get_engine("twin-it")
    assert [twin_it.rated(twin_it.validate_config({"mode": m})) for m in ("coop", "competitive", "team")] == [
        False,
        True,
        True,
    ]
    assert all(get_engine(slug).rated(get_engine(slug).validate_config({})) for slug in GAMES)
