"""A player's page and a title's leaderboard, in Persian on a phone and in English on a desktop:
the rating chart runs in the reading direction, nothing overflows, axe finds nothing serious, and
the keyboard reaches every link."""

from __future__ import annotations

import pytest

from tests.hub.test_ratings import World

from .screens import DESKTOP, PHONE, assert_accessible, assert_no_horizontal_overflow, new_page, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAMES = ["سارا", "Omid", "Nika", "Kian"]


def seeded(url: str) -> list[str]:
    """Six rated Jekyll vs. Hyde games of Sara and Omid, a Camel Up Cards race of four, one game with a bot."""
    world = World(url, NAMES)
    sara, omid, nika, kian = world.people
    for i in range(6):
        world.game("jekyll-vs-hyde", [sara, omid], {"winners": [0 if i % 3 != 2 else 1], "ranking": [0, 1]})
    world.game("camel-up-cards", world.people, {"ranks": {"0": 1, "1": 3, "2": 2, "3": 4}, "winners": [0]})
    world.game("jekyll-vs-hyde", [sara, None], {"winners": [0], "ranking": [0, 1]})
    world.close()
    return world.people


def tab_until(page, selector: str, presses: int = 60) -> None:
    """Tab forward until the focused element matches `selector` (the keyboard can reach it)."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement?.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def opened(browser, url: str, ready: str) -> tuple:
    """A Persian phone page at `url` once `ready` shows, and the script errors it raises."""
    page = new_page(browser, PHONE, "fa")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    page.wait_for_selector(ready)
    return page, errors


def dots(page) -> list[float]:
    return page.locator('.rating-chart[data-game="jekyll-vs-hyde"] circle').evaluate_all(
        "els => els.map((e) => Number(e.getAttribute('cx')))"
    )


def test_the_player_page_in_both_languages(database_url, server, browser):
    sara = seeded(database_url)[0]
    page, errors = opened(browser, f"{server.url}/p/{sara}", "#profile")
    assert "سارا" in page.locator("h1").inner_text()
    assert page.locator(".profile-title").count() == 2
    chart = page.locator('.rating-chart[data-game="jekyll-vs-hyde"]')
    assert chart.get_attribute("data-points") == "6" and chart.get_attribute("role") == "img"
    assert page.locator('.rating-chart[data-game="jekyll-vs-hyde"] title').text_content()
    xs = dots(page)
    assert xs == sorted(xs, reverse=True), "Persian: the first game on the right"
    assert page.locator(".recent-game").count() == 8
    assert page.locator('.recent-game[data-rated="false"]').count() == 1
    assert page.locator(".recent-game a").first.get_attribute("href").startswith("/replay/")
    assert page.locator(".badge.provisional").count() == 1  # one Camel Up Cards game
    assert_no_horizontal_overflow(page)
    assert_accessible(page)
    screenshot(page, "player-phone-fa")
    page.screenshot(path="/tmp/dorhami-screenshots/player-phone-fa-full.png", full_page=True)
    tab_until(page, ".recent-game a")
    page.click("#lang")
    page.wait_for_function("document.documentElement.dir === 'ltr'")
    page.set_viewport_size(DESKTOP)
    xs = dots(page)
    assert xs == sorted(xs), "English: the first game on the left"
    assert "Recent games" in page.locator("#profile-recent").inner_text()
    assert_no_horizontal_overflow(page)
    assert_accessible(page)
    screenshot(page, "player-desktop-en")
    tab_until(page, "#board-jekyll-vs-hyde")
    assert not errors, errors


def test_the_leaderboard_in_both_languages(database_url, server, browser):
    sara, omid, *_ = seeded(database_url)
    page, errors = opened(browser, f"{server.url}/leaderboard/jekyll-vs-hyde", "#board-table")
    rows = page.locator("#board-table tbody tr")
    assert rows.evaluate_all("els => els.map((e) => e.dataset.player)") == [sara, omid]
    assert "۱" in rows.first.locator("td").first.inner_text()  # Persian digits
    assert_no_horizontal_overflow(page)
    assert_accessible(page)
    screenshot(page, "leaderboard-phone-fa")
    tab_until(page, f'a[href="/p/{sara}"]')
    page.click("#lang")
    page.wait_for_function("document.documentElement.dir === 'ltr'")
    page.set_viewport_size(DESKTOP)
    assert "Leaderboard: Jekyll vs. Hyde" in page.locator("h1").inner_text()
    assert_no_horizontal_overflow(page)
    assert_accessible(page)
    screenshot(page, "leaderboard-desktop-en")
    # Camel Up Cards: everyone is still provisional.
    page.goto(f"{server.url}/leaderboard/camel-up-cards")
    page.wait_for_selector("#board-empty")
    page.goto(f"{server.url}/p/{omid}")
    page.wait_for_selector("#profile")
    page.click("#board-jekyll-vs-hyde")
    page.wait_for_selector("#board-table")
    # The lobby links each game's board.
    page.goto(server.url)
    page.wait_for_selector('.board-link[href="/leaderboard/queendomino"]')
    assert not errors, errors


def test_a_finished_room_links_its_leaderboard_and_its_players_pages(server, browser):
    from .test_replay import finished_game

    code, game_id, _ = finished_game(server.url)
    page, errors = opened(browser, f"{server.url}/t/{code}", "#result")
    assert page.locator("#result-leaderboard").get_attribute("href") == "/leaderboard/camel-up-cards"
    [person] = page.locator(".result-player").all()  # the bot has no page
    assert person.inner_text() == "Sara"
    person.click()
    page.wait_for_selector("#profile")
    # With a bot at the table the game is in the history, unrated.
    assert page.locator(f'.recent-game[data-game="{game_id}"][data-rated="false"]').count() == 1
    assert_accessible(page)
    assert not errors, errors
