"""The served socket is lean: no permessage-deflate even when the client offers it, frames capped."""

from __future__ import annotations

import asyncio

import httpx
import pytest
import websockets

from tests.support.live import ServerProcess

pytestmark = pytest.mark.slow


def test_the_server_declines_compression_and_refuses_oversized_frames(database_url):
    server = ServerProcess(database_url).start()
    token = httpx.post(f"{server.url}/api/players", json={"name": "P"}).json()["token"]
    code = httpx.post(
        f"{server.url}/api/rooms", json={"game": "twin-it"}, headers={"Authorization": f"Bearer {token}"}
    ).json()["code"]

    async def probe():
        url = server.url.replace("http", "ws") + f"/ws/rooms/{code}"
        # Offered as browsers do; accepted, each socket would keep a zlib context of tens of KiB.
        async with websockets.connect(url, compression="deflate") as ws:
            assert ws.response.headers.get("Sec-WebSocket-Extensions") is None
        async with websockets.connect(url, compression=None, max_size=None) as ws:
            await ws.send("x" * (64 * 1024 + 1))
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd.code == 1009  # "message too big", before any of our code

    try:
        asyncio.run(probe())
    finally:
        server.stop()
