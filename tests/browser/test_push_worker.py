"""A push reaches the service worker through Chromium's DevTools protocol (as the push service would
deliver it) and becomes the payload's notification; its click brings the room's page forward."""

from __future__ import annotations

import json
import time

import pytest

from .screens import DESKTOP, PHONE, new_page

pytestmark = pytest.mark.browser

NOTIFICATIONS = """async (tag) => (await (await navigator.serviceWorker.ready).getNotifications(tag ? {tag} : {}))
  .map((n) => ({title: n.title, body: n.body, tag: n.tag, lang: n.lang, dir: n.dir, icon: n.icon, data: n.data,
                renotify: n.renotify}))"""
# A click as the browser dispatches it, from inside the worker (Playwright's service worker evaluate):
# headless Chromium draws no notification to click, and sw.js carries no code for tests.
CLICK = """async (tag) => {
  const [notification] = await self.registration.getNotifications({tag});
  const event = new NotificationEvent('notificationclick', {notification});
  let done = Promise.resolve();
  event.waitUntil = (promise) => { done = promise; };  // the handler's work, awaited here
  self.dispatchEvent(event);
  await done;
  return (await self.registration.getNotifications({tag})).length;
}"""


def payload(**changes) -> dict:
    notice = {
        "kind": "turn",
        "title": "نوبت شماست · جکیل و هاید",
        "body": "سارا کارتش را بازی کرد.",
        "url": "/t/AbCd12",
        "tag": "room:AbCd12",
        "lang": "fa",
        "dir": "rtl",
        "ts": int(time.time() * 1000),
    }
    return {**notice, **changes}


class PushLine:
    """The DevTools protocol's ServiceWorker domain for one page: deliver a push to Dorhami's worker."""

    def __init__(self, page, origin: str) -> None:
        self.origin = origin
        self.cdp = page.context.new_cdp_session(page)
        self.registrations: list[dict] = []
        self.cdp.on("ServiceWorker.workerRegistrationUpdated", lambda e: self.registrations.extend(e["registrations"]))
        self.cdp.send("ServiceWorker.enable")
        deadline = time.monotonic() + 10
        while not self.live() and time.monotonic() < deadline:
            page.wait_for_timeout(50)
        assert self.live(), self.registrations

    def live(self) -> list[dict]:
        return [r for r in self.registrations if not r["isDeleted"] and r["scopeURL"] == f"{self.origin}/"]

    def deliver(self, notice: dict) -> None:
        self.cdp.send(
            "ServiceWorker.deliverPushMessage",
            {"origin": self.origin, "registrationId": self.live()[0]["registrationId"], "data": json.dumps(notice)},
        )


def ready_page(browser, url: str, size: dict, lang: str):
    page = new_page(browser, size, lang)
    page.context.grant_permissions(["notifications"], origin=url)
    page.goto(f"{url}/", wait_until="networkidle")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=15_000)
    return page


def shown(page, tag: str | None, until=lambda notices: len(notices) >= 1) -> list[dict]:
    """The notifications of `tag` once `until` holds of them (polled: they appear after the push event)."""
    deadline = time.monotonic() + 10
    while not until(notices := page.evaluate(NOTIFICATIONS, tag)) and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    return notices


def test_a_push_shows_the_payloads_notification_and_a_newer_turn_replaces_it(server, browser):
    page = ready_page(browser, server.url, PHONE, "fa")
    line = PushLine(page, server.url)
    first = payload()
    line.deliver(first)
    [notice] = shown(page, first["tag"])
    assert (notice["title"], notice["body"], notice["tag"]) == (first["title"], first["body"], first["tag"])
    assert (notice["lang"], notice["dir"]) == ("fa", "rtl")
    assert notice["data"] == {"url": "/t/AbCd12", "kind": "turn", "ts": first["ts"]}
    assert "/static/v/" in notice["icon"] and notice["icon"].endswith("/icons/icon-192.png")
    assert notice["renotify"] is False

    # A newer turn in the same room replaces it and rings again; an older one arriving late changes nothing.
    newer = payload(body="نوبت دوباره به شما رسید.", ts=first["ts"] + 60_000)
    line.deliver(newer)
    [replaced] = shown(page, first["tag"], lambda notices: [n["body"] for n in notices] == [newer["body"]])
    assert replaced["renotify"] is True
    line.deliver(payload(body="old", ts=first["ts"] - 1))
    page.wait_for_timeout(500)
    assert [n["body"] for n in page.evaluate(NOTIFICATIONS, first["tag"])] == [newer["body"]]

    # Another room's notice stands beside it, in English.
    other = payload(
        kind="invitation",
        title="Sara invites you",
        body="Queendomino",
        url="/t/ZZ99",
        tag="room:ZZ99",
        lang="en",
        dir="ltr",
    )
    line.deliver(other)
    [english] = shown(page, "room:ZZ99")
    assert (english["title"], english["lang"], english["dir"]) == ("Sara invites you", "en", "ltr")
    assert len(page.evaluate(NOTIFICATIONS, None)) == 2
    page.context.close()


def test_a_click_takes_an_open_dorhami_window_to_the_room_and_never_elsewhere(server, browser):
    page = ready_page(browser, server.url, DESKTOP, "en")
    line = PushLine(page, server.url)
    worker = page.context.service_workers[0]
    notice = payload(title="Your turn · Jekyll vs Hyde", body="Sara played.", lang="en", dir="ltr", url="/t/AbCd12")
    line.deliver(notice)
    shown(page, notice["tag"])
    assert worker.evaluate(CLICK, notice["tag"]) == 0, "the clicked notification closes"
    page.wait_for_url(f"{server.url}/t/AbCd12")
    page.wait_for_selector("header.top #settings")

    # The room's page already open: it stays (and is focused), no second window.
    line.deliver(notice)
    shown(page, notice["tag"])
    worker.evaluate(CLICK, notice["tag"])
    assert [p.url for p in page.context.pages] == [f"{server.url}/t/AbCd12"]

    # A url of another site in a payload is never followed: the lobby instead.
    line.deliver(payload(url="https://example.com/phish", tag="room:x"))
    shown(page, "room:x")
    worker.evaluate(CLICK, "room:x")
    page.wait_for_url(f"{server.url}/")
    page.context.close()
