"""Jekyll vs. Hyde in the browser: create a room, share it, play a whole game through the UI."""

from __future__ import annotations

import itertools
import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .lobby import create_room

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PERSIAN_DIGITS = re.compile("[۰-۹]")
CLICK_MS = 3000


def take_one_step(page) -> bool:
    """Make one move if the UI offers one; False when there is nothing to do right now.

    The table redraws on every change (a bot's move, a timer), so an element seen a moment ago may
    be gone: a click that finds nothing is not an error, the next step looks again.
    """
    try:
        return _step(page)
    except PlaywrightTimeout:
        return False


def _step(page) -> bool:
    if page.locator("#result").count():
        return False
    color = page.locator(".color-btn")
    if color.count():
        color.first.click(timeout=CLICK_MS)
        return True
    submit = page.locator("#submit-cards")
    if submit.count():
        need = int(submit.get_attribute("data-need"))
        cards = [int(c) for c in page.locator("#hand .card-face").evaluate_all("els => els.map(e => e.dataset.card)")]
        # Try card sets in order until the UI enables Send (the potion rule may demand a potion).
        for combo in itertools.islice(itertools.combinations(sorted(cards, key=lambda c: (c < 21, c)), need), 200):
            selected = page.locator("#hand .card-face.selected").evaluate_all("els => els.map(e => +e.dataset.card)")
            for card in selected:
                page.click(f"#hand .card-face[data-card='{card}']", timeout=CLICK_MS)
            for card in combo:
                page.click(f"#hand .card-face[data-card='{card}']", timeout=CLICK_MS)
            if page.locator("#submit-cards").is_enabled(timeout=CLICK_MS):
                page.click("#submit-cards", timeout=CLICK_MS)
                page.wait_for_timeout(30)
                return True
        raise AssertionError("no card set enabled the Send button")
    playable = page.locator("#hand .card-face[data-playable='1']:not([disabled])")
    if playable.count():
        playable.first.click(timeout=CLICK_MS)
        page.wait_for_timeout(30)
        return True
    return False


def play_until_result(pages, timeout_s: float = 240) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if all(p.locator("#result").count() for p in pages):
            return
        if not any([take_one_step(p) for p in pages]):
            pages[0].wait_for_timeout(80)
    raise AssertionError("the game did not reach a result in time")


def test_one_person_plays_a_whole_game_against_a_bot_in_persian(server, browser):
    page = browser.new_page(locale="en-US", viewport={"width": 390, "height": 844})  # a phone
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_room(page, server.url, "Sara", "jekyll-vs-hyde")
    assert page.locator("#share-url").input_value().startswith(server.url + "/t/")
    page.click("#join")
    page.wait_for_selector(".seat.taken")
    page.click("#add-bot")
    page.wait_for_selector("#start:not([disabled])")
    page.click("#start")
    page.wait_for_selector(".jvh")
    assert page.locator("html").get_attribute("dir") == "ltr"

    page.click("#lang")  # switch to Persian mid-game
    page.wait_for_function("document.documentElement.dir === 'rtl'")
    assert PERSIAN_DIGITS.search(page.locator(".jvh-head").inner_text()), "Persian UI shows Persian digits"
    font = page.evaluate("getComputedStyle(document.body).fontFamily")
    assert "Vazirmatn" in font
    assert page.evaluate("document.fonts.check('16px Vazirmatn')")

    play_until_result([page])
    result = page.locator("#result").inner_text()
    assert "برنده" in result or "مساوی" in result
    assert page.locator("#room-status").get_attribute("data-status") == "finished"
    assert page.locator("#rematch").is_visible()
    assert not errors, errors


def test_two_browsers_play_each_other_and_a_reload_resumes_the_seat(server, browser):
    host = browser.new_context(locale="en-US").new_page()
    guest = browser.new_context(locale="fa-IR").new_page()
    url = create_room(host, server.url, "Host", "jekyll-vs-hyde")
    host.click("#join")
    host.wait_for_selector(".seat.taken")
    guest.goto(url)
    assert guest.locator("html").get_attribute("dir") == "rtl"
    guest.fill("#room-name", "مهمان")
    guest.click("#join")
    host.wait_for_selector("#start:not([disabled])")
    host.click("#start")
    for page in (host, guest):
        page.wait_for_selector(".jvh")
    for _ in range(8):
        take_one_step(host) or take_one_step(guest)
    hand = guest.locator("#hand .card-face").evaluate_all("els => els.map(e => e.dataset.card)")
    guest.reload()
    guest.wait_for_selector("#hand .card-face")
    assert guest.locator("#hand .card-face").evaluate_all("els => els.map(e => e.dataset.card)") == hand
    play_until_result([host, guest])
    assert host.locator("#result").inner_text() and guest.locator("#result").inner_text()
