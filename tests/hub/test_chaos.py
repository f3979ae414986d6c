"""The chaos benchmark, reduced: five live games (one of each title) through two SIGKILLs of the server."""

from __future__ import annotations

import asyncio

import pytest

from tests.support.chaos import chaos, failures

pytestmark = pytest.mark.slow

GAMES, KILLS = 5, 2


@pytest.mark.timeout(150)
def test_games_killed_twice_lose_no_acknowledged_action_apply_none_twice_and_replay_exactly(database_url, tmp_path):
    figures = asyncio.run(chaos(database_url, GAMES, KILLS, seed=11, scratch=tmp_path, timeout_s=80))
    problems = figures["problems"][:10]

    assert figures["kills"] >= KILLS
    assert figures["reconnects"] > 0 and figures["acked"] > 0, "the kills found players in the middle of their games"
    assert figures["lost"] == 0, problems
    assert figures["doubled"] == 0, problems
    assert figures["refused_but_applied"] == 0, problems
    assert figures["finished"] == GAMES, problems
    assert figures["replay_equal"] == GAMES, problems
    assert figures["states_checked"] > 0 and figures["states_unequal"] == 0, problems
    assert failures(figures, KILLS) == []
