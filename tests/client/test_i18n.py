"""Persian and English hold the same strings, each key in one namespace, in files Python can read."""

from __future__ import annotations

import re

import pytest

from .i18n_tables import I18N, LANGUAGES, PLURAL_FORM, error_texts, namespaces, table

STATIC_JS = I18N.parent


def test_both_languages_have_the_same_namespaces():
    assert namespaces("en") == namespaces("fa")
    assert {"app", "err", "room"} <= set(namespaces("en"))


@pytest.mark.parametrize("namespace", namespaces("en"))
def test_fa_and_en_hold_the_same_keys(namespace):
    # A plural form (`.one`...) is a language's own business: English says "1 card", Persian has one form.
    keys = {lang: {PLURAL_FORM.sub("", key) for key in table(lang, namespace)} for lang in LANGUAGES}
    only_en, only_fa = sorted(keys["en"] - keys["fa"]), sorted(keys["fa"] - keys["en"])
    assert not only_en and not only_fa, f"only in en: {only_en}; only in fa: {only_fa}"
    for lang in LANGUAGES:
        empty = [key for key, text in table(lang, namespace).items() if not isinstance(text, str) or not text.strip()]
        assert not empty, f"{lang}/{namespace}: empty texts {empty}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_key_belongs_to_one_namespace(lang):
    owner: dict[str, str] = {}
    twice = []
    for namespace in namespaces(lang):
        for key in table(lang, namespace):
            if key in owner:
                twice.append(f"{key} in {owner[key]} and {namespace}")
            owner[key] = namespace
    assert not twice


def test_error_texts_live_in_the_err_namespace_only():
    for lang in LANGUAGES:
        for namespace in namespaces(lang):
            if namespace != "err":
                assert not [key for key in table(lang, namespace) if key.startswith("err.")], namespace
        # A game's own wording overrides a code that has a general sentence too.
        for key in table(lang, "err"):
            assert key.startswith("err."), key
            code, _, game = key[4:].partition("@")
            assert code in error_texts(lang), key
            assert not game or (I18N / lang / f"{game}.js").exists(), key


def test_every_namespace_file_is_registered_by_some_module():
    tables = {I18N / lang for lang in LANGUAGES}
    sources = "\n".join(
        path.read_text(encoding="utf-8") for path in STATIC_JS.rglob("*.js") if path.parent not in tables
    )
    for namespace in namespaces("en"):
        for lang in LANGUAGES:
            imported = re.search(rf'(i18n|\.)/{lang}/{re.escape(namespace)}\.js"', sources)
            if namespace.startswith("learn-"):  # a game's coach texts: learn/index.js imports them by the slug
                imported = "`../i18n/" + lang + "/learn-${slug}.js`" in sources
            assert imported, f"nobody imports {lang}/{namespace}.js"
