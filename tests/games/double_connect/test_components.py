"""§2: the deck of the order-7 projective plane and the 57 symbols."""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations

from dorhami.games.double_connect.components import AUTO_HAND_SIZE, CARDS, SYMBOLS, card_layout, common


def test_deck_has_55_cards_of_8_distinct_ascending_symbols():
    assert len(CARDS) == 55
    for symbols in CARDS:
        assert len(symbols) == 8 == len(set(symbols))
        assert list(symbols) == sorted(symbols)


def test_symbol_ids_are_0_to_56_and_all_used():
    assert {symbol for card in CARDS for symbol in card} == set(range(57))


def test_every_one_of_the_1485_pairs_shares_exactly_one_symbol():
    pairs = list(combinations(range(55), 2))
    assert len(pairs) == 1485
    for a, b in pairs:
        assert len(set(CARDS[a]) & set(CARDS[b])) == 1


def test_symbol_56_is_on_cards_49_to_54_only():
    assert [k for k, card in enumerate(CARDS) if 56 in card] == [49, 50, 51, 52, 53, 54]


def test_symbols_42_to_55_are_on_7_cards_and_the_others_on_8():
    counts = Counter(symbol for card in CARDS for symbol in card)
    assert all(counts[s] == 7 for s in range(42, 56))
    assert all(counts[s] == 8 for s in range(42))


def test_example_cards_of_the_rules():
    assert CARDS[0] == (0, 7, 14, 21, 28, 35, 42, 49)
    assert CARDS[1] == (1, 8, 15, 22, 29, 36, 43, 49)
    assert CARDS[8] == (1, 9, 17, 25, 33, 41, 42, 50)
    assert CARDS[49] == (0, 1, 2, 3, 4, 5, 6, 56)
    assert CARDS[54] == (35, 36, 37, 38, 39, 40, 41, 56)


def test_dropped_lines_are_not_in_the_deck():
    assert (42, 43, 44, 45, 46, 47, 48, 56) not in CARDS
    assert tuple(range(49, 57)) not in CARDS


def test_common_is_the_one_shared_symbol_both_ways():
    expected = {
        (0, 1): 49,
        (0, 8): 42,
        (0, 9): 35,
        (0, 16): 42,
        (0, 22): 14,
        (0, 2): 49,
        (1, 8): 1,
        (1, 15): 1,
        (8, 15): 1,
    }
    for (a, b), symbol in expected.items():
        assert common(a, b) == common(b, a) == symbol
    for a, b in combinations(range(55), 2):
        assert common(a, b) in CARDS[a] and common(a, b) in CARDS[b]


def test_symbols_have_stable_ids_and_unique_snake_case_names():
    assert [symbol.id for symbol in SYMBOLS] == list(range(57))
    names = [symbol.name for symbol in SYMBOLS]
    assert len(set(names)) == 57 and all(re.fullmatch(r"[a-z_]+", name) for name in names)
    assert (SYMBOLS[0].name, SYMBOLS[19].name, SYMBOLS[34].name, SYMBOLS[56].name) == (
        "anchor",
        "dog",
        "ice_cream",
        "zebra",
    )
    assert all(symbol.emoji for symbol in SYMBOLS)


def test_card_layout_puts_ascending_index_i_at_position_i_plus_k_mod_8():
    assert card_layout(0) == list(CARDS[0])
    assert card_layout(1) == [49, 1, 8, 15, 22, 29, 36, 43]
    assert sorted(card_layout(37)) == list(CARDS[37])


def test_auto_hand_sizes_leave_the_penalty_pile_of_the_table():
    piles = {n: 55 - 1 - n * AUTO_HAND_SIZE[n] for n in range(2, 9)}
    assert piles == {2: 40, 3: 36, 4: 34, 5: 29, 6: 30, 7: 26, 8: 22}
