"""§4.3 error codes (each one, and their order) and the legal-action lists."""

from __future__ import annotations

import json
from math import comb

import pytest

from dorhami.engine import IllegalAction
from dorhami.games.jekyll_vs_hyde.components import POTIONS
from dorhami.games.jekyll_vs_hyde.rules import ENGINE

from .tables import FULL_RANKING, H, J, exchange_table, finish_round, ids, new_table, play, table


def code_of(state, seat, action):
    """The refusal's code; the state after the refusal must equal the state before it."""
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, seat, action, 1)
    assert json.dumps(state, sort_keys=True) == before, "a refused action changed the state"
    return err.value.code


def lead_table():
    return table(hands=(["red-3", "potion-2", "green-1"], ["red-5", "green-2", "potion-4"]), ranking=FULL_RANKING)


def follow_table():
    state, _ = play(lead_table(), J, "red-3")
    return state


def test_each_error_code_of_the_rules_is_produced():
    exchange, lead, follow = exchange_table(["potion-2", "potion-3"]), lead_table(), follow_table()
    round2 = exchange_table(["potion-2", "potion-3"], round=2)
    submitted, _ = ENGINE.apply(exchange, J, {"type": "exchange_cards", "cards": [21]}, 1)
    cases = [
        ("unknown_action", exchange, J, {"type": "exchange_cards", "cards": "21"}),
        ("unknown_action", lead, J, {"type": "play_card", "card": None}),
        ("wrong_phase", lead, J, {"type": "exchange_cards", "cards": [21]}),
        ("wrong_phase", exchange, J, {"type": "play_card", "card": 21, "named_color": "red"}),
        ("wrong_phase", lead, J, {"type": "greed_give", "cards": [8]}),
        ("not_your_turn", lead, H, {"type": "play_card", "card": ids("red-5")[0]}),
        ("already_submitted", submitted, J, {"type": "exchange_cards", "cards": [22]}),
        ("wrong_count", exchange, J, {"type": "exchange_cards", "cards": [21, 22]}),
        ("duplicate_cards", round2, J, {"type": "exchange_cards", "cards": [21, 21]}),
        ("card_not_in_hand", exchange, J, {"type": "exchange_cards", "cards": [24]}),
        ("card_not_in_hand", lead, J, {"type": "play_card", "card": ids("red-5")[0]}),
        ("color_required", lead, J, {"type": "play_card", "card": ids("potion-2")[0]}),
        ("invalid_color", lead, J, {"type": "play_card", "card": ids("potion-2")[0], "named_color": "blue"}),
        ("color_not_allowed", lead, J, {"type": "play_card", "card": ids("red-3")[0], "named_color": "red"}),
        ("color_not_allowed", follow, H, {"type": "play_card", "card": ids("potion-4")[0], "named_color": "red"}),
        ("potion_required", exchange, J, {"type": "exchange_cards", "cards": [0]}),
        ("must_follow", follow, H, {"type": "play_card", "card": ids("green-2")[0]}),
    ]
    for code, state, seat, action in cases:
        assert code_of(state, seat, action) == code, (code, action)


def test_earlier_checks_win_when_an_action_breaks_several_rules():
    exchange, lead = exchange_table(["potion-2", "potion-3"]), lead_table()
    submitted, _ = ENGINE.apply(exchange, J, {"type": "exchange_cards", "cards": [21]}, 1)
    assert code_of(submitted, J, {"type": "exchange_cards", "cards": [0, 0, 99]}) == "already_submitted"
    assert code_of(exchange, J, {"type": "exchange_cards", "cards": [99, 99]}) == "wrong_count"
    round2 = exchange_table(["potion-2", "potion-3"], round=2)
    assert code_of(round2, J, {"type": "exchange_cards", "cards": [99, 99]}) == "duplicate_cards"
    assert code_of(round2, J, {"type": "exchange_cards", "cards": [0, 99]}) == "card_not_in_hand"
    assert code_of(lead, H, {"type": "play_card", "card": 99, "named_color": "blue"}) == "not_your_turn"
    assert code_of(lead, J, {"type": "play_card", "card": 99, "named_color": "blue"}) == "card_not_in_hand"
    assert code_of(lead, J, {"type": "exchange_cards", "cards": "x"}) == "unknown_action"


def test_an_action_after_its_phase_closed_is_wrong_phase():
    over, _ = finish_round(new_table(), 10, 0)
    for seat in (J, H):
        assert code_of(over, seat, {"type": "play_card", "card": 0, "named_color": None}) == "wrong_phase"


def test_a_refused_action_changes_nothing():
    state = follow_table()
    before = repr(state)
    code_of(state, H, {"type": "play_card", "card": ids("green-2")[0]})
    assert repr(state) == before


def test_leading_lists_each_card_once_and_each_potion_once_per_colour():
    actions = ENGINE.legal_actions(lead_table(), J)
    assert actions == [
        {"type": "play_card", "card": ids("red-3")[0], "named_color": None},
        {"type": "play_card", "card": ids("green-1")[0], "named_color": None},
        {"type": "play_card", "card": 21, "named_color": "purple"},
        {"type": "play_card", "card": 21, "named_color": "red"},
        {"type": "play_card", "card": 21, "named_color": "green"},
    ]
    assert ENGINE.legal_actions(lead_table(), H) == []


def test_follower_without_the_led_colour_may_play_anything():
    state = table(hands=(["red-3"], ["green-2", "purple-4", "potion-4"]), ranking=FULL_RANKING)
    state, _ = play(state, J, "red-3")
    assert [a["card"] for a in ENGINE.legal_actions(state, H)] == ids("purple-4", "green-2", "potion-4")


def test_follower_of_a_potion_without_the_named_colour_may_play_a_potion():
    state = table(hands=(["potion-2"], ["green-2", "potion-4"]), ranking=FULL_RANKING)
    state, _ = play(state, J, "potion-2", "red")
    assert [a["card"] for a in ENGINE.legal_actions(state, H)] == ids("green-2", "potion-4")


def test_round_three_exchange_lists_every_three_card_set_once():
    state = exchange_table(["potion-2"], round=3)
    actions = ENGINE.legal_actions(state, J)
    assert len(actions) == comb(10, 3) == 120
    assert all(a["cards"] == sorted(a["cards"]) for a in actions)
    assert len({tuple(a["cards"]) for a in actions}) == 120


def test_exchange_list_keeps_the_potion_obligation():
    state = exchange_table(["potion-2", "potion-3"], round=2)
    actions = ENGINE.legal_actions(state, J)
    assert all(set(a["cards"]) & set(POTIONS) for a in actions)
    assert len(actions) == comb(10, 2) - comb(8, 2)


def test_every_listed_action_is_accepted():
    state = new_table()
    for seat in (J, H):
        for action in ENGINE.legal_actions(state, seat):
            ENGINE.apply(state, seat, action, 1)
