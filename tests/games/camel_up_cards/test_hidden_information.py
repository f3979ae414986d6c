"""§7: hands, commitments before the reveal, the draw pile and the seed stay hidden."""

from __future__ import annotations

import json

from dorhami.engine import events_for
from dorhami.engine.contract import PRIVATE_TO
from dorhami.games.camel_up_cards.rules import ENGINE

from .tables import SEED, new_table, of_type, play, table


def text(value) -> str:
    return json.dumps(value, sort_keys=True)


def test_a_seat_sees_its_own_hand_and_only_the_sizes_of_the_others():
    state = new_table(3)
    seen = ENGINE.view(state, 1)
    assert seen["hand"] == state["hands"][1] and seen["hand_sizes"] == [5, 5, 5]
    assert "hands" not in seen
    assert ENGINE.view(state, None)["hand"] is None


def test_a_commitment_is_secret_until_the_reveal_but_that_a_seat_committed_is_public():
    state = table(3, hands={0: [25, 0, 1, 2, 3]})
    state, events = play(state, 0, 25, "purple")
    assert events == [{"type": "card_committed", "seat": 0}]
    assert ENGINE.view(state, 0)["my_commitment"] == {"card": 25, "camel": "purple", "auto": False}
    for viewer in (1, 2, None):
        seen = ENGINE.view(state, viewer)
        assert seen["committed"] == [True, False, False] and seen["my_commitment"] is None
        assert "purple" not in text(seen["bets"]) and 25 not in seen["discard_pile"]
        assert "committed_cards" not in seen and "purple" not in text(
            {k: v for k, v in seen.items() if k not in ("stacks", "standings")}
        )


def test_the_reveal_makes_every_card_and_target_public():
    state = table(2, hands={0: [25, 0, 1, 2, 3], 1: [42, 5, 6, 7, 8]})
    state, _ = play(state, 0, 25, "purple")
    state, events = play(state, 1, 42, "red")
    revealed = of_type(events_for(events, None), "trick_revealed")[0]
    assert {(p["seat"], p["card"], p["camel"]) for p in revealed["plays"]} == {(0, 25, "purple"), (1, 42, "red")}
    assert ENGINE.view(state, None)["last_trick"]["plays"] == revealed["plays"]


def test_no_view_holds_the_seed_the_draw_pile_order_or_injected_dice():
    state = table(3, seed=SEED, dice=(3, 1))
    top = state["draw_pile"][:5]
    for viewer in (None, 0, 1, 2):
        seen = ENGINE.view(state, viewer)
        assert SEED not in text(seen)
        assert not {"seed", "draw_pile", "forced_dice", "rng"} & set(seen)
        assert seen["draw_count"] == len(state["draw_pile"])
        assert top != seen["discard_pile"][:5]


def test_dealt_card_ids_reach_only_their_seat_and_everyone_gets_the_count():
    state = table(2, hands={0: [0, 1, 2, 3, 4], 1: [40, 41, 42, 43, 44]})
    state, _ = play(state, 0, 0)
    state, events = play(state, 1, 40)
    private = of_type(events, "cards_drawn")
    assert private and all(event[PRIVATE_TO] == [event["seat"]] for event in private)
    public = of_type(events_for(events, None), "hand_dealt")
    assert public and all(set(event) == {"type", "seat", "count"} for event in public)
    assert not of_type(events_for(events, None), "cards_drawn")
    assert [e["seat"] for e in of_type(events_for(events, 0), "cards_drawn")] == [0]


def test_the_public_action_log_hides_the_card_and_its_target():
    action = {"type": "play_card", "card": 26, "camel": "red"}
    assert ENGINE.public_action(0, action) == {"type": "play_card"}


def test_the_game_start_deals_privately():
    from dorhami.games.camel_up_cards.rules import start_race

    state = new_table(3)
    state["race"] = 2
    events = start_race(state, 0)
    for event in events_for(events, None):
        assert "cards" not in event
    assert [e["seat"] for e in of_type(events, "cards_drawn")] == [0, 1, 2]
