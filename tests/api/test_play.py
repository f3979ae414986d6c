"""Whole games over REST: actions, typed refusals, the log, leave-to-bot and rematch."""

from __future__ import annotations

from dorhami.catalogue import get_engine

from .factories import new_player, new_room, play_to_the_end, seated_game


def test_two_rest_clients_play_a_whole_game(client):
    code, host, guest = seated_game(client)
    result, count = play_to_the_end(client, code, [host, guest])
    assert count > 10 and len(result["winners"]) == 1
    assert client.get(f"/api/rooms/{code}").json()["status"] == "finished"
    for player in (host, guest):
        assert client.get(f"/api/rooms/{code}/state", headers=player["headers"]).json()["result"] == result


def test_state_shows_each_seat_its_own_hand_and_spectators_none(client):
    code, host, guest = seated_game(client)
    mine = client.get(f"/api/rooms/{code}/state", headers=host["headers"]).json()
    theirs = client.get(f"/api/rooms/{code}/state", headers=guest["headers"]).json()
    spectator = client.get(f"/api/rooms/{code}/state").json()
    assert mine["seat"] == 0 and theirs["seat"] == 1 and spectator["seat"] is None
    assert len(mine["view"]["hand"]) == 10 and not set(mine["view"]["hand"]) & set(theirs["view"]["hand"])
    assert spectator["view"]["hand"] is None and spectator["legal_actions"] == []
    assert mine["legal_actions"] and mine["version"] == 0


def test_a_refused_action_gets_its_rule_code_and_changes_nothing(client):
    code, host, guest = seated_game(client)
    before = client.get(f"/api/rooms/{code}/state", headers=host["headers"]).json()
    response = client.post(
        f"/api/rooms/{code}/actions", json={"action": {"type": "play_card", "card": 0}}, headers=host["headers"]
    )
    assert response.status_code == 409 and response.json()["code"] == "wrong_phase"
    response = client.post(f"/api/rooms/{code}/actions", json={"action": {"type": "dance"}}, headers=host["headers"])
    assert response.status_code == 400 and response.json()["code"] == "unknown_action"
    after = client.get(f"/api/rooms/{code}/state", headers=host["headers"]).json()
    assert after == before


def test_malformed_bodies_never_give_a_500(client):
    code, host, _ = seated_game(client)
    url = f"/api/rooms/{code}/actions"
    for body in (
        "not json",
        "[]",
        '{"action": 5}',
        '{"action": {}, "extra": 1}',
        '{"action": {"type": null}}',
        '{"action": {"type": "exchange_cards", "cards": "all"}}',
        '{"action": {"type": "exchange_cards", "cards": [1e308]}}',
        '{"action": {"type": "play_card", "card": {"x": 1}}}',
    ):
        response = client.post(url, content=body, headers={**host["headers"], "Content-Type": "application/json"})
        assert 400 <= response.status_code < 500, (body, response.status_code, response.text)
        assert set(response.json()) == {"code", "message"}


def test_a_spectator_cannot_act(client):
    code, _, _ = seated_game(client)
    watcher = new_player(client, "Watcher")
    response = client.post(
        f"/api/rooms/{code}/actions",
        json={"action": {"type": "exchange_cards", "cards": [0]}},
        headers=watcher["headers"],
    )
    assert response.status_code == 403 and response.json()["code"] == "not_seated"


def test_a_resent_client_seq_is_applied_once_and_gets_the_first_answer(client):
    code, host, _ = seated_game(client)
    state = client.get(f"/api/rooms/{code}/state", headers=host["headers"]).json()
    body = {"action": state["legal_actions"][0], "client_seq": 41}
    first = client.post(f"/api/rooms/{code}/actions", json=body, headers=host["headers"])
    second = client.post(f"/api/rooms/{code}/actions", json=body, headers=host["headers"])
    assert first.status_code == second.status_code == 200 and first.json() == second.json()
    assert len(client.get(f"/api/rooms/{code}/log").json()["entries"]) == 1


def test_the_log_hides_secret_choices_while_running_and_shows_all_at_the_end(client):
    code, host, guest = seated_game(client)
    state = client.get(f"/api/rooms/{code}/state", headers=host["headers"]).json()
    client.post(f"/api/rooms/{code}/actions", json={"action": state["legal_actions"][0]}, headers=host["headers"])
    running = client.get(f"/api/rooms/{code}/log").json()
    assert running["finished"] is False and "seed" not in running or running["seed"] is None
    assert "cards" not in running["entries"][0]["action"]
    play_to_the_end(client, code, [host, guest])
    done = client.get(f"/api/rooms/{code}/log").json()
    assert done["finished"] and isinstance(done["seed"], int)
    assert done["entries"][0]["action"]["cards"] == state["legal_actions"][0]["cards"]


def test_the_finished_log_replays_to_the_same_result(client):
    from dorhami.catalogue import get_engine

    code, host, guest = seated_game(client)
    result, _ = play_to_the_end(client, code, [host, guest], seed=3)
    log = client.get(f"/api/rooms/{code}/log").json()
    engine = get_engine("jekyll-vs-hyde")
    state = engine.setup(log["players"], log["seed"], log["config"], now_ms=log["started_ms"])
    for entry in log["entries"]:
        if entry["seat"] is None:
            state, _ = engine.advance(state, entry["server_ms"])
        else:
            state, _ = engine.apply(state, entry["seat"], entry["action"], entry["server_ms"])
    assert engine.result(state) == result


def test_leaving_during_a_game_hands_the_seat_to_a_bot_that_finishes_it(client):
    code, host, guest = seated_game(client)
    assert client.post(f"/api/rooms/{code}/leave", headers=guest["headers"]).json() == {
        "seat": 1,
        "handed_to_bot": True,
    }
    room = client.get(f"/api/rooms/{code}").json()
    assert room["seats"][1]["bot"] and room["seats"][1]["player"] is None
    result, _ = play_to_the_end(client, code, [host])
    assert result is not None
    bot_moves = [e for e in client.get(f"/api/rooms/{code}/log").json()["entries"] if e["seat"] == 1]
    assert bot_moves, "the bot played the seat it was handed"


def test_a_rematch_starts_a_new_game_with_the_same_seats(client):
    code, host, guest = seated_game(client)
    response = client.post(f"/api/rooms/{code}/rematch", headers=host["headers"])
    assert response.status_code == 409 and response.json()["code"] == "not_finished"
    play_to_the_end(client, code, [host, guest])
    first_game = client.get(f"/api/rooms/{code}").json()["game_id"]
    assert client.post(f"/api/rooms/{code}/rematch", headers=host["headers"]).status_code == 200
    room = client.get(f"/api/rooms/{code}").json()
    assert room["status"] == "playing" and room["game_id"] != first_game
    state = client.get(f"/api/rooms/{code}/state", headers=guest["headers"]).json()
    assert state["seat"] == 1 and state["result"] is None and state["version"] == 0


def test_one_person_plays_a_whole_game_against_a_bot(client):
    host = new_player(client)
    code = new_room(client, host)["code"]
    client.post(f"/api/rooms/{code}/join", headers=host["headers"])
    client.post(f"/api/rooms/{code}/bots", json={}, headers=host["headers"])
    client.post(f"/api/rooms/{code}/start", headers=host["headers"])
    result, _ = play_to_the_end(client, code, [host])
    assert len(result["winners"]) == 1


def test_the_log_comes_in_pages_that_join_up_to_the_whole_log(client):
    code, host, guest = seated_game(client)
    play_to_the_end(client, code, [host, guest], seed=4)
    whole = client.get(f"/api/rooms/{code}/log").json()
    assert whole["next_after"] is None and len(whole["entries"]) > 7
    pages, after = [], 0
    while after is not None:
        page = client.get(f"/api/rooms/{code}/log", params={"after": after, "limit": 7}).json()
        assert len(page["entries"]) <= 7 and page["seed"] == whole["seed"]
        pages.append(page["entries"])
        after = page["next_after"]
    assert [e for page in pages for e in page] == whole["entries"]
    assert all(len(page) == 7 for page in pages[:-1]) and len(pages) == -(-len(whole["entries"]) // 7)
    for bad in ({"limit": 0}, {"limit": 100_000}, {"after": -1}):
        assert client.get(f"/api/rooms/{code}/log", params=bad).status_code == 422


def test_an_action_with_a_junk_field_is_refused_and_the_log_keeps_only_the_normal_form(client):
    code, host, guest = seated_game(client)
    state = client.get(f"/api/rooms/{code}/state", headers=host["headers"]).json()
    legal = state["legal_actions"][0]
    url = f"/api/rooms/{code}/actions"
    junk = {**legal, "step": state["view"]["step"], "junk": "x" * 50_000}
    response = client.post(url, json={"action": junk}, headers=host["headers"])
    assert response.status_code == 400 and response.json()["code"] == "unknown_action"
    assert "junk" in response.json()["message"] and "xxx" not in response.json()["message"]
    assert client.get(f"/api/rooms/{code}/state", headers=host["headers"]).json() == state

    # A string where the rules want a number is refused as malformed, not coerced.
    response = client.post(
        url, json={"action": {**legal, "cards": [str(c) for c in legal["cards"]]}}, headers=host["headers"]
    )
    assert response.status_code == 400 and response.json()["code"] == "unknown_action"

    response = client.post(url, json={"action": {**legal, "step": state["view"]["step"]}}, headers=host["headers"])
    assert response.status_code == 200
    rows = client.get(f"/api/rooms/{code}/log").json()["entries"]
    assert [row["seat"] for row in rows] == [0]
    # The normal form, without the step, in its public form (the exchanged cards are a secret).
    assert rows[0]["action"] == get_engine("jekyll-vs-hyde").public_action(0, legal)


def test_a_move_wrong_twice_over_gets_the_refusal_its_rules_give(client):
    code, host, guest = seated_game(client)
    before = client.get(f"/api/rooms/{code}/state", headers=host["headers"]).json()
    url = f"/api/rooms/{code}/actions"
    # A card play during the exchange, with a field no action has: the rules' own refusal, as it
    # would be without the field (the schema's refusal is only for moves the rules would accept).
    response = client.post(
        url, json={"action": {"type": "play_card", "card": 0, "note": "hi"}}, headers=host["headers"]
    )
    assert response.status_code == 409 and response.json()["code"] == "wrong_phase"
    assert client.get(f"/api/rooms/{code}/state", headers=host["headers"]).json() == before


def test_a_log_position_past_any_seq_is_a_typed_422_on_every_database(client):
    code, host, _ = seated_game(client)
    for after in (2**31, 2**63, -1):
        response = client.get(f"/api/rooms/{code}/log", params={"after": after})
        assert response.status_code == 422 and response.json()["code"] == "invalid_request", after
    assert client.get(f"/api/rooms/{code}/log", params={"after": 2**31 - 1}).json()["entries"] == []
