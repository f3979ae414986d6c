"""What a long-running server leaves behind: closed sockets freed by their reference counts, and
the garbage cycles of others (uvicorn's) still collected under `dorhami serve`'s collector settings.

A loaded server collects its old generation seldom (cli._calm_garbage_collector): anything of
ours in a reference cycle outlives its socket, and RSS grows with every connection (bench/reliability/soak.py).
"""

from __future__ import annotations

import asyncio
import gc
import subprocess
import sys
import textwrap
import time
import weakref

import httpx
import uvicorn
from fastapi.testclient import TestClient
from websockets.asyncio.client import connect

from dorhami.api.socket_protocol import FrameWritingProtocol
from dorhami.app import create_app
from dorhami.cli import SOCKET_SETTINGS
from tests.support.live import free_port

from .factories import play_to_the_end, seated_game

CYCLES = 30


def test_a_closed_socket_is_freed_without_the_collector(settings):
    """Spectators connect to a room over `dorhami serve`'s own socket protocol, say hello, get the
    room and leave, with the collector off: none of their protocols stays in memory, and a full
    collection then finds no garbage of ours."""
    app = create_app(settings)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", **SOCKET_SETTINGS))

    async def cycle(code: str) -> None:
        async with connect(f"ws://127.0.0.1:{port}/ws/rooms/{code}") as ws:
            await ws.send('{"type":"hello","token":null}')
            await asyncio.wait_for(ws.recv(), 10)

    async def scenario() -> tuple[int, list[str]]:
        serving = asyncio.create_task(server.serve())
        try:
            while not server.started:
                await asyncio.sleep(0.01)
            async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
                token = (await http.post("/api/players", json={"name": "Host"})).json()["token"]
                code = (
                    await http.post(
                        "/api/rooms", json={"game": "twin-it"}, headers={"Authorization": f"Bearer {token}"}
                    )
                ).json()["code"]
            await cycle(code)  # loads the table here (on PostgreSQL a new room's table waits for its first visitor)
            table = app.state.hub.tables[code]
            gc.collect()
            gc.disable()
            try:
                for _ in range(CYCLES):
                    await cycle(code)
                for _ in range(200):  # each socket's handler ends a moment after its client has gone
                    alive = sum(isinstance(o, FrameWritingProtocol) for o in gc.get_objects())
                    if not table.subscribers and not alive:
                        break
                    await asyncio.sleep(0.01)
                gc.set_debug(gc.DEBUG_SAVEALL)
                gc.collect()
                ours = sorted(
                    {
                        f"{type(o).__module__}.{type(o).__qualname__}"
                        for o in gc.garbage
                        if type(o).__module__.startswith("dorhami")
                    }
                )
            finally:
                gc.set_debug(0)
                gc.garbage.clear()
                gc.enable()
            return alive, ours
        finally:
            server.should_exit = True
            await serving

    alive, ours = asyncio.run(scenario())
    assert (alive, ours) == (0, []), f"{alive} socket protocols of {CYCLES} closed sockets kept; garbage: {ours}"


def test_a_table_that_leaves_memory_is_freed_without_the_collector(settings):
    """A played table unloaded by the sweep goes with its reference count: nothing it owns
    (stand-ins, rescues), nor a command posted to it later, holds it in a cycle."""
    app = create_app(settings.model_copy(update={"idle_table_s": 0}))
    with TestClient(app) as client:
        code, host, guest = seated_game(client)
        hub = app.state.hub
        table = weakref.ref(hub.tables[code])
        # A seated player's socket leaving posts the room's news when its grace ends (15 s): soon
        # here, and after the table has left memory.
        table().roster.grace_ms = 300
        gc.collect()
        gc.disable()
        try:
            play_to_the_end(client, code, [host, guest])
            for player in (host, guest, None):
                with client.websocket_connect(f"/ws/rooms/{code}") as ws:
                    ws.send_json({"type": "hello", "token": player and player["token"]})
                    ws.receive_json()
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and code in hub.tables:
                client.portal.call(hub.sweep)  # unloads it once its sockets have left
                time.sleep(0.02)
            while time.monotonic() < deadline and table() is not None:
                time.sleep(0.02)
            kept = table() is not None
        finally:
            gc.enable()
    assert code not in hub.tables and not kept, "the unloaded table stayed in memory, in a reference cycle"


COLLECTOR = textwrap.dedent("""
    import gc
    from collections import deque

    from dorhami.cli import _calm_garbage_collector

    class Node:
        # One object of a reference cycle (itself), counted while in memory, garbage or not.
        __slots__ = ("me", "__weakref__")
        population = 0

        def __init__(self):
            self.me = self
            Node.population += 1

        def __del__(self):
            Node.population -= 1

    _calm_garbage_collector()
    window, most = deque(), 0
    for i in range(1_500_000):
        # As a server's connections: each lives through some young collections, then is garbage.
        window.append(Node())
        if len(window) > 30_000:
            window.popleft()
        if i % 10_000 == 0:
            most = max(most, Node.population)
    print(most, gc.get_stats()[2]["collections"])
""")


def test_the_served_collector_still_frees_old_garbage_cycles():
    """Under the settings of `dorhami serve`, cycles that lived through young collections before
    they became garbage are freed within a bounded amount of work, not after an hour of load.
    (A process of its own: the settings freeze the interpreter's objects.)"""
    out = subprocess.run([sys.executable, "-c", COLLECTOR], capture_output=True, text=True, check=True, timeout=120)
    most, full_collections = (int(x) for x in out.stdout.split())
    # 30,000 alive at any time; what the collector has not yet freed comes on top.
    assert most < 250_000, f"up to {most} cycles in memory ({full_collections} full collections)"
