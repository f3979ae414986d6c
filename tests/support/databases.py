"""Scratch databases on a PostgreSQL server, for the suite's fixtures and the benches."""

from __future__ import annotations

import psycopg
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from dorhami.storage.db import migrate, normalise_url, schema_is_current


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
            names = conn.scalars(
                text("SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'alembic_version'")
            ).all()
            conn.execute(
                text(f"TRUNCATE {', '.join(f'{chr(34)}{n}{chr(34)}' for n in names)} RESTART IDENTITY CASCADE")
            )
    finally:
        engine.dispose()


def pg_database(admin_url: str, name: str, create: bool) -> str:
    """Drop database `name` (and create it afresh if `create`); its URL."""
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if create:
            conn.execute(f'CREATE DATABASE "{name}"')
    return admin_url.rsplit("/", 1)[0] + "/" + name
