"""Several processes need PostgreSQL (SQLite is one process: it has no leases), so these tests run
on the local PostgreSQL whatever the suite's database is: a database of each xdist worker's own,
made afresh for every test. Redis is the local one. Where either is not running these tests skip and
say how to run them (tests/support/services.py), or fail under DORHAMI_REQUIRE_SERVICES=1 (CI)."""

from __future__ import annotations

import os

import pytest

from tests.support.databases import pg_database
from tests.support.services import require_postgres, require_redis

PG_ADMIN_URL = os.environ.get("DORHAMI_CLUSTER_PG_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
REDIS_URL = os.environ.get("DORHAMI_CLUSTER_REDIS_URL", "redis://127.0.0.1:6379/0")


@pytest.fixture
def cluster_database_url():
    require_postgres(PG_ADMIN_URL)
    name = f"dorhami_cluster_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"
    url = pg_database(PG_ADMIN_URL, name, create=True)
    yield url.replace("postgresql://", "postgresql+psycopg://", 1)
    pg_database(PG_ADMIN_URL, name, create=False)


@pytest.fixture
def redis_url() -> str:
    require_redis(REDIS_URL)
    return REDIS_URL
