"""The rules layer's contract: engines, named errors, seeded randomness (the games are dorhami/catalogue.py's)."""

from .contract import Action, Engine, Event, State, clone, events_for
from .errors import IllegalAction

__all__ = ["Action", "Engine", "Event", "IllegalAction", "State", "clone", "events_for"]
