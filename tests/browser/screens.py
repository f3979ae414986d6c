"""Checks of what a player sees: phone and desktop pages, nothing off-screen, no sideways scroll, axe."""

from __future__ import annotations

import os
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}
# Screenshots go outside the repository (never committed); set DORHAMI_SCREENSHOTS to keep them.
SHOTS = Path(os.environ.get("DORHAMI_SCREENSHOTS", "/tmp/dorhami-screenshots"))

_axe = Axe()


def new_page(browser, size: dict = PHONE, lang: str = "fa"):
    """A page in a fresh browser context of `size`, with the UI language already chosen."""
    context = browser.new_context(
        viewport=size, locale="fa-IR" if lang == "fa" else "en-US", has_touch=size is PHONE, is_mobile=size is PHONE
    )
    context.add_init_script(f"localStorage.getItem('dorhami.lang') || localStorage.setItem('dorhami.lang', '{lang}')")
    return context.new_page()


def screenshot(page, name: str) -> Path:
    """Save what the page shows now (for a person to look at; tests never compare pixels)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def assert_no_horizontal_overflow(page) -> None:
    wide = page.evaluate("""() => {
      const width = document.documentElement.clientWidth;
      const over = [...document.querySelectorAll('body *')].filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 1 || box.left < -1) && getComputedStyle(el).position !== 'fixed'
          && !el.closest('[data-scrolls]');
      }).slice(0, 5).map((el) => el.outerHTML.slice(0, 120));
      return {scroll: document.documentElement.scrollWidth, width, over};
    }""")
    assert wide["scroll"] <= wide["width"] and not wide["over"], wide


def scroll_to_table(page) -> None:
    """Scroll so the table's top is the top of the screen (or as far as the page allows)."""
    page.evaluate(
        "() => { const t = document.getElementById('table'); window.scrollTo(0, t.getBoundingClientRect().top + window.scrollY); }"
    )


def assert_in_viewport(page, selector: str) -> None:
    """Every element matching `selector` is wholly on screen (with the page scrolled to the table)."""
    scroll_to_table(page)
    boxes = page.locator(selector).evaluate_all("""els => els.map(e => { const b = e.getBoundingClientRect();
      return {top: b.top, bottom: b.bottom, left: b.left, right: b.right, what: e.outerHTML.slice(0, 80)}; })""")
    height, width = page.evaluate("() => [innerHeight, document.documentElement.clientWidth]")
    assert boxes, f"nothing matches {selector}"
    off = [b for b in boxes if b["top"] < -1 or b["bottom"] > height + 1 or b["left"] < -1 or b["right"] > width + 1]
    assert not off, f"off screen ({width}x{height}): {off}"


def assert_fits_one_screen(page) -> None:
    """The whole page, table included, fits the viewport: nothing to scroll during a race."""
    height, scroll = page.evaluate("() => [innerHeight, document.documentElement.scrollHeight]")
    assert scroll <= height, f"the page is {scroll}px tall on a {height}px screen"


def assert_accessible(page, context: str | None = None) -> None:
    """axe-core finds no serious or critical violation (in `context`, a CSS selector, or the page)."""
    results = _axe.run(page, context=context)
    bad = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes'][:3]]}" for v in bad
    )
