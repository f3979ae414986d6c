"""The expert bot: legal plays through a whole game, and it reads only its own view."""

from __future__ import annotations

import random

from dorhami.games.camel_up_cards.expert import choose_expert
from dorhami.games.camel_up_cards.rules import ENGINE

from .tables import new_table


def expert(state: dict, seat: int, rng: random.Random) -> dict | None:
    actions = ENGINE.legal_actions(state, seat)
    return choose_expert(ENGINE.view(state, seat), seat, actions, rng) if actions else None


def test_the_expert_plays_a_legal_card_every_trick_of_a_whole_game():
    # One race keeps it quick; the expert sits last, so both rivals have committed when it chooses.
    state = new_table(3, seed=21, races=1)
    rng = random.Random(4)
    while ENGINE.result(state) is None:
        for seat in range(3):
            actions = ENGINE.legal_actions(state, seat)
            if not actions:
                continue
            action = expert(state, seat, rng) if seat == 2 else rng.choice(actions)
            assert action in actions
            state, _ = ENGINE.apply(state, seat, action, 0)
    assert ENGINE.result(state)["winners"]


def test_the_expert_does_not_depend_on_what_its_view_hides():
    state = new_table(3, seed=8)
    # Seat 1 commits first, so seat 0 faces a secret commitment as well as the hidden hands.
    state, _ = ENGINE.apply(state, 1, ENGINE.legal_actions(state, 1)[0], 0)
    ones, twos = state["hands"][1], state["hands"][2]
    # Seat 1's secret card swapped with the draw pile's top, and the other seats' cards shuffled between them.
    pile = [state["committed"][1]["card"], *state["draw_pile"][1:]]
    other = dict(
        state,
        draw_pile=list(reversed(pile)),
        seed="another seed",
        hands=[state["hands"][0], sorted(twos[:4]), sorted(twos[4:] + ones)],
        committed=[None, {**state["committed"][1], "card": state["draw_pile"][0]}, None],
    )
    assert ENGINE.view(state, 0) == ENGINE.view(other, 0)
    assert expert(state, 0, random.Random(3)) == expert(other, 0, random.Random(3))
