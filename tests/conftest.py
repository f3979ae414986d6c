"""Shared fixtures: an empty, migrated database per test (SQLite, or the PostgreSQL of DORHAMI_TEST_DATABASE_URL).

Under pytest-xdist each worker gets a database of its own on that server (`<name>_<worker>`), so tests
running side by side never drop each other's tables.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from dorhami.storage.db import migrate, normalise_url, schema_is_current

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


def empty_postgres_tables(url: str) -> None:
    """Empty every table but keep the schema: a tenth of the time of dropping it and migrating again.
    A test that left the schema behind the code's (one that migrates from nothing) gets it rebuilt."""
    engine = create_engine(normalise_url(url))
    try:
        if not schema_is_current(engine):
            engine.dispose()
            reset_postgres(url)
            migrate(url)
            return
        with engine.begin() as conn:
            names = conn.scalars(text("SELECT tablename FROM pg_tables WHERE schemaname = 'public' "
                                      "AND tablename <> 'alembic_version'")).all()
            conn.execute(text(f"TRUNCATE {', '.join(f'{chr(34)}{n}{chr(34)}' for n in names)} RESTART IDENTITY CASCADE"))
    finally:
        engine.dispose()


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
