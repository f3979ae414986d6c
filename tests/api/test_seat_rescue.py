"""Seat rescue, end to end over real sockets with a fake clock: a seat a bot stands in for is taken
over by someone holding the room's link — approved by the host, or by a majority of the seated
players when no host is there, never by time alone — and it is only lent: its player coming back
takes it back at the next step boundary. A rescued game is not rated.

The server runs in this test's own event loop (uvicorn in-process), so the fake clock the test
moves is the one the tables sleep on."""

from __future__ import annotations

import asyncio
import contextlib
import json

import httpx
import uvicorn
from sqlalchemy import text
from websockets.asyncio.client import connect

from dorhami.app import create_app
from dorhami.config import Settings
from dorhami.hub.clock import FakeClock
from dorhami.storage.db import make_engine
from tests.support.live import free_port

GRACE_S = 10
# Longer than the 20 s after which a request used to be granted with no host at the table.
RESCUE_DELAY_MS = 60_000
# Jekyll vs Hyde without timers: nothing moves but the players and the stand-in bot.
ROOM = {"game": "jekyll-vs-hyde", "config": {"timers_enabled": False}, "reconnect_grace_s": GRACE_S}


class Person:
    """A player with a token, a REST client and at most one socket, reading what the room sends."""

    def __init__(self, http: httpx.AsyncClient, ws_url: str, name: str) -> None:
        self.http, self.ws_url, self.name = http, ws_url, name
        self.ws = None
        self.messages: list[dict] = []
        self.reader: asyncio.Task | None = None

    async def create(self) -> Person:
        made = (await self.http.post("/api/players", json={"name": self.name})).json()
        self.id, self.headers = made["id"], {"Authorization": f"Bearer {made['token']}"}
        return self

    async def call(self, method: str, path: str, **kwargs) -> httpx.Response:
        return await self.http.request(method, path, headers=self.headers, **kwargs)

    async def open(self, code: str) -> None:
        self.ws = await connect(f"{self.ws_url}/ws/rooms/{code}")
        await self.ws.send(
            json.dumps({"type": "hello", "token": self.headers["Authorization"][7:], "full_states": True})
        )
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            async for text in self.ws:
                message = json.loads(text)
                if message["type"] == "ping":  # the server's probe: a socket that never answers counts as gone
                    await self.ws.send(json.dumps({"type": "pong", "id": message["id"]}))
                self.messages.append(message)

    async def close(self) -> None:
        await self.ws.close()
        await self.reader
        self.ws = None

    def last(self, kind: str) -> dict:
        return next(m for m in reversed(self.messages) if m["type"] == kind)

    async def act(self, action: dict, seq: int) -> dict:
        await self.ws.send(json.dumps({"type": "action", "action": action, "client_seq": seq}))
        for _ in range(200):
            await asyncio.sleep(0.01)
            for m in self.messages:
                if m.get("client_seq") == seq and m["type"] in ("ack", "error"):
                    return m
        raise AssertionError("no answer to the action")


async def settle(seconds: float = 0.05) -> None:
    await asyncio.sleep(seconds)  # real time: socket frames and actor commands go through


async def pass_time(clock: FakeClock, ms: int, step: int = 500) -> None:
    for _ in range(ms // step):
        clock.advance(step)
        await settle(0.01)
    await settle()


@contextlib.asynccontextmanager
async def table_with_a_gone_player(database_url: str):
    """Sara (host, seat 0) and Ali (seat 1) at a started game; Ali's socket closed longer than the
    grace ago, so a bot plays his seat. Tara holds the link and watches."""
    clock = FakeClock()
    app = create_app(Settings(database_url=database_url, bot_delay_ms=(200, 200)), clock=clock)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on"))
    serving = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.01)
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
            ws_url = f"ws://127.0.0.1:{port}"
            sara, ali, tara = [await Person(http, ws_url, n).create() for n in ("Sara", "Ali", "Tara")]
            code = (await sara.call("POST", "/api/rooms", json=ROOM)).json()["code"]
            for person in (sara, ali):
                assert (await person.call("POST", f"/api/rooms/{code}/join")).status_code == 200
            assert (await sara.call("POST", f"/api/rooms/{code}/start")).status_code == 200
            for person in (sara, ali, tara):
                await person.open(code)
            await settle()
            await ali.close()
            await pass_time(clock, GRACE_S * 1000 + 1000)
            assert sara.last("room")["room"]["seats"][1]["stand_in"] is True
            yield clock, code, sara, ali, tara
            for person in (sara, ali, tara):
                if person.ws is not None:
                    await person.close()
    finally:
        server.should_exit = True
        await serving


def run(database_url, scenario):
    async def main():
        async with table_with_a_gone_player(database_url) as table:
            await scenario(*table)

    asyncio.run(main())


def rescue_path(code: str, seat: int = 1) -> str:
    return f"/api/rooms/{code}/seats/{seat}/rescue"


def test_the_host_approves_and_the_rescuer_plays_the_seat_from_their_socket(database_url):
    async def scenario(clock, code, sara, ali, tara):
        asked = await tara.call("POST", rescue_path(code))
        assert asked.status_code == 202
        body = asked.json()
        assert body["player"] == {"id": tara.id, "name": "Tara"} and body["grant_at_ms"] is None  # the host decides
        await settle()
        assert sara.last("room")["room"]["rescue_requests"][0]["player"]["name"] == "Tara"
        assert tara.last("state")["seat"] is None

        # The host is here: the delay passing grants nothing; the host's word does.
        await pass_time(clock, RESCUE_DELAY_MS + 1000)
        assert sara.last("room")["room"]["seats"][1]["player"]["id"] == ali.id
        assert (await tara.call("POST", rescue_path(code) + "/approve")).json()["code"] == "not_host"
        approved = await sara.call("POST", rescue_path(code) + "/approve")
        assert approved.json() == {"seat": 1, "granted": True}
        await settle()
        room = sara.last("room")["room"]
        assert room["seats"][1] == {
            "seat": 1,
            "player": {"id": tara.id, "name": "Tara", "display_name": "Tara"},
            "bot": None,
            "stand_in": False,
        }
        assert room["rescue_requests"] == []
        state = tara.last("state")
        assert state["seat"] == 1 and "hand" in json.dumps(state["view"])

        # Tara plays seat 1 from her socket whenever it has a move (the stand-in bot no longer does).
        for _ in range(40):
            legal = tara.last("state")["legal_actions"]
            if legal and tara.last("state")["seat"] == 1:
                break
            await pass_time(clock, 1000)
            legal = sara.last("state")["legal_actions"]
            if legal:
                await sara.act(legal[0], clock.now_ms())
        legal = tara.last("state")["legal_actions"]
        assert legal, "seat 1 never had a move"
        assert (await tara.act(legal[0], 1))["type"] == "ack"

        # Ali comes back: the seat was only lent. It is his again once Tara's current step closes.
        before = len(ali.messages)  # what his first socket heard, before he left
        await ali.open(code)
        await settle()
        for seq in range(2, 40):
            if any(m["type"] == "state" and m["seat"] == 1 for m in ali.messages[before:]):
                break
            legal = tara.last("state")["legal_actions"] if tara.last("state")["seat"] == 1 else []
            if legal:
                await tara.act(legal[0], seq)
            else:
                await pass_time(clock, 1000)
                legal = sara.last("state")["legal_actions"]
                if legal:
                    await sara.act(legal[0], clock.now_ms())
            await settle()
        assert ali.last("state")["seat"] == 1 and tara.last("state")["seat"] is None
        assert sara.last("room")["room"]["seats"][1]["player"]["id"] == ali.id

    run(database_url, scenario)


def test_with_no_host_at_the_table_time_alone_grants_no_seat(database_url):
    """The audit's case: with no host socket open, anyone with the link was granted a dropped
    player's seat 20 s after asking, and the player who came back watched for the rest of the game."""

    async def scenario(clock, code, sara, ali, tara):
        await sara.close()  # the host goes too; a bot will stand in for her as well
        await settle()
        body = (await tara.call("POST", rescue_path(code))).json()
        assert body["grant_at_ms"] is None and body["needed"] == 1  # Sara, still seated, decides
        await pass_time(clock, 21_000)  # past the 20 s after which the seat used to be the asker's
        room = tara.last("room")["room"]
        assert room["seats"][1]["player"]["id"] == ali.id, "granted by time alone"
        if room["status"] == "playing":  # (two bots may finish a game quickly)
            assert room["rescue_requests"][0]["needed"] == 0, "both players gone: nobody here to say yes"
        assert (await tara.call("POST", rescue_path(code) + "/approve")).json()["code"] in (
            "not_host",
            "no_rescue_request",
        )
        assert tara.last("state")["seat"] is None
        # Unrated all the same: bots stood in.
        assert unrated_reason(database_url, room["game_id"]) == "bots"

    run(database_url, scenario)


def unrated_reason(database_url: str, game_id: int) -> str | None:
    engine = make_engine(database_url)
    try:
        with engine.connect() as connection:
            return connection.scalar(text("SELECT unrated FROM games WHERE id = :id"), {"id": game_id})
    finally:
        engine.dispose()


def test_the_owner_coming_back_first_keeps_the_seat_and_withdraws_the_request(database_url):
    async def scenario(clock, code, sara, ali, tara):
        await sara.close()
        await settle()
        assert (await tara.call("POST", rescue_path(code))).status_code == 202
        await pass_time(clock, RESCUE_DELAY_MS // 2)
        await ali.open(code)
        await settle()
        room = tara.last("room")["room"]
        assert room["seats"][1]["player"]["id"] == ali.id and room["seats"][1]["stand_in"] is False
        assert room["rescue_requests"] == []
        await pass_time(clock, RESCUE_DELAY_MS)
        assert tara.last("room")["room"]["seats"][1]["player"]["id"] == ali.id
        assert ali.last("state")["seat"] == 1
        again = await tara.call("POST", rescue_path(code))
        assert again.status_code == 409 and again.json()["code"] == "seat_not_abandoned"
        # Stand-ins made it unrated already ("bots"); the withdrawn request changed nothing.
        assert unrated_reason(database_url, tara.last("room")["room"]["game_id"]) == "bots"

    run(database_url, scenario)


def test_requests_are_refused_with_typed_errors_and_can_be_declined_or_withdrawn(database_url):
    async def scenario(clock, code, sara, ali, tara):
        refusals = {
            "already_seated": await sara.call("POST", rescue_path(code)),
            "seat_not_abandoned": await tara.call("POST", rescue_path(code, 0)),
            "no_such_seat": await tara.call("POST", rescue_path(code, 7)),
            "no_rescue_request": await sara.call("POST", rescue_path(code) + "/approve"),
        }
        for code_, answer in refusals.items():
            assert answer.status_code == 409 and answer.json()["code"] == code_, (code_, answer.json())
        assert (await tara.call("POST", rescue_path(code))).status_code == 202
        assert (await tara.call("POST", rescue_path(code))).status_code == 202  # asking twice: the same request
        omid = await Person(tara.http, tara.ws_url, "Omid").create()
        assert (await omid.call("POST", rescue_path(code))).json()["code"] == "rescue_pending"
        assert (await omid.call("DELETE", rescue_path(code))).json()["code"] == "no_rescue_request"
        assert (await sara.call("DELETE", rescue_path(code))).json() == {"seat": 1, "granted": False}  # declined
        await settle()
        assert sara.last("room")["room"]["rescue_requests"] == []
        assert (await omid.call("POST", rescue_path(code))).status_code == 202
        assert (await omid.call("DELETE", rescue_path(code))).json() == {"seat": 1, "granted": False}  # withdrawn
        await pass_time(clock, RESCUE_DELAY_MS + 1000)
        assert sara.last("room")["room"]["seats"][1]["player"]["id"] == ali.id

    run(database_url, scenario)
