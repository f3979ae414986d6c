"""Browser tests: Debian's Chromium driven by Playwright against a real server process."""

from __future__ import annotations

import shutil

import pytest
from playwright.sync_api import sync_playwright

from tests.support.live import ServerProcess

# Debian's Chromium where installed (scripts/test.sh installs it); else Playwright's own.
CHROMIUM = shutil.which("chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


@pytest.fixture
def server(database_url):
    process = ServerProcess(database_url, bot_delay_ms="60,120").start()
    yield process
    process.stop()


class PolicyFreeBrowser:
    """The browser, its pages exempt from the pages' Content-Security-Policy: Playwright runs a
    string given to `wait_for_function` through eval, which the policy forbids. The policy's own
    test opens its page through `strict` and lets the policy apply."""

    def __init__(self, strict) -> None:
        self.strict = strict

    def new_context(self, **options):
        return self.strict.new_context(**{"bypass_csp": True, **options})

    def new_page(self, **options):
        return self.strict.new_page(**{"bypass_csp": True, **options})

    def __getattr__(self, name):
        return getattr(self.strict, name)


@pytest.fixture
def browser():
    # No skip when Chromium is missing: a missing browser is a failure, as CI requires.
    with sync_playwright() as playwright:
        browser = (
            playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            if CHROMIUM
            else playwright.chromium.launch(args=FLAGS)
        )
        yield PolicyFreeBrowser(browser)
        browser.close()
