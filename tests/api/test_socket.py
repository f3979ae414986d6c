"""The room socket: a whole game over two sockets, reconnects, spectators, resends and bad input."""

from __future__ import annotations

import json
import random

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from dorhami.app import create_app
from dorhami.config import Settings

from .factories import new_player, seated_game


def hello(client, code, player=None, full_states=True):
    """A socket of room `code`, greeted (by default asking for full states: most tests read whole
    states; tests/api/test_socket_patches.py reads patches)."""
    ws = client.websocket_connect(f"/ws/rooms/{code}")
    socket = ws.__enter__()
    socket.send_json({"type": "hello", "token": player["token"] if player else None, "full_states": full_states})
    return ws, socket


def receive_until(socket, kind, **match):
    """Read messages until one of type `kind` whose fields equal `match`."""
    for _ in range(200):
        message = socket.receive_json()
        if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
            return message
    raise AssertionError(f"no {kind} message matching {match}")


def test_two_sockets_play_a_whole_game(client):
    code, host, guest = seated_game(client)
    conns = [hello(client, code, host), hello(client, code, guest)]
    sockets = [socket for _, socket in conns]
    states = [receive_until(socket, "state") for socket in sockets]
    assert [s["seat"] for s in states] == [0, 1]
    rng, seq = random.Random(5), 0
    while states[0]["result"] is None:
        seat = next(s for s in (0, 1) if states[s]["legal_actions"])
        action = {**rng.choice(states[seat]["legal_actions"]), "step": states[seat]["view"]["step"]}
        seq += 1
        sockets[seat].send_json({"type": "action", "action": action, "client_seq": seq})
        states[seat] = receive_until(sockets[seat], "state")
        ack = receive_until(sockets[seat], "ack", client_seq=seq)
        assert ack["version"] == states[seat]["version"]
        states[1 - seat] = receive_until(sockets[1 - seat], "state", version=ack["version"])
        # Each socket sees its own hand and never the other's.
        assert set(states[0]["view"]["hand"]).isdisjoint(states[1]["view"]["hand"])
    assert states[0]["result"] == states[1]["result"] and states[0]["result"]["winners"]
    # After the end the rules judge it: Jekyll vs Hyde's phase is over, so `wrong_phase` (§4, line 80).
    sockets[0].send_json({"type": "action", "action": {"type": "play_card", "card": 0}, "client_seq": seq + 1})
    assert receive_until(sockets[0], "error")["code"] == "wrong_phase"
    for ws, _ in conns:
        ws.__exit__(None, None, None)


def test_a_reconnect_with_the_same_token_gets_the_same_seat_and_the_full_state(client):
    code, host, guest = seated_game(client)
    ws, socket = hello(client, code, guest)
    first = receive_until(socket, "state")
    ws.__exit__(None, None, None)
    ws, socket = hello(client, code, guest)
    assert receive_until(socket, "room")["room"]["code"] == code
    again = receive_until(socket, "state")
    assert again["seat"] == 1 and again["view"]["hand"] == first["view"]["hand"]
    ws.__exit__(None, None, None)


def test_a_spectator_gets_the_public_view_and_cannot_act(client):
    code, host, guest = seated_game(client)
    ws, socket = hello(client, code)
    state = receive_until(socket, "state")
    assert state["seat"] is None and state["view"]["hand"] is None and state["legal_actions"] == []
    socket.send_json({"type": "action", "action": {"type": "exchange_cards", "cards": [0]}, "client_seq": 1})
    assert receive_until(socket, "error", client_seq=1)["code"] == "not_seated"
    ws.__exit__(None, None, None)


def test_the_same_client_seq_twice_is_applied_once_and_answered_the_same(client):
    code, host, guest = seated_game(client)
    ws, socket = hello(client, code, host)
    state = receive_until(socket, "state")
    message = {"type": "action", "action": state["legal_actions"][0], "client_seq": 7}
    socket.send_json(message)
    first = receive_until(socket, "ack", client_seq=7)
    ws.__exit__(None, None, None)
    # A resend after a reconnect: the first answer again, nothing applied twice.
    ws, socket = hello(client, code, host)
    receive_until(socket, "state")
    socket.send_json(message)
    assert receive_until(socket, "ack", client_seq=7) == first
    assert len(client.get(f"/api/rooms/{code}/log").json()["entries"]) == 1
    ws.__exit__(None, None, None)


def test_ping_gets_a_pong_with_the_server_time(client):
    code, host, _ = seated_game(client)
    ws, socket = hello(client, code, host)
    socket.send_json({"type": "ping", "client_time": 123.5})
    pong = receive_until(socket, "pong")
    assert pong["client_time"] == 123.5 and pong["server_time"] > 1_600_000_000_000
    ws.__exit__(None, None, None)


@pytest.mark.parametrize(
    "text, code",
    [
        ("not json", "invalid_message"),
        ('{"type": "dance"}', "invalid_message"),
        ('{"type": "action"}', "invalid_message"),
        ('{"type": "action", "action": [], "client_seq": 1}', "invalid_message"),
        ('{"type": "action", "action": {"type": "flip"}, "client_seq": -1}', "invalid_message"),
        ('{"type": "hello", "token": null}', "already_greeted"),
        ('{"type": "action", "action": {"type": "teleport"}, "client_seq": 3}', "unknown_action"),
    ],
)
def test_bad_messages_get_typed_errors_and_change_nothing(client, text, code):
    room, host, _ = seated_game(client)
    ws, socket = hello(client, room, host)
    before = receive_until(socket, "state")
    socket.send_text(text)
    assert receive_until(socket, "error")["code"] == code
    after = client.get(f"/api/rooms/{room}/state", headers=host["headers"]).json()
    assert after["version"] == before["version"] and after["view"] == before["view"]
    ws.__exit__(None, None, None)


@pytest.mark.parametrize("seq, echoed", [(7, 7), (True, None), (False, None), ("7", None), (1.5, None)])
def test_an_invalid_message_echoes_only_an_integer_client_seq(client, seq, echoed):
    """A JSON true is no client_seq (Python's bool is an int): the refusal carries none."""
    room, host, _ = seated_game(client)
    ws, socket = hello(client, room, host)
    receive_until(socket, "state")
    socket.send_text(json.dumps({"type": "action", "action": [], "client_seq": seq}))
    refusal = receive_until(socket, "error")
    assert refusal["code"] == "invalid_message" and refusal["client_seq"] == echoed
    assert type(refusal["client_seq"]) is type(echoed)
    ws.__exit__(None, None, None)


def test_oversized_and_binary_frames_are_refused(client):
    room, host, _ = seated_game(client)
    ws, socket = hello(client, room, host)
    receive_until(socket, "state")
    socket.send_text(json.dumps({"type": "ping", "client_time": 1, "pad": "x" * 40_000}))
    assert receive_until(socket, "error")["code"] == "too_large"
    socket.send_bytes(b"\x00\x01")
    assert receive_until(socket, "error")["code"] == "text_only"
    ws.__exit__(None, None, None)


def test_a_flood_is_rate_limited_without_harming_the_table(client):
    room, host, guest = seated_game(client)
    ws, socket = hello(client, room, host)
    receive_until(socket, "state")
    for i in range(60):
        socket.send_json({"type": "ping", "client_time": i})
    assert receive_until(socket, "error")["code"] == "rate_limited"
    ws.__exit__(None, None, None)
    # The other seat is unaffected.
    assert client.get(f"/api/rooms/{room}/state", headers=guest["headers"]).status_code == 200


def test_hello_must_come_first_and_tokens_must_be_real(client):
    room, _, _ = seated_game(client)
    with client.websocket_connect(f"/ws/rooms/{room}") as socket:
        socket.send_json({"type": "ping"})
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4400
    with client.websocket_connect(f"/ws/rooms/{room}") as socket:
        socket.send_json({"type": "hello", "token": "forged"})
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4401


# A NUL never reaches the database; a long code is not echoed into a close reason it would overflow.
@pytest.mark.parametrize("code", ["nosuchroom", "bad%00code", "x" * 300, "خ" * 100])
def test_an_unknown_room_closes_the_socket_with_4404(client, code):
    new_player(client)
    with client.websocket_connect(f"/ws/rooms/{code}") as socket:
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4404


@pytest.mark.parametrize("client_time", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_a_ping_time_that_is_not_a_finite_number_is_refused_not_echoed(client, client_time):
    room, host, _ = seated_game(client)
    ws, socket = hello(client, room, host)
    receive_until(socket, "state")
    socket.send_text('{"type": "ping", "client_time": %s}' % client_time)
    assert receive_until(socket, "error")["code"] == "invalid_message"
    socket.send_json({"type": "ping", "client_time": 12.5})
    assert receive_until(socket, "pong")["client_time"] == 12.5
    ws.__exit__(None, None, None)


@pytest.mark.parametrize("depth", [300, 2000])  # 2,000 levels still fit in one 16 KiB message
def test_deeply_nested_json_gets_a_typed_error_and_the_socket_lives_on(client, depth):
    room, host, _ = seated_game(client)
    ws, socket = hello(client, room, host)
    before = receive_until(socket, "state")
    socket.send_text('{"type": "action", "client_seq": 4, "action": ' + '{"a": ' * depth + "1" + "}" * depth + "}")
    error = receive_until(socket, "error")
    assert error["code"] in {"invalid_message", "invalid_action", "unknown_action"}
    socket.send_json({"type": "ping", "client_time": 1})
    assert receive_until(socket, "pong")["client_time"] == 1
    after = client.get(f"/api/rooms/{room}/state", headers=host["headers"]).json()
    assert after["version"] == before["version"]
    ws.__exit__(None, None, None)


def test_a_socket_that_leaves_before_its_hello_logs_nothing(client, caplog):
    room, host, _ = seated_game(client)
    for _ in range(3):
        with client.websocket_connect(f"/ws/rooms/{room}"):
            pass  # closed at once, without a hello
    ws, socket = hello(client, room, host)
    assert receive_until(socket, "state")["seat"] == 0
    ws.__exit__(None, None, None)
    assert not [r for r in caplog.records if r.levelno >= 30 or r.exc_info], [
        r.getMessage() for r in caplog.records if r.levelno >= 30
    ]


def test_a_page_of_another_site_cannot_open_a_room_socket(client):
    room, host, _ = seated_game(client)
    with client.websocket_connect(f"/ws/rooms/{room}", headers={"origin": "https://evil.example"}) as socket:
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 4403
    for origin in ("http://testserver", None):  # the site's own pages, and programs (no Origin)
        headers = {"origin": origin} if origin else {}
        with client.websocket_connect(f"/ws/rooms/{room}", headers=headers) as socket:
            socket.send_json({"type": "hello", "token": host["token"]})
            assert receive_until(socket, "state")["seat"] == 0


def test_origins_on_the_allow_list_may_open_sockets(database_url):
    settings = Settings(database_url=database_url, allowed_origins=("https://play.example",))
    with TestClient(create_app(settings)) as client:
        room, host, _ = seated_game(client)
        with client.websocket_connect(f"/ws/rooms/{room}", headers={"origin": "https://play.example"}) as socket:
            socket.send_json({"type": "hello", "token": host["token"]})
            assert receive_until(socket, "state")["seat"] == 0


def test_message_fields_are_strict_types(client):
    room, host, _ = seated_game(client)
    ws, socket = hello(client, room, host)
    receive_until(socket, "state")
    for bad in (
        {"type": "visibility", "hidden": "yes"},
        {"type": "visibility", "hidden": 1},
        {"type": "action", "action": {"type": "exchange_cards", "cards": [0]}, "client_seq": "7"},
        {"type": "action", "action": {"type": "exchange_cards", "cards": [0]}, "client_seq": True},
    ):
        socket.send_json(bad)
        assert receive_until(socket, "error")["code"] == "invalid_message", bad
    assert client.get(f"/api/rooms/{room}/state", headers=host["headers"]).json()["version"] == 0
    ws.__exit__(None, None, None)


def test_a_table_that_leaves_memory_closes_its_sockets_with_1013_and_sends_nothing_after(settings):
    """A table reloading (a write in doubt) or moving to another process closes its sockets; the
    socket's own end then finds the table gone, and that is no error: nothing (no error page) is
    sent on a socket after its close, which uvicorn would refuse with a RuntimeError."""
    app, sent = create_app(settings), []

    async def recorded(scope, receive, send):
        async def send_and_record(message):
            if scope["type"] == "websocket":
                sent.append(message["type"])
            await send(message)

        await app(scope, receive, send_and_record)

    with TestClient(recorded) as client:
        code, host, _ = seated_game(client)
        ws, socket = hello(client, code, host)
        receive_until(socket, "state")
        table = app.state.hub.tables[code]
        client.portal.call(table.leave_memory, "the room is reloading; reconnect")
        with pytest.raises(WebSocketDisconnect) as closed:
            receive_until(socket, "state")
        assert closed.value.code == 1013 and closed.value.reason == "the room is reloading; reconnect"
        ws.__exit__(None, None, None)
        # The socket is reopened on a table rebuilt from the database.
        ws, socket = hello(client, code, host)
        assert receive_until(socket, "state")["seat"] == 0
        ws.__exit__(None, None, None)
    first_close = sent.index("websocket.close")
    assert sent[first_close + 1] == "websocket.accept", f"sent after the close: {sent[first_close:]}"
