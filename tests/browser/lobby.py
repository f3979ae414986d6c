"""What every browser test does in the lobby and the room before play: create, sit, add bots, start."""

from __future__ import annotations

import re


def create_room(
    page, base_url: str, name: str, game: str, options: dict | None = None, preset: str | None = None
) -> str:
    """Create a room of `game` from its lobby card, with a preset and number options set in its form."""
    page.goto(base_url)
    page.fill("#name", name)
    article = page.locator(f"article[data-game={game}]")
    article.wait_for()
    if options or preset:
        article.locator("details.options summary").click()  # open the options once
    if preset:
        page.select_option(f"#preset-{game}", preset)
    for key, value in (options or {}).items():
        field = article.locator(f"[data-key={key}]")
        if field.evaluate("el => el.tagName") == "INPUT":
            # Callers give the engine's unit (ms); the form is typed in seconds or minutes.
            scale = float(field.get_attribute("data-scale") or 1)
            field.fill(f"{value / scale:g}")
        else:
            field.select_option(label=str(value))
    article.locator("[data-action=create]").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+$"))
    return page.url


def sit_with_bots(page, bots: int) -> None:
    """Take a seat (unless the room already seated you), seat `bots` bots, and start the game."""
    page.wait_for_selector(".seat.mine, #join")
    if not page.locator(".seat.mine").count():
        page.click("#join")
    page.wait_for_selector(".seat.mine")
    for n in range(bots):
        page.click("#add-bot")
        page.wait_for_function(f"document.querySelectorAll('.seat.taken').length === {n + 2}")
    page.click("#start")
