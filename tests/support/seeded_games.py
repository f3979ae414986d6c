"""Seeded random games of every variant worth covering, played through the engine contract and
reported input by input (the leak scanner, tests/support/leaks.py, checks each change as it happens).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from dorhami.engine import Engine, IllegalAction, State
from dorhami.games.double_connect.components import common
from dorhami.games.twin_it.state import loose_cards, pair_sets, shows

SEED_BASE = 7_340_000_000_017  # large, so the seed's digits are recognisable in any frame
MAX_INPUTS = 20_000


@dataclass(frozen=True)
class Variant:
    """One player count and config worth covering."""

    label: str
    players: int
    config: dict = field(default_factory=dict)


def _variants(*rows: tuple) -> list[Variant]:
    return [Variant(label, players, config) for label, players, config in rows]


COMPETITIVE_WON_BY_1 = {"forbidden_pattern": True, "previous_winner": 1}
VARIANTS: dict[str, list[Variant]] = {
    "twin-it": _variants(
        *((f"competitive {n}p", n, {}) for n in range(2, 7)),
        ("classic 3p", 3, {"target_sets": 5}),
        ("forbidden 3p", 3, COMPETITIVE_WON_BY_1),
        ("forbidden 5p", 5, COMPETITIVE_WON_BY_1),
        *((f"team {n}p", n, {"mode": "team"}) for n in range(4, 7)),
        *((f"coop {n}p", n, {"mode": "coop"}) for n in (1, 2, 4, 6)),
    ),
    "double-connect": _variants(
        *((f"solo {n}p", n, {}) for n in (2, 3, 5, 8)),
        ("teams 4p", 4, {"mode": "teams"}),
        ("teams 6p of 3", 6, {"mode": "teams", "team_size": 3}),
        ("teams 8p of 4", 8, {"mode": "teams", "team_size": 4}),
        ("own-team 6p", 6, {"mode": "teams", "team_targets": "own_team"}),
    ),
    "camel-up-cards": _variants(
        *((f"{n}p", n, {}) for n in range(2, 7)),
        *(
            (f"classic {n}p", n, {"stack_leader": "top", "start_order": "random", "wrong_bet_penalty": 1})
            for n in (3, 5)
        ),
    ),
    "jekyll-vs-hyde": _variants(
        ("single", 2, {}),
        ("greed 2", 2, {"greed_exchange_count": 2}),
        ("trick history", 2, {"show_trick_history": True}),
        ("return match", 2, {"match_mode": "return_match"}),
        ("return match, greed 2", 2, {"match_mode": "return_match", "greed_exchange_count": 2}),
        ("no timers", 2, {"timers_enabled": False}),
    ),
    "queendomino": _variants(
        *((f"{n}p", n, {}) for n in (2, 3, 4)),
        ("terrain matching 3p", 3, {"terrain_matching": True}),
        ("display +0 2p", 2, {"display_extra": 0}),
        ("display +1 4p", 4, {"display_extra": 1}),
        ("no clock 3p", 3, {"turn_seconds": 0}),
    ),
}


# -- the random driver ---------------------------------------------------------------------------


def _twin_it_candidates(engine: Engine, state: State, seat: int, rng: random.Random) -> list[dict]:
    """A few of the seat's inputs, built from the visible cards: listing every claim (hundreds once the
    centre fills) would cost more than the whole scan. `apply` still judges each one."""
    kinds = {a["type"] for a in engine.compact_legal_actions(state, seat)}
    loose = [{"card": card, "design": shows(state, card)} for card in loose_cards(state)]
    by_design: dict[int, list[dict]] = {}
    for entry in loose:
        by_design.setdefault(entry["design"], []).append(entry)
    held = [[{"card": c, "design": won["design"]} for c in won["cards"]] for won in pair_sets(state)]
    actions = [{"type": "flip"}] if "flip" in kinds else []
    if "turn_over" in kinds:
        actions += [
            {"type": "turn_over", **e}
            for e in rng.sample(loose, min(2, len(loose)))
            if state["zone"][e["card"]] == "centre"
        ]
    if "claim" in kinds:
        pairs = [rng.sample(loose, 2) for _ in range(3) if len(loose) > 1]
        pairs += [group[:2] for group in by_design.values() if len(group) > 1]
        pairs += [pair + [e] for pair in held for e in by_design.get(pair[0]["design"], [])]
        if held and loose:
            pairs.append(rng.choice(held) + [rng.choice(loose)])
        if state["mode"] == "coop":
            pairs += [group[:3] for group in by_design.values() if len(group) > 2]
        actions += [{"type": "claim", "cards": sorted(cards, key=_card_id)} for cards in pairs]
    if "touch" in kinds:
        singles = [e for group in by_design.values() if len(group) > 1 for e in group]
        singles += rng.sample(loose, min(3, len(loose)))
        actions += [{"type": "touch", "cards": [e]} for e in singles] + [{"type": "touch", "cards": h} for h in held]
    return actions


def _card_id(entry: dict) -> int:
    return entry["card"]


def _twin_it_sensible(state: State, seat: int, actions: list[dict]) -> list[dict]:
    """Matching claims, or touches a teammate can complete: random claims would nearly all be mistakes."""
    if state["mode"] != "team":
        return [a for a in actions if a["type"] == "claim" and len({e["design"] for e in a["cards"]}) == 1]
    singles = [a for a in actions if a["type"] == "touch" and len(a["cards"]) == 1]
    wanted = {t["cards"][0]["design"] for t in state["touches"] if t["seat"] % 2 == seat % 2 and t["seat"] != seat}
    if wanted:
        return [a for a in singles if a["cards"][0]["design"] in wanted]
    counts = Counter(a["cards"][0]["design"] for a in singles)
    return [a for a in singles if counts[a["cards"][0]["design"]] > 1]


def _double_connect_sensible(state: State, seat: int, actions: list[dict]) -> list[dict]:
    return [a for a in actions if a["symbol"] == common(a["card"], a["target"])]


def _listed(engine: Engine, state: State, seat: int, rng: random.Random) -> list[dict]:
    return engine.legal_actions(state, seat)


CANDIDATES = {"twin-it": _twin_it_candidates}
# Real-time games: picking among every listed claim would almost never make a right one, and the
# secrets of a game that ends only by its time cap are exercised less.
SENSIBLE: dict[str, Callable[[State, int, list[dict]], list[dict]]] = {
    "twin-it": _twin_it_sensible,
    "double-connect": _double_connect_sensible,
}


def play(
    engine: Engine,
    variant: Variant,
    seed: int,
    on_start: Callable,
    on_change: Callable,
    wait_chance: float = 0.05,
    sensible_chance: float = 0.4,
) -> None:
    """One seeded random game to its end; `on_change(pre, seat|None, action|None, now, post, events)`."""
    rng = random.Random(seed)
    now = 0
    state = engine.setup(variant.players, seed, variant.config, now_ms=now)
    on_start(state)
    sensible = SENSIBLE.get(engine.slug)
    candidates = CANDIDATES.get(engine.slug, _listed)
    for _ in range(MAX_INPUTS):
        if engine.result(state) is not None:
            return
        deadline = engine.next_deadline(state)
        seat, actions = _some_seat(engine, state, variant.players, rng, candidates)
        if not actions or (deadline is not None and rng.random() < wait_chance):
            if deadline is None:
                raise AssertionError(f"{engine.slug} seed {seed}: no legal action and no timer")
            now = max(now, deadline)
            post, events = engine.advance(state, now)
            on_change(state, None, None, now, post, events)
        else:
            better = sensible(state, seat, actions) if sensible and rng.random() < sensible_chance else []
            action = rng.choice(better or actions)
            latest = deadline - 1 if deadline is not None else now + 2000
            now = rng.randint(now, max(now, latest)) if rng.random() < 0.5 else now
            try:
                post, events = engine.apply(state, seat, action, now)
            except IllegalAction as refusal:
                if candidates is _listed:
                    raise AssertionError(f"{engine.slug} seed {seed}: listed {action} refused: {refusal!r}") from None
                continue  # a built input the rules refuse (say, a claim shaped wrong): nothing changed
            on_change(state, seat, action, now, post, events)
        state = post
    raise AssertionError(f"{engine.slug} seed {seed}: no end within {MAX_INPUTS} inputs")


def _some_seat(
    engine: Engine, state: State, players: int, rng: random.Random, candidates: Callable
) -> tuple[int | None, list]:
    for seat in rng.sample(range(players), players):
        actions = candidates(engine, state, seat, rng)
        if actions:
            return seat, actions
    return None, []


def playout_plan(slug: str, playouts: int) -> list[tuple[Variant, int]]:
    """(variant, seed) of each playout: the variants in turn, seeds counting up from SEED_BASE."""
    variants = VARIANTS[slug]
    return [(variants[i % len(variants)], SEED_BASE + i) for i in range(playouts)]
