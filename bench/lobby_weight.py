"""The lobby's weight on the wire: what a phone downloads on its first visit, and again on its second.

Run: .venv/bin/python bench/lobby_weight.py [--url http://127.0.0.1:8000]
Without --url it starts a server of its own (SQLite in a temporary folder). Chromium (Debian's
/usr/bin/chromium where installed) loads the lobby at 390×844 in Persian; the bytes are the
browser's own count (Resource Timing `transferSize`: headers plus the compressed body), summed
over the page and everything it loaded until the network was quiet. The budget is 150 kB.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
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


def report(first: Load, second: Load) -> str:
    rows = [f"{e['transferred']:>8} {e['decoded']:>8}  {urlsplit(e['url']).path}" for e in first.entries]
    cached = sum(1 for e in second.versioned if e["transferred"] == 0)
    return "\n".join([
        f"{'wire':>8} {'decoded':>8}  first visit",
        *rows,
        f"first visit: {first.transferred} bytes on the wire over {len(first.entries)} requests "
        f"(budget {BUDGET_BYTES}: {'ok' if first.transferred <= BUDGET_BYTES else 'OVER'})",
        f"second visit: {second.transferred} bytes; "
        f"{cached} of {len(second.versioned)} versioned assets from the cache",
    ])


def main() -> None:
    sys.path.insert(0, str(ROOT))  # the test suite's server process and browser settings
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM, FLAGS
    from tests.live import ServerProcess

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running server (default: start one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        server = None if args.url else ServerProcess(f"sqlite:///{folder}/dorhami.db").start()
        try:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            first, second = first_and_second_visit(browser, args.url or server.url)
            browser.close()
        finally:
            if server:
                server.stop()
    print(report(first, second))
    sys.exit(0 if first.transferred <= BUDGET_BYTES else 1)


if __name__ == "__main__":
    main()
