"""One-tap sharing: the phone's share sheet with the link and the game's name in the player's language,
the clipboard where there is no sheet, and a QR code in the waiting room that a camera reads as the link."""

from __future__ import annotations

import io

import httpx
import pytest
import zxingcpp
from PIL import Image

from .lobby import create_room
from .screens import DESKTOP, PHONE, assert_accessible, new_page, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# navigator.share is the page's own on a phone; here a stand-in records what the sheet would receive.
RECORD_SHARES = """
  window.__shared = [];
  Object.defineProperty(navigator, 'share', { configurable: true, value: async (data) => { window.__shared.push(data); } });
"""
NO_SHARE_SHEET = "delete Navigator.prototype.share; Object.defineProperty(navigator, 'share', { value: undefined });"


def scanned(page, selector: str) -> str:
    """What a camera reads from the element as the browser draws it."""
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(page.locator(selector).screenshot())))
    assert len(found) == 1, f"{len(found)} codes read"
    return found[0].text


def test_the_share_sheet_gets_the_link_in_persian_and_the_qr_scans_to_it(server, browser):
    page = new_page(browser, PHONE, "fa")
    page.context.add_init_script(RECORD_SHARES)
    link = create_room(page, server.url, "Sara", "twin-it")
    page.click("#share-link")
    page.wait_for_function("window.__shared.length === 1")
    shared = page.evaluate("window.__shared[0]")
    assert shared["url"] == link
    assert shared["title"] == "توین ایت"
    assert "توین ایت" in shared["text"] and "دورهمی" in shared["text"]
    # The picture is fetched only once asked for.
    assert page.locator("#qr img").count() == 0
    page.click("#qr summary")
    page.wait_for_function(
        "document.querySelector('#qr img')?.complete && document.querySelector('#qr img').naturalWidth > 0"
    )
    assert page.locator("#qr img").get_attribute("alt")
    assert scanned(page, "#qr img") == link
    assert_accessible(page, "#qr")
    screenshot(page, "room-share-qr-phone-fa")


def test_without_a_share_sheet_the_link_is_copied_in_english(server, browser):
    page = new_page(browser, DESKTOP, "en")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    page.context.add_init_script(NO_SHARE_SHEET)
    link = create_room(page, server.url, "Sam", "jekyll-vs-hyde")
    assert page.locator("#share-link").count() == 0
    page.click("#copy-link")
    page.wait_for_selector("#toast:not([hidden])")
    assert page.evaluate("navigator.clipboard.readText()") == link
    page.click("#qr summary")
    page.wait_for_function("document.querySelector('#qr img')?.naturalWidth > 0")
    assert scanned(page, "#qr img") == link
    screenshot(page, "room-share-qr-desktop-en")


def test_a_qr_code_is_drawn_only_for_a_room_that_exists(server):
    response = httpx.get(f"{server.url}/api/rooms/no-such-room/qr.svg")
    assert response.status_code == 404
    assert response.json()["code"] == "room_not_found"
