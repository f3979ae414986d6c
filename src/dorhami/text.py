"""What people type (names, chat lines): the characters refused, and what counts as showing
something. One place, so a name and a chat line are judged alike."""

from __future__ import annotations

import unicodedata

# Bidi overrides and isolates could make a name or a line display as someone else's words.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Tag characters draw nothing, yet carry hidden ASCII (a message inside a name, a prompt inside a line).
TAGS = range(0xE0000, 0xE0080)
# Letters and symbols that draw as blank space: the Hangul fillers, the braille blank, the Khmer
# inherent vowels, the musical null notehead. Inside a word they are harmless; alone they show nothing.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\U0001d159")


def is_control(char: str) -> bool:
    """A control character (NUL among them, which PostgreSQL refuses), a lone surrogate, a bidi
    control or a tag character. ZWNJ, which Persian words need, is none of these."""
    return unicodedata.category(char) in ("Cc", "Cs") or char in BIDI_CONTROLS or ord(char) in TAGS


def shows_something(text: str) -> bool:
    """At least one character that draws: not a format character (ZWNJ, a zero-width space), a
    separator, a combining mark (drawn on the letter before it, so nothing alone) or a blank."""
    return any(unicodedata.category(char)[0] not in "CZM" and char not in BLANKS for char in text)
