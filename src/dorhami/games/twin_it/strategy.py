"""A Twin It bot's eye: from the public view, the claim a quick player would make now.

Pure and deterministic except for the easy level's deliberate mistakes, so the table can keep a
plan while it stays valid (a bot's reaction time is not restarted by unrelated changes).
"""

from __future__ import annotations

import random
from collections import defaultdict

from .state import PLAYING

MISTAKE_CHANCE = {"easy": 0.08, "normal": 0.0, "hard": 0.0}
# How long a bot needs to spot a match (ms), by level; a flip is quicker.
REACTION_MS = {"easy": (2600, 4200), "normal": (1500, 2600), "hard": (800, 1400)}
FLIP_MS = (500, 1100)


def loose_cards(view: dict) -> list[dict]:
    """Every loose-visible {card, design} of §4.3: centre, pile tops, forbidden area, stock top."""
    cards = list(view["centre"]) + [p["top"] for p in view["piles"] if p["top"]]
    if view["forbidden"]:
        cards += view["forbidden"]["cards"]
    if view["stock"] and view["stock"]["top"]:
        cards.append(view["stock"]["top"])
    return [{"card": c["card"], "design": c["design"]} for c in cards]


def claim_of(entries: list[dict]) -> list[dict]:
    return sorted(entries, key=lambda e: e["card"])


def true_claims(view: dict, seat: int) -> list[list[dict]]:
    """Matching claims, best first: coop triples, steals, then pairs (lowest design first)."""
    by_design: dict[int, list[dict]] = defaultdict(list)
    for entry in loose_cards(view):
        by_design[entry["design"]].append(entry)
    forbidden_here = view["forbidden"] and view["forbidden"]["seat"] == seat
    banned = set(view["forbidden_designs"]) if forbidden_here else set()
    claims = []
    if view["mode"] == "coop":
        claims += [claim_of(cards[:3]) for d, cards in sorted(by_design.items()) if len(cards) >= 3]
    for won in view["sets"]:
        loose = by_design.get(won["design"])
        if len(won["cards"]) == 2 and loose and won["owner"] != seat and won["design"] not in banned:
            set_cards = [{"card": c, "design": won["design"]} for c in won["cards"]]
            claims.append(claim_of(set_cards + loose[:1]))
    claims += [claim_of(cards[:2]) for d, cards in sorted(by_design.items())
               if len(cards) >= 2 and d not in banned]
    return claims


def wrong_claim(view: dict, rng: random.Random) -> list[dict] | None:
    """Two loose cards that do not match: the easy bot's occasional slip."""
    loose = loose_cards(view)
    pairs = [(a, b) for i, a in enumerate(loose) for b in loose[i + 1:] if a["design"] != b["design"]]
    return claim_of(list(rng.choice(pairs))) if pairs else None


def team_touch(view: dict, seat: int) -> dict | None:
    """Team mode: complete a teammate's touch if a card matches it, else touch one card of a match."""
    team = next(i for i, seats in enumerate(view["teams"]) if seat in seats)
    loose = loose_cards(view)
    for touch in view["touches"]:
        if touch["seat"] != seat and touch["seat"] in view["teams"][team] and len(touch["cards"]) == 1:
            design, touched = touch["cards"][0]["design"], touch["cards"][0]["card"]
            for entry in loose:
                if entry["design"] == design and entry["card"] != touched:
                    return {"type": "touch", "cards": [entry]}
    if any(t["seat"] == seat for t in view["touches"]):
        return None  # our hand is already down, waiting for a teammate
    for claim in true_claims(view, seat):
        if len(claim) == 2:
            return {"type": "touch", "cards": claim[:1]}
    return None


def choose(engine, state: dict, seat: int, rng: random.Random, level: str) -> dict | None:
    """The bot's next action for `seat`, or None to wait."""
    view = engine.view(state, seat)
    if view["phase"] != PLAYING:
        return None
    if view["locked_until"][seat] <= view["clock"]:
        if view["mode"] == "team":
            touch = team_touch(view, seat)
            if touch:
                return touch
        else:
            if rng.random() < MISTAKE_CHANCE.get(level, 0.0):
                slip = wrong_claim(view, rng)
                if slip:
                    return {"type": "claim", "cards": slip}
            claims = true_claims(view, seat)
            if claims:
                return {"type": "claim", "cards": claims[0]}
    if view["mode"] == "coop":
        return {"type": "flip"} if view["stock"]["count"] else None
    return {"type": "flip"} if view["active"] == seat else None


def reaction_ms(action: dict, level: str, rng: random.Random) -> int:
    """How long the bot takes before sending `action`."""
    low, high = FLIP_MS if action["type"] == "flip" else REACTION_MS.get(level, REACTION_MS["normal"])
    return rng.randint(low, high)
