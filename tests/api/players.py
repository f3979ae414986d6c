"""Test players for every game: from a state message, an action a sensible person would send."""

from __future__ import annotations

import random

from dorhami.games.double_connect.components import common
from dorhami.games.twin_it.strategy import true_claims

# Short games for the whole-game tests: no countdowns, small targets, one race.
QUICK_CONFIG = {
    "jekyll-vs-hyde": {},
    "twin-it": {"start_countdown_ms": 0, "target_sets": 4},
    "double-connect": {"countdown_ms": 0},
    "camel-up-cards": {"races": 1},
    "queendomino": {"rounds": 4},
}


def choose(slug: str, message: dict, rng: random.Random) -> dict | None:
    """The action to send for this seat now, or None to wait."""
    view, legal, seat = message["view"], message["legal_actions"], message["seat"]
    if not legal or seat is None:
        return None
    if slug == "twin-it":
        return twin_it_move(view, legal, seat)
    if slug == "double-connect":
        return double_connect_move(view, seat)
    action = rng.choice(legal)
    return {**action, "step": view["step"]} if "step" in view else action


def twin_it_move(view: dict, legal: list[dict], seat: int) -> dict | None:
    """Claim a true match if one shows (the compact list only says a claim is possible), else flip."""
    kinds = {a["type"] for a in legal}
    if "claim" in kinds:
        claims = true_claims(view, seat)
        if claims:
            return {"type": "claim", "cards": claims[0]}
    return {"type": "flip"} if "flip" in kinds else None


def double_connect_move(view: dict, seat: int) -> dict | None:
    """Any hand card on any available target, with the one symbol the two share."""
    hand = view["hands"][seat] if view["hands"] else []
    targets = view["targets_by_team"][view["your_team"]] if view["targets_by_team"] else view["active_targets"]
    if not hand or not targets:
        return None
    card, target = hand[0], targets[0]
    return {"type": "claim", "card": card, "target": target, "symbol": common(card, target)}
