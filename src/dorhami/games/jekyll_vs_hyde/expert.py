"""Jekyll vs. Hyde's expert bot: information-set Monte Carlo over the hidden cards.

From what the seat sees and remembers at the table (its view, this round's tricks, which were played
face up, and the cards it gave away), it draws hands for the other seat that agree with all of it:
the cards it gave and has not seen again are still there, and a colour the other seat did not follow
is absent (§4.3), until a Greed swap could have brought one back. Each legal card is played against
every drawn hand, and the round is finished by a fast greedy policy for both seats (each trick's
leader sees the drawn deal and the reply it would get), scored by the role's chance to win the
game at the round's end. Greed gifts are chosen the same way (the other seat giving as hard
would); the exchange scores each card given alone against deals drawn from the 15 cards the seat
does not hold and gives the best `round` of them. The budget is counted in playout tricks, never in
time (strategies are pure), and chance comes only from the `rng` passed in.

Against hard (bench/quality/bot_strength.py --games 400 --pairing expert:hard jekyll-vs-hyde: 400
duplicate games, roles alternated; 2026-12-05): 74.0 % [Wilson 95 %: 69.5–78.1 %].
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from random import Random
from typing import Any, cast

from ...engine.contract import Action, Engine, State
from .components import CARD_COUNT, COLORS, TRICKS_PER_ROUND, color, is_potion
from .strategy import card_power, follows, hyde_chance, ranked, trick

# The budget of a decision, in tricks played out (a playout early in the round costs ten times one
# near its end): shared among the legal cards, which all meet the same drawn hands, with at least
# MIN_SAMPLES hands each: a median of 29 ms (p95 61 ms) of CPU a move on the 2026-12 bench machine.
PLAYOUT_TRICKS = 2000
MIN_SAMPLES = 8
EFFECTS = (None, "pride", "wrath", "greed")


@cache
def after(ranking: tuple[str, ...], lead: int, follow: int) -> tuple[tuple[str, ...], bool, str | None]:
    """The ranking after the trick (Wrath clears it), whether the lead wins, and the effect."""
    lead_wins, effect = trick(ranking, lead, follow)
    return (() if effect == "wrath" else tuple(ranked(ranking, (lead, follow)))), lead_wins, effect


@cache
def weight(card: int, ranking: tuple[str, ...]) -> float:
    return card_power(card, list(ranking))


class Round:
    """The fixed facts of the round a playout finishes, valued for the seat (side 0)."""

    def __init__(self, seen: dict[str, Any], seat: int) -> None:
        self.hyde = seen["roles"]["hyde"] == seat
        self.marker, self.round = seen["marker"], seen["round"]
        self.greed = seen["config"]["greed_exchange_count"]

    def value(self, mine: int, theirs: int) -> float:
        """The seat's chance to win the game, the round's other tricks being coin flips."""
        jekyll, hyde = (theirs, mine) if self.hyde else (mine, theirs)
        chance = hyde_chance(jekyll, hyde, TRICKS_PER_ROUND - mine - theirs, self.marker, self.round)
        return chance if self.hyde else 1.0 - chance

    def outcomes(self, tricks: list[int], leader: int) -> dict[tuple[bool, str | None], float]:
        """The seat's value of each (lead wins, effect) of the trick about to be played."""
        table = {}
        for lead_wins in (True, False):
            winner = leader if lead_wins else 1 - leader
            for effect in EFFECTS:
                counts = list(tricks)
                counts[winner] += 1
                if effect == "pride" and counts[1 - winner]:
                    counts[winner], counts[1 - winner] = counts[winner] + 1, counts[1 - winner] - 1
                table[lead_wins, effect] = self.value(counts[0], counts[1])
        return table

    def wants(self, tricks: list[int], side: int) -> bool:
        """Whether `side` would rather win the next trick than lose it."""
        if sum(tricks) >= TRICKS_PER_ROUND:
            return False
        win, lose = list(tricks), list(tricks)
        win[side] += 1
        lose[1 - side] += 1
        gain = self.value(win[0], win[1]) - self.value(lose[0], lose[1])
        return gain > 0 if side == 0 else gain < 0


# -- one greedy trick and the rest of the round -----------------------------------------------


def reply(
    hand: list[int],
    lead: int,
    named: str | None,
    ranking: tuple[str, ...],
    values: dict[tuple[bool, str | None], float],
    follower: int,
    keep: bool,
) -> tuple[int, float]:
    """The follower's card with the best outcome for it (the seat's value falls when side 1 gains);
    among equals it saves its strong cards if it wants tricks later (`keep`), else sheds them."""
    sign = 1.0 if follower == 0 else -1.0
    best, best_key, best_value = hand[0], (-2.0, 0.0), 0.0
    for card in follows(hand, lead, named):
        _, lead_wins, effect = after(ranking, lead, card)
        value = values[lead_wins, effect]
        power = weight(card, ranking)
        key = (sign * value, -power if keep else power)
        if key > best_key:
            best, best_key, best_value = card, key, value
    return best, best_value


def greedy_trick(
    rules: Round, hands: list[list[int]], ranking: tuple[str, ...], tricks: list[int], leader: int
) -> tuple[int, str | None, int]:
    """The leader's card (and named colour) with the best outcome against the follower's reply."""
    values = rules.outcomes(tricks, leader)
    follower = 1 - leader
    keep_lead, keep_follow = rules.wants(tricks, leader), rules.wants(tricks, follower)
    sign = 1.0 if leader == 0 else -1.0
    best: tuple[int, str | None, int] = (hands[leader][0], None, hands[follower][0])
    best_key = (-2.0, 0.0)
    for card in hands[leader]:
        power = weight(card, ranking)
        for named in COLORS if is_potion(card) else (None,):
            answer, value = reply(hands[follower], card, named, ranking, values, follower, keep_follow)
            key = (sign * value, -power if keep_lead else power)
            if key > best_key:
                best, best_key = (card, named, answer), key
    return best


def resolve(
    rules: Round,
    hands: list[list[int]],
    ranking: tuple[str, ...],
    tricks: list[int],
    leader: int,
    cards: tuple[int, int],
) -> tuple[tuple[str, ...], int]:
    """Play the two cards (lead, follow), count the trick and its effect, swap on Greed (§4.4)."""
    lead, follow = cards
    hands[leader] = [card for card in hands[leader] if card != lead]
    hands[1 - leader] = [card for card in hands[1 - leader] if card != follow]
    ranking, lead_wins, effect = after(ranking, lead, follow)
    winner = leader if lead_wins else 1 - leader
    tricks[winner] += 1
    if effect == "pride" and tricks[1 - winner]:
        tricks[winner] += 1
        tricks[1 - winner] -= 1
    if effect == "greed" and hands[0] and hands[1]:
        greed_swap(rules, hands, ranking, tricks)
    return ranking, winner


def greed_gift(rules: Round, hand: list[int], ranking: tuple[str, ...], tricks: list[int], side: int) -> list[int]:
    """A side gives its weakest cards if it wants tricks, else its strongest (as hard does)."""
    order = sorted(hand, key=lambda card: weight(card, ranking), reverse=not rules.wants(tricks, side))
    return order[: rules.greed]


def swap(hands: list[list[int]], gifts: list[list[int]]) -> list[list[int]]:
    return [[card for card in hands[side] if card not in gifts[side]] + gifts[1 - side] for side in (0, 1)]


def greed_swap(rules: Round, hands: list[list[int]], ranking: tuple[str, ...], tricks: list[int]) -> None:
    count = min(rules.greed, len(hands[0]), len(hands[1]))
    gifts = [greed_gift(rules, hands[side], ranking, tricks, side)[:count] for side in (0, 1)]
    hands[:] = swap(hands, gifts)


def exchange_gift(hand: list[int], count: int, hyde: bool, must_potion: bool) -> list[int]:
    """Hard's exchange (strategy.choose_exchange): the kept hand's power nearest half the tricks
    (Jekyll) or farthest from it (Hyde), a potion given when two or more were dealt (D11)."""
    total, received = sum(weight(card, ()) for card in hand), 0.5 * count
    sign = 1.0 if hyde else -1.0

    def fit(cards: tuple[int, ...]) -> float:
        kept = total - sum(weight(card, ()) for card in cards) + received
        return sign * abs(kept - TRICKS_PER_ROUND / 2) - 0.001 * sum(cards) / CARD_COUNT

    options: list[tuple[int, ...]] = [
        cards for cards in combinations(sorted(hand), count) if not must_potion or any(map(is_potion, cards))
    ]
    chosen = max(options, key=fit)
    return list(chosen)


def finish(rules: Round, hands: list[list[int]], ranking: tuple[str, ...], tricks: list[int], leader: int) -> float:
    """The seat's chance to win the game once the round is played out greedily."""
    while hands[leader] and hands[1 - leader]:
        lead, _, follow = greedy_trick(rules, hands, ranking, tricks, leader)
        ranking, leader = resolve(rules, hands, ranking, tricks, leader, (lead, follow))
    return rules.value(tricks[0], tricks[1])


# -- what the seat knows of the other hand ----------------------------------------------------


class Knowledge:
    """The other hand as the seat can know it: cards surely there, colours surely absent."""

    def __init__(self, state: State, seen: dict[str, Any], seat: int) -> None:
        history = seen.get("history")
        if history is None:
            history = state["history"]  # played face up this round: the seat saw every trick
        hand = set(seen["hand"])
        played = {card for done in history for card in (done["lead"], done["follow"])}
        played |= {entry["card"] for entry in seen["trick"]}
        # Only the seat's own gifts (the other seat's are the cards it received, in its hand or played).
        # In `greed` the latest Greed's swap is still to come (and the other seat's choice secret).
        pending = seen["phase"] == "greed"
        last_gift = None if pending else state["greed_pending"][seat]
        exchanged = state["exchange_pending"][seat] if seen["phase"] != "exchange" else None
        gifts = set(exchanged or ()) | set(last_gift or ())
        self.known = sorted(gifts - played - hand)
        self.size = seen["hand_sizes"][1 - seat]
        voids = self._voids(history, seat, last_gift, pending)
        unseen = [card for card in range(CARD_COUNT) if card not in hand and card not in played]
        pool = [card for card in unseen if card not in gifts]
        self.fits = [card for card in pool if color(card) not in voids]
        self.misfits = [card for card in pool if color(card) in voids]

    @staticmethod
    def _voids(history: list[dict[str, Any]], seat: int, last_gift: list[int] | None, pending: bool) -> set[str]:
        """The colours the other seat showed it lacks (§4.3), since a Greed swap could refill them:
        the seat knows what it gave in the latest swap, so only those colours come back then."""
        voids: set[str] = set()
        greeds = [i for i, done in enumerate(history) if done["effect"] == "greed"]
        for i, done in enumerate(history):
            if done["leader"] == seat:
                lead, follow = done["lead"], done["follow"]
                led: str = done["named_color"] if is_potion(lead) else cast("str", color(lead))
                if color(follow) != led and not (is_potion(follow) and not is_potion(lead)):
                    voids.add(led)
            if done["effect"] == "greed" and not (pending and i == greeds[-1]):
                if last_gift is not None and i == greeds[-1]:
                    voids -= {color(card) for card in last_gift}
                else:
                    voids = set()
        return voids

    def sample(self, rng: Random) -> list[int]:
        """One hand for the other seat, uniform among those that agree with what the seat knows."""
        need = self.size - len(self.known)
        if len(self.fits) >= need:
            return self.known + rng.sample(self.fits, need)
        return self.known + self.fits + rng.sample(self.misfits, min(need - len(self.fits), len(self.misfits)))


# -- choosing ---------------------------------------------------------------------------------


def choose_expert(state: State, seen: dict[str, Any], seat: int, actions: list[Action], rng: Random) -> Action:
    """The action whose playouts, over hands drawn for the other seat, score best."""
    if len(actions) == 1:
        return actions[0]
    if seen["phase"] == "exchange":
        return choose_exchange(seen, seat, actions, rng)
    if seen["phase"] == "greed":
        return choose_gift(state, seen, seat, actions, rng)
    return choose_play(state, seen, seat, actions, rng)


def samples(actions: int, tricks_left: int) -> int:
    """Drawn hands per decision within the PLAYOUT_TRICKS budget."""
    return max(MIN_SAMPLES, PLAYOUT_TRICKS // (actions * max(1, tricks_left)))


def best(actions: list[Any], totals: list[float]) -> Any:
    """The first action with the highest total (ties go to the lower ids)."""
    return actions[max(range(len(actions)), key=lambda i: totals[i])]


def choose_play(state: State, seen: dict[str, Any], seat: int, actions: list[Action], rng: Random) -> Action:
    """Each lead or follow, against each drawn hand, played out to the round's end."""
    rules = Round(seen, seat)
    knowledge = Knowledge(state, seen, seat)
    hand = list(seen["hand"])
    ranking = tuple(seen["ranking"])
    tricks = [seen["tricks"][seat], seen["tricks"][1 - seat]]
    opening = seen["trick"][0] if seen["phase"] == "follow" else None
    totals = [0.0] * len(actions)
    for _ in range(samples(len(actions), TRICKS_PER_ROUND - sum(tricks))):
        theirs = knowledge.sample(rng)
        for i, action in enumerate(actions):
            hands, counts = [list(hand), list(theirs)], list(tricks)
            if opening is None:
                keep = rules.wants(counts, 1)
                values = rules.outcomes(counts, 0)
                answer, _ = reply(theirs, action["card"], action["named_color"], ranking, values, 1, keep)
                cards, leader = (action["card"], answer), 0
            else:
                hands[1].append(opening["card"])
                cards, leader = (opening["card"], action["card"]), 1
            after_ranking, next_leader = resolve(rules, hands, ranking, counts, leader, cards)
            totals[i] += finish(rules, hands, after_ranking, counts, next_leader)
    return cast("Action", best(actions, totals))


def choose_gift(state: State, seen: dict[str, Any], seat: int, actions: list[Action], rng: Random) -> Action:
    """Greed: each gift against each drawn hand (whose gift is hard's), played out."""
    rules = Round(seen, seat)
    knowledge = Knowledge(state, seen, seat)
    hand = list(seen["hand"])
    ranking = tuple(seen["ranking"])
    tricks = [seen["tricks"][seat], seen["tricks"][1 - seat]]
    leader = 0 if seen["leader"] == seat else 1
    count = len(actions[0]["cards"])
    totals = [0.0] * len(actions)
    for _ in range(samples(len(actions), TRICKS_PER_ROUND - sum(tricks))):
        theirs = knowledge.sample(rng)
        answer = greed_gift(rules, theirs, ranking, tricks, 1)[:count]
        for i, action in enumerate(actions):
            hands = swap([list(hand), list(theirs)], [action["cards"], answer])
            totals[i] += finish(rules, hands, ranking, list(tricks), leader)
    return cast("Action", best(actions, totals))


def choose_exchange(seen: dict[str, Any], seat: int, actions: list[Action], rng: Random) -> Action:
    """The round's exchange: each card given alone against drawn deals (the other seat giving as
    hard would), played out; the best `round` of them are given, a potion among them if owed."""
    rules = Round(seen, seat)
    hand = list(seen["hand"])
    count = seen["round"]
    unseen = [card for card in range(CARD_COUNT) if card not in hand]
    leader = 0 if seen["leader"] == seat else 1
    totals = [0.0] * len(hand)
    for _ in range(samples(len(hand), TRICKS_PER_ROUND)):
        theirs = rng.sample(unseen, len(hand))
        owed = sum(map(is_potion, theirs)) >= 2
        answer = exchange_gift(theirs, 1, not rules.hyde, owed)
        for i, card in enumerate(hand):
            totals[i] += finish(rules, swap([list(hand), theirs], [[card], answer]), (), [0, 0], leader)
    order = sorted(range(len(hand)), key=lambda i: -totals[i])
    chosen = [hand[i] for i in order[:count]]
    if seen["must_give_potion"] and not any(map(is_potion, chosen)):
        chosen[-1] = next(hand[i] for i in order if is_potion(hand[i]))
    picked: Action = {"type": "exchange_cards", "cards": sorted(chosen)}
    return picked if picked in actions else actions[0]


def choose(engine: Engine, state: State, seat: int, rng: Random, level: str = "expert") -> Action | None:
    """The strategy contract's entry point (hub/bots.py calls it for the `expert` level)."""
    actions = engine.legal_actions(state, seat)
    if not actions:
        return None
    return choose_expert(state, engine.view(state, seat), seat, actions, rng)
