"""play_card: the legal-action list and every §4.1 error code, first failure wins."""

from __future__ import annotations

import json

import pytest

from dorhami.engine import IllegalAction
from dorhami.games.camel_up_cards.rules import ENGINE

from .tables import new_table, play, table, token


def refused(code, state, seat, action):
    """Refused with `code`, and the state after the refusal equals the state before it."""
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, seat, action, 1)
    assert err.value.code == code
    assert json.dumps(state, sort_keys=True) == before, "a refused action changed the state"


def test_legal_actions_list_every_card_with_every_valid_camel():
    state = table(2, hands={0: [3, 25, 35, 40, 42]}, bets=(token(1, 0, "W", "red", 1),))
    listed = {(a["card"], a["camel"]) for a in ENGINE.legal_actions(state, 0)}
    camels = ["red", "blue", "green", "yellow", "purple"]
    assert listed == (
        {(3, None), (40, None)}
        | {(42, camel) for camel in camels}
        | {(25, camel) for camel in camels[1:]}
        | {(35, camel) for camel in camels[1:]}
    )


def test_a_bet_card_is_played_blank_only_when_no_camel_can_take_it():
    bets = tuple(token(i + 1, 0, "W", camel, 1) for i, camel in enumerate(["red", "blue", "green", "yellow", "purple"]))
    state = table(2, hands={0: [26, 36, 0, 1, 2]}, bets=bets)
    assert [a["camel"] for a in ENGINE.legal_actions(state, 0) if a["card"] in (26, 36)] == [None, None]
    state, events = play(state, 0, 26, None)
    assert events == [{"type": "card_committed", "seat": 0}]


@pytest.mark.parametrize(
    "action",
    [
        {"type": "play_card"},
        {"type": "play_card", "card": "3"},
        {"type": "play_card", "card": 3.0},
        {"type": "play_card", "card": True},
        {"type": "play_card", "card": 3, "camel": 4},
        {"type": "play_card", "card": 3, "camel": ["red"]},
        {"type": "bet", "card": 3},
        {"type": "timeout"},
    ],
)
def test_a_malformed_action_is_unknown_action(action):
    refused("unknown_action", new_table(2), 0, action)


def test_after_the_game_a_play_is_wrong_phase():
    state = new_table(2)
    state["phase"] = "game_over"
    refused("wrong_phase", state, 0, {"type": "play_card", "card": state["hands"][0][0], "camel": None})


def test_a_seat_outside_the_table_may_not_play():
    state = new_table(2)
    refused("not_your_turn", state, 2, {"type": "play_card", "card": 0, "camel": None})


def test_a_commitment_is_final():
    state = table(2, hands={0: [0, 1, 2, 3, 4]})
    state, _ = play(state, 0, 0)
    refused("already_committed", state, 0, {"type": "play_card", "card": 1, "camel": None})
    refused("already_committed", state, 0, {"type": "play_card", "card": 0, "camel": "red"})  # first failure wins


def test_a_card_outside_the_hand_is_refused():
    state = table(2, hands={0: [0, 1, 2, 3, 4]})
    refused("card_not_in_hand", state, 0, {"type": "play_card", "card": 40, "camel": None})
    refused("card_not_in_hand", state, 0, {"type": "play_card", "card": 99, "camel": "orange"})


@pytest.mark.parametrize(
    "card, camel, why",
    [
        (0, "red", "a move card names no camel"),
        (40, "red", "a Mirage names no camel"),
        (42, None, "Lost Camel needs a camel"),
        (46, None, "Tailwind needs a camel"),
        (46, "orange", "not a camel"),
        (25, "red", "the seat already holds a red token"),
        (35, "red", "one bet of either kind per camel"),
        (26, "blue", "the blue winner column is full"),
        (26, None, "blank only when no camel can take the bet"),
    ],
)
def test_a_camel_that_does_not_fit_the_card_is_invalid_camel(card, camel, why):
    bets = (
        token(1, 0, "W", "red", 1),
        token(2, 1, "W", "blue", 1),
        token(3, 2, "W", "blue", 2),
        token(4, 3, "W", "blue", 3),
    )
    state = table(4, hands={0: sorted({card, 0, 1, 2, 3})})
    state["bets"] = [dict(bet) for bet in bets]
    refused("invalid_camel", state, 0, {"type": "play_card", "card": card, "camel": camel})


def test_a_refused_action_changes_nothing():
    state = new_table(2)
    before = repr(state)
    refused("invalid_camel", state, 0, {"type": "play_card", "card": state["hands"][0][0], "camel": "mauve"})
    assert repr(state) == before


def test_every_listed_action_is_accepted():
    state = new_table(5, seed=77)
    for seat in range(5):
        for action in ENGINE.legal_actions(state, seat):
            ENGINE.apply(state, seat, action, 1)
