"""Motion: a card that changes place travels there (Web Animations, at most 300 ms), never with
reduced motion. How long the browser's tasks are during a throttled race is a benchmark's question
(bench/performance/race_long_tasks.py), not a test's: it depends on the machine's load."""

from __future__ import annotations

import time

import pytest

from .lobby import create_room, sit_with_bots
from .screens import DESKTOP, PHONE
from .test_double_connect import SHORT_GAME, claim_once
from .test_jekyll_vs_hyde import take_one_step
from .test_twin_it import take_one_step as take_twin_it_step

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# Every animation a script starts (CSS animations and transitions left out), as it starts: what it
# moves, how long it lasts. Checked every frame, so a 260 ms flight cannot slip between two looks.
# Every animation a script starts, recorded as it starts (Element.animate is wrapped), so none is missed
# on a loaded machine: polling document.getAnimations() each frame lost a 260 ms flight whenever the
# page's main thread was busy for longer (a finished animation leaves that list).
RECORD_ANIMATIONS = """() => {
  window.__anims = [];
  const describe = (el) => el ? { tag: el.localName, cls: el.getAttribute('class') || '', card: el.dataset?.card ?? null,
    ghost: el.classList.contains('motion-ghost'), zone: el.dataset?.zone ?? null,
    where: el.closest('#tw-centre, .tw-strip, #trick, #hand, #dc-tower, #dc-hand, .qd-board, .cu-track') ?.id
      || el.closest('.tw-strip, .qd-board')?.className.baseVal || el.closest('.tw-strip')?.className || null } : null;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (keyframes, options) {
    const a = animate.call(this, keyframes, options);
    const frames = a.effect.getKeyframes();
    window.__anims.push({ at: performance.now(), duration: a.effect.getTiming().duration,
      fades: Number(frames.at(-1)?.opacity ?? 1) < 1, ...describe(this) });
    return a;
  };
}"""


def motion_page(browser, size: dict, lang: str, reduced: bool = False):
    """A page like screens.new_page, its context asking for reduced motion when `reduced`."""
    context = browser.new_context(
        viewport=size,
        locale="fa-IR" if lang == "fa" else "en-US",
        has_touch=size is PHONE,
        is_mobile=size is PHONE,
        reduced_motion="reduce" if reduced else "no-preference",
    )
    context.add_init_script(f"localStorage.getItem('dorhami.lang') || localStorage.setItem('dorhami.lang', '{lang}')")
    return context.new_page()


def animations(page) -> list[dict]:
    return page.evaluate("window.__anims")


def assert_short(anims: list[dict]) -> None:
    assert anims, "something moved"
    assert all(0 < a["duration"] <= 300 for a in anims), anims


def reduce_motion(page) -> None:
    """From now on the page asks for reduced motion; what flew before has landed (300 ms at most)."""
    page.emulate_media(reduced_motion="reduce")
    page.wait_for_timeout(350)
    page.evaluate("window.__anims = []")


def flip_and_wait(page) -> int:
    """Our turn in Twin It: tap Flip, then wait until our card shows in the centre; its card id."""
    page.wait_for_selector("#flip:not([aria-disabled=true])", timeout=15000)
    card = page.locator(".tw-me .tw-card[data-zone=pile]").get_attribute("data-card")
    page.click("#flip")
    page.wait_for_selector(f"#tw-centre .tw-card[data-card='{card}']", timeout=5000)
    page.wait_for_timeout(120)
    return int(card)


def test_twin_it_flip_travels_to_the_centre_and_not_with_reduced_motion(server, browser):
    page = motion_page(browser, PHONE, "fa")
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_room(
        page, server.url, "تارا", "twin-it", {"flip_timeout_ms": 3000, "start_countdown_ms": 1000}, preset="classic"
    )
    sit_with_bots(page, 1)
    page.wait_for_selector(".twin-it[data-phase=PLAYING]")
    page.evaluate(RECORD_ANIMATIONS)

    card = flip_and_wait(page)
    moved = [a for a in animations(page) if str(a["card"]) == str(card) or a["ghost"]]
    assert_short(moved)
    assert any(a["card"] == str(card) and a["where"] == "tw-centre" for a in moved), moved
    assert any(a["ghost"] for a in moved), "a copy flies from the pile to the centre"

    # A won set (ours or the bot's): its cards travel from the table to the winner's strip of sets.
    stats = {"claims": 0, "flips": 0, "most_centre": 0}
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not any(a["where"] == "tw-strip" for a in animations(page)):
        page.wait_for_timeout(40 if take_twin_it_step(page, stats) else 60)
    into_sets = [a for a in animations(page) if a["where"] == "tw-strip"]
    assert into_sets and all(a["card"] is not None for a in into_sets), animations(page)
    assert_short(animations(page))

    # Reduced motion: the same change, nothing animated by script.
    reduce_motion(page)
    flip_and_wait(page)
    assert animations(page) == []
    assert not errors, errors


def test_double_connect_claimed_card_travels_onto_the_tower(server, browser):
    page = motion_page(browser, DESKTOP, "en")
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_room(page, server.url, "Kay", "double-connect", SHORT_GAME)
    sit_with_bots(page, 2)
    page.wait_for_selector(".double-connect[data-phase=playing]", timeout=10000)
    page.evaluate(RECORD_ANIMATIONS)

    # My claim: the card leaves my hand and lands on the tower (a copy flies, the tower card waits for it).
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        hand = {e for e in page.locator("#dc-hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")}
        if claim_once(page):
            break
        page.wait_for_timeout(60)
    placed = {e for e in page.locator("#dc-tower [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")}
    mine = hand & placed
    assert mine, "my claimed card is on the tower"
    page.wait_for_timeout(100)
    anims = animations(page)
    landed = [a for a in anims if a["card"] in mine and a["where"] == "dc-tower"]
    assert landed and any(a["ghost"] for a in anims), anims
    assert_short(anims)

    reduce_motion(page)
    claimed = False
    for _ in range(40):
        claimed = claim_once(page)
        if claimed or page.locator("#result").count():
            break
        page.wait_for_timeout(60)
    page.wait_for_timeout(300)  # the bots go on claiming meanwhile: their cards would travel too
    assert animations(page) == []
    assert not errors, errors


def test_jekyll_vs_hyde_card_travels_to_the_trick_and_the_trick_to_its_winner(server, browser):
    page = motion_page(browser, DESKTOP, "en")
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_room(page, server.url, "Kim", "jekyll-vs-hyde")
    sit_with_bots(page, 1)
    page.wait_for_selector(".jvh")
    page.evaluate(RECORD_ANIMATIONS)
    # Play until a card has travelled into the trick and a finished trick has left for its winner.
    deadline = time.monotonic() + 40
    into_trick = to_winner = []
    while time.monotonic() < deadline and not (into_trick and to_winner):
        if not take_one_step(page):
            page.wait_for_timeout(80)
        anims = animations(page)
        into_trick = [a for a in anims if a["where"] == "trick" and a["card"] is not None]
        to_winner = [a for a in anims if a["ghost"] and a["fades"] and "card-face" in a["cls"]]
    assert into_trick and to_winner, animations(page)
    assert_short(animations(page))

    reduce_motion(page)
    for _ in range(6):
        if not take_one_step(page):
            page.wait_for_timeout(300)
    assert animations(page) == []
    assert not errors, errors
