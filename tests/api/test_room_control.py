"""Room control: renaming keeps your identity, the host frees and moves seats, everyone may ask for a
rematch, presence per seat, the spectator count, and the move log a socket receives when it joins."""

from __future__ import annotations

from .factories import new_player, new_room, play_to_the_end, seated_game
from .test_socket import hello, receive_until


def test_renaming_keeps_the_id_the_token_the_seat_and_the_host_role(client):
    host = new_player(client, "Sara")
    code = new_room(client, host)["code"]
    client.post(f"/api/rooms/{code}/join", headers=host["headers"])
    response = client.patch("/api/players/me", json={"name": "  Sara   Jan "}, headers=host["headers"])
    assert response.status_code == 200 and response.json() == {"id": host["id"], "name": "Sara Jan"}
    room = client.get(f"/api/rooms/{code}").json()
    assert room["host"] == {"id": host["id"], "name": "Sara Jan", "display_name": "Sara Jan"}
    assert room["seats"][0]["player"] == {"id": host["id"], "name": "Sara Jan", "display_name": "Sara Jan"}
    # Still the host with the same token: the room can be started.
    client.post(f"/api/rooms/{code}/bots", json={"level": "easy"}, headers=host["headers"])
    assert client.post(f"/api/rooms/{code}/start", headers=host["headers"]).status_code == 200


def test_a_rename_reaches_the_live_table_and_a_blank_name_is_refused(client):
    code, host, guest = seated_game(client)
    ws, socket = hello(client, code, guest)
    receive_until(socket, "state")
    client.patch("/api/players/me", json={"name": "Nima"}, headers=host["headers"])
    room = receive_until(socket, "room")["room"]
    assert room["seats"][0]["player"]["name"] == "Nima"
    ws.__exit__(None, None, None)
    blank = client.patch("/api/players/me", json={"name": "   "}, headers=host["headers"])
    assert blank.status_code == 422 and client.get(f"/api/rooms/{code}").json()["host"]["name"] == "Nima"
    assert client.patch("/api/players/me", json={"name": "X"}).status_code == 401


def test_the_host_removes_a_bot_and_an_idle_person_but_nobody_else_may(client):
    host, guest = new_player(client, "Host"), new_player(client, "Guest")
    code = new_room(client, host, game="camel-up-cards")["code"]
    client.post(f"/api/rooms/{code}/join", headers=host["headers"])
    client.post(f"/api/rooms/{code}/bots", json={"level": "hard"}, headers=host["headers"])
    client.post(f"/api/rooms/{code}/join", headers=guest["headers"])
    before = client.get(f"/api/rooms/{code}").json()["seats"]
    refused = client.delete(f"/api/rooms/{code}/seats/1", headers=guest["headers"])
    assert refused.status_code == 403 and refused.json()["code"] == "not_host"
    assert client.get(f"/api/rooms/{code}").json()["seats"] == before
    seats = client.delete(f"/api/rooms/{code}/seats/1", headers=host["headers"]).json()["seats"]
    assert [s["seat"] for s in seats] == [0, 2]
    seats = client.delete(f"/api/rooms/{code}/seats/2", headers=host["headers"]).json()["seats"]
    assert [s["player"]["id"] for s in seats] == [host["id"]]
    empty = client.delete(f"/api/rooms/{code}/seats/5", headers=host["headers"])
    assert empty.status_code == 409 and empty.json()["code"] == "seat_empty"


def test_seats_cannot_be_freed_or_moved_once_the_game_runs(client):
    code, host, _ = seated_game(client)
    before = client.get(f"/api/rooms/{code}").json()["seats"]
    freed = client.delete(f"/api/rooms/{code}/seats/1", headers=host["headers"])
    moved = client.post(f"/api/rooms/{code}/seats/0/move", json={"to": 1}, headers=host["headers"])
    assert (freed.status_code, freed.json()["code"]) == (409, "game_running")
    assert (moved.status_code, moved.json()["code"]) == (409, "game_running")
    assert client.get(f"/api/rooms/{code}").json()["seats"] == before


def test_the_host_moves_a_seat_to_an_empty_one_or_swaps_two(client):
    host, guest = new_player(client, "Host"), new_player(client, "Guest")
    code = new_room(client, host, game="queendomino")["code"]
    client.post(f"/api/rooms/{code}/join", headers=host["headers"])
    client.post(f"/api/rooms/{code}/join", headers=guest["headers"])
    seats = client.post(f"/api/rooms/{code}/seats/0/move", json={"to": 3}, headers=host["headers"]).json()["seats"]
    assert [(s["seat"], s["player"]["id"]) for s in seats] == [(1, guest["id"]), (3, host["id"])]
    seats = client.post(f"/api/rooms/{code}/seats/1/move", json={"to": 3}, headers=host["headers"]).json()["seats"]
    assert [(s["seat"], s["player"]["id"]) for s in seats] == [(1, host["id"]), (3, guest["id"])]
    # Onto itself: nothing moves (it once dropped the seat from memory with a 500).
    same = client.post(f"/api/rooms/{code}/seats/3/move", json={"to": 3}, headers=host["headers"])
    assert same.status_code == 200 and same.json()["seats"] == seats
    assert client.get(f"/api/rooms/{code}").json()["seats"] == seats
    off = client.post(f"/api/rooms/{code}/seats/1/move", json={"to": 4}, headers=host["headers"])
    assert off.status_code == 409 and off.json()["code"] == "no_such_seat"
    # Seats are renumbered at the start, so the guest, now later, plays seat 1.
    client.post(f"/api/rooms/{code}/start", headers=host["headers"])
    seats = client.get(f"/api/rooms/{code}").json()["seats"]
    assert [(s["seat"], s["player"]["id"]) for s in seats] == [(0, host["id"]), (1, guest["id"])]


def test_a_player_asks_for_a_rematch_and_the_host_starting_it_clears_the_request(client):
    code, host, guest = seated_game(client)
    early = client.post(f"/api/rooms/{code}/rematch-requests", headers=guest["headers"])
    assert early.status_code == 409 and early.json()["code"] == "not_finished"
    play_to_the_end(client, code, [host, guest])
    assert client.post(f"/api/rooms/{code}/rematch-requests", headers=guest["headers"]).status_code == 202
    assert client.get(f"/api/rooms/{code}").json()["rematch_requests"] == [guest["id"]]
    outsider = new_player(client, "Outsider")
    assert client.post(f"/api/rooms/{code}/rematch-requests", headers=outsider["headers"]).status_code == 409
    assert client.post(f"/api/rooms/{code}/rematch", headers=guest["headers"]).status_code == 403
    assert client.post(f"/api/rooms/{code}/rematch", headers=host["headers"]).status_code == 200
    room = client.get(f"/api/rooms/{code}").json()
    assert room["status"] == "playing" and room["rematch_requests"] == []


def test_presence_per_seat_and_the_spectator_count(client):
    code, host, guest = seated_game(client)
    room = client.get(f"/api/rooms/{code}").json()
    assert room["presence"] == {"0": "away", "1": "away"} and room["spectators"] == 0
    ws_host, host_socket = hello(client, code, host)
    ws_watch, _ = hello(client, code)
    room = receive_until(host_socket, "room")["room"]
    while room["spectators"] != 1:
        room = receive_until(host_socket, "room")["room"]
    assert room["presence"] == {"0": "connected", "1": "away"}
    host_socket.send_json({"type": "visibility", "hidden": True})
    room = receive_until(host_socket, "room")["room"]
    assert room["presence"]["0"] == "away"
    host_socket.send_json({"type": "visibility", "hidden": False})
    assert receive_until(host_socket, "room")["room"]["presence"]["0"] == "connected"
    ws_guest, guest_socket = hello(client, code, guest)
    receive_until(guest_socket, "state")  # subscribed: its leaving is now a drop, not a refused hello
    ws_guest.__exit__(None, None, None)
    # The guest's socket closed a moment ago: they are reconnecting, not away, during the grace period.
    room = receive_until(host_socket, "room")["room"]
    while room["presence"]["1"] == "connected":
        room = receive_until(host_socket, "room")["room"]
    assert room["presence"]["1"] == "reconnecting"
    for ws in (ws_watch, ws_host):
        ws.__exit__(None, None, None)


def test_a_socket_that_joins_late_gets_the_move_log_its_seat_may_see(client):
    code, host, guest = seated_game(client)
    play_to_the_end(client, code, [host, guest])
    ws, socket = hello(client, code, guest)
    history = receive_until(socket, "history")
    state = receive_until(socket, "state")
    versions = [entry["version"] for entry in history["entries"]]
    assert versions == sorted(versions) and versions[-1] == state["version"] and len(versions) >= 10
    events = [e for entry in history["entries"] for e in entry["events"]]
    assert "trick_won" in {e["type"] for e in events}
    # The guest (seat 1) learns what it received in each exchange, never what the host received.
    received = [e for e in events if e["type"] == "cards_received"]
    assert received and all(e["seat"] == 1 for e in received)
    ws.__exit__(None, None, None)
    ws, watcher = hello(client, code)
    seen = [e for entry in receive_until(watcher, "history")["entries"] for e in entry["events"]]
    assert not [e for e in seen if e["type"] == "cards_received"]
    assert seen == [e for e in events if e["type"] != "cards_received"]
    ws.__exit__(None, None, None)


def test_a_room_sets_how_long_a_gone_player_is_waited_for(client):
    host = new_player(client)
    assert new_room(client, host)["reconnect_grace_s"] == 60
    room = client.post("/api/rooms", json={"game": "twin-it", "reconnect_grace_s": 300}, headers=host["headers"])
    assert room.status_code == 201 and room.json()["reconnect_grace_s"] == 300
    assert client.get(f"/api/rooms/{room.json()['code']}").json()["reconnect_grace_s"] == 300
    for wrong in (5, 7200, None, "a minute"):
        response = client.post(
            "/api/rooms", json={"game": "twin-it", "reconnect_grace_s": wrong}, headers=host["headers"]
        )
        assert response.status_code == 422 and response.json()["code"] == "invalid_request", wrong


def _win_twin_it(client, code: str, players: list[dict], winner: dict) -> None:
    """Flip (whoever is active) until `winner` can claim a pair; with target_sets 1 that ends it."""
    for _ in range(200):
        state = client.get(f"/api/rooms/{code}/state", headers=winner["headers"]).json()
        view = state["view"]
        if state["result"] is not None:
            return
        visible = [*view["centre"], *(pile["top"] for pile in view["piles"] if pile["top"])]
        by_design: dict[int, list[dict]] = {}
        for entry in visible:
            by_design.setdefault(entry["design"], []).append({"card": entry["card"], "design": entry["design"]})
        pair = next((cards[:2] for cards in by_design.values() if len(cards) >= 2), None)
        if pair and view["phase"] == "PLAYING":
            reply = client.post(
                f"/api/rooms/{code}/actions",
                json={"action": {"type": "claim", "cards": pair}},
                headers=winner["headers"],
            )
            if reply.status_code == 200:
                continue
        if view["active"] is not None:
            client.post(
                f"/api/rooms/{code}/actions",
                json={"action": {"type": "flip"}},
                headers=players[view["active"]]["headers"],
            )
    raise AssertionError("no pair came up in 200 flips")


def test_a_rematch_gives_the_winners_handicap_to_the_winner_after_an_earlier_seat_is_vacated(client):
    host, guest, winner = new_player(client, "Ali"), new_player(client, "Sara"), new_player(client, "Tara")
    config = {"target_sets": 1, "forbidden_pattern": True, "start_countdown_ms": 0}
    code = new_room(client, host, game="twin-it", config=config)["code"]
    for who in (host, guest, winner):
        client.post(f"/api/rooms/{code}/join", headers=who["headers"])
    assert client.post(f"/api/rooms/{code}/start", headers=host["headers"]).status_code == 200
    _win_twin_it(client, code, [host, guest, winner], winner)
    result = client.get(f"/api/rooms/{code}/state", headers=host["headers"]).json()["result"]
    assert result["winners"] == [2]  # Tara, in the last seat
    # Ali (seat 0) leaves; the rematch renumbers Sara to seat 0 and Tara to seat 1.
    assert client.post(f"/api/rooms/{code}/leave", headers=host["headers"]).status_code == 200
    assert client.post(f"/api/rooms/{code}/rematch", headers=host["headers"]).status_code == 200
    room = client.get(f"/api/rooms/{code}").json()
    assert [s["player"]["name"] for s in room["seats"]] == ["Sara", "Tara"]
    view = client.get(f"/api/rooms/{code}/state", headers=winner["headers"]).json()["view"]
    assert view["forbidden"] is not None and view["forbidden"]["seat"] == 1  # Tara's new seat
