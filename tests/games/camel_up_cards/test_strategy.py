"""The bot strategy beats random players clearly (and only reads its own view)."""

from __future__ import annotations

import random

from dorhami.games.camel_up_cards.rules import ENGINE
from dorhami.games.camel_up_cards.strategy import choose

from .tables import new_table

GAMES = 200
PLAYERS = 3


def game(seed: int, bot: int) -> bool:
    """One 3-player game: `bot` plays the strategy, the other seats play random legal cards."""
    rng = random.Random(seed)
    state = new_table(PLAYERS, seed=seed)
    while ENGINE.result(state) is None:
        for seat in range(PLAYERS):
            actions = ENGINE.legal_actions(state, seat)
            if not actions:
                continue
            action = choose(ENGINE, state, seat, rng, "normal") if seat == bot else rng.choice(actions)
            state, _ = ENGINE.apply(state, seat, action, 0)
    return bot in ENGINE.result(state)["winners"]


def test_the_strategy_wins_clearly_more_than_a_random_third_of_3_player_games():
    wins = sum(game(9_000 + i, i % PLAYERS) for i in range(GAMES))
    rate = wins / GAMES
    print(f"camel-up-cards strategy win rate over {GAMES} 3-player games: {rate:.3f}")
    assert rate > 0.6


def test_the_strategy_chooses_a_legal_action_or_none():
    state = new_table(4, seed=5)
    rng = random.Random(1)
    for level in ("easy", "normal", "hard"):
        for seat in range(4):
            assert choose(ENGINE, state, seat, rng, level) in ENGINE.legal_actions(state, seat)
    state, _ = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0], 0)
    assert choose(ENGINE, state, 0, rng, "normal") is None


def test_the_strategy_does_not_depend_on_what_its_view_hides():
    state = new_table(3, seed=8)
    other = dict(state, draw_pile=list(reversed(state["draw_pile"])), seed="another seed",
                 hands=[state["hands"][0], state["hands"][2], state["hands"][1]])
    assert choose(ENGINE, state, 0, random.Random(3), "normal") == choose(ENGINE, other, 0, random.Random(3),
                                                                           "normal")


def test_the_strategy_bets_winner_on_a_camel_about_to_win():
    state = new_table(2, seed=3)
    state["stacks"] = [["blue", "green", "yellow", "purple"], [], [], [], [], [], [], [], ["red"], []]
    state["hands"][0] = [25, 35, 40, 41, 42]
    action = choose(ENGINE, state, 0, random.Random(0), "normal")
    assert action == {"type": "play_card", "card": 25, "camel": "red"}
