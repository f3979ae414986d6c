"""Twin It state shape, action parsing and the visibility queries of §4.3.

The state is a JSON-safe dict:

- ``mode``, ``config`` (full, validated), ``players`` (n), ``target`` (sets to win; None in coop)
- ``phase``: ``COUNTDOWN`` | ``PLAYING`` | ``FINISHED``; ``step``; ``clock`` (the ``now_ms`` of the
  latest apply or timer, at which ``legal_actions`` judges lockouts, §4.10)
- cards, indexed by card id: ``faces`` (secret; flat: card c has face0 = faces[2c] and
  face1 = faces[2c+1]), ``side`` (which face shows: a
  pile card's ``up``, a centre card's ``showing``, a set card's design face, a forbidden card's 0),
  ``zone`` (``pile`` | ``centre`` | ``set`` | ``forbidden`` | ``stock``) and ``spot`` (the pile's
  seat, the centre slot, the set id; 0 otherwise)
- ``piles`` (per seat, top first), ``stock`` (coop, top first), ``centre`` (card or None per slot)
- ``sets``: ``{id, owner, cards, design, acquired_seq}`` in creation order; an owner is a seat
  (competitive), a team (team mode) or None (coop: the table); ``next_set_id``, ``claim_seq``
- ``mistakes`` (per owner; per seat in coop), ``locked_until`` (per seat), ``points`` (coop)
- ``previous_winner``, ``forbidden`` (the cards of the previous winner's forbidden area),
  ``forbidden_designs``
- ``touches`` (team mode): ``{seat, cards: [{card, design}], at, expires_at}``
- timers: ``countdown_end``, ``play_start``, ``active``, ``flip_deadline``,
  ``last_call_deadline``, ``cap_deadline``, ``coop_end``; ``first``
- the end: ``reason`` and ``target_owner`` (who reached the target, if anyone)

Nothing edits a state after a move has returned it: later states share its unchanged lists and
dicts (copying.py).
"""

from __future__ import annotations

from typing import Any, TypeGuard, cast

from dorhami.engine import IllegalAction

from .components import CARD_COUNT, DESIGN_COUNT

PILE, CENTRE, SET, FORBIDDEN, STOCK = "pile", "centre", "set", "forbidden", "stock"
COUNTDOWN, PLAYING, FINISHED = "COUNTDOWN", "PLAYING", "FINISHED"


# -- actions --------------------------------------------------------------------------------


def is_id(value: object, limit: int) -> TypeGuard[int]:
    """An integer (not a bool) in 0..limit-1."""
    if type(value) is int:  # the usual case, checked first: every card of every claim passes here
        return 0 <= value < limit
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < limit


def parse_entries(action: dict[str, Any], sizes: tuple[int, ...]) -> list[tuple[int, int]]:
    """The (card, design) entries of a claim or touch; raises malformed (§4.5 step 2)."""
    entries = action.get("cards")
    if not isinstance(entries, list) or len(entries) not in sizes:
        raise IllegalAction("malformed", f"expected {' or '.join(map(str, sizes))} cards, but got {entries!r}")
    parsed: list[tuple[int, int]] = []
    for entry in entries:
        card = design = None
        if isinstance(entry, dict):
            card, design = entry.get("card"), entry.get("design")
        if not (is_id(card, CARD_COUNT) and is_id(design, DESIGN_COUNT)):
            raise IllegalAction("malformed", f"expected {{card: 0..134, design: 0..118}}, but got {entry!r}")
        parsed.append((card, design))
    if len({card for card, _ in parsed}) != len(parsed):
        raise IllegalAction("malformed", "the same card was named twice")
    return parsed


def parse_turn_over(action: dict[str, Any]) -> tuple[int, int]:
    """The (card, design) of a coop turn_over; raises malformed."""
    card, design = action.get("card"), action.get("design")
    if not is_id(card, CARD_COUNT) or not is_id(design, DESIGN_COUNT):
        raise IllegalAction("malformed", f"expected card 0..134 and design 0..118, but got {card!r}, {design!r}")
    return card, design


def entry_dicts(cards: list[int], state: dict[str, Any]) -> list[dict[str, Any]]:
    """Cards as action entries {card, design}, each with the design it shows."""
    return [{"card": card, "design": shows(state, card)} for card in cards]


# -- seats and teams ------------------------------------------------------------------------


def team_of(seat: int) -> int:
    """§2.3: team 0 = even seats, team 1 = odd seats."""
    return seat % 2


def owner_of(state: dict[str, Any], seat: int) -> int | None:
    """Who owns the sets `seat` wins: the seat, its team, or the table (None) in coop."""
    if state["mode"] == "team":
        return team_of(seat)
    if state["mode"] == "coop":
        return None
    return seat


def owner_seats(state: dict[str, Any], owner: int) -> list[int]:
    """The seats that share `owner`'s sets (one seat, or a whole team)."""
    if state["mode"] == "team":
        return list(range(owner, state["players"], 2))  # team_of: the seats of one parity
    return [owner]


# -- visibility (§4.3) ----------------------------------------------------------------------


def shows(state: dict[str, Any], card: int) -> int:
    """The design on the face of `card` that is currently turned up."""
    return cast("int", state["faces"][2 * card + state["side"][card]])


def is_loose_visible(state: dict[str, Any], card: int) -> bool:
    """(a) centre, (b) a pile top, (c) forbidden area, (d) the coop stock top."""
    zone = state["zone"][card]
    if zone == CENTRE or zone == FORBIDDEN:
        return True
    if zone == PILE:
        pile = state["piles"][state["spot"][card]]
        return bool(pile) and pile[0] == card
    return cast("bool", zone == STOCK and state["stock"][0] == card)


def is_fresh(state: dict[str, Any], card: int, design: int) -> bool:
    """Card c is fresh for d: loose- or set-visible now and showing d (D10)."""
    # The design test first: it is the cheaper one, and the one a stale claim usually fails.
    if state["faces"][2 * card + state["side"][card]] != design:
        return False
    return state["zone"][card] == SET or is_loose_visible(state, card)


def loose_cards(state: dict[str, Any]) -> list[int]:
    """Every loose-visible card, in ascending id order."""
    cards = [c for c in state["centre"] if c is not None]
    cards += [pile[0] for pile in state["piles"] if pile]
    cards += state["forbidden"]
    if state["stock"]:
        cards.append(state["stock"][0])
    return sorted(cards)


def has_loose(state: dict[str, Any], count: int) -> bool:
    """Whether at least `count` cards are loose-visible; cheaper than listing them."""
    found = len(state["forbidden"]) + (1 if state["stock"] else 0)
    found += sum(1 for pile in state["piles"] if pile)
    if found >= count:
        return True
    for card in state["centre"]:
        if card is not None:
            found += 1
            if found >= count:
                return True
    return False


def has_pair_set(state: dict[str, Any]) -> bool:
    """Whether some won set has size 2 (a T shape's or a touch's target)."""
    return any(len(won["cards"]) == 2 for won in state["sets"])


def set_of(state: dict[str, Any], card: int) -> dict[str, Any] | None:
    """The won set holding `card`, if any."""
    if state["zone"][card] != SET:
        return None
    set_id = state["spot"][card]
    return cast("dict[str, Any] | None", next(s for s in state["sets"] if s["id"] == set_id))


def pair_sets(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Won sets of size 2: the only sets a T shape or a touch may target."""
    return [s for s in state["sets"] if len(s["cards"]) == 2]


def shape_of(state: dict[str, Any], cards: list[int]) -> str | None:
    """'P', 'T' or 'L3' for fresh `cards`, or None when they form no shape (§4.3)."""
    loose = [c for c in cards if is_loose_visible(state, c)]
    if len(cards) == 2:
        return "P" if len(loose) == 2 else None
    if len(loose) == 3:
        return "L3"
    if len(loose) == 1:
        held = [c for c in cards if c not in loose]
        won = set_of(state, held[0])
        if won is not None and len(won["cards"]) == 2 and sorted(won["cards"]) == sorted(held):
            return "T"
    return None


def locked(state: dict[str, Any], seat: int, now: int) -> bool:
    """A seat's claims (touches) are refused until its lockout ends (D14)."""
    return cast("bool", now < state["locked_until"][seat])
