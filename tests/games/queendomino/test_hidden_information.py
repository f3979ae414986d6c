"""§7: the draw pile's order, the removed tiles and the seed never reach a view; all else is public."""

from __future__ import annotations

import json
import random

from dorhami.engine import events_for
from dorhami.games.queendomino.rules import ENGINE

from .tables import act, new_table, turn_of

SECRET_SEED = 7_340_000_123_457


def with_other_secrets(state: dict) -> dict:
    """The same public table with the pile reordered and pile/removed tiles swapped."""
    other = json.loads(json.dumps(state))
    pool = other["pile"] + other["removed"]
    random.Random(1).shuffle(pool)
    other["pile"], other["removed"] = pool[: len(other["pile"])], pool[len(other["pile"]) :]
    return other


def test_views_do_not_depend_on_the_pile_order_or_the_removed_tiles():
    state = new_table(2, SECRET_SEED)
    for viewer in (None, 0, 1):
        assert ENGINE.view(state, viewer) == ENGINE.view(with_other_secrets(state), viewer)


def test_views_show_only_counts_of_the_pile_and_the_removed_tiles():
    state = new_table(3, SECRET_SEED)
    text = json.dumps(ENGINE.view(state, 0))
    assert str(SECRET_SEED) not in text
    seen = json.loads(text)
    assert seen["draw_pile_size"] == 35 and seen["removed_count"] == 8
    assert not {"pile", "removed", "seed", "rng"} & set(seen)


def test_a_seat_s_view_differs_from_a_spectator_s_only_in_who_is_looking_and_its_legal_actions():
    state = new_table(3, SECRET_SEED)
    current = state["current"]
    spectator = ENGINE.view(state, None)
    for seat in range(3):
        mine = ENGINE.view(state, seat)
        assert {key for key in mine if mine[key] != spectator[key]} <= {"seat", "legal_actions"}
        assert mine["legal_actions"] == ENGINE.legal_actions(state, seat)
    assert spectator["legal_actions"] == [] and ENGINE.view(state, current)["legal_actions"]


def test_the_view_shows_boards_gold_market_discards_and_the_king_colour_to_everyone():
    state = turn_of(new_table(2, SECRET_SEED, king_colour="grey"), 0, "place", 5)
    seen = ENGINE.view(state, None)
    assert seen["king_colour"] == "grey" and seen["gold"] == [7, 7] and seen["current_tile"] == 5
    assert seen["boards"][0][2][2] == "castle" and len(seen["boards"][1]) == 5
    assert seen["market"]["red"]["remaining"][0] == "red-01" and len(seen["market"]["red"]["remaining"]) == 16
    assert {"cell_a": [1, 2], "cell_b": [0, 2]} in seen["highlight"]["placements"]
    assert seen["discarded"] == [] and seen["config"]["king_colour"] == "grey"


def test_events_are_public_and_name_no_secret_tile():
    rng = random.Random(5)
    state = new_table(2, SECRET_SEED)
    while state["result"] is None:
        seat = state["current"]
        state, events = act(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
        assert all("to" not in event for event in events)
        assert events_for(events, None) == events
        if state["result"] is None:
            text = json.dumps(events)
            assert str(SECRET_SEED) not in text
            for tile in state["removed"]:
                assert f'"tile": {tile},' not in text and f'"tile": {tile}}}' not in text
