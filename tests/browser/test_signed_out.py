"""A browser whose session was ended elsewhere (or expired) is told so in words, in both languages,
and does not retry its socket for ever (the server closes the hello with 4401)."""

from __future__ import annotations

import json

import httpx
import pytest

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang, words", [("en", "no longer signed in"), ("fa", "دیگر به نام شما وارد نیست")])
def test_a_page_whose_session_ended_says_so_and_stops_reconnecting(server, browser, lang, words):
    with httpx.Client(base_url=server.url, timeout=10) as http:
        me = http.post("/api/players", json={"name": "Sara"}).json()
        auth = {"Authorization": f"Bearer {me['token']}"}
        code = http.post("/api/rooms", json={"game": "jekyll-vs-hyde"}, headers=auth).json()["code"]
        [session] = http.get("/api/players/me/sessions", headers=auth).json()["sessions"]
        assert http.delete(f"/api/players/me/sessions/{session['id']}", headers=auth).status_code in (200, 204)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(
        f"localStorage.setItem('dorhami.identity', {json.dumps(json.dumps(me))});"
        f"localStorage.setItem('dorhami.lang', '{lang}');"
    )
    page = context.new_page()
    sockets = []
    page.on("websocket", lambda ws: sockets.append(ws))
    page.goto(f"{server.url}/t/{code}")
    alert = page.locator("[role=alert]")
    alert.wait_for()
    assert words in alert.inner_text()
    page.wait_for_timeout(1500)  # a client that retried would have opened more sockets by now
    assert len(sockets) == 1
    context.close()
