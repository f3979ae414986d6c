"""Twin It rules: setup, flips, claims, touches, mistakes, timers and the end (rules/twin-it.md)."""

from __future__ import annotations

from random import Random
from typing import Any, cast

from dorhami.engine import Engine, IllegalAction
from dorhami.engine.contract import sides_of

from .actions import ACTIONS
from .components import (
    AUTO_TARGET,
    CARD_COUNT,
    CONFIG_RANGES,
    DEFAULT_CONFIG,
    FORBIDDEN_CARD_COUNT,
    MODE_SEATS,
    MODES,
    PRESETS,
    TARGET_RANGE,
    TEAM_COUNT,
    all_faces,
    multiplicity,
)
from .copying import copy_for_change, own
from .listing import board_key, claim_actions, touch_actions
from .state import (
    CENTRE,
    COUNTDOWN,
    FINISHED,
    FORBIDDEN,
    PILE,
    PLAYING,
    SET,
    STOCK,
    has_loose,
    has_pair_set,
    is_fresh,
    is_id,
    is_loose_visible,
    locked,
    owner_of,
    owner_seats,
    parse_entries,
    parse_turn_over,
    set_of,
    shape_of,
    shows,
    team_of,
)
from .view import view as public_view

# Timer kinds in the order they fire when due at the same ms: an ending first (§4.7: the cap
# "applies whatever else is pending"), then the turn, then the wake-ups that only move the clock.
ENDING, LAST_CALL, FLIP, TOUCH_EXPIRY, LOCKOUT_END = range(5)

# For the lobby: the modes in which a key matters. §4.9: coop has no target, flip timer, last call
# or cap; §6: forbidden patterns are competitive only; §4.8: touches are team mode's.
MODES_OF_KEY = {
    "target_sets": ["competitive", "team"],
    "flip_timeout_ms": ["competitive", "team"],
    "last_call_ms": ["competitive", "team"],
    "max_game_ms": ["competitive", "team"],
    "forbidden_pattern": ["competitive"],
    "team_touch_window_ms": ["team"],
    "coop_duration_ms": ["coop"],
}


# -- config and setup (§3, §6) --------------------------------------------------------------


def check_config(config: dict[str, Any]) -> None:
    """Raise invalid_config for a value or combination §6 does not allow."""

    def bad(message: str) -> IllegalAction:
        return IllegalAction("invalid_config", message)

    if config["mode"] not in MODES:
        raise bad(f"expected mode in {MODES}, but got {config['mode']!r}")
    target = config["target_sets"]
    if target != "auto" and not (is_id(target, TARGET_RANGE[1] + 1) and target >= TARGET_RANGE[0]):
        raise bad(f"expected target_sets 'auto' or 1..30, but got {target!r}")
    for key, (low, high) in CONFIG_RANGES.items():
        value = config[key]
        if not (isinstance(value, int) and not isinstance(value, bool) and low <= value <= high):
            raise bad(f"expected {key} in {low}..{high}, but got {value!r}")
    if not isinstance(config["forbidden_pattern"], bool):
        raise bad(f"expected forbidden_pattern true or false, but got {config['forbidden_pattern']!r}")
    if config["forbidden_pattern"] and config["mode"] != "competitive":
        raise bad("forbidden_pattern is a competitive-mode variant")
    winner = config["previous_winner"]
    if winner is not None and not is_id(winner, MODE_SEATS[config["mode"]][1]):
        raise bad(f"expected previous_winner a seat index or null, but got {winner!r}")


def target_sets(config: dict[str, Any]) -> int | None:
    """The set count that wins: the config's, or "auto" per mode (D17, D20); None in coop."""
    if config["mode"] == "coop":
        return None
    return AUTO_TARGET[config["mode"]] if config["target_sets"] == "auto" else config["target_sets"]


def previous_winner(config: dict[str, Any], previous_result: dict[str, Any] | None, players: int) -> int | None:
    """The config's previous_winner, else the previous game's single winner (§6)."""
    winner = config["previous_winner"]
    if winner is not None:
        if winner >= players:
            raise IllegalAction("invalid_config", f"expected previous_winner below {players}, but got {winner}")
        return cast("int | None", winner)
    if previous_result:
        winner = previous_result.get("previous_winner")
        if winner is None and len(previous_result.get("winners") or []) == 1:
            winner = previous_result["winners"][0]
    return winner if is_id(winner, players) else None


def deal_faces(rng: Random) -> list[int]:
    """§3 step 2: shuffle F until no card has the same design on both faces.

    The result is F itself: card i has face0 = F[2i] and face1 = F[2i+1] (flat, for cheap copies).
    """
    faces = all_faces()
    while True:
        rng.shuffle(faces)
        if all(faces[2 * i] != faces[2 * i + 1] for i in range(CARD_COUNT)):
            return faces


def take_forbidden(order: list[int], faces: list[int]) -> list[int]:
    """§3 step 4: the first 3 cards of `order` with distinct face0 designs of m ≥ 2 (removed)."""
    taken, designs = [], set()
    for card in order:
        design = faces[2 * card]
        if multiplicity(design) >= 2 and design not in designs:
            taken.append(card)
            designs.add(design)
            if len(taken) == FORBIDDEN_CARD_COUNT:
                break
    for card in taken:
        order.remove(card)
    return taken


def new_state(players: int, config: dict[str, Any], now: int) -> dict[str, Any]:
    """The empty table of §3 step 6, before any card is placed."""
    mode = config["mode"]
    owners = TEAM_COUNT if mode == "team" else players
    return {
        "mode": mode,
        "config": config,
        "players": players,
        "target": target_sets(config),
        "phase": COUNTDOWN,
        "step": 0,
        "turn": 0,
        "clock": now,
        "first": None,
        "faces": [],
        "side": [0] * CARD_COUNT,
        "zone": [PILE] * CARD_COUNT,
        "spot": [0] * CARD_COUNT,
        "piles": [[] for _ in range(players)],
        "stock": [],
        "centre": [],
        "sets": [],
        "next_set_id": 0,
        "claim_seq": 0,
        "mistakes": [0] * owners,
        "locked_until": [0] * players,
        "points": 0,
        "previous_winner": None,
        "forbidden": [],
        "forbidden_designs": [],
        "touches": [],
        "countdown_end": now + config["start_countdown_ms"],
        "play_start": None,
        "active": None,
        "flip_deadline": None,
        "last_call_deadline": None,
        "cap_deadline": None,
        "coop_end": None,
        "reason": None,
        "target_owner": None,
    }


def deal(state: dict[str, Any], order: list[int]) -> None:
    """§3 step 5: round-robin from the first player, each card to the bottom with up = 0."""
    if state["mode"] == "coop":
        state["stock"] = order
        for card in order:
            state["zone"][card] = STOCK
        return
    players, first = state["players"], state["first"]
    for k, card in enumerate(order):
        seat = (first + k) % players
        state["piles"][seat].append(card)
        state["spot"][card] = seat


def place_forbidden(state: dict[str, Any], cards: list[int], winner: int) -> None:
    """§3 step 4: the taken cards lie face0 up in the previous winner's forbidden area."""
    state["forbidden"] = cards
    state["forbidden_designs"] = [state["faces"][2 * card] for card in cards]
    for card in cards:
        state["zone"][card], state["spot"][card] = FORBIDDEN, winner


# -- zones ----------------------------------------------------------------------------------


def place_in_centre(state: dict[str, Any], card: int) -> int:
    """Put `card` in the lowest free centre slot, turned to its other face; returns the slot."""
    centre = own(state, "centre")
    try:
        slot = centre.index(None)
        centre[slot] = card
    except ValueError:
        slot = len(centre)
        centre.append(card)
    own(state, "zone")[card], own(state, "spot")[card] = CENTRE, slot
    side = own(state, "side")
    side[card] = 1 - side[card]
    return slot


def take_loose(state: dict[str, Any], card: int) -> None:
    """Remove a loose-visible card from its zone (a pile top reveals the next card)."""
    zone, spot = state["zone"][card], state["spot"][card]
    if zone == CENTRE:
        own(state, "centre")[spot] = None
    elif zone == PILE:
        piles = own(state, "piles")
        piles[spot] = piles[spot][1:]  # a new pile: earlier states share the old one
    elif zone == STOCK:
        state["stock"] = state["stock"][1:]  # a new stock, like a new pile
    elif zone == FORBIDDEN:
        own(state, "forbidden").remove(card)
        # §4.5: a forbidden-area card that is taken frees its design.
        own(state, "forbidden_designs").remove(shows(state, card))


def top_entry(state: dict[str, Any], pile: list[int]) -> dict[str, Any] | None:
    """A pile's (or the stock's) top as {card, design}, or None when empty."""
    return {"card": pile[0], "design": shows(state, pile[0])} if pile else None


# -- turns (§4.4) ---------------------------------------------------------------------------


def turn_event(state: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "turn",
        "active": state["active"],
        "flip_deadline": state["flip_deadline"],
        "last_call_deadline": state["last_call_deadline"],
    }


def select_active(state: dict[str, Any], start: int, now: int) -> list[dict[str, Any]]:
    """The first seat from `start` clockwise with cards flips next; none left starts the last call."""
    players = state["players"]
    state["turn"] += 1  # a flip meant for an earlier turn is stale (`TwinItEngine.step`)
    for i in range(players):
        seat = (start + i) % players
        if state["piles"][seat]:
            state["active"], state["flip_deadline"] = seat, now + state["config"]["flip_timeout_ms"]
            state["last_call_deadline"] = None
            return [turn_event(state)]
    state["active"], state["flip_deadline"] = None, None
    state["last_call_deadline"] = now + state["config"]["last_call_ms"]  # D15
    return [turn_event(state)]


def flip_top(state: dict[str, Any], seat: int, now: int, auto: bool) -> list[dict[str, Any]]:
    """§4.5 flip(): the seat's top card goes to the centre on its other face; the turn moves on."""
    card = state["piles"][seat][0]
    take_loose(state, card)
    slot = place_in_centre(state, card)
    events = [
        {
            "type": "flipped",
            "seat": seat,
            "card": card,
            "design": shows(state, card),
            "slot": slot,
            "auto": auto,
            "new_top": top_entry(state, state["piles"][seat]),
        }
    ]
    return events + select_active(state, seat + 1, now)


def flip_stock(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """§4.9 coop flip(): the stock top goes to the centre on its other face."""
    card = state["stock"][0]
    take_loose(state, card)
    slot = place_in_centre(state, card)
    return [
        {
            "type": "flipped",
            "seat": seat,
            "card": card,
            "design": shows(state, card),
            "slot": slot,
            "auto": False,
            "new_top": top_entry(state, state["stock"]),
        }
    ]


def start_play(state: dict[str, Any], now: int) -> list[dict[str, Any]]:
    """§4.2: the countdown ends; competitive/team get a turn and a cap, coop its end time."""
    state["phase"], state["play_start"] = PLAYING, now
    tops = [top_entry(state, pile) for pile in state["piles"]]
    if state["mode"] == "coop":
        state["coop_end"] = now + state["config"]["coop_duration_ms"]
        return [{"type": "started", "tops": [top_entry(state, state["stock"])]}]
    state["cap_deadline"] = now + state["config"]["max_game_ms"]  # D16
    return [{"type": "started", "tops": tops}] + select_active(state, state["first"], now)


# -- sets and the end (§5) ------------------------------------------------------------------


def owner_key(state: dict[str, Any], owner: int | None) -> int:
    """Index of an owner in per-owner lists (the table of coop uses index 0 for its sets)."""
    return 0 if owner is None else owner


def tally(state: dict[str, Any]) -> tuple[list[int], list[int]]:
    """Sets and cards_in_sets per owner (per seat, per team; coop: one entry for the table)."""
    owners = TEAM_COUNT if state["mode"] == "team" else state["players"]
    sets, cards = [0] * owners, [0] * owners
    for won in state["sets"]:
        key = owner_key(state, won["owner"])
        sets[key] += 1
        cards[key] += len(won["cards"])
    return sets, cards


def standings(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Each seat (team) with sets, cards_in_sets, mistakes and rank, best first (§5, D18)."""
    sets, cards = tally(state)
    if state["mode"] == "coop":
        return [
            {"seat": s, "sets": sets[0], "cards_in_sets": cards[0], "mistakes": state["mistakes"][s], "rank": 1}
            for s in range(state["players"])
        ]
    keys = [(sets[o], cards[o], -state["mistakes"][o]) for o in range(len(sets))]
    rows = []
    for owner in sorted(range(len(keys)), key=lambda o: (tuple(-k for k in keys[o]), o)):
        row = {
            "sets": sets[owner],
            "cards_in_sets": cards[owner],
            "mistakes": state["mistakes"][owner],
            "rank": 1 + sum(key > keys[owner] for key in keys),
        }
        if state["mode"] == "team":
            rows.append({"team": owner, "seats": owner_seats(state, owner), **row})
        else:
            rows.append({"seat": owner, **row})
    return rows


def result_of(state: dict[str, Any]) -> dict[str, Any]:
    """§5 result: winners, scores (set counts; coop: points), ranking, reason, standings."""
    table = standings(state)
    rank_of_seat = {}
    for row in table:
        for seat in row.get("seats", [row.get("seat")]):
            rank_of_seat[seat] = row["rank"]
    sets, _ = tally(state)
    mode, players = state["mode"], state["players"]
    if mode == "coop":
        winners, scores = [], {str(s): state["points"] for s in range(players)}
    else:
        if state["target_owner"] is not None:
            winners = owner_seats(state, state["target_owner"])
        else:
            winners = sorted(s for s, rank in rank_of_seat.items() if rank == 1)
        scores = {str(s): sets[cast("int", owner_of(state, s))] for s in range(players)}  # not coop: owned
    result = {
        "winners": winners,
        "scores": scores,
        "ranking": sorted(range(players), key=lambda s: (rank_of_seat[s], s)),
        "reason": state["reason"],
        "standings": table,
        # The next game's forbidden patterns need the single previous winner (§6).
        "previous_winner": winners[0] if len(winners) == 1 else None,
    }
    if mode == "coop":
        result["points"] = state["points"]
    return result


def finish(state: dict[str, Any], reason: str, target_owner: int | None = None) -> list[dict[str, Any]]:
    """FINISHED: no turn, no timers, no touches; everyone is told the standings."""
    state["phase"], state["reason"], state["target_owner"] = FINISHED, reason, target_owner
    state["active"] = state["flip_deadline"] = state["last_call_deadline"] = None
    state["touches"] = []
    result = result_of(state)
    return [{"type": "game_over", "reason": reason, "winners": result["winners"], "standings": result["standings"]}]


# -- claims (§4.5) --------------------------------------------------------------------------


def third_copy(state: dict[str, Any], design: int, claimed: list[int]) -> int | None:
    """D12: the design's third copy already showing in the centre or on a pile top, if any."""
    faces = state["faces"]
    # Only a card with `design` on a face can show it: look those up (in id order) in `faces`
    # rather than trying all 135 cards on every pair won.
    index = -1
    while True:
        try:
            index = faces.index(design, index + 1)
        except ValueError:
            return None
        card = index // 2
        if card not in claimed and shows(state, card) == design:
            zone = state["zone"][card]
            if zone == CENTRE or (zone == PILE and is_loose_visible(state, card)):
                return cast("int | None", card)


def set_won_event(won: dict[str, Any], kind: str, by_seats: list[int], from_owner: int | None) -> dict[str, Any]:
    return {
        "type": "set_won",
        "kind": kind,
        "set_id": won["id"],
        "owner": won["owner"],
        "by_seats": by_seats,
        "cards": sorted(won["cards"]),
        "design": won["design"],
        "from_owner": from_owner,
    }


def new_set(state: dict[str, Any], owner: int | None, cards: list[int], design: int) -> dict[str, Any]:
    """Take loose `cards` into a new set with the next id."""
    for card in cards:
        take_loose(state, card)
    won = {
        "id": state["next_set_id"],
        "owner": owner,
        "cards": sorted(cards),
        "design": design,
        "acquired_seq": state["claim_seq"],
    }
    state["next_set_id"] += 1
    own(state, "sets").append(won)
    zone, spot = own(state, "zone"), own(state, "spot")
    for card in cards:
        zone[card], spot[card] = SET, won["id"]
    return won


def win_pair(
    state: dict[str, Any], owner: int | None, cards: list[int], design: int, by_seats: list[int]
) -> list[dict[str, Any]]:
    """P: a new set; a third copy that was already showing is turned over (D12), except in coop."""
    third = None if state["mode"] == "coop" else third_copy(state, design, cards)
    won = new_set(state, owner, cards, design)
    events = [set_won_event(won, "pair", by_seats, None)]
    if third is not None:
        side = own(state, "side")
        side[third] = 1 - side[third]
        events.append(
            {"type": "turned_over", "card": third, "zone": state["zone"][third], "design": shows(state, third)}
        )
    return events


def win_triple(state: dict[str, Any], owner: int | None, cards: list[int], by_seats: list[int]) -> list[dict[str, Any]]:
    """T: the loose card joins the targeted pair, which passes to `owner` (D11: steal or upgrade)."""
    loose = next(card for card in cards if is_loose_visible(state, card))
    target = cast("dict[str, Any]", set_of(state, next(card for card in cards if card != loose)))  # T: a won pair
    take_loose(state, loose)
    own(state, "zone")[loose], own(state, "spot")[loose] = SET, target["id"]
    # A new dict, not an edit: earlier states share the old one (copying.py).
    won = {**target, "cards": sorted(target["cards"] + [loose]), "owner": owner, "acquired_seq": state["claim_seq"]}
    sets = own(state, "sets")
    sets[next(i for i, s in enumerate(sets) if s is target)] = won
    previous = target["owner"]
    kind = "upgrade" if previous == owner else "steal"
    return [set_won_event(won, kind, by_seats, previous)]


def succeed(
    state: dict[str, Any], seat: int, cards: list[int], shape: str, design: int, now: int, by_seats: list[int]
) -> list[dict[str, Any]]:
    """§4.5 step 7 (and §4.9): award the set, score, then the win check or the next turn."""
    state["claim_seq"] += 1
    owner = owner_of(state, seat)
    if shape == "P":
        events = win_pair(state, owner, cards, design, by_seats)
    elif shape == "T":
        events = win_triple(state, owner, cards, by_seats)
    else:
        events = [set_won_event(new_set(state, owner, cards, design), "triple", by_seats, None)]
    if state["mode"] == "coop":
        # D21: a pair is 1 point, a triple 2 in total, whether made at once or by upgrading.
        state["points"] += 2 if shape == "L3" else 1
        return events + [{"type": "points", "points": state["points"]}]
    if tally(state)[0][cast("int", owner)] >= state["target"]:  # not coop: owned
        return events + finish(state, "target", owner)
    return events + select_active(state, seat, now)


def mistake(
    state: dict[str, Any], seats: list[int], seat: int, claimed: list[tuple[int, int]], now: int
) -> list[dict[str, Any]]:
    """§4.6: lock the offenders; the owner's latest set goes to the bottom of `seat`'s pile (D13)."""
    owner = owner_of(state, seat)
    own(state, "mistakes")[seat if owner is None else owner] += 1
    until = now + state["config"]["mistake_lockout_ms"]  # D14
    locked_until = own(state, "locked_until")
    for offender in seats:
        locked_until[offender] = until
    lost, returned, events = None, [], []
    owned = [won for won in state["sets"] if won["owner"] == owner]
    if owner is not None and owned:
        lost = max(owned, key=lambda won: won["acquired_seq"])
        returned = return_set(state, lost, seat)
        if state["active"] is None:
            events = select_active(state, seat, now)
    mistake_event = {
        "type": "mistake",
        "seats": seats,
        "owner": owner,
        "claimed_cards": [{"card": c, "design": d} for c, d in claimed],
        "lost_set_id": None if lost is None else lost["id"],
        "returned_cards": returned,
        "locked_until": until,
    }
    return [mistake_event] + events


def return_set(state: dict[str, Any], lost: dict[str, Any], seat: int) -> list[int]:
    """Dissolve `lost`: its cards go under `seat`'s pile in id order, the set's design up."""
    own(state, "sets").remove(lost)
    cards = sorted(lost["cards"])
    piles = own(state, "piles")
    piles[seat] = piles[seat] + cards  # a new pile, as in take_loose
    zone, spot = own(state, "zone"), own(state, "spot")
    for card in cards:
        zone[card], spot[card] = PILE, seat
    return cards


def is_forbidden_for(state: dict[str, Any], seat: int, design: int) -> bool:
    """D19: the previous winner may not win a set of a forbidden design (steals included)."""
    return seat == state["previous_winner"] and design in state["forbidden_designs"]


def judge_claim(
    state: dict[str, Any], seat: int, entries: list[tuple[int, int]], shape: str, now: int, seats: list[int]
) -> list[dict[str, Any]]:
    """§4.5 steps 5-7 for a well-formed, fresh, well-shaped claim completed by `seat`."""
    designs = {design for _, design in entries}
    cards = [card for card, _ in entries]
    if len(designs) != 1:
        return mistake(state, seats, seat, entries, now)
    design = designs.pop()
    if state["mode"] == "competitive" and is_forbidden_for(state, seat, design):
        return mistake(state, seats, seat, entries, now)
    by_seats = sorted(seats)
    return succeed(state, seat, cards, shape, design, now, by_seats)


# -- input checks ---------------------------------------------------------------------------


def check_actor(state: dict[str, Any], seat: Any) -> None:
    """Phase, then seat: the first checks of every input."""
    if state["phase"] != PLAYING:
        raise IllegalAction("not_playing", f"expected the game to be PLAYING, but it is {state['phase']}")
    if not is_id(seat, state["players"]):
        raise IllegalAction("not_a_player", f"seat {seat!r} is not a player of this table")


def check_claimant(state: dict[str, Any], seat: Any, mode: str, now: int) -> None:
    """§4.5 step 1: phase, seat, mode, lockout."""
    check_actor(state, seat)
    if (state["mode"] == "team") != (mode == "team"):
        raise IllegalAction("wrong_mode", f"this is {state['mode']} mode")
    if locked(state, seat, now):
        raise IllegalAction("locked_out", f"seat {seat} is locked out until {state['locked_until'][seat]}")


def check_fresh(state: dict[str, Any], entries: list[tuple[int, int]]) -> None:
    """§4.5 step 3 (D10): every card still shows the design the client displayed."""
    for card, design in entries:
        if not is_fresh(state, card, design):
            raise IllegalAction("stale", f"card {card} no longer shows design {design}")


def check_not_won_already(state: dict[str, Any], cards: list[int]) -> None:
    """A5: a claim naming exactly the cards of one won set lost the race: stale, not bad_shape.

    Set cards stay fresh (set-visible), so step 4 would call the loser's copy of the winning
    claim `bad_shape`; §9 A5 says `stale` (ARCHITECTURE's too_late). Other claims on set cards
    stay `bad_shape` (A7, A12a).
    """
    won = set_of(state, cards[0])
    if won is not None and sorted(won["cards"]) == sorted(cards):
        raise IllegalAction("stale", f"set {won['id']} already holds these cards")


# -- team touches (§4.8) --------------------------------------------------------------------


def touch_is_shaped(state: dict[str, Any], cards: list[int]) -> bool:
    """One loose-visible card, or exactly the two cards of a won set of size 2."""
    if len(cards) == 1:
        return is_loose_visible(state, cards[0])
    won = set_of(state, cards[0])
    return won is not None and len(won["cards"]) == 2 and sorted(won["cards"]) == sorted(cards)


def touch_cards(touch: dict[str, Any]) -> list[int]:
    return [entry["card"] for entry in touch["cards"]]


def touch_entries(touch: dict[str, Any]) -> list[tuple[int, int]]:
    return [(entry["card"], entry["design"]) for entry in touch["cards"]]


def own_touches(state: dict[str, Any], seat: int) -> list[list[tuple[int, int]]]:
    """The sorted entries of `seat`'s live touch (at most one)."""
    return [sorted(touch_entries(t)) for t in state["touches"] if t["seat"] == seat]


def is_candidate(state: dict[str, Any], touch: dict[str, Any], seat: int, cards: list[int], now: int) -> bool:
    """A live teammate's touch on another target that forms P or T together with `cards`."""
    if touch["seat"] == seat or team_of(touch["seat"]) != team_of(seat):
        return False
    if touch["at"] <= now - state["config"]["team_touch_window_ms"]:
        return False
    if not all(is_fresh(state, c, d) for c, d in touch_entries(touch)):
        return False
    other = touch_cards(touch)
    if sorted(other) == sorted(cards) or set(other) & set(cards):
        return False
    return shape_of(state, other + cards) in ("P", "T")


def touch(state: dict[str, Any], seat: int, entries: list[tuple[int, int]], now: int) -> list[dict[str, Any]]:
    """§4.8 effect: move the hand; with a teammate's matching-shape touch it becomes a team claim."""
    cards = [card for card, _ in entries]
    # D20: a hand moves. The list is rebuilt, never edited: earlier states share it (copying.py).
    others = [t for t in state["touches"] if t["seat"] != seat]
    candidates = [t for t in others if is_candidate(state, t, seat, cards, now)]
    if not candidates:
        expires = now + state["config"]["team_touch_window_ms"]
        record = {
            "seat": seat,
            "cards": [{"card": c, "design": d} for c, d in entries],
            "at": now,
            "expires_at": expires,
        }
        state["touches"] = others + [record]
        return [{"type": "touch", "seat": seat, "cards": record["cards"], "expires_at": expires}]
    design = entries[0][1]
    same = [t for t in candidates if t["cards"][0]["design"] == design]
    partner = (same or candidates)[0]
    state["touches"] = [t for t in others if t is not partner]
    combined = touch_entries(partner) + entries
    shape = shape_of(state, [card for card, _ in combined])
    # A candidate's cards and these make a P or a T (is_candidate).
    return judge_claim(state, seat, combined, cast("str", shape), now, [seat, partner["seat"]])


def prune_touches(state: dict[str, Any]) -> None:
    """A touch whose cards stopped being fresh, or stopped being a touchable target, is discarded.

    §4.8 / A18: a single card that went into a set is still set-visible, but no longer a target.
    """
    if state["touches"]:
        state["touches"] = [
            t
            for t in state["touches"]
            if all(is_fresh(state, c, d) for c, d in touch_entries(t)) and touch_is_shaped(state, touch_cards(t))
        ]


# -- the engine -----------------------------------------------------------------------------


class TwinItEngine(Engine):
    """Twin It!: real-time visual matching; competitive, team and coop modes."""

    slug = "twin-it"
    actions = ACTIONS
    title = "Twin It!"
    min_players, max_players = MODE_SEATS["competitive"]
    realtime = True  # D9/D10: claims race; freshness replaces the stale-step check
    spectator_refusal = "not_a_player"  # §4.5 step 1, §9 (d)
    # ...but a flip is a turn: one sent for a turn that an auto-flip already closed must not flip
    # the same seat's next card, so it may say its turn (`step`, the view's `turn`).
    turn_actions = frozenset({"flip"})
    memo_size = 2

    def __init__(self) -> None:
        # The claim lists of the latest boards: every unlocked seat gets the same list, and a
        # board often stays unchanged while lockouts end (a cache only; states stay the truth).
        self._claims_memo: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
        self._handlers = {"flip": self._flip, "claim": self._claim, "touch": self._touch, "turn_over": self._turn_over}

    def default_config(self) -> dict[str, Any]:
        return dict(DEFAULT_CONFIG)

    def config_options(self) -> dict[str, dict[str, Any]]:
        """§6 for the lobby's form, durations in "ms", "when" naming a key's modes (previous_winner
        is set by a rematch, not by hand)."""
        low, high = TARGET_RANGE
        options: dict[str, dict[str, Any]] = {
            "mode": {"choices": ["competitive", "team", "coop"]},
            "target_sets": {"choices": ["auto", *range(low, high + 1)]},
            "forbidden_pattern": {"choices": [False, True]},
            **{key: {"min": a, "max": b, "unit": "ms"} for key, (a, b) in CONFIG_RANGES.items()},
        }
        for key, modes in MODES_OF_KEY.items():
            options[key]["when"] = {"mode": list(modes)}
        return options

    def presets(self) -> dict[str, dict[str, Any]]:
        return dict(PRESETS)

    def _check_config(self, config: dict[str, Any]) -> None:
        check_config(config)

    def player_range(self, config: dict[str, Any] | None = None) -> tuple[int, int]:
        return MODE_SEATS[(config or DEFAULT_CONFIG).get("mode", "competitive")]

    def _setup(
        self, players: int, seed: int, config: dict[str, Any], now_ms: int, previous_result: dict[str, Any] | None
    ) -> dict[str, Any]:
        rng = Random(seed)
        state = new_state(players, config, now_ms)
        if config["mode"] != "coop":
            state["first"] = rng.randrange(players)
        state["faces"] = deal_faces(rng)
        order = list(range(CARD_COUNT))
        rng.shuffle(order)
        state["previous_winner"] = winner = previous_winner(config, previous_result, players)
        if config["mode"] == "competitive" and config["forbidden_pattern"] and winner is not None:
            place_forbidden(state, take_forbidden(order, state["faces"]), winner)
        deal(state, order)
        return state

    def rated(self, config: dict[str, Any]) -> bool:
        return cast("bool", config["mode"] != "coop")  # the table plays together: nobody places against anyone

    def placings(self, result: dict[str, Any], players: int) -> list[tuple[list[int], int]]:
        """§5's standings (a team is one side). The winners rank first even when a target ended
        the game before the standings say so; everyone else comes after them."""
        winners = set(result["winners"])
        return [(seats, 1 if winners & set(seats) else max(rank, 2)) for seats, rank in sides_of(result["standings"])]

    def start_events(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        """§4.11: a new game announces when its countdown ends."""
        return [{"type": "countdown", "ends_at": state["countdown_end"]}] if state["phase"] == COUNTDOWN else []

    # -- inputs ---------------------------------------------------------------------------

    def copy_state(self, state: dict[str, Any]) -> dict[str, Any]:
        return copy_for_change(state)

    def _apply(self, state: dict[str, Any], seat: int, action: dict[str, Any], now_ms: int) -> list[dict[str, Any]]:
        handler = self._handlers.get(action["type"])
        if handler is None:
            raise IllegalAction(
                "unknown_action", f"expected flip, claim, touch or turn_over, but got {action['type']!r}"
            )
        events = handler(state, seat, action, now_ms)
        if now_ms > state["clock"]:
            state["clock"] = now_ms
        state["step"] += 1
        prune_touches(state)
        return events

    def _flip(self, state: dict[str, Any], seat: int, action: dict[str, Any], now: int) -> list[dict[str, Any]]:
        check_actor(state, seat)
        if state["mode"] == "coop":
            if not state["stock"]:
                raise IllegalAction("empty_pile", "the stock is empty")
            return flip_stock(state, seat)
        if seat != state["active"]:
            raise IllegalAction("not_your_turn", f"expected seat {state['active']} to flip, but got {seat}")
        return flip_top(state, seat, now, auto=False)

    def _claim(self, state: dict[str, Any], seat: int, action: dict[str, Any], now: int) -> list[dict[str, Any]]:
        check_claimant(state, seat, "claim", now)
        entries = parse_entries(action, (2, 3))
        check_fresh(state, entries)
        check_not_won_already(state, [card for card, _ in entries])
        shape = shape_of(state, [card for card, _ in entries])
        if shape is None or (shape == "L3" and state["mode"] != "coop"):  # D12
            raise IllegalAction("bad_shape", "expected a pair of loose cards or a won pair plus one card")
        return judge_claim(state, seat, entries, shape, now, [seat])

    def _touch(self, state: dict[str, Any], seat: int, action: dict[str, Any], now: int) -> list[dict[str, Any]]:
        check_claimant(state, seat, "team", now)
        entries = parse_entries(action, (1, 2))
        check_fresh(state, entries)
        if not touch_is_shaped(state, [card for card, _ in entries]):
            raise IllegalAction("bad_shape", "expected one loose card or the two cards of a won pair")
        if sorted(entries) in own_touches(state, seat):
            # Touching again what the hand already covers would only restart its window: without
            # end, the touch never expires and every repeat is a log row. A hand moves, it does not
            # stay by being touched again.
            raise IllegalAction("already_touching", "your hand is already on these cards")
        return touch(state, seat, entries, now)

    def _turn_over(self, state: dict[str, Any], seat: int, action: dict[str, Any], now: int) -> list[dict[str, Any]]:
        check_actor(state, seat)
        if state["mode"] != "coop":
            raise IllegalAction("wrong_mode", "turn_over exists only in coop mode")
        card, design = parse_turn_over(action)
        if state["zone"][card] != CENTRE or shows(state, card) != design:
            raise IllegalAction("stale", f"card {card} is not a centre card showing design {design}")
        side = own(state, "side")
        side[card] = 1 - side[card]
        return [{"type": "turned_over", "card": card, "zone": CENTRE, "design": shows(state, card)}]

    # -- timers (§4.1) --------------------------------------------------------------------

    def _timers(self, state: dict[str, Any]) -> list[tuple[int, int]]:
        """Pending (due, kind) pairs; lockout ends and touch expiries are wake-ups (ARCHITECTURE)."""
        if state["phase"] == FINISHED:
            return []
        if state["phase"] == COUNTDOWN:
            return [(state["countdown_end"], ENDING)]
        timers = [(state["coop_end"] if state["mode"] == "coop" else state["cap_deadline"], ENDING)]
        if state["last_call_deadline"] is not None:
            timers.append((state["last_call_deadline"], LAST_CALL))
        if state["flip_deadline"] is not None:
            timers.append((state["flip_deadline"], FLIP))
        timers += [(t["expires_at"], TOUCH_EXPIRY) for t in state["touches"]]
        clock = state["clock"]
        timers += [(until, LOCKOUT_END) for until in state["locked_until"] if until > clock]
        return timers

    def next_deadline(self, state: dict[str, Any]) -> int | None:
        # The earliest due of _timers without building the list: `advance` asks before every input.
        phase = state["phase"]
        if phase != PLAYING:
            return None if phase == FINISHED else state["countdown_end"]
        due = state["coop_end"] if state["mode"] == "coop" else state["cap_deadline"]
        for other in (state["last_call_deadline"], state["flip_deadline"]):
            if other is not None and other < due:
                due = other
        for record in state["touches"]:
            if record["expires_at"] < due:
                due = record["expires_at"]
        clock = state["clock"]
        for until in state["locked_until"]:
            if clock < until < due:
                due = until
        return cast("int | None", due)

    def _fire(self, state: dict[str, Any], due_ms: int) -> list[dict[str, Any]]:
        _, kind = min(self._timers(state))
        state["clock"] = max(state["clock"], due_ms)
        state["step"] += 1
        if state["phase"] == COUNTDOWN:
            return start_play(state, due_ms)
        if kind == ENDING:
            return finish(state, "time_up" if state["mode"] == "coop" else "time_cap")
        if kind == LAST_CALL:
            return finish(state, "exhaustion")
        if kind == FLIP:
            events = flip_top(state, state["active"], due_ms, auto=True)
            prune_touches(state)
            return events
        if kind == TOUCH_EXPIRY:
            state["touches"] = [t for t in state["touches"] if t["expires_at"] > due_ms]
        return []  # a lockout's end only moves the clock, so legal_actions sees it

    # -- queries --------------------------------------------------------------------------

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        """Concrete actions apply accepts now, judged at the state's clock (§4.10).

        Claims list every P and T shape of visible cards, matching or not, so the list hints at
        nothing. In coop, L3 triples are combinatorial: the list holds those of the lowest-numbered
        loose cards only (listing.L3_LISTED_CARDS), a cut by card id that no design changes.
        """
        if state["phase"] != PLAYING or not is_id(seat, state["players"]):
            return []
        actions = self._flips(state, seat)
        if locked(state, seat, state["clock"]):
            return actions
        if state["mode"] == "team":
            held = own_touches(state, seat)
            return actions + [
                a for a in touch_actions(state) if sorted((e["card"], e["design"]) for e in a["cards"]) not in held
            ]
        return actions + self._claims(state)

    def _claims(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        key = board_key(state)
        claims = self._claims_memo.get(key)
        if claims is None:
            if len(self._claims_memo) >= self.memo_size:
                self._claims_memo.clear()
            claims = self._claims_memo[key] = claim_actions(state)
        return claims

    def _flips(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        if state["mode"] != "coop":
            return [{"type": "flip"}] if seat == state["active"] else []
        actions = [{"type": "flip"}] if state["stock"] else []
        return actions + [
            {"type": "turn_over", "card": card, "design": shows(state, card)}
            for card in state["centre"]
            if card is not None
        ]

    def step(self, state: dict[str, Any], seat: int | None) -> int:
        """The turn number, for flips (claims are judged by their freshness instead)."""
        return cast("int", state["turn"])

    def compact_legal_actions(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        """The action types only (§4.10): never a concrete card combination."""
        if state["phase"] != PLAYING or not is_id(seat, state["players"]):
            return []
        # Counts, not lists: the hub asks for every seat after every change.
        if state["mode"] == "coop":
            types = ["flip"] if state["stock"] else []
            if any(card is not None for card in state["centre"]):
                types.append("turn_over")
        else:
            types = ["flip"] if seat == state["active"] else []
        if not locked(state, seat, state["clock"]):
            if state["mode"] == "team":
                if has_loose(state, 1) or has_pair_set(state):
                    types.append("touch")
            elif has_loose(state, 2) or (has_loose(state, 1) and has_pair_set(state)):
                types.append("claim")
        return [{"type": kind} for kind in types]

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return public_view(state, seat, self.result(state))

    def result(self, state: dict[str, Any]) -> dict[str, Any] | None:
        return result_of(state) if state["phase"] == FINISHED else None


ENGINE = TwinItEngine()
