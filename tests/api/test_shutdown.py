"""Graceful shutdown: on SIGTERM every socket is closed with 1012 and a reason the client
reconnects on, the process finishes its shutdown, and what was acknowledged is there after the
restart."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from dorhami.api.socket_protocol import SHUTDOWN_REASON
from tests.support.live import ServerProcess

pytestmark = pytest.mark.slow


async def play_one_then_stop(server: ServerProcess, code: str, token: str) -> tuple[int, int, str]:
    async with connect(server.url.replace("http", "ws", 1) + f"/ws/rooms/{code}") as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "full_states": True}))
        state = None
        while state is None or not state["legal_actions"]:
            message = json.loads(await ws.recv())
            state = message if message["type"] == "state" else state
        action = {**state["legal_actions"][0], "step": state["view"]["step"]}
        await ws.send(json.dumps({"type": "action", "action": action, "client_seq": 1}))
        while (message := json.loads(await ws.recv()))["type"] != "ack":
            pass
        server.process.terminate()
        with pytest.raises(ConnectionClosed):
            while True:
                await asyncio.wait_for(ws.recv(), 10)
        return message["version"], ws.close_code, ws.close_reason


def test_sigterm_closes_sockets_with_a_reason_and_keeps_what_was_acknowledged(database_url):
    server = ServerProcess(database_url, None, "150,300").start()
    port = server.port
    with httpx.Client(base_url=server.url, timeout=10) as http:
        player = http.post("/api/players", json={"name": "Sara"}).json()
        auth = {"Authorization": f"Bearer {player['token']}"}
        code = http.post(
            "/api/rooms", json={"game": "jekyll-vs-hyde", "config": {"timers_enabled": False}}, headers=auth
        ).json()["code"]
        http.post(f"/api/rooms/{code}/join", headers=auth)
        http.post(f"/api/rooms/{code}/bots", json={"level": "easy"}, headers=auth)
        http.post(f"/api/rooms/{code}/start", headers=auth)
    acked, close_code, reason = asyncio.run(play_one_then_stop(server, code, player["token"]))
    server.process.wait(15)
    assert "Application shutdown complete" in server.log_text()
    server.stop()
    assert (close_code, reason) == (1012, SHUTDOWN_REASON)

    again = ServerProcess(database_url, port, "150,300").start()
    try:
        state = httpx.get(f"{again.url}/api/rooms/{code}/state", headers=auth, timeout=10).json()
        assert state["version"] >= acked
        log = httpx.get(f"{again.url}/api/rooms/{code}/log", timeout=10).json()["entries"]
        assert any(entry["seat"] == 0 for entry in log)  # Sara's acknowledged action is in the log
    finally:
        again.stop()
