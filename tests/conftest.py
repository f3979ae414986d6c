"""Shared fixtures: a fresh database per test (SQLite, or the PostgreSQL of DORHAMI_TEST_DATABASE_URL).

Under pytest-xdist each worker gets a database of its own on that server (`<name>_<worker>`), so tests
running side by side never drop each other's tables.
"""

from __future__ import annotations

import os

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from dorhami.storage.db import normalise_url

PG_URL = os.environ.get("DORHAMI_TEST_DATABASE_URL", "")


def worker_database(url: str, worker: str) -> str:
    """The URL of this worker's own database on the same server, created on first use."""
    if not worker:
        return url
    base = make_url(normalise_url(url))
    mine = base.set(database=f"{base.database}_{worker}")
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        exists = conn.scalar(text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": mine.database})
        if not exists:
            conn.execute(text(f'CREATE DATABASE "{mine.database}"'))
    admin.dispose()
    return mine.render_as_string(hide_password=False)


def reset_postgres(url: str) -> None:
    engine = create_engine(normalise_url(url))
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()


@pytest.fixture(scope="session")
def postgres_url() -> str:
    return worker_database(PG_URL, os.environ.get("PYTEST_XDIST_WORKER", "")) if PG_URL.startswith("postgres") else ""


@pytest.fixture
def database_url(tmp_path, postgres_url) -> str:
    """Where this test's server keeps its data; empty at the start of every test."""
    if postgres_url:
        reset_postgres(postgres_url)
        return postgres_url
    return f"sqlite:///{tmp_path / 'dorhami.db'}"
