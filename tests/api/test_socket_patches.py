"""Patches over a real socket (docs/PROTOCOL.md, "Patches"): a client that says nothing about them
gets its first state whole and every later version as a patch; applied, each equals the state a
socket of the same seat that asked for full states got at that version, through a whole game, a
reconnect and a rematch. Every frame is checked against /asyncapi.json (tests/support/frames.py)."""

from __future__ import annotations

import random

from dorhami.hub.patches import apply

from .factories import play_to_the_end, seated_game
from .test_socket import hello, receive_until

ENVELOPE = ("type", "version", "events")


class Reader:
    """One socket's states, patches applied as a browser applies them."""

    def __init__(self, socket) -> None:
        self.socket = socket
        self.state: dict | None = None
        self.kinds: list[str] = []

    def until(self, version: int) -> dict:
        while self.state is None or self.state["version"] < version:
            message = self.socket.receive_json()
            if message["type"] == "state":
                self.state = message
            elif message["type"] == "patch":
                assert self.state is not None and message["version"] == self.state["version"] + 1
                body = apply({k: v for k, v in self.state.items() if k not in ENVELOPE}, message["ops"])
                self.state = {"type": "state", "version": message["version"], **body, "events": message["events"]}
            else:
                continue
            self.kinds.append(message["type"])
        assert self.state["version"] == version
        return self.state


def test_patched_sockets_rebuild_every_state_of_a_whole_game_and_after_a_reconnect(client):
    code, host, guest = seated_game(client)
    people = {0: host, 1: guest, None: None}
    conns: dict = {}
    try:
        play_watched(client, code, people, conns)
    finally:  # an open socket would hold the test client's teardown forever
        for ws, _ in conns.values():
            ws.__exit__(None, None, None)


def play_watched(client, code, people, conns) -> None:
    """Each person (seat, spectator) on a patched socket and a full-states one, through a game."""
    guest = people[1]
    conns |= {
        (seat, full): hello(client, code, person, full_states=full)
        for seat, person in people.items()
        for full in (True, False)
    }
    readers = {key: Reader(socket) for key, (_, socket) in conns.items()}
    version, rng, seq = 0, random.Random(3), 0
    states = {key: reader.until(version) for key, reader in readers.items()}
    while states[0, True]["result"] is None:
        seat = next(s for s in (0, 1) if states[s, True]["legal_actions"])
        action = {**rng.choice(states[seat, True]["legal_actions"]), "step": states[seat, True]["view"]["step"]}
        seq += 1
        readers[seat, False].socket.send_json({"type": "action", "action": action, "client_seq": seq})
        version += 1
        states = {key: reader.until(version) for key, reader in readers.items()}
        for seat_of in people:
            assert states[seat_of, False] == states[seat_of, True], f"seat {seat_of} at version {version}"
        if version == 10:  # the guest's patched socket drops and comes back: a whole state, then patches
            conns[1, False][0].__exit__(None, None, None)
            conns[1, False] = hello(client, code, guest, full_states=False)
            readers[1, False] = Reader(conns[1, False][1])
            back = readers[1, False].until(version)
            assert back["events"] == [] and {**back, "events": states[1, True]["events"]} == states[1, True]
    assert version > 30
    for (seat, full), reader in readers.items():
        if full:
            assert set(reader.kinds) == {"state"}
        else:
            assert reader.kinds[0] == "state" and reader.kinds.count("state") == 1, (seat, reader.kinds[:5])


def test_a_rematch_starts_the_new_game_with_a_whole_state(client):
    code, host, guest = seated_game(client)
    ws, socket = hello(client, code, guest, full_states=False)
    try:
        reader = Reader(socket)
        reader.until(0)
        result, _ = play_to_the_end(client, code, [host, guest])
        version = client.get(f"/api/rooms/{code}/state", headers=guest["headers"]).json()["version"]
        assert reader.until(version)["result"] == result
        assert reader.kinds == ["state"] + ["patch"] * version
        assert client.post(f"/api/rooms/{code}/rematch", headers=host["headers"]).status_code == 200
        fresh = receive_until(socket, "state")
        assert fresh["version"] == 0 and fresh["result"] is None and fresh["game_id"] != reader.state["game_id"]
    finally:
        ws.__exit__(None, None, None)
