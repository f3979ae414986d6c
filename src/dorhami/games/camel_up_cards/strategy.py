"""A Camel Up Cards bot: bets on the camels a small Monte Carlo favours, moves the camels it bet on.

Pure: it reads only the seat's own view and legal actions, and draws chance from the `rng` it is given.

Levels:
- easy: a random legal card half the time, otherwise normal's play on fewer simulated race ends.
- normal: a bet is worth its token's expected payout, a camel move the change it makes to the
  expected payout of its own tokens.
- hard: a camel move is worth what it does to its own tokens less what it does to the rivals'
  (per rival), on more simulated race ends.

Strength (bench/quality/bot_strength.py, 200 games per pairing in duplicate; docs/BOTS.md has the table):
before hard counted the rivals' tokens, hard scored 53 % against normal (no better than chance)
and normal 67.5 % against easy (easy then played a random card 30 % of the time); now hard scores
about 67 % against normal (70 % and 63.5 % on two seed ranges) and normal 81 % against easy.
"""

from __future__ import annotations

from random import Random
from typing import Any, cast

from ...engine.contract import Action, Engine, State
from .components import (
    BET_KINDS,
    BET_WINNER,
    CAMELS,
    COLUMN_SLOTS,
    FACES,
    KIND,
    LOSE,
    LOST_CAMEL,
    MOVE,
    TAILWIND,
    WIN,
    printed_camel,
    standings,
)

# Simulated race ends for the current position, and for each position a card could lead to.
SIMS = {"easy": 30, "normal": 50, "hard": 70}
BRANCH_SIMS = {"easy": 6, "normal": 10, "hard": 14}
# The easy bot plays any legal card this often (as in Jekyll vs Hyde): at 0.3 it was hard to tell
# from normal (normal scored 67 % against it), at 0.5 it still wins most games against random players.
EASY_RANDOM = 0.5
# How much a rival's expected payout counts against our own: coins decide the game only relative to
# the other seats, so a camel move that ruins a rival's bet is worth as much as one that helps ours.
RIVAL_WEIGHT = {"easy": 0.0, "normal": 0.0, "hard": 1.0}

Odds = dict[str, list[float]]  # camel -> probability of each place 1..5 (index 0 = 1st)


def choose(engine: Engine, state: State, seat: int, rng: Random, level: str) -> Action | None:
    """The action with the highest estimated coin gain for `seat`, or None if it has nothing to do."""
    actions = engine.legal_actions(state, seat)
    if not actions:
        return None
    if level == "easy" and rng.random() < EASY_RANDOM:
        return rng.choice(actions)
    seen = engine.view(state, seat)
    table = Table(seen, rng.random())
    odds = table.odds(table.stacks, SIMS.get(level, SIMS["normal"]))
    mine = [token for token in seen["bets"] if token["seat"] == seat]
    theirs = [token for token in seen["bets"] if token["seat"] != seat]
    rival_weight = RIVAL_WEIGHT.get(level, 0.0) / max(1, seen["players"] - 1)
    branch_sims = BRANCH_SIMS.get(level, BRANCH_SIMS["normal"])

    def lead(odds: Odds) -> float:
        """Our tokens' expected payout, less the rivals' (per rival) as far as this level cares."""
        ours = table.tokens_value(mine, odds)
        return ours - rival_weight * table.tokens_value(theirs, odds) if rival_weight and theirs else ours

    now = lead(odds)

    def gain(action: Action) -> float:
        card, camel = action["card"], action["camel"]
        if KIND[card] in BET_KINDS:
            return table.bet_value(seen["bets"], KIND[card], camel, odds)
        outcomes = table.after_card(card, camel)
        if not (mine or rival_weight and theirs) or not outcomes:
            return 0.0  # no token to help or harm (or a Mirage): this card changes nothing we can value
        after = sum(lead(table.odds(stacks, branch_sims)) for stacks in outcomes)
        return after / len(outcomes) - now

    return max(actions, key=lambda action: (gain(action), -action["card"]))


class Table:
    """The visible track and the payout rules, with a seeded race simulator."""

    def __init__(self, seen: dict[str, Any], crn_seed: float) -> None:
        config = seen["config"]
        self.stacks = [list(stack) for stack in seen["stacks"]]
        self.last = config["track_length"]
        self.leader = config["stack_leader"]
        self.carry = config["carry"]
        self.penalty = config["wrong_bet_penalty"]
        self.crn_seed = crn_seed  # common random numbers: every position is judged on the same rolls
        # Cards of one camel (and Tailwind or Lost Camel on it) lead to the same tracks: with common
        # random numbers their odds are the same too, so each track is simulated once per choice.
        self.seen_odds: dict[tuple[Any, ...], Odds] = {}

    # -- the race simulator -------------------------------------------------------------------

    def move(self, stacks: list[list[str]], camel: str, delta: int) -> None:
        """move_unit on a scratch track (§4.3)."""
        space = next(index for index, stack in enumerate(stacks) if camel in stack)
        target = min(space + delta, self.last - 1) if delta > 0 else max(space - 1, 0)
        if target == space:
            return
        stack = stacks[space]
        height = stack.index(camel)
        unit = stack[height:] if self.carry else [camel]
        stacks[space] = stack[:height] if self.carry else stack[:height] + stack[height + 1 :]
        if delta < 0 and self.leader == "top":
            stacks[target][:0] = unit
        else:
            stacks[target] += unit

    def odds(self, stacks: list[list[str]], sims: int) -> Odds:
        """Place probabilities from `sims` random race ends (a random camel moves by a die each step)."""
        key = (sims, *map(tuple, stacks))
        if key not in self.seen_odds:
            self.seen_odds[key] = self.simulated_odds(stacks, sims)
        return self.seen_odds[key]

    def simulated_odds(self, stacks: list[list[str]], sims: int) -> Odds:
        """odds() without the memo; each position is run on the same rolls (an rng from this Table's seed)."""
        rng = Random(self.crn_seed)
        counts = {camel: [0] * len(CAMELS) for camel in CAMELS}
        for _ in range(sims):
            for place, camel in enumerate(self.race_end(stacks, rng)):
                counts[camel][place] += 1
        return {camel: [count / sims for count in row] for camel, row in counts.items()}

    def race_end(self, stacks: list[list[str]], rng: Random) -> list[str]:
        """The standings after random forward moves until a camel reaches the finish."""
        track = [list(stack) for stack in stacks]
        where = {camel: space for space, stack in enumerate(track) for camel in stack}
        last = self.last - 1
        while not track[last]:
            camel = CAMELS[int(rng.random() * 5)]
            space = where[camel]
            target = min(space + FACES[int(rng.random() * 6)], last)
            stack = track[space]
            height = stack.index(camel)
            unit = stack[height:] if self.carry else [camel]
            del stack[height : height + len(unit)]
            track[target] += unit
            for rider in unit:
                where[rider] = target
        return standings(track, self.leader)

    def after_card(self, card: int, camel: str | None) -> list[list[list[str]]]:
        """The tracks a move, Tailwind or Lost Camel card may lead to, equally likely; [] for the rest."""
        kind = KIND[card]
        if kind == MOVE:
            moves = [(printed_camel(card), value) for value in sorted(set(FACES))]
        elif kind in (TAILWIND, LOST_CAMEL) and camel is not None:
            moves = [(camel, 1 if kind == TAILWIND else -1)]
        else:
            return []
        outcomes = []
        for mover, delta in moves:
            track = [list(stack) for stack in self.stacks]
            self.move(track, cast("str", mover), delta)  # a moving card prints its camel
            outcomes.append(track)
        return outcomes

    # -- payouts ------------------------------------------------------------------------------

    def token_value(self, kind: str, camel: str, slot: int, odds: Odds) -> float:
        """The expected payout of one token (§5), penalty variant included."""
        chances = odds[camel]
        if kind == BET_WINNER:
            return sum(
                chance * (WIN[place + 1][slot - 1] - (self.penalty if place >= 3 else 0))
                for place, chance in enumerate(chances)
            )
        last = chances[-1]
        return cast("float", last * LOSE[slot - 1] - (1 - last) * self.penalty)

    def tokens_value(self, tokens: list[dict[str, Any]], odds: Odds) -> float:
        return sum(self.token_value(token["kind"], token["camel"], token["slot"], odds) for token in tokens)

    def bet_value(self, bets: list[dict[str, Any]], kind: str, camel: str | None, odds: Odds) -> float:
        """A new token in the next free slot (it could still fizzle; a blank bet is worth nothing)."""
        if camel is None:
            return 0.0
        slot = 1 + sum(token["kind"] == kind and token["camel"] == camel for token in bets)
        return self.token_value(kind, camel, min(slot, COLUMN_SLOTS), odds)
