"""The acceptance scenarios of camel-up-cards.md §9, one test each (golden values exact)."""

from __future__ import annotations

import pytest

from dorhami.engine import IllegalAction
from dorhami.games.camel_up_cards.components import CARD_COUNT, die_roll, shuffled, standings
from dorhami.games.camel_up_cards.rules import ENGINE, bet_targets, end_race, race_standings

from .tables import SEED, START, new_table, of_type, play, spaces_of, table, token, track, trick, types


def legal_targets(state, seat, card):
    return [action["camel"] for action in ENGINE.legal_actions(state, seat) if action["card"] == card]


def test_1_setup_deals_the_golden_hands_from_shuffle_0_of_race_1():
    state = new_table(2, "camel-42")
    assert [player["coins"] for player in state["players"]] == [3, 3]
    assert spaces_of(state) == {1: START}
    assert state["hands"] == [[2, 5, 13, 16, 35], [10, 22, 27, 33, 40]]
    assert len(state["draw_pile"]) == 40 and state["draw_pile"][0] == 15
    assert state["bets"] == [] and state["global_trick"] % 2 == 0
    assert (state["race"], state["trick_in_race"], state["phase"]) == (1, 1, "select")


def test_2_golden_dice_are_keyed_by_the_game_wide_roll_number():
    assert [die_roll("camel-42", n) for n in range(5)] == [3, 1, 2, 1, 3]
    state = new_table(2, "camel-42")
    state, events = trick(state, {0: (2, None), 1: (10, None)})  # move red (prio 3), move green (prio 1)
    rolled = [(event["n"], event["camel"], event["value"]) for event in of_type(events, "die_rolled")]
    assert rolled == [(0, "green", 3), (1, "red", 1)]  # card 10 has priority 1, card 2 priority 3
    assert state["die_counter"] == 2


def test_3_a_bet_of_priority_1_lands_before_the_move_and_the_mover_carries_its_riders():
    state = table(2, lead=0, hands={0: [7, 0, 1, 2, 3], 1: [30, 31, 32, 33, 34]}, dice=(2,))
    state, events = trick(state, {0: (7, None), 1: (30, "purple")})
    assert of_type(events, "bet_placed")[0]["token"] == token(1, 1, "W", "purple", 1)
    assert spaces_of(state) == {1: ["red"], 3: ["blue", "green", "yellow", "purple"]}
    assert race_standings(state) == ["blue", "green", "yellow", "purple", "red"]
    assert [event["seat"] for event in of_type(events, "hand_dealt")] == [1, 0]
    assert state["global_trick"] % 2 == 1


def test_4_landing_goes_on_top_and_the_top_camel_is_behind():
    spaces = {1: ["red", "yellow", "purple"], 3: ["blue"], 4: ["green"]}
    state = table(2, spaces=spaces, hands={0: [9, 0, 1, 2, 3], 1: [42, 43, 44, 45, 46]}, dice=(1,))
    state, _ = trick(state, {0: (9, None), 1: (42, "red")})  # Lost Camel on space 1: no effect
    assert spaces_of(state) == {1: ["red", "yellow", "purple"], 4: ["green", "blue"]}
    assert race_standings(state) == ["green", "blue", "red", "yellow", "purple"]
    assert standings(state["stacks"], "top") == ["blue", "green", "purple", "yellow", "red"]


def test_5_equal_priorities_resolve_clockwise_from_the_lead():
    state = table(3, lead=1, hands={0: [26, 0, 1, 2, 3], 1: [31, 5, 6, 8, 9], 2: [25, 10, 11, 12, 13]})
    state, _ = trick(state, {0: (26, "red"), 1: (31, "red"), 2: (25, "red")})
    assert [(bet["slot"], bet["seat"]) for bet in state["bets"] if bet["camel"] == "red"] == [(1, 2), (2, 1), (3, 0)]
    assert state["global_trick"] % 3 == 2


def test_6_a_bet_on_a_full_column_fizzles_and_lost_camel_on_space_1_does_nothing():
    bets = (token(1, 0, "W", "red", 1), token(2, 1, "W", "red", 2))
    state = table(
        4,
        lead=0,
        bets=bets,
        hands={0: [42, 0, 1, 2, 3], 1: [43, 5, 6, 8, 9], 2: [25, 10, 11, 12, 13], 3: [27, 15, 16, 17, 18]},
    )
    state, events = trick(state, {0: (42, "red"), 1: (43, "red"), 2: (25, "red"), 3: (27, "red")})
    assert [(bet["slot"], bet["seat"]) for bet in state["bets"] if bet["camel"] == "red"] == [(1, 0), (2, 1), (3, 2)]
    assert [(event["seat"], event["card"]) for event in of_type(events, "no_effect")] == [(0, 42), (1, 43)]
    assert spaces_of(state) == {1: START}
    assert of_type(events, "bet_fizzled") == [{"type": "bet_fizzled", "seat": 3, "kind": "bet_winner", "camel": "red"}]
    assert not [bet for bet in state["bets"] if bet["seat"] == 3] and 27 in state["discard_pile"]
    state["hands"][3] = sorted([36, 15, 16, 17, 18])
    assert "red" in legal_targets(state, 3, 36)


def test_7_a_seat_bets_at_most_once_per_camel_per_race():
    bets = (
        token(1, 0, "W", "red", 1),
        token(2, 1, "W", "blue", 1),
        token(3, 2, "W", "blue", 2),
        token(4, 3, "W", "blue", 3),
    )
    state = table(4, bets=bets, hands={0: [28, 36, 0, 1, 2]})
    assert legal_targets(state, 0, 28) == ["green", "yellow", "purple"]
    assert legal_targets(state, 0, 36) == ["blue", "green", "yellow", "purple"]
    # The next race: a finish by Tailwind, then red is free again.
    state = table(
        4,
        spaces={9: ["red"], 1: START[1:]},
        bets=bets,
        hands={0: [46, 0, 1, 2, 3], 1: [5, 6, 7, 8, 9], 2: [10, 11, 12, 13, 14], 3: [15, 16, 17, 18, 19]},
    )
    state, _ = trick(state, {0: (46, "red"), 1: (5, None), 2: (10, None), 3: (15, None)})
    assert state["race"] == 2
    assert "red" in bet_targets(state, 0, "bet_winner")


def test_8_the_race_ends_mid_trick_and_the_rest_of_the_trick_is_unresolved():
    spaces = {5: ["red", "blue", "green", "purple"], 8: ["yellow"]}
    state = table(
        3,
        lead=0,
        spaces=spaces,
        races=1,
        dice=(3,),
        hands={0: [15, 0, 1, 2, 3], 1: [27, 5, 6, 7, 8], 2: [4, 10, 11, 12, 13]},
    )
    state, events = trick(state, {0: (15, None), 1: (27, "yellow"), 2: (4, None)})
    assert of_type(events, "camel_moved") == [
        {"type": "camel_moved", "camel": "yellow", "unit": ["yellow"], "from": 8, "to": 10, "cause": "move"}
    ]
    assert spaces_of(state) == {5: ["red", "blue", "green", "purple"], 10: ["yellow"]}
    assert of_type(events, "race_ended")[0]["reason"] == "finish"
    assert [(event["seat"], event["card"]) for event in of_type(events, "card_unresolved")] == [(1, 27), (2, 4)]
    assert not of_type(events, "bet_placed") and state["die_counter"] == 1
    assert of_type(events, "race_ended")[0]["standings"] == ["yellow", "red", "blue", "green", "purple"]


def scored(state, spaces, bets, coins=None, coin_event_seq=0, **changes):
    """Race scoring of a hand-built race end."""
    state["stacks"] = track(spaces)
    state["bets"] = [dict(bet) for bet in bets]
    for seat, (amount, last_change) in (coins or {}).items():
        state["players"][seat] = {"coins": amount, "last_change": last_change}
    state["coin_event_seq"] = coin_event_seq
    state.update(changes)
    return end_race(state, "finish", 0)


YELLOW_RED_BLUE_GREEN_PURPLE = {10: ["yellow"], 5: ["red", "blue", "green", "purple"]}


def test_9_race_payouts_go_in_placement_order_and_ties_go_to_who_reached_the_total_first():
    state = table(3, races=1)
    assert race_standings(dict(state, stacks=track(YELLOW_RED_BLUE_GREEN_PURPLE))) == [
        "yellow",
        "red",
        "blue",
        "green",
        "purple",
    ]
    bets = (
        token(1, 1, "W", "yellow", 1),
        token(2, 0, "W", "red", 1),
        token(3, 2, "W", "yellow", 2),
        token(4, 0, "L", "purple", 1),
        token(5, 1, "L", "purple", 2),
        token(6, 2, "W", "blue", 1),
        token(7, 1, "W", "green", 1),
        token(8, 0, "W", "yellow", 3),
        token(9, 2, "L", "red", 1),
    )
    events = scored(state, YELLOW_RED_BLUE_GREEN_PURPLE, bets)
    assert [(e["seat"], e["amount"], e["coin_event_seq"], e["bet_seq"]) for e in of_type(events, "payout")] == [
        (1, 5, 1, 1),
        (0, 2, 2, 2),
        (2, 3, 3, 3),
        (0, 3, 4, 4),
        (1, 2, 5, 5),
        (2, 1, 6, 6),
        (0, 2, 7, 8),
    ]
    assert state["players"] == [
        {"coins": 10, "last_change": 7},
        {"coins": 10, "last_change": 5},
        {"coins": 7, "last_change": 6},
    ]
    assert ENGINE.result(state)["ranking"] == [1, 0, 2]


def test_10_a_total_reached_in_an_earlier_race_beats_the_same_total_reached_later():
    state = table(3)
    bets = (token(1, 2, "W", "red", 1), token(2, 0, "W", "red", 2))
    scored(
        state, {10: ["red"], 4: START[1:]}, bets, coins={0: (9, 12), 1: (12, 14), 2: (4, 9)}, coin_event_seq=14, race=3
    )
    assert [(p["coins"], p["last_change"]) for p in state["players"]] == [(12, 16), (12, 14), (9, 15)]
    assert ENGINE.result(state)["ranking"] == [1, 0, 2]
    assert ENGINE.result(state)["winners"] == [1]


def test_11_equal_coins_never_changed_share_the_win():
    state = new_table(2)
    now = 0
    while ENGINE.result(state) is None:  # every trick by timeout: bets go blank, no token is ever paid
        now = ENGINE.next_deadline(state)
        state, _ = ENGINE.advance(state, now)
    result = ENGINE.result(state)
    assert state["race"] == 3 and [p["coins"] for p in state["players"]] == [3, 3]
    assert result["winners"] == [0, 1] and result["ranks"] == {"0": 1, "1": 1}


def test_12_lost_camel_carries_its_riders_back_onto_the_rear():
    spaces = {1: ["purple"], 4: ["yellow"], 5: ["green", "red", "blue"]}
    state = table(2, spaces=spaces, hands={0: [42, 0, 1, 2, 3], 1: [43, 5, 6, 7, 8]})
    state, events = trick(state, {0: (42, "red"), 1: (43, "purple")})
    assert spaces_of(state) == {1: ["purple"], 4: ["yellow", "red", "blue"], 5: ["green"]}
    assert race_standings(state) == ["green", "yellow", "red", "blue", "purple"]
    assert of_type(events, "camel_moved")[0]["unit"] == ["red", "blue"]


@pytest.mark.parametrize(
    "camel, final, order",
    [
        (
            "red",
            {6: ["blue", "green", "yellow"], 9: ["purple"], 10: ["red"]},
            ["red", "purple", "blue", "green", "yellow"],
        ),
        (
            "purple",
            {6: ["blue", "green", "yellow"], 10: ["purple", "red"]},
            ["purple", "red", "blue", "green", "yellow"],
        ),
    ],
)
def test_13_tailwind_can_finish_and_carried_camels_place_behind_the_mover(camel, final, order):
    spaces = {6: ["blue", "green", "yellow"], 9: ["purple", "red"]}
    state = table(2, spaces=spaces, races=1, hands={0: [46, 0, 1, 2, 3], 1: [5, 6, 7, 8, 9]})
    state, events = trick(state, {0: (46, camel), 1: (9, None)})  # Move blue, priority 5: too late
    assert spaces_of(state) == final
    assert of_type(events, "race_ended")[0] == {"type": "race_ended", "race": 1, "reason": "finish", "standings": order}


def test_14_mirage_reverses_the_cards_still_waiting():
    state = table(3, lead=0, hands={0: [40, 0, 1, 2, 3], 1: [25, 5, 6, 7, 8], 2: [29, 10, 11, 12, 13]})
    state, events = trick(state, {0: (40, None), 1: (25, "red"), 2: (29, "red")})
    assert [(p["seat"], p["card"]) for p in of_type(events, "trick_revealed")[0]["plays"]] == [
        (0, 40),
        (1, 25),
        (2, 29),
    ]
    assert [(p["seat"], p["card"]) for p in of_type(events, "order_reversed")[0]["queue"]] == [(2, 29), (1, 25)]
    assert [(bet["slot"], bet["seat"]) for bet in state["bets"]] == [(1, 2), (2, 1)]


def test_15_timeout_plays_the_lowest_card_a_move_normally():
    state = table(3, lead=0, hands={2: [7, 26, 42, 46, 48]}, dice=(1,))
    state, _ = play(state, 0, state["hands"][0][0])
    state, _ = play(state, 1, state["hands"][1][0])
    state, events = ENGINE.advance(state, ENGINE.next_deadline(state))
    plays = of_type(events, "trick_revealed")[0]["plays"]
    assert {"seat": 2, "card": 7, "camel": None, "auto": True} in plays
    assert any(e["camel"] == "blue" and e["cause"] == "move" for e in of_type(events, "camel_moved"))


def test_15_timeout_plays_a_bet_blank_and_the_seat_may_bet_on_any_camel_later():
    state = table(3, lead=0, hands={0: [0, 1, 2, 3, 4], 1: [5, 6, 8, 9, 10], 2: [26, 36, 40, 44, 47]})
    state, _ = play(state, 0, 0)
    state, _ = play(state, 1, 5)
    state, events = ENGINE.advance(state, ENGINE.next_deadline(state))
    assert {"seat": 2, "card": 26, "camel": None, "auto": True} in of_type(events, "trick_revealed")[0]["plays"]
    assert (2, 26) in [(e["seat"], e["card"]) for e in of_type(events, "no_effect")]
    assert state["bets"] == [] and 26 in state["discard_pile"]
    assert legal_targets(state, 2, 36) == START


def test_16_hands_refill_from_the_new_lead_and_the_discards_reshuffle_when_the_pile_runs_out():
    state = new_table(6, track_length=16)
    assert len(state["draw_pile"]) == 20
    counts = []
    for _ in range(4):
        before = list(state["discard_pile"])
        state["forced_dice"] = [1] * 6
        # Bets and specials first, so the race cannot finish in four tricks.
        plays = {seat: ENGINE.legal_actions(state, seat)[-1] for seat in range(6)}
        for seat, action in plays.items():
            state, events = ENGINE.apply(state, seat, action, 1)
        assert state["race"] == 1
        counts.append(len(state["draw_pile"]))
    assert counts[:3] == [14, 8, 2]
    discarded = before + [action["card"] for action in plays.values()]
    assert len(discarded) == 24
    reshuffled = shuffled(SEED, 1, 1, discarded)
    drawn = [(e["seat"], e["cards"]) for e in of_type(events, "cards_drawn")]
    lead = state["global_trick"] % 6
    assert [seat for seat, _ in drawn] == [(lead + k) % 6 for k in range(6)]
    before_reshuffle = types(events)[: types(events).index("deck_reshuffled")]
    assert before_reshuffle.count("cards_drawn") == 2  # the lead and the next seat take the last 2 cards
    assert [cards[0] for _, cards in drawn[2:]] == reshuffled[:4]
    assert of_type(events, "deck_reshuffled")[0] == {"type": "deck_reshuffled", "race": 1, "k": 1, "size": 24}
    assert state["draw_pile"] == reshuffled[4:] and len(state["draw_pile"]) == 20
    assert all(len(hand) == 5 for hand in state["hands"])


def test_17_the_trick_cap_ends_the_race_with_the_current_standings():
    spaces = {2: ["yellow"], 5: ["purple"], 6: ["red", "green"], 7: ["blue"]}
    state = table(2, spaces=spaces, hands={0: [25, 0, 1, 2, 3], 1: [35, 5, 6, 7, 8]})
    state["trick_in_race"] = 40
    state, events = trick(state, {0: (25, "blue"), 1: (35, "yellow")})
    assert of_type(events, "race_ended")[0] == {
        "type": "race_ended",
        "race": 1,
        "reason": "trick_limit",
        "standings": ["blue", "red", "green", "purple", "yellow"],
    }
    assert [(e["seat"], e["amount"]) for e in of_type(events, "payout")] == [(0, 5), (1, 3)]
    assert state["race"] == 2


def test_18_penalty_variant_takes_a_coin_per_wrong_bet_but_never_below_zero():
    state = table(3, wrong_bet_penalty=1)
    bets = (token(1, 0, "W", "green", 1), token(2, 0, "L", "red", 1), token(3, 1, "W", "blue", 2))
    events = scored(state, YELLOW_RED_BLUE_GREEN_PURPLE, bets, coins={0: (1, 0)})
    assert [(e["seat"], e["amount"], e["coins"]) for e in of_type(events, "payout")] == [(0, -1, 0)]
    assert state["players"][0] == {"coins": 0, "last_change": 1} and state["players"][1]["coins"] == 3


def test_19_the_next_race_resets_track_columns_and_deck_and_deals_from_the_new_lead():
    state = table(
        3,
        lead=7,
        spaces={9: ["red"], 1: START[1:]},
        bets=(token(1, 2, "W", "red", 1),),
        hands={0: [0, 1, 2, 3, 4], 1: [46, 6, 7, 8, 9], 2: [10, 11, 12, 13, 14]},
    )
    state, events = trick(state, {0: (0, None), 1: (46, "red"), 2: (10, None)})
    assert state["global_trick"] == 8 and state["race"] == 2
    assert spaces_of(state) == {1: START} and state["bets"] == []
    deck = shuffled(SEED, 2, 0, list(range(CARD_COUNT)))
    assert [e["seat"] for e in of_type(events, "cards_drawn")] == [2, 0, 1]
    assert state["hands"] == [sorted(deck[1:15:3]), sorted(deck[2:15:3]), sorted(deck[0:15:3])]
    assert state["draw_pile"] == deck[15:]
    assert state["players"][2] == {"coins": 8, "last_change": 1}


def test_20_after_the_last_race_the_game_is_over_and_nothing_is_legal():
    state = table(2, races=3, spaces={9: ["red"], 1: START[1:]}, hands={0: [46, 0, 1, 2, 3], 1: [5, 6, 7, 8, 9]})
    state["race"] = 3
    state, events = trick(state, {0: (46, "red"), 1: (9, None)})
    assert state["phase"] == "game_over"
    assert of_type(events, "game_ended") == [{"type": "game_ended", "ranking": [0, 1], "ranks": {"0": 1, "1": 1}}]
    assert ENGINE.legal_actions(state, 0) == ENGINE.legal_actions(state, 1) == []
    with pytest.raises(IllegalAction) as err:
        play(state, 0, state["hands"][0][0])
    assert err.value.code == "wrong_phase"
    assert ENGINE.next_deadline(state) is None
