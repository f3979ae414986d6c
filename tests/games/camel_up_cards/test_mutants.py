"""Rules the mutation run (bench/quality/mutation.py, docs/MUTATION.md) found unguarded: each test names the
camel-up-cards.md section it asserts, and the docstring names the mutants of rules.py it kills."""

from __future__ import annotations

import pytest

from dorhami.engine import IllegalAction
from dorhami.games.camel_up_cards.components import shuffled
from dorhami.games.camel_up_cards.rules import ENGINE, end_race

from .tables import SEED, START, new_table, of_type, spaces_of, table, token, track, trick


def with_hand(state: dict, seat: int, cards: list[int]) -> dict:
    """`seat` holds `cards`; nothing else changes (unlike tables.table, the race's counters stay)."""
    state["hands"][seat] = sorted(cards)
    for other, hand in enumerate(state["hands"]):
        if other != seat:
            state["hands"][other] = [card for card in hand if card not in cards] or [0]
    return state


# -- §2, §4.4 bets -------------------------------------------------------------------------------


def test_2_the_first_token_of_a_race_gets_seq_1_and_the_next_seq_2():
    """race_bet_seq starts at 0 each race and counts up (start_race `race_bet_seq=1`, place_bet `= 1`)."""
    state = with_hand(new_table(2), 0, [25, 26, 27, 28, 29])
    state = with_hand(state, 1, [35, 36, 37, 38, 39])
    state, _ = trick(state, {0: (25, "red"), 1: (35, "blue")})
    assert [(bet["camel"], bet["seq"]) for bet in state["bets"]] == [("red", 1), ("blue", 2)]


def test_4_4_a_token_takes_the_next_slot_of_its_own_column_only():
    """Tokens on other camels of the same kind do not fill this column (column_size `and` → `or`)."""
    bets = (token(1, 1, "W", "red", 1), token(2, 2, "W", "blue", 1))
    state = table(3, bets=bets, hands={0: [25, 0, 1, 2, 3], 1: [5, 6, 7, 8, 9], 2: [10, 11, 12, 13, 14]}, dice=(1, 1))
    state, _ = trick(state, {0: (25, "green"), 1: (9, None), 2: (14, None)})
    assert {"seat": 0, "kind": "bet_winner", "camel": "green", "slot": 1, "seq": 3} in state["bets"]


# -- §4.1 timeout, §4.4 effects ------------------------------------------------------------------


def test_4_1_a_timed_out_lost_camel_is_blank_and_changes_nothing():
    """A lowest card of kind lost_camel is played blank (resolve `and camel is not None` → `or`), and the
    auto commitment is announced as such (timeout's card_committed event)."""
    state = table(2, hands={0: [42, 43, 44, 46, 47], 1: [48, 49, 40, 41, 45]})
    state, events = ENGINE.advance(state, ENGINE.next_deadline(state))
    assert {"type": "card_committed", "seat": 0, "auto": True} in events
    assert {"type": "card_committed", "seat": 1, "auto": True} in events
    assert {"type": "no_effect", "seat": 0, "card": 42} in events
    assert spaces_of(state) == {1: START}


def test_4_4_tailwind_moves_one_space_and_names_its_cause():
    """Tailwind is +1, Lost Camel −1, each logged with its cause (resolve `else 2`, cause None)."""
    state = table(
        2,
        spaces={3: ["red"], 5: ["blue"], 1: ["green", "yellow", "purple"]},
        hands={0: [46, 0, 1, 2, 3], 1: [42, 5, 6, 7, 8]},
    )
    state, events = trick(state, {0: (46, "red"), 1: (42, "blue")})
    moved = of_type(events, "camel_moved")
    assert {
        "type": "camel_moved",
        "camel": "blue",
        "unit": ["blue"],
        "from": 5,
        "to": 4,
        "cause": "lost_camel",
    } in moved
    assert {"type": "camel_moved", "camel": "red", "unit": ["red"], "from": 3, "to": 4, "cause": "tailwind"} in moved


# -- §4.2 reveal, §4.6 events, §7 what is public -------------------------------------------------


def test_4_2_the_revealed_trick_its_log_and_the_discards_are_public():
    """last_trick names race, trick and lead; its log starts with card_resolved; every resolved card is in
    the discard pile (reveal's key, type and append(None) mutants)."""
    state = table(2, lead=1, hands={0: [25, 0, 1, 2, 3], 1: [35, 5, 6, 7, 8]})
    state, _ = trick(state, {0: (25, "red"), 1: (35, "blue")})
    last = state["last_trick"]
    assert (last["race"], last["trick"], last["lead"]) == (1, 1, 1)
    assert last["log"][0] == {"type": "card_resolved", "seat": 1, "card": 35, "camel": "blue", "auto": False}
    assert sorted(state["discard_pile"]) == [25, 35]


# -- §4.5 end of a trick -------------------------------------------------------------------------


def test_4_5_the_race_goes_on_until_trick_in_race_exceeds_the_cap():
    """Trick 40 of a 40-trick cap is still played, the race ends only after it (end_trick `>` → `>=`)."""
    state = table(2, hands={0: [25, 0, 1, 2, 3], 1: [35, 5, 6, 7, 8]})
    state["trick_in_race"] = 39
    state, events = trick(state, {0: (25, "blue"), 1: (35, "yellow")})
    assert not of_type(events, "race_ended")
    assert state["race"] == 1 and state["trick_in_race"] == 40 and state["phase"] == "select"


def test_4_5_a_second_reshuffle_in_a_race_uses_key_2_and_empties_the_discards():
    """reshuffles[race] counts up (draw `+= 1` → `= 1`) and the discard pile is emptied (its key mutants)."""
    state = table(2, hands={0: [0, 1, 2, 3, 4], 1: [5, 6, 7, 8, 9]}, dice=(1, 1))
    state.update(draw_pile=[], discard_pile=[20, 21, 22])
    state["reshuffles"][0] = 1
    state, events = trick(state, {0: (0, None), 1: (5, None)})
    discarded = [20, 21, 22, 0, 5]
    assert of_type(events, "deck_reshuffled") == [{"type": "deck_reshuffled", "race": 1, "k": 2, "size": 5}]
    assert state["discard_pile"] == [] and state["draw_pile"] == shuffled(SEED, 1, 2, discarded)[2:]


def test_contract_an_action_stamped_with_a_closed_step_is_stale():
    """The step moves on every trick (close_step reading a missing key would stick at 1)."""
    state = table(2, hands={0: [0, 1, 2, 3, 4], 1: [5, 6, 7, 8, 9]}, dice=(1, 1, 1, 1))
    state, _ = trick(state, {0: (0, None), 1: (5, None)})
    stale = state["step"]
    state, _ = trick(state, {0: (1, None), 1: (6, None)})
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, {"type": "play_card", "card": 2, "camel": None, "step": stale}, 1)
    assert err.value.code == "stale_step"


# -- §5 race scoring and the game's end ----------------------------------------------------------


def test_5_race_end_records_the_race_and_starts_the_next_one():
    """last_race keeps race, reason and standings; race_started names race 2 (end_race / start_race keys)."""
    state = table(3, bets=(token(1, 2, "W", "red", 1),))
    state["stacks"] = track({10: ["red"], 4: START[1:]})
    events = end_race(state, "finish", 0)
    standings = ["red", "blue", "green", "yellow", "purple"]
    assert state["last_race"] == {"race": 1, "reason": "finish", "standings": standings}
    assert {"type": "race_started", "race": 2, "stack": START} in events


def test_5_after_the_last_race_tokens_and_commitments_are_cleared_and_the_result_is_full():
    """§5.4 tokens return to the box, §4.5.1 committed is cleared, §4.2 unresolved cards are discarded, the
    result has ranks 1/2/3 and every seat's scores and last_change (end_race/end_trick key mutants,
    reveal's unresolved append(None), ranking `1 +` → `1 -`, game_result keys)."""
    state = table(
        3,
        races=1,
        spaces={9: ["red"], 1: START[1:]},
        bets=(token(1, 1, "W", "red", 1), token(2, 0, "W", "red", 2)),
        hands={0: [46, 0, 1, 2, 3], 1: [5, 6, 7, 8, 9], 2: [10, 11, 12, 13, 14]},
    )
    state, _ = trick(state, {0: (46, "red"), 1: (9, None), 2: (14, None)})
    assert state["phase"] == "game_over"
    assert state["bets"] == [] and ENGINE.view(state, 0)["committed"] == [False, False, False]
    assert {46, 9, 14} <= set(state["discard_pile"])  # §4.2: the unresolved Moves are discarded too
    result = ENGINE.result(state)
    assert result["scores"] == {"0": 6, "1": 8, "2": 3}
    assert result["ranking"] == [1, 0, 2] and result["ranks"] == {"1": 1, "0": 2, "2": 3}
    assert result["last_change"] == {"0": 2, "1": 1, "2": 0}


def test_5_every_player_starts_with_3_coins_and_last_change_0():
    """last_change = 0 means never changed (§5; _setup's `last_change: 1`)."""
    assert new_table(3)["players"] == [{"coins": 3, "last_change": 0}] * 3


# -- §6 options ----------------------------------------------------------------------------------


def test_6_config_options_are_fresh_copies():
    """Changing one answer's choices cannot change the next (config_options' list copy `and False`)."""
    first = ENGINE.config_options()
    for option in first.values():
        for value in option.values():
            if isinstance(value, list):
                value.append("changed")
    assert all(
        "changed" not in value
        for option in ENGINE.config_options().values()
        for value in option.values()
        if isinstance(value, list)
    )


def test_5_second_place_winner_slots_pay_2_1_0_and_loser_slots_3_2_1():
    """WIN[2] = (2,1,0) and LOSE = (3,2,1) slot by slot (components' tables; issue 13's breaks of the
    second-place winner slots and the third loser slot). A 0 amount makes no payout event."""
    state = table(3, races=2)
    state["stacks"] = track({10: ["red"], 4: START[1:]})  # blue 2nd, purple 5th
    state["bets"] = [
        token(1, 0, "W", "blue", 1),
        token(2, 1, "W", "blue", 2),
        token(3, 2, "W", "blue", 3),
        token(4, 0, "L", "purple", 1),
        token(5, 1, "L", "purple", 2),
        token(6, 2, "L", "purple", 3),
    ]
    events = end_race(state, "finish", 0)
    assert [(e["seat"], e["bet_seq"], e["amount"]) for e in of_type(events, "payout")] == [
        (0, 1, 2),
        (1, 2, 1),
        (0, 4, 3),
        (1, 5, 2),
        (2, 6, 1),
    ]
