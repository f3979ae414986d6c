"""Health: /healthz while the process answers; /readyz only while the database answers with the
newest schema, and a 503 naming what is not ready otherwise."""

from __future__ import annotations

import os
import subprocess
import sys

from sqlalchemy import text

from dorhami.storage.db import make_engine, schema_is_current


def test_a_migrated_server_is_alive_and_ready(client):
    assert client.get("/healthz").json() == {"status": "ok"}
    answer = client.get("/readyz")
    assert answer.status_code == 200
    assert answer.json() == {"status": "ready", "checks": {"database": "ok", "migrations": "ok"}}


def test_a_schema_behind_the_code_is_not_ready(client, database_url):
    engine = make_engine(database_url)
    try:
        with engine.begin() as connection:
            head = connection.scalar(text("SELECT version_num FROM alembic_version"))
            connection.execute(text("UPDATE alembic_version SET version_num = '0005'"))
        answer = client.get("/readyz")
        assert answer.status_code == 503
        assert answer.json() == {"status": "not_ready", "checks": {"database": "ok", "migrations": "behind"}}
        assert client.get("/healthz").status_code == 200  # alive all the same
        with engine.begin() as connection:
            connection.execute(text("UPDATE alembic_version SET version_num = :head"), {"head": head})
        assert client.get("/readyz").status_code == 200
    finally:
        engine.dispose()


def test_an_unreachable_database_is_not_ready(client):
    store = client.app.state.hub.store
    real = store.run

    async def failing(fn, *args, **kwargs):
        raise ConnectionError("the database went away")

    store.run = failing
    try:
        answer = client.get("/readyz")
    finally:
        store.run = real
    assert answer.status_code == 503 and answer.json()["checks"]["database"] == "unreachable"


def test_dorhami_migrate_brings_an_empty_database_to_the_newest_schema(tmp_path):
    url = f"sqlite:///{tmp_path / 'fresh.db'}"
    done = subprocess.run([sys.executable, "-m", "dorhami.cli", "migrate"], env={**os.environ, "DATABASE_URL": url},
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    engine = make_engine(url)
    try:
        assert schema_is_current(engine)
    finally:
        engine.dispose()
