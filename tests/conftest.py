"""Shared fixtures: a fresh database per test (SQLite, or the PostgreSQL of DORHAMI_TEST_DATABASE_URL)."""

from __future__ import annotations

import os

import pytest
from sqlalchemy import create_engine, text

from dorhami.storage.db import normalise_url

PG_URL = os.environ.get("DORHAMI_TEST_DATABASE_URL", "")


def reset_postgres(url: str) -> None:
    engine = create_engine(normalise_url(url))
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()


@pytest.fixture
def database_url(tmp_path) -> str:
    """Where this test's server keeps its data; empty at the start of every test."""
    if PG_URL.startswith("postgres"):
        reset_postgres(PG_URL)
        return PG_URL
    return f"sqlite:///{tmp_path / 'dorhami.db'}"
