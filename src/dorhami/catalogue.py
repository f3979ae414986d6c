"""The games this server offers: slug -> engine, built by explicit imports.

A new game is its package under dorhami.games plus one line here. The engine layer knows nothing
of the games (they import it): this module sits above both, so importing a game never runs the
catalogue, and the catalogue is an ordinary import a reader and a type checker can follow.
"""

from __future__ import annotations

from functools import cache

from .engine import Engine, IllegalAction
from .engine.tutorial import Script, Tutorial
from .games.camel_up_cards.rules import ENGINE as CAMEL_UP_CARDS
from .games.camel_up_cards.tutorial import TUTORIAL as CAMEL_UP_CARDS_TUTORIAL
from .games.double_connect.rules import ENGINE as DOUBLE_CONNECT
from .games.double_connect.tutorial import TUTORIAL as DOUBLE_CONNECT_TUTORIAL
from .games.jekyll_vs_hyde.rules import ENGINE as JEKYLL_VS_HYDE
from .games.jekyll_vs_hyde.tutorial import TUTORIAL as JEKYLL_VS_HYDE_TUTORIAL
from .games.queendomino.rules import ENGINE as QUEENDOMINO
from .games.queendomino.tutorial import TUTORIAL as QUEENDOMINO_TUTORIAL
from .games.twin_it.rules import ENGINE as TWIN_IT
from .games.twin_it.tutorial import TUTORIAL as TWIN_IT_TUTORIAL

GAMES: dict[str, Engine] = {
    engine.slug: engine for engine in (CAMEL_UP_CARDS, DOUBLE_CONNECT, JEKYLL_VS_HYDE, QUEENDOMINO, TWIN_IT)
}


def get_engine(slug: str) -> Engine:
    """The engine for `slug`; raises IllegalAction('unknown_game')."""
    try:
        return GAMES[slug]
    except (KeyError, TypeError):
        raise IllegalAction("unknown_game", f"no game named {slug!r}") from None


# -- tutorials (docs/TUTORIALS.md) --------------------------------------------------------------

TUTORIALS: dict[str, Script] = {
    script.game: script
    for script in (
        CAMEL_UP_CARDS_TUTORIAL,
        DOUBLE_CONNECT_TUTORIAL,
        JEKYLL_VS_HYDE_TUTORIAL,
        QUEENDOMINO_TUTORIAL,
        TWIN_IT_TUTORIAL,
    )
}


@cache
def get_tutorial(slug: str) -> Tutorial:
    """The tutorial of `slug`, replayed once per process; raises IllegalAction('no_tutorial')."""
    if slug not in TUTORIALS:
        raise IllegalAction("no_tutorial", f"no tutorial for {slug!r}")
    return Tutorial(GAMES[slug], TUTORIALS[slug])
