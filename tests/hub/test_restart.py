"""Kill -9 the server mid-game, restart it: every acknowledged action is still there and the game goes on."""

from __future__ import annotations

import random

import httpx
import pytest

from ..live import ServerProcess

pytestmark = pytest.mark.slow


def player(http: httpx.Client, name: str) -> dict:
    body = http.post("/api/players", json={"name": name}).json()
    return {"Authorization": f"Bearer {body['token']}"}


def play(http: httpx.Client, code: str, seats: list[dict], rng: random.Random, actions: int) -> list[int]:
    """Play up to `actions` random legal actions; returns the acknowledged versions."""
    acked = []
    while len(acked) < actions:
        for headers in seats:
            state = http.get(f"/api/rooms/{code}/state", headers=headers).json()
            if state["result"] is not None:
                return acked
            if state["legal_actions"]:
                action = {**rng.choice(state["legal_actions"]), "step": state["view"]["step"]}
                response = http.post(f"/api/rooms/{code}/actions", json={"action": action}, headers=headers)
                assert response.status_code == 200, response.text
                acked.append(response.json()["version"])
    return acked


def test_a_killed_server_resumes_every_game_with_no_acknowledged_action_lost(database_url):
    server = ServerProcess(database_url).start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as http:
            acked, hands, code, host, guest = first_half(http)
        server.kill()

        server.start()
        with httpx.Client(base_url=server.url, timeout=10) as http:
            second_half(http, acked, hands, code, host, guest)
    finally:
        server.stop()


def first_half(http: httpx.Client):
    host, guest = player(http, "Host"), player(http, "Guest")
    code = http.post("/api/rooms", json={"game": "jekyll-vs-hyde"}, headers=host).json()["code"]
    http.post(f"/api/rooms/{code}/join", headers=host)
    http.post(f"/api/rooms/{code}/join", headers=guest)
    http.post(f"/api/rooms/{code}/start", headers=host)
    rng = random.Random(11)
    acked = play(http, code, [host, guest], rng, 30)
    hands = [http.get(f"/api/rooms/{code}/state", headers=h).json()["view"]["hand"] for h in (host, guest)]
    return acked, hands, code, host, guest


def second_half(http: httpx.Client, acked, hands, code, host, guest):
    rng = random.Random(12)
    state = http.get(f"/api/rooms/{code}/state", headers=host).json()
    assert state["version"] == acked[-1], "every acknowledged action survived the crash"
    assert [http.get(f"/api/rooms/{code}/state", headers=h).json()["view"]["hand"] for h in (host, guest)] == hands
    assert len(http.get(f"/api/rooms/{code}/log").json()["entries"]) == acked[-1]
    play(http, code, [host, guest], rng, 10_000)
    final = http.get(f"/api/rooms/{code}/state", headers=guest).json()
    assert final["result"] is not None and final["result"]["winners"]
    assert http.get(f"/api/rooms/{code}").json()["status"] == "finished"
