"""The lobby's weight on the wire: what a phone downloads on its first visit, and again on its second
(bench/performance/lobby_weight.py; tests/browser/test_delivery.py holds it to the budget).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

BUDGET_BYTES = 150_000
# Every request of the page (the document first), as the browser counted it.
ENTRIES = """() => [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
  .map((e) => ({url: e.name, transferred: e.transferSize, decoded: e.decodedBodySize}))"""


@dataclass
class Load:
    """One visit of the lobby: each request's URL, bytes on the wire and bytes once decoded."""

    entries: list[dict]

    @property
    def transferred(self) -> int:
        return sum(e["transferred"] for e in self.entries)

    @property
    def versioned(self) -> list[dict]:
        """The requests for content-versioned assets (`/static/v/<version>/...`)."""
        return [e for e in self.entries if urlsplit(e["url"]).path.startswith("/static/v/")]


def visit(page, url: str) -> Load:
    """Open the lobby in `page` and wait until it is drawn and the network is quiet."""
    page.goto(f"{url}/", wait_until="networkidle")
    page.wait_for_selector("#app > *")
    page.evaluate("document.fonts.ready.then(() => true)")
    return Load(page.evaluate(ENTRIES))


def first_and_second_visit(browser, url: str) -> tuple[Load, Load]:
    """A newcomer's first visit on a phone, then a second visit in the same browser (its cache warm)."""
    from tests.browser.screens import PHONE, new_page

    first_page = new_page(browser, PHONE, "fa")
    first = visit(first_page, url)
    second_page = first_page.context.new_page()
    second = visit(second_page, url)
    first_page.context.close()
    return first, second
