"""The lobby's weight on the wire: what a phone downloads on its first visit, and again on its second.

Run: .venv/bin/python -m bench.performance.lobby_weight [--url http://127.0.0.1:8000]
Without --url it starts a server of its own (SQLite in a temporary folder). Chromium (Debian's
/usr/bin/chromium where installed) loads the lobby at 390×844 in Persian; the bytes are the
browser's own count (Resource Timing `transferSize`: headers plus the compressed body), summed
over the page and everything it loaded until the network was quiet. The budget is 150 kB.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from urllib.parse import urlsplit

from tests.support.lobby_weight import BUDGET_BYTES, Load, first_and_second_visit


def report(first: Load, second: Load) -> str:
    rows = [f"{e['transferred']:>8} {e['decoded']:>8}  {urlsplit(e['url']).path}" for e in first.entries]
    cached = sum(1 for e in second.versioned if e["transferred"] == 0)
    return "\n".join(
        [
            f"{'wire':>8} {'decoded':>8}  first visit",
            *rows,
            f"first visit: {first.transferred} bytes on the wire over {len(first.entries)} requests "
            f"(budget {BUDGET_BYTES}: {'ok' if first.transferred <= BUDGET_BYTES else 'OVER'})",
            f"second visit: {second.transferred} bytes; "
            f"{cached} of {len(second.versioned)} versioned assets from the cache",
        ]
    )


def main() -> None:
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM, FLAGS
    from tests.support.live import ServerProcess

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
