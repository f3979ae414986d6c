"""The local PostgreSQL and Redis that tests/cluster and the storage-fault test need whatever the
suite's database is. scripts/test.sh starts them when they are installed; where they are not, those
tests skip and say how to run them, unless DORHAMI_REQUIRE_SERVICES=1 (.ci/run), where they fail."""

from __future__ import annotations

import os
import socket
from urllib.parse import urlsplit

import pytest

INSTALL = {
    "PostgreSQL": "apt-get install postgresql; the user postgres connects from 127.0.0.1 without a password",
    "Redis": "apt-get install redis-server",
}


def reachable(url: str, default_port: int) -> bool:
    parts = urlsplit(url)
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or default_port), timeout=2):
            return True
    except OSError:
        return False


def require(name: str, url: str, default_port: int) -> None:
    """Skip the test (or fail it, under DORHAMI_REQUIRE_SERVICES=1) when nothing listens at url."""
    if reachable(url, default_port):
        return
    parts = urlsplit(url)
    where = f"{parts.hostname}:{parts.port or default_port}"
    if os.environ.get("DORHAMI_REQUIRE_SERVICES") == "1":
        pytest.fail(f"{name} is not reachable on {where} and DORHAMI_REQUIRE_SERVICES=1", pytrace=False)
    pytest.skip(
        f"needs {name} on {where}, where none answers: install it ({INSTALL[name]}) and run "
        "scripts/test.sh, which starts it"
    )


def require_postgres(url: str) -> None:
    require("PostgreSQL", url, 5432)


def require_redis(url: str) -> None:
    require("Redis", url, 6379)
