"""Hand-built Double Connect states: Fixture F of §9 and finished tables for the ranking rules."""

from __future__ import annotations

import json

import pytest

from dorhami.engine import IllegalAction
from dorhami.games.double_connect.rules import ENGINE

F_HANDS = [[1, 2, 3, 4, 5], [8, 9, 10, 11, 12], [15, 16, 17, 18, 19], [22, 23, 24, 25, 26]]


def build_table(
    config: dict | None = None, hands: list[list[int]] | None = None, pile: list[int] | None = None, start_card: int = 0
) -> dict:
    """Fixture F (§9): start card 0, no arms, the F hands, every other card ascending in the pile,
    phase `playing` at 3000 (setup at 0, default countdown)."""
    hands = [list(hand) for hand in (hands or F_HANDS)]
    state = ENGINE.setup(len(hands), 1, config or {}, now_ms=0)
    used = {start_card, *(card for hand in hands for card in hand)}
    state.update(
        hands=hands,
        start_card=start_card,
        arms=[],
        phase="playing",
        step=1,
        clock=state["play_start"],
        pile=sorted(set(range(55)) - used) if pile is None else list(pile),
    )
    return state


def finished_table(
    cards: list[int],
    wrong: list[int],
    emptied: dict[int, int] | None = None,
    config: dict | None = None,
    reason: str = "time_limit",
) -> dict:
    """A finished table whose seats hold `cards[s]` cards and made `wrong[s]` wrong claims."""
    ids = iter(range(1, 55))
    hands = [[next(ids) for _ in range(count)] for count in cards]
    state = build_table(config, hands=hands)
    state["wrong_claims"] = list(wrong)
    for order, (seat, t) in enumerate(sorted((emptied or {}).items(), key=lambda item: item[1])):
        state["emptied_at"][seat] = [t, order + 1]
        state["empty_order"].append(seat)
    state.update(phase="finished", reason=reason, finished_at=303000)
    return state


def claim(state: dict, seat: int | None, card: int, target: int, symbol: int, t: int):
    """Apply one claim; returns (new state, events)."""
    return ENGINE.apply(state, seat, {"type": "claim", "card": card, "target": target, "symbol": symbol}, t)


def rejected(state: dict, seat: int | None, card, target, symbol, t: int) -> str:
    """The error code of a claim that must be refused; the state after it must be the state before
    it, every field compared (a wrong claim's penalty or a shared part edited would show here)."""
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        claim(state, seat, card, target, symbol, t)
    assert json.dumps(state, sort_keys=True) == before, "a refused claim changed the state"
    return err.value.code


def of_type(events: list[dict], kind: str) -> list[dict]:
    return [event for event in events if event["type"] == kind]


def ranks(state: dict) -> dict[int, int]:
    return {row["seat"]: row["rank"] for row in ENGINE.result(state)["results"]}


@pytest.fixture
def table() -> dict:
    return build_table()
