"""The lobby and the room as a newcomer meets them: creating a room seats you, renaming keeps your seat
and host role, the host removes a bot and picks its level, "play against bots" is one tap, your turn shows
in the tab title, the move log speaks both languages, and every game's how-to page opens."""

from __future__ import annotations

import re

import httpx
import pytest

from dorhami.catalogue import GAMES

from .lobby import create_room
from .screens import DESKTOP, PHONE, assert_accessible, assert_no_horizontal_overflow, new_page, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PERSIAN = re.compile("[\u0600-\u06ff]")
LATIN = re.compile("[A-Za-z]")


def create_from_card(page, base_url: str, name: str, game: str, action: str = "create") -> None:
    page.goto(base_url)
    page.fill("#name", name)
    page.locator(f"article[data-game={game}] [data-action={action}]").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+$"))


def test_creating_seats_the_host_and_renaming_keeps_the_seat_and_the_start_button(server, browser):
    page = new_page(browser, PHONE, "fa")
    create_from_card(page, server.url, "Sara", "jekyll-vs-hyde")
    room_url = page.url
    page.wait_for_selector(".seat.mine")
    assert page.locator(".seat.mine .seat-name").inner_text() == "Sara"
    assert_accessible(page)
    screenshot(page, "room-waiting-phone-fa")
    page.goto(server.url)
    page.fill("#name", "Sara Jan")
    page.click("#save-name")
    page.wait_for_function("document.getElementById('who').textContent.includes('Sara Jan')")
    page.goto(room_url)
    page.wait_for_selector(".seat.mine")
    assert page.locator(".seat.mine .seat-name").inner_text() == "Sara Jan"
    assert page.locator(".seat.mine .tags").inner_text().count("·") == 1  # you · host
    assert page.locator("#start").is_visible()


def test_the_host_picks_a_bot_level_removes_a_bot_and_moves_a_seat(server, browser):
    page = new_page(browser, DESKTOP, "en")
    create_from_card(page, server.url, "Host", "jekyll-vs-hyde")
    page.wait_for_selector(".seat.mine")
    page.select_option("#bot-level", "hard")
    page.click("#add-bot")
    page.wait_for_selector(".seat.taken.bot")
    assert "hard" in page.locator(".seat.bot .seat-name").inner_text()
    # Who plays which seat is the host's choice: move the bot to seat 1 and the host to seat 2.
    page.locator(".seat.bot .seat-move").select_option("0")
    page.wait_for_selector(".seat.bot[data-seat='0']")
    assert page.locator(".seat.mine").get_attribute("data-seat") == "1"
    page.locator(".seat.bot .seat-remove").click()
    page.wait_for_function("document.querySelectorAll('.seat.taken').length === 1")
    assert page.locator(".seat.bot").count() == 0 and page.locator(".seat.mine").count() == 1
    assert page.locator("#start").is_disabled()
    assert_no_horizontal_overflow(page)


def test_a_team_room_names_the_seat_counts_it_can_start_with(server, browser):
    """Double Connect teams play with 4, 6 or 8: with 5 seated the start waits, and says why."""
    page = new_page(browser, PHONE, "en")
    create_room(page, server.url, "Host", "double-connect", {"mode": "Teams"})
    page.wait_for_selector(".seat.mine, #join")
    if not page.locator(".seat.mine").count():
        page.click("#join")
    for n in range(4):
        page.click("#add-bot")
        page.wait_for_function(f"document.querySelectorAll('.seat.taken').length === {n + 2}")
    assert page.locator("#start").is_disabled()
    assert page.locator("#need-counts").inner_text() == "This mode plays with 4, 6 or 8 players."
    page.click("#lang")
    page.wait_for_function("document.documentElement.dir === 'rtl'")
    assert page.locator("#need-counts").inner_text() == "این حالت با ۴، ۶ یا ۸ بازیکن بازی می‌شود."
    page.locator("#need-counts").scroll_into_view_if_needed()
    assert_no_horizontal_overflow(page)
    screenshot(page, "room-team-counts-phone-fa")
    page.set_viewport_size(DESKTOP)
    assert_no_horizontal_overflow(page)
    screenshot(page, "room-team-counts-desktop-fa")
    page.click("#add-bot")
    page.wait_for_function("document.querySelectorAll('.seat.taken').length === 6")
    assert page.locator("#start").is_enabled() and page.locator("#need-counts").count() == 0


def test_one_tap_against_bots_then_the_title_and_the_log_follow_the_game(server, browser):
    page = new_page(browser, PHONE, "fa")
    create_from_card(page, server.url, "Sara", "jekyll-vs-hyde", action="bots")
    page.wait_for_selector("#table:not([hidden])")
    assert page.locator(".seat.taken").count() == 0  # started: the seat list gave way to the table
    page.wait_for_selector("#people li[data-presence=connected]", state="attached")
    assert page.locator("#people li").evaluate_all("els => els.map(e => e.dataset.presence)") == ["connected", "bot"]
    # Both players exchange first: a decision waits for me, and the tab says so.
    page.wait_for_function("document.title.startsWith('(')")
    assert "نوبت شماست" in page.title()
    assert page.evaluate("document.getElementById('favicon').dataset.pending") == "1"
    play_a_legal_action(page, server.url)
    page.wait_for_function("document.querySelectorAll('#log-lines li').length > 0")
    page.click("#log-toggle")
    page.wait_for_selector("#log-lines li")
    line = page.locator("#log-lines li").first.inner_text()
    assert PERSIAN.search(line), line
    page.click("#lang")
    page.wait_for_function("document.documentElement.lang === 'en'")
    english = page.locator("#log-lines li").first.inner_text()
    assert LATIN.search(english) and not PERSIAN.search(english.replace("Sara", "")), english
    assert_no_horizontal_overflow(page)
    screenshot(page, "room-playing-phone-en")
    # How to play opens as a sheet over the table (tests/browser/test_howto_sheet.py follows it further).
    page.click("#how-to")
    page.wait_for_selector("dialog#howto-sheet[open] #howto section")
    assert page.locator("#how-to").get_attribute("href") == "/how/jekyll-vs-hyde"


def play_a_legal_action(page, base_url: str) -> None:
    """Play this page's seat's first legal action through the REST API (the table's own input is the
    renderers' tests' business; here it is what the title and the log make of it)."""
    token = page.evaluate("JSON.parse(localStorage.getItem('dorhami.identity')).token")
    code = page.url.rsplit("/", 1)[1]
    headers = {"Authorization": f"Bearer {token}"}
    state = httpx.get(f"{base_url}/api/rooms/{code}/state", headers=headers).json()
    action = {**state["legal_actions"][0], "step": state["view"]["step"]}
    assert (
        httpx.post(f"{base_url}/api/rooms/{code}/actions", json={"action": action}, headers=headers).status_code == 200
    )


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_every_game_has_a_how_to_page_reached_from_its_lobby_card(server, browser, lang):
    page = new_page(browser, PHONE if lang == "fa" else DESKTOP, lang)
    page.goto(server.url)
    for slug in sorted(GAMES):
        page.goto(server.url)
        page.locator(f"article[data-game={slug}] [data-action=how]").click()
        page.wait_for_url(f"**/how/{slug}")
        page.wait_for_selector("#howto .howto-section")
        ids = page.locator("#howto .howto-section").evaluate_all("els => els.map(e => e.id)")
        assert {"how-goal", "how-setup", "how-turn", "how-scoring", "how-variants"} <= set(ids), (slug, ids)
        text = page.locator("#howto").inner_text()
        assert (PERSIAN if lang == "fa" else LATIN).search(text)
        assert_no_horizontal_overflow(page)
    screenshot(page, f"howto-{lang}")
    assert_accessible(page)


@pytest.mark.parametrize("size,lang", [(PHONE, "fa"), (DESKTOP, "en")])
def test_the_lobby_fits_the_screen_and_has_no_serious_accessibility_problem(server, browser, size, lang):
    page = new_page(browser, size, lang)
    page.goto(server.url)
    page.fill("#name", "A very long name that goes on and on and on")
    page.click("#save-name")
    page.wait_for_function("document.getElementById('who').textContent.length > 0")
    lang_box = page.locator("#lang").bounding_box()
    assert 0 <= lang_box["x"] and lang_box["x"] + lang_box["width"] <= size["width"]
    cards = page.locator("article[data-game]")
    assert cards.count() == len(GAMES)
    assert page.locator("article[data-game=jekyll-vs-hyde] .players").inner_text() in ("2 players", "۲ بازیکن")
    assert page.locator("article[data-game=twin-it] .players").inner_text() in ("1–6 players", "۱ تا ۶ بازیکن")
    assert_no_horizontal_overflow(page)
    assert_accessible(page)
    screenshot(page, f"lobby-{lang}")


def test_settings_are_kept_in_the_browser_and_change_the_page(server, browser):
    page = new_page(browser, PHONE, "fa")
    page.goto(server.url)
    before = page.evaluate("[document.documentElement.dataset.motion, document.documentElement.dataset.contrast]")
    assert before == ["auto", "normal"]
    page.click("#settings")
    page.wait_for_selector("#settings-dialog[open]")
    assert_accessible(page, "#settings-dialog")
    page.check("#setting-reducedMotion")
    page.check("#setting-contrast")
    page.uncheck("#setting-sound")
    page.keyboard.press("Escape")
    page.wait_for_selector("#settings-dialog", state="detached")
    assert page.evaluate("document.activeElement.id") == "settings"  # focus goes back to the button
    page.reload()
    page.wait_for_selector("article[data-game]")
    after = page.evaluate("[document.documentElement.dataset.motion, document.documentElement.dataset.contrast]")
    assert after == ["reduced", "high"]
    saved = page.evaluate("JSON.parse(localStorage.getItem('dorhami.settings'))")
    assert saved["sound"] is False and saved["reducedMotion"] is True
    # Reduced motion cuts transitions everywhere.
    duration = page.evaluate("getComputedStyle(document.querySelector('button')).transitionDuration")
    assert duration in ("1e-05s", "0.00001s"), duration
