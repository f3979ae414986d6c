"""A database that drops a connection or goes away never turns into a 500."""

from __future__ import annotations

import os

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError

from dorhami.app import create_app
from dorhami.config import Settings
from dorhami.storage.db import normalise_url
from tests.support.databases import reset_postgres, worker_database
from tests.support.services import require_postgres

# This test needs PostgreSQL whichever database the suite uses: it skips where none is running (CI has one).
PG = os.environ.get("DORHAMI_TEST_DATABASE_URL") or "postgresql://postgres@127.0.0.1:5432/test"


def test_a_dropped_postgres_connection_is_replaced_before_the_next_request():
    require_postgres(PG)
    url = worker_database(PG, f"faults{os.environ.get('PYTEST_XDIST_WORKER', '')}")
    reset_postgres(url)
    with TestClient(create_app(Settings(database_url=url))) as client:
        token = client.post("/api/players", json={"name": "Sara"}).json()["token"]
        headers = {"Authorization": f"Bearer {token}"}
        assert client.patch("/api/players/me", json={"name": "Sara"}, headers=headers).status_code == 200
        admin = create_engine(normalise_url(url), isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            killed = conn.scalar(
                text(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            )
        admin.dispose()
        assert killed >= 1, "the server's pooled connections should have been there to drop"
        for _ in range(3):  # every pooled connection was dropped; each is replaced on checkout
            response = client.patch("/api/players/me", json={"name": "Sara"}, headers=headers)
            assert response.status_code == 200, response.text
        code = client.post("/api/rooms", json={"game": "twin-it"}, headers=headers)
        assert code.status_code == 201, code.text


def test_a_database_that_is_away_gets_a_typed_503_not_a_500(client, caplog):
    client.post("/api/players", json={"name": "Sara"})
    repo = client.app.state.hub.store.repo

    def away(*args, **kwargs):
        raise OperationalError("SELECT 1", {}, ConnectionRefusedError("connection refused"))

    repo.player_by_token = away
    token = client.post("/api/players", json={"name": "Ali"}).json()["token"]
    response = client.patch("/api/players/me", json={"name": "Ali"}, headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 503
    assert response.json() == {
        "code": "storage_unavailable",
        "message": "the game's storage is unavailable just now; try again",
    }
    assert "Traceback" not in caplog.text
