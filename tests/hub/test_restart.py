"""Kill -9 the server mid-game, restart it: every acknowledged action is still there and the game goes on."""

from __future__ import annotations

import asyncio
import json
import random

import httpx
import pytest
import websockets

from tests.support.live import ServerProcess

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


def test_a_kill_during_group_commits_of_many_tables_loses_no_acknowledged_action(database_url):
    """Eight tables play over sockets at once, so their appends share transactions; the kill lands
    while actions are in flight. Every action a client heard acknowledged is in the log after."""
    server = ServerProcess(database_url).start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as http:
            tables = [seated_table(http) for _ in range(8)]
        acked: dict[str, list[tuple[int, int]]] = {code: [] for code, _ in tables}
        ws_url = server.url.replace("http", "ws")

        async def play_all():
            stop = asyncio.Event()
            players = [
                asyncio.create_task(socket_player(ws_url, code, token, seed, acked[code], stop))
                for seed, (code, tokens) in enumerate(tables)
                for token in tokens
            ]
            while sum(len(a) for a in acked.values()) < 150:
                await asyncio.sleep(0.01)
            server.kill()  # mid-flight: players are still sending
            stop.set()
            await asyncio.gather(*players, return_exceptions=True)

        asyncio.run(play_all())
        assert all(acked.values()), "every table played before the kill"
        server.start()
        with httpx.Client(base_url=server.url, timeout=10) as http:
            for code, heard in acked.items():
                entries = http.get(f"/api/rooms/{code}/log").json()["entries"]
                logged = {e["seq"]: e["seat"] for e in entries}
                assert [e["seq"] for e in entries] == list(range(1, len(entries) + 1))
                assert all(logged.get(version) == seat for version, seat in heard), (
                    f"room {code}: an acknowledged action is missing from the log"
                )
    finally:
        server.stop()


def seated_table(http: httpx.Client) -> tuple[str, list[str]]:
    tokens = [http.post("/api/players", json={"name": n}).json()["token"] for n in ("Host", "Guest")]
    host = {"Authorization": f"Bearer {tokens[0]}"}
    code = http.post(
        "/api/rooms", json={"game": "jekyll-vs-hyde", "config": {"timers_enabled": False}}, headers=host
    ).json()["code"]
    for token in tokens:
        http.post(f"/api/rooms/{code}/join", headers={"Authorization": f"Bearer {token}"})
    http.post(f"/api/rooms/{code}/start", headers=host)
    return code, tokens


async def socket_player(ws_url: str, code: str, token: str, seed: int, acked: list, stop: asyncio.Event):
    """Plays whenever it has a legal action, one at a time; records (version, seat) of each ack."""
    rng, seq = random.Random(seed), 0
    async with websockets.connect(f"{ws_url}/ws/rooms/{code}") as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "full_states": True}))
        state, waiting = None, False
        while not stop.is_set():
            message = json.loads(await ws.recv())
            if message["type"] == "state":
                state = message
            elif message["type"] == "ack":
                acked.append((message["version"], state["seat"]))
                waiting = False
            elif message["type"] == "error":
                waiting = False
            if state and state["legal_actions"] and not waiting and state["result"] is None:
                seq += 1
                action = {**rng.choice(state["legal_actions"]), "step": state["view"]["step"]}
                await ws.send(json.dumps({"type": "action", "action": action, "client_seq": seq}))
                waiting = True
