"""Delivery in a real browser: the lobby's weight and cache, installability, and the 404 page."""

from __future__ import annotations

import pytest

from tests.support.lobby_weight import BUDGET_BYTES, first_and_second_visit

from .lobby import create_room
from .screens import DESKTOP, PHONE, assert_accessible, assert_no_horizontal_overflow, new_page, screenshot

pytestmark = pytest.mark.browser
# Headless Playwright contexts are incognito-like, where Chrome never offers to install; anything else is ours.
OUT_OF_OUR_HANDS = {"in-incognito"}


def test_the_lobby_weighs_under_150_kb_and_a_second_visit_downloads_no_asset_again(server, browser):
    first, second = first_and_second_visit(browser, server.url)
    assert first.versioned, "the lobby loaded no versioned asset"
    assert first.transferred <= BUDGET_BYTES, f"the lobby moved {first.transferred} bytes (budget {BUDGET_BYTES})"
    # A warm cache: every versioned asset again, none of them over the network.
    assert {e["url"] for e in second.versioned} == {e["url"] for e in first.versioned}
    downloaded = [e for e in second.versioned if e["transferred"] > 0]
    assert not downloaded, downloaded
    assert second.transferred < first.transferred / 10


def test_the_site_is_installable_and_an_unknown_page_says_so_in_both_languages(server, browser):
    page = new_page(browser, PHONE, "fa")
    page.goto(f"{server.url}/", wait_until="networkidle")
    cdp = page.context.new_cdp_session(page)
    assert cdp.send("Page.getAppManifest")["errors"] == []
    errors = {e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]}
    assert errors <= OUT_OF_OUR_HANDS, errors

    response = page.goto(f"{server.url}/t/x/no-such-page")
    assert response.status == 404
    assert page.get_by_text("چنین صفحه‌ای وجود ندارد.").is_visible()
    assert page.get_by_text("There is no such page.").is_visible()
    screenshot(page, "delivery-404-phone-fa")
    assert_no_horizontal_overflow(page)
    assert_accessible(page)
    page.click("#back-fa")
    page.wait_for_selector("#app > *")
    assert page.url == f"{server.url}/"
    page.context.close()

    desktop = new_page(browser, DESKTOP, "en")
    desktop.goto(f"{server.url}/nope")
    screenshot(desktop, "delivery-404-desktop-en")
    persian, english = (desktop.locator(f"section[lang={lang}]").bounding_box() for lang in ("fa", "en"))
    assert persian["y"] == english["y"] and english["x"] < persian["x"], "side by side, Persian on the right"
    desktop.context.close()


def test_pages_carry_a_strict_policy_that_the_client_itself_never_breaks(server, browser):
    """No inline script or style, no other origin: the lobby, a live table, a how-to-play page
    (drawn with the table's own renderer) and the 404 page all work under the policy."""
    page = browser.strict.new_context(viewport=DESKTOP, locale="en-US").new_page()
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', e => "
        "console.error('Content Security Policy: ' + e.violatedDirective + ' ' + e.blockedURI + ' at ' + e.sourceFile + ':' + e.lineNumber + ' ' + e.sample + ' on ' + location.pathname))"
    )
    response = page.goto(f"{server.url}/", wait_until="networkidle")
    headers = response.headers
    assert "script-src 'self'" in headers["content-security-policy"]
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff" and headers["referrer-policy"] == "same-origin"
    assert "camera=()" in headers["permissions-policy"]
    create_room(page, server.url, "Sara", "double-connect")
    page.wait_for_selector(".seat.mine, #join")
    if not page.locator(".seat.mine").count():
        page.click("#join")
    page.click("#add-bot")
    page.locator(".seat.taken").nth(1).wait_for()
    page.click("#start")
    page.locator("main svg").first.wait_for(timeout=15_000)
    for game in ("double-connect", "twin-it", "camel-up-cards", "jekyll-vs-hyde", "queendomino"):
        page.goto(f"{server.url}/how/{game}", wait_until="networkidle")  # drawn by the tables' renderers
        page.locator("main h1, main h2").first.wait_for()
    assert page.goto(f"{server.url}/nope").headers["content-security-policy"] == headers["content-security-policy"]
    page.wait_for_load_state("networkidle")
    assert not violations, violations
    page.context.close()


def test_the_api_docs_come_from_this_origin_and_work_under_the_same_policy(server, browser):
    """Swagger UI on /docs: every request stays on our origin (the page's storage holds the token),
    the page carries the pages' policy, and it still lists the operations and opens one."""
    page = browser.strict.new_context(viewport=DESKTOP, locale="en-US").new_page()
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    origins = []
    page.on("request", lambda request: origins.append(request.url.split("/")[2]))
    response = page.goto(f"{server.url}/docs", wait_until="networkidle")
    assert response.headers["content-security-policy"].startswith("default-src 'self'; script-src 'self';")
    page.locator(".opblock-summary-path", has_text="/api/rooms/{code}/actions").first.click()
    page.locator(".opblock-body").first.wait_for()
    assert page.locator(".opblock").count() >= 10
    assert set(origins) == {f"127.0.0.1:{server.port}"}, set(origins)
    assert not violations, violations
    page.context.close()
