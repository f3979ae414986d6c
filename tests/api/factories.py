"""Small factories for API tests: players, rooms, seated games, and a driver that plays to the end."""

from __future__ import annotations

import random
import time

from fastapi.testclient import TestClient


def new_player(client: TestClient, name: str = "Sara") -> dict:
    """A guest; returns {"id", "name", "token", "headers"}."""
    player = client.post("/api/players", json={"name": name}).json()
    player["headers"] = {"Authorization": f"Bearer {player['token']}"}
    return player


def new_room(
    client: TestClient, host: dict, game: str = "jekyll-vs-hyde", private: bool = True, config: dict | None = None
) -> dict:
    response = client.post(
        "/api/rooms", json={"game": game, "private": private, "config": config or {}}, headers=host["headers"]
    )
    assert response.status_code == 201, response.text
    return response.json()


def seated_game(client: TestClient, config: dict | None = None) -> tuple[str, dict, dict]:
    """A started Jekyll vs. Hyde room with two human players; returns (code, host, guest)."""
    host, guest = new_player(client, "Host"), new_player(client, "Guest")
    code = new_room(client, host, config=config)["code"]
    assert client.post(f"/api/rooms/{code}/join", headers=host["headers"]).json() == {"seat": 0}
    assert client.post(f"/api/rooms/{code}/join", headers=guest["headers"]).json() == {"seat": 1}
    assert client.post(f"/api/rooms/{code}/start", headers=host["headers"]).status_code == 200
    return code, host, guest


def play_to_the_end(
    client: TestClient, code: str, players: list[dict], seed: int = 1, max_actions: int = 2000
) -> tuple[dict, int]:
    """Each player in turn fetches its state and plays a random legal action; returns (result, count)."""
    rng = random.Random(seed)
    idle_since = None
    for count in range(max_actions):
        acted = False
        for player in players:
            state = client.get(f"/api/rooms/{code}/state", headers=player["headers"]).json()
            if state["result"] is not None:
                return state["result"], count
            if state["legal_actions"]:
                action = {**rng.choice(state["legal_actions"]), "step": state["view"]["step"]}
                response = client.post(f"/api/rooms/{code}/actions", json={"action": action}, headers=player["headers"])
                assert response.status_code == 200, response.text
                acted = True
        if acted:
            idle_since = None
            continue
        # Nobody here can act: a bot (or a timer) must be about to; give it a moment.
        idle_since = idle_since or time.monotonic()
        assert time.monotonic() - idle_since < 10, "nobody could act, but the game has not ended"
        time.sleep(0.01)
    raise AssertionError("the game did not end")
