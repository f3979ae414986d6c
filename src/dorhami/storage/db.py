"""Database engine and schema: SQLite (WAL) by default, PostgreSQL via DATABASE_URL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"


def normalise_url(url: str) -> str:
    """Accept plain postgresql:// URLs too, and route them to psycopg 3."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _json_text(value: Any) -> str:
    return orjson.dumps(value).decode()


def make_engine(url: str) -> Engine:
    """An SQLAlchemy engine; SQLite gets WAL, foreign keys and a busy timeout on every connection."""
    url = normalise_url(url)
    # JSON columns (every logged action) are encoded with orjson: several times faster than json.
    codec = {"json_serializer": _json_text, "json_deserializer": orjson.loads}
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=5, **codec)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30}, **codec)

    @event.listens_for(engine, "connect")
    def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        # FULL: a commit survives a power cut, not only a killed process; acknowledged means durable.
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", normalise_url(url).replace("%", "%%"))
    return config


def migrate(url: str) -> None:
    """Bring the schema to the newest Alembic revision."""
    command.upgrade(alembic_config(url), "head")


def schema_is_current(engine: Engine) -> bool:
    """Whether the database's revision is the newest this version of the code knows."""
    head = ScriptDirectory(str(MIGRATIONS)).get_current_head()
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision() == head


def make_sessions(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)
