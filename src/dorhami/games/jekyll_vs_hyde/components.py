"""The 25 cards, the identity track and the round constants of Jekyll vs. Hyde (§2)."""

from __future__ import annotations

from typing import Any

# §2.1: colours in their fixed order; Pride, Wrath, Greed.
COLORS = ("purple", "red", "green")
EFFECT_BY_COLOR = {"purple": "pride", "red": "wrath", "green": "greed"}

CARD_COUNT = 25
EVIL_PER_COLOR = 7
POTIONS = (21, 22, 23, 24)  # potion-2 … potion-5
HAND_SIZE = 10
SET_ASIDE_SIZE = 5
TRICKS_PER_ROUND = 10
ROUNDS = 3

# §2.2: identity track positions 0..10; 0–4 is Jekyll's side.
TRACK_END = 10
JEKYLL_SIDE_LAST = 4

SEATS = (0, 1)
ROLES = ("jekyll", "hyde")


def is_potion(card: int) -> bool:
    """Potions are ids 21–24 and have no colour."""
    return card >= POTIONS[0]


def color(card: int) -> str | None:
    """The colour of an evil card; None for a potion."""
    return None if is_potion(card) else COLORS[card // EVIL_PER_COLOR]


def value(card: int) -> int:
    """The printed number: 1–7 for evil cards, 2–5 for potions ("n+")."""
    return card - 19 if is_potion(card) else card % EVIL_PER_COLOR + 1


def strength(card: int) -> int:
    """The comparison number: 2·value, plus 1 for a potion's "+" (D2: no two cards tie)."""
    return 2 * value(card) + (1 if is_potion(card) else 0)


def code(card: int) -> str:
    """The display code, e.g. 'red-3' or 'potion-4'."""
    return f"{color(card) or 'potion'}-{value(card)}"


def card_by_code(text: str) -> int:
    """The id of a card given its display code (for tests and clients)."""
    return CODES[text]


CARDS: list[dict[str, Any]] = [
    {
        "id": c,
        "code": code(c),
        "kind": "potion" if is_potion(c) else "evil",
        "color": color(c),
        "value": value(c),
        "strength": strength(c),
    }
    for c in range(CARD_COUNT)
]
CODES: dict[str, int] = {card["code"]: card["id"] for card in CARDS}
