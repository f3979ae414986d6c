"""Rules the mutation run (bench/quality/mutation.py, docs/MUTATION.md) found unguarded: each test names the
double-connect.md section it asserts, and the docstring names the mutants of rules.py it kills."""

from __future__ import annotations

from dorhami.games.double_connect.components import common
from dorhami.games.double_connect.rules import ENGINE

from .conftest import build_table, claim, of_type

ONE_CARD_EACH = [[1], [8], [15], [22]]


def right(state: dict, seat: int, card: int, target: int, t: int):
    """A correct claim of `card` on `target`."""
    return claim(state, seat, card, target, common(card, target), t)


# -- §4.4 claims and the final chance ------------------------------------------------------------


def test_4_5_the_last_hand_emptied_in_the_final_chance_is_announced_and_ends_the_game_then():
    """hand_emptied stays among the events (hand_emptied `events +=` → `=`) and the finish carries the
    claim's time (`_finish(…, None)`)."""
    state = build_table(hands=ONE_CARD_EACH)
    state, _ = right(state, 0, 1, 0, 5000)
    state, _ = right(state, 1, 8, 0, 5100)
    state, _ = right(state, 2, 15, 0, 5200)
    state, events = right(state, 3, 22, 0, 5300)
    assert {"type": "hand_emptied", "seat": 3, "t": 5300} in events
    finished = of_type(events, "game_finished")[0]
    assert finished["reason"] == "all_hands_empty" and finished["t"] == 5300
    assert state["finished_at"] == 5300


def test_d12_a_final_chance_of_one_millisecond_is_still_a_final_chance():
    """final_chance_ms = 1 opens the window (hand_emptied `window > 0` → `> 1`)."""
    state = build_table({"final_chance_ms": 1}, hands=ONE_CARD_EACH)
    state, events = right(state, 0, 1, 0, 5000)
    assert state["phase"] == "final_chance" and state["final_deadline"] == 5001
    assert {"type": "final_chance_started", "seat": 0, "deadline": 5001} in events


def test_4_4_with_no_lockout_a_wrong_claimer_may_claim_again_at_once():
    """wrong_lockout_ms = 0: the state's clock moves to the claim's time, so the seat is not locked out
    (the `_apply` clock key mutants)."""
    state = build_table({"wrong_lockout_ms": 0})
    card, target = state["hands"][1][0], state["start_card"]
    state, _ = claim(state, 1, card, target, (common(card, target) + 1) % 57, 5000)
    assert state["wrong_claims"][1] == 1 and ENGINE.legal_actions(state, 1) != []
    assert ENGINE.next_deadline(state) == state["time_up_at"]


# -- what a seat may do --------------------------------------------------------------------------


def test_4_4_a_seat_number_past_the_last_seat_may_do_nothing():
    """Seat n of n seats is no player (may_claim `seat < players` → `<=`)."""
    state = build_table()
    assert ENGINE.legal_actions(state, 4) == [] and ENGINE.compact_legal_actions(state, 4) == []


def test_d14_own_team_compact_actions_use_the_seat_s_own_targets():
    """The compact list asks about this seat's team (compact_legal_actions' `available_targets(state, None)`)."""
    state = build_table({"mode": "teams", "team_targets": "own_team"})
    assert ENGINE.compact_legal_actions(state, 0) == [{"type": "claim"}]


def test_6_hand_size_offers_auto_and_every_size_1_to_10():
    """config_options' `range(low, high + 1)` → `high - 1`."""
    assert ENGINE.config_options()["hand_size"]["choices"] == ["auto", *range(1, 11)]


# -- engine contract: step; §4.5 the finish ------------------------------------------------------


def test_contract_the_step_moves_on_at_play_start_each_claim_and_the_finish():
    """step exists from setup and increases (the `step` key of _setup; `= 1` / `-= 1` in _fire, _apply and
    _finish)."""
    state = ENGINE.setup(4, 1, {}, now_ms=0)
    steps = [state["step"]]
    state, _ = ENGINE.advance(state, state["play_start"])
    steps.append(state["step"])
    state, _ = right(state, 0, state["hands"][0][0], state["start_card"], state["play_start"] + 1000)
    steps.append(state["step"])
    state, _ = ENGINE.advance(state, state["time_up_at"])
    steps.append(state["step"])
    assert state["phase"] == "finished"
    assert steps[0] == 0 and steps == sorted(set(steps)), steps


def test_5_a_team_game_s_finish_event_carries_the_team_table():
    """game_finished has the result's `teams` (the _finish `teams` mutants)."""
    state = ENGINE.setup(4, 1, {"mode": "teams"}, now_ms=0)
    state, events = ENGINE.advance(state, state["time_up_at"])
    finished = of_type(events, "game_finished")[0]
    assert finished["teams"] == ENGINE.result(state)["teams"] and finished["teams"]
