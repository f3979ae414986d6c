"""Keeping your identity and rescuing a seat, in the browser: a recovery code made in one browser
restores the player in another; someone watching takes over a seat a bot plays for a gone player,
and the host approves. With the keyboard alone, in Persian on a phone and English on a desktop."""

from __future__ import annotations

import json
import re

import httpx
import pytest

from .screens import DESKTOP, PHONE, assert_accessible, assert_no_horizontal_overflow, new_page, screenshot

pytestmark = pytest.mark.browser
GRACE_S = 10  # the shortest a room allows: the stand-in comes this long after the start


def press(page, selector: str) -> None:
    """Reach an element with the keyboard focus and press Enter on it (no mouse)."""
    page.focus(selector)
    page.keyboard.press("Enter")


def as_player(browser, size, lang, player: dict):
    page = new_page(browser, size, lang)
    page.context.add_init_script(f"localStorage.setItem('dorhami.identity', {json.dumps(json.dumps(player))})")
    return page


def test_a_recovery_code_made_in_one_browser_restores_the_player_in_another(server, browser):
    first = new_page(browser, PHONE, "fa")
    first.goto(server.url)
    first.fill("#name", "Sara")
    first.keyboard.press("Enter")
    first.wait_for_function("JSON.parse(localStorage.getItem('dorhami.identity'))?.token")
    sara = first.evaluate("JSON.parse(localStorage.getItem('dorhami.identity'))")
    press(first, "#settings")
    first.wait_for_selector("#settings-dialog[open] #identity-make:not([hidden])")
    assert "فقط این مرورگر" in first.inner_text("#identity-status")
    press(first, "#identity-make")
    code = first.inner_text("#identity-code")
    assert re.fullmatch(r"[0-9A-Z]{5}(-[0-9A-Z]{5}){4}", code)
    first.wait_for_function("document.activeElement.id === 'identity-copy'", timeout=5000)
    first.wait_for_function("document.getElementById('identity-status').textContent.includes('کد بازیابی از')")
    assert_accessible(first, "#settings-dialog")
    assert_no_horizontal_overflow(first)
    screenshot(first, "identity-code-phone-fa")

    second = new_page(browser, DESKTOP, "en")
    second.goto(server.url)
    press(second, "#settings")
    second.wait_for_selector("#identity-code-input")
    second.fill("#identity-code-input", code[::-1])
    second.keyboard.press("Enter")
    second.wait_for_selector("#identity-restore-answer:has-text('belongs to no player')")
    second.fill("#identity-code-input", code.lower())
    second.keyboard.press("Enter")
    second.wait_for_selector("#identity-restore-answer:has-text('Welcome back, Sara')")
    restored = second.evaluate("JSON.parse(localStorage.getItem('dorhami.identity'))")
    assert restored["id"] == sara["id"] and restored["token"] != sara["token"]
    assert "Sara" in second.inner_text("#who")
    second.wait_for_selector("#identity-status:has-text('A recovery code protects Sara')")
    assert_accessible(second, "#settings-dialog")
    screenshot(second, "identity-restored-desktop-en")

    # The first browser sees the second, and signs it out with the keyboard.
    press(first, "#settings-close")
    press(first, "#settings")
    first.wait_for_selector("#identity-sign-out-others")
    assert "۱ مرورگر دیگر" in first.inner_text("#identity-others")
    assert "بیرون می‌کند" in first.inner_text("#identity-replace-note")
    assert_accessible(first, "#settings-dialog")
    first.locator("#identity-sign-out-others").scroll_into_view_if_needed()
    screenshot(first, "identity-others-phone-fa")
    press(first, "#identity-sign-out-others")
    first.wait_for_selector("#identity-others:has-text('مرورگرهای دیگر بیرون شدند')")
    answer = httpx.get(f"{server.url}/api/players/me", headers={"Authorization": f"Bearer {restored['token']}"})
    assert answer.status_code == 401 and answer.json()["code"] == "invalid_token"


def test_someone_watching_takes_over_a_gone_players_seat_when_the_host_approves(server, browser):
    with httpx.Client(base_url=server.url, timeout=10) as http:
        sara, ali, tara = (http.post("/api/players", json={"name": n}).json() for n in ("Sara", "Ali", "Tara"))
        auth = {p["name"]: {"Authorization": f"Bearer {p['token']}"} for p in (sara, ali, tara)}
        code = http.post(
            "/api/rooms",
            json={"game": "jekyll-vs-hyde", "config": {"timers_enabled": False}, "reconnect_grace_s": GRACE_S},
            headers=auth["Sara"],
        ).json()["code"]
        for name in ("Sara", "Ali"):
            http.post(f"/api/rooms/{code}/join", headers=auth[name])
        http.post(f"/api/rooms/{code}/start", headers=auth["Sara"])
    host = as_player(browser, DESKTOP, "en", sara)
    host.goto(f"{server.url}/t/{code}")
    watcher = as_player(browser, PHONE, "fa", tara)
    watcher.goto(f"{server.url}/t/{code}")
    watcher.wait_for_selector(".watching")
    # Ali never came: after the grace a bot plays for him, and the watcher may take the seat over.
    watcher.wait_for_selector("#rescue-ask-1", timeout=(GRACE_S + 10) * 1000)
    assert "Ali" in watcher.inner_text("#rescues")
    assert_accessible(watcher, "#rescues")
    assert_no_horizontal_overflow(watcher)
    screenshot(watcher, "rescue-ask-phone-fa")
    press(watcher, "#rescue-ask-1")
    watcher.wait_for_selector("#rescue-mine:has-text('میزبان')")
    host.wait_for_selector("#rescue-approve-1")
    assert "Tara asks to play Ali's seat" in host.inner_text("#rescues")
    assert_accessible(host, "#rescues")
    screenshot(host, "rescue-approve-desktop-en")
    press(host, "#rescue-approve-1")
    watcher.wait_for_selector(".watching", state="detached")
    watcher.wait_for_selector("#rescues", state="detached")
    host.wait_for_selector("#rescues", state="detached")
    seat = watcher.evaluate(
        f"fetch('/api/rooms/{code}').then((r) => r.json()).then((room) => room.seats[1].player.name)"
    )
    assert seat == "Tara"
    screenshot(watcher, "rescued-phone-fa")
