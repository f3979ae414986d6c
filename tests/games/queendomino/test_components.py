"""§2: the tile set, the printed board and the building piles match the tables."""

from __future__ import annotations

from collections import Counter

from dorhami.games.queendomino.components import (
    CANONICAL_PAIRS,
    CASTLE,
    COLOURS,
    PRINTED,
    TERRAIN_COLOUR,
    TILES,
    card_id,
    card_price,
    card_value,
    index,
)


def test_the_48_tiles_hold_16_halves_of_each_terrain_15_crowns_and_18_gold():
    halves = [half for number in range(1, 49) for half in TILES[number]]
    assert sorted(TILES) == list(range(1, 49))
    assert Counter(terrain for terrain, _ in halves) == {terrain: 16 for terrain in TERRAIN_COLOUR}
    assert sum(symbol == "crown" for _, symbol in halves) == 15
    gold = Counter(terrain for terrain, symbol in halves if symbol == "gold")
    assert gold == {"mine": 6, "field": 6, "water": 6}


def test_standard_tiles_have_no_symbols_and_special_tiles_have_some():
    assert all(symbol is None for n in range(1, 25) for _, symbol in TILES[n])
    assert all(any(symbol for _, symbol in TILES[n]) for n in range(25, 49))


def test_the_board_has_four_cells_of_each_colour_and_none_touch_even_diagonally():
    assert PRINTED[CASTLE] is None and CASTLE == index(2, 2)
    assert Counter(c for c in PRINTED if c) == {colour: 4 for colour in COLOURS}
    for i, colour in enumerate(PRINTED):
        row, col = divmod(i, 5)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                r, c = row + dr, col + dc
                if (dr or dc) and 0 <= r < 5 and 0 <= c < 5 and colour:
                    assert PRINTED[index(r, c)] != colour


def test_building_prices_and_values_follow_the_card_index_table():
    prices = [card_price(card_id("red", n)) for n in range(1, 17)]
    assert prices == [2] * 3 + [3] * 3 + [4] * 3 + [5] * 3 + [6] * 2 + [7] * 2
    assert [card_value(card_id("red", n)) for n in (1, 4, 7, 10, 13, 15)] == [2, 3, 3, 4, 4, 5]
    assert [card_value(card_id("yellow", n)) for n in (1, 4, 7, 10, 13, 15)] == [1, 1, 2, 2, 3, 3]
    assert [card_value(card_id("blue", n)) for n in (1, 4, 7, 10, 13, 15)] == [2, 2, 3, 3, 4, 4]


def test_canonical_pairs_try_right_below_left_above_in_row_major_order():
    assert CANONICAL_PAIRS[:3] == ((0, 1), (0, 5), (1, 2))
    assert CANONICAL_PAIRS[3:6] == ((1, 6), (1, 0), (2, 3))
    assert len(CANONICAL_PAIRS) == 2 * 40  # 40 neighbour pairs on a 5×5 grid, both orientations
