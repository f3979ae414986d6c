"""My games (static/js/my-games.js): a daily room made from the lobby's form, then the list of your
tables with your move first, the header's count on every page and the lobby's line, in Persian on a
phone and in English on a desktop; each row opens its table."""

from __future__ import annotations

import json
import re

import httpx
import pytest

from .lobby import create_room
from .screens import DESKTOP, PHONE, assert_accessible, assert_no_horizontal_overflow, new_page, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROWS = """() => [...document.querySelectorAll('.mine-list li')].map((li) => ({
  code: li.dataset.code, section: li.dataset.section, text: li.textContent }))"""


def player(http: httpx.Client, name: str) -> dict:
    body = http.post("/api/players", json={"name": name}).json()
    return {**body, "headers": {"Authorization": f"Bearer {body['token']}"}}


def sign_in(page, who: dict) -> None:
    """This browser plays as `who` (the identity the lobby would have saved)."""
    saved = json.dumps({"id": who["id"], "name": who["name"], "token": who["token"]})
    page.context.add_init_script(f"localStorage.setItem('dorhami.identity', {json.dumps(saved)})")


def move(http: httpx.Client, code: str, who: dict) -> None:
    state = http.get(f"/api/rooms/{code}/state", headers=who["headers"]).json()
    action = {**state["legal_actions"][0], "step": state["view"]["step"]}
    assert http.post(f"/api/rooms/{code}/actions", json={"action": action}, headers=who["headers"]).status_code == 200


def tables(http: httpx.Client, me: dict, friend: dict) -> tuple[str, str]:
    """A daily game where it is `me`'s move (the friend exchanged) and a waiting room of `me`'s."""
    daily = http.post(
        "/api/rooms", json={"game": "jekyll-vs-hyde", "config": {"pace": "daily"}}, headers=friend["headers"]
    ).json()["code"]
    for who in (friend, me):
        assert http.post(f"/api/rooms/{daily}/join", headers=who["headers"]).status_code == 200
    assert http.post(f"/api/rooms/{daily}/start", headers=friend["headers"]).status_code == 200
    move(http, daily, friend)
    waiting = http.post("/api/rooms", json={"game": "queendomino"}, headers=me["headers"]).json()["code"]
    assert http.post(f"/api/rooms/{waiting}/join", headers=me["headers"]).status_code == 200
    return daily, waiting


@pytest.mark.parametrize("lang,size", [("fa", PHONE), ("en", DESKTOP)])
def test_my_games_lists_your_move_first_and_the_header_counts_it(server, browser, lang, size):
    with httpx.Client(base_url=server.url, timeout=10) as http:
        me, friend = player(http, "Mina"), player(http, "Dara")
        daily, waiting = tables(http, me, friend)
    page = new_page(browser, size, lang)
    sign_in(page, me)
    page.goto(server.url)
    # The lobby says it, and so does the header's link on every page.
    page.wait_for_selector("#your-turn-line:not([hidden])")
    line = page.text_content("#your-turn-line")
    assert ("۱" in line and "نوبت شما" in line) if lang == "fa" else line == "Your turn in 1 game"
    assert page.text_content("#my-games .turn-count") == ("۱" if lang == "fa" else "1")
    label = page.get_attribute("#my-games", "aria-label")
    assert label == ("بازی‌های من: نوبت شما در ۱ بازی" if lang == "fa" else "My games: your turn in 1")

    page.click("#my-games")
    page.wait_for_url(re.compile(r"/games$"))
    page.wait_for_selector(".mine-list li")
    rows = page.evaluate(ROWS)
    assert [(r["code"], r["section"]) for r in rows] == [(daily, "turn"), (waiting, "waiting")]
    first = rows[0]["text"]
    if lang == "fa":
        # A day's turn in Persian words and digits; the deadline in the Solar Hijri calendar, Tehran time.
        assert "روزانه" in first and "Dara" in first and "مانده" in first and not re.search(r"[0-9]", first)
        assert re.search("فروردین|اردیبهشت|خرداد|تیر|مرداد|شهریور|مهر|آبان|آذر|دی|بهمن|اسفند", first), first
    else:
        assert "Daily · 1 day a turn" in first and "with Dara" in first and "left, until" in first
    assert page.get_attribute("#my-games", "aria-current") == "page"
    assert_no_horizontal_overflow(page)
    assert_accessible(page)
    screenshot(page, f"my-games-{lang}-{size['width']}")

    # The row is one link: Enter on it opens the table.
    page.focus(f'li[data-code="{daily}"] a')
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(rf"/t/{daily}$"))


def test_the_lobby_form_offers_the_daily_pace_only_where_turns_can_wait(server, browser):
    page = new_page(browser, DESKTOP, "en")
    url = create_room(
        page, server.url, "Host", "jekyll-vs-hyde", {"pace": "Daily, at your own pace", "turn_hours": "12 hours"}
    )
    code = url.rsplit("/", 1)[1]
    with httpx.Client(base_url=server.url, timeout=10) as http:
        room = http.get(f"/api/rooms/{code}").json()
    assert room["config"]["pace"] == "daily" and room["config"]["turn_hours"] == 12
    assert room["config"]["play_timeout_s"] == 12 * 3600, "the rules' timers carry the turn"
    page.goto(server.url)
    card = page.locator("article[data-game=jekyll-vs-hyde]")
    card.locator("details.options summary").click()
    # A live room's clocks are the rules' own; the daily choice replaces them with a turn of hours.
    assert card.locator("[data-option=play_timeout_s]").is_visible()
    assert not card.locator("[data-option=turn_hours]").is_visible()
    page.select_option("#" + card.locator("[data-key=pace]").get_attribute("id"), label="Daily, at your own pace")
    assert card.locator("[data-option=turn_hours]").is_visible()
    assert not card.locator("[data-option=play_timeout_s]").is_visible()
    assert page.locator("article[data-game=twin-it] [data-key=pace]").count() == 0, "a race has no daily pace"
