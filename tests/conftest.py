"""Shared fixtures: an empty, migrated database per test (SQLite, or the PostgreSQL of DORHAMI_TEST_DATABASE_URL).

Under pytest-xdist each worker gets a database of its own on that server (`<name>_<worker>`), so tests
running side by side never drop each other's tables.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from dorhami.storage.db import migrate
from tests.support import forked, frames
from tests.support.databases import empty_postgres_tables, reset_postgres, worker_database  # noqa: F401  (tests/hub/test_table_model.py imports reset_postgres from here)

# The suite's real servers are forked from one that has imported the app (tests/support/forked.py).
forked.enabled = True

PG_URL = os.environ.get("DORHAMI_TEST_DATABASE_URL", "")


@pytest.fixture(autouse=True, scope="session")
def frames_follow_the_protocol():
    """Every socket frame a test receives validates against GET /asyncapi.json (tests/support/frames.py)."""
    with frames.checked():
        yield


@pytest.fixture(scope="session")
def postgres_url() -> str:
    return worker_database(PG_URL, os.environ.get("PYTEST_XDIST_WORKER", "")) if PG_URL.startswith("postgres") else ""


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory) -> Path:
    """A database migrated once per worker; each test starts from a copy of it."""
    path = tmp_path_factory.mktemp("template") / "dorhami.db"
    migrate(f"sqlite:///{path}")
    return path


@pytest.fixture
def database_url(tmp_path, postgres_url, sqlite_template) -> str:
    """Where this test's server keeps its data: migrated, and with no rows, at the start of every test."""
    if postgres_url:
        empty_postgres_tables(postgres_url)
        return postgres_url
    # Migrating from nothing costs about 0.1 s a test (SQLite rebuilds tables in batch mode); a copy, 1 ms.
    path = tmp_path / "dorhami.db"
    shutil.copyfile(sqlite_template, path)
    return f"sqlite:///{path}"


@pytest.fixture
def empty_database_url(tmp_path, postgres_url) -> str:
    """A database with no schema at all, for the tests of migrating from nothing."""
    if postgres_url:
        reset_postgres(postgres_url)
        return postgres_url
    return f"sqlite:///{tmp_path / 'dorhami.db'}"
