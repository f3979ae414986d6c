"""Hand-built Twin It tables for the scenario tests: every card starts set aside (in no list)."""

from __future__ import annotations

from random import Random

from dorhami.games.twin_it.rules import ENGINE
from dorhami.games.twin_it.state import CENTRE, PILE, SET, STOCK

SEED = 20240611
FILLER = (117, 118)  # unlisted cards show a decoy design that no scenario uses


def seed_with_first(players: int, first: int) -> int:
    """A seed whose first RNG draw (§3 step 1) picks `first`."""
    return next(seed for seed in range(1000) if Random(seed).randrange(players) == first)


def playing(players: int = 3, config: dict | None = None, now: int = 3000) -> dict:
    """A PLAYING table at `now`: an empty centre, no turn, each pile 2 filler cards (ids 123+)."""
    config = dict(config or {})
    config.setdefault("start_countdown_ms", 3000)
    state = ENGINE.setup(players, SEED, config, now_ms=now - config["start_countdown_ms"])
    state, _ = ENGINE.advance(state, now)
    state["faces"] = list(FILLER) * 135
    state["side"] = [0] * 135
    state["zone"], state["spot"] = [PILE] * 135, [0] * 135
    state["piles"] = [[] for _ in range(players)]
    state["centre"], state["stock"], state["forbidden"], state["forbidden_designs"] = [], [], [], []
    state["active"], state["flip_deadline"], state["last_call_deadline"] = None, None, None
    for seat in range(players):
        state["piles"][seat] = [123 + 2 * seat, 124 + 2 * seat]
        for card in state["piles"][seat]:
            state["spot"][card] = seat
    return state


def paint(state: dict, card: int, shown: int, hidden: int = 118) -> None:
    """Give `card` the faces shown/hidden, with `shown` turned up."""
    state["faces"][2 * card], state["faces"][2 * card + 1] = shown, hidden
    state["side"][card] = 0


def pile(state: dict, seat: int, cards: list, filler: int = 0, first_filler: int = 100) -> None:
    """Seat's pile, top first: (card, shown, hidden) triples, then `filler` set-aside cards."""
    for card, shown, hidden in cards:
        paint(state, card, shown, hidden)
    ids = [card for card, _, _ in cards] + spare_cards(state, filler, first_filler)
    state["piles"][seat] = ids
    for card in ids:
        state["zone"][card], state["spot"][card] = PILE, seat


def spare_cards(state: dict, count: int, start: int) -> list[int]:
    """`count` set-aside cards from id `start` up."""
    used = {c for p in state["piles"] for c in p} | {c for c in state["centre"] if c is not None}
    used |= {c for s in state["sets"] for c in s["cards"]} | set(state["forbidden"])
    return [c for c in range(start, 135) if c not in used][:count]


def centre(state: dict, slots: dict) -> None:
    """Centre cards {slot: (card, shown, hidden)}; other slots stay free."""
    size = max(slots) + 1 if slots else 0
    state["centre"] = [None] * size
    for slot, (card, shown, hidden) in slots.items():
        paint(state, card, shown, hidden)
        state["centre"][slot] = card
        state["zone"][card], state["spot"][card] = CENTRE, slot


def stock(state: dict, cards: list) -> None:
    """The coop stock, top first."""
    for card, shown, hidden in cards:
        paint(state, card, shown, hidden)
        state["zone"][card] = STOCK
    state["stock"] = [card for card, _, _ in cards]


def won_set(state: dict, owner, cards: list[int], design: int, acquired_seq: int | None = None) -> dict:
    """A won set (the next set id), each card showing `design`."""
    for card in cards:
        paint(state, card, design, 118)
    seq = acquired_seq if acquired_seq is not None else state["claim_seq"]
    won = {"id": state["next_set_id"], "owner": owner, "cards": sorted(cards), "design": design, "acquired_seq": seq}
    state["next_set_id"] += 1
    state["claim_seq"] = max(state["claim_seq"], seq)
    state["sets"].append(won)
    for card in cards:
        state["zone"][card], state["spot"][card] = SET, won["id"]
    return won


def sets_of(state: dict, owner) -> list[dict]:
    return [s for s in state["sets"] if s["owner"] == owner]


def turn(state: dict, active, flip_deadline) -> None:
    state["active"], state["flip_deadline"] = active, flip_deadline


def claim(*cards: tuple[int, int]) -> dict:
    return {"type": "claim", "cards": [{"card": c, "design": d} for c, d in cards]}


def touch(*cards: tuple[int, int]) -> dict:
    return {"type": "touch", "cards": [{"card": c, "design": d} for c, d in cards]}


FLIP = {"type": "flip"}
