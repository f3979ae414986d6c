"""A whole game of every game over REST, and over sockets, with people and bots at the table."""

from __future__ import annotations

import random
import time

import pytest

from dorhami.catalogue import GAMES
from dorhami.config import Settings

from .factories import new_player, new_room
from .players import QUICK_CONFIG, choose
from .test_socket import hello


@pytest.fixture
def settings(database_url) -> Settings:
    """These drivers poll state as fast as they can, as no person does: no REST rate limits here."""
    return Settings(database_url=database_url, bot_delay_ms=(5, 20), rate_limits=False)


# Rule refusals a quick player meets in a race (someone else was faster): no harm, try again.
RACE_CODES = {"stale", "too_late", "target_not_active", "locked_out", "stale_step", "not_playing"}


# What each rules file answers once the game is over, and to someone with no seat (Double Connect
# §4 R2/R3, Twin It §4.84/§9 (d); the others name no code for a spectator: the table's own).
AFTER_THE_END = {
    "camel-up-cards": "wrong_phase",
    "double-connect": "not_playing",
    "jekyll-vs-hyde": "wrong_phase",
    "queendomino": "game_over",
    "twin-it": "not_playing",
}
FROM_NO_SEAT = {"double-connect": "not_a_player", "twin-it": "not_a_player"}


def table(client, slug: str, humans: int, bots: int) -> tuple[str, list[dict]]:
    people = [new_player(client, f"P{i}") for i in range(humans)]
    code = new_room(client, people[0], game=slug, config=QUICK_CONFIG[slug])["code"]
    for person in people:
        client.post(f"/api/rooms/{code}/join", headers=person["headers"])
    for _ in range(bots):
        client.post(f"/api/rooms/{code}/bots", json={"level": "hard"}, headers=people[0]["headers"])
    response = client.post(f"/api/rooms/{code}/start", headers=people[0]["headers"])
    assert response.status_code == 200, response.text
    return code, people


def seats_for(slug: str) -> tuple[int, int]:
    """(humans, bots) so that the count fits the game's default player range."""
    low = GAMES[slug].player_range(GAMES[slug].validate_config(QUICK_CONFIG[slug]))[0]
    return 2, max(0, low - 2) + (1 if GAMES[slug].max_players > 2 else 0)


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_whole_game_over_rest(client, slug):
    humans, bots = seats_for(slug)
    code, people = table(client, slug, humans, bots)
    rng, deadline, actions, sent = random.Random(3), time.monotonic() + 120, 0, None
    while time.monotonic() < deadline:
        acted = False
        for person in people:
            message = client.get(f"/api/rooms/{code}/state", headers=person["headers"]).json()
            if message["result"] is not None:
                assert message["result"]["winners"] or message["result"].get("winners") == []
                assert actions > 0
                replays_match_the_table(client, code, people, message)
                return refusals_after_the_end(client, slug, code, person, sent)
            action = choose(slug, message, rng)
            if action is None:
                continue
            sent = action
            response = client.post(f"/api/rooms/{code}/actions", json={"action": action}, headers=person["headers"])
            assert response.status_code == 200 or response.json()["code"] in RACE_CODES, response.text
            acted = acted or response.status_code == 200
            actions += response.status_code == 200
        if not acted:
            time.sleep(0.02)  # bots and timers move the game on
    raise AssertionError(f"{slug}: the game did not end in time")


def replays_match_the_table(client, code: str, people: list[dict], final: dict) -> None:
    """Each seat's replay, and the spectator's, re-simulated from the log, ends where the table
    did, with one frame per version in order."""
    game_id, version = final["game_id"], final["version"]
    for person in people:
        mine = client.get(f"/api/rooms/{code}/state", headers=person["headers"]).json()
        replay = client.get(
            f"/api/games/{game_id}/replay", params={"seat": mine["seat"]}, headers=person["headers"]
        ).json()
        assert [f["version"] for f in replay["frames"]] == list(range(version + 1))
        assert replay["frames"][-1]["view"] == mine["view"] and replay["result"] == mine["result"]
    watcher = client.get(f"/api/rooms/{code}/state").json()
    assert client.get(f"/api/games/{game_id}/replay").json()["frames"][-1]["view"] == watcher["view"]
    checked = client.get(f"/api/games/{game_id}/verify").json()  # the shuffle and the log check out
    assert checked["passed"] and len(checked["checks"]) == 4, checked


def refusals_after_the_end(client, slug: str, code: str, person: dict, action: dict) -> None:
    """A finished game refuses a well-formed action with its rules' own code, and changes nothing."""
    action = {k: v for k, v in action.items() if k != "step"}  # else a turn game's stale_step comes first
    before = client.get(f"/api/rooms/{code}/state", headers=person["headers"]).json()
    response = client.post(f"/api/rooms/{code}/actions", json={"action": action}, headers=person["headers"])
    assert response.status_code == 409 and response.json()["code"] == AFTER_THE_END[slug], response.text
    watcher = new_player(client, "Watcher")
    response = client.post(f"/api/rooms/{code}/actions", json={"action": action}, headers=watcher["headers"])
    assert response.status_code == 403 and response.json()["code"] == FROM_NO_SEAT.get(slug, "not_seated")
    assert client.get(f"/api/rooms/{code}/state", headers=person["headers"]).json() == before


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_whole_game_over_sockets(client, slug):
    humans, bots = seats_for(slug)
    code, people = table(client, slug, humans, bots)
    conns = [hello(client, code, person) for person in people]
    sockets = [socket for _, socket in conns]
    latest: list[dict | None] = [None] * humans
    rng, seq, deadline = random.Random(4), 0, time.monotonic() + 120

    def read(i: int) -> dict:
        message = sockets[i].receive_json()
        if message["type"] == "state":
            latest[i] = message
        return message

    for i in range(humans):
        while latest[i] is None:
            read(i)
    while time.monotonic() < deadline:
        if all(m["result"] is not None for m in latest):
            assert latest[0]["result"] == latest[1]["result"]
            break
        moved = False
        for i in range(humans):
            action = choose(slug, latest[i], rng) if latest[i]["result"] is None else None
            if action is None:
                continue
            seq += 1
            sockets[i].send_json({"type": "action", "action": action, "client_seq": seq})
            while (reply := read(i))["type"] not in ("ack", "error") or reply.get("client_seq") != seq:
                pass
            assert reply["type"] == "ack" or reply["code"] in RACE_CODES, reply
            moved = True
            # The others hear of it before they choose again.
            if reply["type"] == "ack":
                for j in range(humans):
                    while latest[j]["version"] < reply["version"] and latest[j]["game_id"] == latest[i]["game_id"]:
                        read(j)
        if not moved:
            read(0)  # wait for a bot or a timer
            for j in range(1, humans):
                while latest[j]["version"] < latest[0]["version"]:
                    read(j)
    else:
        raise AssertionError(f"{slug}: the game did not end in time")
    for ws, _ in conns:
        ws.__exit__(None, None, None)
