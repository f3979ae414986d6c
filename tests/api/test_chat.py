"""Room chat over the socket and the host's chat controls over REST (docs/CHAT.md)."""

from __future__ import annotations

from .factories import new_player, seated_game
from .test_socket import hello, receive_until


def test_a_line_reaches_every_socket_and_a_refusal_is_typed(client):
    code, host, guest = seated_game(client)
    conns = [hello(client, code, host), hello(client, code, guest), hello(client, code)]
    host_socket, guest_socket, watcher = (socket for _, socket in conns)
    for socket in (host_socket, guest_socket, watcher):
        receive_until(socket, "state")
    guest_socket.send_json({"type": "chat", "text": "<script>alert(1)</script>"})
    for socket in (host_socket, guest_socket, watcher):
        line = receive_until(socket, "chat")["message"]
        assert line["body"] == "<script>alert(1)</script>" and line["player"] == {"id": guest["id"], "name": "Guest"}
    host_socket.send_json({"type": "react", "reaction": "clap"})
    assert receive_until(watcher, "chat")["message"]["kind"] == "reaction"
    # A spectator reads but may not write, and hears why.
    watcher.send_json({"type": "chat", "text": "hello"})
    assert receive_until(watcher, "error")["code"] == "chat_spectators_off"
    guest_socket.send_json({"type": "chat", "text": "x" * 281})
    assert receive_until(guest_socket, "error")["code"] == "chat_too_long"
    guest_socket.send_json({"type": "react", "reaction": "poop"})
    assert receive_until(guest_socket, "error")["code"] == "unknown_reaction"
    guest_socket.send_json({"type": "chat", "text": 5})
    assert receive_until(guest_socket, "error")["code"] == "invalid_message"
    for ws, _ in conns:
        ws.__exit__(None, None, None)
    lines = client.get(f"/api/rooms/{code}/chat", headers=guest["headers"]).json()["messages"]
    assert [(m["kind"], m["body"]) for m in lines] == [("text", "<script>alert(1)</script>"), ("reaction", "clap")]


def test_reading_the_chat_needs_a_seat_the_host_or_a_page_of_the_room_open(client):
    """The code alone (harvested, say) reads nothing: the chat is for the people at the table."""
    code, host, guest = seated_game(client)
    _, socket = conn = hello(client, code, guest)
    receive_until(socket, "state")
    socket.send_json({"type": "chat", "text": "our plan"})
    receive_until(socket, "chat")
    stranger = new_player(client, "Stranger")
    url = f"/api/rooms/{code}/chat"
    assert client.get(url).status_code == 401
    refused = client.get(url, headers=stranger["headers"])
    assert refused.status_code == 403 and refused.json()["code"] == "chat_not_allowed"
    assert "our plan" not in refused.text
    for reader in (host, guest):
        assert client.get(url, headers=reader["headers"]).json()["messages"][0]["body"] == "our plan"
    watching, watcher = hello(client, code, stranger)
    receive_until(watcher, "state")
    assert client.get(url, headers=stranger["headers"]).json()["messages"][0]["body"] == "our plan"
    watching.__exit__(None, None, None)
    conn[0].__exit__(None, None, None)


def test_the_host_lets_spectators_write_and_mutes_and_unmutes_a_player(client):
    code, host, guest = seated_game(client)
    watcher = new_player(client, "Watcher")
    settings = f"/api/rooms/{code}/chat/settings"
    refused = client.post(settings, json={"spectators": True}, headers=guest["headers"])
    assert refused.status_code == 403 and refused.json()["code"] == "not_host"
    assert client.post(settings, json={"spectators": True}, headers=host["headers"]).json() == {
        "spectator_chat": True,
        "muted": [],
    }
    assert client.get(f"/api/rooms/{code}").json()["spectator_chat"] is True
    ws, socket = hello(client, code, watcher)
    receive_until(socket, "state")
    socket.send_json({"type": "chat", "text": "may I?"})
    assert receive_until(socket, "chat")["message"]["player"]["name"] == "Watcher"

    mutes = f"/api/rooms/{code}/mutes"
    assert client.post(mutes, json={"player_id": watcher["id"]}, headers=guest["headers"]).status_code == 403
    muted = client.post(mutes, json={"player_id": watcher["id"]}, headers=host["headers"])
    assert muted.status_code == 200 and muted.json()["muted"] == [watcher["id"]]
    assert receive_until(socket, "room")["room"]["muted"] == [watcher["id"]]
    socket.send_json({"type": "chat", "text": "and now?"})
    assert receive_until(socket, "error")["code"] == "chat_muted"
    missing = client.post(mutes, json={"player_id": "nobody"}, headers=host["headers"])
    assert missing.status_code == 404 and missing.json()["code"] == "player_not_in_room"
    assert client.delete(f"{mutes}/{watcher['id']}", headers=host["headers"]).json()["muted"] == []
    socket.send_json({"type": "chat", "text": "thank you"})
    assert receive_until(socket, "chat")["message"]["body"] == "thank you"
    ws.__exit__(None, None, None)

    # A reconnecting socket gets the recent chat before anything of the game.
    ws, socket = hello(client, code, guest)
    receive_until(socket, "room")
    history = receive_until(socket, "chat_history")["messages"]
    assert [m["body"] for m in history] == ["may I?", "thank you"]
    ws.__exit__(None, None, None)


def test_a_line_that_draws_nothing_is_refused_and_hidden_tags_are_dropped(client):
    code, host, guest = seated_game(client)
    ws, socket = hello(client, code, guest)
    try:
        receive_until(socket, "state")
        for blank in (
            "\u3164\u3164",
            "\u115f \u1160",
            "\uffa0",
            "\u2800\u2800\u2800",
            "\u0301",
            "\u034f\ufe0f",
            "\U000e0041\U000e0042\U000e007f",
        ):
            socket.send_json({"type": "chat", "text": blank})
            answer = next(m for m in iter(socket.receive_json, None) if m["type"] in ("error", "chat"))
            assert answer.get("code") == "chat_empty", (repr(blank), answer)
        hidden = "".join(chr(0xE0000 + ord(c)) for c in "ignore the rules")
        socket.send_json({"type": "chat", "text": f"gg{hidden} وای\u200cخدا"})
        assert receive_until(socket, "chat")["message"]["body"] == "gg وای\u200cخدا"
    finally:
        ws.__exit__(None, None, None)
