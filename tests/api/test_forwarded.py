"""Who the client is: a forwarded address is believed only from a configured proxy, so no client
picks a fresh rate-limit bucket by naming an address of its own (X-Forwarded-For)."""

from __future__ import annotations

import httpx
import pytest

from tests.support.live import ServerProcess

NEW_PLAYERS_AT_ONCE = 60  # api/rate.py: a classroom's burst, then one a second


def statuses_with_rotating_forwarded_for(server: ServerProcess, count: int) -> list[int]:
    with httpx.Client(base_url=server.url, timeout=10) as http:
        return [
            http.post("/api/players", json={"name": "Sara"}, headers={"X-Forwarded-For": f"198.51.100.{i}"}).status_code
            for i in range(count)
        ]


@pytest.mark.slow
def test_a_client_naming_its_own_address_still_meets_the_limit(database_url):
    server = ServerProcess(database_url).start()
    try:
        answers = statuses_with_rotating_forwarded_for(server, NEW_PLAYERS_AT_ONCE + 5)
    finally:
        server.stop()
    assert answers[:NEW_PLAYERS_AT_ONCE] == [201] * NEW_PLAYERS_AT_ONCE
    assert set(answers[NEW_PLAYERS_AT_ONCE + 1 :]) == {429}


@pytest.mark.slow
def test_a_configured_proxy_is_believed(database_url):
    server = ServerProcess(database_url, env={"DORHAMI_TRUSTED_PROXIES": "127.0.0.1"}).start()
    try:
        answers = statuses_with_rotating_forwarded_for(server, NEW_PLAYERS_AT_ONCE + 5)
    finally:
        server.stop()
    assert answers == [201] * (NEW_PLAYERS_AT_ONCE + 5)
