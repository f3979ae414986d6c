"""A private room is reachable only by its invitation: a finished one admits no newcomer without
its host, and every router spends the caller's address budget (codes cannot be mined by id)."""

from __future__ import annotations

import pytest

from dorhami.api import rate

from .factories import new_player, play_to_the_end, seated_game
from .test_socket import hello, receive_until


def finished_room(client):
    code, host, guest = seated_game(client, config={"timers_enabled": False})
    play_to_the_end(client, code, [host, guest])
    assert client.get(f"/api/rooms/{code}").json()["status"] == "finished"
    return code, host, guest


def test_a_finished_private_room_seats_no_newcomer_while_its_host_is_away(client):
    code, host, guest = finished_room(client)
    client.delete(f"/api/rooms/{code}/seats/1", headers=host["headers"])  # a free seat for the rematch
    stranger = new_player(client, "Stranger")
    refused = client.post(f"/api/rooms/{code}/join", headers=stranger["headers"])
    assert refused.status_code == 403 and refused.json()["code"] == "host_away"
    seats = client.get(f"/api/rooms/{code}").json()["seats"]
    assert all((s.get("player") or {}).get("id") != stranger["id"] for s in seats)
    # With the host's page open the host sees who sits down (and may free the seat before a rematch).
    ws, socket = hello(client, code, host)
    try:
        receive_until(socket, "room")
        assert client.post(f"/api/rooms/{code}/join", headers=stranger["headers"]).json() == {"seat": 1}
        # ...and frees that seat again before any rematch.
        assert client.delete(f"/api/rooms/{code}/seats/1", headers=host["headers"]).status_code == 200
    finally:
        ws.__exit__(None, None, None)


def test_the_players_of_a_finished_game_keep_their_seats_whoever_is_here(client):
    code, host, guest = finished_room(client)
    assert client.post(f"/api/rooms/{code}/join", headers=guest["headers"]).json() == {"seat": 1}
    assert client.post(f"/api/rooms/{code}/join", headers=host["headers"]).json() == {"seat": 0}


@pytest.mark.parametrize(
    "path",
    [
        "/api/games",
        "/api/games/1/verify",
        "/api/games/1/replay",
        "/healthz",
        "/docs",
        "/",
        "/verify/1",
        "/api/rooms",
        "/api/players/" + "0" * 32,
    ],
)
def test_every_router_spends_the_callers_address_budget(client, monkeypatch, path):
    monkeypatch.setitem(rate.ADDRESS_LIMITS, "request", rate.Limit(0.001, 3))
    answers = [client.get(path).status_code for _ in range(4)]
    assert answers[3] == 429 and 429 not in answers[:3], answers
