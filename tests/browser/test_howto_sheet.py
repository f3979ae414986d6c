"""How to play from a table opens as a sheet over it (issue 29, item 8): the focus moves into it, Escape
and the browser's back close it, the focus returns to the link, and the game goes on underneath."""

from __future__ import annotations

import pytest

from .screens import assert_accessible, assert_no_horizontal_overflow, screenshot
from .test_endings import LANGS, host_of_bots

pytestmark = [pytest.mark.browser]

# Counts the table's redraws, and marks the table's node: a room rebuilt by the router would lose the mark.
WATCH_TABLE = """() => {
  const table = document.getElementById('table');
  table.__kept = true;
  window.__tableChanges = 0;
  new MutationObserver(() => { window.__tableChanges += 1; }).observe(table, { subtree: true, childList: true, attributes: true });
}"""


def open_sheet(page) -> None:
    page.click("#how-to")
    page.wait_for_selector("dialog#howto-sheet[open] .howto-section")
    assert page.evaluate("document.activeElement.closest('#howto-sheet') !== null"), "the focus moves into the sheet"


def assert_closed_with_focus_back(page, url: str) -> None:
    page.wait_for_selector("#howto-sheet", state="detached")
    page.wait_for_function("document.activeElement?.id === 'how-to'")
    assert page.url == url
    assert page.evaluate("document.getElementById('table').__kept === true"), "the room was not rebuilt"


@pytest.mark.parametrize(("lang", "size"), LANGS)
def test_how_to_opens_as_a_sheet_over_a_running_table(server, browser, lang, size):
    page, start, _state, errors = host_of_bots(browser, server.url, "jekyll-vs-hyde", {}, 2, size, lang)
    start()
    page.wait_for_selector(".jvh")
    page.evaluate(WATCH_TABLE)
    url = page.url

    open_sheet(page)
    box = page.locator("#howto-sheet").bounding_box()
    assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size["width"] + 0.5, box
    assert box["y"] + box["height"] <= size["height"] + 0.5, box
    # The game goes on underneath: bots keep playing and the table keeps redrawing.
    before = page.evaluate("window.__tableChanges")
    page.wait_for_function(f"window.__tableChanges > {before}", timeout=5000)
    assert not page.locator("#conn").count(), "the socket stays connected"
    assert_no_horizontal_overflow(page)
    assert_accessible(page, "#howto-sheet")
    screenshot(page, f"howto-sheet-{lang}")

    page.keyboard.press("Escape")
    assert_closed_with_focus_back(page, url)

    open_sheet(page)
    page.go_back()
    assert_closed_with_focus_back(page, url)
    # Closing by back left no extra entry behind, nor took one away: the room is still the page.
    page.wait_for_function(
        f"window.__tableChanges > {page.evaluate('window.__tableChanges')} || !!document.getElementById('result')"
    )
    assert not errors, errors
