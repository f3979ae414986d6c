"""Hand-built Camel Up Cards tables for the tests (seed "camel-42" unless a test says otherwise)."""

from __future__ import annotations

from dorhami.games.camel_up_cards.components import CARD_COUNT
from dorhami.games.camel_up_cards.rules import ENGINE

SEED = "camel-42"
START = ["red", "blue", "green", "yellow", "purple"]


def new_table(players: int = 2, seed: str | int = SEED, now_ms: int = 0, **config) -> dict:
    """A fresh setup."""
    return ENGINE.setup(players, seed, config, now_ms=now_ms)


def track(spaces: dict[int, list[str]], length: int = 10) -> list[list[str]]:
    """stacks[space - 1] from {space: [bottom … top]}; `sK[a,b]` of the rules is {K: [a, b]}."""
    stacks = [[] for _ in range(length)]
    for space, stack in spaces.items():
        stacks[space - 1] = list(stack)
    return stacks


def token(seq: int, seat: int, kind: str, camel: str, slot: int) -> dict:
    """A bet token; kind "W" or "L" as in the rules' token lists."""
    return {"seat": seat, "kind": {"W": "bet_winner", "L": "bet_loser"}[kind], "camel": camel, "slot": slot, "seq": seq}


def table(
    players: int = 3,
    lead: int = 0,
    spaces: dict | None = None,
    hands: dict | None = None,
    bets: tuple = (),
    dice: tuple = (),
    seed: str | int = SEED,
    **config,
) -> dict:
    """A `select` state: lead seat, track, chosen hands (other seats get spare cards), tokens and injected dice."""
    state = new_table(players, seed, **config)
    state["global_trick"] = lead
    if spaces is not None:
        state["stacks"] = track(spaces, state["config"]["track_length"])
    if hands is not None:
        # The given hands; the other seats get the lowest cards nobody was given.
        pool = [card for card in range(CARD_COUNT) if all(card not in cards for cards in hands.values())]
        for seat in range(players):
            state["hands"][seat] = sorted(hands[seat]) if seat in hands else [pool.pop(0) for _ in range(5)]
        state["draw_pile"] = pool[: len(state["draw_pile"])]
    state["bets"] = [dict(bet) for bet in bets]
    state["race_bet_seq"] = max([bet["seq"] for bet in bets], default=0)
    state["forced_dice"] = list(dice)
    return state


def play(state: dict, seat: int, card: int, camel: str | None = None, now_ms: int = 1):
    """play_card; returns (state, events)."""
    return ENGINE.apply(state, seat, {"type": "play_card", "card": card, "camel": camel}, now_ms)


def trick(state: dict, plays: dict[int, tuple], now_ms: int = 1):
    """Every seat plays (card, camel) in seat order; returns (state, all events)."""
    events = []
    for seat, (card, camel) in sorted(plays.items()):
        state, more = play(state, seat, card, camel, now_ms)
        events += more
    return state, events


def types(events: list[dict]) -> list[str]:
    return [event["type"] for event in events]


def of_type(events: list[dict], kind: str) -> list[dict]:
    return [event for event in events if event["type"] == kind]


def spaces_of(state: dict) -> dict[int, list[str]]:
    """The occupied spaces as {space: [bottom … top]}."""
    return {index + 1: stack for index, stack in enumerate(state["stacks"]) if stack}
