"""Rules the mutation run (bench/quality/mutation.py, docs/MUTATION.md) found unguarded: each test names the
queendomino.md section it asserts, and the docstring names the mutants of rules.py it kills."""

from __future__ import annotations

from dorhami.games.queendomino.components import TERRAIN_COLOUR, index
from dorhami.games.queendomino.rules import ENGINE

from .tables import act, buy, choose, end_round, fill_except, place, put_halves, put_tile, table, turn_of, types

ISOLATED = [[0, 0], [0, 2], [4, 4]]  # free cells no domino can cover: every tile is unplaceable


def of_type(events: list[dict], kind: str) -> list[dict]:
    return [event for event in events if event["type"] == kind]


def cell_at(state: dict, seat: int, at) -> dict:
    return state["boards"][seat][index(*at)]


# -- §4.4 choose and place -----------------------------------------------------------------------


def test_4_4_half_a_lands_on_cell_a_and_half_b_on_cell_b():
    """Tile 43 is mine+crown | field (place_tile's half selection mutants); the event names seat, tile and
    cells (tile_placed key mutants); the build step holds no current tile (build_step's reset)."""
    state = turn_of(table(display=[10, 20, 30, 43]), 0, "place", 43)
    state, events = place(state, 0, [1, 2], [0, 2])
    assert cell_at(state, 0, [1, 2]) == {"terrain": "mine", "symbol": "crown", "tile": 43, "half": "a"}
    assert cell_at(state, 0, [0, 2]) == {"terrain": "field", "symbol": None, "tile": 43, "half": "b"}
    assert events[0] == {
        "type": "tile_placed",
        "seat": 0,
        "tile": 43,
        "cell_a": [1, 2],
        "cell_b": [0, 2],
        "gold_gained": 0,
    }
    assert state["phase"] == "build" and ENGINE.view(state, 0)["current_tile"] is None


def test_4_4_choosing_announces_the_seat_and_the_tile():
    """tile_chosen {seat, tile} (choose_tile's event key mutants)."""
    state, events = choose(table(display=[10, 20, 30, 40]), 0, 20)
    assert events[0] == {"type": "tile_chosen", "seat": 0, "tile": 20}


def test_4_4_a_second_unplaceable_tile_counts_a_second_discard():
    """discards counts up (choose_tile `+= 1` → `= 1`)."""
    state = fill_except(table(display=[10, 20, 30, 40]), 0, ISOLATED)
    state["discards"][0] = 1
    state, _ = choose(state, 0, 20)
    assert state["discards"][0] == 2


# -- §4.4 end of a turn --------------------------------------------------------------------------


def test_4_4_every_way_a_turn_ends_names_its_seat():
    """turn_ended {seat} after end_turn, after a purchase and when nothing is affordable (end_turn key
    mutants; `end_turn(state, None, …)` in skip_building, _apply, buy_building and build_step)."""
    state, events = act(turn_of(table(), 0, "build"), 0, {"type": "end_turn"})
    assert events == [{"type": "turn_ended", "seat": 0}]
    state = turn_of(table(), 0, "build")
    state, events = buy(state, 0, "yellow", [0, 1])
    assert events[-1] == {"type": "turn_ended", "seat": 0}
    state = table(order=[1, 0], display=[5, 20, 30, 40])
    state["gold"][1] = 1
    state, events = place(turn_of(state, 1, "place", 5), 1, [1, 2], [0, 2])
    assert events[-1] == {"type": "turn_ended", "seat": 1}


# -- §4.4 build ----------------------------------------------------------------------------------


def test_4_4_a_purchase_pays_its_price_and_takes_the_pile_s_next_card():
    """gold − price (buy_building `-=` → `=`), the pile moves on by one (`bought += 1` mutants)."""
    state = turn_of(table(), 0, "build")
    state["bought"]["yellow"] = 3
    state, events = buy(state, 0, "yellow", [0, 1])
    bought = events[0]
    assert bought["card"] == "yellow-04" and state["gold"][0] == 7 - bought["price"]
    assert state["bought"]["yellow"] == 4


def test_d18_only_red_buildings_score_at_once_and_red_points_add_up():
    """A yellow building scores nothing now (buy_building `or True`); a second red adds to the first
    (`red_points +=` → `=`). Board as in scenario 6: 4 red squares."""
    state = table()
    put_tile(state, 0, 5, [1, 2], [0, 2])
    put_tile(state, 0, 15, [2, 3], [2, 4])
    turn_of(state, 0, "build")
    state, events = buy(state, 0, "yellow", [0, 1])
    assert events[0]["points"] == 0 and state["red_points"][0] == 0
    state["bought"]["red"] = 3
    state["gold"][0] = 6
    state["red_points"][0] = 5
    turn_of(state, 0, "build")
    state, events = buy(state, 0, "red", [0, 0])
    assert state["red_points"][0] == 5 + events[0]["points"] and events[0]["points"] > 0


# -- §4.5 round end ------------------------------------------------------------------------------


def test_4_5_unchosen_tiles_are_discarded_as_neutral_and_round_two_is_announced():
    """discarded entries {tile, reason, seat, round} and neutral_discarded {tiles} (end_round key
    mutants); round_started {round, display} (start_round key mutants)."""
    state = table(display=[10, 20, 30, 40])
    next_display = sorted(state["pile"][:4])
    state, events = end_round(state)
    assert state["discarded"] == [
        {"tile": tile, "reason": "neutral", "seat": None, "round": 1} for tile in (10, 20, 30, 40)
    ]
    assert {"type": "neutral_discarded", "tiles": [10, 20, 30, 40]} in events
    assert {"type": "round_started", "round": 2, "display": next_display} in events


def test_4_5_the_king_bonus_adds_a_point_to_earlier_ones():
    """king_points counts up (king_bonus `+= 1` → `= 1`)."""
    state = table()
    state["king_colour"] = TERRAIN_COLOUR["field"]
    put_halves(state, 0, "field", [[0, 0], [0, 1]])
    state["king_points"][0] = 1
    state, events = end_round(state)
    assert of_type(events, "king_bonus")[0]["seat"] == 0 and state["king_points"][0] == 2


# -- §5 game end, §4.6 timeouts ------------------------------------------------------------------


def test_5_the_finished_game_has_no_current_seat_and_announces_its_result():
    """current is None once finished (finish's `current=None`); game_ended carries the result."""
    state, events = end_round(table(), final=True)
    assert state["phase"] == "finished" and ENGINE.view(state, 0)["current"] is None
    assert events[-1] == {"type": "game_ended", "result": state["result"]}


def test_4_6_a_timed_out_final_placement_ends_the_game_once():
    """The auto-play places, nothing is affordable, the game ends: no second end of turn
    (auto_play `turn_no == turn and …` → `or`)."""
    state = table(display=[10, 20, 30, 43])
    state["round"] = state["config"]["rounds"]
    for seat in state["order"]:
        state["last_chosen"][seat] = 40 + seat
    state = turn_of(state, state["order"][-1], "place", 43)
    state["gold"][state["current"]] = 0
    state, events = ENGINE.advance(state, ENGINE.next_deadline(state))
    assert state["phase"] == "finished"
    assert types(events).count("turn_ended") == 1 and types(events).count("game_ended") == 1


def test_4_6_a_timed_out_build_step_ends_that_seat_s_turn():
    """turn_ended names the timed-out seat (auto_play's `end_turn(state, None, …)`)."""
    state = turn_of(table(), 0, "build")
    state, events = ENGINE.advance(state, ENGINE.next_deadline(state))
    assert {"type": "turn_ended", "seat": 0} in events and state["current"] == 1


def test_4_6_after_a_timed_out_discard_the_next_turn_s_clock_starts_at_the_timeout():
    """The unplaceable lowest tile is discarded, nothing is affordable, the next seat's turn starts at the
    due time (auto_play's `choose_tile(…, None)`)."""
    state = fill_except(table(display=[10, 20, 30, 40]), 0, ISOLATED)
    state["gold"][0] = 0
    due = ENGINE.next_deadline(state)
    state, events = ENGINE.advance(state, due)
    assert state["current"] == 1 and state["phase"] == "choose"
    assert ENGINE.next_deadline(state) == due + state["config"]["turn_seconds"] * 1000
