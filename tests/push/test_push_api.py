"""The REST side of Web Push: the server's key, a player's devices, their settings, and what
client input is refused (docs/NOTIFICATIONS.md)."""

from __future__ import annotations

import base64

import pytest
from fastapi.testclient import TestClient

from dorhami.app import create_app
from dorhami.push.notifier import Notice
from tests.api.factories import new_player
from tests.support.push_double import PushDouble

GOOD = "https://fcm.googleapis.com/fcm/send/abc:APA91b-xyz"


@pytest.fixture
def client(push_settings):
    with TestClient(create_app(push_settings)) as client:
        yield client


def subscription(browser, **changes) -> dict:
    body = browser.to_json()
    body.update(changes)
    return body


def devices(client, player) -> list[dict]:
    response = client.get("/api/players/me/push-subscriptions", headers=player["headers"])
    assert response.status_code == 200, response.text
    return response.json()["devices"]


def test_the_key_is_a_p256_point_and_the_same_on_every_ask(client):
    first = client.get("/api/push/key").json()["public_key"]
    raw = base64.urlsafe_b64decode(first + "=" * (-len(first) % 4))
    assert len(raw) == 65 and raw[0] == 4
    assert client.get("/api/push/key").json()["public_key"] == first


def test_subscribe_list_and_delete(client, double: PushDouble):
    sara = new_player(client)
    browser = double.subscribe()
    created = client.post("/api/players/me/push-subscriptions", json=browser.to_json(), headers=sara["headers"])
    assert created.status_code == 201, created.text
    sub_id = created.json()["id"]
    [device] = devices(client, sara)
    assert device["id"] == sub_id and device["service"] == "127.0.0.1" and device["last_sent_ms"] is None
    assert "endpoint" not in device and "keys" not in device  # never shown again
    assert client.delete(f"/api/players/me/push-subscriptions/{sub_id}", headers=sara["headers"]).status_code == 204
    assert devices(client, sara) == []
    again = client.delete(f"/api/players/me/push-subscriptions/{sub_id}", headers=sara["headers"])
    assert again.status_code == 404 and again.json()["code"] == "no_such_device"


def test_another_players_device_is_not_yours_to_delete(client, double):
    sara, omid = new_player(client, "Sara"), new_player(client, "Omid")
    sub_id = client.post(
        "/api/players/me/push-subscriptions", json=double.subscribe().to_json(), headers=sara["headers"]
    ).json()["id"]
    refused = client.delete(f"/api/players/me/push-subscriptions/{sub_id}", headers=omid["headers"])
    assert refused.status_code == 404 and refused.json()["code"] == "no_such_device"
    assert [d["id"] for d in devices(client, sara)] == [sub_id]


def test_the_same_endpoint_again_keeps_its_id_and_moves_to_the_new_player(client, double):
    sara, omid = new_player(client, "Sara"), new_player(client, "Omid")
    browser = double.subscribe()
    first = client.post("/api/players/me/push-subscriptions", json=browser.to_json(), headers=sara["headers"])
    renewed = double.subscribe()
    renewed.endpoint = browser.endpoint  # the same browser, new keys
    again = client.post("/api/players/me/push-subscriptions", json=renewed.to_json(), headers=omid["headers"])
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["id"] == first.json()["id"]
    assert devices(client, sara) == [] and [d["id"] for d in devices(client, omid)] == [first.json()["id"]]


def test_the_eleventh_device_drops_the_oldest(client, double):
    sara = new_player(client)
    ids = [
        client.post(
            "/api/players/me/push-subscriptions", json=double.subscribe().to_json(), headers=sara["headers"]
        ).json()["id"]
        for _ in range(11)
    ]
    kept = {d["id"] for d in devices(client, sara)}
    assert len(kept) == 10 and ids[0] not in kept and set(ids[1:]) == kept


@pytest.mark.parametrize(
    "endpoint",
    [
        "http://fcm.googleapis.com/fcm/send/x",  # not https
        "https://127.0.0.1/push/x",
        "https://[::1]/push/x",
        "https://127.1/push/x",  # an IPv4 address however spelt
        "https://0x7f000001/push/x",
        "https://localhost/push/x",
        "https://push.localhost/x",
        "https://metadata.internal/x",
        "https://user:pw@fcm.googleapis.com/x",
        "https://fcm.googleapis.com:8443/x",
        "https://fcm.googleapis.com/" + "a" * 1024,  # over 1 KiB
        "https://fcm.googleapis.com/a b",
        "file:///etc/passwd",
        "not a url",
    ],
)
def test_an_endpoint_that_is_no_public_https_name_is_refused(client, double, endpoint):
    sara = new_player(client)
    response = client.post(
        "/api/players/me/push-subscriptions",
        json=subscription(double.subscribe(), endpoint=endpoint),
        headers=sara["headers"],
    )
    assert response.status_code == 422 and response.json()["code"] == "push_endpoint_refused", response.text
    assert devices(client, sara) == []


def test_a_public_https_endpoint_is_accepted(client, double):
    sara = new_player(client)
    response = client.post(
        "/api/players/me/push-subscriptions",
        json=subscription(double.subscribe(), endpoint=GOOD),
        headers=sara["headers"],
    )
    assert response.status_code == 201, response.text
    assert devices(client, sara)[0]["service"] == "fcm.googleapis.com"


@pytest.mark.parametrize(
    "keys",
    [
        {"p256dh": "BAAA", "auth": "AAAAAAAAAAAAAAAAAAAAAA"},  # too short
        {"p256dh": "B" + "A" * 86, "auth": "AAAAAAAAAAAAAAAAAAAAAA"},  # 65 bytes, not on the curve
        {"p256dh": None, "auth": "AAAAAAAAAAAAAAAAAAAAAA"},
        {"p256dh": "ok", "auth": "AAAA"},  # auth of 3 bytes
        {"p256dh": "ok", "auth": "AAAAAAAAAAAAAAAAAAAAA!"},  # not base64url
    ],
)
def test_keys_that_are_no_p256_point_and_16_byte_secret_are_refused(client, double, keys):
    sara = new_player(client)
    browser = double.subscribe()
    if keys["p256dh"] == "ok":
        keys = {**keys, "p256dh": browser.p256dh}
    response = client.post(
        "/api/players/me/push-subscriptions", json=subscription(browser, keys=keys), headers=sara["headers"]
    )
    assert response.status_code == 422, response.text
    expected = "invalid_request" if keys["p256dh"] is None else "push_keys_invalid"
    assert response.json()["code"] == expected
    assert devices(client, sara) == []


def test_subscribing_needs_a_player(client, double):
    response = client.post("/api/players/me/push-subscriptions", json=double.subscribe().to_json())
    assert response.status_code == 401


def test_settings_have_defaults_and_change_by_parts(client):
    sara = new_player(client)
    assert client.get("/api/players/me/settings", headers=sara["headers"]).json() == {
        "lang": "fa",
        "time_zone": "Asia/Tehran",
        "calendar": "persian",
        "quiet_hours": None,
        "notices": {"turn": True, "reminder": True, "invitation": True, "rematch": True, "rescue": True},
    }
    changed = client.patch(
        "/api/players/me/settings",
        json={"lang": "en", "quiet_hours": {"start": "23:30", "end": "07:00"}, "notices": {"rematch": False}},
        headers=sara["headers"],
    ).json()
    assert changed["lang"] == "en" and changed["time_zone"] == "Asia/Tehran"
    assert changed["quiet_hours"] == {"start": "23:30", "end": "07:00"}
    assert changed["notices"]["rematch"] is False and changed["notices"]["turn"] is True
    later = client.patch(
        "/api/players/me/settings",
        json={"time_zone": "Europe/Berlin", "calendar": "gregorian", "notices": {"turn": False, "rematch": True}},
        headers=sara["headers"],
    ).json()
    assert later["lang"] == "en" and later["quiet_hours"] == {"start": "23:30", "end": "07:00"}
    assert (later["time_zone"], later["calendar"]) == ("Europe/Berlin", "gregorian")
    assert later["notices"] == {"turn": False, "reminder": True, "invitation": True, "rematch": True, "rescue": True}
    cleared = client.patch("/api/players/me/settings", json={"quiet_hours": None}, headers=sara["headers"]).json()
    assert cleared["quiet_hours"] is None and cleared["notices"]["turn"] is False
    assert client.get("/api/players/me/settings", headers=sara["headers"]).json() == cleared


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"time_zone": "Mars/Olympus"}, "invalid_time_zone"),
        ({"time_zone": "../../etc/passwd"}, "invalid_time_zone"),
        ({"quiet_hours": {"start": "24:00", "end": "07:00"}}, "invalid_quiet_hours"),
        ({"quiet_hours": {"start": "7:00", "end": "08:00"}}, "invalid_quiet_hours"),
        ({"quiet_hours": {"start": "07:00", "end": "07:00"}}, "invalid_quiet_hours"),
        ({"notices": {"gossip": False}}, "unknown_notice_kind"),
        ({"notices": {"turn": "no"}}, "invalid_request"),
        ({"lang": "de"}, "invalid_request"),
        ({"calendar": "julian"}, "invalid_request"),
        ({"colour": "blue"}, "invalid_request"),
    ],
)
def test_bad_settings_are_refused_with_their_code_and_change_nothing(client, body, code):
    sara = new_player(client)
    before = client.get("/api/players/me/settings", headers=sara["headers"]).json()
    response = client.patch("/api/players/me/settings", json=body, headers=sara["headers"])
    assert response.status_code == 422 and response.json()["code"] == code, response.text
    assert client.get("/api/players/me/settings", headers=sara["headers"]).json() == before


def test_a_notice_told_in_the_app_reaches_the_device_decrypted_in_the_players_language(client, double):
    double.expected_key = client.get("/api/push/key").json()["public_key"]
    sara, omid = new_player(client, "Sara"), new_player(client, "Omid")
    fa_device, en_device = double.subscribe(), double.subscribe()
    client.post("/api/players/me/push-subscriptions", json=fa_device.to_json(), headers=sara["headers"])
    client.post("/api/players/me/push-subscriptions", json=en_device.to_json(), headers=omid["headers"])
    client.patch("/api/players/me/settings", json={"lang": "en", "calendar": "gregorian"}, headers=omid["headers"])
    notifier = client.app.state.notifier
    invitation = Notice("invitation", "/invitations/7", "queendomino", {"from": "Nima"})
    client.portal.call(notifier.tell, sara["id"], invitation)
    client.portal.call(notifier.tell, omid["id"], invitation)
    client.portal.call(notifier.idle)
    assert double.refusals == []
    [fa] = double.messages(fa_device)
    [en] = double.messages(en_device)
    assert fa["body"] == "Nima شما را به بازی کویین‌دومینو دعوت کرده است" and fa["title"] == "دعوت"
    assert (fa["lang"], fa["dir"], fa["url"], fa["kind"]) == ("fa", "rtl", "/invitations/7", "invitation")
    assert en["body"] == "Nima invites you to play Queendomino" and (en["lang"], en["dir"]) == ("en", "ltr")
    assert devices(client, sara)[0]["last_sent_ms"] is not None
