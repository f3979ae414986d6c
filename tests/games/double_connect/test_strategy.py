"""Double Connect bots: they spread over the arms instead of racing for one, speed wins, and every
level beats a random player."""

from __future__ import annotations

import pytest

from dorhami.games.double_connect.rules import ENGINE
from dorhami.games.double_connect.strategy import pick_target
from tests.support.botsim import bot_game, wins_against_random


def wasted_share(seeds: range) -> tuple[int, int]:
    """(plans lost before they were sent, plans made) for four normal bots over `seeds`."""
    made, dropped = [], []
    for seed in seeds:
        bot_game(ENGINE, ["normal"] * 4, seed, plans_made=made, dropped=dropped)
    return len(dropped), len(made)


def test_four_bots_rarely_lose_a_plan_to_a_race():
    dropped, made = wasted_share(range(10))
    # Before spreading (lowest card on the first target): 362 of 552 plans, 66 %.
    assert dropped / made < 0.15, (dropped, made)


def test_a_bot_keeps_to_its_own_arm_while_the_start_card_is_covered():
    state = {
        "start_card": 0,
        "start_capacity": 4,
        "arms": [{"index": i, "team": None, "cards": [10 + i]} for i in range(4)],
    }
    assert [pick_target(state, seat, [10, 11, 12, 13]) for seat in range(4)] == [10, 11, 12, 13]


def wins(levels: list[str], seeds: range) -> int:
    """How many of the games seat 0 wins alone."""
    return sum(bot_game(ENGINE, levels, seed)[0]["winners"] == [0] for seed in seeds)


def test_hard_beats_normal_beats_easy_head_to_head():
    assert wins(["hard", "normal"], range(20)) >= 16
    assert wins(["normal", "easy"], range(20)) >= 16


# Against a fair share of a half, 11 wins of 12 happen by chance with p ≈ 3e-3; measured: 12 of 12
# (200 of 200 in bench/quality/bot_strength.py).
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_beats_a_random_player(level):
    assert wins_against_random(ENGINE, level, 12) >= 11
