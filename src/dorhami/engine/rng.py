"""Seeded randomness for the rules: every draw comes from a generator built from the game seed."""

from __future__ import annotations

import hashlib
import random


def table_rng(seed: int) -> random.Random:
    """The project-standard table RNG: `random.Random(seed)`."""
    return random.Random(seed)


def keyed_rng(seed: int, *keys: object) -> random.Random:
    """An independent generator for one named draw (seed + keys), so draws need no shared stream."""
    text = ":".join([str(seed), *(str(k) for k in keys)])
    digest = hashlib.sha256(text.encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def rng_state_to_json(rng: random.Random) -> list:
    """The generator's state as JSON-safe data, to keep inside a game state."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: list) -> random.Random:
    """Rebuild a generator saved with `rng_state_to_json`."""
    rng = random.Random()
    version, internal, gauss = data
    rng.setstate((version, tuple(internal), gauss))
    return rng
