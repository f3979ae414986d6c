"""§7: views and public events never show the opponent's hand, set-aside cards or secret selections."""

from __future__ import annotations

import json

from dorhami.engine import events_for
from dorhami.games.jekyll_vs_hyde.rules import ENGINE

from .tables import FULL_RANKING, H, J, give, new_table, play, table


def with_other_secrets(state: dict, hidden_seat: int) -> dict:
    """The same public table with `hidden_seat`'s hand and the set-aside cards swapped around."""
    other = json.loads(json.dumps(state))
    hand, aside = other["hands"][hidden_seat], other["set_aside"]
    swap = min(len(hand), len(aside))
    other["hands"][hidden_seat] = sorted(aside[:swap] + hand[swap:])
    other["set_aside"] = sorted(hand[:swap] + aside[swap:])
    other["rng"] = ENGINE.setup(2, 999, {})["rng"]
    return other


def test_a_seat_s_view_does_not_depend_on_the_opponent_s_hand_or_the_set_aside_cards():
    state = new_table()
    for viewer, hidden in ((J, H), (H, J), (None, J), (None, H)):
        assert ENGINE.view(state, viewer) == ENGINE.view(with_other_secrets(state, hidden), viewer)


def test_own_view_shows_the_own_hand_sorted_and_the_opponent_s_size_only():
    state = new_table()
    seen = ENGINE.view(state, J)
    assert seen["hand"] == sorted(state["hands"][J]) and seen["hand_sizes"] == [10, 10]
    assert seen["set_aside_count"] == 5 and seen["seat"] == J and seen["players"] == 2
    assert ENGINE.view(state, None)["hand"] is None


def test_a_pending_exchange_is_invisible_to_the_opponent_and_spectators():
    state = new_table()
    before = {viewer: ENGINE.view(state, viewer) for viewer in (H, None)}
    state, events = ENGINE.apply(state, J, ENGINE.legal_actions(state, J)[-1], 5)
    for viewer in (H, None):
        after = ENGINE.view(state, viewer)
        assert after["submitted"] == [True, False] and before[viewer]["submitted"] == [False, False]
        changed = {key for key in after if after[key] != before[viewer][key]}
        assert changed == {"submitted", "deadlines"}
    assert ENGINE.view(state, J)["selection"] == ENGINE.legal_actions(new_table(), J)[-1]["cards"]
    assert events == [{"type": "exchange_submitted", "seat": J}]


def test_received_cards_reach_only_their_seat():
    state = new_table()
    state, _ = ENGINE.apply(state, J, ENGINE.legal_actions(state, J)[0], 5)
    state, events = ENGINE.apply(state, H, ENGINE.legal_actions(state, H)[0], 6)
    public = events_for(events, None)
    assert all("cards" not in event for event in public)
    for seat in (J, H):
        private = [e for e in events_for(events, seat) if e["type"] == "cards_received"]
        assert private == [{"type": "cards_received", "seat": seat, "cards": state["received"][seat]}]
        assert ENGINE.view(state, seat)["received"] == state["received"][seat]
        assert ENGINE.view(state, 1 - seat)["received"] == state["received"][1 - seat]
    assert ENGINE.view(state, None)["received"] is None


def test_the_public_log_hides_exchanged_and_given_cards():
    assert ENGINE.public_action(J, {"type": "exchange_cards", "cards": [0, 22]}) == {
        "type": "exchange_cards",
        "count": 2,
    }
    assert ENGINE.public_action(H, {"type": "greed_give", "cards": [13]}) == {"type": "greed_give", "count": 1}
    play_action = {"type": "play_card", "card": 9, "named_color": None}
    assert ENGINE.public_action(J, play_action) == play_action


def test_a_stolen_trick_s_cards_and_won_piles_are_never_shown():
    state = table(hands=(["potion-5", "red-1"], ["purple-6", "red-2"]), leader=H, won=(3, 2), ranking=FULL_RANKING)
    state, _ = play(state, H, "purple-6")
    state, events = play(state, J, "potion-5")
    stolen = [e for e in events if e["type"] == "trick_stolen"]
    assert stolen == [{"type": "trick_stolen", "from": J, "to": H}]
    for viewer in (J, H, None):
        seen = ENGINE.view(state, viewer)
        assert "won" not in seen and "history" not in seen and seen["tricks"] == [2, 4]


def test_a_pending_greed_choice_is_invisible_to_the_opponent():
    state = table(
        hands=(["green-2", "red-7", "purple-3"], ["potion-4", "purple-1", "green-7"]), won=(2, 1), ranking=FULL_RANKING
    )
    state, _ = play(state, J, "green-2")
    state, _ = play(state, H, "potion-4")
    before = ENGINE.view(state, H)
    state, events = give(state, J, "greed_give", ["red-7"])
    after = ENGINE.view(state, H)
    assert {key for key in after if after[key] != before[key]} == {"submitted", "deadlines"}
    assert events == [{"type": "greed_submitted", "seat": J}]
    assert ENGINE.view(state, None)["selection"] is None


def test_views_never_hold_rng_seed_or_set_aside_ids():
    state = ENGINE.setup(2, 7_340_000_000_017, {})
    for viewer in (J, H, None):
        text = json.dumps(ENGINE.view(state, viewer))
        assert "7340000000017" not in text and '"rng"' not in text and '"set_aside"' not in text
