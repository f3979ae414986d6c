"""Words a player reads: a game's options are not the page's settings, and a rating is explained in
plain words, never as a formula (issue 29, item 9)."""

from __future__ import annotations

import re

import pytest

from .i18n_tables import LANGUAGES, namespaces, table

FORMULA = re.compile("[μσ]|3σ|μ −")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_game_options_and_settings_are_different_words(lang):
    app = table(lang, "app")
    assert app["config"].strip() != app["settings"].strip(), (app["config"], app["settings"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_player_facing_string_explains_the_rating_with_a_formula(lang):
    formulas = {
        f"{namespace}:{key}": text
        for namespace in namespaces(lang)
        for key, text in table(lang, namespace).items()
        if FORMULA.search(text)
    }
    assert not formulas, formulas


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rating_is_explained_where_players_see_it(lang):
    # The leaderboard's line and the player page's line both say what a rating is, in words.
    assert len(table(lang, "app")["board.about"]) > 80
    assert len(table(lang, "player")["profile.rating_about"]) > 80
