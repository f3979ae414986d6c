"""GET /api/players/me/games: every room you sit in, your move first, from live tables and daily rows."""

from __future__ import annotations

from tests.api.factories import new_player, new_room, play_to_the_end, seated_game


def mine(client, player) -> dict:
    response = client.get("/api/players/me/games", headers=player["headers"])
    assert response.status_code == 200, response.text
    return response.json()


def test_my_games_puts_your_move_first_with_the_deadline_and_the_last_move(client):
    # A live game, a daily one (where the host has moved and the guest has not), one waiting, one finished.
    live, host, guest = seated_game(client)
    daily = new_room(client, host, config={"pace": "daily", "turn_hours": 12})["code"]
    waiting = new_room(client, host, game="queendomino")["code"]
    for code, who in ((daily, host), (daily, guest), (waiting, host)):
        assert client.post(f"/api/rooms/{code}/join", headers=who["headers"]).status_code == 200
    assert client.post(f"/api/rooms/{daily}/start", headers=host["headers"]).status_code == 200
    state = client.get(f"/api/rooms/{daily}/state", headers=host["headers"]).json()
    action = {**state["legal_actions"][0], "step": state["view"]["step"]}
    assert (
        client.post(f"/api/rooms/{daily}/actions", json={"action": action}, headers=host["headers"]).status_code == 200
    )
    done, others, more = seated_game(client)
    play_to_the_end(client, done, [others, more])

    host_games = mine(client, host)
    by_code = {game["code"]: game for game in host_games["games"]}
    assert set(by_code) == {live, daily, waiting}, "the finished game was the other players'"
    assert by_code[daily]["pace"] == "daily" and by_code[daily]["turn_hours"] == 12
    assert by_code[daily]["your_turn"] is False and by_code[daily]["to_move"] == [1]
    assert by_code[daily]["last_move"]["seat"] == 0 and by_code[daily]["last_move"]["type"] == "exchange_cards"
    assert by_code[waiting]["status"] == "waiting" and by_code[waiting]["to_move"] == []
    assert [seat["name"] for seat in by_code[daily]["seats"]] == ["Host", "Guest"]

    guest_games = mine(client, guest)
    # Both of the guest's games wait for them: the live one's minute-long clock ends first.
    assert [(game["code"], game["your_turn"]) for game in guest_games["games"]] == [(live, True), (daily, True)]
    entry = guest_games["games"][1]
    # The exchange opened at the start (a few ms before the host moved), for 12 hours.
    assert 12 * 3_600_000 - 60_000 < entry["deadline_ms"] - entry["last_move"]["ms"] <= 12 * 3_600_000
    assert guest_games["your_turn"] == sum(game["your_turn"] for game in guest_games["games"]) >= 1
    # The live game is read from its table: both exchange first in Jekyll vs. Hyde.
    live_entry = next(game for game in guest_games["games"] if game["code"] == live)
    assert live_entry["pace"] == "live" and live_entry["to_move"] == [0, 1] and live_entry["your_turn"]


def test_finished_games_stay_on_the_list_with_their_result_and_strangers_see_nothing(client):
    code, host, guest = seated_game(client)
    play_to_the_end(client, code, [host, guest])
    [entry] = mine(client, host)["games"]
    assert entry["status"] == "finished" and entry["result"] is not None and entry["your_turn"] is False
    assert mine(client, new_player(client, "Stranger")) == {"games": [], "your_turn": 0}
    assert client.get("/api/players/me/games").status_code == 401
