"""Seeded randomness for the rules: every draw comes from a generator built from the game seed."""

from __future__ import annotations

import random


def table_rng(seed: int) -> random.Random:
    """The project-standard table RNG: `random.Random(seed)`."""
    return random.Random(seed)
