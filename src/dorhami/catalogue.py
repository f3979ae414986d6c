"""The games this server offers: slug -> engine, built by explicit imports.

A new game is its package under dorhami.games plus one line here. The engine layer knows nothing
of the games (they import it): this module sits above both, so importing a game never runs the
catalogue, and the catalogue is an ordinary import a reader and a type checker can follow.
"""

from __future__ import annotations

from .engine import Engine, IllegalAction
from .games.camel_up_cards.rules import ENGINE as CAMEL_UP_CARDS
from .games.double_connect.rules import ENGINE as DOUBLE_CONNECT
from .games.jekyll_vs_hyde.rules import ENGINE as JEKYLL_VS_HYDE
from .games.queendomino.rules import ENGINE as QUEENDOMINO
from .games.twin_it.rules import ENGINE as TWIN_IT

GAMES: dict[str, Engine] = {
    engine.slug: engine for engine in (CAMEL_UP_CARDS, DOUBLE_CONNECT, JEKYLL_VS_HYDE, QUEENDOMINO, TWIN_IT)
}


def get_engine(slug: str) -> Engine:
    """The engine for `slug`; raises IllegalAction('unknown_game')."""
    try:
        return GAMES[slug]
    except (KeyError, TypeError):
        raise IllegalAction("unknown_game", f"no game named {slug!r}") from None
