"""Real-time claims over sockets: the first claim the server stamps wins, the others lose without penalty."""

from __future__ import annotations

from collections import defaultdict

from .factories import new_player, new_room
from .test_socket import hello, receive_until


def seated(client, game: str, players: int, config: dict) -> tuple[str, list[dict]]:
    people = [new_player(client, f"P{i}") for i in range(players)]
    code = new_room(client, people[0], game=game, config=config)["code"]
    for person in people:
        client.post(f"/api/rooms/{code}/join", headers=person["headers"])
    assert client.post(f"/api/rooms/{code}/start", headers=people[0]["headers"]).status_code == 200
    return code, people


def latest_state(client, code: str, person: dict) -> dict:
    return client.get(f"/api/rooms/{code}/state", headers=person["headers"]).json()


def twin_it_match(view: dict) -> list[dict] | None:
    loose = list(view["centre"]) + [p["top"] for p in view["piles"] if p["top"]]
    by_design = defaultdict(list)
    for entry in loose:
        by_design[entry["design"]].append({"card": entry["card"], "design": entry["design"]})
    return next((cards[:2] for cards in by_design.values() if len(cards) >= 2), None)


def test_simultaneous_twin_it_claims_one_wins_the_others_are_stale_without_penalty(client):
    config = {"start_countdown_ms": 0, "flip_timeout_ms": 30000}
    code, people = seated(client, "twin-it", 3, config)
    conns = [hello(client, code, p) for p in people]
    sockets = [s for _, s in conns]
    states = [receive_until(s, "state") for s in sockets]
    seq = 0
    # Flip until a pair is showing.
    while (pair := twin_it_match(states[0]["view"])) is None:
        active = states[0]["view"]["active"]
        seq += 1
        sockets[active].send_json({"type": "action", "action": {"type": "flip"}, "client_seq": seq})
        version = receive_until(sockets[active], "ack", client_seq=seq)["version"]
        # Every socket (the flipper's too: it came before the ack) was sent this version's state.
        states = [latest_state(client, code, p) for p in people]
        assert all(state["version"] >= version for state in states)
    claim = {"type": "claim", "cards": pair}
    for i, socket in enumerate(sockets):
        socket.send_json({"type": "action", "action": claim, "client_seq": 1000 + i})
    replies = []
    for i, socket in enumerate(sockets):
        while True:
            message = socket.receive_json()
            if message["type"] in ("ack", "error") and message.get("client_seq") == 1000 + i:
                replies.append(message)
                break
    winners = [r for r in replies if r["type"] == "ack"]
    losers = [r for r in replies if r["type"] == "error"]
    assert len(winners) == 1 and len(losers) == 2
    assert {r["code"] for r in losers} == {"stale"}
    final = client.get(f"/api/rooms/{code}/state", headers=people[0]["headers"]).json()["view"]
    assert sum(row["sets"] for row in final["owners"]) == 1
    assert all(row["mistakes"] == 0 for row in final["owners"]), "losing a race costs nothing"
    for ws, _ in conns:
        ws.__exit__(None, None, None)


def test_simultaneous_double_connect_claims_on_one_target_one_wins_the_others_are_refused(client):
    from dorhami.games.double_connect.components import common

    code, people = seated(client, "double-connect", 3, {"countdown_ms": 0})
    conns = [hello(client, code, p) for p in people]
    sockets = [s for _, s in conns]
    states = [receive_until(s, "state") for s in sockets]
    while states[0]["view"]["phase"] == "countdown":
        states = [receive_until(s, "state") for s in sockets]
    # Seat 0 opens an arm; its top can take exactly one card, so the race on it has one winner.
    view = states[0]["view"]
    start, card = view["tower"]["start_card"], view["hands"][0][0]
    sockets[0].send_json(
        {
            "type": "action",
            "client_seq": 1,
            "action": {"type": "claim", "card": card, "target": start, "symbol": common(card, start)},
        }
    )
    assert receive_until(sockets[0], "ack", client_seq=1)
    view = client.get(f"/api/rooms/{code}/state", headers=people[0]["headers"]).json()["view"]
    target = view["tower"]["arms"][0]["cards"][-1]
    for i, socket in enumerate(sockets):
        card = view["hands"][i][0]
        action = {"type": "claim", "card": card, "target": target, "symbol": common(card, target)}
        socket.send_json({"type": "action", "action": action, "client_seq": 500 + i})
    replies = []
    for i, socket in enumerate(sockets):
        while True:
            message = socket.receive_json()
            if message["type"] in ("ack", "error") and message.get("client_seq") == 500 + i:
                replies.append(message)
                break
    assert [r["type"] for r in replies].count("ack") == 1
    refused = [r for r in replies if r["type"] == "error"]
    assert all(r["code"] == "target_not_active" for r in refused)
    final = client.get(f"/api/rooms/{code}/state", headers=people[0]["headers"]).json()["view"]
    assert final["wrong_claims"] == [0, 0, 0], "a lost race carries no penalty"
    for ws, _ in conns:
        ws.__exit__(None, None, None)
