"""The lobby's options form (static/js/options-form.js) in a real page: presets first, only the
chosen mode's options, durations typed in seconds (Persian digits too) reaching the room in ms,
every value named in words, and the room's plain-language summary.

The form is mounted in the game's lobby card by importing the module from the page (with the
page's own versioned URL, so it shares the page's language), and rooms are created from its
`config()` through the page's REST client.
"""

from __future__ import annotations

import re

import httpx
import pytest

from .screens import DESKTOP, PHONE, assert_accessible, assert_no_horizontal_overflow, new_page, screenshot

pytestmark = [pytest.mark.browser]

# Mount optionsForm(game) in place of the card's options and keep the form for the test to read.
MOUNT = """async (slug) => {
  const base = document.querySelector('script[type=module]').src.replace(/main\\.js(\\?.*)?$/, '');
  const module = await import(base + 'options-form.js');
  const games = await (await fetch('/api/games')).json();
  const game = games.find((g) => g.slug === slug);
  const form = module.optionsForm(game);
  // The lobby's own cards have forms too: the one under test is marked.
  form.element.dataset.underTest = '1';
  document.querySelector(`article[data-game=${slug}] details.options`).replaceWith(form.element);
  window.formUnderTest = { module, game, form, base };
}"""
CONFIG = "() => window.formUnderTest.form.config()"
SUMMARY = "(config) => window.formUnderTest.module.optionsSummary(window.formUnderTest.game, config)"
OTHER_SUMMARY = """async ([slug, config]) => {
  const game = (await (await fetch('/api/games')).json()).find((g) => g.slug === slug);
  return window.formUnderTest.module.optionsSummary(game, config);
}"""
CREATE = """async (name) => {
  const { api, ensurePlayer } = await import(window.formUnderTest.base + 'api.js');
  await ensurePlayer(name);
  const room = await api('POST', '/api/rooms', { game: window.formUnderTest.game.slug, private: true,
                                                 config: window.formUnderTest.form.config() });
  return room.code;
}"""
# Every field of every game's form, built in this page's language: what a player reads in it.
EVERY_FORM = """async () => {
  const { module } = window.formUnderTest;
  const games = await (await fetch('/api/games')).json();
  return games.map((game) => {
    const el = module.optionsForm(game).element;
    document.body.append(el);
    const fields = [...el.querySelectorAll('[data-key]')].map((control) => ({
      key: control.dataset.key,
      label: el.querySelector(`label[for="${control.id}"]`)?.textContent || '',
      help: (control.getAttribute('aria-describedby') || '').split(' ')
        .map((id) => document.getElementById(id)?.textContent || '').join(' '),
      values: [...control.querySelectorAll('option')].map((o) => o.textContent),
      shown: control.tagName === 'INPUT' ? control.value : '',
    }));
    el.remove();
    return { slug: game.slug, fields };
  });
}"""
RAW_VALUE = re.compile(r"^(true|false|auto|random|null|[a-z_]+|\d+|[۰-۹]+)$")
ASCII_DIGIT = re.compile(r"[0-9]")


def scroll_to(page, selector):
    page.eval_on_selector(selector, "el => el.scrollIntoView({block: 'start'})")


def field(page, key):
    return page.locator(f"details[data-under-test] [data-key={key}]")


def visible_keys(page):
    shown = "els => els.filter((el) => el.offsetParent !== null).map((el) => el.dataset.key)"
    return set(page.eval_on_selector_all("details[data-under-test] [data-key]", shown))


def mount(page, base_url, slug):
    page.goto(base_url)
    page.wait_for_selector(f"article[data-game={slug}] details.options")
    page.evaluate(MOUNT, slug)
    page.click(f"article[data-game={slug}] details.options summary")


def assert_every_form_speaks_words(page, persian: bool):
    for game in page.evaluate(EVERY_FORM):
        for f in game["fields"]:
            where = f"{game['slug']}.{f['key']}"
            assert f["label"] and f["label"] != f["key"] and "(" not in f["label"], f"{where}: label {f['label']!r}"
            assert len(f["help"].strip()) > 10, f"{where}: no explanation"
            for text in f["values"]:
                assert not RAW_VALUE.match(text), f"{where}: a raw value {text!r}"
            if persian:
                assert not ASCII_DIGIT.search(f["shown"] + f["help"] + "".join(f["values"])), f"{where}: ASCII digits"


def test_twin_it_options_on_a_persian_phone(server, browser):
    page = new_page(browser, PHONE, "fa")
    mount(page, server.url, "twin-it")
    form = page.locator("details[data-options-for=twin-it]")

    # Presets come first, and a preset fills the fields (the rest at their defaults).
    first = form.locator(":scope > :not(summary)").first
    assert first.locator("select#preset-twin-it").count() == 1
    page.select_option("#preset-twin-it", "classic")
    assert page.evaluate(CONFIG)["target_sets"] == 5
    assert form.locator("[data-key=target_sets] option:checked").inner_text() == "۵ مجموعه"
    # Durations show in seconds with Persian digits and a unit word beside them.
    assert field(page, "flip_timeout_ms").input_value() == "۱۰"
    assert form.locator("[data-option=flip_timeout_ms] .option-unit").inner_text() == "ثانیه"
    assert field(page, "max_game_ms").input_value() == "۲۰"  # 20 minutes
    scroll_to(page, "details[data-options-for=twin-it]")
    screenshot(page, "options-form-phone-fa-competitive")
    assert_no_horizontal_overflow(page)
    assert_accessible(page, "details[data-options-for=twin-it]")

    # Competitive: the turn and handicap options, no team or coop ones.
    shown = visible_keys(page)
    assert {"target_sets", "flip_timeout_ms", "forbidden_pattern", "mistake_lockout_ms"} <= shown
    assert not {"team_touch_window_ms", "coop_duration_ms"} & shown
    field(page, "flip_timeout_ms").fill("۵")
    assert page.evaluate(CONFIG)["flip_timeout_ms"] == 5000
    assert page.locator("#preset-twin-it option:checked").inner_text() == "دلخواه"  # no longer the preset

    # Coop: its own length shows; the turn timers, target and handicap hide (and send their defaults).
    field(page, "mode").select_option(label="همکاری")
    shown = visible_keys(page)
    assert {"coop_duration_ms", "mistake_lockout_ms", "start_countdown_ms"} <= shown
    assert not {"flip_timeout_ms", "target_sets", "forbidden_pattern", "last_call_ms", "team_touch_window_ms"} & shown
    field(page, "coop_duration_ms").fill("۴۵")
    field(page, "mistake_lockout_ms").fill("۱٫۵")
    field(page, "start_countdown_ms").fill("٢")  # Arabic-Indic digits are read too
    page.keyboard.press("Tab")  # a change shows the value as it will be sent
    assert field(page, "start_countdown_ms").input_value() == "۲"
    scroll_to(page, "details[data-options-for=twin-it] [data-option=mode]")
    screenshot(page, "options-form-phone-fa-coop")
    assert_accessible(page, "details[data-options-for=twin-it]")

    # The created room holds the typed seconds in ms, and the hidden keys at their defaults.
    code = page.evaluate(CREATE, "سارا")
    config = httpx.get(f"{server.url}/api/rooms/{code}").json()["config"]
    assert config["mode"] == "coop"
    typed = (config["coop_duration_ms"], config["mistake_lockout_ms"], config["start_countdown_ms"])
    assert typed == (45000, 1500, 2000)
    assert (config["flip_timeout_ms"], config["target_sets"]) == (10000, "auto")
    summary = page.evaluate(SUMMARY, config)
    assert "حالت: همکاری" in summary and "طول بازی: ۴۵ ثانیه" in summary
    assert not any("زمان رو کردن" in line for line in summary)  # a hidden option is not named

    # Teams: the touch window shows, the coop length hides; an out-of-range number is flagged, then kept in range.
    field(page, "mode").select_option(label="تیمی")
    shown = visible_keys(page)
    assert "team_touch_window_ms" in shown and "coop_duration_ms" not in shown and "forbidden_pattern" not in shown
    field(page, "team_touch_window_ms").fill("۹۹")
    assert field(page, "team_touch_window_ms").get_attribute("aria-invalid") == "true"
    assert page.evaluate(CONFIG)["team_touch_window_ms"] == 10000  # the rules' most

    # Every game's form names its values in words, with Persian digits only.
    assert_every_form_speaks_words(page, persian=True)
    page.context.close()


def test_double_connect_options_on_an_english_desktop(server, browser):
    page = new_page(browser, DESKTOP, "en")
    mount(page, server.url, "double-connect")

    # Solo: no team options; the start card's corners are set directly.
    shown = visible_keys(page)
    assert "start_slots" in shown and not {"team_size", "team_targets", "team_start_slots"} & shown
    assert field(page, "time_limit_ms").input_value() == "5"  # minutes
    field(page, "mode").select_option(label="Teams")
    field(page, "team_targets").select_option(label="Own team's cards only")
    shown = visible_keys(page)
    assert {"team_size", "team_targets", "team_start_slots"} <= shown and "start_slots" not in shown
    field(page, "time_limit_ms").fill("2.5")
    field(page, "final_chance_ms").fill("0")
    config = page.evaluate(CONFIG)
    assert (config["time_limit_ms"], config["final_chance_ms"], config["team_targets"]) == (150000, 0, "own_team")
    scroll_to(page, "details[data-options-for=double-connect]")
    screenshot(page, "options-form-desktop-en-teams")
    assert_accessible(page, "details[data-options-for=double-connect]")

    summary = page.evaluate(SUMMARY, config)
    assert summary[:2] == ["Mode: Teams", "Targets in teams: Own team's cards only"]
    assert "Time limit: 2 minutes 30 seconds" in summary and "Final chance: 0 seconds" in summary
    assert page.evaluate(SUMMARY, {"mode": "solo", "team_targets": "own_team"}) == ["Mode: Free-for-all"]
    assert page.evaluate(OTHER_SUMMARY, ["queendomino", {"turn_seconds": 30}]) == ["Turn clock: 30 seconds"]
    no_timers = {"timers_enabled": False, "play_timeout_s": 90}  # a timeout that no longer matters is not named
    assert page.evaluate(OTHER_SUMMARY, ["jekyll-vs-hyde", no_timers]) == ["Turn timers: Off"]

    assert_every_form_speaks_words(page, persian=False)
    page.context.close()
