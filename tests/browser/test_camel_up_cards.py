"""Camel Up Cards in the browser: create a one-race room in the lobby, add bots, play every trick through
the UI (card, then camel, then commit; the first trick by keyboard alone), switch to Persian mid-game, keep
the prompt, hand and commit button on a phone's first screen, and never see a bot's card early."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Error as PlaywrightError

from .lobby import create_room, sit_with_bots
from .screens import PHONE, assert_accessible, assert_in_viewport, assert_no_horizontal_overflow, new_page, screenshot
from .test_jekyll_vs_hyde import tab_to

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PERSIAN_DIGITS = re.compile("[۰-۹]")
CLICK_MS = 3000

# Every element that names a card must be in my hand, my own commitment, or the reveal of an earlier trick.
LEAKS = """() => {
  const root = document.querySelector('.camel-up-cards');
  const now = `${root.dataset.race}:${root.dataset.trick}`;
  const reveal = document.querySelector('#cu-reveal');
  const revealed = reveal && reveal.dataset.trick ? `${reveal.dataset.race}:${reveal.dataset.trick}` : null;
  const bad = [];
  for (const el of document.querySelectorAll('[data-card]')) {
    if (el.closest('#cu-hand') || el.closest('#cu-mine')) continue;
    if (el.closest('#cu-reveal') && revealed !== now) continue;
    bad.push(el.outerHTML.slice(0, 120));
  }
  return { now, bad, othersCommitted: [...document.querySelectorAll('.cu-player:not(.me)[data-committed="1"]')].length };
}"""

# Remember whether a reveal was ever played back (the panel is marked live while frames run) and
# whether a camel was ever seen gliding (a running CSS transition on a track piece).
WATCH_PLAYBACK = """() => {
  window.__cuLive = 0;
  window.__cuMoves = 0;
  setInterval(() => { if ([...document.querySelectorAll('#cu-track .cu-piece')].some(el => el.getAnimations().length)) window.__cuMoves += 1; }, 50);
  new MutationObserver(() => { if (document.querySelector('#cu-reveal.live .cu-play.active')) window.__cuLive += 1; })
    .observe(document.body, { subtree: true, childList: true, attributes: true });
}"""


FOCUSED_CARD = "() => { const el = document.activeElement; return el.closest('#cu-hand') ? el.dataset.card : null; }"


def commit_with_keyboard(page) -> None:
    """Tab to a playable card, Enter; Tab to a legal camel if the card needs one, Enter; Tab to commit, Enter."""
    step = page.locator(".camel-up-cards").get_attribute("data-step")
    tab_to(page, "#cu-hand .cu-card.playable")
    card = page.evaluate(FOCUSED_CARD)
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#cu-hand .cu-card.selected[data-card='{card}']")
    assert page.evaluate(FOCUSED_CARD) == card, "focus stays on the chosen card after the redraw"
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none", "a visible focus ring"
    if page.locator("#cu-targets [data-legal='1']").count():
        tab_to(page, "#cu-targets [data-legal='1']")
        page.keyboard.press("Space")
    tab_to(page, "#commit:not([disabled])")
    page.keyboard.press("Enter")
    moved_on = f"document.querySelector('.camel-up-cards').dataset.step !== '{step}'"
    page.wait_for_function(f"document.querySelector('#cu-mine') || {moved_on}")
    assert page.evaluate("Boolean(document.activeElement.closest('#cu-hand'))"), "focus returns to the hand"


def check_first_screen(page) -> None:
    """With a card chosen: the prompt, the hand, the camel choice, commit and the timer are all on screen."""
    controls = ("#cu-prompt", "#cu-hand .cu-card.playable", "#commit", "#cu-deadline", "#cu-targets [data-legal='1']")
    for selector in controls:
        if page.locator(selector).count():
            assert_in_viewport(page, selector)
    sizes = page.locator("#cu-hand .cu-card, #commit, #cu-targets button").evaluate_all(
        "els => els.map(e => { const b = e.getBoundingClientRect(); return [b.width, b.height]; })"
    )
    assert all(w >= 44 and h >= 44 for w, h in sizes), f"tap targets under 44 px: {sizes}"
    assert_no_horizontal_overflow(page)


def play_one_trick(page, turn: int, leaks: list, seen: dict, before_commit=None) -> bool:
    """Choose a card (and a camel when the card needs one) and commit it; False if nothing to do now."""
    if page.locator("#result").count() or not page.locator("#cu-hand-area.choosing").count():
        return False
    check = page.evaluate(LEAKS)
    if check["bad"]:
        leaks.append(check)
    seen["others_committed"] = max(seen["others_committed"], check["othersCommitted"])
    step = page.locator(".camel-up-cards").get_attribute("data-step")
    try:
        cards = page.locator("#cu-hand .cu-card.playable:not([disabled])")
        count = cards.count()
        if not count:
            return False
        cards.nth(turn % count).click(timeout=CLICK_MS)
        targets = page.locator("#cu-targets [data-camel][data-legal='1']")
        if targets.count():
            targets.nth(turn % targets.count()).click(timeout=CLICK_MS)
        if before_commit:
            before_commit(page)
        page.click("#commit:not([disabled])", timeout=CLICK_MS)
    except PlaywrightError:
        return False  # the trick moved on under us (a timeout): look again
    moved_on = (
        f"document.querySelector('#result') || document.querySelector('.camel-up-cards').dataset.step !== '{step}'"
    )
    # My card is shown as mine until the last seat chooses; the others show only that they chose.
    page.wait_for_function(f"{moved_on} || document.querySelector('#cu-mine')", timeout=CLICK_MS)
    check = page.evaluate(LEAKS)
    if check["bad"]:
        leaks.append(check)
    page.wait_for_function(moved_on, timeout=20000)
    return True


def test_a_phone_player_plays_a_race_against_bots_in_persian(server, browser):
    started = time.monotonic()
    page = new_page(browser, PHONE, "en")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_room(page, server.url, "Sara", "camel-up-cards", {"races": 1})
    sit_with_bots(page, 2)
    page.wait_for_selector(".camel-up-cards")
    page.evaluate(WATCH_PLAYBACK)

    # The table: five camels on the track, five dice, ten bet columns, three players, a running timer.
    page.wait_for_selector("#cu-hand .cu-card[data-card]")
    assert page.locator("#cu-track [data-piece]").count() == 5
    assert page.locator("#cu-dice [data-die]").count() == 5
    assert page.locator("#cu-bets [data-column]").count() == 10
    assert page.locator("#cu-players [data-seat]").count() == 3
    assert page.locator("#cu-deadline[data-deadline]").count() == 1
    assert page.locator("#cu-hand .cu-card").count() == 5
    assert page.locator(".camel-up-cards").get_attribute("data-race") == "1"
    # Every camel carries its own sign as well as its colour.
    signs = page.locator("#cu-track [data-piece] .cu-mark path").evaluate_all(
        "els => els.map(e => e.getAttribute('d'))"
    )
    assert len(set(signs)) == 5, signs

    # The first trick by keyboard alone; then Persian mid-game. The switch comes right after the
    # first trick, since a seeded race can end on its second (about one game in 300).
    page.wait_for_selector("#cu-hand-area.choosing")
    first_step = page.locator(".camel-up-cards").get_attribute("data-step")
    commit_with_keyboard(page)
    page.wait_for_function(
        "document.querySelector('#result') || "
        f"document.querySelector('.camel-up-cards').dataset.step !== '{first_step}'",
        timeout=20000,
    )
    switched = not page.locator("#result").count()
    if switched:
        page.click("#lang")
        page.wait_for_function("document.documentElement.dir === 'rtl'")
        assert PERSIAN_DIGITS.search(page.locator("#cu-head").inner_text())
        assert PERSIAN_DIGITS.search(page.locator("#cu-track").inner_html())
        assert_no_horizontal_overflow(page)

    leaks: list = []
    seen = {"others_committed": 0}
    turn = 1
    checked = False
    deadline = time.monotonic() + 150

    def in_persian_first_screen(p) -> None:
        nonlocal checked
        if not checked:
            check_first_screen(p)
            assert_accessible(p, "#table")
            screenshot(p, "cu-phone-fa-choosing")
            checked = True

    while not page.locator("#result").count():
        assert time.monotonic() < deadline, "the game did not reach a result in time"
        if play_one_trick(page, turn, leaks, seen, before_commit=in_persian_first_screen):
            turn += 1
        else:
            page.wait_for_timeout(80)

    assert switched and turn >= 2, "the UI played at least two tricks"
    assert checked, "the phone's first screen was checked during a Persian turn"
    assert not leaks, leaks
    assert seen["others_committed"] > 0, "the leak check ran while a bot had already chosen"
    page.wait_for_selector("#cu-ranking")
    result = page.locator("#result").inner_text()
    assert "برنده" in result or "مساوی" in result
    # Who won and why, in words: the winner's name and coins, never an internal counter.
    why = page.locator("#cu-why").inner_text()
    winner_row = page.locator("#cu-ranking tbody tr").first
    assert PERSIAN_DIGITS.search(why) and "سکه" in why, why
    assert winner_row.locator("td").nth(1).inner_text().split("(")[0].strip()[-3:] in why, why
    assert "رویداد" not in result and "event" not in result, result
    ranks = page.locator("#cu-ranking tbody tr").evaluate_all("rows => rows.map(r => +r.dataset.rank)")
    assert len(ranks) == 3 and ranks[0] == 1
    assert PERSIAN_DIGITS.search(page.locator("#cu-ranking").inner_text())
    assert page.locator("#room-status").get_attribute("data-status") == "finished"
    page.wait_for_selector("#cu-race-end")
    assert_no_horizontal_overflow(page)
    screenshot(page, "cu-phone-fa-result")
    assert page.evaluate("window.__cuLive") > 0, "a reveal was played back step by step"
    assert page.evaluate("window.__cuMoves") > 0, "camels glide to their new space"
    assert not errors, errors
    assert time.monotonic() - started < 170
