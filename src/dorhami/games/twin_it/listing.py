"""Twin It legal-action listing (§4.10): the concrete claims and touches of a board."""

from __future__ import annotations

from itertools import combinations
from typing import Any, cast

from .state import entry_dicts, loose_cards, pair_sets, shows

# Coop L3 claims are every three loose cards: C(n, 3) grows to 400,000 with the whole deck in
# the centre, so the list names the L3s of the lowest-numbered loose cards only. The cut depends
# on card ids alone (random labels per game), never on a design, so it hints at no match.
L3_LISTED_CARDS = 24


def claim_actions(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Every P and T shape of visible cards as claims, matching or not; in coop also every L3 of
    the L3_LISTED_CARDS lowest-numbered loose cards (apply accepts every L3; the list stops there).

    One {card, design} entry object per card is shared by all the claims naming that card: the
    list can hold thousands of claims, so treat the listed actions as read-only.
    """
    loose = loose_cards(state)
    entries: list[dict[str, Any]] = [{"card": card, "design": shows(state, card)} for card in loose]
    claims: list[dict[str, Any]] = [
        {"type": "claim", "cards": [a, b]} for i, a in enumerate(entries) for b in entries[i + 1 :]
    ]
    for won in pair_sets(state):
        held = entry_dicts(sorted(won["cards"]), state)
        claims += [{"type": "claim", "cards": sorted(held + [entry], key=card_id)} for entry in entries]
    if state["mode"] == "coop":
        lowest = entries[:L3_LISTED_CARDS]  # loose_cards is in ascending id order
        claims += [{"type": "claim", "cards": list(triple)} for triple in combinations(lowest, 3)]
    return claims


def board_key(state: dict[str, Any]) -> tuple[Any, ...]:
    """What the claim list depends on: the loose cards with their designs, and the won pairs."""
    loose = loose_cards(state)
    faces, side = state["faces"], state["side"]
    designs = tuple([faces[2 * card + side[card]] for card in loose])
    pairs = tuple((tuple(won["cards"]), won["design"]) for won in pair_sets(state))
    return state["mode"], tuple(loose), designs, pairs


def card_id(entry: dict[str, Any]) -> int:
    return cast("int", entry["card"])


def touch_actions(state: dict[str, Any]) -> list[dict[str, Any]]:
    """A touch of every loose-visible card, and of every won set of size 2."""
    targets = [[card] for card in loose_cards(state)] + [sorted(won["cards"]) for won in pair_sets(state)]
    return [{"type": "touch", "cards": entry_dicts(cards, state)} for cards in targets]
