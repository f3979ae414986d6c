"""Tokens travel in headers and the socket's hello only: never in a URL, never in a log line."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from websockets.asyncio.client import connect

from tests.support.live import ServerProcess

pytestmark = pytest.mark.slow


async def play_over_the_socket(url: str, code: str, token: str) -> None:
    async with connect(f"{url}/ws/rooms/{code}") as ws:
        await ws.send(f'{{"type": "hello", "token": "{token}"}}')
        await ws.recv()
        await ws.send('{"type": "action", "action": {"type": "dance", "junk": "x"}, "client_seq": 1}')
        await ws.recv()
    async with connect(f"{url}/ws/rooms/{code}") as ws:  # a forged token is refused, not logged
        await ws.send(f'{{"type": "hello", "token": "{token[::-1]}"}}')
        await asyncio.wait_for(ws.wait_closed(), 5)


def test_no_token_reaches_the_server_log_even_with_the_access_log_on(database_url):
    server = ServerProcess(database_url, None, "150,300", "--access-log").start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as http:
            players = [http.post("/api/players", json={"name": name}).json() for name in ("Host", "Guest")]
            tokens = [p["token"] for p in players]
            headers = [{"Authorization": f"Bearer {t}"} for t in tokens]
            code = http.post("/api/rooms", json={"game": "jekyll-vs-hyde"}, headers=headers[0]).json()["code"]
            for h in headers:
                http.post(f"/api/rooms/{code}/join", headers=h)
            http.post(f"/api/rooms/{code}/start", headers=headers[0])
            http.get(f"/api/rooms/{code}/state", headers=headers[1])
            http.post(f"/api/rooms/{code}/actions", json={"action": {"type": "dance"}}, headers=headers[1])
            http.patch("/api/players/me", json={"name": "\u0000"}, headers=headers[1])  # refused with 422
            http.get("/api/rooms/nosuchroom", headers={"Authorization": "Bearer " + tokens[0][::-1]})
            asyncio.run(play_over_the_socket(server.url.replace("http", "ws", 1), code, tokens[1]))
            # Recovery codes, and the tokens restoring gives out, are as secret as the first token.
            recovery = http.post("/api/players/me/recovery", headers=headers[1]).json()["code"]
            restored = http.post("/api/players/restore", json={"code": recovery}).json()["token"]
            http.get("/api/players/me", headers={"Authorization": f"Bearer {restored}"})
            http.post("/api/players/restore", json={"code": recovery[::-1]})  # refused, not logged
            tokens.append(restored)
        log = server.log_text()
        assert f"/api/rooms/{code}/state" in log and "/api/players/restore" in log, "the access log was on"
        for token in tokens:
            assert token not in log and token[::-1] not in log
            assert token[:16] not in log
        for text in (recovery, recovery[::-1], recovery.replace("-", "")):
            assert text not in log and text[:11] not in log
    finally:
        server.stop()
