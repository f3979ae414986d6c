"""The 48 tiles, the printed board, the building piles and the fixed constants of Queendomino (§2)."""

from __future__ import annotations

from typing import Any

# §2.1: the six colours in canonical order, and the terrain of each colour.
COLOURS = ("red", "yellow", "blue", "green", "purple", "grey")
TERRAIN_COLOUR = {
    "mine": "red",
    "field": "yellow",
    "water": "blue",
    "forest": "green",
    "swamp": "purple",
    "mountain": "grey",
}
TERRAINS = tuple(TERRAIN_COLOUR)
COLOUR_TERRAIN = {colour: terrain for terrain, colour in TERRAIN_COLOUR.items()}
BUILDING_COLOURS = ("red", "yellow", "blue")
SYMBOLS = ("crown", "gold")

# §2.2: tile number -> (half a, half b), each half (terrain, symbol or None).
_TILE_TABLE = """
1 field field | 2 forest forest | 3 water water | 4 swamp swamp | 5 mine mine | 6 mountain mountain
7 field field | 8 forest forest | 9 water water | 10 swamp swamp | 11 mine mine | 12 mountain mountain
13 field forest | 14 water swamp | 15 mine mountain | 16 field water | 17 forest mountain | 18 swamp mine
19 field mine | 20 forest water | 21 swamp mountain | 22 field mountain | 23 forest swamp | 24 water mine
25 field+gold forest | 26 water+gold swamp | 27 mine+gold mountain | 28 field+gold swamp
29 water+gold mountain | 30 mine+gold forest | 31 field+gold mountain | 32 water+gold forest
33 mine+gold swamp | 34 field+gold forest | 35 water+gold swamp | 36 mine+gold mountain
37 forest+crown field+gold | 38 swamp+crown mine+gold | 39 mountain+crown water+gold
40 forest+crown water+gold | 41 swamp+crown field+gold | 42 mountain+crown mine+gold
43 mine+crown field | 44 field+crown water | 45 water+crown mine | 46 forest+crown swamp+crown
47 swamp+crown mountain+crown | 48 mountain+crown forest+crown
"""


def _half(text: str) -> tuple[str, str | None]:
    """'mine+gold' -> ('mine', 'gold'); 'field' -> ('field', None)."""
    terrain, _, symbol = text.partition("+")
    return terrain, symbol or None


def _parse_tiles(table: str) -> dict[int, tuple[tuple[str, str | None], tuple[str, str | None]]]:
    tiles = {}
    for entry in table.replace("\n", "|").split("|"):
        if entry.strip():
            number, a, b = entry.split()
            tiles[int(number)] = (_half(a), _half(b))
    return tiles


TILES = _parse_tiles(_TILE_TABLE)
TILE_COUNT = 48
STANDARD_TILES = range(1, 25)
SPECIAL_TILES = range(25, 49)

# §2.3: the board, flat index = row * 5 + col; the castle fills [2,2].
SIZE = 5
CELLS = SIZE * SIZE
CASTLE = 12
CASTLE_CELL = "castle"
PRINTED = (
    "red",
    "yellow",
    "blue",
    "green",
    "purple",
    "blue",
    "green",
    "grey",
    "red",
    "yellow",
    "grey",
    "purple",
    None,
    "purple",
    "grey",
    "yellow",
    "red",
    "grey",
    "green",
    "blue",
    "purple",
    "green",
    "blue",
    "yellow",
    "red",
)
# The plots of each building colour, ascending (the order purchases are listed in).
PLOTS = {colour: tuple(i for i in range(CELLS) if PRINTED[i] == colour) for colour in BUILDING_COLOURS}

# §4.6: cell_b is tried to the right, below, to the left and above cell_a, in that order.
CANONICAL_DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def index(row: int, col: int) -> int:
    """The flat index of [row, col]."""
    return row * SIZE + col


def cell(i: int) -> list[int]:
    """[row, col] of a flat index."""
    return [i // SIZE, i % SIZE]


def _neighbours(i: int) -> tuple[int, ...]:
    row, col = divmod(i, SIZE)
    return tuple(
        index(row + dr, col + dc) for dr, dc in CANONICAL_DIRECTIONS if 0 <= row + dr < SIZE and 0 <= col + dc < SIZE
    )


NEIGHBOURS = tuple(_neighbours(i) for i in range(CELLS))
# Every ordered pair (cell_a, cell_b) of neighbours in the §4.6 canonical order.
CANONICAL_PAIRS = tuple((a, b) for a in range(CELLS) for b in NEIGHBOURS[a])

# §2.4: 16 cards per colour; price and value by card index 1..16.
PILE_SIZE = 16
_PRICES = (2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 7, 7)
_VALUES = {
    "red": (2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5),
    "yellow": (1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3),
    "blue": (2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4),
}


def card_id(colour: str, number: int) -> str:
    """The building card id, e.g. 'red-04'."""
    return f"{colour}-{number:02d}"


def card_colour(card: str) -> str:
    """'red-04' -> 'red'."""
    return card[:-3]


def card_number(card: str) -> int:
    """'red-04' -> 4 (the card index; 1 is the top card at setup)."""
    return int(card[-2:])


def card_price(card: str) -> int:
    """Gold paid for the card (§2.4)."""
    return _PRICES[card_number(card) - 1]


def price_at(bought: int) -> int:
    """Gold paid for a pile's top card once `bought` cards have left it (the card index is bought + 1)."""
    return _PRICES[bought]


# Every view and bot estimate sums card values over whole boards: a table beats parsing each id.
PILES = {colour: tuple(card_id(colour, n) for n in range(1, PILE_SIZE + 1)) for colour in _VALUES}
_CARD_VALUES = {card: _VALUES[colour][n] for colour, pile in PILES.items() for n, card in enumerate(pile)}


def card_value(card: str) -> int:
    """The card's value in its colour's formula (§2.4, §5)."""
    return _CARD_VALUES[card]


def card_public(card: str) -> dict[str, Any]:
    """A building card as clients see it."""
    return {"id": card, "colour": card_colour(card), "price": card_price(card), "value": card_value(card)}
