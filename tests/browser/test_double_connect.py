"""Double Connect in the browser: create a room, add bots, play a whole game through the UI by
reading the symbols of a hand card and of a tower target, and check the 57 drawn symbols."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Error as PlaywrightError

from dorhami.games.double_connect.components import CARDS, SYMBOLS

from .lobby import create_room, sit_with_bots

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PERSIAN_DIGITS = re.compile("[۰-۹]")
# Shorter timers, set in the lobby's options form.
SHORT_GAME = {"countdown_ms": 1000, "final_chance_ms": 4000}

READ_HAND = """els => els.map(e => [+e.dataset.card, [...e.querySelectorAll('[data-symbol]')].map(x => +x.dataset.symbol)])"""
READ_TARGETS = """els => els.filter(e => !e.classList.contains('unavailable'))
  .map(e => [+e.dataset.target, [...e.querySelectorAll(':scope > .dc-card [data-symbol]')].map(x => +x.dataset.symbol)])"""


def read_table(page) -> tuple[list, list]:
    hand = page.locator("#dc-hand [data-card]").evaluate_all(READ_HAND)
    targets = page.locator("#dc-tower [data-target]").evaluate_all(READ_TARGETS)
    return hand, targets


def claim_once(page, wrong: bool = False) -> bool:
    """Pick a hand card, then a target, then tap the symbol they share (or, if `wrong`, another)."""
    if page.locator("#result").count() or page.locator("#dc-claim.locked, #dc-claim.pending").count():
        return False
    hand, targets = read_table(page)
    if not hand or not targets:
        return False
    card, card_symbols = hand[0]
    target, target_symbols = targets[-1]  # the bots start from the first target
    shared = set(card_symbols) & set(target_symbols)
    assert len(card_symbols) == 8 and len(target_symbols) == 8 and len(shared) == 1, (hand[0], targets[-1])
    symbol = shared.pop()
    if wrong:
        symbol = next(s for s in card_symbols if s != symbol)
    try:
        page.click(f"#dc-hand [data-card='{card}']", timeout=1500)
        page.click(f"#dc-tower [data-target='{target}']", timeout=1500)
        page.wait_for_selector(f"#dc-claim[data-pair='{card}:{target}'][data-ready='1']", timeout=1500)
        page.click(f"#dc-claim [data-role=mine] [data-symbol='{symbol}']", timeout=1500)
        page.wait_for_selector("#dc-claim.pending", state="detached", timeout=3000)
    except PlaywrightError:
        return False  # the tower moved under us (someone else was faster): read it again
    return True


def play_until_result(page, timeout_s: float = 150) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if page.locator("#result").count():
            return
        if not claim_once(page):
            page.wait_for_timeout(60)
    raise AssertionError("the game did not reach a result in time")


def test_a_phone_player_races_bots_to_the_end_in_persian(server, browser):
    page = browser.new_page(locale="en-US", viewport={"width": 390, "height": 844})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_room(page, server.url, "Sara", "double-connect", SHORT_GAME)
    sit_with_bots(page, 1)
    page.wait_for_selector(".double-connect")

    # The countdown hides every card but shows the timers.
    assert page.locator("#dc-time-limit[data-deadline]").count() == 1
    page.wait_for_selector("#dc-hand [data-card]", timeout=15000)
    assert page.locator("#dc-tower [data-target]").count() >= 1
    assert page.locator("#dc-players .dc-mini[data-card]").count() >= 1, "other hands are face up"

    # A deliberate wrong claim: a penalty card and a visible lockout countdown, never a lost race.
    for _ in range(40):
        size_before = page.locator("#dc-hand [data-card]").count()
        if claim_once(page, wrong=True) and page.locator("#dc-feedback[data-kind=bad]").count():
            assert page.locator("#dc-lockout [data-deadline]").count() == 1
            assert page.locator("#dc-hand [data-card]").count() == size_before + 1
            break
        page.wait_for_timeout(50)
    else:
        raise AssertionError("no wrong claim was judged")

    # Persian mid-game: right-to-left with Persian digits.
    page.click("#lang")
    page.wait_for_function("document.documentElement.dir === 'rtl'")
    assert PERSIAN_DIGITS.search(page.locator(".dc-head").inner_text())
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "no sideways scrolling on a phone"

    play_until_result(page)
    page.wait_for_selector("#dc-results")
    result = page.locator("#result").inner_text()
    assert "برنده" in result or "مساوی" in result
    assert PERSIAN_DIGITS.search(page.locator("#dc-results").inner_text())
    ranks = page.locator("#dc-results tbody tr").evaluate_all("rows => rows.map(r => +r.dataset.rank)")
    assert len(ranks) == 2 and ranks[0] == 1
    mine = page.locator("#dc-results tr[data-seat='0']")
    assert int(mine.get_attribute("data-placed")) >= 1, "the UI placed cards on the tower"
    assert page.locator("#room-status").get_attribute("data-status") == "finished"
    assert not errors, errors


def test_every_symbol_is_drawn_and_the_deck_matches_the_engine(server, browser):
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.url)
    boxes = page.evaluate("""async () => {
      const m = await import('/static/js/games/double-connect-symbols.js');
      const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      svg.setAttribute('viewBox', '-50 -50 100 100');
      svg.style.width = '100px';
      document.body.append(svg);
      const out = m.SYMBOL_NAMES.map((name, id) => {
        const g = m.symbolArt(id);
        svg.append(g);
        const box = g.getBBox();
        return { name, width: box.width, height: box.height, shapes: g.querySelectorAll('*').length };
      });
      svg.remove();
      return out;
    }""")
    assert [box["name"] for box in boxes] == [symbol.name for symbol in SYMBOLS]
    for box in boxes:
        assert box["width"] > 20 and box["height"] > 20 and box["shapes"] >= 1, box
    cards = page.evaluate("async () => (await import('/static/js/games/double-connect.js')).CARDS")
    assert cards == [list(card) for card in CARDS]
    assert not errors, errors
