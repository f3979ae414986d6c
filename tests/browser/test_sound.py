"""The table's sounds, checked without listening: a spy on AudioContext counts the contexts made,
the sources started and the levels set. Silent until the player's first tap, then a cue for a
flip; nothing at volume 0 or muted; the volume and the mute kept across a reload; the settings'
controls labelled in Persian on a phone and in English on a desktop."""

from __future__ import annotations

import json
import time

import pytest

from .lobby import create_room, sit_with_bots
from .screens import DESKTOP, PHONE, assert_accessible, new_page, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# Records what the page asks of Web Audio: contexts, started sources (noise ones apart: only the
# card cues rustle) and every level a gain node is set to.
SPY = """(() => {
  const log = { contexts: 0, starts: 0, noise: 0, levels: [] };
  window.__audio = log;
  const Real = window.AudioContext;
  if (!Real) return;
  window.AudioContext = class extends Real { constructor(...args) { super(...args); log.contexts += 1; } };
  const gains = new WeakSet();
  const createGain = BaseAudioContext.prototype.createGain;
  BaseAudioContext.prototype.createGain = function (...args) { const node = createGain.apply(this, args); gains.add(node.gain); return node; };
  const setValueAtTime = AudioParam.prototype.setValueAtTime;
  AudioParam.prototype.setValueAtTime = function (value, at) { if (gains.has(this)) log.levels.push(value); return setValueAtTime.call(this, value, at); };
  for (const Node of [OscillatorNode, AudioBufferSourceNode]) {
    const start = Node.prototype.start;
    Node.prototype.start = function (...args) { log.starts += 1; if (Node === AudioBufferSourceNode) log.noise += 1; return start.apply(this, args); };
  }
})()"""
# Settings as stored before the volume existed: they must still load (and say 70%).
OLD_SETTINGS = "localStorage.getItem('dorhami.settings') || localStorage.setItem('dorhami.settings', '{\"sound\":true,\"vibrate\":false}')"
OPTIONS = {"flip_timeout_ms": 3000, "start_countdown_ms": 1000}


def audio(page) -> dict:
    return page.evaluate("window.__audio")


def watch_flips(page) -> list:
    """A list that grows by one for each state (or patch) carrying a flip, as the socket receives it."""
    flips: list = []

    def frame(payload) -> None:
        message = json.loads(payload) if isinstance(payload, str) else {}
        if message.get("type") in ("state", "patch") and any(
            e.get("type") == "flipped" for e in message.get("events") or []
        ):
            flips.append(message["version"])

    page.on("websocket", lambda ws: ws.on("framereceived", frame))
    return flips


def next_flip(page, flips: list, timeout_s: float = 8) -> None:
    """Wait for one more flip to reach the page, and a moment for its cue."""
    seen, deadline = len(flips), time.monotonic() + timeout_s
    while len(flips) == seen:
        assert time.monotonic() < deadline, "no flip arrived"
        page.wait_for_timeout(50)
    page.wait_for_timeout(250)


def open_settings(page):
    page.click("#settings")
    page.wait_for_selector("#settings-dialog[open] #setting-volume")
    return page.locator("#setting-volume")


def close_settings(page) -> None:
    page.keyboard.press("Escape")
    page.wait_for_selector("#settings-dialog", state="detached")


def test_cues_start_only_after_a_tap_and_follow_the_volume_and_the_mute(server, browser):
    page = new_page(browser, DESKTOP, "en")
    page.add_init_script(SPY)
    flips = watch_flips(page)
    create_room(page, server.url, "Ada", "twin-it", OPTIONS)
    sit_with_bots(page, 2)
    page.wait_for_selector(".twin-it[data-phase=PLAYING]")
    assert audio(page)["contexts"] == 1, "the taps in the lobby count: the room may sound at once"

    # A fresh page (no tap yet): flips arrive, and no context is even made.
    page.reload()
    page.wait_for_selector(".twin-it[data-phase=PLAYING]")
    next_flip(page, flips)
    assert audio(page) == {"contexts": 0, "starts": 0, "noise": 0, "levels": []}

    # One tap on something inert, and the next flip rustles, at the default level 0.7² (no clipping).
    page.click("#room-status")
    next_flip(page, flips)
    page.wait_for_function("window.__audio.noise > 0", timeout=2000)
    heard = audio(page)
    assert heard["contexts"] == 1
    assert max(heard["levels"]) == pytest.approx(0.49)

    # Volume 0 by the keyboard: the words say so, and flips start nothing.
    slider = open_settings(page)
    slider.focus()
    page.keyboard.press("Home")
    assert page.locator("#setting-volume-words").inner_text() == "Silent (0%)"
    assert slider.get_attribute("aria-valuetext") == "Silent (0%)"
    close_settings(page)
    before = audio(page)["starts"]
    next_flip(page, flips)
    assert audio(page)["starts"] == before

    # Full volume plays a sample at level 1; muted, flips start nothing again.
    slider = open_settings(page)
    slider.focus()
    page.keyboard.press("End")
    page.wait_for_function("window.__audio.levels.includes(1)", timeout=2000)
    page.uncheck("#setting-sound")
    close_settings(page)
    before = audio(page)["starts"]
    next_flip(page, flips)
    assert audio(page)["starts"] == before

    # Both kept across a reload, and the dialog's controls are labelled.
    page.reload()
    slider = open_settings(page)
    assert slider.input_value() == "100"
    assert page.locator("#setting-volume-words").inner_text() == "Loud (100%)"
    assert not page.locator("#setting-sound").is_checked()
    assert page.locator("label[for=setting-volume]").inner_text() == "Volume"
    assert_accessible(page, "#settings-dialog")
    screenshot(page, "sound-settings-en-desktop")
    page.context.close()


def test_the_lobby_keeps_old_settings_and_loads_no_synth_on_a_persian_phone(server, browser):
    page = new_page(browser, PHONE, "fa")
    page.add_init_script(SPY)
    page.add_init_script(OLD_SETTINGS)
    page.goto(server.url)
    page.wait_for_selector("article[data-game]")
    slider = open_settings(page)
    assert slider.input_value() == "70"
    assert page.locator("#setting-volume-words").inner_text() == "متوسط (۷۰٪)"
    assert page.locator("label[for=setting-volume]").inner_text() == "بلندی صدا"
    assert page.locator("#setting-sound").is_checked()
    assert_accessible(page, "#settings-dialog")
    screenshot(page, "sound-settings-fa-phone")
    # The lobby fetched neither the synth nor the cues, and a tap there made no sound.
    loaded = page.evaluate("performance.getEntriesByType('resource').map((e) => e.name)")
    assert not [url for url in loaded if url.endswith(("/room/sound.js", "/room/cues.js", "/room/alerts.js"))], loaded
    assert audio(page)["contexts"] == 0
    check_cue_table(page)
    page.context.close()


def check_cue_table(page) -> None:
    """cues.js on its own: yours and others' moves, and no sound for a state not newer than the shown one."""
    heard = page.evaluate("""async () => {
      const { stateCues } = await import('/static/js/room/cues.js');
      const shown = { game_id: 1, version: 5, result: null };
      const state = (events, more = {}) => ({ type: 'state', game_id: 1, version: 6, seat: 0, events, result: null, ...more });
      const cues = (slug, message) => stateCues(message, shown, slug).filter(Boolean);
      const flip = { type: 'flipped', seat: 1 };
      return [
        cues('twin-it', state([{ type: 'set_won', by_seats: [0] }, flip])),
        cues('twin-it', state([{ type: 'set_won', by_seats: [1] }, { type: 'mistake', seats: [1] }])),
        cues('twin-it', state([flip], { version: 5 })),
        cues('twin-it', state([flip], { game_id: 2 })),
        stateCues(state([flip]), null, 'twin-it'),
        cues('twin-it', state([], { result: { winners: [1] } })),
        cues('double-connect', state([{ type: 'claim_wrong', seat: 0 }, { type: 'race_judged', winner: 1, contenders: [{ seat: 1 }, { seat: 0 }] }])),
        cues('jekyll-vs-hyde', state([{ type: 'card_played', seat: 1 }, { type: 'trick_won', seat: 0 }])),
        cues('camel-up-cards', state([{ type: 'card_committed', seat: 1, auto: true }, { type: 'trick_revealed', plays: [] }])),
      ];
    }""")
    assert heard == [
        ["won", "flip"],
        ["won_other"],
        [],
        [],
        [],
        ["end"],
        ["mistake", "late"],
        ["place", "won"],
        ["flip"],
    ]
