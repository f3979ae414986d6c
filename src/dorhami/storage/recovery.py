"""Recovery codes: how a guest keeps their identity across browsers without e-mail or a password.

A code is 25 symbols of Crockford's base32 (125 random bits), shown in five groups of five. It
is stored only as the SHA-256 of its normal form, like a token: 125 bits cannot be guessed, so a
slow password hash would add nothing but CPU. The normal form forgives how people copy codes by
hand: case, spaces and dashes, O for 0 and I or L for 1.
"""

from __future__ import annotations

import hashlib
import secrets

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford: no I, L, O, U
GROUPS, GROUP = 5, 5
LENGTH = GROUPS * GROUP
# What a person may type instead of a symbol of the alphabet.
READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


def new_code() -> str:
    """A fresh code, grouped for reading: XXXXX-XXXXX-XXXXX-XXXXX-XXXXX."""
    symbols = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
    return "-".join(symbols[i : i + GROUP] for i in range(0, LENGTH, GROUP))


def normal_form(typed: str) -> str | None:
    """The code's symbols without separators, or None if it cannot be a code."""
    symbols = "".join(typed.upper().split()).replace("-", "").translate(READ_AS)
    if len(symbols) != LENGTH or any(c not in ALPHABET for c in symbols):
        return None
    return symbols


def hash_code(typed: str) -> str | None:
    symbols = normal_form(typed)
    return hashlib.sha256(("recovery:" + symbols).encode()).hexdigest() if symbols else None
