"""Twin It bots: an easy bot slips about as often as intended, the faster level wins, and every
level beats a random player."""

from __future__ import annotations

import pytest

from dorhami.catalogue import get_engine
from dorhami.games.twin_it.strategy import MISTAKE_CHANCE
from tests.support.botsim import bot_game, wins_against_random

ENGINE = get_engine("twin-it")


def is_mistake(action: dict) -> bool:
    return len({entry["design"] for entry in action["cards"]}) > 1


def test_an_easy_bot_slips_on_about_one_claim_in_twelve():
    claims = mistakes = 0
    for seed in range(10):
        _, log = bot_game(ENGINE, ["easy", "easy"], seed)
        sent = [action for _, action, _ in log if action and action["type"] == "claim"]
        claims, mistakes = claims + len(sent), mistakes + sum(map(is_mistake, sent))
    # Before the slip was decided once per claim: 133 of 401 claims, 33 %.
    assert claims >= 150 and 0 < mistakes / claims <= 0.15 and MISTAKE_CHANCE["easy"] == 0.08, (mistakes, claims)


def wins(levels: list[str], seeds: range) -> int:
    """How many of the games seat 0 wins alone."""
    return sum(bot_game(ENGINE, levels, seed)[0]["winners"] == [0] for seed in seeds)


def test_hard_beats_normal_beats_easy_head_to_head():
    assert wins(["hard", "normal"], range(12)) >= 9
    assert wins(["normal", "easy"], range(12)) >= 9


def team_games(level: str, seeds: range) -> tuple[int, int]:
    """(set touches, team mistakes) of four `level` bots playing team mode over `seeds`."""
    set_touches = mistakes = 0
    for seed in seeds:
        result, log = bot_game(ENGINE, [level] * 4, seed, {"mode": "team"})
        set_touches += sum(1 for _, a, _ in log if a and a["type"] == "touch" and len(a["cards"]) == 2)
        mistakes += sum(row["mistakes"] for row in result["standings"])
    return set_touches, mistakes


def test_team_bots_err_when_easy_and_steal_or_upgrade_when_stronger():
    set_touches, mistakes = team_games("easy", range(6))
    assert set_touches == 0 and mistakes > 0
    set_touches, mistakes = team_games("hard", range(6))
    assert set_touches > 0 and mistakes == 0


# Against a fair share of a half, 11 wins of 12 happen by chance with p ≈ 3e-3; measured: 12 of 12
# (200 of 200 in bench/quality/bot_strength.py).
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_beats_a_random_player(level):
    assert wins_against_random(ENGINE, level, 12) >= 11
