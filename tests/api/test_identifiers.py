"""Identifiers and names are checked at the edge: odd characters get a typed answer, never a 500."""

from __future__ import annotations

import pytest

from .factories import new_player


@pytest.mark.parametrize("code", ["bad%00code", "x" * 33, "a%20b", "ربع", "%00", "%E2%80%AE"])
def test_a_room_code_that_cannot_exist_is_no_room(client, code):
    player = new_player(client)
    for method, path in (
        ("get", "/api/rooms/{}"),
        ("post", "/api/rooms/{}/join"),
        ("get", "/api/rooms/{}/state"),
        ("get", "/api/rooms/{}/log"),
    ):
        response = client.request(method, path.format(code), headers=player["headers"])
        assert response.status_code == 404 and response.json()["code"] == "room_not_found", (path, response.text)


@pytest.mark.parametrize("name", ["Sa\x00ra", "\x07bell", "\u202eevil", "tab\x1bx"])
def test_a_name_with_control_characters_is_refused(client, name):
    response = client.post("/api/players", json={"name": name})
    assert response.status_code == 422 and response.json()["code"] == "invalid_request"


@pytest.mark.parametrize("name", [" ", "\u200b", "\u200c", "\u2060\u200b", "\u3000\u200c"])
def test_a_name_of_only_invisible_characters_is_refused(client, name):
    response = client.post("/api/players", json={"name": name})
    assert response.status_code == 422 and response.json()["code"] == "invalid_request"


def test_persian_names_keep_their_zwnj_and_are_normalised(client):
    zwnj = "می\u200cخواهم"
    assert client.post("/api/players", json={"name": zwnj}).json()["name"] == zwnj
    decomposed = "Zoe\u0301"  # e + combining acute: stored as é, one character
    assert client.post("/api/players", json={"name": decomposed}).json()["name"] == "Zoé"


@pytest.mark.parametrize(
    "name",
    [
        "\u3164",
        "\u115f\u1160",
        "\uffa0 \uffa0",
        "\u2800\u2800",
        "\u0301",
        "\u034f\ufe0f",
        "\u3164\u200c\u2800",
        "\u17b4",
    ],
)
def test_a_name_that_draws_nothing_is_refused(client, name):
    response = client.post("/api/players", json={"name": name})
    assert response.status_code == 422 and response.json()["code"] == "invalid_request", response.text


@pytest.mark.parametrize("name", ["Sara\U000e0041\U000e0042", "\U000e0001Sara", "Sa\U000e007fra", "Sara\U000e0000"])
def test_a_name_hiding_tag_characters_is_refused(client, name):
    response = client.post("/api/players", json={"name": name})
    assert response.status_code == 422 and response.json()["code"] == "invalid_request", response.text


def test_blanks_and_marks_inside_a_name_are_kept(client):
    for name in ("Sara\u3164B", "علی\u200cرضا", "Zoe\u0301\u034f"):
        response = client.post("/api/players", json={"name": name})
        assert response.status_code == 201, (name, response.text)
