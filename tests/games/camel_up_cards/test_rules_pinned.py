"""Rules that rule-level mutants (bench/quality/mutants/camel_up_cards.py) found unpinned: each test names the
camel-up-cards.md section or decision it asserts; docs/rules-pinned/camel-up-cards.md maps every rule to its test."""

from __future__ import annotations

from dorhami.games.camel_up_cards.components import die_roll
from dorhami.games.camel_up_cards.rules import ENGINE, end_race

from .tables import SEED, START, of_type, play, spaces_of, table, token, track, trick


def test_4_2_d6_equal_priorities_go_clockwise_from_the_lead_not_anticlockwise():
    """§4.2.2 / D6: four priority-2 cards with lead 0 of 4 resolve 0, 1, 2, 3; anticlockwise would place
    seat 2's token before seat 1's (seat 3's Lost Camel on space 1 changes nothing)."""
    hands = {0: [26, 0, 1, 2, 3], 1: [31, 5, 6, 7, 8], 2: [36, 10, 11, 12, 13], 3: [42, 15, 16, 17, 18]}
    state = table(4, lead=0, hands=hands)
    state, _ = trick(state, {0: (26, "red"), 1: (31, "blue"), 2: (36, "green"), 3: (42, "red")})
    assert [bet["seat"] for bet in sorted(state["bets"], key=lambda bet: bet["seq"])] == [0, 1, 2]


def test_4_1_d24_a_timed_out_move_card_rolls_and_moves_its_camel():
    """§4.1 timeout / D24: the lowest card, a move, resolves normally (no other card in the trick moves)."""
    state = table(3, lead=0, hands={0: [25, 0, 1, 2, 3], 1: [30, 5, 6, 8, 9], 2: [7, 26, 42, 46, 48]}, dice=(2,))
    state, _ = play(state, 0, 25, "red")
    state, _ = play(state, 1, 30, "yellow")
    state, events = ENGINE.advance(state, ENGINE.next_deadline(state))
    assert [(e["camel"], e["from"], e["to"]) for e in of_type(events, "camel_moved")] == [("blue", 1, 3)]
    assert spaces_of(state) == {1: ["red"], 3: ["blue", "green", "yellow", "purple"]}
    assert state["die_counter"] == 1


def race_end(state: dict, first: str, bets: tuple) -> list[dict]:
    """Score a hand-built race end with `first` alone on the finish."""
    state["stacks"] = track({10: [first], 1: [camel for camel in START if camel != first]})
    state["bets"] = [dict(bet) for bet in bets]
    return end_race(state, "finish", 0)


def test_5_d22_coin_events_count_across_races_so_the_earlier_total_wins():
    """§5.4 / D22: coin_event_seq carries over; seat 0 reached 8 in race 1, seat 1 only in race 2."""
    state = table(2, races=2)
    race_end(state, "red", (token(1, 0, "W", "red", 1),))
    assert state["race"] == 2 and state["coin_event_seq"] == 1
    race_end(state, "red", (token(1, 1, "W", "red", 1),))
    assert [(p["coins"], p["last_change"]) for p in state["players"]] == [(8, 1), (8, 2)]
    assert ENGINE.result(state)["winners"] == [0]


def test_2_d19_die_rolls_are_numbered_across_races():
    """§2 / §5.4: die roll n counts the whole game; race 2's first roll is number 1 after one roll in race 1."""
    state = table(2, races=2, spaces={8: ["yellow"], 5: ["red", "blue", "green", "purple"]}, dice=(3,))
    state["hands"] = [[15, 0, 1, 2, 3], [25, 5, 6, 7, 8]]
    state, _ = trick(state, {0: (15, None), 1: (25, "red")})
    assert state["race"] == 2 and state["die_counter"] == 1
    state["hands"] = [[0, 1, 2, 3, 4], [25, 5, 6, 7, 8]]
    state, events = trick(state, {0: (0, None), 1: (25, "red")})
    assert [(e["n"], e["value"]) for e in of_type(events, "die_rolled")] == [(1, die_roll(SEED, 1))]
