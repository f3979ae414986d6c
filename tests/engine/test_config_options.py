"""The lobby metadata of `config_options()`, checked over every registered game.

Each option descriptor is {"choices": [...]} or {"min": a, "max": b}, and may carry:
- "unit": "ms" | "s" — the key is a duration in that unit (every `*_ms`, `*_s` and `*_seconds` key has one);
- "when": {gate: [values], ...} — the key matters only while every gate key's value is one of its
  values; a gate that is itself out of play counts as its default (Double Connect's start_slots is
  {"team_targets": ["open"]}, and team_targets is out of play in solo, so start_slots matters there).
A form hides a key that is out of play and sends its default. The metadata never changes what
`validate_config` accepts: it is read by forms only.
"""

from __future__ import annotations

import itertools

import pytest

from dorhami.catalogue import GAMES, get_engine
from dorhami.engine import IllegalAction

from .playout import frozen

slugs = sorted(GAMES)
DESCRIPTOR_KEYS = {"choices", "min", "max", "unit", "when"}
UNIT_BY_SUFFIX = {"_ms": "ms", "_s": "s", "_seconds": "s"}
SEED = 4_242


def in_play(options: dict, config: dict, defaults: dict, key: str) -> bool:
    """Whether `key` matters under `config` (the rule the lobby form follows)."""
    for gate, values in options[key].get("when", {}).items():
        value = config[gate] if in_play(options, config, defaults, gate) else defaults[gate]
        if value not in values:
            return False
    return True


def offered_values(option: dict) -> list:
    """The values a form offers for one key: every choice, or both ends of the range."""
    return list(option["choices"]) if "choices" in option else [option["min"], option["max"]]


def gate_assignments(engine) -> list[dict]:
    """Every combination of values of the keys some "when" names (the form's mode switches)."""
    options = engine.config_options()
    gates = sorted({gate for option in options.values() for gate in option.get("when", {})})
    combos = itertools.product(*(options[gate]["choices"] for gate in gates))
    return [dict(zip(gates, combo)) for combo in combos]


def form_config(engine, values: dict) -> dict:
    """What the form sends for `values`: keys out of play replaced by their defaults."""
    options, defaults = engine.config_options(), engine.default_config()
    full = {**defaults, **values}
    return {key: full[key] if in_play(options, full, defaults, key) else defaults[key] for key in options}


def duration_unit(key: str) -> str | None:
    return next((unit for suffix, unit in UNIT_BY_SUFFIX.items() if key.endswith(suffix)), None)


def opening(engine, config: dict) -> dict:
    """The state after setup and the first timer (a countdown's end), without the config itself."""
    state = engine.setup(engine.player_range(config)[0], SEED, config, now_ms=0)
    due = engine.next_deadline(state)
    if due is not None:
        state, _ = engine.advance(state, due)
    return {key: value for key, value in state.items() if key != "config"}


@pytest.mark.parametrize("slug", slugs)
def test_descriptors_hold_only_the_documented_fields(slug):
    for key, option in get_engine(slug).config_options().items():
        assert set(option) <= DESCRIPTOR_KEYS, f"{key}: unknown fields {set(option) - DESCRIPTOR_KEYS}"
        assert ("choices" in option) != ("min" in option and "max" in option), key


@pytest.mark.parametrize("slug", slugs)
def test_every_when_names_a_real_key_and_real_values(slug):
    engine = get_engine(slug)
    options, defaults = engine.config_options(), engine.default_config()
    for key, option in options.items():
        for gate, values in option.get("when", {}).items():
            assert gate != key and gate in options and gate in defaults, f"{key}: unknown gate {gate!r}"
            assert "choices" in options[gate], f"{key}: gate {gate!r} must be a choice key"
            assert values and all(v in options[gate]["choices"] for v in values), f"{key}: {gate} in {values}"
            assert type(values) is list


@pytest.mark.parametrize("slug", slugs)
def test_every_duration_key_has_its_unit(slug):
    for key, option in get_engine(slug).config_options().items():
        assert option.get("unit") == duration_unit(key), f"{key}: unit {option.get('unit')!r}"
        if "unit" in option:
            assert all(isinstance(v, int) and not isinstance(v, bool) for v in offered_values(option)), key


@pytest.mark.parametrize("slug", slugs)
def test_every_config_the_form_can_send_is_valid(slug):
    # A mode switch with the other keys at their defaults, then each offered value where it is in play.
    engine = get_engine(slug)
    options, defaults = engine.config_options(), engine.default_config()
    for gates in gate_assignments(engine):
        engine.validate_config(form_config(engine, gates))
        for key, option in options.items():
            if not in_play(options, {**defaults, **gates}, defaults, key):
                continue
            for value in offered_values(option):
                engine.validate_config(form_config(engine, {**gates, key: value}))


@pytest.mark.parametrize("slug", slugs)
def test_ranges_are_the_values_validate_config_accepts(slug):
    engine = get_engine(slug)
    options, defaults = engine.config_options(), engine.default_config()
    for key, option in options.items():
        if "min" not in option:
            continue
        gates = next(g for g in gate_assignments(engine) if in_play(options, {**defaults, **g}, defaults, key))
        for outside in (option["min"] - 1, option["max"] + 1):
            with pytest.raises(IllegalAction):
                engine.validate_config({**form_config(engine, gates), key: outside})


@pytest.mark.parametrize("slug", slugs)
def test_a_key_out_of_play_changes_nothing_at_the_start(slug):
    # Where "when" says a key does not matter, another value of it gives the same opening state.
    engine = get_engine(slug)
    options, defaults = engine.config_options(), engine.default_config()
    checked = 0
    for gates in gate_assignments(engine):
        base = {**defaults, **gates}
        for key, option in options.items():
            if in_play(options, base, defaults, key):
                continue
            for value in offered_values(option):
                other = {**base, key: value}
                try:
                    engine.validate_config(other)
                except IllegalAction:
                    continue  # e.g. forbidden_pattern outside competitive: refused, not ignored
                if engine.player_range(other) != engine.player_range(base):
                    pytest.fail(f"{key}={value!r} changes the seat range under {gates}")
                assert frozen(opening(engine, other)) == frozen(opening(engine, base)), (key, value, gates)
                checked += 1
    assert checked or not any("when" in option for option in options.values())


def test_the_mode_keys_are_hidden_where_the_rules_ignore_them():
    # The rules files' mode tables, spelled out once so a change to the metadata is a visible decision.
    twin = get_engine("twin-it").config_options()
    assert twin["team_touch_window_ms"]["when"] == {"mode": ["team"]}
    assert twin["coop_duration_ms"]["when"] == {"mode": ["coop"]}
    assert twin["forbidden_pattern"]["when"] == {"mode": ["competitive"]}
    assert "when" not in twin["mistake_lockout_ms"] and "when" not in twin["start_countdown_ms"]
    connect = get_engine("double-connect")
    options, defaults = connect.config_options(), connect.default_config()

    def shown(mode, targets):
        config = {**defaults, "mode": mode, "team_targets": targets}
        return {key for key in options if in_play(options, config, defaults, key)}

    solo = shown("solo", "own_team")  # team_targets is ignored in solo, so start_slots still counts
    assert "start_slots" in solo and not {"team_size", "team_start_slots"} & solo
    assert {"start_slots", "team_size"} <= shown("teams", "open") and "team_start_slots" not in shown("teams", "open")
    assert "team_start_slots" in shown("teams", "own_team") and "start_slots" not in shown("teams", "own_team")
    hyde = get_engine("jekyll-vs-hyde").config_options()
    assert all(
        hyde[key]["when"] == {"timers_enabled": [True]} and hyde[key]["unit"] == "s"
        for key in ("exchange_timeout_s", "play_timeout_s", "greed_timeout_s")
    )
