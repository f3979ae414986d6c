"""The greedy bot (strategy.py): legal, view-only, and clearly better than random players."""

from __future__ import annotations

import random

from dorhami.games.queendomino.rules import ENGINE
from dorhami.games.queendomino.strategy import choose

from .tables import put_tile, table, turn_of

GAMES = 210


def play(seed: int, players: int, level: str = "normal") -> tuple[int, dict]:
    """One game with the bot at seat `seed % players` and uniform random players elsewhere."""
    rng = random.Random(seed)
    state = ENGINE.setup(players, seed, {"turn_seconds": 0})
    bot = seed % players
    while state["result"] is None:
        seat = state["current"]
        if seat == bot:
            action = choose(ENGINE, state, seat, rng, level)
            assert action in ENGINE.legal_actions(state, seat)
        else:
            action = rng.choice(ENGINE.legal_actions(state, seat))
        state, _ = ENGINE.apply(state, seat, action, 0)
    return bot, state["result"]


def test_the_strategy_wins_far_more_than_its_fair_share_against_random_players():
    wins, fair = 0, 0.0
    for seed in range(GAMES):
        players = 2 + seed % 3
        bot, result = play(seed, players)
        wins += bot in result["winners"]
        fair += 1 / players
    rate = wins / GAMES
    print(f"strategy win rate {rate:.1%} over {GAMES} games (fair share {fair / GAMES:.1%})")
    assert rate >= 2 * fair / GAMES and rate > 0.8


def test_easy_and_hard_levels_play_legal_games_and_beat_random_players():
    for level in ("easy", "hard"):
        wins = sum(bot in result["winners"] for bot, result in (play(seed, 2, level) for seed in range(6)))
        assert wins >= 4


def test_the_strategy_has_no_action_when_it_is_not_its_turn():
    state = table(order=[0, 1])
    assert choose(ENGINE, state, 1, random.Random(1), "normal") is None


def test_the_strategy_reads_only_the_view_so_secrets_do_not_change_its_choice():
    state = table(order=[0, 1], display=[3, 17, 30, 44])
    other = dict(state, pile=list(reversed(state["pile"])), removed=list(reversed(state["removed"])))
    assert choose(ENGINE, state, 0, random.Random(2), "normal") == choose(ENGINE, other, 0, random.Random(2), "normal")


def test_the_strategy_takes_the_crowned_placement_that_scores_most():
    state = turn_of(table(order=[0, 1], display=[3, 17, 30, 46]), 0, "place", 46)
    put_tile(state, 0, 2, [1, 2], [0, 2])
    action = choose(ENGINE, state, 0, random.Random(3), "normal")
    assert action["type"] == "place_tile"
    after, _ = ENGINE.apply(state, 0, action, 1)
    assert ENGINE.view(after, None)["breakdown"][0]["tile"] >= 3 * 1
