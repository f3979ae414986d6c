"""With several processes the creation and guessing limits are one budget (api/rate.py): a
request that names no room may reach any process, so per-process buckets gave N times as much."""

from __future__ import annotations

import uuid
from contextlib import ExitStack

from fastapi.testclient import TestClient

from dorhami.api.rate import ADDRESS_LIMITS
from dorhami.app import create_app
from dorhami.config import Settings

WRONG_CODE = {"code": "0000-0000-0000-0000-0000-0"}


def guesses_until_refused(clients: list[TestClient]) -> list[int]:
    """Recovery-code guesses sent round the processes until the first 429: every status."""
    statuses = []
    while 429 not in statuses and len(statuses) < 100:
        statuses.append(clients[len(statuses) % len(clients)].post("/api/players/restore", json=WRONG_CODE).status_code)
    return statuses


def processes(url: str, redis_url: str, address: str, count: int, stack: ExitStack) -> list[TestClient]:
    return [
        stack.enter_context(
            TestClient(
                create_app(Settings(database_url=url, redis_url=redis_url, instance_id=f"p{i}")),
                client=(address, 50000),
            )
        )
        for i in range(count)
    ]


def test_two_processes_share_one_budget_of_recovery_code_guesses(cluster_database_url, redis_url):
    burst = ADDRESS_LIMITS["restore"].burst  # and one more token only after 6 s
    with ExitStack() as stack:
        statuses = guesses_until_refused(processes(cluster_database_url, redis_url, f"a-{uuid.uuid4()}", 2, stack))
    assert statuses == [401] * burst + [429], "the burst is one budget over both processes"


def test_while_redis_is_away_each_process_still_limits_on_its_own(cluster_database_url, caplog):
    burst = ADDRESS_LIMITS["restore"].burst
    with ExitStack() as stack:
        statuses = guesses_until_refused(
            processes(cluster_database_url, "redis://127.0.0.1:1/0", f"a-{uuid.uuid4()}", 1, stack)
        )
    assert statuses == [401] * burst + [429]
    warnings = [r for r in caplog.records if "rate limits: Redis did not answer" in r.getMessage()]
    assert len(warnings) == 1, "said once, not once per request"
