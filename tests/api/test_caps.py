"""Caps on what one address or one player can make: players, rooms, actions, sockets per room."""

from __future__ import annotations

import asyncio
import time

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from dorhami.api.rate import ADDRESS_LIMITS, PLAYER_LIMITS, Limit, RateLimits
from dorhami.api.routes.rooms import MAX_OPEN_ROOMS
from dorhami.app import create_app
from dorhami.hub.audience import SOCKETS_PER_PLAYER
from dorhami.hub.errors import HubError

from .factories import new_player, new_room, seated_game
from .test_socket import hello, receive_until


def test_one_address_making_players_in_a_loop_is_held_back_and_another_address_is_not(settings):
    app = create_app(settings)
    burst = ADDRESS_LIMITS["new_player"].burst
    with (
        TestClient(app, client=("203.0.113.7", 5000)) as script,
        TestClient(app, client=("198.51.100.2", 5000)) as other,
    ):
        began = time.monotonic()
        answers = [script.post("/api/players", json={"name": "Bot"}) for _ in range(burst + 5)]
        # The bucket refills one a second while the loop runs (seconds on a loaded machine).
        refilled = int((time.monotonic() - began) * ADDRESS_LIMITS["new_player"].rate)
        assert burst <= [a.status_code for a in answers].count(201) <= burst + refilled
        refused = answers[-1]
        assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
        assert int(refused.headers["Retry-After"]) >= 1
        assert other.post("/api/players", json={"name": "Sara"}).status_code == 201


def test_a_player_hosts_at_most_ten_open_rooms(client):
    host = new_player(client)
    codes = [new_room(client, host)["code"] for _ in range(MAX_OPEN_ROOMS)]
    response = client.post("/api/rooms", json={"game": "twin-it"}, headers=host["headers"])
    assert response.status_code == 409 and response.json()["code"] == "too_many_rooms"
    assert len({code for code in codes}) == MAX_OPEN_ROOMS
    assert new_room(client, new_player(client, "Ali"))["code"]  # another host is not held back


def test_rest_actions_of_one_player_are_rate_limited_like_a_socket(client):
    code, host, _ = seated_game(client)
    url = f"/api/rooms/{code}/actions"
    # Time stands still for the buckets, so a slow machine's requests cannot refill them.
    client.app.state.rate_limits.clock = lambda: 0.0
    answers = [
        client.post(url, json={"action": {"type": "dance"}}, headers=host["headers"]).status_code
        for _ in range(PLAYER_LIMITS["action"].burst + 10)
    ]
    assert 429 in answers and answers[: PLAYER_LIMITS["action"].burst] == [400] * PLAYER_LIMITS["action"].burst


def test_buckets_refill_at_their_rate_and_bursts_within_it_pass():
    now = [0.0]
    limits = RateLimits(clock=lambda: now[0])
    limit = Limit(rate=2, burst=3)

    def check(who: str = "someone", on: RateLimits = limits, at: Limit = limit) -> None:
        asyncio.run(on.check("x", who, at))

    for _ in range(3):
        check()
    with pytest.raises(HubError) as refused:
        check()
    assert refused.value.status == 429 and refused.value.headers == {"Retry-After": "1"}
    now[0] += 0.5  # one token back at 2 a second
    check()
    with pytest.raises(HubError):
        check()
    check("someone else")
    check(on=RateLimits(enabled=False), at=Limit(0, 0))


def test_a_player_may_hold_a_few_sockets_to_one_room_but_not_many(client):
    code, host, guest = seated_game(client)
    conns = [hello(client, code, host) for _ in range(SOCKETS_PER_PLAYER)]
    for _, socket in conns:
        receive_until(socket, "state")
    extra, socket = hello(client, code, host)
    with pytest.raises(WebSocketDisconnect) as closed:
        receive_until(socket, "state")
    assert closed.value.code == 4409
    extra.__exit__(None, None, None)
    # Another player is not counted against this one, and a closed socket frees its place.
    other, socket = hello(client, code, guest)
    receive_until(socket, "state")
    other.__exit__(None, None, None)
    conns.pop()[0].__exit__(None, None, None)
    again, socket = hello(client, code, host)
    receive_until(socket, "state")
    again.__exit__(None, None, None)
    for ws, _ in conns:
        ws.__exit__(None, None, None)
