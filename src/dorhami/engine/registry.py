"""The catalogue of games: slug -> engine instance."""

from __future__ import annotations

from .contract import Engine
from .errors import IllegalAction

GAMES: dict[str, Engine] = {}


def register(engine: Engine) -> Engine:
    """Add one engine to the catalogue (one line per game in `dorhami.games`)."""
    GAMES[engine.slug] = engine
    return engine


def get_engine(slug: str) -> Engine:
    """The engine for `slug`; raises IllegalAction('unknown_game')."""
    try:
        return GAMES[slug]
    except (KeyError, TypeError):
        raise IllegalAction("unknown_game", f"no game named {slug!r}") from None
