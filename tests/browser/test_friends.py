"""Friends in the browser (static/js/friends.js, invitation-notice.js; docs/FRIENDS.md): two players in
two browser contexts. One asks the other to be friends from "played with", the other accepts on the
Friends page, the first invites the second from the waiting room, and the second joins with one tap:
from the notice on a phone in Persian, from the invitation's own page on a desktop in English."""

from __future__ import annotations

import json
import re

import httpx
import pytest
from sqlalchemy import insert

from dorhami.storage.db import make_engine
from dorhami.storage.records import GamePlayerRecord, GameRecord, RoomRecord

from .lobby import create_room
from .screens import DESKTOP, PHONE, assert_accessible, assert_no_horizontal_overflow, new_page, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def player(server, name: str) -> dict:
    return httpx.post(f"{server.url}/api/players", json={"name": name}).json()


def played_together(database_url: str, a: dict, b: dict) -> None:
    """A finished game of the two, as results store it (the people list reads `game_players`)."""
    engine = make_engine(database_url)
    with engine.begin() as connection:
        room_id = connection.execute(
            insert(RoomRecord.__table__).returning(RoomRecord.__table__.c.id),
            {
                "code": "oldgame",
                "game": "jekyll-vs-hyde",
                "config": {},
                "private": True,
                "host_id": a["id"],
                "status": "finished",
            },
        ).scalar_one()
        game_id = connection.execute(
            insert(GameRecord.__table__).returning(GameRecord.__table__.c.id),
            {"room_id": room_id, "seed": 1, "config": {}, "players": 2, "started_ms": 1, "ended_ms": 1_764_000_000_000},
        ).scalar_one()
        for seat, who in enumerate((a, b)):
            connection.execute(
                insert(GamePlayerRecord.__table__),
                {
                    "game_id": game_id,
                    "seat": seat,
                    "player_id": who["id"],
                    "game": "jekyll-vs-hyde",
                    "rank": seat + 1,
                    "players": 2,
                    "ended_ms": 1_764_000_000_000,
                    "rated": False,
                },
            )
    engine.dispose()


def signed_in(browser, size: dict, lang: str, who: dict):
    page = new_page(browser, size, lang)
    page.context.add_init_script(f"localStorage.setItem('dorhami.identity', {json.dumps(json.dumps(who))})")
    return page


@pytest.mark.parametrize(("lang", "size"), [("fa", PHONE), ("en", DESKTOP)], ids=["fa-phone", "en-desktop"])
def test_a_friend_request_accepted_then_an_invitation_joined_with_one_tap(server, browser, database_url, lang, size):
    tag = f"friends-{lang}-{size['width']}"
    sara, omid = player(server, "Sara"), player(server, "Omid")
    played_together(database_url, sara, omid)
    page_a = signed_in(browser, size, lang, sara)
    page_b = signed_in(browser, size, lang, omid)

    # Sara finds Omid among the people she played with and asks him, by keyboard.
    page_a.goto(f"{server.url}/friends")
    page_a.locator("#friends-empty").wait_for()
    page_a.locator("#tab-friends").focus()
    page_a.keyboard.press("ArrowLeft" if lang == "fa" else "ArrowRight")
    page_a.keyboard.press("ArrowLeft" if lang == "fa" else "ArrowRight")
    assert page_a.locator("#tab-people").get_attribute("aria-selected") == "true"
    assert page_a.evaluate("document.activeElement.id") == "tab-people"
    row = page_a.locator(f"#people-list li[data-player='{omid['id']}']")
    row.wait_for()
    screenshot(page_a, f"{tag}-people")
    assert_no_horizontal_overflow(page_a)
    assert_accessible(page_a)
    row.get_by_role("button", name=re.compile("Omid")).first.click()
    page_a.wait_for_function("() => !!document.querySelector('#people-list .friend-state')")

    # Omid accepts on his Friends page: the requests tab counts one.
    page_b.goto(f"{server.url}/friends#requests")
    accept = page_b.locator("#incoming-list li button.primary")
    accept.wait_for()
    assert page_b.locator("#tab-requests .turn-count").inner_text().strip() in ("1", "۱")
    screenshot(page_b, f"{tag}-requests")
    accept.click()
    page_b.locator("#requests-empty").wait_for()

    # Sara makes a room, and from its waiting room invites her friend.
    create_room(page_a, server.url, "Sara", "jekyll-vs-hyde")
    code = page_a.url.rsplit("/", 1)[1]
    page_a.wait_for_selector(".seat.mine, #join")
    if not page_a.locator(".seat.mine").count():
        page_a.click("#join")
        page_a.wait_for_selector(".seat.mine")
    page_a.click("#invite-friends")
    page_a.wait_for_url(re.compile(r"/friends\?room="))
    friend = page_a.locator(f"#friends-list li[data-player='{omid['id']}']")
    friend.wait_for()
    presence = friend.locator(".presence-line").inner_text()
    assert ("away" if lang == "en" else "بیرون") in presence
    assert friend.locator("svg.icon-away").count() == 1  # a shape as well as a word
    invite = friend.locator("button.primary")
    invite.click()
    page_a.wait_for_function(
        "(id) => document.querySelector(`#friends-list li[data-player='${id}'] button.primary`).disabled",
        arg=omid["id"],
    )
    screenshot(page_a, f"{tag}-invited")
    assert_no_horizontal_overflow(page_a)
    assert_accessible(page_a)

    if lang == "fa":
        # On Omid's phone the notice shows on any page; one tap on Join seats him.
        page_b.goto(server.url)
        notice = page_b.locator("#invite-notice")
        notice.wait_for()
        assert "Sara" in notice.inner_text() and code not in notice.inner_html()
        # The phone's header has no room for the Friends link: the lobby has it.
        assert page_b.locator("#friends-link").is_hidden() and page_b.locator("#lobby-friends").is_visible()
        screenshot(page_b, f"{tag}-notice")
        assert_no_horizontal_overflow(page_b)
        page_b.click("#invite-notice-join")
    else:
        # A push notice's tap opens the invitation's page: who, what, and Join.
        invitation = httpx.get(
            f"{server.url}/api/players/me/invitations", headers={"Authorization": f"Bearer {omid['token']}"}
        ).json()["invitations"][0]
        page_b.goto(f"{server.url}/invitations/{invitation['id']}")
        page_b.locator("#invitation-join").wait_for()
        assert "Sara" in page_b.locator("#invitation").inner_text()
        assert page_b.locator("#invite-notice").is_hidden()  # not twice on its own page
        screenshot(page_b, f"{tag}-invitation")
        assert_accessible(page_b)
        page_b.locator("#invitation-join").focus()
        page_b.keyboard.press("Enter")
    page_b.wait_for_url(re.compile(rf"/t/{re.escape(code)}$"))
    page_b.wait_for_selector(".seat.mine")
    # Sara sees Omid at her table.
    page_a.goto(f"{server.url}/t/{code}")
    page_a.wait_for_function("() => document.querySelectorAll('.seat.taken').length === 2")
    screenshot(page_b, f"{tag}-joined")
    page_a.context.close()
    page_b.context.close()


def test_the_chat_hides_the_lines_of_someone_you_blocked(server, browser):
    """Sara blocked Omid, then sat down at his table herself: his lines reach everyone but her."""
    sara, omid = player(server, "Sara"), player(server, "Omid")
    auth = {"Authorization": f"Bearer {sara['token']}"}
    assert httpx.post(f"{server.url}/api/players/me/blocks/{omid['id']}", headers=auth).status_code == 204
    omid_auth = {"Authorization": f"Bearer {omid['token']}"}
    code = httpx.post(
        f"{server.url}/api/rooms", json={"game": "jekyll-vs-hyde", "private": True, "config": {}}, headers=omid_auth
    ).json()["code"]
    httpx.post(f"{server.url}/api/rooms/{code}/join", headers=omid_auth)
    assert httpx.post(f"{server.url}/api/rooms/{code}/join", headers=auth).status_code == 200
    page_a, page_b = signed_in(browser, PHONE, "fa", sara), signed_in(browser, PHONE, "fa", omid)
    for page in (page_a, page_b):
        page.goto(f"{server.url}/t/{code}")
        page.wait_for_selector(".seat.mine")
        if page.locator("#chat-toggle").get_attribute("aria-expanded") != "true":
            page.click("#chat-toggle")
    page_a.fill("#chat-input", "from Sara")
    page_a.press("#chat-input", "Enter")
    page_b.fill("#chat-input", "from Omid")
    page_b.press("#chat-input", "Enter")
    page_b.wait_for_function("() => document.querySelectorAll('#chat-lines li[data-kind=text]').length === 2")
    page_a.wait_for_timeout(500)  # time enough for Omid's line to reach her page, had it not been dropped
    assert page_a.locator("#chat-lines li[data-kind=text] .chat-text").all_inner_texts() == ["from Sara"]
    page_a.reload()  # the history over the socket leaves it out too
    page_a.wait_for_selector("#chat-lines li[data-kind=text]", state="attached")
    assert page_a.locator("#chat-lines li[data-kind=text] .chat-text").all_text_contents() == ["from Sara"]
    page_a.context.close()
    page_b.context.close()
