"""Two people of one name in a room are told apart: `display_name` tags namesakes with the start of their id."""

from __future__ import annotations

from dorhami.hub.namesakes import display_names

from .factories import new_player, new_room


def test_two_hosts_in_one_room_are_told_apart_and_a_lone_name_is_left_alone(client):
    host, twin, guest = new_player(client, "Host"), new_player(client, "host"), new_player(client, "Guest")
    code = new_room(client, host, game="queendomino", private=False)["code"]
    for person in (host, twin, guest):
        assert client.post(f"/api/rooms/{code}/join", headers=person["headers"]).status_code == 200
    room = client.get(f"/api/rooms/{code}").json()
    shown = {seat["player"]["id"]: seat["player"]["display_name"] for seat in room["seats"]}
    assert shown == {host["id"]: f"Host #{host['id'][:4]}", twin["id"]: f"host #{twin['id'][:4]}", guest["id"]: "Guest"}
    assert room["host"]["display_name"] == shown[host["id"]]
    assert [seat["player"]["name"] for seat in room["seats"]] == ["Host", "host", "Guest"]  # names unchanged
    listed = next(r for r in client.get("/api/rooms").json() if r["code"] == code)
    assert {seat["player"]["display_name"] for seat in listed["seats"]} == set(shown.values())
    moved = client.post(f"/api/rooms/{code}/seats/2/move", json={"to": 0}, headers=host["headers"]).json()
    assert {seat["player"]["display_name"] for seat in moved["seats"]} == set(shown.values())


def test_the_host_off_the_seats_counts_as_a_namesake(client):
    host, twin = new_player(client, "Sara"), new_player(client, "Sara")
    code = new_room(client, host)["code"]
    client.post(f"/api/rooms/{code}/join", headers=twin["headers"])
    room = client.get(f"/api/rooms/{code}").json()
    assert room["host"]["display_name"] == f"Sara #{host['id'][:4]}"
    assert room["seats"][0]["player"]["display_name"] == f"Sara #{twin['id'][:4]}"


def test_a_tag_grows_until_namesakes_differ():
    assert display_names({"3f2c0001": "Host", "3f2c0002": "HOST", "9a00": "Guest"}) == {
        "3f2c0001": "Host #3f2c0001",
        "3f2c0002": "HOST #3f2c0002",
        "9a00": "Guest",
    }
