"""Three small defects of the race and turn tables, each checked where a player sees it: Camel Up
Cards' header names the race its track is playing back, Twin It's flip timer turns red only near its
end, and Queendomino's turn timer reads the same at its first paint as after the room's ticker."""

from __future__ import annotations

import json
import random
import time

import pytest

from dorhami.catalogue import get_engine
from dorhami.engine import events_for

from .lobby import create_room, sit_with_bots
from .screens import PHONE, new_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# Every timer as the page first draws it (its text and whether it is urgent, with the seconds left
# then) and every 100 ms after, so a first paint the ticker rewrites is caught.
WATCH_TIMERS = """() => {
  window.__timers = [];
  const note = (el, when) => window.__timers.push({ id: el.id, cls: el.className, text: el.textContent, when,
    left: (Number(el.dataset.deadline) - Date.now()) / 1000, urgent: el.classList.contains('urgent') });
  setInterval(() => document.querySelectorAll('[data-deadline]').forEach((el) => note(el, 'tick')), 100);
  const watch = new MutationObserver((changes) => { for (const change of changes) for (const el of change.addedNodes) {
    if (el.nodeType !== 1) continue;
    for (const timer of [el, ...el.querySelectorAll('[data-deadline]')]) if (timer.dataset?.deadline) note(timer, 'first');
  } });
  document.addEventListener('DOMContentLoaded', () => watch.observe(document.body, { subtree: true, childList: true }));
}"""


# A table drawn by its real renderer on the lobby page (the room's ticker is not running there),
# its timer read right after the first paint.
RENDER_FIRST_PAINT = """async ([slug, view, leftMs]) => {
  view.deadline = Date.now() + leftMs; // the page's own clock: loading it took time
  const { renderer } = await import('/static/js/games/index.js');
  const table = await renderer(slug);
  const root = document.createElement('section');
  root.className = 'table';
  document.querySelector('main').replaceChildren(root);
  table.render(root, { view, version: 1, events: [], legal: [], seat: 0, room: { game_id: 'g1', seats: [] },
    seatName: (s) => `seat ${s + 1}`, serverNow: () => Date.now(), act: async () => ({ type: 'ack' }) });
  const timer = root.querySelector('[data-deadline]');
  return { text: timer.textContent, urgent: timer.classList.contains('urgent') };
}"""


def test_queendomino_turn_timer_first_paint_reads_as_the_ticker_writes_it(server, browser):
    engine = get_engine("queendomino")
    now = int(time.time() * 1000)
    view = engine.view(engine.setup(2, 5, {"turn_seconds": 90}, now_ms=now), 0)
    assert view["deadline"] == now + 90_000
    page = new_page(browser, PHONE, "fa")
    page.goto(server.url)
    page.wait_for_selector("main")
    first = page.evaluate(RENDER_FIRST_PAINT, ["queendomino", view, 90_000])
    # 90 s left: the ticker writes minutes and seconds (۱:۳۰ or ۱:۲۹ a moment later), never "۹۰ ثانیه".
    assert first["text"] in ("۱:۳۰", "۱:۲۹") and not first["urgent"], first


def test_twin_it_flip_timer_turns_urgent_only_near_its_end(server, browser):
    page = new_page(browser, PHONE, "fa")
    page.add_init_script(f"({WATCH_TIMERS})()")
    create_room(page, server.url, "تارا", "twin-it", {"start_countdown_ms": 1000, "flip_timeout_ms": 6000})
    sit_with_bots(page, 1)
    # Nobody flips for us: our flip timer runs its whole 6 s, so it is seen calm and then urgent.
    page.wait_for_function(
        "window.__timers.some((s) => s.cls.includes('tw-flip-timer') && s.urgent)", timeout=20000, polling=100
    )
    flips = [s for s in page.evaluate("window.__timers") if "tw-flip-timer" in s["cls"]]
    early = [s for s in flips if s["urgent"] and s["left"] > 2.9]
    assert not early, f"urgent with seconds to spare: {early[:3]}"
    assert any(not s["urgent"] and s["left"] > 3 for s in flips), flips[:3]


def race_change(seed: int) -> tuple[dict, dict, list]:
    """Seat 0's view before the trick that ends race 1 of a three-race game, its view after it, and
    the events it saw: a seeded game played by random legal inputs."""
    engine = get_engine("camel-up-cards")
    rng = random.Random(seed)
    state = engine.setup(3, seed, {"races": 3}, now_ms=0)
    for _ in range(2000):
        before = engine.view(state, 0)
        seat = next((s for s in range(3) if engine.legal_actions(state, s)), None)
        if seat is None:
            state, events = engine.advance(state, engine.next_deadline(state))
        else:
            state, events = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)), 0)
        if any(e["type"] == "race_ended" for e in events):
            return before, engine.view(state, 0), events_for(events, 0)
    raise AssertionError("no race ended")


# The camel table rendered twice by the real renderer on the room page's CSS: before the trick and
# after it, then the header watched while the playback runs.
RENDER_RACE_END = """async ([before, after, events]) => {
  const { renderer } = await import('/static/js/games/index.js');
  const table = await renderer('camel-up-cards');
  const root = document.createElement('section');
  root.className = 'table';
  document.querySelector('main').replaceChildren(root);
  const ctx = (view, version, events) => ({ view, version, events, legal: [], seat: 0, room: { game_id: 'g1', seats: [] },
    seatName: (s) => `seat ${s + 1}`, serverNow: () => Date.now(), act: async () => ({ type: 'ack' }) });
  table.render(root, ctx(before, 1, []));
  table.render(root, ctx(after, 2, events));
  const seen = [];
  const look = () => seen.push({ live: !!document.querySelector('#cu-reveal.live'),
    header: Number(document.querySelector('#cu-race').dataset.race), track: Number(document.querySelector('#cu-reveal')?.dataset.race) });
  look();
  const timer = setInterval(look, 50);
  await new Promise((done) => { const wait = () => document.querySelector('#cu-reveal.live') ? setTimeout(wait, 50) : done(); wait(); });
  clearInterval(timer);
  look();
  return seen;
}"""


def test_camel_header_names_the_race_its_track_plays_back(server, browser):
    before, after, events = race_change(seed=11)
    assert before["race"] == 1 and after["race"] == 2, (before["race"], after["race"])
    page = new_page(browser, PHONE, "fa")
    page.goto(server.url)
    page.wait_for_selector("main")
    seen = page.evaluate(RENDER_RACE_END, [before, after, events])
    playing = [s for s in seen if s["live"]]
    assert playing, seen
    assert all(s["header"] == s["track"] == 1 for s in playing), json.dumps(seen)
    assert seen[-1] == {"live": False, "header": 2, "track": 1}, seen[-1]
