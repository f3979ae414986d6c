"""One package per game; importing this package registers every game."""

from importlib import import_module

from ..engine.registry import register

# A new game is its package under dorhami.games plus one line here.
GAME_PACKAGES = (
    "camel_up_cards",
    "double_connect",
    "jekyll_vs_hyde",
    "queendomino",
    "twin_it",
)

for name in GAME_PACKAGES:
    register(import_module(f".{name}.rules", __name__).ENGINE)
