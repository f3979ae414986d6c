"""Queendomino in the browser: create a room in the lobby, add two bots, and play a whole (short)
game on a phone through the UI: choose a display tile, place it on two highlighted cells, build or skip."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Error as PlaywrightError

from .lobby import create_room, sit_with_bots

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PERSIAN_DIGITS = re.compile("[۰-۹]")
CLICK_MS = 2000
# A short game: four rounds (the fewest the rules allow).
OPTIONS = {"rounds": 4}


def cells(page, mark: str) -> list[str]:
    return page.locator(f"#qd-my-board [data-mark={mark}]").evaluate_all("els => els.map(e => e.dataset.cell)")


def take_one_step(page, done: dict) -> bool:
    """One move if the UI offers one; False when there is nothing to do right now. The table redraws
    on every change, so an element seen a moment ago may be gone: the next step simply looks again."""
    try:
        return _step(page, done)
    except PlaywrightError:
        return False


def _step(page, done: dict) -> bool:
    if page.locator("#result").count():
        return False
    choosable = page.locator("#qd-display [data-tile][data-choosable='1']")
    if choosable.count():
        # Vary the pick: the last free tile one turn, the first the next.
        (choosable.last if done["choose"] % 2 else choosable.first).click(timeout=CLICK_MS)
        done["choose"] += 1
        page.wait_for_selector("#qd-display [data-choosable='1']", state="detached", timeout=CLICK_MS)
        return True
    firsts = cells(page, "first")
    if firsts:
        if done["place"] == 0:  # the other orientation once: the first tap then takes half b
            page.click("#qd-swap", timeout=CLICK_MS)
            firsts = cells(page, "first")
        page.click(f"#qd-my-board [data-cell='{firsts[-1]}']", timeout=CLICK_MS)
        page.wait_for_selector("#qd-my-board [data-mark=partner]", timeout=CLICK_MS)
        partner = cells(page, "partner")[0]
        page.click(f"#qd-my-board [data-cell='{partner}']", timeout=CLICK_MS)
        page.wait_for_selector("#qd-my-board [data-mark=partner]", state="detached", timeout=CLICK_MS)
        done["place"] += 1
        return True
    if page.locator("#qd-skip").count():
        plots = cells(page, "plot")
        chances = done["buy"] + done["skip"]
        if plots and chances != 1:  # buy at every chance but the second, which ends the turn unbuilt
            if done["buy"] % 2 == 0:  # through a pile first, then one of its plots
                page.locator("#qd-market [data-pile][data-buyable='1']").first.click(timeout=CLICK_MS)
                plots = cells(page, "plot")
            page.click(f"#qd-my-board [data-cell='{plots[0]}']", timeout=CLICK_MS)
            page.click("#qd-buy", timeout=CLICK_MS)
            done["buy"] += 1
        else:
            page.click("#qd-skip", timeout=CLICK_MS)
            done["skip"] += 1
        page.wait_for_selector("#qd-skip", state="detached", timeout=CLICK_MS)
        return True
    return False


def test_a_phone_player_plays_a_short_game_against_two_bots(server, browser):
    page = browser.new_page(locale="en-US", viewport={"width": 390, "height": 844})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_room(page, server.url, "Sara", "queendomino", OPTIONS)
    sit_with_bots(page, 2)
    page.wait_for_selector(".queendomino")

    # Three boards with the castle, the display, three market piles, the king colour and the clock.
    page.wait_for_selector("#qd-players .qd-board[data-seat]")
    assert page.locator("#qd-players .qd-board").count() == 3
    assert page.locator("#qd-my-board, .qd-board[data-seat='0']").count() >= 1
    assert page.locator(".qd-board [data-content=castle]").count() == 3
    assert page.locator(".qd-board [data-cell]").count() == 75
    assert page.locator("#qd-display [data-tile]").count() == 5
    assert page.locator("#qd-market [data-pile]").count() == 3
    assert page.locator("#qd-timer[data-deadline]").count() == 1
    assert page.locator("#qd-king[data-colour]").count() == 1
    assert page.locator("#qd-player-0 .qd-breakdown [data-part=total]").count() == 1
    assert not page.evaluate("/\\p{Extended_Pictographic}/u.test(document.querySelector('.queendomino').innerText)"), "no emoji"

    done = {"choose": 0, "place": 0, "buy": 0, "skip": 0}
    deadline = time.monotonic() + 150
    persian = False
    while time.monotonic() < deadline and not page.locator("#result").count():
        if not take_one_step(page, done):
            page.wait_for_timeout(60)
        if done["place"] >= 1 and not persian:
            # Persian mid-game: right-to-left, Persian digits, the board keeps its geometry.
            page.click("#lang")
            page.wait_for_function("document.documentElement.dir === 'rtl'")
            assert PERSIAN_DIGITS.search(page.locator("#qd-head").inner_text())
            assert page.locator(".qd-board[dir=ltr]").count() == 3
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, "no sideways scrolling on a phone"
            persian = True
    page.wait_for_selector("#result", timeout=5000)

    assert done["choose"] == 4, done
    assert done["place"] >= 2 and done["buy"] >= 1, done
    assert done["skip"] == 1 or done["buy"] + done["skip"] == 1, done
    # My board holds what I placed and bought (a tile with no legal placement is discarded instead).
    board = page.locator(".qd-board[data-seat='0'] [data-content]").evaluate_all("els => els.map(e => e.dataset.content)")
    assert board.count("tile") == 2 * done["place"], (board, done)
    assert board.count("building") == done["buy"], (board, done)

    page.wait_for_selector("#qd-results")
    result = page.locator("#result").inner_text()
    assert "برنده" in result or "مساوی" in result
    assert PERSIAN_DIGITS.search(page.locator("#qd-results").inner_text())
    rows = page.locator("#qd-results tbody tr").evaluate_all(
        "rows => rows.map(r => [+r.dataset.seat, +r.dataset.rank, +r.dataset.score, +r.dataset.gold])")
    assert len(rows) == 3 and rows[0][1] == 1
    assert [(score, gold) for _, _, score, gold in rows] == sorted(((s, g) for _, _, s, g in rows), reverse=True)
    assert page.locator(".qd-result .qd-rule-note").count() == 1
    assert page.locator("#room-status").get_attribute("data-status") == "finished"
    assert not errors, errors
