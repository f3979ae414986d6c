"""Three server processes on one PostgreSQL and Redis behind the proxy; the owner of the most
tables is killed with SIGKILL mid-game, or stopped with SIGTERM as a deploy would (bench/reliability/cluster.py,
which has the whole account)."""

from __future__ import annotations

import asyncio

import pytest

from tests.support.cluster import FAILOVER_LIMIT_S, LEASE_TTL_S, failover, failures

pytestmark = pytest.mark.slow

GAMES, PROCESSES = 30, 3


@pytest.mark.timeout(300)
def test_thirty_games_on_three_processes_survive_killing_an_owner(cluster_database_url, redis_url, tmp_path):
    figures = asyncio.run(
        failover(cluster_database_url, redis_url, GAMES, PROCESSES, seed=5, scratch=tmp_path, timeout_s=200)
    )
    problems = figures["problems"][:10]

    assert len(figures["spread"]) == PROCESSES and all(n > 0 for n in figures["spread"].values()), (
        f"every process ran tables: {figures['spread']}"
    )
    assert figures["victim_tables"] > 0 and not figures["never_taken_over"]
    assert figures["failover_max_s"] <= FAILOVER_LIMIT_S, figures["failover_max_s"]
    assert figures["reconnects"] > 0 and figures["acked"] > 0
    assert figures["lost"] == 0, problems
    assert figures["doubled"] == 0, problems
    assert figures["refused_but_applied"] == 0, problems
    assert figures["finished"] == GAMES, problems
    assert figures["replay_equal"] == GAMES, problems
    assert not figures["problems"], problems
    assert figures["server_errors"] == 0, figures["server_problems"]
    assert failures(figures) == []


@pytest.mark.timeout(300)
def test_a_process_stopped_for_a_deploy_hands_its_tables_over_without_waiting_for_expiry(
    cluster_database_url, redis_url, tmp_path
):
    """SIGTERM, as a rolling deploy stops a process: its sockets close with 1012, their players
    reconnect to the other processes, which ask for the tables, and it hands them over while it
    drains (what is left it releases as it exits: tests/cluster/test_leases.py). The tables move
    at once, not when the leases would expire."""
    games = 12
    figures = asyncio.run(
        failover(
            cluster_database_url, redis_url, games, PROCESSES, seed=7, scratch=tmp_path, timeout_s=200, stop="term"
        )
    )
    problems = figures["problems"][:10]
    assert figures["victim_tables"] > 0 and not figures["never_taken_over"]
    assert figures["failover_max_s"] < float(LEASE_TTL_S), "taken over before any lease could have expired"
    assert figures["lost"] == 0 and figures["doubled"] == 0 and figures["refused_but_applied"] == 0, problems
    assert figures["finished"] == games and figures["replay_equal"] == games, problems
    assert figures["server_errors"] == 0, figures["server_problems"]
    assert failures(figures, spread=False) == []  # 12 random room codes may all miss one process
