"""Double Connect in the browser: a phone player in Persian races bots to the end on one screen,
a keyboard player claims without the mouse, and the 57 drawn symbols match the engine's deck."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Error as PlaywrightError

from dorhami.games.double_connect.components import CARDS, SYMBOLS

from .lobby import create_room, sit_with_bots
from .screens import (
    DESKTOP,
    PHONE,
    assert_accessible,
    assert_fits_one_screen,
    assert_in_viewport,
    assert_no_horizontal_overflow,
    new_page,
    screenshot,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PERSIAN_DIGITS = re.compile("[۰-۹]")
# Shorter timers, set in the lobby's options form.
SHORT_GAME = {"countdown_ms": 1000, "final_chance_ms": 4000}
TAP = 44  # the smallest tap target on a phone, in CSS px

READ_HAND = (
    """els => els.map(e => [+e.dataset.card, [...e.querySelectorAll('[data-symbol]')].map(x => +x.dataset.symbol)])"""
)
READ_TARGETS = """els => els.filter(e => !e.classList.contains('unavailable'))
  .map(e => [+e.dataset.target, [...e.querySelectorAll(':scope > .dc-card [data-symbol]')].map(x => +x.dataset.symbol)])"""
FOCUSED = (
    "() => { const el = document.activeElement; return el && el.closest('#table') ? el.dataset.focusKey || '' : null; }"
)


def read_table(page) -> tuple[list, list]:
    hand = page.locator("#dc-hand [data-card]").evaluate_all(READ_HAND)
    targets = page.locator("#dc-tower [data-target]").evaluate_all(READ_TARGETS)
    return hand, targets


def shared_symbol(card_symbols: list[int], target_symbols: list[int]) -> int:
    shared = set(card_symbols) & set(target_symbols)
    assert len(card_symbols) == 8 and len(target_symbols) == 8 and len(shared) == 1, (card_symbols, target_symbols)
    return shared.pop()


def claim_once(page, wrong: bool = False) -> bool:
    """Pick a hand card, then a target, then tap the symbol they share (or, if `wrong`, another)."""
    if page.locator("#result").count() or page.locator("#dc-claim.locked, #dc-claim.pending").count():
        return False
    hand, targets = read_table(page)
    if not hand or not targets:
        return False
    (card, card_symbols), (target, target_symbols) = hand[0], targets[-1]  # the bots start from the first target
    symbol = shared_symbol(card_symbols, target_symbols)
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


def play_until_result(page, timeout_s: float = 40) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if page.locator("#result").count():
            return
        if not claim_once(page):
            page.wait_for_timeout(60)
        assert_no_horizontal_overflow(page)
    raise AssertionError("the game did not reach a result in time")


def smallest_box(page, selector: str) -> dict:
    """The narrowest and the shortest of the boxes matching `selector`."""
    return page.locator(selector).evaluate_all("""els => els.map(e => e.getBoundingClientRect())
      .reduce((m, b) => ({width: Math.min(m.width, b.width), height: Math.min(m.height, b.height), n: m.n + 1}),
              {width: 1e9, height: 1e9, n: 0})""")


def assert_tappable(page, selector: str) -> None:
    box = smallest_box(page, selector)
    assert box["n"] and box["width"] >= TAP and box["height"] >= TAP, (selector, box)


def test_a_phone_player_races_bots_to_the_end_in_persian(server, browser):
    page = new_page(browser, PHONE, "fa")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_room(page, server.url, "سارا", "double-connect", SHORT_GAME)
    sit_with_bots(page, 3)
    page.wait_for_selector(".double-connect")

    # A timer is always shown: the countdown until the cards are revealed, then the time limit.
    assert page.locator("#dc-countdown[data-deadline], #dc-time-limit[data-deadline]").count() == 1
    page.wait_for_selector("#dc-hand [data-card]", timeout=15000)
    assert PERSIAN_DIGITS.search(page.locator(".dc-head").inner_text())

    # The client never picks a target: none is chosen while the bots place cards, so nobody can
    # "cover your target" before you chose one.
    page.wait_for_function(
        "[...document.querySelectorAll('#dc-players .dc-placed')].some(e => /[۱-۹]/.test(e.textContent))", timeout=8000
    )
    assert page.locator("#dc-claim").get_attribute("data-pair").endswith(":")
    assert page.locator("#dc-tower .selected").count() == 0
    assert page.locator("#dc-feedback[data-kind=warn]").count() == 0

    # One screen during play: your hand, the tower's targets and the claim pair, the others as rows.
    screenshot(page, "double-connect-phone-play")
    assert_fits_one_screen(page)
    assert_no_horizontal_overflow(page)
    for part in ("#dc-hand .dc-hand-card", "#dc-tower [data-target]", "#dc-claim", "#dc-players .dc-player"):
        assert_in_viewport(page, part)
    assert page.locator("#dc-players .dc-player").count() == 3
    assert (
        page.locator("#dc-players .dc-count").all_inner_texts()
        and not page.locator("#dc-players .dc-mini-hand").first.is_visible()
    )
    assert_tappable(page, "#dc-hand button.dc-hand-card")
    assert_tappable(page, "#dc-tower [data-target][role=button] > .dc-hit")

    # Choosing a target turns both cards' symbols into buttons, all on screen and big enough to tap.
    _, targets = read_table(page)
    page.click(f"#dc-tower [data-target='{targets[-1][0]}']")
    page.wait_for_selector("#dc-claim [data-role=mine] [data-symbol][role=button]", timeout=3000)
    assert_in_viewport(page, "#dc-claim [data-role=mine] [data-symbol]")
    assert_fits_one_screen(page)
    assert_tappable(page, "#dc-claim [data-symbol][role=button] .dc-hit")
    assert_accessible(page, "#table")

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
    screenshot(page, "double-connect-phone-locked")
    assert_no_horizontal_overflow(page)
    assert_fits_one_screen(page)

    play_until_result(page)
    page.wait_for_selector("#dc-results")
    screenshot(page, "double-connect-phone-end")
    assert_no_horizontal_overflow(page)
    result = page.locator("#result").inner_text()
    assert "برنده" in result or "مساوی" in result
    assert PERSIAN_DIGITS.search(page.locator("#dc-results").inner_text())
    ranks = page.locator("#dc-results tbody tr").evaluate_all("rows => rows.map(r => +r.dataset.rank)")
    assert len(ranks) == 4 and ranks[0] == 1
    mine = page.locator("#dc-results tr[data-seat='0']")
    assert int(mine.get_attribute("data-placed")) >= 1, "the UI placed cards on the tower"
    assert page.locator("#room-status").get_attribute("data-status") == "finished"
    assert not errors, errors


def press_until(page, key: str, wanted: str, limit: int = 12) -> None:
    """Press `key` until the focused control of the table has focus key `wanted`."""
    for _ in range(limit):
        if page.evaluate(FOCUSED) == wanted:
            return
        page.keyboard.press(key)
    assert page.evaluate(FOCUSED) == wanted, (wanted, page.evaluate(FOCUSED))


def keyboard_claim(page) -> int | None:
    """Tab to the tower, choose its last target, arrow to the shared symbol of your card, Enter.
    Returns the placed card, or None when a bot covered the target first."""
    for _ in range(40):  # Tab from wherever focus is to the tower's targets
        if (page.evaluate(FOCUSED) or "").startswith("target:"):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("End")
    key = page.evaluate(FOCUSED)
    assert key and key.startswith("target:"), key
    ring = page.evaluate("() => getComputedStyle(document.activeElement.querySelector(':scope > .dc-focus')).stroke")
    assert ring not in ("none", ""), "a visible focus ring on the focused target"
    page.keyboard.press("Enter")  # choose it: focus moves on to the symbols of your card
    try:
        page.wait_for_function("() => !document.querySelector('#dc-claim').dataset.pair.endsWith(':')", timeout=2000)
    except PlaywrightError:
        return None  # the target went away before Enter
    card, target = map(int, page.locator("#dc-claim").get_attribute("data-pair").split(":"))
    if not (page.evaluate(FOCUSED) or "").startswith("sym-mine:"):
        return None
    mine = page.locator("#dc-claim [data-role=mine] [data-symbol]").evaluate_all(
        "els => els.map(e => +e.dataset.symbol)"
    )
    symbol = shared_symbol(mine, list(CARDS[target]))
    press_until(page, "ArrowRight", f"sym-mine:{symbol}")
    page.keyboard.press("Enter")
    page.wait_for_selector("#dc-claim.pending", state="detached", timeout=3000)
    accepted = page.locator(f"#dc-hand [data-card='{card}']").count() == 0
    return card if accepted and page.locator("#dc-feedback[data-kind=ok]").count() else None


def test_a_keyboard_player_claims_without_the_mouse(server, browser):
    page = new_page(browser, DESKTOP, "en")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_room(page, server.url, "Kay", "double-connect", SHORT_GAME)
    sit_with_bots(page, 1)
    page.wait_for_selector("#dc-hand [data-card]", timeout=15000)

    for _ in range(5):
        card = keyboard_claim(page)
        if card is not None:
            break
    else:
        raise AssertionError("no keyboard claim was accepted")
    # The server took it: the card left the hand and tops an arm of the tower.
    assert page.locator(f"#dc-hand [data-card='{card}']").count() == 0
    assert page.locator(f"#dc-tower [data-card='{card}']").count() == 1
    assert page.locator("#dc-claim").get_attribute("data-pair").endswith(":"), "the next target is the player's choice"
    assert (page.evaluate(FOCUSED) or "").startswith("target:"), "focus went on to the tower, not to the page"
    screenshot(page, "double-connect-desktop-keyboard")

    # A hand card chosen with Enter keeps the focus through the redraw it causes...
    page.keyboard.press("Tab")
    assert (page.evaluate(FOCUSED) or "").startswith("hand:")
    page.keyboard.press("ArrowRight")
    chosen = page.evaluate(FOCUSED)
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#dc-hand [data-focus-key='{chosen}'][aria-pressed=true]")
    assert page.evaluate(FOCUSED) == chosen

    # ...and a focused target keeps it while the bot's moves redraw the tower.
    page.keyboard.press("Shift+Tab")
    focused = page.evaluate(FOCUSED)
    assert focused.startswith("target:"), focused
    page.evaluate("() => { window.__dcTower = document.querySelector('#dc-tower svg'); }")
    page.wait_for_function("() => !window.__dcTower.isConnected || document.getElementById('result')", timeout=8000)
    if page.locator(f"[data-focus-key='{focused}']").count():
        assert page.evaluate(FOCUSED) == focused
    else:  # the bot covered that very card: focus moved to another target, not to the page
        assert (page.evaluate(FOCUSED) or "").startswith("target:") or page.locator("#result").count()
    assert not errors, errors


LOG_EVENTS = """[
  {type: 'play_started', t: 3000, hands: [[2], [8]], start_card: 0},
  {type: 'claim_accepted', seat: 0, card: 1, target: 0, symbol: 49, arm: 0, t: 5000},
  {type: 'claim_accepted', seat: 1, card: 8, target: 1, symbol: 1, arm: 0, t: 5100},
  {type: 'claim_wrong', seat: 1, card: 9, target: 8, symbol: 0, penalty_card: 6, locked_until: 6200, t: 5200},
  {type: 'claim_wrong', seat: 0, card: 2, target: 8, symbol: 3, penalty_card: null, locked_until: 10300, t: 5300},
  {type: 'start_card_covered', t: 5400},
  {type: 'hand_emptied', seat: 1, t: 20000},
  {type: 'final_chance_started', seat: 1, deadline: 30000},
  {type: 'game_finished', reason: 'final_chance_over', t: 30000, winners: [1], results: [
    {seat: 1, cards_left: 0, wrong_claims: 1, placed: 5, emptied_at: [20000, 9], rank: 1},
    {seat: 0, cards_left: 2, wrong_claims: 1, placed: 4, emptied_at: null, rank: 2}]},
  {type: 'mystery'}, null, {}, {type: 'claim_accepted'}
]"""


def test_the_move_log_tells_every_event_in_both_languages(server, browser):
    page = browser.new_page()
    page.goto(server.url)
    out = page.evaluate(
        """async () => {
      const m = await import('/static/js/games/double-connect/index.js');
      const i18n = await import('/static/js/i18n/index.js');
      const ctx = {seat: 0, seatName: (s) => ['Sara', 'Bob'][s], room: {config: {final_chance_ms: 10000}},
                   view: {phase: 'final_chance', tower: {start_card: 0}, hand_sizes: [2, 0]}};
      const events = %s;
      const read = () => m.logLines(events, ctx);
      i18n.setLang('en'); const en = read();
      i18n.setLang('fa'); const fa = read();
      const pending = [m.pending(ctx), m.pending({...ctx, seat: 1}), m.pending({...ctx, seat: null}),
                       m.pending({...ctx, view: {...ctx.view, phase: 'playing'}})];
      return {en, fa, pending, odd: m.logLines(null, ctx)};
    }"""
        % LOG_EVENTS
    )
    en = [line["text"] for line in out["en"]]
    assert en[:3] == [
        "Cards are revealed: the race is on.",
        "You matched the spider and put a card on the start card.",
        "Bob matched the apple and put a card on arm 1.",
    ], en
    assert "one penalty card and 1 s locked out" in en[3] and "pile is empty" in en[4] and "5 s locked out" in en[4]
    assert "Bob has no cards left!" in en and "Final chance: everyone else has 10 seconds." in en
    summaries = [line["text"] for line in out["en"] if line["summary"]]
    assert summaries == [
        "Game over. The final chance is over.",
        "Bob won with an empty hand. Cards left: Bob (0), Sara (2).",
    ]
    assert len(en) == 10, "unknown or broken events add no line"
    fa = [line["text"] for line in out["fa"]]
    assert (
        len(fa) == len(en)
        and "عنکبوت" in fa[1]
        and "۱۰ ثانیه" in fa[7]
        and all(not re.search("[a-z]{4}", x.replace("Bob", "").replace("Sara", "")) for x in fa)
    )
    assert out["pending"] == [1, 0, 0, 0], "only the final chance waits on a seat that still holds cards"
    assert out["odd"] == []


def test_every_symbol_is_drawn_and_the_deck_matches_the_engine(server, browser):
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.url)
    boxes = page.evaluate("""async () => {
      const m = await import('/static/js/games/double-connect/index.js');
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
    cards = page.evaluate("async () => (await import('/static/js/games/double-connect/index.js')).CARDS")
    assert cards == [list(card) for card in CARDS]
    assert not errors, errors
