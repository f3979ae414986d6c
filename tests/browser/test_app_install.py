"""The installable app: the service worker controls the page, keeps this version's static files and an
offline page in the saved language (Persian on a phone, English on a desktop), and caches nothing else."""

from __future__ import annotations

import re

import httpx
import pytest

from .screens import DESKTOP, PHONE, assert_accessible, assert_no_horizontal_overflow, new_page, screenshot

pytestmark = pytest.mark.browser

OFFLINE_WORDS = {
    "fa": ("به اینترنت وصل نیستید.", "دوباره امتحان کنید", "You are offline."),
    "en": ("You are offline.", "Try again", "به اینترنت وصل نیستید."),
}
CACHED_URLS = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
  }
  return urls;
}"""


def controlled_lobby(browser, url: str, size: dict, lang: str):
    page = new_page(browser, size, lang)
    page.goto(f"{url}/", wait_until="networkidle")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=15_000)
    return page


def test_the_worker_is_served_at_the_root_with_this_version_and_never_cached_unasked(server):
    response = httpx.get(f"{server.url}/sw.js")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/javascript")
    assert response.headers["cache-control"] == "no-cache"
    version = re.search(r'href="/static/v/([0-9a-f]+)/css/app.css"', httpx.get(f"{server.url}/").text).group(1)
    assert f'const VERSION = "{version}";' in response.text
    again = httpx.get(f"{server.url}/sw.js", headers={"If-None-Match": response.headers["etag"]})
    assert again.status_code == 304
    offline = httpx.get(f"{server.url}/offline")
    assert offline.status_code == 200 and f"/static/v/{version}/js/offline.js" in offline.text
    assert "script-src 'self'" in offline.headers["content-security-policy"]


@pytest.mark.parametrize(("size", "lang"), [(PHONE, "fa"), (DESKTOP, "en")], ids=["phone-fa", "desktop-en"])
def test_offline_a_navigation_shows_the_offline_page_and_versioned_files_come_from_the_cache(
    server, browser, size, lang
):
    page = controlled_lobby(browser, server.url, size, lang)
    stylesheet = page.evaluate("document.querySelector('link[rel=stylesheet]').href")
    never_loaded = stylesheet.replace("css/app.css", "js/replay.js")  # this version's, never asked for yet

    page.context.set_offline(True)
    page.goto(f"{server.url}/t/abcdef")
    heading, retry, other = OFFLINE_WORDS[lang]
    page.get_by_role("heading", name=heading).wait_for()
    assert page.get_by_role("button", name=retry).is_visible()
    assert not page.get_by_text(other).is_visible(), "one language at a time"
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == [
        lang,
        "rtl" if lang == "fa" else "ltr",
    ]
    # Its own style and font, from the cache: the Persian text is drawn in Vazirmatn.
    assert page.evaluate("document.fonts.check('16px Vazirmatn')")
    assert "Vazirmatn" in page.evaluate("getComputedStyle(document.body).fontFamily")
    screenshot(page, f"offline-{'phone-fa' if lang == 'fa' else 'desktop-en'}")
    assert_no_horizontal_overflow(page)
    assert_accessible(page)

    fetched = "(url) => fetch(url).then((r) => r.status, () => 'network error')"
    assert page.evaluate(fetched, stylesheet) == 200, "a versioned file from the cache"
    assert page.evaluate(fetched, never_loaded) == "network error", "the network really is off"

    # "Try again" while still offline: the offline page again; back online: the room's page.
    page.evaluate("window.beforeRetry = true")
    page.get_by_role("button", name=retry).click()
    page.wait_for_function("window.beforeRetry === undefined")
    page.get_by_role("heading", name=heading).wait_for()
    page.context.set_offline(False)
    page.get_by_role("button", name=retry).click()
    page.wait_for_url(f"{server.url}/t/abcdef")
    page.wait_for_selector("header.top #settings")
    assert page.get_by_role("heading", name=heading).count() == 0
    page.context.close()


def test_the_worker_caches_only_the_offline_page_and_this_versions_files(server, browser):
    page = controlled_lobby(browser, server.url, DESKTOP, "en")
    page.reload(wait_until="networkidle")  # now through the worker: the lobby's files and API calls
    version = page.evaluate("document.querySelector('link[rel=stylesheet]').href").split("/static/v/")[1].split("/")[0]
    urls = page.evaluate(CACHED_URLS)
    assert "/offline" in urls and f"/static/v/{version}/js/main.js" in urls
    others = [u for u in urls if u != "/offline" and not u.startswith(f"/static/v/{version}/")]
    assert not others, f"cached beyond the versioned files: {others}"
    page.context.close()
