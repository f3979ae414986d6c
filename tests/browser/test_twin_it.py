"""Twin It in the browser: create a room in the lobby, play against a bot by tapping matching designs."""

from __future__ import annotations

import re
import time
from collections import defaultdict

import pytest
from playwright.sync_api import Error as PlaywrightError

from .lobby import create_room, sit_with_bots

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PERSIAN_DIGITS = re.compile("[۰-۹]")
# A short game: the classic target of 5 sets and quick timers (rules §6), so it ends well within 90 s.
OPTIONS = {"flip_timeout_ms": 3000, "start_countdown_ms": 1000, "last_call_ms": 3000}

# Everything the test player needs from the table, read in one round trip.
READ_TABLE = """() => {
  const table = document.querySelector('.twin-it');
  if (!table) return null;
  const loose = [...table.querySelectorAll('button.tw-card[data-card]:not([disabled])')]
    .map((el) => [Number(el.dataset.card), Number(el.dataset.design)]);
  const pairs = [...table.querySelectorAll('button.tw-set[data-size="2"]:not([disabled])')]
    .map((el) => [Number(el.dataset.set), Number(el.dataset.design)]);
  return { loose, pairs, phase: table.dataset.phase,
           flip: !!document.querySelector('#flip:not([disabled])'),
           selected: [...table.querySelectorAll('.tw-card.selected')].map((el) => el.dataset.card) };
}"""


def tap(page, selector: str) -> bool:
    try:
        page.click(selector, timeout=600)
        return True
    except PlaywrightError:
        return False  # the card changed or left the table meanwhile: look again


def take_one_step(page, stats: dict) -> bool:
    """Claim a pair (or steal) if one is showing, else flip on our turn; False when nothing to do."""
    table = page.evaluate(READ_TABLE)
    if table is None or table["phase"] != "PLAYING":
        return False
    for card in table["selected"]:  # a half-made claim from an earlier look: start clean
        tap(page, f".twin-it button.tw-card[data-card='{card}']")
    by_design = defaultdict(list)
    for card, design in table["loose"]:
        by_design[design].append(card)
    for set_id, design in table["pairs"]:
        if by_design.get(design):
            card = by_design[design][0]
            stats["claims"] += 1
            return tap(page, f".twin-it button.tw-set[data-set='{set_id}']") and \
                tap(page, f".twin-it button.tw-card[data-card='{card}'][data-design='{design}']")
    for design, cards in by_design.items():
        if len(cards) >= 2:
            stats["claims"] += 1
            return all(tap(page, f".twin-it button.tw-card[data-card='{card}'][data-design='{design}']")
                       for card in cards[:2])
    if table["flip"]:
        stats["flips"] += 1
        return tap(page, "#flip")
    return False


def play_until_result(page, stats: dict, timeout_s: float = 150) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if page.locator("#result").count():
            return
        if not take_one_step(page, stats):
            page.wait_for_timeout(60)
        else:
            page.wait_for_timeout(40)
    raise AssertionError(f"the game did not reach a result in time ({stats})")


def test_play_twin_it_against_a_bot_through_the_ui(server, browser):
    page = browser.new_page(locale="en-US", viewport={"width": 390, "height": 844})  # a phone
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    started = time.monotonic()
    create_room(page, server.url, "Tara", "twin-it", OPTIONS, preset="classic")
    sit_with_bots(page, 1)
    page.wait_for_selector(".twin-it")
    assert page.locator("html").get_attribute("dir") == "ltr"
    assert page.locator(".tw-target").get_attribute("data-target") == "5"

    # Play has begun: every pile shows a top card, drawn from its design's parameters.
    page.wait_for_selector(".twin-it[data-phase=PLAYING]")
    tops = page.locator(".twin-it button.tw-card[data-zone=pile]")
    assert tops.count() == 2
    design = int(tops.first.get_attribute("data-design"))
    assert 0 <= design <= 118
    assert page.locator(f"#tw-sprite symbol#tw-design-{design} rect[rx='8']").count() == 1
    assert page.locator("#flip").count() == 1

    page.click("#lang")  # switch to Persian mid-game
    page.wait_for_function("document.documentElement.dir === 'rtl'")
    assert PERSIAN_DIGITS.search(page.locator(".tw-head").inner_text()), "Persian UI shows Persian digits"
    assert "مجموعه" in page.locator(".tw-owners").inner_text()

    stats = {"claims": 0, "flips": 0}
    play_until_result(page, stats)
    result = page.locator("#result").inner_text()
    assert "برنده" in result or "مساوی" in result
    assert page.locator("#tw-standings tbody tr").count() == 2
    assert PERSIAN_DIGITS.search(page.locator("#tw-standings").inner_text())
    assert page.locator("#room-status").get_attribute("data-status") == "finished"
    assert stats["flips"] + stats["claims"] > 0, stats
    assert not errors, errors
    print(f"twin-it game finished in {time.monotonic() - started:.1f}s: {stats}")
