"""Every game's action schema: what the rules list passes unchanged, anything else is refused."""

from __future__ import annotations

import functools

import pytest

from dorhami.catalogue import GAMES, get_engine
from dorhami.engine import IllegalAction
from dorhami.engine.actions import without_step

from .playout import play

# The modes whose actions differ (Twin It's team touch, coop turn_over).
CONFIGS = {"twin-it": [{"mode": "competitive"}, {"mode": "team"}, {"mode": "coop"}]}


def configs(slug):
    return CONFIGS.get(slug, [{}])


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_listed_action_is_its_own_normal_form(slug):
    engine = get_engine(slug)
    seen = set()

    def check(run, state, seat, action, now):
        if len(run.states) % 7:
            return
        for someone in range(run.players):
            for listed in engine.legal_actions(state, someone)[:200]:
                assert engine.actions.normalise(listed) == listed
                assert engine.actions.normalise({**listed, "step": 4}) == {**listed, "step": 4}
                seen.add(listed["type"])

    for config in configs(slug):
        low, high = engine.player_range(engine.validate_config(config))
        for seed in range(4):
            play(engine, high if seed % 2 else low, seed, config, check=check)
    assert seen == set(engine.actions.types), "some action type never came up"


@functools.cache
def examples(slug) -> dict[str, dict]:
    """One listed action of each type of the game, from seeded playouts."""
    engine = get_engine(slug)
    found = {}

    def keep(run, state, seat, action, now):
        if action is not None:
            found.setdefault(action["type"], action)

    for config in configs(slug):
        play(engine, engine.player_range(engine.validate_config(config))[0], 1, config, check=keep)
    return found


def every_example():
    return [(slug, kind) for slug in sorted(GAMES) for kind in sorted(examples(slug))]


@pytest.mark.parametrize("slug,kind", every_example())
def test_an_extra_field_is_refused_with_the_games_malformed_code(slug, kind):
    engine, action = get_engine(slug), examples(slug)[kind]
    with pytest.raises(IllegalAction) as refused:
        engine.actions.normalise({**action, "junk": "x" * 10_000})
    assert refused.value.code == engine.actions.malformed
    assert "junk" in refused.value.message and "xxx" not in refused.value.message


@pytest.mark.parametrize("slug,kind", every_example())
def test_a_missing_or_unknown_type_is_an_unknown_action(slug, kind):
    engine, action = get_engine(slug), examples(slug)[kind]
    for wrong in (
        {**action, "type": "dance"},
        {k: v for k, v in action.items() if k != "type"},
        {**action, "type": 3},
        [action],
        kind,
        None,
    ):
        with pytest.raises(IllegalAction) as refused:
            engine.actions.normalise(wrong)
        assert refused.value.code == "unknown_action", wrong


def number_paths(value, path=()):
    """Where the action holds a number: (key, index, ...) paths."""
    if type(value) is int:
        yield path
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from number_paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from number_paths(item, (*path, index))


def replaced(value, path, new):
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = replaced(value[path[0]], path[1:], new)
    return copy


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_types_are_strict_no_strings_floats_or_booleans_for_numbers(slug):
    engine, checked = get_engine(slug), 0
    for action in examples(slug).values():
        for path in number_paths(action):
            original = action
            for part in path:
                original = original[part]
            for wrong in (str(original), True, float(original), None):
                with pytest.raises(IllegalAction) as refused:
                    engine.actions.normalise(replaced(action, path, wrong))
                assert refused.value.code == engine.actions.malformed, (path, wrong)
            checked += 1
    assert checked, "no action of this game holds a number"


def test_nested_entries_refuse_extra_fields_too():
    engine = get_engine("twin-it")
    claim = {"type": "claim", "cards": [{"card": 1, "design": 2}, {"card": 3, "design": 2, "note": "hi"}]}
    with pytest.raises(IllegalAction) as refused:
        engine.actions.normalise(claim)
    assert refused.value.code == "malformed" and "cards.1.note" in refused.value.message


def test_lists_are_bounded_before_the_rules_read_them():
    engine = get_engine("jekyll-vs-hyde")
    with pytest.raises(IllegalAction) as refused:
        engine.actions.normalise({"type": "exchange_cards", "cards": list(range(100_000))})
    assert refused.value.code == "unknown_action"


def test_optional_fields_are_filled_in_and_the_log_form_drops_the_step():
    engine = get_engine("jekyll-vs-hyde")
    normal = engine.actions.normalise({"type": "play_card", "card": 4, "step": 2})
    assert normal == {"type": "play_card", "card": 4, "named_color": None, "step": 2}
    assert without_step(normal) == {"type": "play_card", "card": 4, "named_color": None}
    with pytest.raises(IllegalAction):
        engine.actions.normalise({"type": "play_card", "card": 4, "step": True})
