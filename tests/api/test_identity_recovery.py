"""Keeping your identity: a recovery code, shown once and stored hashed, restores the same player
in another browser, which gets a token of its own."""

from __future__ import annotations

import re

from sqlalchemy import inspect, text

from dorhami.storage.db import make_engine
from dorhami.storage.recovery import ALPHABET


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def new_player(client, name="Sara") -> dict:
    return client.post("/api/players", json={"name": name}).json()


def test_a_code_restores_the_same_player_in_another_browser_with_its_own_token(client):
    sara = new_player(client)
    assert client.get("/api/players/me", headers=bearer(sara["token"])).json() == {
        "id": sara["id"],
        "name": "Sara",
        "protected": False,
    }
    issued = client.post("/api/players/me/recovery", headers=bearer(sara["token"]))
    assert issued.status_code == 201 and issued.headers["cache-control"] == "no-store"
    code = issued.json()["code"]
    assert re.fullmatch(rf"([{ALPHABET}]{{5}}-){{4}}[{ALPHABET}]{{5}}", code)
    assert client.get("/api/players/me", headers=bearer(sara["token"])).json()["protected"] is True

    room = client.post("/api/rooms", json={"game": "jekyll-vs-hyde"}, headers=bearer(sara["token"])).json()["code"]
    seat = client.post(f"/api/rooms/{room}/join", headers=bearer(sara["token"])).json()["seat"]

    restored = client.post("/api/players/restore", json={"code": code})
    assert restored.status_code == 200
    other = restored.json()
    assert other["id"] == sara["id"] and other["name"] == "Sara" and other["token"] != sara["token"]
    # The same player: the same seat, from either browser.
    for token in (other["token"], sara["token"]):
        assert client.post(f"/api/rooms/{room}/join", headers=bearer(token)).json()["seat"] == seat
        assert client.get("/api/players/me", headers=bearer(token)).json()["id"] == sara["id"]


def test_a_code_typed_by_hand_is_read_forgivingly(client):
    sara = new_player(client)
    code = client.post("/api/players/me/recovery", headers=bearer(sara["token"])).json()["code"]
    typed = " ".join(code.replace("-", "")).lower().replace("0", "o").replace("1", "l")
    assert client.post("/api/players/restore", json={"code": typed}).json()["id"] == sara["id"]


def test_a_new_code_replaces_the_old_one_and_a_forgotten_code_restores_nobody(client):
    sara = new_player(client)
    first = client.post("/api/players/me/recovery", headers=bearer(sara["token"])).json()["code"]
    second = client.post("/api/players/me/recovery", headers=bearer(sara["token"])).json()["code"]
    assert first != second
    refused = client.post("/api/players/restore", json={"code": first})
    assert refused.status_code == 401 and refused.json()["code"] == "invalid_recovery_code"
    assert client.post("/api/players/restore", json={"code": second}).status_code == 200
    assert client.delete("/api/players/me/recovery", headers=bearer(sara["token"])).status_code == 204
    assert client.post("/api/players/restore", json={"code": second}).status_code == 401
    assert client.get("/api/players/me", headers=bearer(sara["token"])).json()["protected"] is False


def test_codes_that_are_no_code_are_refused_alike(client):
    for typed in ("x", "0" * 25, "U" * 25, "<script>", "7K2QM-9XH4T-D0RWA-3JP8N-EV5B"):
        answer = client.post("/api/players/restore", json={"code": typed})
        assert answer.status_code == 401 and answer.json()["code"] == "invalid_recovery_code", typed
    assert client.post("/api/players/restore", json={"code": "x" * 65}).status_code == 422
    assert client.post("/api/players/me/recovery").status_code == 401


def test_neither_code_nor_token_is_stored_as_it_is(client, database_url):
    sara = new_player(client)
    code = client.post("/api/players/me/recovery", headers=bearer(sara["token"])).json()["code"]
    restored = client.post("/api/players/restore", json={"code": code}).json()["token"]
    engine = make_engine(database_url)
    try:
        with engine.connect() as connection:
            stored = " ".join(
                str(row)
                for table in inspect(connection).get_table_names()
                for row in connection.execute(text(f'SELECT * FROM "{table}"'))
            )
    finally:
        engine.dispose()
    assert sara["id"] in stored  # the scan reads the players
    for secret in (code, code.replace("-", ""), sara["token"], restored):
        assert secret not in stored


def test_restoring_is_rate_limited_per_address(settings):
    from fastapi.testclient import TestClient

    from dorhami.app import create_app

    with TestClient(create_app(settings)) as client:
        client.app.state.rate_limits.clock = lambda: 0.0  # frozen: no token comes back meanwhile
        answers = [client.post("/api/players/restore", json={"code": "x"}).status_code for _ in range(11)]
    assert answers == [401] * 10 + [429]
