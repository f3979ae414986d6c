"""Hand-built Jekyll vs. Hyde tables for the tests (Jekyll = seat 0 unless a test says otherwise)."""

from __future__ import annotations

from dorhami.games.jekyll_vs_hyde.components import POTIONS, card_by_code
from dorhami.games.jekyll_vs_hyde.rules import ENGINE

J, H = 0, 1
SEED = 20240611
FULL_RANKING = ["purple", "red", "green"]


def ids(*codes: str) -> list[int]:
    """Card ids from display codes, e.g. ids('red-3', 'potion-4')."""
    return [card_by_code(code) for code in codes]


def new_table(seed: int = SEED, now_ms: int = 0, **config) -> dict:
    """A fresh setup with Jekyll at seat 0 unless `jekyll_seat` is given."""
    return ENGINE.setup(2, seed, {"jekyll_seat": 0, **config}, now_ms=now_ms)


def placeholder_tricks(count: int) -> list[list[int]]:
    """`count` won tricks whose cards do not matter to the test."""
    return [[0, 7] for _ in range(count)]


def table(
    phase: str = "lead",
    hands: tuple = ((), ()),
    leader: int = J,
    ranking=(),
    won=(0, 0),
    round: int = 1,
    marker: int = 0,
    trick_no: int | None = None,
    seed: int = SEED,
    **config,
) -> dict:
    """A trick-taking state: given hands (codes per seat), ranking, trick counts and leader."""
    state = new_table(seed, **config)
    state["hands"] = [sorted(ids(*hands[0])), sorted(ids(*hands[1]))]
    state.update(
        phase=phase,
        leader=leader,
        ranking=list(ranking),
        round=round,
        marker=marker,
        trick=[],
        won=[placeholder_tricks(won[0]), placeholder_tricks(won[1])],
    )
    state["trick_no"] = trick_no if trick_no is not None else won[0] + won[1] + 1
    state["deadlines"] = [None, None]
    if state["config"]["timers_enabled"]:
        state["deadlines"][leader] = state["config"]["play_timeout_s"] * 1000
    return state


def dealt(jekyll_codes=(), hyde_codes=(), size: int = 10) -> list[list[int]]:
    """Two dealt hands holding the given cards, filled up with the lowest unused evil cards."""
    hands = [ids(*jekyll_codes), ids(*hyde_codes)]
    spare = [card for card in range(25) if card not in POTIONS and card not in hands[0] + hands[1]]
    for hand in hands:
        while len(hand) < size:
            hand.append(spare.pop(0))
    return [sorted(hand) for hand in hands]


def exchange_table(jekyll_codes=(), hyde_codes=(), round: int = 1, marker: int = 0, **config) -> dict:
    """Phase `exchange` of `round` with the given cards dealt (dealt_potions recomputed)."""
    state = new_table(**config)
    state["hands"] = dealt(jekyll_codes, hyde_codes)
    state["set_aside"] = sorted(set(range(25)) - set(state["hands"][0] + state["hands"][1]))
    state["dealt_potions"] = [sum(card in POTIONS for card in hand) for hand in state["hands"]]
    state.update(round=round, marker=marker)
    return state


def play(state: dict, seat: int, code: str, named: str | None = None, now_ms: int = 1):
    """play_card by code; returns (state, events)."""
    return ENGINE.apply(state, seat, {"type": "play_card", "card": card_by_code(code), "named_color": named}, now_ms)


def give(state: dict, seat: int, kind: str, codes, now_ms: int = 1):
    """exchange_cards / greed_give by codes; returns (state, events)."""
    return ENGINE.apply(state, seat, {"type": kind, "cards": ids(*codes)}, now_ms)


def finish_round(state: dict, jekyll_tricks: int, hyde_tricks: int, now_ms: int = 1):
    """Set up trick 10 of the current round and play it so the round ends jekyll_tricks : hyde_tricks."""
    jekyll, hyde = state["roles"]["jekyll"], state["roles"]["hyde"]
    winner = jekyll if jekyll_tricks else hyde
    counts = {jekyll: jekyll_tricks, hyde: hyde_tricks}
    counts[winner] -= 1
    state = dict(state)
    state.update(
        phase="lead",
        leader=winner,
        trick_no=10,
        trick=[],
        ranking=list(FULL_RANKING),
        won=[placeholder_tricks(counts[0]), placeholder_tricks(counts[1])],
    )
    state["hands"] = [[], []]
    state["hands"][winner] = ids("red-7")
    state["hands"][1 - winner] = ids("red-1")
    state, first = play(state, winner, "red-7", now_ms=now_ms)
    state, second = play(state, 1 - winner, "red-1", now_ms=now_ms)
    return state, first + second


def types(events: list[dict]) -> list[str]:
    return [event["type"] for event in events]
