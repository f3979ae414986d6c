"""Structured logs: JSON lines naming the room and the game a table's line concerns."""

from __future__ import annotations

import asyncio
import json
import logging

import httpx

from dorhami import logs
from dorhami.hub.clock import FakeClock
from dorhami.hub.journal import Journal
from dorhami.logs import JsonFormatter
from dorhami.storage.repository import Store
from tests.support.live import ServerProcess

from ..json_logs import json_lines
from .test_leavers import GRACE_S, table_with_a_leaver, wait


def test_a_line_logged_inside_a_table_names_its_room_and_game(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, _, _ = await table_with_a_leaver(database_url, "jekyll-vs-hyde", clock)
        await wait(clock, table, GRACE_S + 1)  # the stand-in's line is logged by a task of the table
        game = table.game.id
        await hub.close()
        hub.store.close()
        return game

    with json_lines("dorhami.hub.leavers") as lines:
        game = asyncio.run(scenario())
    stood_in = [line for line in lines if "stands in" in line["message"]]
    assert stood_in and stood_in[0]["room"] == "r" and stood_in[0]["game_id"] == game
    assert stood_in[0]["level"] == "info" and stood_in[0]["logger"] == "dorhami.hub.leavers"


def test_a_line_outside_any_table_names_none():
    record = logging.LogRecord("x", logging.WARNING, __file__, 1, "plain %s", ("words",), None)
    line = json.loads(JsonFormatter().format(record))
    assert line["message"] == "plain words" and line["room"] is None and line["game_id"] is None


def test_the_server_logs_json_lines_access_log_included(database_url):
    server = ServerProcess(database_url, None, "150,300", "--access-log").start()
    try:
        httpx.get(f"{server.url}/healthz", timeout=10)
        lines = [line for line in server.log_text().splitlines() if line.strip()]
    finally:
        server.stop()
    parsed = [json.loads(line) for line in lines]  # every line is one JSON object
    assert any("/healthz" in line["message"] for line in parsed)
    assert any(line["logger"].startswith("uvicorn") for line in parsed)


def test_the_journal_serves_every_table_and_names_none_of_them(tmp_path):
    """Its task is started by whichever table writes first; its lines must not name that room."""

    def refused(connection):
        raise ValueError("a write the database refuses")

    async def scenario(store):
        journal = Journal(store)
        with logs.about("first-room", 7):
            # Tasks take the context they are made in, as a table's actor's writes do.
            writes = [asyncio.ensure_future(journal.write(refused)) for _ in range(2)]  # one batch of two
        results = await asyncio.gather(*writes, return_exceptions=True)
        await journal.close()
        return results

    store = Store(f"sqlite:///{tmp_path / 'journal.db'}")
    try:
        with json_lines("dorhami.hub.journal") as lines:
            results = asyncio.run(scenario(store))
    finally:
        store.close()
    assert all(isinstance(r, ValueError) for r in results)
    [line] = lines
    assert "a batch of 2 failed" in line["message"] and line["room"] is None and line["game_id"] is None
