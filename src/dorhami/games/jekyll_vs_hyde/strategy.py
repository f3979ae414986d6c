"""A Jekyll vs. Hyde bot: it values every trick by the chance it gives its role to win the game.

Pure: it reads the seat's view, plus what that seat saw or did at the table and would remember
(the tricks played face up this round, the cards it gave away); never the other hand, the
set-aside cards or the deck. Chance comes only from the `rng` it is given.

The value of a position is Hyde's chance to win the game (rules §4.5, §5.1): the marker moves by
|tricks(J) − tricks(H)| after each round, Hyde wins at 10. The rest of a round is modelled as
coin-flip tricks, later rounds by the diff spread observed in play, so Hyde wants the trick to go
to whoever is ahead and Jekyll to whoever is behind, and round 3 plays for the exact threshold.

Levels:
- easy: a random legal action half the time, otherwise the normal play.
- normal: follows greedily (each legal card's exact outcome, Pride included); leads by guessing
  the other hand from the cards its view does not show (a few samples) and the best reply to each;
  exchanges and Greed gifts push its hand strength toward (Jekyll) or away from (Hyde) half.
- hard: the same, counting every card played this round, inferring the other seat's voids and
  knowing where the cards it gave went, with more samples; and it weighs the later tricks of the
  round by its hand's strength against the unseen cards instead of as coin flips.
- expert: information-set Monte Carlo (expert.py): hands drawn for the other seat from what the
  seat knows, each legal card (exchange, Greed gift, lead, follow) played out to the round's end.

Measured win rates (tests/games/jekyll_vs_hyde/test_strategy.py, seeds 7000–7199, 200 games per
pairing, seats alternating):
- before (every level a random legal card; random vs random): Hyde 42.5 %, Jekyll 57.5 %.
- easy vs random: as Hyde 78.0 %, as Jekyll 69.0 %.
- normal vs random: as Hyde 92.0 %, as Jekyll 85.5 %.
- hard vs normal: as Hyde 75.0 %, as Jekyll 64.5 % (normal vs normal: Hyde 73.5 %, Jekyll 26.5 %;
  hard vs hard: Hyde 62.0 %).
"""

from __future__ import annotations

from functools import cache
from math import comb
from random import Random
from typing import Any, cast

from ...engine.contract import Action, Engine, State
from .components import CARD_COUNT, COLORS, ROUNDS, TRACK_END, TRICKS_PER_ROUND, color, is_potion, strength, value

EASY_RANDOM = 0.5
SAMPLES = {"easy": 4, "normal": 4, "hard": 10}
# A rough spread of per-round trick differences (0, 2, …, 10 → weight) for the rounds still to come:
# random play gives about .19/.39/.24/.12/.04/.01; bots spread a little wider.
ROUND_DIFFS = {0: 0.19, 2: 0.36, 4: 0.23, 6: 0.13, 8: 0.06, 10: 0.03}
# How much a better-suited remaining hand is worth next to a trick's direct value (a tie-break scale).
HAND_WEIGHT = 0.02
# Hard: a later trick's odds move this much per unit of average card power over the unseen cards.
LEAN_SCALE, LEAN_LIMIT = 1.0, 0.8


# -- the value of a position ------------------------------------------------------------------


@cache
def hyde_game_chance(marker: int, rounds_left: int) -> float:
    """Hyde's chance to win from `marker` with `rounds_left` whole rounds still to play."""
    if marker >= TRACK_END:
        return 1.0
    if rounds_left == 0:
        return 0.0
    return sum(weight * hyde_game_chance(marker + diff, rounds_left - 1) for diff, weight in ROUND_DIFFS.items())


@cache
def hyde_chance(jekyll: int, hyde: int, left: int, marker: int, round_no: int, hyde_lean: int = 50) -> float:
    """Hyde's chance once this round's `left` tricks each go to Hyde with `hyde_lean` % odds."""
    total, rounds_left = 0.0, ROUNDS - round_no
    p = hyde_lean / 100
    for hyde_wins in range(left + 1):
        weight = comb(left, hyde_wins) * p**hyde_wins * (1 - p) ** (left - hyde_wins)
        diff = abs((hyde + hyde_wins) - (jekyll + left - hyde_wins))
        total += weight * hyde_game_chance(marker + diff, rounds_left)
    return total


class Position:
    """The round's counts from one seat's side, valued for that seat's role."""

    def __init__(self, seen: dict[str, Any], seat: int, lean: float = 0.5) -> None:
        self.seat = seat
        self.hyde = seen["roles"]["hyde"] == seat
        self.marker, self.round = seen["marker"], seen["round"]
        self.tricks = list(seen["tricks"])
        self.left = TRICKS_PER_ROUND - sum(self.tricks)
        # The seat's odds of winning each later trick, in whole percent (a cache key).
        mine = round(100 * lean)
        self.hyde_lean = mine if self.hyde else 100 - mine

    def worth(self, mine: int, theirs: int, left: int) -> float:
        """The seat's chance to win the game with these trick counts and `left` tricks to go."""
        jekyll, hyde = (theirs, mine) if self.hyde else (mine, theirs)
        chance = hyde_chance(jekyll, hyde, left, self.marker, self.round, self.hyde_lean)
        return chance if self.hyde else 1.0 - chance

    def after_trick(self, i_win: bool, effect: str | None) -> tuple[int, int]:
        """The seat's and the other seat's trick counts once this trick is won (§4.4.3–4)."""
        mine, theirs = self.tricks[self.seat], self.tricks[1 - self.seat]
        if i_win:
            mine += 1
            if effect == "pride" and theirs:
                mine, theirs = mine + 1, theirs - 1
        else:
            theirs += 1
            if effect == "pride" and mine:
                mine, theirs = mine - 1, theirs + 1
        return mine, theirs

    def trick_worth(self, i_win: bool, effect: str | None) -> float:
        mine, theirs = self.after_trick(i_win, effect)
        return self.worth(mine, theirs, self.left - 1)

    def desire(self, i_win: bool, effect: str | None) -> float:
        """After this trick, how much more winning the next one is worth than losing it (−1…1)."""
        mine, theirs = self.after_trick(i_win, effect)
        left = self.left - 1
        if left <= 0:
            return 0.0
        return self.worth(mine + 1, theirs, left - 1) - self.worth(mine, theirs + 1, left - 1)


# -- one trick --------------------------------------------------------------------------------


def ranked(ranking: list[str] | tuple[str, ...], cards: tuple[int, ...]) -> list[str]:
    """The ranking once these cards are played (D9/D10: the 2nd colour ranked ranks the 3rd)."""
    ranking = list(ranking)
    for card in cards:
        if is_potion(card) or color(card) in ranking:
            continue
        ranking.append(cast("str", color(card)))  # not a potion: it has a colour
        if len(ranking) == 2:
            ranking.append(next(c for c in COLORS if c not in ranking))
    return ranking


@cache
def trick(ranking: tuple[str, ...], lead: int, follow: int) -> tuple[bool, str | None]:
    """Whether the lead wins (§4.4.1–2, `ranking` as before the trick) and the potion effect."""
    if is_potion(lead) or is_potion(follow):
        wins = strength(lead) > strength(follow)
    elif color(lead) == color(follow):
        wins = value(lead) > value(follow)
    else:
        order = ranked(ranking, (lead, follow))
        wins = order.index(cast("str", color(lead))) > order.index(cast("str", color(follow)))
    return wins, effect_of(lead, follow)


def effect_of(lead: int, follow: int) -> str | None:
    """The potion effect, chosen by the non-potion card's colour (§4.4.2)."""
    if is_potion(lead) == is_potion(follow):
        return None
    other = follow if is_potion(lead) else lead
    return {"purple": "pride", "red": "wrath", "green": "greed"}[cast("str", color(other))]


def follows(hand: list[int], lead: int, named: str | None) -> list[int]:
    """The cards of `hand` that may follow `lead` (§4.3, D13)."""
    if is_potion(lead):
        same = [card for card in hand if color(card) == named]
    else:
        led = color(lead)
        same = [card for card in hand if color(card) == led or is_potion(card)]
        if not any(color(card) == led for card in hand):
            same = []
    return same or list(hand)


# -- hand strength ----------------------------------------------------------------------------


def card_power(card: int, ranking: list[str]) -> float:
    """Roughly the share of the other 24 cards this one beats (unknown colour ranks count half)."""
    if is_potion(card):
        return (3 * value(card) + value(card) - 2) / 24
    v = value(card)
    cross: float
    if len(ranking) == 3:
        cross = 7 * ranking.index(cast("str", color(card)))
    else:
        cross = 7.0
    return (v - 1 + cross + max(0, min(4, v - 2))) / 24


def power(cards: list[int], ranking: list[str]) -> float:
    return sum(card_power(card, ranking) for card in cards)


def hand_score(cards: list[int], ranking: list[str], desire: float) -> float:
    """A remaining hand's fit to what the seat wants next: strong if it wants tricks, weak if not."""
    if not cards:
        return 0.0
    return desire * power(cards, ranking) / len(cards)


# -- what the seat knows of the other hand ----------------------------------------------------


class Memory:
    """The cards the seat has seen played and given, and the voids it has noticed."""

    def __init__(self, state: State, seen: dict[str, Any], seat: int, counting: bool) -> None:
        history = seen.get("history")
        if history is None:
            # The tricks were played face up at the table: a counting seat remembers them all
            # (§7 hides only which pile a stolen trick went to), a normal one only the last.
            history = state["history"] if counting else [seen["last_trick"]] if seen["last_trick"] else []
        hand = seen["hand"]
        self.played = {card for trick in history for card in (trick["lead"], trick["follow"])}
        self.played |= {entry["card"] for entry in seen["trick"]}
        self.given: list[int] = []
        self.voids: set[str] = set()
        if counting:
            self._remember_gifts(state, seat, hand)
            self._notice_voids(history, seat)
        self.unseen = [
            card
            for card in range(CARD_COUNT)
            if card not in self.played and card not in hand and card not in self.given
        ]
        self.fits = [card for card in self.unseen if color(card) not in self.voids]
        self.misfits = [card for card in self.unseen if color(card) in self.voids]

    def _remember_gifts(self, state: State, seat: int, hand: list[int]) -> None:
        """The seat's own last exchange and Greed gift: the other seat got them."""
        gifts = set(state["exchange_pending"][seat] or ()) | set(state["greed_pending"][seat] or ())
        self.given = sorted(gifts - self.played - set(hand))

    def _notice_voids(self, history: list[dict[str, Any]], seat: int) -> None:
        """A colour the other seat could not follow, since its last Greed swap (§4.3 follow rules)."""
        for trick in history:
            if trick["effect"] == "greed":
                self.voids = set()
            if trick["leader"] != seat:
                continue
            lead, follow = trick["lead"], trick["follow"]
            led = trick["named_color"] if is_potion(lead) else color(lead)
            if color(follow) != led and not (is_potion(follow) and not is_potion(lead)):
                self.voids.add(cast("str", led))

    def sample(self, size: int, rng: Random) -> list[int]:
        """One guess at the other hand: the cards it was given, the rest drawn from the unseen."""
        known = self.given[:size]
        need = size - len(known)
        if len(self.fits) >= need:
            return known + rng.sample(self.fits, need)
        return known + self.fits + rng.sample(self.misfits, min(need - len(self.fits), len(self.misfits)))

    def lean(self, hand: list[int], ranking: list[str]) -> float:
        """The seat's odds of winning a later trick: its cards' strength against the unseen ones."""
        if not hand or not self.unseen:
            return 0.5
        mine = power(hand, ranking) / len(hand)
        theirs = power(self.unseen, ranking) / len(self.unseen)
        return min(LEAN_LIMIT, max(1 - LEAN_LIMIT, 0.5 + LEAN_SCALE * (mine - theirs)))


# -- choosing ---------------------------------------------------------------------------------


def choose(engine: Engine, state: State, seat: int, rng: Random, level: str = "normal") -> Action | None:
    """The bot's action for `seat` (None when it has none); always one of the legal actions."""
    actions = engine.legal_actions(state, seat)
    if not actions:
        return None
    if level == "easy" and rng.random() < EASY_RANDOM:
        return rng.choice(actions)
    seen = engine.view(state, seat)
    phase = seen["phase"]
    if phase == "exchange":
        return choose_exchange(actions, seen, Position(seen, seat))
    memory = Memory(state, seen, seat, counting=level == "hard")
    lean = memory.lean(seen["hand"], seen["ranking"]) if level == "hard" else 0.5
    position = Position(seen, seat, lean)
    if phase == "greed":
        picked = choose_gift(actions, seen, position)
    elif phase == "follow":
        picked = choose_follow(actions, seen, position)
    else:
        picked = choose_lead(actions, seen, position, memory, rng, SAMPLES.get(level, SAMPLES["normal"]))
    return picked if picked in actions else rng.choice(actions)


def choose_exchange(actions: list[Action], seen: dict[str, Any], position: Position) -> Action:
    """Give the cards that leave the hand nearest half the tricks (Jekyll) or farthest (Hyde)."""
    hand, ranking = seen["hand"], seen["ranking"]
    total, received = power(hand, ranking), 0.5 * seen["round"]
    sign = 1.0 if position.hyde else -1.0

    def fit(action: Action) -> float:
        kept = total - power(action["cards"], ranking) + received
        return cast("float", sign * abs(kept - TRICKS_PER_ROUND / 2) - 0.001 * sum(action["cards"]) / CARD_COUNT)

    return max(actions, key=fit)


def choose_gift(actions: list[Action], seen: dict[str, Any], position: Position) -> Action:
    """Greed: give the weakest cards if the seat wants tricks, the strongest if it wants none."""
    mine, theirs = position.tricks[position.seat], position.tricks[1 - position.seat]
    left = position.left
    want = position.worth(mine + 1, theirs, left - 1) - position.worth(mine, theirs + 1, left - 1)
    ranking = seen["ranking"]
    sign = -1.0 if want >= 0 else 1.0
    return max(actions, key=lambda action: sign * power(action["cards"], ranking))


def choose_follow(actions: list[Action], seen: dict[str, Any], position: Position) -> Action:
    """Each legal card's exact trick outcome, then the fit of the hand it leaves."""
    lead = seen["trick"][0]["card"]
    ranking, hand = seen["ranking"], seen["hand"]
    key = tuple(ranking)

    def score(action: Action) -> float:
        card = action["card"]
        lead_takes, effect = trick(key, lead, card)
        i_win = not lead_takes
        rest = [other for other in hand if other != card]
        after = ranked(ranking, (lead, card)) if effect != "wrath" else []
        return position.trick_worth(i_win, effect) + HAND_WEIGHT * hand_score(
            rest, after, position.desire(i_win, effect)
        )

    return max(actions, key=score)


def choose_lead(
    actions: list[Action], seen: dict[str, Any], position: Position, memory: Memory, rng: Random, samples: int
) -> Action:
    """Each lead against a few guesses at the other hand, the other seat answering at its best."""
    hand, ranking = seen["hand"], seen["ranking"]
    key = tuple(ranking)
    size = seen["hand_sizes"][1 - position.seat]
    guesses = [guess for guess in (memory.sample(size, rng) for _ in range(samples)) if guess]
    # The other seat's trick values are the complement of ours (the game is zero-sum).
    worth = {
        (i_win, effect): position.trick_worth(i_win, effect)
        for i_win in (True, False)
        for effect in (None, "pride", "wrath", "greed")
    }
    later = position.desire(True, None)

    def score(action: Action) -> float:
        card, named = action["card"], action["named_color"]
        total = 0.0
        for guess in guesses:
            total += min(worth[trick(key, card, reply)] for reply in follows(guess, card, named))
        rest = [other for other in hand if other != card]
        return total / max(len(guesses), 1) + HAND_WEIGHT * hand_score(rest, ranking, later)

    return max(actions, key=score)
