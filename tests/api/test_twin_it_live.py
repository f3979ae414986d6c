"""Twin It over sockets with a known deal: a chain reaction, then a steal, as the players see them."""

from __future__ import annotations

from collections import defaultdict

from fastapi.testclient import TestClient

from dorhami.app import create_app
from dorhami.catalogue import get_engine
from dorhami.games.twin_it.strategy import loose_cards

from .factories import new_player, new_room
from .test_socket import hello, receive_until

CONFIG = {"start_countdown_ms": 0, "flip_timeout_ms": 30000}
ENGINE = get_engine("twin-it")


def next_move(view: dict) -> tuple[int, dict]:
    """The table's script: seat 1 steals whenever it can; else seat 0 claims a pair; else a flip."""
    by_design = defaultdict(list)
    for entry in loose_cards(view):
        by_design[entry["design"]].append(entry)
    for won in view["sets"]:
        if won["owner"] == 0 and len(won["cards"]) == 2 and by_design.get(won["design"]):
            cards = [{"card": c, "design": won["design"]} for c in won["cards"]] + by_design[won["design"]][:1]
            return 1, {"type": "claim", "cards": sorted(cards, key=lambda e: e["card"])}
    for cards in by_design.values():
        if len(cards) >= 2:
            return 0, {"type": "claim", "cards": sorted(cards[:2], key=lambda e: e["card"])}
    return view["active"], {"type": "flip"}


def chain_then_steal(events_by_move: list[list[dict]]) -> bool:
    """A pair claim revealed a pile top of the same design, and the very next move stole with it."""
    for events, following in zip(events_by_move, events_by_move[1:]):
        won = [e for e in events if e["type"] == "set_won" and e["kind"] == "pair"]
        stolen = [e for e in following if e["type"] == "set_won" and e["kind"] == "steal"]
        if won and stolen and stolen[0]["set_id"] == won[0]["set_id"]:
            return True
    return False


def scripted_seed() -> int:
    """A seed whose deal, played by the script, has a chain reaction followed by a steal."""
    for seed in range(3000):
        state = ENGINE.setup(2, seed, CONFIG, now_ms=0)
        state, _ = ENGINE.advance(state, 0)
        moves = []
        for now in range(1, 200):
            if ENGINE.result(state) is not None:
                break
            seat, action = next_move(ENGINE.view(state, seat=None))
            state, events = ENGINE.apply(state, seat, action, now)
            moves.append(events)
            if chain_then_steal(moves):
                return seed
    raise AssertionError("no seed in range gives a chain reaction and a steal")


def test_a_chain_reaction_and_a_steal_reach_every_socket(settings):
    seed = scripted_seed()
    with TestClient(create_app(settings, seeds=lambda: seed)) as client:
        people = [new_player(client, "A"), new_player(client, "B")]
        code = new_room(client, people[0], game="twin-it", config=CONFIG)["code"]
        for person in people:
            client.post(f"/api/rooms/{code}/join", headers=person["headers"])
        client.post(f"/api/rooms/{code}/start", headers=people[0]["headers"])
        conns = [hello(client, code, p) for p in people]
        sockets = [s for _, s in conns]
        moves, seq = [], 0
        while not chain_then_steal(moves):
            view = client.get(f"/api/rooms/{code}/state", headers=people[0]["headers"]).json()["view"]
            seat, action = next_move(view)
            seq += 1
            sockets[seat].send_json({"type": "action", "action": action, "client_seq": seq})
            ack = receive_until(sockets[seat], "ack", client_seq=seq)
            # The other player hears the same events in its state message.
            other = receive_until(sockets[1 - seat], "state", version=ack["version"])
            assert other["events"] == ack["events"]
            moves.append(ack["events"])
            assert seq < 200, "the scripted deal did not replay"
        final = client.get(f"/api/rooms/{code}/state", headers=people[1]["headers"]).json()["view"]
        stolen = [s for s in final["sets"] if s["owner"] == 1 and len(s["cards"]) == 3]
        assert stolen, "seat 1 owns the stolen triple"
        for ws, _ in conns:
            ws.__exit__(None, None, None)


def test_play_again_gives_the_previous_winner_forbidden_patterns(client):
    config = {**CONFIG, "target_sets": 1, "forbidden_pattern": True}
    people = [new_player(client, "A"), new_player(client, "B")]
    code = new_room(client, people[0], game="twin-it", config=config)["code"]
    for person in people:
        client.post(f"/api/rooms/{code}/join", headers=person["headers"])
    client.post(f"/api/rooms/{code}/start", headers=people[0]["headers"])
    first = client.get(f"/api/rooms/{code}/state", headers=people[0]["headers"]).json()["view"]
    assert first["forbidden"] is None, "nobody has won in this room yet"
    while (state := client.get(f"/api/rooms/{code}/state", headers=people[0]["headers"]).json())["result"] is None:
        seat, action = next_move(state["view"])
        response = client.post(f"/api/rooms/{code}/actions", json={"action": action}, headers=people[seat]["headers"])
        assert response.status_code == 200, response.text
    winner = state["result"]["winners"][0]
    assert client.post(f"/api/rooms/{code}/rematch", headers=people[0]["headers"]).status_code == 200
    view = client.get(f"/api/rooms/{code}/state", headers=people[1]["headers"]).json()["view"]
    assert view["forbidden"]["seat"] == winner and len(view["forbidden"]["cards"]) == 3
    assert len(view["forbidden_designs"]) == 3


def test_the_first_state_and_the_move_log_announce_the_countdown(client):
    """§4.11 countdown{ends_at}: sent with a new game's first state, and kept in its move log."""
    people = [new_player(client, "A"), new_player(client, "B")]
    code = new_room(client, people[0], game="twin-it", config={"start_countdown_ms": 5000})["code"]
    for person in people:
        client.post(f"/api/rooms/{code}/join", headers=person["headers"])
    conn, ws = hello(client, code, people[1])
    receive_until(ws, "room")  # subscribed before the start: else its first state is a catch-up, without events
    client.post(f"/api/rooms/{code}/start", headers=people[0]["headers"])
    first = receive_until(ws, "state", version=0)
    ends_at = first["view"]["countdown_end"]
    assert first["events"] == [{"type": "countdown", "ends_at": ends_at}]
    late_conn, late = hello(client, code, people[0])
    log = receive_until(late, "history")
    assert log["entries"][0] == {"version": 0, "events": [{"type": "countdown", "ends_at": ends_at}]}
    for each in (conn, late_conn):
        each.__exit__(None, None, None)
