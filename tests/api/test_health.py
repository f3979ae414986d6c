"""Health: /healthz while the process answers; /readyz only while the database answers with the
newest schema, and a 503 naming what is not ready otherwise."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from dorhami.app import create_app
from dorhami.config import Settings, metrics_networks
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
    done = subprocess.run(
        [sys.executable, "-m", "dorhami.cli", "migrate"],
        env={**os.environ, "DATABASE_URL": url},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    engine = make_engine(url)
    try:
        assert schema_is_current(engine)
    finally:
        engine.dispose()


def metric(text_: str, name: str, labels: str = "") -> float:
    for line in text_.splitlines():
        if line.startswith(f"{name}{labels} ") or (not labels and line.startswith(name + " ")):
            return float(line.split()[-1])
    raise AssertionError(f"{name}{labels} not in the metrics")


@pytest.fixture
def loopback(settings):
    """A client at 127.0.0.1, as a Prometheus on the same host is."""
    with TestClient(create_app(settings), client=("127.0.0.1", 50000)) as client:
        yield client


def test_metrics_count_tables_sockets_commits_and_errors(loopback):
    client = loopback
    before = client.get("/metrics")
    assert before.headers["content-type"].startswith("text/plain")
    token = client.post("/api/players", json={"name": "Sara"}).json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    code = client.post("/api/rooms", json={"game": "jekyll-vs-hyde"}, headers=auth).json()["code"]
    client.post(f"/api/rooms/{code}/join", headers=auth)
    client.post(f"/api/rooms/{code}/bots", json={"level": "easy"}, headers=auth)
    client.post(f"/api/rooms/{code}/start", headers=auth)
    client.post(f"/api/rooms/{code}/start", headers=auth)  # refused: already_started
    with client.websocket_connect(f"/ws/rooms/{code}") as ws:
        ws.send_json({"type": "hello", "token": None})
        ws.receive_json()
        ws.send_json({"type": "dance"})  # refused over the socket: counted too
        while ws.receive_json()["type"] != "error":
            pass
        during = client.get("/metrics").text
    # The server lets the socket go when it reads the close, a moment after the client sent it.
    for _ in range(200):
        after = client.get("/metrics").text
        if metric(after, "dorhami_sockets") == 0:
            break
        time.sleep(0.01)
    assert metric(during, "dorhami_sockets") == 1 and metric(after, "dorhami_sockets") == 0
    assert metric(after, "dorhami_live_tables") >= 1 and metric(after, "dorhami_games_running") == 1
    assert metric(after, "dorhami_commits_total") > metric(before.text, "dorhami_commits_total")
    assert metric(after, "dorhami_commit_seconds_count") > 0
    assert metric(after, "dorhami_errors_total", '{code="already_started"}') == 1
    assert metric(after, "dorhami_errors_total", '{code="invalid_message"}') == 1
    assert "dorhami_event_loop_lag_seconds_bucket" in after
    assert token not in after


def metrics_status(settings: Settings, peer: str, headers: dict | None = None) -> int:
    with TestClient(create_app(settings), client=(peer, 50000)) as client:
        return client.get("/metrics", headers=headers or {}).status_code


@pytest.mark.parametrize("peer", ["127.0.0.1", "::1", "::ffff:127.0.0.1"])
def test_metrics_answer_the_loopback_by_default(settings, peer):
    assert metrics_status(settings, peer) == 200


@pytest.mark.parametrize("peer", ["203.0.113.9", "10.0.0.1", "::2", "testclient", ""])
def test_metrics_are_no_page_for_anyone_else(settings, peer):
    with TestClient(create_app(settings), client=(peer, 50000)) as client:
        refused = client.get("/metrics")
        unknown = client.get("/no-such-page")
    assert refused.status_code == 404 and refused.text == unknown.text  # nothing says it exists
    assert "dorhami_" not in refused.text


@pytest.mark.parametrize(
    "header", [{"X-Forwarded-For": "127.0.0.1"}, {"Forwarded": "for=127.0.0.1"}, {"X-Real-IP": "127.0.0.1"}]
)
def test_metrics_refuse_a_request_that_came_through_a_proxy(settings, header):
    assert metrics_status(settings, "127.0.0.1", header) == 404
    trusting = settings.model_copy(update={"metrics_via_proxy": True})
    assert metrics_status(trusting, "127.0.0.1", header) == 200


def test_metrics_answer_the_configured_networks(settings, monkeypatch):
    monkeypatch.setenv("DORHAMI_METRICS_ALLOW", " 10.0.0.0/8, 2001:db8::/32 ,192.0.2.7")
    allowed = Settings.from_env().metrics_allowed
    assert allowed == ("10.0.0.0/8", "2001:db8::/32", "192.0.2.7/32")
    mine = settings.model_copy(update={"metrics_allowed": allowed})
    assert [
        metrics_status(mine, peer) for peer in ("10.9.8.7", "2001:db8::5", "192.0.2.7", "192.0.2.8", "127.0.0.1")
    ] == [200, 200, 200, 404, 404]


def test_a_mistyped_metrics_network_stops_the_start():
    with pytest.raises(ValueError):
        metrics_networks("127.0.0.1,10.0.0.0/33")
