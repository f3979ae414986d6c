"""Queendomino in the browser: a whole short game against two bots on a Persian phone (my board first,
the others behind tabs, my next step's controls on the first screen, part of a turn by keyboard), and a
whole game on an English desktop played with the keyboard alone (every board in view at once)."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Error as PlaywrightError

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
CLICK_MS = 2000
# A short game: four rounds (the fewest the rules allow).
OPTIONS = {"rounds": 4}
TAP = 44  # the smallest tap target on a phone, in CSS px
ARROWS = {(1, 0): "ArrowDown", (-1, 0): "ArrowUp", (0, 1): "ArrowRight", (0, -1): "ArrowLeft"}


def cells(page, mark: str) -> list[str]:
    return page.locator(f"#qd-my-board [data-mark={mark}]").evaluate_all("els => els.map(e => e.dataset.cell)")


def focused(page) -> dict:
    """What has the keyboard focus: its board cell, tile, id, and whether it lies on my board."""
    return page.evaluate("""() => { const el = document.activeElement;
      return {cell: el?.dataset?.cell ?? null, tile: el?.dataset?.tile ?? null, id: el?.id ?? '',
              choosable: el?.dataset?.choosable === '1', onBoard: !!el?.closest?.('#qd-my-board')}; }""")


def assert_tap_targets(page, selector: str) -> None:
    small = page.locator(
        selector
    ).evaluate_all(f"""els => els.map(e => {{ const b = e.getBoundingClientRect();
      return {{w: b.width, h: b.height, what: e.outerHTML.slice(0, 60)}}; }}).filter(b => b.w < {TAP} || b.h < {TAP})""")
    assert not small, f"tap targets under {TAP} px: {small}"


def assert_on_first_screen(page, *selectors: str) -> None:
    for selector in selectors:
        assert_in_viewport(page, selector)
    assert_no_horizontal_overflow(page)


# -- playing by keyboard -----------------------------------------------------------------------------


def arrow_to(page, target: str) -> None:
    """Walk the board's cursor to `target` with the arrow keys (the board is drawn left to right)."""
    here = focused(page)["cell"]
    assert here, "the focus is not on a board cell"
    (r0, c0), (r1, c1) = (map(int, here.split(",")), map(int, target.split(",")))
    for axis, (start, end) in enumerate(((r0, r1), (c0, c1))):
        step = 1 if end > start else -1
        for _ in range(abs(end - start)):
            page.keyboard.press(ARROWS[(step, 0) if axis == 0 else (0, step)])
    assert focused(page)["cell"] == target


def tab_to_a_tile(page) -> None:
    """Press Tab until a tile I may choose has the focus (the first turn starts from the page top)."""
    for _ in range(80):
        if focused(page)["choosable"]:
            return
        page.keyboard.press("Tab")
    raise AssertionError("Tab never reached a tile of the display")


def keyboard_turn(page, buy: bool) -> dict:
    """Choose, place and build (or end the turn) with the keyboard alone; the focus must follow each step."""
    tab_to_a_tile(page)
    page.keyboard.press("Enter")
    # Next: place it, or (a tile that fits nowhere is set aside) build, or the turn is already over.
    page.wait_for_selector("#qd-my-board [data-mark=first], #qd-skip, .qd-status:not(.mine)", timeout=CLICK_MS)
    placed = False
    if cells(page, "first"):
        assert focused(page)["onBoard"], "after choosing, the focus moves to my board"
        target = cells(page, "first")[0]
        arrow_to(page, target)
        page.keyboard.press("Enter")
        page.wait_for_selector("#qd-my-board [data-mark=partner]", timeout=CLICK_MS)
        assert focused(page)["cell"] == target, "the focus stays on the cell after the redraw"
        arrow_to(page, cells(page, "partner")[0])
        page.keyboard.press("Enter")
        page.wait_for_selector(
            "#qd-skip, .qd-status:not(.mine)", timeout=CLICK_MS
        )  # the build step, or the turn is over
        placed = True
    bought = False
    if page.locator("#qd-skip").count():
        assert focused(page)["onBoard"], "after placing, the focus stays on my board"
        if buy and cells(page, "plot"):
            arrow_to(page, cells(page, "plot")[0])
            page.keyboard.press("Enter")
            page.wait_for_selector("#qd-buy", timeout=CLICK_MS)
            assert focused(page)["id"] == "qd-buy", "choosing a plot by keyboard puts the focus on the buy button"
            page.keyboard.press("Enter")
            bought = True
        else:
            while focused(page)["id"] != "qd-skip":
                page.keyboard.press("Shift+Tab")
            page.keyboard.press("Enter")
        page.wait_for_selector("#qd-skip", state="detached", timeout=CLICK_MS)
    return {"placed": placed, "bought": bought}


# -- playing by touch, with the phone checks at the first sight of each step ----------------------------


def take_one_step(page, done: dict) -> bool:
    """One move if the UI offers one; False when there is nothing to do right now. The table redraws
    on every change, so an element seen a moment ago may be gone: the next step simply looks again."""
    try:
        return _step(page, done)
    except PlaywrightError:
        return False


def check_once(page, done: dict, step: str, *selectors: str) -> None:
    if step in done["checked"]:
        return
    assert_on_first_screen(page, "#qd-prompt", "#qd-my-board", *selectors)
    assert_tap_targets(page, ", ".join(selectors))
    screenshot(page, f"queendomino-phone-fa-{step}")
    done["checked"].add(step)


def _step(page, done: dict) -> bool:
    if page.locator("#result").count():
        return False
    choosable = page.locator("#qd-display [data-tile][data-choosable='1']")
    if choosable.count():
        check_once(page, done, "choose", "#qd-display [data-choosable='1']")
        # Vary the pick: the last free tile one turn, the first the next.
        (choosable.last if done["choose"] % 2 else choosable.first).click(timeout=CLICK_MS)
        done["choose"] += 1
        page.wait_for_selector("#qd-display [data-choosable='1']", state="detached", timeout=CLICK_MS)
        return True
    firsts = cells(page, "first")
    if firsts:
        check_once(page, done, "place", "#qd-my-board [data-mark=first]", "#qd-swap")
        if done["place"] == 1:  # the other orientation once: the first tap then takes half b
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
            check_once(
                page, done, "build", "#qd-market [data-buyable='1']", "#qd-my-board [data-mark=plot]", "#qd-skip"
            )
            if done["buy"] % 2 == 0:  # through a pile first, then one of its plots
                page.locator("#qd-market [data-pile][data-buyable='1']").first.click(timeout=CLICK_MS)
                plots = cells(page, "plot")
            page.click(f"#qd-my-board [data-cell='{plots[0]}']", timeout=CLICK_MS)
            check_once(page, done, "buy", "#qd-buy", "#qd-my-board [data-mark=chosen-plot]")
            page.click("#qd-buy", timeout=CLICK_MS)
            done["buy"] += 1
        else:
            page.click("#qd-skip", timeout=CLICK_MS)
            done["skip"] += 1
        page.wait_for_selector("#qd-skip", state="detached", timeout=CLICK_MS)
        return True
    return False


def check_board_tabs(page) -> None:
    """One board at a time behind tabs, mine first and shown by default; another tab shows that board."""
    tabs = page.locator("#qd-tabs [role=tab]")
    assert tabs.count() == 3
    assert tabs.first.get_attribute("aria-selected") == "true"
    assert page.locator(".qd-board").count() == 1 and page.locator("#qd-my-board").count() == 1
    assert_tap_targets(page, "#qd-tabs [role=tab]")
    other = tabs.nth(1).get_attribute("data-seat")
    tabs.nth(1).click()
    page.wait_for_selector(f".qd-board[data-seat='{other}']")
    assert page.locator("#qd-my-board").count() == 0 and page.locator(".qd-board").count() == 1
    assert_no_horizontal_overflow(page)
    page.locator("#qd-tabs [role=tab]").first.click()
    page.wait_for_selector("#qd-my-board")


def my_board_contents(page) -> list[str]:
    return page.locator("#qd-my-board [data-content]").evaluate_all("els => els.map(e => e.dataset.content)")


def test_a_phone_player_plays_a_short_game_against_two_bots(server, browser):
    page = new_page(browser, PHONE, "fa")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_room(page, server.url, "سارا", "queendomino", OPTIONS)
    sit_with_bots(page, 2)
    page.wait_for_selector("#qd-my-board")

    # My board with its castle, the display, three market piles, the king colour and the clock.
    assert page.locator("#qd-my-board [data-cell]").count() == 25
    assert page.locator("#qd-my-board [data-content=castle]").count() == 1
    assert page.locator("#qd-display [data-tile]").count() == 5
    assert page.locator("#qd-market [data-pile]").count() == 3
    assert page.locator("#qd-timer[data-deadline]").count() == 1
    assert page.locator("#qd-king[data-colour]").count() == 1
    assert page.locator(".qd-board[dir=ltr]").count() == 1, "the board keeps its geometry in Persian"
    assert PERSIAN_DIGITS.search(page.locator("#qd-head").inner_text())
    assert not page.evaluate("/\\p{Extended_Pictographic}/u.test(document.querySelector('.queendomino').innerText)"), (
        "no emoji"
    )

    # My first turn: the first screen, the tabs (the start of my turn brings my board back, so they
    # are tried within it), then the turn by keyboard alone.
    page.wait_for_selector("#qd-display [data-choosable='1']", timeout=20000)
    assert_on_first_screen(page, "#qd-prompt", "#qd-my-board", "#qd-display [data-choosable='1']")
    assert_accessible(page, "#table")
    check_board_tabs(page)
    keys = keyboard_turn(page, buy=True)
    assert keys["placed"] and keys["bought"], keys
    assert my_board_contents(page).count("building") == 1

    done = {"choose": 1, "place": 1, "buy": 1, "skip": 0, "checked": set()}  # the keyboard turn
    deadline = time.monotonic() + 150
    scanned = False
    while time.monotonic() < deadline and not page.locator("#result").count():
        if not take_one_step(page, done):
            page.wait_for_timeout(60)
        if done["place"] >= 2 and not scanned and page.locator("#qd-last").count():
            # Mid-game: the last move in words, no sideways scroll, and axe finds nothing serious.
            assert PERSIAN_DIGITS.search(page.locator("#qd-last").inner_text())
            assert_no_horizontal_overflow(page)
            assert_accessible(page, "#table")
            scanned = True
    page.wait_for_selector("#result", timeout=5000)

    assert done["choose"] == 4, done
    assert {"choose", "place"} <= done["checked"], done
    assert done["skip"] == 1 or done["buy"] + done["skip"] == 2, done
    # My board holds what I placed and bought (a tile with no legal placement is discarded instead).
    board = my_board_contents(page)
    assert board.count("tile") == 2 * done["place"], (board, done)
    assert board.count("building") == done["buy"], (board, done)

    # The result says who won and why, then the table, the king bonus and the tie-break in words.
    page.wait_for_selector("#qd-results")
    rows = page.locator("#qd-results tbody tr").evaluate_all(
        "rows => rows.map(r => [+r.dataset.seat, +r.dataset.rank, +r.dataset.score, +r.dataset.gold])"
    )
    assert len(rows) == 3 and rows[0][1] == 1
    assert [(score, gold) for _, _, score, gold in rows] == sorted(((s, g) for _, _, s, g in rows), reverse=True)
    why = page.locator("#qd-why").inner_text()
    winner = (
        page.locator("#qd-results tbody tr").first.locator(".qd-res-name").inner_text().replace(" (شما)", "").strip()
    )
    assert winner in why and PERSIAN_DIGITS.search(why), why
    assert "شاه" in page.locator("#qd-king-note").inner_text()
    assert page.locator(".qd-result .qd-rule-note").count() == 1
    assert page.locator("#room-status").get_attribute("data-status") == "finished"
    assert_no_horizontal_overflow(page)
    page.locator("#result").scroll_into_view_if_needed()
    screenshot(page, "queendomino-phone-fa-result")
    assert not errors, errors


def test_a_desktop_player_sees_every_board_and_plays_a_whole_game_by_keyboard(server, browser):
    page = new_page(browser, DESKTOP, "en")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_room(page, server.url, "Sara", "queendomino", OPTIONS)
    sit_with_bots(page, 2)
    page.wait_for_selector("#qd-my-board")

    # Wide: every board at once (no tabs), mine beside the display and the market.
    assert page.locator(".qd-board").count() == 3 and page.locator("#qd-tabs").count() == 0
    assert_on_first_screen(page, "#qd-prompt", "#qd-my-board", "#qd-display", "#qd-market")

    turns = bought = 0
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline and not page.locator("#result").count():
        if not page.locator("#qd-display [data-choosable='1']").count():
            page.wait_for_timeout(60)
            continue
        if turns:
            # From the second turn on the focus is already on a tile: no Tab needed at all.
            assert focused(page)["choosable"], "at the start of my turn the focus goes to the display"
        else:
            screenshot(page, "queendomino-desktop-en-turn")
        played = keyboard_turn(page, buy=turns % 2 == 0)
        turns += 1
        bought += played["bought"]
    page.wait_for_selector("#qd-results", timeout=5000)
    assert turns == 4 and bought >= 1, (turns, bought)
    assert my_board_contents(page).count("building") == bought
    why = page.locator("#qd-why").inner_text()
    assert re.search(r"wins|share the win", why), why
    assert "king colour" in page.locator("#qd-king-note").inner_text()
    page.locator("#result").scroll_into_view_if_needed()
    screenshot(page, "queendomino-desktop-en-result")
    assert not errors, errors
