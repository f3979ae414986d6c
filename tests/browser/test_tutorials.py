"""Tutorials (static/js/learn/, docs/TUTORIALS.md): every game's tutorial completed by touching only what the
coach points at, in Persian on a phone and in English on a desktop (both with reduced motion), one by
keyboard alone; a newcomer offered it in the lobby, a finished one ending in a game against an easy bot, and the
progress on the player's own page."""

from __future__ import annotations

import httpx
import pytest

from dorhami.catalogue import TUTORIALS

from .screens import DESKTOP, PHONE, assert_accessible, assert_no_horizontal_overflow, new_page, screenshot
from .tutorial_driver import play_through

pytestmark = [pytest.mark.browser, pytest.mark.slow]

COVERED = """() => { const coach = document.querySelector('#coach').getBoundingClientRect();
  const target = document.querySelector('[data-coach-target]');
  if (!target) return null;
  const box = target.getBoundingClientRect();
  const overlap = Math.max(0, Math.min(coach.bottom, box.bottom) - Math.max(coach.top, box.top))
    * Math.max(0, Math.min(coach.right, box.right) - Math.max(coach.left, box.left));
  return overlap / Math.max(1, box.width * box.height); }"""


def check_step(page, name: str, step: str) -> None:
    """What the coach shows fits the screen and leaves what it points at visible (at least mostly: a
    whole region pointed at may be taller than what the bubble leaves free)."""
    covered = page.evaluate(COVERED)
    assert covered is None or covered < 0.5, f"{name} step {step}: the coach covers {covered:.0%} of its target"
    assert_no_horizontal_overflow(page)


@pytest.mark.parametrize("slug", sorted(TUTORIALS))
def test_a_tutorial_is_completed_on_a_persian_phone_by_touch(server, browser, slug):
    page = new_page(browser, PHONE, "fa")
    # Reduced motion shortens the pauses between replies (suite time); the newcomer's and the keyboard's
    # runs below play Double Connect's with motion on.
    page.emulate_media(reduced_motion="reduce")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.url}/learn/{slug}")
    steps = play_through(page, how="touch", on_step=lambda step: check_step(page, f"{slug} fa", step))
    assert steps == [str(i) for i in range(len(TUTORIALS[slug].steps))], "every step, in order, none skipped"
    assert page.locator("#learn-done").is_visible() and page.locator("#learn-play-bot").is_visible()
    assert page.evaluate("(slug) => JSON.parse(localStorage.getItem('dorhami.learn'))[slug].done", slug) is True
    screenshot(page, f"learn-{slug}-fa-phone-done")
    assert not errors, errors
    page.context.close()


@pytest.mark.parametrize("slug", sorted(TUTORIALS))
def test_a_tutorial_is_completed_on_an_english_desktop_with_reduced_motion(server, browser, slug):
    page = new_page(browser, DESKTOP, "en")
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(
        "window.__animations = 0; const animate = Element.prototype.animate;"
        "Element.prototype.animate = function (...a) { window.__animations++; return animate.apply(this, a); };"
    )
    page.goto(f"{server.url}/learn/{slug}")
    play_through(page, how="mouse", on_step=lambda step: check_step(page, f"{slug} en", step))
    assert page.evaluate("window.__animations") == 0, "nothing flies with reduced motion"
    assert page.evaluate("getComputedStyle(document.documentElement).direction") == "ltr"
    page.context.close()


def test_a_tutorial_is_completed_by_keyboard_alone(server, browser):
    page = new_page(browser, DESKTOP, "en")
    page.goto(f"{server.url}/learn/double-connect")
    play_through(page, how="keyboard")
    assert page.evaluate("document.activeElement.id") == "learn-done-title", "focus lands on the end's heading"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "learn-play-bot"
    page.context.close()


def test_a_wrong_move_is_explained_and_not_played(server, browser):
    page = new_page(browser, PHONE, "fa")
    page.goto(f"{server.url}/learn/double-connect")
    page.wait_for_selector("#coach[data-step='0']")
    for _ in range(2):
        page.click("#coach-next")
        page.wait_for_selector(f"#coach[data-step='{_ + 1}']:not(.busy)")
    # The taught claim is card 39 on the start card 40 with the turtle; tap the tower target, then a symbol
    # that is on the player's card but not on the start card.
    page.locator("#dc-tower [data-target='40']").tap()
    version = page.get_attribute("#table", "data-version")
    page.locator("#dc-claim [data-symbol='4']").first.tap()
    page.wait_for_selector("#coach-nudge:not([hidden])")
    assert "لاک‌پشت" in page.inner_text("#coach-nudge"), "the coach says what to look for"
    assert page.get_attribute("#coach", "data-step") == "2" and page.get_attribute("#table", "data-version") == version
    assert_accessible(page, "#coach")
    screenshot(page, "learn-double-connect-fa-phone-wrong-move")
    page.context.close()


def test_a_newcomer_is_offered_it_and_one_tap_at_the_end_starts_a_game_against_an_easy_bot(server, browser):
    page = new_page(browser, PHONE, "fa")
    page.goto(server.url)
    offer = page.locator("#learn-offer-double-connect")
    offer.wait_for()
    assert "۳" in offer.inner_text(), "the offer says how long it takes"
    # Another game's offer turned down is not made again (its quiet link stays).
    page.locator("#learn-offer-twin-it .learn-decline").tap()
    page.wait_for_selector("#learn-offer-twin-it.quiet")
    offer.locator(".learn-link").tap()
    page.wait_for_url("**/learn/double-connect")
    play_through(page, how="touch")
    page.locator("#learn-play-bot").tap()
    page.wait_for_url("**/t/*")
    code = page.url.rsplit("/", 1)[1]
    page.wait_for_selector("#table:not([hidden])")
    with httpx.Client(base_url=server.url) as http:
        room = http.get(f"/api/rooms/{code}").json()
        assert room["status"] == "playing" and room["game"] == "double-connect"
        bots = [seat for seat in room["seats"] if seat.get("bot")]
        assert bots and all(seat["bot"] == "easy" for seat in bots), room["seats"]
        identity = page.evaluate("JSON.parse(localStorage.getItem('dorhami.identity'))")
        headers = {"Authorization": f"Bearer {identity['token']}"}
        # What the newcomer learnt before they had a name is now theirs on the server.
        for _ in range(50):
            mine = http.get("/api/players/me/tutorials", headers=headers).json()
            if mine:
                break
            page.wait_for_timeout(100)
        assert [(row["game"], row["done"]) for row in mine] == [("double-connect", True)]
    page.goto(server.url)
    page.wait_for_selector("#learn-offer-double-connect.quiet")
    page.goto(f"{server.url}/p/{identity['id']}")
    row = page.locator("#profile-tutorials [data-game='double-connect']")
    row.wait_for()
    assert row.get_attribute("data-done") == "true"
    screenshot(page, "learn-profile-fa-phone")
    page.context.close()
