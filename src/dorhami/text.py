"""What people type (names, chat lines): the characters refused, and what counts as showing
something. One place, so a name and a chat line are judged alike."""

from __future__ import annotations

import unicodedata

# Bidi overrides and isolates could make a name or a line display as someone else's words.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def is_control(char: str) -> bool:
    """A control character (NUL among them, which PostgreSQL refuses), a lone surrogate or a bidi
    control. ZWNJ, which Persian words need, is none of these."""
    return unicodedata.category(char) in ("Cc", "Cs") or char in BIDI_CONTROLS


def shows_something(text: str) -> bool:
    """At least one character that is neither a format character (ZWNJ, a zero-width space) nor a
    separator: those stay inside words, but alone they show nothing."""
    return any(unicodedata.category(char)[0] not in "CZ" for char in text)
