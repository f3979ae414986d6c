"""A Twin It bot's eye: from the public view, the claim a quick player would make now.

Pure and deterministic, so the table can keep a plan while it stays valid (a bot's reaction time
is not restarted by unrelated changes). A slip is decided once per claim, by a fixed draw from
the seat and the claim's cards, so re-plans do not roll it again: the easy bot turns a true claim
into a near miss (its first card with a card of another design) at about MISTAKE_CHANCE.
Before, the slip was rolled at every re-plan, even by a bot with nothing to claim: 133 of 401
claims (33 %) of two easy bots over 10 seeded games were mistakes; now 18 of 209 (9 %).
In team mode an easy hand slips the same way (22 team mistakes in 6 four-seat games), normal
bots also steal and hard ones steal or upgrade (TEAM_SET_MOVES); all stay legal touches (§4.8).

Strength, 2-seat head to head over 12 seeded games (tests/games/twin_it/test_strategy.py):
hard beats normal 12-0, normal beats easy 12-0.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import TYPE_CHECKING, Any, cast

from .state import PLAYING

if TYPE_CHECKING:
    from ...engine.contract import Engine

MISTAKE_CHANCE = {"easy": 0.08, "normal": 0.0, "hard": 0.0}
# How long a bot needs to spot a match (ms), by level; a flip is quicker.
REACTION_MS = {"easy": (2600, 4200), "normal": (1500, 2600), "hard": (800, 1400)}
FLIP_MS = (500, 1100)


def loose_cards(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every loose-visible {card, design} of §4.3: centre, pile tops, forbidden area, stock top."""
    cards = list(view["centre"]) + [p["top"] for p in view["piles"] if p["top"]]
    if view["forbidden"]:
        cards += view["forbidden"]["cards"]
    if view["stock"] and view["stock"]["top"]:
        cards.append(view["stock"]["top"])
    return [{"card": c["card"], "design": c["design"]} for c in cards]


def claim_of(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(entries, key=lambda e: e["card"])


def true_claims(view: dict[str, Any], seat: int) -> list[list[dict[str, Any]]]:
    """Matching claims, best first: coop triples, steals, then pairs (lowest design first)."""
    by_design: dict[int, list[dict[str, Any]]] = defaultdict(list)
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
    claims += [claim_of(cards[:2]) for d, cards in sorted(by_design.items()) if len(cards) >= 2 and d not in banned]
    return claims


def slips(state: dict[str, Any], seat: int, cards: list[dict[str, Any]], level: str) -> bool:
    """Whether `seat` fumbles this claim: one fixed draw per (seat, cards, the table's mistakes),
    so a re-plan keeps it and only a mistake (a slip counts one) rolls again."""
    key = ",".join(str(entry["card"]) for entry in cards)
    draw = random.Random(f"twin-it:{seat}:{sum(state['mistakes'])}:{key}").random()
    return draw < MISTAKE_CHANCE.get(level, 0.0)


def near_miss(view: dict[str, Any], cards: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The easy bot's slip on `cards`: their first card with a loose card of another design."""
    first = cards[0]
    others = [entry for entry in loose_cards(view) if entry["design"] != first["design"]]
    if not others:
        return None
    pick = random.Random(f"twin-it:miss:{first['card']}").choice(others)
    return claim_of([first, pick])


# Team mode (§4.8): which won sets a level dares to complete with a loose card.
TEAM_SET_MOVES = {"easy": (), "normal": ("steal",), "hard": ("steal", "upgrade")}


def set_partners(view: dict[str, Any], team: int, design: int, level: str) -> list[list[dict[str, Any]]]:
    """The two cards of each size-2 set of `design` this level would steal or upgrade."""
    moves = TEAM_SET_MOVES.get(level, ())
    return [
        [{"card": c, "design": won["design"]} for c in won["cards"]]
        for won in view["sets"]
        if won["design"] == design
        and len(won["cards"]) == 2
        and ("upgrade" if won["owner"] == team else "steal") in moves
    ]


def completion(
    view: dict[str, Any], team: int, touched: list[dict[str, Any]], level: str
) -> list[dict[str, Any]] | None:
    """What completes a teammate's touch: a loose card of its design (or, for one loose card,
    the two cards of a set this level would steal or upgrade)."""
    design, ids = touched[0]["design"], {entry["card"] for entry in touched}
    loose = [entry for entry in loose_cards(view) if entry["design"] == design and entry["card"] not in ids]
    if loose or len(touched) == 2:
        return loose[:1] or None
    sets = set_partners(view, team, design, level)
    return sets[0] if sets else None


def team_touch(view: dict[str, Any], state: dict[str, Any], seat: int, level: str) -> dict[str, Any] | None:
    """Team mode: complete a teammate's touch if a card matches it (an easy hand may slip onto
    a card of another design), else touch one loose card of a match."""
    team = next(i for i, seats in enumerate(view["teams"]) if seat in seats)
    for touch in view["touches"]:
        if touch["seat"] != seat and touch["seat"] in view["teams"][team]:
            cards = completion(view, team, touch["cards"], level)
            if cards:
                if slips(state, seat, touch["cards"] + cards, level):
                    cards = cast("list[dict[str, Any]]", near_miss(view, touch["cards"][:1]))[1:] or cards
                return {"type": "touch", "cards": cards}
    if any(t["seat"] == seat for t in view["touches"]):
        return None  # our hand is already down, waiting for a teammate
    for entry in loose_cards(view):
        if set_partners(view, team, entry["design"], level):
            return {"type": "touch", "cards": [entry]}  # a steal or upgrade, for a teammate to finish
    for claim in true_claims(view, seat):
        if len(claim) == 2:
            return {"type": "touch", "cards": claim[:1]}
    return None


def choose(engine: Engine, state: dict[str, Any], seat: int, rng: random.Random, level: str) -> dict[str, Any] | None:
    """The bot's next action for `seat`, or None to wait."""
    view = engine.view(state, seat)
    if view["phase"] != PLAYING:
        return None
    if view["locked_until"][seat] <= view["clock"]:
        if view["mode"] == "team":
            touch = team_touch(view, state, seat, level)
            if touch:
                return touch
        else:
            claims = true_claims(view, seat)
            if claims:
                slip = near_miss(view, claims[0]) if slips(state, seat, claims[0], level) else None
                return {"type": "claim", "cards": slip or claims[0]}
    if view["mode"] == "coop":
        return {"type": "flip"} if view["stock"]["count"] else None
    return {"type": "flip"} if view["active"] == seat else None


def reaction_ms(action: dict[str, Any], level: str, rng: random.Random) -> int:
    """How long the bot takes before sending `action`."""
    low, high = FLIP_MS if action["type"] == "flip" else REACTION_MS.get(level, REACTION_MS["normal"])
    return rng.randint(low, high)
