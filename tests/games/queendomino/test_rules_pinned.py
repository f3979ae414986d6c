"""Rules that rule-level mutants (bench/quality/mutants/queendomino.py) found unpinned: each test names the
queendomino.md section or decision it asserts; docs/rules-pinned/queendomino.md maps every rule to its test."""

from __future__ import annotations

from dorhami.games.queendomino.rules import ENGINE

from .tables import act, choose, end_round, fill_except, place, put_building, put_halves, put_tile, table, turn_of


def test_4_5_d20_the_last_round_also_gives_the_king_bonus():
    """§4.5: step 2 (king bonus) runs before step 3 ends the game, so round R's sole maximum scores too."""
    state = table(2, king_colour="green")
    put_halves(state, 0, "forest", [[1, 2], [0, 2]])
    state, events = end_round(state, final=True)
    assert {"type": "king_bonus", "counts": [2, 0], "seat": 0} in events
    assert state["phase"] == "finished" and state["result"]["breakdown"]["0"]["king"] == 1


def test_4_4_d15_a_crown_half_pays_no_gold_even_on_a_building_colour():
    """§2.1/D15: only gold symbols pay; tile 43's mine+crown half earns nothing from red buildings."""
    state = turn_of(table(2), 0, "place", 43)
    put_building(state, 0, "red", 1, [0, 0])
    gold = state["gold"][0]
    state, events = place(state, 0, [1, 2], [0, 2])
    assert events[0]["gold_gained"] == 0 and state["gold"][0] == gold


def test_4_1_d12_terrain_matching_lets_half_b_join_its_own_terrain():
    """§4.1 terrain_matching: tile 13 (field|forest) is legal when half b touches forest, though half a
    touches no field and neither half touches the castle."""
    state = turn_of(table(2, terrain_matching=True), 0, "place", 13)
    put_tile(state, 0, 2, [1, 2], [0, 2])
    state, events = place(state, 0, [0, 4], [0, 3])
    assert events[0]["type"] == "tile_placed"


def finish_turn(state: dict, seat: int) -> dict:
    """Place at the first listed placement if asked to, then end the build step if it opened."""
    if state["phase"] == "place":
        state, _ = act(state, seat, ENGINE.legal_actions(state, seat)[0])
    if state["current"] == seat and state["phase"] == "build":
        state, _ = act(state, seat, {"type": "end_turn"})
    return state


def test_4_3_d6_a_discarded_tile_still_sets_next_round_s_order():
    """§4.3.2: round 2 ascends by the tile each seat chose, "whether that tile was placed or discarded"."""
    state = table(2, order=[1, 0], display=[10, 20, 30, 40])
    fill_except(state, 0, [[0, 0], [0, 2], [4, 4]])
    state, _ = choose(state, 1, 30)
    state = finish_turn(state, 1)
    state, events = choose(state, 0, 10)
    assert {"type": "tile_discarded", "seat": 0, "tile": 10, "penalty": -5} in events
    state = finish_turn(state, 0)
    assert state["round"] == 2 and state["order"] == [0, 1]
