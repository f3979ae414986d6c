"""The room's chat in the browser (static/js/room/chat.js): a line is shown as text however much markup it
holds, reactions are icons with words, spectators read until the host lets them write, the host mutes
and unmutes, and the panel is usable by keyboard and passes axe on a phone and a desktop."""

from __future__ import annotations

import json

import httpx
import pytest

from .screens import DESKTOP, PHONE, assert_accessible, assert_no_horizontal_overflow, new_page, screenshot
from .test_room import create_from_card

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# innerHTML would run the image's handler (an inserted <script> never runs, an onerror does).
PAYLOAD = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">'


def room_code(page) -> str:
    return page.url.rsplit("/", 1)[1]


def open_chat(page) -> None:
    page.wait_for_selector("#chat-toggle")
    if page.get_attribute("#chat-toggle", "aria-expanded") != "true":
        page.click("#chat-toggle")
    page.wait_for_selector("#chat-body:not([hidden])")


def say(page, text: str) -> None:
    """Type a line by keyboard alone and send it with Enter."""
    page.focus("#chat-input")
    page.keyboard.type(text)
    page.keyboard.press("Enter")


def test_a_line_with_markup_shows_as_text_and_runs_nothing_on_a_phone(server, browser):
    page = new_page(browser, PHONE, "fa")
    create_from_card(page, server.url, "Sara", "jekyll-vs-hyde", action="bots")
    page.wait_for_selector("#table:not([hidden])")
    # On a phone the chat starts closed: the game keeps the screen.
    assert page.get_attribute("#chat-toggle", "aria-expanded") == "false"
    assert page.locator("#chat-body").is_hidden()
    open_chat(page)
    say(page, PAYLOAD)
    line = page.locator("#chat-lines li[data-kind=text] .chat-text").last
    line.wait_for()
    assert line.inner_text() == PAYLOAD and line.is_visible()
    assert page.evaluate("window.__pwned") is None
    assert page.locator("#chat script, #chat img").count() == 0
    assert page.input_value("#chat-input") == ""
    page.fill("#chat-input", "سلام")
    assert page.inner_text("#chat-count") == "۴/۲۸۰"
    page.fill("#chat-input", "")
    # A reaction: an icon with its word for screen readers, in the stream and floating a moment.
    page.click("#reactions [data-reaction=clap]")
    page.wait_for_selector("#chat-lines li[data-kind=reaction]")
    assert page.locator("#chat-lines li[data-kind=reaction] .sr-only").inner_text() == "دست زدن"
    assert page.get_attribute("#reactions [data-reaction=fire]", "aria-label") == "آتش"
    # The REST view is the same text, untouched.
    sara = page.evaluate("JSON.parse(localStorage.getItem('dorhami.identity'))")
    lines = httpx.get(
        f"{server.url}/api/rooms/{room_code(page)}/chat", headers={"Authorization": f"Bearer {sara['token']}"}
    ).json()["messages"]
    assert [(m["kind"], m["body"]) for m in lines] == [("text", PAYLOAD), ("reaction", "clap")]
    assert_no_horizontal_overflow(page)
    # The reaction's float fades in and out over 1.6 s: axe would read its colour mid-fade (a contrast
    # that passes or fails by a few milliseconds of timing), so the scan waits until it is gone.
    page.wait_for_selector(".reaction-float", state="detached")
    assert_accessible(page, "#chat")
    page.locator("#chat").scroll_into_view_if_needed()
    screenshot(page, "chat-playing-phone-fa")
    # A reload (a new socket) gets the recent chat back.
    page.reload()
    open_chat(page)
    page.wait_for_selector("#chat-lines li[data-kind=reaction]")
    assert page.locator("#chat-lines .chat-text").first.inner_text() == PAYLOAD
    assert page.evaluate("window.__pwned") is None


def spectator_page(browser, base_url: str, name: str, size: dict, lang: str):
    """A page of a person with a name (an identity made over REST) who holds no seat."""
    player = httpx.post(f"{base_url}/api/players", json={"name": name}).json()
    page = new_page(browser, size, lang)
    page.context.add_init_script(f"localStorage.setItem('dorhami.identity', {json.dumps(json.dumps(player))})")
    return page, player


def test_a_spectator_reads_until_the_host_lets_them_write_and_the_host_mutes_them(server, browser):
    host = new_page(browser, DESKTOP, "en")
    create_from_card(host, server.url, "Sara", "jekyll-vs-hyde", action="bots")
    host.wait_for_selector("#table:not([hidden])")
    # On a wide screen the chat is open from the start.
    assert host.get_attribute("#chat-toggle", "aria-expanded") == "true"
    say(host, "welcome, watchers")
    watcher, player = spectator_page(browser, server.url, "Reza", DESKTOP, "en")
    watcher.goto(host.url)
    watcher.wait_for_selector("#chat-lines li")
    assert watcher.locator("#chat-lines .chat-text").inner_text() == "welcome, watchers"
    assert "only the players write" in watcher.inner_text("#chat-readonly")
    assert watcher.locator("#chat-input").count() == 0

    host.check("#chat-spectators")
    watcher.wait_for_selector("#chat-input")
    say(watcher, "thanks!")
    host.wait_for_selector(f"#chat-lines li .chat-mute[data-player='{player['id']}']")
    assert host.locator("#chat-lines .chat-text").last.inner_text() == "thanks!"
    assert_accessible(host, "#chat")
    screenshot(host, "chat-playing-desktop-en")

    mute = host.locator(f"#chat-lines .chat-mute[data-player='{player['id']}']").first
    assert mute.get_attribute("aria-label") == "Mute Reza"
    mute.click()
    watcher.wait_for_selector("#chat-readonly")
    assert "muted you" in watcher.inner_text("#chat-readonly")
    host.wait_for_selector("#chat-lines li[data-muted] .chat-muted-mark")
    # The server refuses a muted player's line even from a hand-made frame.
    token = player["token"]
    code = room_code(host)
    refused = watcher.evaluate(
        """([code, token]) => new Promise((resolve) => {
      const ws = new WebSocket(`ws://${location.host}/ws/rooms/${code}`);
      ws.onopen = () => { ws.send(JSON.stringify({type: "hello", token})); ws.send(JSON.stringify({type: "chat", text: "sneaky"})); };
      ws.onmessage = (e) => { const m = JSON.parse(e.data); if (m.type === "error") { ws.close(); resolve(m.code); } };
    })""",
        [code, token],
    )
    assert refused == "chat_muted"
    host.locator(f"#chat-lines .chat-mute[data-player='{player['id']}']").first.click()
    watcher.wait_for_selector("#chat-input")
    say(watcher, "back again")
    host.wait_for_function(
        "[...document.querySelectorAll('#chat-lines .chat-text')].some(e => e.textContent === 'back again')"
    )
    assert "sneaky" not in host.inner_text("#chat-lines")
    host.uncheck("#chat-spectators")
    watcher.wait_for_selector("#chat-readonly")
    assert_no_horizontal_overflow(host)
