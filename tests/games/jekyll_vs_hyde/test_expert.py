"""The expert bot (expert.py): legal, view-only, and reading the other hand only from what it saw.

Its strength against hard is measured in the bench (bench/quality/bot_strength.py), not here.
"""

from __future__ import annotations

import random

from dorhami.games.jekyll_vs_hyde.components import color
from dorhami.games.jekyll_vs_hyde.expert import Knowledge
from dorhami.games.jekyll_vs_hyde.rules import ENGINE
from dorhami.hub.bots import chooser

from .tables import FULL_RANKING, H, J, ids, new_table, play, table


def choose(engine, state, seat, rng, level):
    """A bot's move at `level`, as the hub picks it (the expert's search, or the strategy)."""
    return chooser(engine, level)(engine, state, seat, rng, level)


def play_through(state: dict, seat_levels: dict[int, str], seed: int, stop=lambda state: False) -> dict:
    """Bots play until `stop(state)` or the end; every action must be legal."""
    rng = random.Random(seed)
    while ENGINE.result(state) is None and not stop(state):
        for seat in (J, H):
            actions = ENGINE.legal_actions(state, seat)
            if actions:
                action = choose(ENGINE, state, seat, rng, seat_levels[seat])
                assert action in actions
                state, _ = ENGINE.apply(state, seat, action, 0)
    return state


def test_expert_plays_only_legal_actions_through_whole_games_in_both_roles():
    # One game per role (the expert is Jekyll in the first, Hyde in the second), one or two Greed gifts.
    for seed, greed, jekyll_seat in ((1, 1, 0), (2, 2, 1)):
        state = new_table(seed=seed, timers_enabled=False, greed_exchange_count=greed, jekyll_seat=jekyll_seat)
        assert ENGINE.result(play_through(state, {0: "expert", 1: "hard"}, seed)) is not None


def hidden_swapped(state: dict, seat: int) -> dict | None:
    """The same table for `seat` with the cards hidden from it relabelled: the other hand's unknown
    cards trade places with set-aside ones, wherever they are (hand, a pending secret choice). The
    cards `seat` gave stay where it knows they are, so its view and memory are unchanged. None when
    the seat knows every card of the other hand."""
    other = ENGINE.copy_state(state)
    gifts = set(state["exchange_pending"][seat] or ()) | set(state["greed_pending"][seat] or ())
    if state["phase"] == "exchange":
        gifts = set()  # this round's gifts are not chosen yet; the pending lists hold last round's
    loose = [card for card in state["hands"][1 - seat] if card not in gifts]
    aside = state["set_aside"]
    if not loose:
        return None
    trade = dict(zip(loose, aside, strict=False)) | dict(zip(aside, loose, strict=False))

    def relabel(cards):
        return None if cards is None else sorted(trade.get(card, card) for card in cards)

    other["hands"][1 - seat] = relabel(state["hands"][1 - seat])
    other["set_aside"] = relabel(aside)
    pending = {"exchange": "exchange_pending", "greed": "greed_pending"}.get(state["phase"])
    if pending:
        other[pending][1 - seat] = relabel(state[pending][1 - seat])
    assert other["hands"][1 - seat] != state["hands"][1 - seat]
    assert ENGINE.view(other, seat) == ENGINE.view(state, seat)
    return other


def test_expert_sees_only_its_view_in_every_phase():
    """At each of the expert's decisions for two rounds (exchange, Greed, lead, follow), the same
    move with the same rng on a table whose hidden cards differ."""
    state = new_table(seed=12, timers_enabled=False)
    rng = random.Random(3)
    checked = set()
    while ENGINE.result(state) is None and state["round"] <= 2:
        for seat in (J, H):
            actions = ENGINE.legal_actions(state, seat)
            if not actions:
                continue
            if seat == J or state["round"] == 2:
                other = hidden_swapped(state, seat)
                action = choose(ENGINE, state, seat, random.Random(state["step"]), "expert")
                if other is not None:
                    assert action == choose(ENGINE, other, seat, random.Random(state["step"]), "expert")
                    checked.add(state["phase"])
            else:
                action = choose(ENGINE, state, seat, rng, "hard")
            state, _ = ENGINE.apply(state, seat, action, 0)
    assert checked == {"exchange", "greed", "lead", "follow"}


def test_the_drawn_hands_keep_the_cards_it_gave_and_the_colours_it_saw_missing():
    # Hyde did not follow Jekyll's red lead with red or a potion: Hyde holds no red.
    state = table(
        hands=(("red-2", "green-3", "purple-5", "potion-3"), ("green-1", "green-6", "purple-2", "purple-7", "green-4")),
        ranking=FULL_RANKING,
        timers_enabled=False,
    )
    state["set_aside"] = ids("red-1", "red-3", "red-4", "red-5", "red-6")
    state, _ = play(state, J, "red-2")
    state, _ = play(state, H, "purple-7")
    state["exchange_pending"] = [ids("green-6"), None]  # Jekyll gave green-6 in the exchange
    state["phase"], state["leader"] = "lead", J
    knowledge = Knowledge(state, ENGINE.view(state, J), J)
    rng = random.Random(7)
    for _ in range(20):
        hand = knowledge.sample(rng)
        assert len(hand) == 4 and ids("green-6")[0] in hand
        assert all(color(card) != "red" for card in hand)


def test_expert_gives_the_last_trick_away_when_that_evens_the_counts():
    # As in test_strategy: Jekyll (seat 0) ahead 5–3 in round 3 loses both tricks to end 5–5.
    state = table(
        hands=(("red-6", "red-2"), ("red-4", "green-1")),
        leader=H,
        won=(5, 3),
        round=3,
        marker=8,
        trick_no=9,
        timers_enabled=False,
    )
    state, _ = play(state, H, "red-4")
    assert choose(ENGINE, state, J, random.Random(5), "expert")["card"] == ids("red-2")[0]


def test_expert_has_no_action_when_the_seat_has_none():
    state = table(hands=(("red-4", "red-6"), ("red-2", "red-5")), leader=J)
    assert choose(ENGINE, state, H, random.Random(1), "expert") is None
