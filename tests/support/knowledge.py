"""What each seat (or a spectator, seat None) may know of a running game, per game, from the "Hidden
information" section of each rules file. The leak scanner (leaks.py) checks every frame against it.

A game's `Knowledge` answers:

- `known(state, seat)`: everything that seat may know at that moment. It is the whole state with each
  secret part replaced by what may be known of it (a count, a flag), so a field the rules do not name
  counts as known: two states with equal `known` must give that seat identical frames.
- `scramble(state, seat, rng, move)`: a copy that differs only in what the seat may not know (another
  seed, hidden cards dealt otherwise, a face that is not showing exchanged), so `known` stays equal.
- `secrets(state, seat)`: the secret values themselves as tokens, ("card", id) or ("face", card,
  design), each with where it lies, for the direct scan of a frame's card-naming fields.
- `action_seen(actor, action, seat)`: what the seat learns from an input itself (a face-down commitment
  shows only that it was made); `revealed(...)`: what a change shows on its way without leaving it on
  the table (a trick revealed and then reshuffled into the next race).
"""

from __future__ import annotations

import random
from typing import Any

from dorhami.engine import Engine, State, clone
from dorhami.games.camel_up_cards.components import CAMELS, die_roll
from dorhami.games.jekyll_vs_hyde.components import CARD_COUNT as JVH_CARDS

Token = tuple
SEED_SHIFT = 1_000_003  # another seed for a scramble; any change will do


def swap_two(rng: random.Random, slots: list[tuple[Any, Any]]) -> tuple[Any, Any] | None:
    """Exchange the values at two random slots (container, key) that hold different values."""
    for _ in range(8):
        if len(slots) < 2:
            return None
        (a, i), (b, j) = rng.sample(slots, 2)
        if a[i] != b[j]:
            a[i], b[j] = b[j], a[i]
            return b[j], a[i]
    return None


def positions(items: list) -> list[tuple[list, int]]:
    return [(items, i) for i in range(len(items))]


def rename(items: list | None, x: Any, y: Any) -> list | None:
    """`items` with x and y exchanged (None stays None)."""
    if items is None:
        return None
    return [y if item == x else x if item == y else item for item in items]


class Knowledge:
    """The secrets of one game; the subclasses below follow each rules file's "Hidden information"."""

    slug: str
    card_keys: frozenset[str] = frozenset()  # keys whose values name cards (or tiles) by integer id
    face_key: str | None = None  # a dict with "card" and this key tells a card's visible face
    opaque_keys: frozenset[str] = frozenset()  # subtrees that name no card though their keys may look so
    shared = False  # no private information: every seat may know the same, one scramble serves all
    hidden_actions = False  # some inputs hide a choice from the other seats (alternatives are tried)
    moves: tuple[str, ...] = ()

    def known(self, state: State, seat: int | None) -> Any:
        raise NotImplementedError

    def scramble(self, state: State, seat: int | None, rng: random.Random, move: str | None = None) -> State:
        """A copy of `state` with what `seat` may not know changed: one move, or every move."""
        copy = clone(state)
        for name in self.moves if move is None else (move,):
            getattr(self, f"_{name}")(copy, seat, rng)
        return copy

    def secrets(self, state: State, seat: int | None) -> dict[Token, str]:
        raise NotImplementedError

    def action_seen(self, actor: int | None, action: dict, seat: int | None) -> Any:
        """What `seat` learns from `actor`'s input itself: by default all of it."""
        return action

    def revealed(self, engine: Engine, state: State, actor: int | None, action: dict, now: int) -> Any:
        """What the input shows on its way that neither the state before nor after holds."""
        return None

    def tokens(self, value: Any) -> set[Token]:
        """The card ids under card-naming keys (and visible faces) anywhere in a frame."""
        found: set[Token] = set()
        self._walk(value, False, found)
        return found

    def where(self, value: Any, token: Token, path: str = "", naming: bool = False) -> str | None:
        """The path of the first place `token` is named in `value` (for a leak's report)."""
        if isinstance(value, dict):
            if (
                token[0] == "face"
                and self.face_key
                and value.get("card") == token[1]
                and value.get(self.face_key) == token[2]
            ):
                return path or "."
            for key, item in value.items():
                found = key not in self.opaque_keys and self.where(item, token, f"{path}.{key}", key in self.card_keys)
                if found:
                    return found
        elif isinstance(value, list):
            for i, item in enumerate(value):
                found = self.where(item, token, f"{path}[{i}]", naming)
                if found:
                    return found
        elif naming and token[0] == "card" and _is_int(value) and value == token[1]:
            return path
        return None

    def _walk(self, value: Any, naming: bool, found: set[Token]) -> None:
        if isinstance(value, dict):
            if self.face_key and _is_int(value.get("card")) and _is_int(value.get(self.face_key)):
                found.add(("face", value["card"], value[self.face_key]))
            for key, item in value.items():
                if key not in self.opaque_keys:
                    self._walk(item, key in self.card_keys, found)
        elif isinstance(value, list):
            for item in value:
                self._walk(item, naming, found)
        elif naming and _is_int(value):
            found.add(("card", value))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def without(state: State, keys: tuple[str, ...]) -> dict:
    return {key: value for key, value in state.items() if key not in keys}


# -- Twin It (§7): one public view; faces not showing and the cards below pile tops are secret ------


class TwinIt(Knowledge):
    slug = "twin-it"
    card_keys = frozenset({"card", "cards", "returned_cards"})
    face_key = "design"
    shared = True
    moves = ("deep_cards", "hidden_faces")
    SECRET = ("faces", "side", "zone", "spot", "piles", "stock", "centre", "forbidden")

    @staticmethod
    def shows(state: State, card: int) -> int:
        return state["faces"][2 * card + state["side"][card]]

    @staticmethod
    def tops_open(state: State) -> bool:
        """Pile (and stock) tops show once play has begun; the countdown hides them (D22)."""
        return state["phase"] != "COUNTDOWN"

    def known(self, state: State, seat: int | None) -> Any:
        tops = self.tops_open(state)

        def pile(cards: list[int]) -> tuple:
            top = (cards[0], self.shows(state, cards[0])) if cards and tops else None
            return len(cards), top

        seen = without(state, self.SECRET)
        seen["piles"] = [pile(cards) for cards in state["piles"]]
        seen["stock"] = pile(state["stock"])
        seen["centre"] = [None if c is None else (c, self.shows(state, c)) for c in state["centre"]]
        seen["forbidden"] = [(c, self.shows(state, c)) for c in state["forbidden"]]
        return seen

    def deep(self, state: State) -> list[tuple[list, int]]:
        """The pile (and stock) places whose card nobody may know."""
        first = 1 if self.tops_open(state) else 0
        piles = state["piles"] + [state["stock"]]
        return [(cards, i) for cards in piles for i in range(first, len(cards))]

    def _deep_cards(self, state: State, seat, rng) -> None:
        if swap_two(rng, self.deep(state)):
            for owner, cards in enumerate(state["piles"]):
                for card in cards:
                    state["spot"][card] = owner

    def _hidden_faces(self, state: State, seat, rng) -> None:
        deep = {cards[i] for cards, i in self.deep(state)}
        faces, side = state["faces"], state["side"]
        slots = [(faces, 2 * c + f) for c in range(len(side)) for f in (0, 1) if c in deep or f != side[c]]
        swap_two(rng, slots)

    def secrets(self, state: State, seat: int | None) -> dict[Token, str]:
        deep = {cards[i] for cards, i in self.deep(state)}
        found: dict[Token, str] = {}
        faces, side = state["faces"], state["side"]
        for card in range(len(side)):
            if card in deep:
                found[("card", card)] = "below a pile top"
                found[("face", card, faces[2 * card])] = found[("face", card, faces[2 * card + 1])] = (
                    "a face of a card below a pile top"
                )
            else:
                found[("face", card, faces[2 * card + 1 - side[card]])] = "the face underneath"
        return found


# -- Double Connect (§7): the pile always; hands and the start card until play begins -----------


class DoubleConnect(Knowledge):
    slug = "double-connect"
    card_keys = frozenset(
        {
            "card",
            "cards",
            "target",
            "hand",
            "hands",
            "start_card",
            "penalty_card",
            "active_targets",
            "targets_by_team",
            "pile",
        }
    )
    shared = True
    moves = ("seed", "hidden_cards")

    @staticmethod
    def dealing(state: State) -> bool:
        return state["phase"] == "countdown"

    def known(self, state: State, seat: int | None) -> Any:
        seen = without(state, ("seed", "pile", "hands", "start_card"))
        seen["pile"] = len(state["pile"])
        dealing = self.dealing(state)
        seen["hands"] = [len(hand) for hand in state["hands"]] if dealing else state["hands"]
        seen["start_card"] = None if dealing else state["start_card"]
        return seen

    def _seed(self, state: State, seat, rng) -> None:
        state["seed"] += SEED_SHIFT

    def _hidden_cards(self, state: State, seat, rng) -> None:
        slots = positions(state["pile"])
        if self.dealing(state):
            slots += [(state, "start_card")] + [slot for hand in state["hands"] for slot in positions(hand)]
        swap_two(rng, slots)

    def secrets(self, state: State, seat: int | None) -> dict[Token, str]:
        found = {("card", card): "the penalty pile" for card in state["pile"]}
        if self.dealing(state):
            found[("card", state["start_card"])] = "the start card before play"
            for owner, hand in enumerate(state["hands"]):
                found.update({("card", card): f"seat {owner}'s hand before play" for card in hand})
        return found


# -- Queendomino (§7): the draw pile's order and the removed tiles -------------------------------


class Queendomino(Knowledge):
    slug = "queendomino"
    card_keys = frozenset(
        {"tile", "tiles", "display", "current_tile", "chosen_tiles", "last_chosen", "pile", "removed"}
    )
    opaque_keys = frozenset({"breakdown"})  # its "tile" is tile points, not a tile
    shared = True
    moves = ("hidden_tiles",)

    def known(self, state: State, seat: int | None) -> Any:
        return {**without(state, ("pile", "removed")), "pile": len(state["pile"]), "removed": len(state["removed"])}

    def _hidden_tiles(self, state: State, seat, rng) -> None:
        swap_two(rng, positions(state["pile"]) + positions(state["removed"]))

    def secrets(self, state: State, seat: int | None) -> dict[Token, str]:
        found = {("card", tile): "the draw pile" for tile in state["pile"]}
        found.update({("card", tile): "the removed tiles" for tile in state["removed"]})
        return found


# -- Camel Up Cards (§7): other hands, the draw pile, others' face-down commitments, the seed -----


class CamelUpCards(Knowledge):
    slug = "camel-up-cards"
    card_keys = frozenset({"card", "cards", "hand", "hands", "discard_pile", "draw_pile"})
    # Records of past reveals: a card they name may since have been reshuffled into the draw pile or
    # drawn, so it tells nothing of where the card is now (non-interference still covers them).
    opaque_keys = frozenset({"last_trick", "last_race"})
    hidden_actions = True
    moves = ("seed", "hidden_cards", "targets")
    SECRET = ("seed", "forced_dice", "draw_pile", "hands", "committed")

    def known(self, state: State, seat: int | None) -> Any:
        seen = without(state, self.SECRET)
        seen["draw_pile"] = len(state["draw_pile"])
        seen["hands"] = [hand if s == seat else len(hand) for s, hand in enumerate(state["hands"])]
        seen["committed"] = [choice if s == seat else choice is not None for s, choice in enumerate(state["committed"])]
        return seen

    @staticmethod
    def others(state: State, seat: int | None) -> list[int]:
        return [s for s in range(len(state["hands"])) if s != seat]

    def _seed(self, state: State, seat, rng) -> None:
        state["seed"] += "~"

    def _hidden_cards(self, state: State, seat, rng) -> None:
        slots = positions(state["draw_pile"])
        for s in self.others(state, seat):
            slots += positions(state["hands"][s])
            if state["committed"][s] is not None:
                slots.append((state["committed"][s], "card"))
        swap_two(rng, slots)
        for s in self.others(state, seat):
            state["hands"][s].sort()

    def _targets(self, state: State, seat, rng) -> None:
        for s in self.others(state, seat):
            choice = state["committed"][s]
            if choice is not None:
                choice["camel"] = rng.choice([c for c in (None, *CAMELS) if c != choice["camel"]])

    def secrets(self, state: State, seat: int | None) -> dict[Token, str]:
        found = {("card", card): "the draw pile" for card in state["draw_pile"]}
        for s in self.others(state, seat):
            found.update({("card", card): f"seat {s}'s hand" for card in state["hands"][s]})
            if state["committed"][s] is not None:
                # Same place as the hand: committing moves a card out of sight, not into view.
                found[("card", state["committed"][s]["card"])] = f"seat {s}'s hand"
        return found

    def action_seen(self, actor: int | None, action: dict, seat: int | None) -> Any:
        return action if actor is None or actor == seat else {"type": action["type"]}

    def revealed(self, engine: Engine, state: State, actor: int | None, action: dict, now: int) -> Any:
        """§4.1-4.2: the commitments of a trick this input completes (a timeout plays each late seat's
        lowest card blank) are all shown, and so are its die rolls (§2), even when the race ends and
        every card is reshuffled (a finishing camel stops at the end whatever it rolled)."""
        if state["phase"] != "select":
            return None
        plays = [None if c is None else (c["card"], c["camel"]) for c in state["committed"]]
        if actor is not None:
            plays[actor] = (action["card"], action["camel"])
        elif state["deadline"] is not None and state["deadline"] <= now:
            plays = [(min(state["hands"][s]), None) if play is None else play for s, play in enumerate(plays)]
        if None in plays:
            return None
        start = state["die_counter"]  # at most one move card per seat, so at most one roll each
        dice = state["forced_dice"] + [die_roll(state["seed"], n) for n in range(start, start + len(plays))]
        return {"plays": [{"seat": s, "card": c, "camel": camel} for s, (c, camel) in enumerate(plays)], "dice": dice}


# -- Jekyll vs. Hyde (§7): the other hand, the set-aside cards, won piles, pending choices, the seed -


class JekyllVsHyde(Knowledge):
    slug = "jekyll-vs-hyde"
    card_keys = frozenset(
        {"card", "cards", "hand", "hands", "lead", "follow", "received", "selection", "set_aside", "won"}
    )
    hidden_actions = True
    moves = ("seed", "hidden_cards", "potions")
    SECRET = (
        "rng",
        "hands",
        "set_aside",
        "won",
        "history",
        "exchange_pending",
        "greed_pending",
        "received",
        "dealt_potions",
    )
    SECRET_CHOICES = ("exchange_cards", "greed_give")

    @staticmethod
    def history_shown(state: State) -> bool:
        return state["config"]["show_trick_history"]

    def known(self, state: State, seat: int | None) -> Any:
        seen = without(state, self.SECRET)
        seen["hands"] = [sorted(hand) if s == seat else len(hand) for s, hand in enumerate(state["hands"])]
        seen["set_aside"] = len(state["set_aside"])
        seen["won"] = [len(pile) for pile in state["won"]]
        seen["history"] = state["history"] if self.history_shown(state) else len(state["history"])
        for key in ("exchange_pending", "greed_pending"):
            seen[key] = [choice if s == seat else choice is not None for s, choice in enumerate(state[key])]
        # A seat knows what it got and what it gave (the other seat's "received").
        seen["received"] = [got if seat is not None else got is not None for got in state["received"]]
        seen["dealt_potions"] = [n if s == seat else None for s, n in enumerate(state["dealt_potions"])]
        return seen

    def unknown(self, state: State, seat: int | None) -> set[int]:
        """The cards whose place `seat` may not know."""
        public = {play["card"] for play in state["trick"]}
        if state["last_trick"]:
            public |= {state["last_trick"]["lead"], state["last_trick"]["follow"]}
        if self.history_shown(state):
            public |= {card for trick in state["history"] for card in (trick["lead"], trick["follow"])}
        if seat is not None:
            public |= set(state["hands"][seat])
            public |= {card for got in state["received"] if got for card in got}
        return set(range(JVH_CARDS)) - public

    def _seed(self, state: State, seat, rng) -> None:
        state["rng"]["seed"] += SEED_SHIFT

    def _hidden_cards(self, state: State, seat, rng) -> None:
        unknown = self.unknown(state, seat)
        hidden = [s for s in (0, 1) if s != seat]
        containers = [state["hands"][s] for s in hidden] + [state["set_aside"]]
        containers += [trick for pile in state["won"] for trick in pile]
        swapped = swap_two(rng, [(items, i) for items in containers for i, card in enumerate(items) if card in unknown])
        if swapped is None:
            return
        x, y = swapped
        for s in hidden:
            state["hands"][s].sort()
            for key in ("exchange_pending", "greed_pending", "received"):
                state[key][s] = rename(state[key][s], x, y)
        state["set_aside"].sort()
        if not self.history_shown(state):
            for trick in state["history"]:
                trick["lead"], trick["follow"] = rename([trick["lead"], trick["follow"]], x, y)

    def _potions(self, state: State, seat, rng) -> None:
        for s in (0, 1):
            if s != seat:
                state["dealt_potions"][s] = (state["dealt_potions"][s] + 1 + rng.randrange(4)) % 5

    def secrets(self, state: State, seat: int | None) -> dict[Token, str]:
        # A spectator sees neither hand, so a card an exchange moves from one to the other stays hidden.
        place = {
            card: "a hand" if seat is None else f"seat {s}'s hand"
            for s in (0, 1)
            if s != seat
            for card in state["hands"][s]
        }
        place.update({card: "the set-aside cards" for card in state["set_aside"]})
        place.update({card: "a won-trick pile" for pile in state["won"] for trick in pile for card in trick})
        return {("card", card): place[card] for card in self.unknown(state, seat) if card in place}

    def action_seen(self, actor: int | None, action: dict, seat: int | None) -> Any:
        if actor is None or actor == seat or action["type"] not in self.SECRET_CHOICES:
            return action
        return {"type": action["type"], "count": len(action["cards"])}

    def revealed(self, engine: Engine, state: State, actor: int | None, action: dict, now: int) -> Any:
        """§4.6: a play timeout plays the seat's lowest(-legal) card face up, even the round's last."""
        if actor is not None or state["phase"] not in ("lead", "follow"):
            return None
        seat = state["leader"] if state["phase"] == "lead" else 1 - state["leader"]
        due = state["deadlines"][seat]
        if due is None or due > now:
            return None
        return {"seat": seat, "card": min(a["card"] for a in engine.legal_actions(state, seat))}


KNOWLEDGE: dict[str, Knowledge] = {
    k.slug: k for k in (TwinIt(), DoubleConnect(), Queendomino(), CamelUpCards(), JekyllVsHyde())
}
