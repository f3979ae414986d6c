"""Every coach text a tutorial script names exists in Persian and in English (docs/TUTORIALS.md)."""

from __future__ import annotations

import pytest

from dorhami.catalogue import TUTORIALS

from .i18n_tables import LANGUAGES, table

# A coach bubble must fit a 390×844 phone without covering what it points at.
MAX_CHARS = 240


def keys_of(slug: str) -> set[str]:
    keys = set()
    for step in TUTORIALS[slug].steps:
        keys |= {f"learn.{slug}.{key}" for key in (step.say, step.other, step.refused) if key}
    return keys


@pytest.mark.parametrize("slug", sorted(TUTORIALS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_coach_key_has_a_short_text_in_both_languages(slug, lang):
    texts = table(lang, f"learn-{slug}")
    missing = sorted(keys_of(slug) - set(texts))
    assert not missing, f"{lang}/learn-{slug}.js lacks {missing}"
    unused = sorted(set(texts) - keys_of(slug))
    assert not unused, f"{lang}/learn-{slug}.js has texts no step says: {unused}"
    long = {key: len(text) for key, text in texts.items() if len(text) > MAX_CHARS}
    assert not long, f"too long for a phone's coach bubble: {long}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_opponent_has_a_name(lang):
    names = {key for script in TUTORIALS.values() for key in script.names}
    texts = table(lang, "learn")
    assert {f"learn.name.{key}" for key in names} <= set(texts)
