"""Know your opponent (issue 32 item 4): the host's bot picker says how strong each level is on the game's
rating scale, and the lobby's "play against bots" seats the level nearest the player's own rating."""

from __future__ import annotations

import json

import httpx
import pytest

from dorhami.bot_ratings import BOT_RATINGS

from .lobby import create_room
from .screens import DESKTOP, PHONE, new_page

pytestmark = [pytest.mark.browser]
GAME = "jekyll-vs-hyde"


def test_the_bot_picker_names_each_levels_rating(server, browser):
    page = new_page(browser, DESKTOP, "en")
    create_room(page, server.url, "Host", GAME)
    page.wait_for_selector("#bot-level")
    options = page.locator("#bot-level option").all_inner_texts()
    for level, measured in BOT_RATINGS[GAME].items():
        shown = round(measured["mu"] - 3 * measured["sigma"], 1)
        assert any(text.startswith(level) and f"rated {round(shown)}" in text for text in options), (level, options)
    page.context.close()


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_play_against_bots_seats_the_level_nearest_your_rating(server, browser, level):
    with httpx.Client(base_url=server.url) as http:
        me = http.post("/api/players", json={"name": "Rated"}).json()
    page = new_page(browser, PHONE, "fa")
    saved = json.dumps({"id": me["id"], "name": me["name"], "token": me["token"]})
    page.context.add_init_script(f"localStorage.setItem('dorhami.identity', {json.dumps(saved)})")
    mu = BOT_RATINGS[GAME][level]["mu"] + 0.5
    rating = {"mu": mu, "sigma": 2.0, "ordinal": mu - 6, "games": 30, "provisional": False}
    profile = {
        "id": me["id"],
        "name": me["name"],
        "titles": [{"game": GAME, "title": "Jekyll vs. Hyde", "played": 30, "won": 15, "rating": rating}],
        "recent": [],
        "history": {},
        "min_games": 5,
    }
    # The player's rating as the server would give it after 30 rated games (none are played here).
    page.route(f"**/api/players/{me['id']}", lambda route: route.fulfill(json=profile))
    page.goto(server.url)
    page.locator(f"article[data-game={GAME}] [data-action=bots]").tap()
    page.wait_for_url("**/t/*")
    code = page.url.rsplit("/", 1)[1]
    with httpx.Client(base_url=server.url) as http:
        seats = http.get(f"/api/rooms/{code}").json()["seats"]
    assert [seat["bot"] for seat in seats if seat.get("bot")] == [level]
    page.context.close()
