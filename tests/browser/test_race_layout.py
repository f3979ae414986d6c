"""The race tables at every size: Twin It with six players and 40 centre cards shows every card on
one phone screen with nothing to scroll, Double Connect's aimed card is legible on a phone, and no
feedback line ever covers a card. The room's socket runs through a relay that can hold the server's
state messages and hand the page a state of the test's making: the real room page, the real
renderer and the real CSS draw it."""

from __future__ import annotations

import copy
import json
import re

import pytest

from .lobby import create_room, sit_with_bots
from .screens import DESKTOP, PHONE, assert_no_horizontal_overflow, new_page, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# Quick starts; a long flip timer so nothing flips by itself while the held table is measured.
TWIN_OPTIONS = {"start_countdown_ms": 1000, "flip_timeout_ms": 30000}
CENTRE_CARDS = 40


class Relay:
    """The room's socket through the test: every message passes, except that while `held` the
    server's state messages stop at the relay; `show` hands the page a state message instead."""

    def __init__(self, page) -> None:
        self.page = page
        self.held = False
        self.last: dict | None = None
        page.route_web_socket(re.compile(r"/ws/rooms/"), self._route)

    def _route(self, ws) -> None:
        server = ws.connect_to_server()

        def from_server(message) -> None:
            data = json.loads(message) if isinstance(message, str) else None
            if data and data.get("type") == "state":
                if self.held:
                    return
                self.last = data
            ws.send(message)

        def from_page(message) -> None:
            # Whole states, so that a state this relay makes up replaces what the page holds.
            data = json.loads(message) if isinstance(message, str) else None
            if data and data.get("type") == "hello":
                message = json.dumps({**data, "full_states": True})
            server.send(message)

        server.on_message(from_server)
        ws.on_message(from_page)
        self.ws = ws

    def show(self, change) -> None:
        """Hold the server's states and show the latest one as `change(message)` leaves it."""
        self.held = True
        message = copy.deepcopy(self.last)
        message["version"] += 1
        message["events"] = []
        change(message)
        self.page.evaluate("() => 0")  # one round trip first: what was on its way has passed the relay
        self.ws.send(json.dumps(message))


def my_turn(message: dict) -> None:
    """The full centre, on a turn of this page's own seat (a newer version than the last shown)."""
    full_centre(message)
    message["version"] += 1
    message["view"]["active"] = message["seat"]


def full_centre(message: dict) -> None:
    """Forty face-up cards in the centre, each its own design (a race no one has claimed from)."""
    view = message["view"]
    taken = {pile["top"]["card"] for pile in view["piles"] if pile.get("top")}
    cards = [card for card in range(135) if card not in taken][:CENTRE_CARDS]
    view["centre"] = [{"slot": slot, "card": card, "design": slot * 2 + 1} for slot, card in enumerate(cards)]


# Every box the race's layout is judged by, read in one round trip.
MEASURE_TWIN = """() => {
  const rect = (el) => { const b = el.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, left: b.left, right: b.right}; };
  const centre = document.querySelector('#tw-centre');
  const scrolls = [...document.querySelectorAll('#table *')].filter((el) => el.scrollHeight > el.clientHeight + 1
    && ['auto', 'scroll'].includes(getComputedStyle(el).overflowY)).map((el) => el.id || el.className);
  return {
    viewport: {width: document.documentElement.clientWidth, height: innerHeight},
    page: {scroll: document.documentElement.scrollHeight, client: document.documentElement.clientHeight},
    centre: {box: rect(centre), scroll: centre.scrollHeight, client: centre.clientHeight},
    cards: [...centre.querySelectorAll('.tw-card[data-card]')].map(rect),
    allCards: [...document.querySelectorAll('.twin-it .tw-card[data-card]')].map(rect),
    msg: rect(document.querySelector('#tw-msg')),
    scrolls,
  };
}"""


def inside(inner: dict, outer: dict, slack: float = 0.5) -> bool:
    return (
        inner["top"] >= outer["top"] - slack
        and inner["bottom"] <= outer["bottom"] + slack
        and inner["left"] >= outer["left"] - slack
        and inner["right"] <= outer["right"] + slack
    )


def overlaps(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def assert_whole_centre_shows(page) -> dict:
    """Every centre card inside the screen and the centre's box; nothing scrolls; the message line
    covers no card."""
    m = page.evaluate(MEASURE_TWIN)
    screen = {"top": 0, "left": 0, "bottom": m["viewport"]["height"], "right": m["viewport"]["width"]}
    assert len(m["cards"]) == CENTRE_CARDS, len(m["cards"])
    off_screen = [c for c in m["cards"] if not inside(c, screen)]
    assert not off_screen, f"{len(off_screen)} centre cards off the screen: {off_screen[:3]}"
    off_centre = [c for c in m["cards"] if not inside(c, m["centre"]["box"])]
    assert not off_centre, f"{len(off_centre)} cards outside the centre's box {m['centre']['box']}: {off_centre[:3]}"
    assert m["centre"]["scroll"] <= m["centre"]["client"], m["centre"]
    assert m["page"]["scroll"] <= m["page"]["client"], m["page"]
    assert not m["scrolls"], m["scrolls"]
    covered = [c for c in m["allCards"] if overlaps(m["msg"], c)]
    assert not covered, f"the message line {m['msg']} covers {covered}"
    return m


def watched_page(browser, size: dict, lang: str):
    """A page of `size` in `lang`, and the list its script errors go to."""
    page = new_page(browser, size, lang)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return page, errors


def twin_it_at_six(browser, url: str, size: dict, lang: str, name: str):
    page, errors = watched_page(browser, size, lang)
    relay = Relay(page)
    create_room(page, url, name, "twin-it", TWIN_OPTIONS)
    sit_with_bots(page, 5)
    page.wait_for_selector(".twin-it[data-phase=PLAYING]")
    page.wait_for_function("document.querySelectorAll('.tw-seat').length === 5")
    relay.show(full_centre)
    page.wait_for_function(f"document.querySelectorAll('#tw-centre .tw-card[data-card]').length === {CENTRE_CARDS}")
    page.wait_for_timeout(100)  # the fonts and the fitting after the redraw
    return page, relay, errors


def test_twin_it_shows_forty_centre_cards_at_six_players_on_a_phone_and_a_desktop(server, browser):
    for size, lang, name, shot in ((PHONE, "fa", "تارا", "fa-390"), (DESKTOP, "en", "Tara", "en-1366")):
        page, relay, errors = twin_it_at_six(browser, server.url, size, lang, name)
        screenshot(page, f"twin-it-six-{shot}")
        m = assert_whole_centre_shows(page)
        assert_no_horizontal_overflow(page)
        # Whose turn it is changes the head's words ("your turn — flip a card!" is the longest): the
        # centre keeps its rows either way.
        relay.show(my_turn)
        page.wait_for_selector("#tw-status.mine")
        page.wait_for_timeout(100)
        assert_whole_centre_shows(page)
        screenshot(page, f"twin-it-six-{shot}-my-turn")
        width = m["cards"][0]["right"] - m["cards"][0]["left"]
        assert width >= 44, f"centre cards stay tappable: {width}px"
        # Two different cards claimed: the reply's message takes the same line, over no card.
        page.click("#tw-centre .tw-card[data-slot='0']")
        page.click("#tw-centre .tw-card[data-slot='1']")
        page.wait_for_selector("#tw-msg:not([data-kind=hint]):not([data-kind^=feed])", timeout=5000)
        assert_whole_centre_shows(page)
        screenshot(page, f"twin-it-six-{shot}-reply")
        assert not errors, errors
        page.context.close()


DC_OPTIONS = {"countdown_ms": 1000}
# The symbols of the card being aimed at (the target in the claim pair) and of the tower's targets,
# as drawn boxes; the feedback line and every card box, to check that one never covers the other.
MEASURE_DC = """() => {
  const rect = (el) => { const b = el.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, left: b.left, right: b.right,
    width: b.width, height: b.height}; };
  // A symbol's size whatever its rotation: its drawn box before the rotation, in screen px, as the
  // side of a square of the same area (a long thin key is not a 4-px symbol, nor a 40-px one).
  const sizes = (sel) => [...document.querySelectorAll(sel)].map((el) => {
    const g = el.querySelector(':scope > g'); const box = g.getBBox(); const m = g.getScreenCTM();
    return Math.sqrt(box.width * box.height) * Math.hypot(m.a, m.b);
  });
  const fb = document.querySelector('.double-connect .dc-status');
  return {
    aimed: sizes('#dc-claim [data-role=target] .dc-sym'),
    tower: sizes('#dc-tower .dc-tower-card.active .dc-sym'),
    feedback: fb ? rect(fb) : null,
    lock: [...document.querySelectorAll('.dc-lock')].map(rect),
    cards: [...document.querySelectorAll('#dc-tower .dc-tower-card, #dc-claim .dc-card-svg, #dc-hand .dc-hand-card')].map(rect),
    page: {scroll: document.documentElement.scrollHeight, client: document.documentElement.clientHeight},
  };
}"""


def assert_aimed_card_legible(page, shot: str) -> None:
    page.wait_for_selector("#dc-tower [data-target][role=button]", timeout=15000)
    # Mid-race: the bots have started arms on the tower.
    page.wait_for_function("document.querySelectorAll('#dc-tower .dc-arm').length >= 2", timeout=15000)
    target = page.locator("#dc-tower [data-target][role=button]").last.get_attribute("data-target")
    page.click(f"#dc-tower [data-target='{target}']")
    page.wait_for_selector("#dc-claim [data-role=target] [data-symbol]")
    screenshot(page, f"double-connect-aimed-{shot}")
    m = page.evaluate(MEASURE_DC)
    smallest = min(m["aimed"])
    assert len(m["aimed"]) == 8 and smallest >= 14, f"the aimed card's symbols are {smallest:.1f}px at the least"
    assert_feedback_covers_no_card(m)
    assert "null" not in page.locator(".double-connect .dc-status").inner_text()

    # A wrong claim: what went wrong and the lockout's countdown, and still no card covered.
    shared = page.evaluate("""() => {
      const ids = (sel) => [...document.querySelectorAll(sel)].map((e) => e.dataset.symbol);
      const target = ids('#dc-claim [data-role=target] [data-symbol]');
      return ids('#dc-claim [data-role=mine] [data-symbol]').find((s) => !target.includes(s));
    }""")
    page.click(f"#dc-claim [data-role=mine] [data-symbol='{shared}']")
    page.wait_for_selector("#dc-lockout [data-deadline]", timeout=3000)
    m = page.evaluate(MEASURE_DC)
    screenshot(page, f"double-connect-locked-{shot}")
    assert m["lock"] and m["feedback"], m
    assert_feedback_covers_no_card(m)


def assert_feedback_covers_no_card(m: dict) -> None:
    for box in ([m["feedback"]] if m["feedback"] else []) + m["lock"]:
        covered = [c for c in m["cards"] if overlaps(box, c)]
        assert not covered, f"feedback {box} covers {covered[:2]}"


def test_double_connect_aimed_card_is_legible_and_feedback_covers_no_card(server, browser):
    for size, lang, name, shot in ((PHONE, "fa", "سارا", "fa-390"), (DESKTOP, "en", "Sara", "en-1366")):
        page, errors = watched_page(browser, size, lang)
        create_room(page, server.url, name, "double-connect", DC_OPTIONS)
        sit_with_bots(page, 3)
        assert_aimed_card_legible(page, shot)
        assert not errors, errors
        page.context.close()
