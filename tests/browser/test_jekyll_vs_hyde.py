"""Jekyll vs. Hyde in the browser: a whole game on a phone in Persian (controls on the first screen, the
finished trick held with its winner marked), a trick played with the keyboard alone, and two browsers."""

from __future__ import annotations

import itertools
import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .lobby import create_room, sit_with_bots
from .screens import (
    DESKTOP,
    PHONE,
    assert_accessible,
    assert_in_viewport,
    assert_no_horizontal_overflow,
    new_page,
    screenshot,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PERSIAN_DIGITS = re.compile("[۰-۹]")
CLICK_MS = 3000
PLAYABLE = "#hand .card-face[data-playable='1']"

# Remember every time a finished trick was held on the table: when it appeared, when it went, and
# whether its winner was marked (a ring and a "won" badge on one card, and the winner named).
WATCH_HOLDS = """() => {
  window.__holds = [];
  let open = null;
  new MutationObserver(() => {
    const held = document.querySelector('#trick[data-held="1"]');
    if (held && !open) {
      open = { start: performance.now(), marked: held.querySelectorAll('.card-face.won .won-badge').length,
               cards: held.querySelectorAll('[data-card]').length };
      window.__holds.push(open);
    } else if (!held && open) { open.end = performance.now(); open = null; }
  }).observe(document.body, { subtree: true, childList: true });
}"""


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
    playable = page.locator(PLAYABLE)
    if playable.count():
        playable.first.click(timeout=CLICK_MS)
        page.wait_for_timeout(30)
        return True
    return False


def play_until_result(pages, timeout_s: float = 240, on_turn=None) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if all(p.locator("#result").count() for p in pages):
            return
        if on_turn:
            on_turn(pages[0])
        if not any([take_one_step(p) for p in pages]):
            pages[0].wait_for_timeout(80)
    raise AssertionError("the game did not reach a result in time")


def assert_turn_fits_the_phone(page, exchange: bool) -> None:
    """Everything my next action needs is on the first screen of the table, and nothing is wider."""
    assert_in_viewport(page, PLAYABLE)
    assert_in_viewport(page, "#my-timer")
    if exchange:
        assert_in_viewport(page, "#submit-cards")
    assert_no_horizontal_overflow(page)
    boxes = page.locator(f"{PLAYABLE}, #submit-cards").evaluate_all(
        "els => els.map(e => { const b = e.getBoundingClientRect(); return [b.width, b.height]; })"
    )
    assert all(w >= 44 and h >= 44 for w, h in boxes), f"tap targets under 44 px: {boxes}"


def test_one_person_plays_a_whole_game_against_a_bot_in_persian(server, browser):
    started = time.monotonic()
    page = new_page(browser, PHONE, "en")
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_room(page, server.url, "Sara", "jekyll-vs-hyde")
    sit_with_bots(page, 1)
    page.wait_for_selector(".jvh")
    page.evaluate(WATCH_HOLDS)
    assert page.locator("html").get_attribute("dir") == "ltr"

    page.click("#lang")  # switch to Persian mid-game
    page.wait_for_function("document.documentElement.dir === 'rtl'")
    assert PERSIAN_DIGITS.search(page.locator(".jvh-head").inner_text()), "Persian UI shows Persian digits"
    font = page.evaluate("getComputedStyle(document.body).fontFamily")
    assert "Vazirmatn" in font
    assert page.evaluate("document.fonts.check('16px Vazirmatn')")

    # The exchange: the prompt, the hand, my timer and Send on the first screen; axe finds nothing serious.
    page.wait_for_selector("#submit-cards")
    assert_turn_fits_the_phone(page, exchange=True)
    assert_accessible(page, "#table")
    screenshot(page, "jvh-phone-fa-exchange")

    seen = {"play_turns": 0}

    def check_play_turn(p) -> None:
        # A lead or follow turn (not an exchange), checked on the first two that come.
        if seen["play_turns"] >= 2 or p.locator("#submit-cards").count() or not p.locator(PLAYABLE).count():
            return
        try:
            assert_turn_fits_the_phone(p, exchange=False)
        except AssertionError:
            if p.locator(PLAYABLE).count():
                raise  # still my turn: a real failure, not a redraw under the check
            return
        if seen["play_turns"] == 0:
            assert_accessible(p, "#table")
            screenshot(p, "jvh-phone-fa-turn")
        seen["play_turns"] += 1

    play_until_result([page], on_turn=check_play_turn)
    assert seen["play_turns"] >= 1, "a lead or follow turn was checked on the phone"
    assert_no_horizontal_overflow(page)
    screenshot(page, "jvh-phone-fa-result")

    holds = page.evaluate("window.__holds")
    assert holds, "finished tricks stay on the table for a moment"
    assert all(h["marked"] == 1 and h["cards"] == 2 for h in holds), holds
    durations = [h["end"] - h["start"] for h in holds if "end" in h]
    assert max(durations) >= 1200 and max(durations) < 2600, durations

    result = page.locator("#result").inner_text()
    assert "برنده" in result or "مساوی" in result
    why = page.locator("#result-why").inner_text()
    assert ("هاید" in why or "جکیل" in why) and ("Sara" in why or "ربات" in why), why
    assert page.locator("#jvh-final tbody tr").count() >= 1
    assert PERSIAN_DIGITS.search(page.locator("#jvh-final").inner_text())
    assert page.locator("#room-status").get_attribute("data-status") == "finished"
    assert page.locator("#rematch").is_visible()
    assert not errors, errors
    assert time.monotonic() - started < 60


def focused(page) -> dict:
    return page.evaluate("""() => { const el = document.activeElement; const style = getComputedStyle(el);
      return { card: el.dataset.card ?? null, id: el.id, inHand: Boolean(el.closest('#hand')),
               color: el.dataset.color ?? null,
               playable: el.dataset.playable ?? null, pressed: el.getAttribute('aria-pressed'),
               ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 }; }""")


def tab_to(page, selector: str, limit: int = 60) -> None:
    """Press Tab until the focused element matches the CSS `selector`."""
    for _ in range(limit):
        if page.evaluate("s => document.activeElement?.matches(s) ?? false", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def arrow_to(page, selector: str, limit: int = 12) -> None:
    """Walk the hand with the arrow keys until the focused card matches `selector`."""
    for _ in range(limit):
        if page.evaluate("s => document.activeElement?.matches(s) ?? false", selector):
            return
        page.keyboard.press("ArrowRight")
    where = page.evaluate("() => document.activeElement.outerHTML.slice(0, 160)")
    raise AssertionError(f"the arrows never reached {selector}; focus is on {where}")


def test_a_trick_is_played_with_the_keyboard_alone(server, browser):
    started = time.monotonic()
    page = new_page(browser, DESKTOP, "en")
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_room(page, server.url, "Kim", "jekyll-vs-hyde")
    sit_with_bots(page, 1)
    page.wait_for_selector("#submit-cards")
    page.evaluate(WATCH_HOLDS)

    # The exchange: Tab into the hand, arrows to a card (a potion if the rule demands one), Space picks it.
    page.mouse.move(0, 0)
    tab_to(page, "#hand button.card-face")
    assert focused(page)["ring"], "the focused card shows a ring"
    needs_potion = page.locator(".turn-bar .note").count() > 0
    potions = ", ".join(f"#hand [data-card='{card}']" for card in range(21, 25))
    arrow_to(page, potions if needs_potion else "#hand button.card-face")
    chosen = focused(page)["card"]
    page.keyboard.press("Space")
    page.wait_for_selector(f"#hand .card-face.selected[data-card='{chosen}']")
    now = focused(page)
    assert now["card"] == chosen and now["pressed"] == "true", "focus stays on the card after the redraw"
    tab_to(page, "#submit-cards")
    assert focused(page)["ring"]
    page.keyboard.press("Enter")

    # A trick: focus comes back to the hand, the arrows find a playable card, Enter plays it
    # (and, for a potion lead, Enter names the colour the focus moved to).
    page.wait_for_selector("#submit-cards", state="detached")  # the exchange is over (its cards were all "playable")
    page.wait_for_selector(PLAYABLE, timeout=15000)
    if not focused(page)["inHand"]:
        tab_to(page, "#hand button.card-face")
    arrow_to(page, PLAYABLE)
    played = focused(page)["card"]
    page.keyboard.press("Enter")
    if page.locator(".color-btn").count():
        assert focused(page)["color"], "naming a colour starts on the first colour"
        page.keyboard.press("Enter")
    page.wait_for_selector(f"#hand .card-face[data-card='{played}']", state="detached")
    assert focused(page)["inHand"], "a played card hands focus to its neighbour"
    # One status region: the turn bar once took its id, and every announcement replaced the bar's prompt.
    assert page.locator("[id=status]").count() == 1 and page.locator(".turn-bar").inner_text() != page.inner_text(
        "#status"
    )
    # The trick completes (at once if I followed, after the bot's card if I led) and is held with its winner.
    page.wait_for_function("window.__holds.length > 0", timeout=10000)
    assert page.evaluate("window.__holds[0].marked") == 1
    screenshot(page, "jvh-desktop-en-held-trick")
    page.wait_for_function("window.__holds[0].end", timeout=5000)
    assert focused(page)["inHand"], "focus survives the redraws of the bot's moves"
    assert not errors, errors
    assert time.monotonic() - started < 40


def play_until(pages, selector: str, timeout_s: float = 90) -> None:
    """Play in turn on every page until each shows `selector` (or the game ends)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if all(p.locator(f"{selector}, #result").count() for p in pages):
            return
        if not any([take_one_step(p) for p in pages]):
            pages[0].wait_for_timeout(80)
    raise AssertionError(f"no page reached {selector} in time")


def numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text.translate(str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789")))]


def test_two_browsers_play_a_round_and_a_reload_resumes_the_seat(server, browser):
    # A whole game is the phone test's; here two people play round 1 (each trick held on both screens).
    host = browser.new_context(locale="en-US").new_page()
    guest = browser.new_context(locale="fa-IR").new_page()
    url = create_room(host, server.url, "Host", "jekyll-vs-hyde")
    host.wait_for_selector(".seat.mine, #join")
    if not host.locator(".seat.mine").count():
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

    # Round 1 ends: both screens say the same tricks, spaces and marker, each in its own language.
    play_until([host, guest], "#round-summary")
    if host.locator("#result").count():
        return  # Hyde reached the end in round 1: no round 2 to introduce
    english, persian = host.locator("#round-summary").inner_text(), guest.locator("#round-summary").inner_text()
    assert "Round 1" in english and "دور ۱" in persian, (english, persian)
    assert numbers(english) == numbers(persian), (english, persian)
    tricks = numbers(english)[1:3]
    assert sum(tricks) == 10, english
