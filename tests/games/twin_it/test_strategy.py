"""Twin It bots: reactions grow with the cards on view and spread like people's, every level slips
(easy most), the levels overlap head to head, and every level beats a random player."""

from __future__ import annotations

import random
import statistics

import pytest

from dorhami.catalogue import get_engine
from dorhami.games.twin_it.strategy import Planned, draw_reaction, reaction_ms
from tests.support.botsim import bot_game, wins_against_random

ENGINE = get_engine("twin-it")


def is_mistake(action: dict) -> bool:
    return len({entry["design"] for entry in action["cards"]}) > 1


def draws(level: str, items: int, n: int = 2000) -> list[int]:
    rng = random.Random(f"{level}:{items}")
    return [draw_reaction(level, items, rng) for _ in range(n)]


def test_a_reaction_grows_with_the_cards_on_view_and_has_a_slow_tail():
    few, many = draws("normal", 10), draws("normal", 40)
    # 30 more cards at 37 ms each, and the tail grows with the search (×1.35).
    assert 1200 < statistics.fmean(many) - statistics.fmean(few) < 1800
    assert statistics.fmean(many) > statistics.median(many) + 100  # skewed right, as human reactions are


def test_the_levels_reaction_times_overlap():
    # Measured at 36 cards (a mid-game table): hard first in 56 % of draws, normal before easy in 59 %.
    hard, normal, easy = draws("hard", 36), draws("normal", 36), draws("easy", 36)
    hard_first = sum(h < n for h, n in zip(hard, normal, strict=True)) / len(hard)
    normal_first = sum(n < e for n, e in zip(normal, easy, strict=True)) / len(normal)
    assert 0.5 < hard_first < 0.65 and 0.5 < normal_first < 0.65, (hard_first, normal_first)


def test_a_plan_keeps_its_reaction_and_a_flip_is_quick():
    planned = Planned(type="claim", cards=[])
    planned.reaction = 1234
    assert reaction_ms(planned, "hard", random.Random(1)) == 1234
    assert 500 <= reaction_ms({"type": "flip"}, "hard", random.Random(1)) <= 1100


def slip_rate(level: str, seeds: range) -> tuple[int, int]:
    claims = mistakes = 0
    for seed in seeds:
        _, log = bot_game(ENGINE, [level, level], seed)
        sent = [action for _, action, _ in log if action and action["type"] == "claim"]
        claims, mistakes = claims + len(sent), mistakes + sum(map(is_mistake, sent))
    return mistakes, claims


def test_every_level_slips_and_easy_most():
    easy, hard = slip_rate("easy", range(10)), slip_rate("hard", range(10))
    assert easy[1] >= 150 and hard[1] >= 150, (easy, hard)
    # Measured: easy 20 of 206 claims (10 %), normal 9 of 197 (5 %), hard 5 of 184 (3 %).
    assert 0 < hard[0] / hard[1] < easy[0] / easy[1] <= 0.15, (easy, hard)


def score(first: str, other: str, deals: range) -> int:
    """Games `first` wins alone against `other`, each deal played from both seats."""
    wins = 0
    for deal in deals:
        wins += bot_game(ENGINE, [first, other], deal)[0]["winners"] == [0]
        wins += bot_game(ENGINE, [other, first], deal)[0]["winners"] == [1]
    return wins


def test_the_stronger_level_wins_most_games_but_not_all():
    # Measured: 19 and 20 of 24; over 200 games (bench/quality/bot_strength.py) 75.5 % and 77 %.
    assert 13 <= score("hard", "normal", range(12)) <= 22
    assert 13 <= score("normal", "easy", range(12)) <= 22


def team_games(level: str, seeds: range) -> tuple[int, int]:
    """(set touches, team mistakes) of four `level` bots playing team mode over `seeds`."""
    set_touches = mistakes = 0
    for seed in seeds:
        result, log = bot_game(ENGINE, [level] * 4, seed, {"mode": "team"})
        set_touches += sum(1 for _, a, _ in log if a and a["type"] == "touch" and len(a["cards"]) == 2)
        mistakes += sum(row["mistakes"] for row in result["standings"])
    return set_touches, mistakes


def test_team_bots_err_when_easy_and_steal_or_upgrade_when_stronger():
    easy_touches, easy_mistakes = team_games("easy", range(6))
    hard_touches, hard_mistakes = team_games("hard", range(6))
    assert easy_touches == 0 and hard_touches > 0 and easy_mistakes > hard_mistakes, (easy_mistakes, hard_mistakes)


# Against a fair share of a half, 11 wins of 12 happen by chance with p ≈ 3e-3; measured: 12 of 12
# (200 of 200 in bench/quality/bot_strength.py).
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_beats_a_random_player(level):
    assert wins_against_random(ENGINE, level, 12) >= 11
