"""Browser tests: Debian's Chromium driven by Playwright against a real server process."""

from __future__ import annotations

import shutil

import pytest
from playwright.sync_api import sync_playwright

from ..live import ServerProcess

# Debian's Chromium where installed (scripts/test.sh installs it); else Playwright's own.
CHROMIUM = shutil.which("chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


@pytest.fixture
def server(database_url):
    process = ServerProcess(database_url, bot_delay_ms="60,120").start()
    yield process
    process.stop()


@pytest.fixture
def browser():
    # No skip when Chromium is missing: a missing browser is a failure, as CI requires.
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS) if CHROMIUM \
            else playwright.chromium.launch(args=FLAGS)
        yield browser
        browser.close()
