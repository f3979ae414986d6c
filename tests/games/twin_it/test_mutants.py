"""Rules the mutation run (bench/quality/mutation.py, docs/MUTATION.md) found unguarded: each test names the
twin-it.md section it asserts, and the docstring names the mutants of rules.py it kills."""

from __future__ import annotations

import pytest

from dorhami.engine import IllegalAction
from dorhami.games.twin_it.components import DOUBLE_DESIGNS, TRIPLE_DESIGNS
from dorhami.games.twin_it.rules import ENGINE, TwinItEngine, take_forbidden
from dorhami.games.twin_it.state import shows

from .board import FLIP, SEED, centre, claim, pile, playing, stock, touch, turn, won_set


def empty_piles(state: dict) -> dict:
    """No pile tops: the centre, the stock and the won sets are all that is visible."""
    state["piles"] = [[] for _ in state["piles"]]
    return state


def compact(state: dict, seat: int) -> list[str]:
    return [action["type"] for action in ENGINE.compact_legal_actions(state, seat)]


# -- §3 setup ------------------------------------------------------------------------------------


def test_3_step_4_forbidden_cards_are_the_first_three_with_distinct_designs_of_m_2_or_3():
    """Card 1 repeats card 0's design and card 2 shows a decoy (m = 1): both are skipped; a design of
    m = 2 counts (take_forbidden `>= 2` → `> 2` / `>= 3`, `designs.add(None)`)."""
    double, triple, other_double, decoy = DOUBLE_DESIGNS[0], TRIPLE_DESIGNS[0], DOUBLE_DESIGNS[1], 120
    faces = [decoy] * 270
    for card, design in enumerate([double, double, decoy, triple, other_double, triple]):
        faces[2 * card] = design
    order = list(range(8))
    assert take_forbidden(order, faces) == [0, 3, 4]
    assert order == [1, 2, 5, 6, 7]


# -- D12: the third copy -------------------------------------------------------------------------


def test_d12_a_third_copy_on_card_0_is_found_and_turned_over():
    """The search for the third copy starts at the first face of card 0 (third_copy `index = -1` → `+1`,
    `index + 1` → `+ 2`)."""
    state = playing(3, now=4000)
    centre(state, {0: (10, 9, 1), 1: (11, 9, 2), 2: (0, 9, 70)})
    pile(state, 1, [], filler=3)
    turn(state, 1, 12000)
    state, events = ENGINE.apply(state, 0, claim((10, 9), (11, 9)), 5000)
    assert {"type": "turned_over", "card": 0, "zone": "centre", "design": 70} in events
    assert shows(state, 0) == 70


# -- §4.9 coop -----------------------------------------------------------------------------------


def test_4_9_a_stock_flip_names_its_card_slot_design_and_the_new_stock_top():
    """The flipped event of a coop flip in full (flip_stock key and value mutants)."""
    state = playing(2, {"mode": "coop"}, now=4000)
    stock(state, [(40, 60, 61), (41, 62, 63)])
    state, events = ENGINE.apply(state, 1, FLIP, 5000)
    assert {
        "type": "flipped",
        "seat": 1,
        "card": 40,
        "design": 61,
        "slot": 0,
        "auto": False,
        "new_top": {"card": 41, "design": 62},
    } in events


def test_4_9_turn_over_shows_the_other_face_and_turning_back_restores_it():
    """turned_over {card, zone, design}; side toggles 0 ↔ 1 (_turn_over `1 - side` → `1 + side`, event keys)."""
    state = playing(2, {"mode": "coop"}, now=4000)
    centre(state, {0: (10, 50, 51)})
    state, events = ENGINE.apply(state, 0, {"type": "turn_over", "card": 10, "design": 50}, 5000)
    assert events == [{"type": "turned_over", "card": 10, "zone": "centre", "design": 51}]
    state, events = ENGINE.apply(state, 1, {"type": "turn_over", "card": 10, "design": 51}, 5001)
    assert events[0]["design"] == 50 and shows(state, 10) == 50


def test_4_10_coop_offers_flip_only_while_the_stock_has_cards():
    """_flips and compact_legal_actions in coop (`if state["stock"]` `and False` / `or True`, "flip" renamed)."""
    state = playing(2, {"mode": "coop"}, now=4000)
    centre(state, {0: (10, 50, 51)})
    stock(state, [(40, 60, 61)])
    assert {"type": "flip"} in ENGINE.legal_actions(state, 0) and compact(state, 0)[0] == "flip"
    stock(state, [])
    assert {"type": "flip"} not in ENGINE.legal_actions(state, 0) and "flip" not in compact(state, 0)


# -- §4.10 compact legal actions -----------------------------------------------------------------


def test_4_10_nothing_is_offered_before_play_or_to_a_non_seat():
    """compact_legal_actions' `phase != PLAYING or not a seat` → `and`."""
    countdown = ENGINE.setup(3, SEED, {"start_countdown_ms": 3000}, now_ms=0)
    assert ENGINE.compact_legal_actions(countdown, 0) == []
    assert ENGINE.compact_legal_actions(playing(3), 5) == []


def test_4_10_one_loose_card_or_a_won_pair_is_enough_for_a_team_touch():
    """Team: `has_loose(1) or has_pair_set` (its `and`, `has_loose(2)`, `has_pair_set(None)` mutants)."""
    state = empty_piles(playing(4, {"mode": "team"}, now=4000))
    centre(state, {0: (10, 50, 51)})
    assert compact(state, 0) == ["touch"]
    state = empty_piles(playing(4, {"mode": "team"}, now=4000))
    won_set(state, 1, [20, 21], 70, 1)
    assert compact(state, 0) == ["touch"]


def test_4_10_a_claim_needs_two_loose_cards_or_one_and_a_won_pair():
    """Competitive: `has_loose(2) or (has_loose(1) and has_pair_set)` (its 3, `or`, 2 and None mutants)."""
    state = empty_piles(playing(3, now=4000))
    centre(state, {0: (10, 50, 51), 1: (11, 52, 53)})
    assert compact(state, 0) == ["claim"]
    state = empty_piles(playing(3, now=4000))
    centre(state, {0: (10, 50, 51)})
    assert compact(state, 0) == []
    won_set(state, 1, [20, 21], 70, 1)
    assert compact(state, 0) == ["claim"]


# -- §6 options, presets -------------------------------------------------------------------------


def test_6_the_form_offers_every_target_and_both_forbidden_pattern_values():
    """config_options' target_sets `high + 1` → `high - 1` and forbidden_pattern `[False, False]`."""
    options = ENGINE.config_options()
    assert options["target_sets"]["choices"] == ["auto", *range(1, 31)]
    assert options["forbidden_pattern"]["choices"] == [False, True]


def test_6_the_classic_preset_is_competitive_to_5_sets():
    """§6: preset `classic` = target 5 in competitive (presets `dict(None)`)."""
    assert ENGINE.presets() == {"classic": {"mode": "competitive", "target_sets": 5}}


# -- a fresh engine (its handler table is built per instance) ------------------------------------


def test_a_new_engine_handles_flip_claim_touch_and_turn_over():
    """TwinItEngine() maps every action type to its handler and starts with an empty claim cache
    (the __init__ mutants, which the module's ENGINE, built at import, never runs)."""
    engine = TwinItEngine()
    state = playing(3, now=4000)
    centre(state, {0: (10, 50, 1), 1: (11, 50, 2)})
    turn(state, 0, 14000)
    assert engine.legal_actions(state, 1)
    flipped, _ = engine.apply(state, 0, FLIP, 5000)
    assert flipped["active"] == 1
    claimed, _ = engine.apply(state, 1, claim((10, 50), (11, 50)), 5000)
    assert len(claimed["sets"]) == 1
    team = playing(4, {"mode": "team"}, now=4000)
    centre(team, {0: (10, 50, 1)})
    touched, _ = engine.apply(team, 0, touch((10, 50)), 5000)
    assert touched["touches"]
    coop = playing(2, {"mode": "coop"}, now=4000)
    centre(coop, {0: (10, 50, 51)})
    turned, _ = engine.apply(coop, 0, {"type": "turn_over", "card": 10, "design": 50}, 5000)
    assert shows(turned, 10) == 51


# -- §4.4 turns, §4.5 claims, §4.6 mistakes: the events in full ----------------------------------


def test_4_4_a_manual_flip_event_and_the_turn_that_follows():
    """flipped {seat, card, design, slot, auto: false, new_top} then turn {active, flip_deadline,
    last_call_deadline} (flip_top / turn_event key mutants, _flip's `auto=None` / `True`)."""
    state = playing(3, now=4000)
    turn(state, 0, 14000)
    state, events = ENGINE.apply(state, 0, FLIP, 5000)
    assert {
        "type": "flipped",
        "seat": 0,
        "card": 123,
        "design": 118,
        "slot": 0,
        "auto": False,
        "new_top": {"card": 124, "design": 117},
    } in events
    assert {
        "type": "turn",
        "active": 1,
        "flip_deadline": state["flip_deadline"],
        "last_call_deadline": state["last_call_deadline"],
    } in events


def test_4_5_a_won_pair_is_announced_with_its_set_id_and_design():
    """set_won {kind, set_id, owner, by_seats, cards, design, from_owner} (set_won_event key mutants)."""
    state = playing(3, now=4000)
    centre(state, {0: (10, 50, 1), 1: (11, 50, 2)})
    turn(state, 0, 14000)
    first_id = state["next_set_id"]
    state, events = ENGINE.apply(state, 1, claim((10, 50), (11, 50)), 5000)
    assert {
        "type": "set_won",
        "kind": "pair",
        "set_id": first_id,
        "owner": 1,
        "by_seats": [1],
        "cards": [10, 11],
        "design": 50,
        "from_owner": None,
    } in events


def test_d13_a_mistake_returns_the_latest_set_and_is_announced_in_full():
    """The set won last (highest acquired_seq, succeed's claim_seq `+= 1` → `= 1` / `-= 1`) is the one
    lost; mistakes count up (`+= 1` → `= 1`); the mistake event in full (its key mutants)."""
    state = playing(3, now=4000)
    centre(state, {0: (10, 50, 1), 1: (11, 50, 2), 2: (12, 51, 3), 3: (13, 51, 4), 4: (14, 52, 5), 5: (15, 53, 6)})
    turn(state, 0, 14000)
    state, _ = ENGINE.apply(state, 1, claim((10, 50), (11, 50)), 5000)
    state, _ = ENGINE.apply(state, 1, claim((12, 51), (13, 51)), 5001)
    latest = next(s for s in state["sets"] if s["cards"] == [12, 13])
    state["mistakes"][1] = 1
    state, events = ENGINE.apply(state, 1, claim((14, 52), (15, 53)), 5002)
    event = next(e for e in events if e["type"] == "mistake")
    assert event == {
        "type": "mistake",
        "seats": [1],
        "owner": 1,
        "claimed_cards": [{"card": 14, "design": 52}, {"card": 15, "design": 53}],
        "lost_set_id": latest["id"],
        "returned_cards": event["returned_cards"],
        "locked_until": event["locked_until"],
    }
    assert sorted(event["returned_cards"]) == [12, 13]
    assert [s["cards"] for s in state["sets"]] == [[10, 11]] and state["mistakes"][1] == 2


def test_d11_an_upgrade_records_when_the_triple_was_acquired():
    """The triple keeps acquired_seq = the claim's sequence number (win_triple's key mutant)."""
    state = playing(3, now=4000)
    won_set(state, 1, [20, 21], 51, 1)
    centre(state, {0: (12, 51, 3)})
    turn(state, 0, 14000)
    state, _ = ENGINE.apply(state, 1, claim((12, 51), (20, 51), (21, 51)), 5000)
    triple = next(s for s in state["sets"] if len(s["cards"]) == 3)
    assert triple["acquired_seq"] == state["claim_seq"]


# -- §4.9 coop results ---------------------------------------------------------------------------


def test_4_9_a_coop_triple_scores_2_and_the_table_shares_rank_1():
    """points {points}; the L3 set names its claimant and design; coop standings rows in full with the
    table's sets (succeed's points / by_seats / design mutants, standings "coop" and key mutants,
    owner_key 0 → 1)."""
    state = playing(2, {"mode": "coop"}, now=4000)
    centre(state, {0: (10, 50, 1), 1: (11, 50, 2), 2: (12, 50, 3)})
    state, events = ENGINE.apply(state, 1, claim((10, 50), (11, 50), (12, 50)), 5000)
    assert {"type": "points", "points": 2} in events
    won = next(e for e in events if e["type"] == "set_won")
    assert won["by_seats"] == [1] and won["design"] == 50 and won["kind"] == "triple"
    state, _ = ENGINE.advance(state, state["coop_end"])
    assert ENGINE.result(state)["standings"] == [
        {"seat": s, "sets": 1, "cards_in_sets": 3, "mistakes": 0, "rank": 1} for s in (0, 1)
    ]


def test_4_9_coop_offers_turning_over_each_centre_card_by_its_shown_design():
    """turn_over actions carry card and design (_flips' key mutants)."""
    state = playing(2, {"mode": "coop"}, now=4000)
    centre(state, {0: (10, 50, 51)})
    assert {"type": "turn_over", "card": 10, "design": 50} in ENGINE.legal_actions(state, 0)


def test_5_team_standings_name_the_team_and_its_seats():
    """Team rows carry `team` (standings' team key mutants)."""
    state = playing(4, {"mode": "team"}, now=4000)
    won_set(state, 1, [20, 21], 70, 1)
    state, _ = ENGINE.advance(state, state["cap_deadline"])
    rows = ENGINE.result(state)["standings"]
    assert [(row["team"], row["seats"], row["sets"]) for row in rows] == [(1, [1, 3], 1), (0, [0, 2], 0)]


# -- §4.2 start, §5 the end, the clock and the step ----------------------------------------------


def test_4_2_the_started_event_shows_every_pile_top_or_the_coop_stock_top():
    """started {tops} (start_play's `top_entry(state, None)` and key mutants)."""
    for config in ({}, {"mode": "coop"}):
        state = ENGINE.setup(3, SEED, {"start_countdown_ms": 3000, **config}, now_ms=0)
        state, events = ENGINE.advance(state, 3000)
        started = next(e for e in events if e["type"] == "started")
        piles = [state["stock"]] if config else state["piles"]
        assert started == {"type": "started", "tops": [{"card": p[0], "design": shows(state, p[0])} for p in piles]}
        assert all(started["tops"])


def test_5_the_finished_table_has_no_turn_no_timers_and_no_touches():
    """finish clears active, flip_deadline, last_call_deadline and touches (its key and "" mutants);
    game_over carries reason and standings (its key mutants)."""
    state = playing(4, {"mode": "team"}, now=4000)
    centre(state, {0: (10, 50, 1)})
    cap = state["cap_deadline"]
    turn(state, 0, cap + 1000)  # a turn and a last call still pending when the cap ends the game
    state["last_call_deadline"] = cap + 500
    state, _ = ENGINE.apply(state, 1, touch((10, 50)), cap - 1000)
    state, events = ENGINE.advance(state, cap)
    over = next(e for e in events if e["type"] == "game_over")
    assert over["reason"] == "time_cap" and over["standings"] == ENGINE.result(state)["standings"]
    seen = ENGINE.view(state, 0)
    assert (seen["active"], seen["flip_deadline"], seen["last_call_deadline"]) == (None, None, None)
    assert seen["touches"] == [] and state["touches"] == []


def test_4_6_with_no_lockout_a_mistaken_seat_may_claim_again_at_once():
    """mistake_lockout_ms = 0: the clock moves to the action's time (_apply's clock key mutants), so the
    seat is not locked; the view shows that clock."""
    state = playing(3, {"mistake_lockout_ms": 0}, now=4000)
    centre(state, {0: (10, 50, 1), 1: (11, 51, 2), 2: (12, 52, 3), 3: (13, 52, 4)})
    turn(state, 0, 14000)
    state, _ = ENGINE.apply(state, 1, claim((10, 50), (11, 51)), 5000)
    assert ENGINE.view(state, 1)["clock"] == 5000
    assert claim((12, 52), (13, 52)) in ENGINE.legal_actions(state, 1)


def test_contract_the_step_in_the_view_moves_on_with_every_action():
    """_apply's `step += 1` → `= 1` / `-= 1`."""
    state = playing(3, now=4000)
    centre(state, {0: (10, 50, 1), 1: (11, 50, 2)})
    turn(state, 0, 14000)
    steps = [ENGINE.view(state, 0)["step"]]
    for seat, action, now in ((0, FLIP, 5000), (2, claim((10, 50), (11, 50)), 5001)):
        state, _ = ENGINE.apply(state, seat, action, now)
        steps.append(ENGINE.view(state, 0)["step"])
    assert steps == sorted(set(steps)), steps


def test_contract_a_timer_firing_moves_the_step_on_too():
    """_fire's `step += 1` → `= 1` / `-= 1`: the timed-out flip is a new step."""
    state = playing(3, now=4000)
    turn(state, 0, 14000)
    before = ENGINE.view(state, 0)["step"]
    state, events = ENGINE.advance(state, 14000)
    assert any(e["type"] == "flipped" and e["auto"] for e in events)
    assert ENGINE.view(state, 0)["step"] > before


# -- §6 previous_winner --------------------------------------------------------------------------


def test_6_a_previous_result_s_single_winner_gets_the_forbidden_cards():
    """Without a previous_winner key the single winner is used (previous_winner's fallback mutants); a
    winner who has no seat at this table is none (`is_id(…) or True`)."""
    config = {"forbidden_pattern": True}
    state = ENGINE.setup(3, SEED, config, now_ms=0, previous_result={"winners": [1]})
    assert state["previous_winner"] == 1 and len(state["forbidden"]) == 3
    state = ENGINE.setup(3, SEED, config, now_ms=0, previous_result={"winners": [4], "previous_winner": 4})
    assert state["previous_winner"] is None and state["forbidden"] == []


def test_6_previous_winner_must_be_a_seat_of_this_table():
    """previous_winner = n of n seats is invalid_config (previous_winner `>=` → `>`)."""
    with pytest.raises(IllegalAction) as err:
        ENGINE.setup(3, SEED, {"previous_winner": 3}, now_ms=0)
    assert err.value.code == "invalid_config"


def test_1_a_config_without_a_mode_has_the_competitive_seat_range():
    """§1: competitive seats 2–6 when the mode is not given (player_range's default "competitive")."""
    assert ENGINE.player_range({"target_sets": 5}) == ENGINE.player_range({"mode": "competitive"}) == (2, 6)
