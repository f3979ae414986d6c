"""Twin It in the browser on a Persian phone: a whole game against a bot by taps (one flip by the
keyboard alone), then team and coop tables that must fit the screen while the centre grows."""

from __future__ import annotations

import re
import time
from collections import defaultdict

import pytest
from playwright.sync_api import Error as PlaywrightError

from .lobby import create_room, sit_with_bots
from .screens import (
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
# A short game: the classic target of 5 sets and quick timers (rules §6), so it ends well within 90 s.
OPTIONS = {"flip_timeout_ms": 3000, "start_countdown_ms": 1000, "last_call_ms": 3000}
CLAIMABLE = ":not([aria-disabled=true])"
# Your pile, the centre and your Flip button: what a player needs on screen at every moment.
MY_PILE = ".tw-me .tw-card[data-zone=pile], .tw-me .tw-card[data-zone=stock]"
ESSENTIALS = (MY_PILE, "#tw-centre", "#flip")

# Everything the test player needs from the table, read in one round trip.
READ_TABLE = """() => {
  const table = document.querySelector('.twin-it');
  if (!table) return null;
  const loose = [...table.querySelectorAll('button.tw-card[data-card]:not([aria-disabled=true])')]
    .map((el) => [Number(el.dataset.card), Number(el.dataset.design)]);
  const pairs = [...table.querySelectorAll('button.tw-set[data-size="2"]:not([aria-disabled=true])')]
    .map((el) => [Number(el.dataset.set), Number(el.dataset.design)]);
  return { loose, pairs, phase: table.dataset.phase, centre: table.querySelectorAll('#tw-centre .tw-card[data-card]').length,
           flip: !!document.querySelector('#flip:not([aria-disabled=true])'),
           selected: [...table.querySelectorAll('.tw-card.selected')].map((el) => el.dataset.card) };
}"""

# Every control of the table at least 44×44 CSS px (a thumb's tap target).
SMALL_TARGETS = """() => [...document.querySelectorAll('#table button')].filter((el) => el.offsetParent !== null)
  .map((el) => { const b = el.getBoundingClientRect(); return {w: b.width, h: b.height, what: el.outerHTML.slice(0, 80)}; })
  .filter((b) => b.w < 44 || b.h < 44)"""


def assert_phone_fit(page, centre_cards: bool = True) -> None:
    """Your pile, the centre and your buttons on one screen, nothing sideways, thumb-sized targets."""
    for selector in ESSENTIALS:
        assert_in_viewport(page, selector)
    if centre_cards:
        assert_in_viewport(page, "#tw-centre .tw-card[data-card]")
    assert_fits_one_screen(page)
    assert_no_horizontal_overflow(page)
    assert page.evaluate(SMALL_TARGETS) == []


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
    stats["most_centre"] = max(stats["most_centre"], table["centre"])
    for card in table["selected"]:  # a half-made claim from an earlier look: start clean
        tap(page, f".twin-it button.tw-card[data-card='{card}']")
    by_design = defaultdict(list)
    for card, design in table["loose"]:
        by_design[design].append(card)
    for set_id, design in table["pairs"]:
        if by_design.get(design):
            card = by_design[design][0]
            stats["claims"] += 1
            return tap(page, f".twin-it button.tw-set[data-set='{set_id}']") and tap(
                page, f".twin-it button.tw-card[data-card='{card}'][data-design='{design}']"
            )
    for design, cards in by_design.items():
        if len(cards) >= 2:
            stats["claims"] += 1
            return all(
                tap(page, f".twin-it button.tw-card[data-card='{card}'][data-design='{design}']") for card in cards[:2]
            )
    if table["flip"]:
        stats["flips"] += 1
        return tap(page, "#flip")
    return False


def play_until_result(page, stats: dict, timeout_s: float = 150) -> None:
    """Play by taps; once the centre has grown, check again that nothing spills sideways."""
    deadline = time.monotonic() + timeout_s
    checked_grown = False
    while time.monotonic() < deadline:
        if page.locator("#result").count():
            return
        if stats["most_centre"] >= 6 and not checked_grown:
            checked_grown = True
            assert_no_horizontal_overflow(page)
            assert_fits_one_screen(page)
        if not take_one_step(page, stats):
            page.wait_for_timeout(60)
        else:
            page.wait_for_timeout(40)
    raise AssertionError(f"the game did not reach a result in time ({stats})")


def flip_by_keyboard(page) -> None:
    """On our turn, Tab to Flip (its focus ring showing) and press Enter; the focus stays on Flip."""
    page.wait_for_selector(f"#flip{CLAIMABLE}", timeout=15000)
    deadline = int(page.locator("#tw-status .timer").get_attribute("data-deadline"))
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.id") == "flip":
            break
    assert page.evaluate("() => document.activeElement.matches('#flip:focus-visible')"), (
        "Flip is reached by Tab, with a ring"
    )
    count = int(page.locator(".tw-me .tw-count").get_attribute("data-count"))
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.querySelector('.tw-me .tw-count').dataset.count) < {count}", timeout=3000)
    # Server and browser share this machine's clock: the card left well before an auto-flip could.
    assert page.evaluate("() => Date.now()") < deadline - 200, "the flip was ours, not the automatic one"
    assert page.evaluate("() => document.activeElement.id") == "flip", "the redraw keeps the focus on Flip"


def check_log_lines(page) -> None:
    """The room's move log: plain sentences for this seat's events; unknown or broken events add none."""
    lines = page.evaluate("""async () => {
      const m = await import('/static/js/games/twin-it/index.js');
      const view = { mode: 'competitive', config: { mistake_lockout_ms: 3000 }, phase: 'PLAYING', active: 0, touches: [] };
      const ctx = { view, seat: 0, legal: [{ type: 'flip' }], seatName: (s) => ['تارا', 'ربات'][s], serverNow: () => Date.now() };
      const events = [
        { type: 'flipped', seat: 1, card: 4, design: 7, slot: 0, auto: true, new_top: null },
        { type: 'set_won', kind: 'steal', set_id: 2, owner: 0, by_seats: [0], cards: [1, 2, 3], design: 7, from_owner: 1 },
        { type: 'mistake', seats: [1], owner: 1, claimed_cards: [], lost_set_id: 5, returned_cards: [8, 9], locked_until: 1 },
        { type: 'game_over', reason: 'target', winners: [0], standings: [{ seat: 0, sets: 5, rank: 1 }, { seat: 1, sets: 2, rank: 2 }] },
        { type: 'no_such_event' }, { type: 'set_won' }, null,
      ];
      return { lines: m.logLines(events, ctx), pending: m.pending(ctx), idle: m.pending({ ...ctx, seat: 1 }) };
    }""")
    texts = [line["text"] for line in lines["lines"]]
    assert len(texts) == 4, texts
    assert "ربات" in texts[0] and "خودکار" in texts[0]
    assert "تارا" in texts[1] and "دزدید" in texts[1] and lines["lines"][1]["summary"] is True
    assert "اشتباه" in texts[2] and "۳" in texts[2] and lines["lines"][2]["summary"] is False
    assert "تارا" in texts[3] and "۵" in texts[3] and lines["lines"][3]["summary"] is True
    assert (lines["pending"], lines["idle"]) == (1, 0)


def test_play_twin_it_against_a_bot_on_a_phone(server, browser):
    page = new_page(browser, PHONE, "fa")
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    started = time.monotonic()
    create_room(page, server.url, "تارا", "twin-it", OPTIONS, preset="classic")
    sit_with_bots(page, 1)
    page.wait_for_selector(".twin-it")
    assert page.locator("html").get_attribute("dir") == "rtl"
    assert page.locator(".tw-target").get_attribute("data-target") == "5"
    assert PERSIAN_DIGITS.search(page.locator(".tw-head").inner_text()), "Persian UI shows Persian digits"

    # Play has begun: every pile shows a top card, drawn from its design's parameters.
    page.wait_for_selector(".twin-it[data-phase=PLAYING]")
    tops = page.locator(".twin-it button.tw-card[data-zone=pile]")
    assert tops.count() == 2
    design = int(tops.first.get_attribute("data-design"))
    assert 0 <= design <= 118
    assert page.locator(f"#tw-sprite symbol#tw-design-{design} rect[rx='8']").count() == 1
    assert page.locator(".tw-seat").count() == 1, "the other player is one compact row"
    assert "مجموعه" in page.locator(".tw-seat").inner_text()

    flip_by_keyboard(page)
    page.wait_for_selector("#tw-centre .tw-card[data-card]")
    assert_phone_fit(page)
    assert_accessible(page, "#table")
    screenshot(page, "twin-it-phone-fa-play")
    check_log_lines(page)

    stats = {"claims": 0, "flips": 0, "most_centre": 0}
    play_until_result(page, stats)
    screenshot(page, "twin-it-phone-fa-end")
    result = page.locator("#result").inner_text()
    assert "برنده" in result or "مساوی" in result
    assert page.locator("#tw-standings tbody tr").count() == 2
    assert PERSIAN_DIGITS.search(page.locator("#tw-standings").inner_text())
    assert page.locator("#room-status").get_attribute("data-status") == "finished"
    assert_no_horizontal_overflow(page)
    assert stats["flips"] + stats["claims"] > 0, stats
    assert not errors, errors
    print(f"twin-it game finished in {time.monotonic() - started:.1f}s: {stats}")


def test_team_and_coop_tables_fit_a_phone_while_the_centre_grows(server, browser):
    started = time.monotonic()
    page = new_page(browser, PHONE, "fa")
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    # Teams of two: each other player is a row with its team's symbol, the other team's sets above.
    create_room(page, server.url, "تارا", "twin-it", {"mode": "تیمی", **OPTIONS})
    sit_with_bots(page, 3)
    page.wait_for_selector(".twin-it[data-phase=PLAYING]")
    assert page.locator(".tw-seat").count() == 3
    assert page.locator(".tw-seat .tw-team-sym").count() == 3, "team colours come with a shape"
    assert page.locator("#tw-teams .tw-owner").count() == 1
    assert_phone_fit(page, centre_cards=False)
    assert_accessible(page, "#table")
    screenshot(page, "twin-it-phone-fa-team")

    # Coop alone: flip and flip; the centre scales its cards down to a tappable size, then scrolls
    # inside its own box, while the stock, the centre and the buttons stay on screen.
    create_room(
        page, server.url, "تارا", "twin-it", {"mode": "همکاری", "coop_duration_ms": 30000, "start_countdown_ms": 0}
    )
    sit_with_bots(page, 0)
    page.wait_for_selector(".twin-it[data-phase=PLAYING]")
    assert_phone_fit(page, centre_cards=False)
    sizes = []
    for flipped in range(1, 41):
        page.click("#flip")
        page.wait_for_function(f"document.querySelectorAll('#tw-centre .tw-card[data-card]').length >= {flipped}")
        if flipped in (4, 20, 40):
            sizes.append(page.locator("#tw-centre .tw-card[data-card]").first.bounding_box()["width"])
            assert_no_horizontal_overflow(page)
    assert sizes[0] > sizes[-1] >= 44, f"the centre's cards shrink as it fills, but stay tappable: {sizes}"
    for selector in (*ESSENTIALS, "#claim"):
        assert_in_viewport(page, selector)
    assert_fits_one_screen(page)
    assert page.evaluate(SMALL_TARGETS) == []
    assert_accessible(page, "#table")
    screenshot(page, "twin-it-phone-fa-coop")

    # By keyboard: Turn over, then Shift+Tab back into the centre and Enter on a card; the card now
    # shows its other face and the focus stays on its place.
    page.focus("#tw-turn-mode")
    page.keyboard.press("Enter")
    assert page.locator("#tw-turn-mode").get_attribute("aria-pressed") == "true"
    for _ in range(6):
        page.keyboard.press("Shift+Tab")
        if page.evaluate("() => document.activeElement.closest('#tw-centre') !== null"):
            break
    place, design = page.evaluate("() => [document.activeElement.dataset.focus, document.activeElement.dataset.design]")
    assert place.startswith("slot:"), place
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"() => document.activeElement.dataset.focus === '{place}' && document.activeElement.dataset.design !== '{design}'"
    )
    assert not errors, errors
    print(f"team and coop phone checks in {time.monotonic() - started:.1f}s")
