"""Anonymous watchers are capped per address: watching costs nothing to start, so one script must
not make the server hold (and send to) thousands of sockets (2,000 took 22 s of CPU and +62 MB)."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from dorhami.app import create_app
from dorhami.config import Settings

from .factories import new_player, seated_game
from .test_socket import hello, receive_until


@pytest.fixture
def client(database_url):
    settings = Settings(database_url=database_url, bot_delay_ms=(5, 20), anonymous_sockets_per_address=2)
    with TestClient(create_app(settings)) as client:
        yield client


def test_an_address_opens_only_so_many_anonymous_sockets_and_a_closed_one_frees_its_place(client):
    code, host, _ = seated_game(client)
    first, second = hello(client, code), hello(client, code)
    for _, socket in (first, second):
        receive_until(socket, "state")
    ws, third = hello(client, code)
    with pytest.raises(WebSocketDisconnect) as closed:
        receive_until(third, "state")
    assert closed.value.code == 4409 and "choose a name" in closed.value.reason
    ws.__exit__(None, None, None)
    named, socket = hello(client, code, new_player(client, "Sara"))  # a person with a name is not counted
    receive_until(socket, "state")
    first[0].__exit__(None, None, None)
    for _ in range(50):  # the server counts the closed socket out as its handler ends
        again, socket = hello(client, code)
        try:
            receive_until(socket, "state")
            break
        except WebSocketDisconnect:
            again.__exit__(None, None, None)
            time.sleep(0.02)
    else:
        pytest.fail("a closed anonymous socket never freed its place")
    for conn in (second[0], named, again):
        conn.__exit__(None, None, None)


def test_a_load_generator_with_the_limits_off_opens_as_many_as_it_needs(database_url):
    """DORHAMI_RATE_LIMITS=off (one address making every socket) lifts the per-address cap too."""
    settings = Settings(
        database_url=database_url, bot_delay_ms=(5, 20), anonymous_sockets_per_address=2, rate_limits=False
    )
    with TestClient(create_app(settings)) as client:
        code, _, _ = seated_game(client)
        conns = [hello(client, code) for _ in range(3)]
        for _, socket in conns:
            receive_until(socket, "state")
        for conn, _ in conns:
            conn.__exit__(None, None, None)
