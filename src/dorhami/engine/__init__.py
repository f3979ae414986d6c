"""The rules layer's contract: engines, named errors, seeded randomness, the game registry."""

from .contract import Action, Engine, Event, State, clone, events_for
from .errors import IllegalAction
from .registry import GAMES, get_engine, register

__all__ = ["GAMES", "Action", "Engine", "Event", "IllegalAction", "State", "clone", "events_for",
           "get_engine", "register"]

# Registers every game; last, because the games import the names above.
from .. import games  # noqa: E402,F401
