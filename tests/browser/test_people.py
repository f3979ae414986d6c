"""People around the table (static/js/room/avatar.js, presence.js, bubbles.js): every seat shows the
same avatar on every screen (the waiting room, the table, the chat, each player's own page), its
presence in a mark and a word, the turn ring and the clock on the seat whose move it is, and a chat
line as a bubble on the speaker's seat with the chat closed, covering no card, gone after a few seconds."""

from __future__ import annotations

import re

import pytest

from .lobby import create_room
from .screens import DESKTOP, PHONE, assert_accessible, assert_no_horizontal_overflow, new_page, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# A short Twin It: quick flips so the turn moves while the test looks.
TWIN_IT = {"flip_timeout_ms": 3000, "start_countdown_ms": 1000, "last_call_ms": 3000}

# Each shown seat's avatar: its symbol and colour as drawn (the path and the computed background).
AVATARS = """() => Object.fromEntries([...document.querySelectorAll('[data-seat-badge]')]
  .filter((el) => el.getBoundingClientRect().width > 0).map((el) => { const a = el.querySelector('.avatar');
    return [el.dataset.seatBadge, [a.dataset.avatar, a.querySelector('path').getAttribute('d').length, getComputedStyle(a).backgroundColor]]; }))"""

# Whose move it is by the game's own view, and the seats wearing the ring, read in one go.
TURN = """(sel) => ({ active: document.querySelector(sel.table)?.dataset.active ?? null,
  current: [...document.querySelectorAll(sel.current)].map((el) => el.dataset.seat),
  rings: [...document.querySelectorAll('[data-seat-badge]')].filter((el) => el.classList.contains('turn')
    && el.getBoundingClientRect().width > 0).map((el) => el.dataset.seatBadge),
  clocks: [...document.querySelectorAll('[data-seat-badge] > .seat-timer')].filter((el) => el.getBoundingClientRect().width > 0)
    .map((el) => ({ seat: el.parentElement.dataset.seatBadge, deadline: el.dataset.deadline, text: el.textContent })),
  tableClock: sel.clock ? document.querySelector(sel.clock)?.dataset.deadline ?? null : null })"""

# The bubble on `seat`, and every tappable card or control it overlaps.
BUBBLE = """(seat) => { const b = document.querySelector(`.bubble[data-bubble-seat="${seat}"]`);
  if (!b || b.hidden) return null; const r = b.getBoundingClientRect();
  const hits = [...document.querySelectorAll('#table button:not([disabled]), #table .tw-card, #table [data-card], #table .qd-cell.tappable')]
    .filter((el) => { const c = el.getBoundingClientRect();
      return c.width > 0 && c.left < r.right && r.left < c.right && c.top < r.bottom && r.top < c.bottom; })
    .map((el) => el.outerHTML.slice(0, 80));
  return { text: b.textContent, hits, left: r.left, right: r.right, width: document.documentElement.clientWidth,
    near: Math.abs((r.top + r.bottom) / 2 - (() => { const s = document.querySelector(`[data-seat-badge="${seat}"]`).getBoundingClientRect();
      return (s.top + s.bottom) / 2; })()) }; }"""


def join(page, url: str, name: str) -> None:
    page.goto(url)
    page.fill("#room-name", name)
    page.click("#join")
    page.wait_for_selector(".seat.mine")


def my_seat(page) -> str:
    return page.locator(".seat.mine").get_attribute("data-seat")


def hide_page(page, hidden: bool) -> None:
    """As if the player switched apps: the room tells the server the page is hidden (or back)."""
    page.evaluate(
        "(h) => { Object.defineProperty(document, 'hidden', { value: h, configurable: true });"
        " document.dispatchEvent(new Event('visibilitychange')); }",
        hidden,
    )


def say_with_chat_closed(page, text: str) -> None:
    toggle = page.locator("#chat-toggle")
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")
    page.wait_for_function("() => document.getElementById('chat-input').value === ''")
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "false"


def check_bubble(page, seat: str, text: str) -> dict:
    """The line shows beside the speaker's seat, on the screen, covering nothing tappable; then goes."""
    page.wait_for_selector(f".bubble[data-bubble-seat='{seat}']")
    assert page.locator("#chat-body").is_hidden()
    bubble = page.evaluate(BUBBLE, seat)
    assert bubble["text"] == text, bubble
    assert not bubble["hits"], bubble
    assert 0 <= bubble["left"] and bubble["right"] <= bubble["width"], bubble
    assert bubble["near"] < 80, bubble  # beside the seat, not somewhere else on the page
    return bubble


def test_seats_on_a_persian_phone_race_table_with_six_players(server, browser):
    host, guest = new_page(browser, PHONE, "fa"), new_page(browser, PHONE, "fa")
    url = create_room(host, server.url, "سارا", "twin-it", TWIN_IT, preset="classic")
    join(guest, url, "بابک")
    for n in range(4):
        host.click("#add-bot")
        host.wait_for_function(f"document.querySelectorAll('.seat.taken').length === {n + 3}")
    guest.wait_for_function("document.querySelectorAll('.seat.taken').length === 6")
    waiting = host.evaluate(AVATARS)
    assert sorted(waiting) == [str(seat) for seat in range(6)]
    assert guest.evaluate(AVATARS) == waiting
    # Four bots, four robots in four colours; the two people drawn from their ids (a symbol, not a robot).
    looks = [look[0] for look in waiting.values()]
    assert (
        len({look for look in looks if look.startswith("robot:")}) == 4
        and sum(not look.startswith("robot:") for look in looks) == 2
    )
    screenshot(host, "people-waiting-phone-fa")
    sara, babak = my_seat(host), my_seat(guest)
    host.click("#start")
    for page in (host, guest):
        page.wait_for_selector(".twin-it[data-phase=PLAYING]")

    # At the table each screen shows the other five seats, each with the waiting room's avatar.
    for page, me in ((host, sara), (guest, babak)):
        shown = page.evaluate(AVATARS)
        assert sorted(shown) == sorted(seat for seat in waiting if seat != me)
        assert all(shown[seat] == waiting[seat] for seat in shown)
        # The ring is on the seat whose flip it is (never on a seat that is not to move).
        turn = page.evaluate(TURN, {"table": ".twin-it", "current": ".none", "clock": "#tw-status .tw-flip-timer"})
        assert turn["rings"] == ([turn["active"]] if turn["active"] not in ("", me) else []), turn
        # The seat to flip wears the flip's clock too: the table's own deadline, in figures.
        assert [c["seat"] for c in turn["clocks"]] == turn["rings"], turn
        assert all(c["deadline"] == turn["tableClock"] and re.fullmatch("[۰-۹]+", c["text"]) for c in turn["clocks"]), (
            turn
        )

    # Presence: a mark always, and the word once the player is not simply here.
    here = host.locator(f"[data-seat-badge='{babak}'] .seat-presence[data-presence=connected]")
    assert here.locator(".presence-mark").inner_text() == "●"
    # "Here" is the usual state: read aloud and in the tooltip, not spelled out on a crowded chip.
    assert here.locator(".presence-word").text_content() == "حاضر" and here.get_attribute("title") == "حاضر"
    hide_page(guest, True)
    away = host.locator(f"[data-seat-badge='{babak}'] .seat-presence[data-presence=away]")
    away.wait_for()
    assert away.inner_text().split() == ["○", "غایب"]
    screenshot(host, "people-away-twin-it-phone-fa")
    hide_page(guest, False)
    host.wait_for_selector(f"[data-seat-badge='{babak}'] .seat-presence[data-presence=connected]")

    # A line from Sara: a bubble on her seat on Babak's phone, with his chat closed, covering no card.
    say_with_chat_closed(host, "نوبت منه؟")
    check_bubble(guest, sara, "نوبت منه؟")
    assert guest.locator("#chat-said p").all_inner_texts() == ["سارا: نوبت منه؟"]
    assert host.locator("#chat-said p").count() == 0  # your own line is not read back to you
    assert host.locator(f".chat-lines .avatar[data-avatar='{waiting[sara][0]}']").count() == 1
    assert_no_horizontal_overflow(guest)
    screenshot(guest, "people-bubble-twin-it-phone-fa")
    assert_accessible(guest, "#table")
    guest.wait_for_selector(".bubble", state="detached", timeout=7000)


def test_seats_on_an_english_desktop_table_of_two_people(server, browser):
    host, guest = new_page(browser, DESKTOP, "en"), new_page(browser, DESKTOP, "en")
    url = create_room(host, server.url, "Sara", "queendomino")
    join(guest, url, "Babak")
    host.wait_for_function("document.querySelectorAll('.seat.taken').length === 2")
    waiting = host.evaluate(AVATARS)
    assert sorted(waiting) == ["0", "1"] and guest.evaluate(AVATARS) == waiting
    sara, babak = my_seat(host), my_seat(guest)
    host.click("#start")
    for page in (host, guest):
        page.wait_for_selector(".queendomino .qd-player")
    for page in (host, guest):
        assert page.evaluate(AVATARS) == waiting  # on a desktop every board, mine too, has its seat
        turn = page.evaluate(TURN, {"table": ".none", "current": ".qd-player.active", "clock": "#qd-timer"})
        assert turn["rings"] == turn["current"] and len(turn["current"]) == 1, turn
        assert [c["seat"] for c in turn["clocks"]] == turn["rings"] and turn["clocks"][0]["deadline"] == turn[
            "tableClock"
        ], turn
        assert page.locator(f"[data-seat-badge='{turn['current'][0]}'] .sr-only").inner_text().strip() == "(their move)"
    # The desktop chat starts open: closed here, the line still shows on Babak's seat.
    host.click("#chat-toggle")
    host.emulate_media(reduced_motion="reduce")
    say_with_chat_closed(guest, "Good luck!")
    check_bubble(host, babak, "Good luck!")
    assert host.locator("#chat-said p").all_inner_texts() == ["Babak: Good luck!"]
    # With reduced motion the bubble just appears: shown, not animated.
    assert host.locator(".bubble").evaluate("(el) => getComputedStyle(el).animationName") == "none"
    hide_page(host, True)
    word = guest.locator(f"[data-seat-badge='{sara}'] .seat-presence[data-presence=away] .presence-word")
    word.wait_for()
    assert word.is_visible() and word.inner_text() == "away"
    screenshot(host, "people-bubble-queendomino-desktop-en")
    assert_accessible(host, "#table")
    host.wait_for_selector(".bubble", state="detached", timeout=7000)
    # A reaction shows on the seat too, as its drawing; its word is read once.
    guest.click("#chat-toggle")
    guest.click("#reactions [data-reaction=clap]")
    host.wait_for_selector(f".bubble.reaction[data-bubble-seat='{babak}'] .reaction-icon")
    assert host.locator("#chat-said p").last.inner_text() == "Babak: Clap"
    # Each person's own page draws the same avatar.
    guest.goto(f"{server.url}/p/{guest.evaluate('JSON.parse(localStorage.getItem(`dorhami.identity`)).id')}")
    guest.wait_for_selector(".community .avatar")
    assert guest.locator(".community .avatar").first.get_attribute("data-avatar") == waiting[babak][0]
