"""Players, the catalogue and rooms: create, list, join, bots, leave, start."""

from __future__ import annotations

from .factories import new_player, new_room


def test_a_guest_gets_an_id_and_a_token(client):
    response = client.post("/api/players", json={"name": "  Sara   K "})
    assert response.status_code == 201
    body = response.json()
    assert body["name"] == "Sara K" and len(body["token"]) >= 40 and body["id"]


def test_a_blank_name_is_refused_with_a_typed_error(client):
    response = client.post("/api/players", json={"name": "   "})
    assert response.status_code == 422
    assert response.json()["code"] == "invalid_request"


def test_the_catalogue_lists_jekyll_vs_hyde_with_its_config(client):
    games = {g["slug"]: g for g in client.get("/api/games").json()}
    jvh = games["jekyll-vs-hyde"]
    assert (jvh["min_players"], jvh["max_players"]) == (2, 2)
    assert jvh["default_config"]["match_mode"] == "single"


def test_creating_a_room_needs_a_token(client):
    response = client.post("/api/rooms", json={"game": "jekyll-vs-hyde"})
    assert response.status_code == 401 and response.json()["code"] == "auth_required"
    response = client.post("/api/rooms", json={"game": "jekyll-vs-hyde"}, headers={"Authorization": "Bearer nope"})
    assert response.status_code == 401 and response.json()["code"] == "invalid_token"


def test_the_host_is_not_seated_by_creating_the_room(client):
    host = new_player(client)
    room = new_room(client, host)
    assert room["status"] == "waiting" and room["seats"] == [] and room["host"]["id"] == host["id"]
    assert room["url"] == f"/t/{room['code']}"


def test_an_unknown_game_or_bad_config_is_refused(client):
    host = new_player(client)
    response = client.post("/api/rooms", json={"game": "chess"}, headers=host["headers"])
    assert response.status_code == 404 and response.json()["code"] == "unknown_game"
    response = client.post(
        "/api/rooms", json={"game": "jekyll-vs-hyde", "config": {"match_mode": "best_of_99"}}, headers=host["headers"]
    )
    assert response.status_code == 400 and response.json()["code"] == "invalid_config"


def test_private_rooms_are_never_listed_and_public_ones_are(client):
    host = new_player(client)
    private = new_room(client, host, private=True)
    public = new_room(client, host, private=False)
    listed = {r["code"] for r in client.get("/api/rooms").json()}
    assert public["code"] in listed and private["code"] not in listed


def test_room_codes_carry_at_least_64_random_bits(client):
    hosts = [new_player(client, f"Host {i}") for i in range(4)]  # a host has at most 10 open rooms
    codes = {new_room(client, host)["code"] for host in hosts for _ in range(5)}
    assert len(codes) == 20
    # token_urlsafe: 6 bits per character; 11+ characters carry 64+ bits.
    assert all(len(code) >= 11 for code in codes)


def test_an_unknown_room_is_a_404(client):
    response = client.get("/api/rooms/doesnotexist")
    assert response.status_code == 404 and response.json()["code"] == "room_not_found"


def test_join_takes_the_lowest_free_seat_and_is_idempotent(client):
    host, guest, third = new_player(client), new_player(client, "B"), new_player(client, "C")
    code = new_room(client, host)["code"]
    assert client.post(f"/api/rooms/{code}/join", headers=guest["headers"]).json() == {"seat": 0}
    assert client.post(f"/api/rooms/{code}/join", headers=guest["headers"]).json() == {"seat": 0}
    assert client.post(f"/api/rooms/{code}/join", headers=host["headers"]).json() == {"seat": 1}
    response = client.post(f"/api/rooms/{code}/join", headers=third["headers"])
    assert response.status_code == 409 and response.json()["code"] == "room_full"


def test_only_the_host_adds_bots_and_starts(client):
    host, guest = new_player(client), new_player(client, "B")
    code = new_room(client, host)["code"]
    client.post(f"/api/rooms/{code}/join", headers=guest["headers"])
    response = client.post(f"/api/rooms/{code}/bots", json={}, headers=guest["headers"])
    assert response.status_code == 403 and response.json()["code"] == "not_host"
    assert client.post(f"/api/rooms/{code}/bots", json={"level": "easy"}, headers=host["headers"]).json() == {"seat": 1}
    response = client.post(f"/api/rooms/{code}/start", headers=guest["headers"])
    assert response.status_code == 403
    room = client.get(f"/api/rooms/{code}").json()
    assert room["seats"][1]["bot"] == "easy"


def test_a_game_cannot_start_without_enough_players(client):
    host = new_player(client)
    code = new_room(client, host)["code"]
    client.post(f"/api/rooms/{code}/join", headers=host["headers"])
    response = client.post(f"/api/rooms/{code}/start", headers=host["headers"])
    assert response.status_code == 409 and response.json()["code"] == "wrong_player_count"


def test_double_connect_teams_name_their_seat_counts_and_refuse_five_players(client):
    """§6 (2): teams need 4, 6 or 8; the room says so before the start, and a start with 5 is
    the table's wrong_player_count (not the rules' setup error), naming the counts."""
    host = new_player(client)
    code = new_room(client, host, game="double-connect", config={"mode": "teams"})["code"]
    room = client.get(f"/api/rooms/{code}").json()
    assert room["player_counts"] == [4, 6, 8] and (room["min_players"], room["max_seats"]) == (4, 8)
    solo = client.get(f"/api/rooms/{new_room(client, host, game='double-connect')['code']}").json()
    assert solo["player_counts"] == [2, 3, 4, 5, 6, 7, 8]
    client.post(f"/api/rooms/{code}/join", headers=host["headers"])
    for _ in range(4):
        client.post(f"/api/rooms/{code}/bots", json={"level": "easy"}, headers=host["headers"])
    response = client.post(f"/api/rooms/{code}/start", headers=host["headers"])
    assert response.status_code == 409 and response.json()["code"] == "wrong_player_count"
    assert "4, 6 or 8" in response.json()["message"]
    assert client.get(f"/api/rooms/{code}").json()["status"] == "waiting"
    client.post(f"/api/rooms/{code}/bots", json={"level": "easy"}, headers=host["headers"])
    assert client.post(f"/api/rooms/{code}/start", headers=host["headers"]).status_code == 200


def test_the_catalogue_offers_camel_up_cards_classic_preset(client):
    games = {g["slug"]: g for g in client.get("/api/games").json()}
    assert games["camel-up-cards"]["presets"]["classic"] == {
        "stack_leader": "top",
        "start_order": "random",
        "wrong_bet_penalty": 1,
    }
    host = new_player(client)
    preset = games["camel-up-cards"]["presets"]["classic"]
    room = new_room(client, host, game="camel-up-cards", config=preset)
    assert {k: room["config"][k] for k in preset} == preset


def test_leaving_before_the_start_frees_the_seat(client):
    host, guest = new_player(client), new_player(client, "B")
    code = new_room(client, host)["code"]
    client.post(f"/api/rooms/{code}/join", headers=guest["headers"])
    assert client.post(f"/api/rooms/{code}/leave", headers=guest["headers"]).json() == {
        "seat": 0,
        "handed_to_bot": False,
    }
    assert client.get(f"/api/rooms/{code}").json()["seats"] == []
    response = client.post(f"/api/rooms/{code}/leave", headers=guest["headers"])
    assert response.status_code == 409 and response.json()["code"] == "not_seated"


def test_the_api_is_documented_at_docs(client):
    assert client.get("/docs").status_code == 200
    paths = client.get("/openapi.json").json()["paths"]
    for path in (
        "/api/players",
        "/api/games",
        "/api/rooms",
        "/api/rooms/{code}",
        "/api/rooms/{code}/join",
        "/api/rooms/{code}/bots",
        "/api/rooms/{code}/start",
        "/api/rooms/{code}/leave",
        "/api/rooms/{code}/rematch",
        "/api/rooms/{code}/state",
        "/api/rooms/{code}/actions",
        "/api/rooms/{code}/log",
    ):
        assert path in paths


def test_the_browser_pages_are_served(client):
    assert "Dorhami" in client.get("/").text
    assert client.get("/t/somecode").status_code == 200
    assert client.get("/static/js/main.js").status_code == 200


def test_a_wrong_method_is_a_typed_405_that_names_the_allowed_ones(client):
    response = client.request("TRACE", "/api/games")
    assert response.status_code == 405 and response.headers["allow"] == "GET"
    assert response.json()["code"] == "method_not_allowed"


def test_the_schema_documents_every_refusal_an_operation_may_answer(client):
    schema = client.get("/openapi.json").json()
    actions = schema["paths"]["/api/rooms/{code}/actions"]["post"]["responses"]
    assert {"400", "401", "404", "409", "429", "503"} <= set(actions)
    assert actions["409"]["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorPublic")
