"""Settings → Notifications against the real server: turning this device on subscribes (the browser's push
service replaced by a subscription made here, with a fresh P-256 key pair) and lists it, each change is
saved with PATCH, turning it off forgets the device; what the browser cannot do is said in words; the
install offer appears only after the browser offered it."""

from __future__ import annotations

import base64
import json
import os
import time

import httpx
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from .screens import DESKTOP, PHONE, assert_accessible, assert_no_horizontal_overflow, new_page, screenshot

pytestmark = pytest.mark.browser

ENDPOINT = "https://fcm.googleapis.com/fcm/send/dorhami-test-"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def browser_subscription() -> dict:
    """What a browser's `PushSubscription.toJSON()` gives: an https endpoint and the browser's own keys."""
    key = ec.generate_private_key(ec.SECP256R1())
    point = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return {
        "endpoint": ENDPOINT + b64url(os.urandom(12)),
        "expirationTime": None,
        "keys": {"p256dh": b64url(point), "auth": b64url(os.urandom(16))},
    }


# The page's push service, replaced: subscribe() hands out the subscription above and remembers the key asked with.
FAKE_PUSH = """(() => {
  let json = %s;
  let current = null;
  const make = () => ({endpoint: json.endpoint, expirationTime: null, toJSON: () => json,
                       unsubscribe: async () => { current = null; window.unsubscribed = true; return true; }});
  PushManager.prototype.subscribe = async function (options) {
    window.subscribedWith = Array.from(new Uint8Array(options.applicationServerKey));
    current = make();
    return current;
  };
  // The push service handing this browser a new subscription (as before a pushsubscriptionchange).
  window.replaceSubscription = (replacement) => { json = replacement; current = make(); };
  PushManager.prototype.getSubscription = async function () { return current; };
})();"""

# The event as the browser fires it after replacing a subscription (its new one given, so the worker posts only).
SUBSCRIPTION_CHANGE = """async () => {
  const event = new ExtendableEvent('pushsubscriptionchange');
  Object.defineProperty(event, 'newSubscription', {value: {}});
  let done = Promise.resolve();
  event.waitUntil = (promise) => { done = promise; };
  self.dispatchEvent(event);
  await done;
}"""


def signed_in_page(browser, url: str, size: dict, lang: str, subscription: dict, **options):
    player = httpx.post(f"{url}/api/players", json={"name": "Sara"}).json()
    context_page = new_page(browser, size, lang) if not options else None
    page = context_page or browser.new_context(viewport=size, **options).new_page()
    page.context.add_init_script(f"localStorage.setItem('dorhami.lang', '{lang}')")
    page.context.add_init_script(f"localStorage.setItem('dorhami.identity', {json.dumps(json.dumps(player))})")
    page.context.add_init_script(FAKE_PUSH % json.dumps(subscription))
    page.goto(f"{url}/", wait_until="networkidle")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=15_000)
    page.click("#settings")
    page.wait_for_selector("#notify-device")
    page.wait_for_function("document.getElementById('notice-turn')?.disabled === false")
    return page, {"Authorization": f"Bearer {player['token']}"}


def server_settings(url: str, auth: dict) -> dict:
    return httpx.get(f"{url}/api/players/me/settings", headers=auth).json()


def saved_when(url: str, auth: dict, holds) -> dict:
    """The server's settings once `holds` of them (each change is PATCHed as the control changes)."""
    deadline = time.monotonic() + 10
    while not holds(saved := server_settings(url, auth)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return saved


def server_devices(url: str, auth: dict) -> list[dict]:
    return httpx.get(f"{url}/api/players/me/push-subscriptions", headers=auth).json()["devices"]


def test_turning_notifications_on_subscribes_lists_the_device_and_each_change_is_saved_fa_phone(server, browser):
    subscription = browser_subscription()
    page, auth = signed_in_page(browser, server.url, PHONE, "fa", subscription)
    page.context.grant_permissions(["notifications"], origin=server.url)
    assert server_devices(server.url, auth) == []

    page.get_by_label("روی این دستگاه خبرم کن").check()
    page.locator("#notify-devices li[data-device]").wait_for()
    [device] = server_devices(server.url, auth)
    assert device["service"] == "fcm.googleapis.com"
    assert page.evaluate("JSON.parse(localStorage.getItem('dorhami.push'))") == {
        "id": device["id"],
        "endpoint": subscription["endpoint"],
    }
    key = base64.urlsafe_b64decode(httpx.get(f"{server.url}/api/push/key").json()["public_key"] + "==")
    assert bytes(page.evaluate("window.subscribedWith")) == key, "subscribed with the server's key"
    assert "همین دستگاه" in page.locator(f"li[data-device='{device['id']}']").inner_text()
    assert page.locator("#notify-device-help").inner_text() == "این دستگاه اعلان‌های شما را می‌گیرد."
    assert server_settings(server.url, auth)["lang"] == "fa"

    page.get_by_label("کسی بازی دوباره می‌خواهد").uncheck()
    page.get_by_text("ذخیره شد.").wait_for()
    assert server_settings(server.url, auth)["notices"] == {
        "turn": True,
        "reminder": True,
        "invitation": True,
        "rematch": False,
        "rescue": True,
    }
    page.get_by_label("ساعت‌های سکوت").check()
    page.wait_for_function("!document.getElementById('notify-quiet-from').disabled")
    page.locator("#notify-quiet-to").fill("07:30")
    page.locator("#notify-quiet-to").dispatch_event("change")
    saved = saved_when(server.url, auth, lambda s: (s["quiet_hours"] or {}).get("end") == "07:30")
    assert saved["quiet_hours"] == {"start": "22:00", "end": "07:30"}
    page.get_by_label("تقویم").select_option("gregorian")
    page.get_by_label("منطقهٔ زمانی").select_option("Europe/Berlin")
    saved = saved_when(server.url, auth, lambda s: s["time_zone"] == "Europe/Berlin")
    assert (saved["calendar"], saved["time_zone"]) == ("gregorian", "Europe/Berlin")

    page.locator("#notify").evaluate("(el) => el.scrollIntoView()")
    screenshot(page, "settings-notify-phone-fa")
    page.locator("#notify-calendar").evaluate("(el) => el.scrollIntoView()")
    screenshot(page, "settings-notify-phone-fa-end")
    assert_no_horizontal_overflow(page)
    assert_accessible(page, "#settings-dialog")

    # The header's language switch is what the notices speak.
    page.keyboard.press("Escape")
    page.click("#lang")
    assert saved_when(server.url, auth, lambda s: s["lang"] == "en")["lang"] == "en"

    page.click("#settings")
    page.wait_for_function("document.getElementById('notice-turn')?.disabled === false")
    page.get_by_label("Notify me on this device").uncheck()
    page.get_by_text("No device gets your notices yet.").wait_for()
    assert server_devices(server.url, auth) == []
    assert page.evaluate("[localStorage.getItem('dorhami.push'), window.unsubscribed]") == [None, True]
    page.context.close()


def test_an_english_desktop_player_gets_their_own_zone_and_calendar(server, browser):
    subscription = browser_subscription()
    page, auth = signed_in_page(
        browser, server.url, DESKTOP, "en", subscription, locale="en-US", timezone_id="America/New_York"
    )
    page.context.grant_permissions(["notifications"], origin=server.url)
    page.keyboard.press("Tab")  # the keyboard alone: focus is in the dialog, the switch takes a Space
    page.focus("#notify-device")
    page.keyboard.press("Space")
    page.locator("#notify-devices li[data-device]").wait_for()
    saved = server_settings(server.url, auth)
    assert (saved["lang"], saved["time_zone"], saved["calendar"]) == ("en", "America/New_York", "gregorian")
    assert page.locator("#notify-zone").input_value() == "America/New_York"
    # The push service replaced the subscription: the worker's pushsubscriptionchange tells the page (which
    # holds the token), and the page posts the new one and forgets the old.
    [old] = server_devices(server.url, auth)
    replacement = browser_subscription()
    page.evaluate("(json) => window.replaceSubscription(json)", replacement)
    page.context.service_workers[0].evaluate(SUBSCRIPTION_CHANGE)
    page.wait_for_function(
        "(endpoint) => JSON.parse(localStorage.getItem('dorhami.push')).endpoint === endpoint",
        arg=replacement["endpoint"],
    )
    [new] = server_devices(server.url, auth)
    assert new["id"] != old["id"] and new["id"] == page.evaluate("JSON.parse(localStorage.getItem('dorhami.push')).id")
    page.get_by_label("A friend invites me to a table").uncheck()
    page.get_by_text("Saved.").wait_for()
    assert server_settings(server.url, auth)["notices"]["invitation"] is False
    page.locator("#notify").evaluate("(el) => el.scrollIntoView()")
    screenshot(page, "settings-notify-desktop-en")
    page.locator("#notify-calendar").evaluate("(el) => el.scrollIntoView()")
    screenshot(page, "settings-notify-desktop-en-end")
    assert_accessible(page, "#settings-dialog")
    page.context.close()


def test_a_blocked_or_unable_browser_is_told_why_in_words(server, browser):
    page, auth = signed_in_page(browser, server.url, DESKTOP, "en", browser_subscription())
    # No permission granted: headless Chromium answers the question with a refusal.
    page.get_by_label("Notify me on this device").check()
    page.locator("#notify-status[data-kind=error]").wait_for()
    assert "Notifications" in page.locator("#notify-status").inner_text()
    assert not page.get_by_label("Notify me on this device").is_checked()
    assert server_devices(server.url, auth) == []
    page.context.close()

    iphone = (
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
        "Version/17.5 Mobile/15E148 Safari/604.1"
    )
    player = httpx.post(f"{server.url}/api/players", json={"name": "Ava"}).json()
    context = browser.new_context(viewport=PHONE, user_agent=iphone, locale="en-US")
    context.add_init_script("localStorage.setItem('dorhami.lang', 'en'); delete window.PushManager;")
    context.add_init_script(f"localStorage.setItem('dorhami.identity', {json.dumps(json.dumps(player))})")
    page = context.new_page()
    page.goto(f"{server.url}/", wait_until="networkidle")
    page.click("#settings")
    help_text = page.locator("#notify-device-help")
    help_text.wait_for()
    assert "Add to Home Screen" in help_text.inner_text()
    context.close()


def test_the_install_offer_shows_only_after_the_browser_offers_it(server, browser):
    page = new_page(browser, DESKTOP, "en")
    page.goto(f"{server.url}/", wait_until="networkidle")
    page.click("#settings")
    page.wait_for_selector("#app-install", state="attached")
    assert not page.locator("#install-app").is_visible()
    assert page.locator("#notify-signed-out").is_visible(), "a visitor without a name is told how to get notices"
    page.evaluate("""() => {
      const offer = new Event('beforeinstallprompt', {cancelable: true});
      offer.prompt = async () => { window.prompted = true; };
      offer.userChoice = Promise.resolve({outcome: 'accepted'});
      window.dispatchEvent(offer);
    }""")
    page.get_by_role("button", name="Install Dorhami").click()
    page.wait_for_function("window.prompted === true")
    page.wait_for_selector("#install-app", state="hidden")
    page.context.close()
