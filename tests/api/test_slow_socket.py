"""A socket that stops reading is closed with 1013 once its bounded send queue fills, over real TCP."""

from __future__ import annotations

import asyncio
import socket

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.support.live import ServerProcess

pytestmark = pytest.mark.slow
CYCLES = 5000  # two room messages each
BATCH = 250


async def churn(url: str, code: str, token: str, times: int) -> None:
    """A seated player's page comes and goes: every arrival and departure is a room message to every
    socket at once (a watcher's are gathered into one per interval, so they would not fill it)."""
    for _ in range(times):
        async with connect(f"{url}/ws/rooms/{code}") as ws:
            await ws.send(f'{{"type": "hello", "token": "{token}"}}')
            await ws.recv()


async def scenario(http_url: str, code: str, token: str) -> tuple[int, int]:
    ws_url = http_url.replace("http", "ws", 1)
    # A reader that has stopped: a tiny TCP window, and the client takes in one message at most.
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.connect(("127.0.0.1", int(http_url.rsplit(":", 1)[1])))
    stuck = await connect(f"{ws_url}/ws/rooms/{code}", sock=raw, max_queue=1)
    await stuck.send('{"type": "hello", "token": null}')
    # The kernel's buffers take a few MiB first: about 4,500 of these messages here, so up to twice
    # that, until the room no longer counts the stuck socket (the server closed it). Then it is read
    # at once: on a busy machine more churn could outlast the server's close handshake (1006).
    async with httpx.AsyncClient(base_url=http_url) as http:
        for _ in range(CYCLES // BATCH):
            await churn(ws_url, code, token, BATCH)
            if (await http.get(f"/api/rooms/{code}")).json()["spectators"] == 0:
                break
    received = 0
    try:
        while True:
            await asyncio.wait_for(stuck.recv(), 10)
            received += 1
    except ConnectionClosed as closed:
        return (closed.rcvd.code if closed.rcvd else 1006), received


def test_a_socket_that_stops_reading_is_closed_with_1013_and_the_table_lives_on(database_url):
    server = ServerProcess(database_url).start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as http:
            host = http.post("/api/players", json={"name": "Host"}).json()
            headers = {"Authorization": f"Bearer {host['token']}"}
            code = http.post("/api/rooms", json={"game": "twin-it"}, headers=headers).json()["code"]
            assert http.post(f"/api/rooms/{code}/join", headers=headers).status_code == 200
            close_code, received = asyncio.run(scenario(server.url, code, host["token"]))
            assert close_code == 1013
            assert received < 2 * CYCLES, "the stuck socket was cut off, not sent every message"
            # The room, and the server, are as well as before.
            assert http.get(f"/api/rooms/{code}").json()["spectators"] == 0
            assert http.post(f"/api/rooms/{code}/join", headers=headers).status_code == 200
    finally:
        server.stop()
