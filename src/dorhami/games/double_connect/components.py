"""Double Connect components: the 57 symbols and the 55 cards of the order-7 projective plane (§2)."""

from __future__ import annotations

from typing import NamedTuple, cast

ORDER = 7  # the projective plane of order 7
CARD_COUNT = 55
SYMBOL_COUNT = 57
SYMBOLS_PER_CARD = 8
# §2.3: cards per hand for `hand_size = "auto"`, by player count.
AUTO_HAND_SIZE = {2: 7, 3: 6, 4: 5, 5: 5, 6: 4, 7: 4, 8: 4}
# §6: an integer hand size needs n·h ≤ 44, so the pile keeps cards for penalties.
MAX_DEALT = 44


class Symbol(NamedTuple):
    """One of the 57 symbols (§2.2): a stable id, a snake_case English name and an emoji."""

    id: int
    name: str
    emoji: str


_SYMBOL_TABLE = [
    ("anchor", "⚓"),
    ("apple", "🍎"),
    ("ball", "⚽"),
    ("balloon", "🎈"),
    ("bell", "🔔"),
    ("bicycle", "🚲"),
    ("bird", "🐦"),
    ("bomb", "💣"),
    ("cactus", "🌵"),
    ("candle", "🕯️"),
    ("car", "🚗"),
    ("carrot", "🥕"),
    ("cat", "🐱"),
    ("cheese", "🧀"),
    ("clock", "🕒"),
    ("cloud", "☁️"),
    ("clover", "🍀"),
    ("crown", "👑"),
    ("diamond", "💎"),
    ("dog", "🐶"),
    ("dolphin", "🐬"),
    ("dragon", "🐉"),
    ("drop", "💧"),
    ("eye", "👁️"),
    ("fire", "🔥"),
    ("fish", "🐟"),
    ("flower", "🌼"),
    ("ghost", "👻"),
    ("glasses", "👓"),
    ("guitar", "🎸"),
    ("hammer", "🔨"),
    ("hat", "🎩"),
    ("heart", "❤️"),
    ("horse", "🐴"),
    ("ice_cream", "🍦"),
    ("key", "🔑"),
    ("ladybug", "🐞"),
    ("leaf", "🍁"),
    ("lightbulb", "💡"),
    ("lightning", "⚡"),
    ("lock", "🔒"),
    ("moon", "🌙"),
    ("pencil", "✏️"),
    ("question", "❓"),
    ("rocket", "🚀"),
    ("scissors", "✂️"),
    ("skull", "💀"),
    ("snowflake", "❄️"),
    ("snowman", "⛄"),
    ("spider", "🕷️"),
    ("star", "⭐"),
    ("sun", "☀️"),
    ("target", "🎯"),
    ("tree", "🌳"),
    ("turtle", "🐢"),
    ("umbrella", "☂️"),
    ("zebra", "🦓"),
]
SYMBOLS: tuple[Symbol, ...] = tuple(Symbol(i, name, emoji) for i, (name, emoji) in enumerate(_SYMBOL_TABLE))


def card_symbols(k: int) -> tuple[int, ...]:
    """§2.1: the ascending symbol list of card k (0..54)."""
    if k < ORDER * ORDER:
        m, c = divmod(k, ORDER)  # the line y = m·x + c, plus its point at infinity 49 + m
        points = [ORDER * x + (m * x + c) % ORDER for x in range(ORDER)] + [ORDER * ORDER + m]
    else:
        c = k - ORDER * ORDER  # the vertical line x = c, plus the vertical point at infinity 56
        points = [ORDER * c + y for y in range(ORDER)] + [SYMBOL_COUNT - 1]
    return tuple(sorted(points))


# D1: lines 55 (x = 6) and 56 (at infinity) are dropped, so card ids stay 0..54.
CARDS: tuple[tuple[int, ...], ...] = tuple(card_symbols(k) for k in range(CARD_COUNT))
_CARD_SETS = tuple(frozenset(symbols) for symbols in CARDS)


def _common_table() -> tuple[tuple[int | None, ...], ...]:
    """common(a, b) for every pair of distinct cards; None on the diagonal."""
    return tuple(
        tuple(None if a == b else next(iter(_CARD_SETS[a] & _CARD_SETS[b])) for b in range(CARD_COUNT))
        for a in range(CARD_COUNT)
    )


_COMMON = _common_table()


def common(a: int, b: int) -> int:
    """§2.1: the one symbol that distinct cards a and b share."""
    return cast("int", _COMMON[a][b])  # None only on the diagonal, which is never asked


def card_layout(k: int) -> list[int]:
    """§2.1 (cosmetic): the symbol at each of card k's 8 positions (0 = centre, 1..7 = ring)."""
    layout = [0] * SYMBOLS_PER_CARD
    for i, symbol in enumerate(CARDS[k]):
        layout[(i + k) % SYMBOLS_PER_CARD] = symbol
    return layout
