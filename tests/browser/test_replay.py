"""The replay viewer: a finished game stepped through forward and back, from a seat and as a
spectator, with buttons, the slider and the keyboard, in English and Persian."""

from __future__ import annotations

import json
import random
import re
import time

import httpx
import pytest

from tests.api.players import QUICK_CONFIG, choose

from .screens import DESKTOP, PHONE, assert_accessible, assert_no_horizontal_overflow, new_page, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]


# Who sat at seat 0 of each game these tests start (room code -> player): only they replay its seat.
SARA: dict[str, dict] = {}


def started_game(http: httpx.Client, slug: str, config: dict) -> tuple[str, dict]:
    """A game of `slug` started over REST for one person (seat 0) and an easy bot: (room code, auth headers)."""
    me = http.post("/api/players", json={"name": "Sara"}).json()
    auth = {"Authorization": f"Bearer {me['token']}"}
    code = http.post("/api/rooms", json={"game": slug, "config": config}, headers=auth).json()["code"]
    http.post(f"/api/rooms/{code}/join", headers=auth)
    http.post(f"/api/rooms/{code}/bots", json={"level": "easy"}, headers=auth)
    assert http.post(f"/api/rooms/{code}/start", headers=auth).status_code == 200
    SARA[code] = me
    return code, auth


def finished_game(base: str, slug: str = "camel-up-cards") -> tuple[str, int, int]:
    """A short game of `slug`, played to the end over REST: (room code, game id, last version)."""
    rng = random.Random(2)
    with httpx.Client(base_url=base, timeout=10) as http:
        code, auth = started_game(http, slug, QUICK_CONFIG[slug])
        deadline = time.monotonic() + 90
        while (state := http.get(f"/api/rooms/{code}/state", headers=auth).json())["result"] is None:
            assert time.monotonic() < deadline, "the game did not end"
            action = choose(slug, state, rng)
            if action is not None:
                http.post(f"/api/rooms/{code}/actions", json={"action": action}, headers=auth)
            else:
                time.sleep(0.05)  # the bot's turn, or a timer
        return code, state["game_id"], state["version"]


def shown_version(page) -> int:
    return int(page.locator("#replay").get_attribute("data-version"))


def as_player(page, player: dict):
    page.context.add_init_script(f"localStorage.setItem('dorhami.identity', {json.dumps(json.dumps(player))})")
    return page


def test_step_through_a_finished_game_from_a_seat_and_as_a_spectator(server, browser):
    code, game_id, last = finished_game(server.url)
    page = as_player(new_page(browser, PHONE, "en"), SARA[code])
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.url}/replay/{game_id}?seat=0")
    page.wait_for_selector("#replay .camel-up-cards")
    assert shown_version(page) == 0 and page.locator("#replay-position").inner_text() == f"Move 0 of {last}"
    assert page.locator("#replay-prev").is_disabled()

    page.click("#replay-next")
    assert shown_version(page) == 1
    page.keyboard.press("ArrowRight")
    assert shown_version(page) == 2
    page.keyboard.press("ArrowLeft")
    assert shown_version(page) == 1
    page.keyboard.press("End")
    assert shown_version(page) == last and page.locator("#replay-next").is_disabled()
    assert page.locator("#replay-log li").count() > 3
    page.keyboard.press("Home")
    assert shown_version(page) == 0
    page.locator("#replay-slider").fill(str(last // 2))
    assert shown_version(page) == last // 2
    assert_no_horizontal_overflow(page)
    assert_accessible(page)
    screenshot(page, "replay-phone-en")

    # As a spectator: the hands are hidden, the address says so, the step is kept.
    page.select_option("#replay-seat", "")
    page.wait_for_url(re.compile(rf"/replay/{game_id}$"))
    page.wait_for_selector("#replay[data-seat=spectator]")  # the spectator's frames have arrived
    assert shown_version(page) == last // 2
    assert page.locator("#cu-hand .cu-card[data-card]").count() == 0

    # Persian: the keys follow the reading direction (left is forward).
    page.click("#lang")
    page.wait_for_function("document.documentElement.dir === 'rtl'")
    page.keyboard.press("ArrowLeft")
    assert shown_version(page) == last // 2 + 1
    assert re.search("[۰-۹]", page.locator("#replay-position").inner_text())
    assert_no_horizontal_overflow(page)
    screenshot(page, "replay-phone-fa")
    page.set_viewport_size(DESKTOP)
    assert_no_horizontal_overflow(page)
    screenshot(page, "replay-desktop-fa")

    # The finished room links to the replay from the player's seat.
    room = new_page(browser, DESKTOP, "en")
    room.goto(f"{server.url}/t/{code}")
    room.wait_for_selector("#result")
    assert room.locator("#replay-link").get_attribute("href").startswith(f"/replay/{game_id}")
    assert not errors, errors


def test_a_finished_game_offers_only_the_seats_you_held_and_the_spectator(server, browser):
    code, game_id, _ = finished_game(server.url)
    page = new_page(browser, PHONE, "fa")  # someone else: the link, but no seat of this game
    page.goto(f"{server.url}/replay/{game_id}?seat=0")
    page.wait_for_selector("#replay-error")
    assert "تماشاگر" in page.locator("#replay-error").inner_text()
    page.goto(f"{server.url}/replay/{game_id}")
    page.wait_for_selector("#replay[data-seat=spectator]")
    assert [o.get_attribute("value") for o in page.locator("#replay-seat option").all()] == [""]
    mine = as_player(new_page(browser, PHONE, "en"), SARA[code])
    mine.goto(f"{server.url}/replay/{game_id}")
    mine.wait_for_selector("#replay[data-seat=spectator]")
    assert [o.get_attribute("value") for o in mine.locator("#replay-seat option").all()] == ["", "0"]


def test_a_running_game_s_replay_page_says_when_it_opens(server, browser):
    with httpx.Client(base_url=server.url, timeout=10) as http:
        code, auth = started_game(http, "camel-up-cards", {})
        game_id = http.get(f"/api/rooms/{code}/state", headers=auth).json()["game_id"]
    page = new_page(browser, PHONE, "fa")
    page.goto(f"{server.url}/replay/{game_id}")
    page.wait_for_selector("#replay-error")
    assert "در جریان" in page.locator("#replay-error").inner_text()
    assert page.locator("#replay-back").is_visible()


@pytest.mark.parametrize("slug", ["double-connect", "jekyll-vs-hyde", "queendomino", "twin-it"])
def test_every_title_replays_to_its_end_and_back(server, browser, slug):
    code, game_id, last = finished_game(server.url, slug)
    page = as_player(new_page(browser, DESKTOP, "en"), SARA[code])
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.url}/replay/{game_id}?seat=0")
    page.wait_for_selector(f"#replay.{slug} #replay-board > *")
    for key, version in (("End", last), ("ArrowLeft", last - 1), ("Home", 0), ("ArrowRight", 1)):
        page.keyboard.press(key)
        assert shown_version(page) == version, key
        assert page.locator("#replay-board > *").count(), "the board is drawn"
    assert not errors, errors


def test_the_verify_page_explains_and_checks_a_finished_game_in_both_languages(server, browser):
    code, game_id, _ = finished_game(server.url)
    page = new_page(browser, PHONE, "fa")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.url}/verify/{game_id}")
    page.wait_for_selector("#verify[data-passed=true]")
    checks = page.locator("#verify-checks li")
    assert checks.count() == 4 and checks.evaluate_all("els => els.every((e) => e.dataset.passed === 'true')")
    assert "✓" in page.locator("#verify-verdict").inner_text() and "درست" in checks.first.inner_text()
    assert len(page.locator("#verify-scheme p").all()) == 4
    assert_no_horizontal_overflow(page)
    assert_accessible(page)
    screenshot(page, "verify-phone-fa")
    page.click("#lang")
    page.wait_for_function("document.documentElement.dir === 'ltr'")
    assert "Every check passed" in page.locator("#verify-verdict").inner_text()
    assert "verify_game.py" in page.locator("#verify-yourself").inner_text()
    page.set_viewport_size(DESKTOP)
    assert_no_horizontal_overflow(page)
    screenshot(page, "verify-desktop-en")
    # The finished room shows the fingerprint it showed during play, and links here.
    room = new_page(browser, PHONE, "en")
    room.goto(f"{server.url}/t/{code}")
    room.wait_for_selector("#result")
    assert room.locator("#verify-link").get_attribute("href") == f"/verify/{game_id}"
    fingerprint = room.locator("#commitment code").inner_text()
    page.goto(f"{server.url}/verify/{game_id}")
    page.wait_for_selector("#verify[data-passed=true]")
    assert fingerprint in page.locator(".verify-values").inner_text()
    assert not errors, errors
