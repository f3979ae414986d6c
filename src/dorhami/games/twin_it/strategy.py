"""A Twin It bot's eye: from the public view, the claim a player would make now, and how long
they would take to see it (docs/bots-race-model.md has the model and its sources).

Reaction: a visual search. The time to spot a match grows with the cards on view (every
loose-visible card, and every pair a steal could target), drawn ex-Gaussian per level:
mu = base + slope × items, a Gaussian spread sigma and an exponential tail tau. The levels'
distributions overlap, so a slower level still wins some races.

Slips: at every level a claim may go wrong, more often the more cards are on view (the pressure
of a rival likely to find something soon). A slip claims the match's first card with a look-alike
(a design of the same family, one parameter away, §2.2) if one is on view, else with any other
card: a legal claim that the rules penalise (§4.6). The slip and the reaction are drawn once per
plan from the rng the table gives, and ride on the action (`Planned`) to `reaction_ms`, so a plan
kept across unrelated changes keeps both.

In team mode an easy hand slips at about TEAM_SLIP, normal bots also steal and hard ones steal or
upgrade (TEAM_SET_MOVES); all stay legal touches (§4.8).
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import TYPE_CHECKING, Any, cast

from .state import PLAYING

if TYPE_CHECKING:
    from ...engine.contract import Engine


class Planned(dict):  # type: ignore[type-arg]
    """An action (the dict the engine judges) with the bot's drawn reaction time beside it, not in it."""

    reaction: int


# Per level: mu = BASE + SLOPE × items (ms), then a Gaussian spread SIGMA × mu and an exponential
# tail of mean TAU × mu (ex-Gaussian; spread and tail grow with the search, as in search data).
# SLIP: the chance a claim goes wrong, BASE + PER_ITEM × items (the more on view, the more hurry).
REACTION = {
    "easy": {"base": 800, "slope": 40, "sigma": 0.15, "tau": 0.35},
    "normal": {"base": 750, "slope": 37, "sigma": 0.15, "tau": 0.35},
    "hard": {"base": 700, "slope": 35, "sigma": 0.15, "tau": 0.35},
}
SLIP = {
    "easy": {"base": 0.03, "per_item": 0.0015},
    "normal": {"base": 0.02, "per_item": 0.001},
    "hard": {"base": 0.01, "per_item": 0.0006},
}
FASTEST_MS = 250  # no reaction to a new sight is quicker (anticipations are not reactions)
FLIP_MS = (500, 1100)
# Team mode keeps a fixed per-claim slip (a touch is half a claim; its timing is the same model).
TEAM_SLIP = {"easy": 0.08, "normal": 0.04, "hard": 0.02}


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
    """Team mode: whether `seat` fumbles this touch: one fixed draw per (seat, cards, the table's
    mistakes), so a re-plan keeps it and only a mistake (a slip counts one) rolls again."""
    key = ",".join(str(entry["card"]) for entry in cards)
    draw = random.Random(f"twin-it:{seat}:{sum(state['mistakes'])}:{key}").random()
    return draw < TEAM_SLIP.get(level, 0.0)


def items_on_view(view: dict[str, Any]) -> int:
    """What the eye searches for a match: every loose-visible card and every pair a steal could take."""
    return len(loose_cards(view)) + sum(1 for won in view["sets"] if len(won["cards"]) == 2)


def draw_reaction(level: str, items: int, rng: random.Random) -> int:
    """One ex-Gaussian reaction (ms) of `level` to a view of `items` things to search."""
    model = REACTION.get(level, REACTION["normal"])
    mu = model["base"] + model["slope"] * items
    drawn = rng.gauss(mu, model["sigma"] * mu) + rng.expovariate(1 / (model["tau"] * mu))
    return max(FASTEST_MS, round(drawn))


def slip_chance(level: str, items: int) -> float:
    model = SLIP.get(level, SLIP["normal"])
    return min(0.5, model["base"] + model["per_item"] * items)


def look_alike(design: int, other: int) -> bool:
    """Designs of one family (d mod 30) differ in one drawing parameter (§2.2)."""
    return design % 30 == other % 30


def near_miss(view: dict[str, Any], cards: list[dict[str, Any]], rng: random.Random) -> list[dict[str, Any]] | None:
    """A slip on `cards`: their first card with a look-alike of another design, or any other card."""
    first = cards[0]
    others = [entry for entry in loose_cards(view) if entry["design"] != first["design"]]
    if not others:
        return None
    alike = [entry for entry in others if look_alike(entry["design"], first["design"])]
    return claim_of([first, rng.choice(alike or others)])


def team_miss(view: dict[str, Any], cards: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """Team mode's slip: the touch's first card with a fixed loose card of another design."""
    first = cards[0]
    others = [entry for entry in loose_cards(view) if entry["design"] != first["design"]]
    if not others:
        return None
    return claim_of([first, random.Random(f"twin-it:miss:{first['card']}").choice(others)])


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
                    cards = cast("list[dict[str, Any]]", team_miss(view, touch["cards"][:1]))[1:] or cards
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


def claim_plan(view: dict[str, Any], seat: int, rng: random.Random, level: str) -> Planned | None:
    """The best match, or a slip on it, with the reaction drawn for this view."""
    claims = true_claims(view, seat)
    if not claims:
        return None
    items = items_on_view(view)
    reaction = draw_reaction(level, items, rng)
    cards = claims[0]
    if rng.random() < slip_chance(level, items):
        cards = near_miss(view, cards, rng) or cards
    planned = Planned(type="claim", cards=cards)
    planned.reaction = reaction
    return planned


def choose(engine: Engine, state: dict[str, Any], seat: int, rng: random.Random, level: str) -> dict[str, Any] | None:
    """The bot's next action for `seat`, or None to wait."""
    view = engine.view(state, seat)
    if view["phase"] != PLAYING:
        return None
    if view["locked_until"][seat] <= view["clock"]:
        if view["mode"] == "team":
            touch = team_touch(view, state, seat, level)
            if touch:
                planned = Planned(touch)
                planned.reaction = draw_reaction(level, items_on_view(view), rng)
                return planned
        else:
            claim = claim_plan(view, seat, rng, level)
            if claim:
                return claim
    if view["mode"] == "coop":
        return {"type": "flip"} if view["stock"]["count"] else None
    return {"type": "flip"} if view["active"] == seat else None


def reaction_ms(action: dict[str, Any], level: str, rng: random.Random) -> int:
    """How long the bot takes before sending `action`: the reaction drawn with a claim's plan (a
    copy of the action without it gets one for a mid-game table of 12 cards), or a flip's time."""
    if action["type"] == "flip":
        return rng.randint(*FLIP_MS)
    reaction = getattr(action, "reaction", None)
    return reaction if reaction is not None else draw_reaction(level, 12, rng)
