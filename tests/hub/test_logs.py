"""Structured logs: JSON lines naming the room and the game a table's line concerns."""

from __future__ import annotations

import asyncio
import io
import json
import logging

import httpx

from dorhami.hub.clock import FakeClock
from dorhami.logs import JsonFormatter

from ..live import ServerProcess
from .test_leavers import GRACE_S, table_with_a_leaver, wait


def test_a_line_logged_inside_a_table_names_its_room_and_game(database_url):
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("dorhami.hub.leavers")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)

    async def scenario():
        clock = FakeClock()
        hub, table, _, _ = await table_with_a_leaver(database_url, "jekyll-vs-hyde", clock)
        await wait(clock, table, GRACE_S + 1)  # the stand-in's line is logged by a task of the table
        game = table.game.id
        await hub.close()
        hub.store.close()
        return game

    try:
        game = asyncio.run(scenario())
    finally:
        logger.removeHandler(handler)
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
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
