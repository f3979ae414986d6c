"""Replays per viewer: a running game only from your own seat, and nothing a seat could not see."""

from __future__ import annotations

from sqlalchemy import text

from .factories import new_player, seated_game
from .test_socket import hello, receive_until


def play_some(client, code, host, guest, moves: int) -> dict:
    """`moves` legal actions (each seat's first), then the host's state."""
    for _ in range(moves):
        for person in (host, guest):
            state = client.get(f"/api/rooms/{code}/state", headers=person["headers"]).json()
            if state["legal_actions"]:
                action = {**state["legal_actions"][0], "step": state["view"]["step"]}
                assert (
                    client.post(
                        f"/api/rooms/{code}/actions", json={"action": action}, headers=person["headers"]
                    ).status_code
                    == 200
                )
    return client.get(f"/api/rooms/{code}/state", headers=host["headers"]).json()


def test_a_running_game_replays_only_your_own_seat_up_to_now(client):
    code, host, guest = seated_game(client, {"timers_enabled": False})
    state = play_some(client, code, host, guest, 3)
    url = f"/api/games/{state['game_id']}/replay"
    mine = client.get(url, params={"seat": state["seat"]}, headers=host["headers"])
    assert mine.status_code == 200
    frames = mine.json()["frames"]
    assert frames[-1]["version"] == state["version"] and frames[-1]["view"] == state["view"]
    other_seat = 1 - state["seat"]
    for who, params in (
        (host, {"seat": other_seat}),
        (host, {}),
        (None, {"seat": state["seat"]}),
        (new_player(client, "Watcher"), {"seat": state["seat"]}),
    ):
        response = client.get(url, params=params, headers=who["headers"] if who else {})
        assert response.status_code == 403 and response.json()["code"] == "not_finished", (params, response.text)


def test_a_seat_s_replay_is_what_its_socket_was_sent(client):
    """Frame by frame, the replay of a seat equals the state messages its socket received live
    (so it holds nothing the seat was not shown), and its events are the ones it heard."""
    code, host, guest = seated_game(client, {"timers_enabled": False})
    conn, socket = hello(client, code, host)
    live = {}
    first = receive_until(socket, "state")
    live[first["version"]] = first
    state = play_some(client, code, host, guest, 3)
    while max(live) < state["version"]:
        message = receive_until(socket, "state")
        live[message["version"]] = message
    conn.__exit__(None, None, None)
    frames = client.get(
        f"/api/games/{state['game_id']}/replay", params={"seat": first["seat"]}, headers=host["headers"]
    ).json()["frames"]
    by_version = {frame["version"]: frame for frame in frames}
    assert len(live) > 3
    for version, message in live.items():
        assert by_version[version]["view"] == message["view"], version
        if version:
            assert by_version[version]["events"] == message["events"], version


def test_pages_unknown_games_and_seats(client):
    code, host, guest = seated_game(client, {"timers_enabled": False})
    state = play_some(client, code, host, guest, 3)
    url = f"/api/games/{state['game_id']}/replay"
    page = client.get(url, params={"seat": state["seat"], "limit": 2}, headers=host["headers"]).json()
    assert [f["version"] for f in page["frames"]] == [0, 1] and page["next_after"] == 1
    rest = client.get(url, params={"seat": state["seat"], "after": 1}, headers=host["headers"]).json()
    assert rest["frames"][0]["version"] == 2 and rest["next_after"] is None
    assert client.get("/api/games/999999/replay").json()["code"] == "no_such_game"
    assert client.get(url, params={"seat": 5}, headers=host["headers"]).json()["code"] == "no_such_seat"


def test_a_player_who_left_a_running_game_no_longer_replays_its_seat(client):
    """A bot plays the seat now: its hand is the bot's, not the leaver's to watch."""
    code, host, guest = seated_game(client, {"timers_enabled": False})
    state = play_some(client, code, host, guest, 2)
    url = f"/api/games/{state['game_id']}/replay"
    guest_seat = 1 - state["seat"]
    assert client.get(url, params={"seat": guest_seat}, headers=guest["headers"]).status_code == 200
    assert client.post(f"/api/rooms/{code}/leave", headers=guest["headers"]).json()["handed_to_bot"]
    refused = client.get(url, params={"seat": guest_seat}, headers=guest["headers"])
    assert refused.status_code == 403 and refused.json()["code"] == "not_finished"


def test_every_page_is_a_slice_of_the_whole_replay(client):
    code, host, guest = seated_game(client, {"timers_enabled": False})
    state = play_some(client, code, host, guest, 4)
    url, seat, auth = f"/api/games/{state['game_id']}/replay", state["seat"], host["headers"]
    whole = client.get(url, params={"seat": seat}, headers=auth).json()["frames"]
    pages, after = [], -1
    while after is not None:
        page = client.get(url, params={"seat": seat, "after": after, "limit": 3}, headers=auth).json()
        pages += page["frames"]
        after = page["next_after"]
    assert pages == whole and len(whole) == state["version"] + 1


def test_replays_and_checks_are_rate_limited_per_address(client, monkeypatch):
    from dorhami.api import rate

    monkeypatch.setitem(rate.ADDRESS_LIMITS, "replay", rate.Limit(0.001, 2))
    code, host, guest = seated_game(client, {"timers_enabled": False})
    state = play_some(client, code, host, guest, 1)
    url = f"/api/games/{state['game_id']}/replay"
    answers = [client.get(url, params={"seat": state["seat"]}, headers=host["headers"]) for _ in range(3)]
    assert [a.status_code for a in answers[:2]] == [200, 200]
    assert answers[2].status_code == 429 and answers[2].json()["code"] == "rate_limited"
    assert client.get(f"/api/games/{state['game_id']}/verify").status_code == 429


def test_a_finished_games_seat_replays_only_for_who_held_it_at_the_end(client, database_url):
    """A player who left (a bot finished their seat) no longer watches its hand, even once the game
    is over; the one who held a seat at the end does; everyone may watch as a spectator."""
    from .factories import play_to_the_end
    from .test_fair_shuffles import database

    code, host, guest = seated_game(client, {"timers_enabled": False})
    state = play_some(client, code, host, guest, 2)
    game_id, host_seat = state["game_id"], state["seat"]
    assert client.post(f"/api/rooms/{code}/leave", headers=guest["headers"]).json()["handed_to_bot"]
    play_to_the_end(client, code, [host])
    url = f"/api/games/{game_id}/replay"
    mine = client.get(url, params={"seat": host_seat}, headers=host["headers"]).json()
    assert mine["finished"] and mine["viewable_seats"] == [host_seat]
    for who, seat in ((guest, 1 - host_seat), (None, host_seat), (guest, host_seat)):
        refused = client.get(url, params={"seat": seat}, headers=who["headers"] if who else {})
        assert refused.status_code == 403 and refused.json()["code"] == "not_your_seat", (seat, refused.text)
    assert client.get(url).status_code == 200  # the spectator's eyes, for anyone
    # A game that ended before the end's holders were kept: its starting players stand in.
    with database(database_url, write=True) as db:
        db.execute(text("UPDATE games SET end_players = NULL WHERE id = :id"), {"id": game_id})
    assert client.get(url, params={"seat": 1 - host_seat}, headers=guest["headers"]).status_code == 200
