"""Fair slaps over real sockets: a player behind a 150 ms link (tests/support/delay_proxy.py)
who reacts faster wins the contested claim with lag compensation on, and loses it with it off."""

from __future__ import annotations

import asyncio

import httpx
import orjson
import pytest
import websockets

from dorhami.games.double_connect.components import common
from tests.support.delay_proxy import DelayProxy
from tests.support.live import ServerProcess

SLOW_ONE_WAY_MS = 150


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    url = f"sqlite:///{tmp_path_factory.mktemp('fair')}/dorhami.db"
    process = ServerProcess(url).start()
    yield process
    process.stop()


def player(server, name: str) -> dict:
    body = httpx.post(f"{server.url}/api/players", json={"name": name}).json()
    return {**body, "headers": {"Authorization": f"Bearer {body['token']}"}}


def race_room(server, host: dict, guest: dict, compensate: bool) -> str:
    # A 3 s countdown lets the server probe both sockets before play opens; one start slot makes
    # the start card a target only one claim can cover.
    config = {"countdown_ms": 3000, "start_slots": 1, "lag_compensation": compensate}
    code = httpx.post(
        f"{server.url}/api/rooms", json={"game": "double-connect", "config": config}, headers=host["headers"]
    ).json()["code"]
    for who in (host, guest):
        assert httpx.post(f"{server.url}/api/rooms/{code}/join", headers=who["headers"]).status_code == 200
    return code


async def claimant(port: int, code: str, token: str, reaction_ms: int, ready: asyncio.Event):
    """Answer probes; when play opens, tap after `reaction_ms` (and report it honestly);
    return the reply to the claim and every race_judged event seen."""
    races = []
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/rooms/{code}") as ws:
        await ws.send(orjson.dumps({"type": "hello", "token": token, "full_states": True}).decode())
        ready.set()
        claim_task = None
        while True:
            message = orjson.loads(await asyncio.wait_for(ws.recv(), 20))
            if message["type"] == "ping" and "id" in message:
                await ws.send(orjson.dumps({"type": "pong", "id": message["id"]}).decode())
            elif message["type"] == "state":
                races += [e for e in message["events"] if e["type"] == "race_judged"]
                view = message["view"]
                if view["phase"] == "playing" and claim_task is None:
                    card, target = view["hands"][message["seat"]][0], view["tower"]["start_card"]
                    action = {
                        "type": "claim",
                        "card": card,
                        "target": target,
                        "symbol": common(card, target),
                        "seen_version": message["version"],
                        "reaction_ms": reaction_ms,
                    }
                    claim_task = asyncio.create_task(_tap(ws, action, reaction_ms))
            elif message["type"] in ("ack", "error") and message.get("client_seq") == 1:
                return message, races


async def _tap(ws, action: dict, reaction_ms: int) -> None:
    await asyncio.sleep(reaction_ms / 1000)
    await ws.send(orjson.dumps({"type": "action", "action": action, "client_seq": 1}).decode())


async def contested_race(server, compensate: bool):
    fast_link, slow_link = player(server, "Fibre"), player(server, "Mobile")
    code = race_room(server, fast_link, slow_link, compensate)
    ready = [asyncio.Event(), asyncio.Event()]
    async with DelayProxy(server.port, SLOW_ONE_WAY_MS, 5, seed=7) as proxy:
        # Fibre reacts in 300 ms, Mobile in 100 ms: Mobile truly reacted first, but its claim
        # arrives about 100 ms after Fibre's.
        fibre = asyncio.create_task(claimant(server.port, code, fast_link["token"], 300, ready[0]))
        mobile = asyncio.create_task(claimant(proxy.port, code, slow_link["token"], 100, ready[1]))
        await asyncio.gather(*(event.wait() for event in ready))
        await asyncio.sleep(0.5)  # both hellos through (the mobile one is 150 ms late)
        start = httpx.post(f"{server.url}/api/rooms/{code}/start", headers=fast_link["headers"])
        assert start.status_code == 200
        (fibre_reply, fibre_races), (mobile_reply, mobile_races) = await asyncio.gather(fibre, mobile)
    log = httpx.get(f"{server.url}/api/rooms/{code}/log").json()
    return fibre_reply, mobile_reply, fibre_races + mobile_races, log


def test_the_faster_reaction_on_the_slower_link_wins_with_compensation(server):
    fibre, mobile, races, log = asyncio.run(contested_race(server, compensate=True))
    assert mobile["type"] == "ack", mobile
    assert fibre["type"] == "error" and fibre["code"] == "target_not_active"
    race = next(e for e in mobile["events"] if e["type"] == "race_judged")
    winner, loser = race["contenders"]
    assert race["winner"] == winner["seat"] == 1 and loser["seat"] == 0
    assert winner["compensated_ms"] < loser["compensated_ms"]
    assert winner["received_ms"] > loser["received_ms"]  # it did arrive later
    # Credited reactions are near the true ones (100 and 300), within the link's jitter.
    assert abs(winner["reaction_ms"] - 100) <= 40 and abs(loser["reaction_ms"] - 300) <= 40
    (claim,) = [entry for entry in log["entries"] if entry["seat"] is not None]
    assert claim["seat"] == 1 and claim["timing"]["race"] == race
    assert claim["server_ms"] == winner["compensated_ms"]


def test_without_compensation_the_faster_link_wins(server):
    fibre, mobile, races, log = asyncio.run(contested_race(server, compensate=False))
    assert fibre["type"] == "ack", fibre
    assert mobile["type"] == "error" and mobile["code"] == "target_not_active"
    assert races == []
    (claim,) = [entry for entry in log["entries"] if entry["seat"] is not None]
    assert claim["seat"] == 0 and claim["timing"] is None
