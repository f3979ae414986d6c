"""Timers, error codes, team touches, coop actions, legal actions and hidden information."""

from __future__ import annotations

import json
import sys
from itertools import combinations
from pathlib import Path

import pytest

from dorhami.engine import IllegalAction
from dorhami.games.twin_it.listing import L3_LISTED_CARDS
from dorhami.games.twin_it.rules import ENGINE
from dorhami.games.twin_it.state import loose_cards, shows

from .board import FLIP, centre, claim, paint, pile, playing, stock, touch, turn, won_set

sys.path.insert(0, str(Path(__file__).parents[2]))
from engine.playout import play  # noqa: E402


def code_of(state, seat, action, now):
    """The refusal's code; the state after the refusal must equal the state before it."""
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, seat, action, now)
    assert json.dumps(state, sort_keys=True) == before, "a refused action changed the state"
    return err.value.code


def table(players=3, config=None, now=4000):
    state = playing(players, config, now=now)
    centre(state, {0: (10, 50, 1), 1: (11, 50, 2), 2: (12, 51, 3)})
    turn(state, 0, now + 10000)
    return state


# -- timers ---------------------------------------------------------------------------------


def test_countdown_ends_at_start_countdown_ms_and_refuses_input_before():
    state = ENGINE.setup(2, 1, {"start_countdown_ms": 500}, now_ms=100)
    assert ENGINE.next_deadline(state) == 600
    assert code_of(state, 0, FLIP, 599) == "not_playing"
    state, events = ENGINE.advance(state, 600)
    assert state["phase"] == "PLAYING" and state["play_start"] == 600
    assert events[0]["type"] == "started" and len(events[0]["tops"]) == 2


def test_a_new_game_announces_its_countdown_end():
    state = ENGINE.setup(2, 1, {"start_countdown_ms": 500}, now_ms=100)
    assert ENGINE.start_events(state) == [{"type": "countdown", "ends_at": 600}]  # §4.11
    state, _ = ENGINE.advance(state, 600)
    assert ENGINE.start_events(state) == []


def test_a_finished_game_shows_no_pile_tops():
    """§7: tops are shown while playing; a table won by a claim keeps its pile counts only."""
    state = table(3, {"target_sets": 1})
    assert all(p["top"] for p in ENGINE.view(state, None)["piles"])
    state, _ = ENGINE.apply(state, 1, claim((10, 50), (11, 50)), 5000)
    final = ENGINE.view(state, None)
    assert final["phase"] == "FINISHED" and [p["count"] for p in final["piles"]] == [2, 2, 2]
    assert [p["top"] for p in final["piles"]] == [None, None, None]


def test_a_finished_coop_game_shows_no_stock_top():
    state = table(2, {"mode": "coop"})
    stock(state, [(60, 61, 62), (63, 64, 65)])
    assert ENGINE.view(state, None)["stock"]["top"] == {"card": 60, "design": 61}
    state, _ = ENGINE.advance(state, state["coop_end"])
    final = ENGINE.view(state, None)
    assert final["phase"] == "FINISHED" and final["stock"] == {"count": 2, "top": None}


def test_zero_countdown_starts_at_creation_time():
    state = ENGINE.setup(2, 1, {"start_countdown_ms": 0}, now_ms=50)
    state, _ = ENGINE.advance(state, 50)
    assert state["phase"] == "PLAYING"


def test_flip_timeout_ms_sets_each_flip_deadline():
    state = ENGINE.setup(2, 1, {"flip_timeout_ms": 4000})
    state, _ = ENGINE.advance(state, 3000)
    assert state["flip_deadline"] == 7000
    state, _ = ENGINE.advance(state, 7000)  # auto-flip, next deadline counts from the due time
    assert state["flip_deadline"] == 11000 and len(state["centre"]) == 1


def test_a_flip_meant_for_a_turn_an_auto_flip_closed_never_flips_the_next_card():
    state = ENGINE.setup(2, 1, {"flip_timeout_ms": 4000})
    state, _ = ENGINE.advance(state, 3000)
    assert state["active"] == state["first"]
    mine, meant_for = state["first"], ENGINE.view(state, state["first"])["turn"]
    # My flip is on its way when the deadline passes: the auto-flip plays my card, the other seat
    # flips, and it is my turn again when my late flip arrives.
    state, _ = ENGINE.advance(state, 7000)
    state, _ = ENGINE.apply(state, 1 - mine, {"type": "flip"}, 7100)
    assert state["active"] == mine
    before = json.dumps(state, sort_keys=True)
    assert code_of(state, mine, {"type": "flip", "step": meant_for}, 7200) == "stale_step"
    assert json.dumps(state, sort_keys=True) == before
    # The flip for this turn is applied.
    state, events = ENGINE.apply(state, mine, {"type": "flip", "step": ENGINE.step(state, mine)}, 7300)
    assert events[0]["type"] == "flipped" and events[0]["seat"] == mine


def test_a_late_advance_fires_each_auto_flip_at_its_own_due_time():
    state = ENGINE.setup(2, 1, {})
    state, events = ENGINE.advance(state, 33000)
    flips = [e for e in events if e["type"] == "flipped"]
    assert len(flips) == 3 and state["flip_deadline"] == 43000


def test_mistake_lockout_ms_sets_the_lockout_and_its_end_is_a_deadline():
    state = table(config={"mistake_lockout_ms": 1000})
    state, _ = ENGINE.apply(state, 1, claim((10, 50), (12, 51)), 5000)
    assert state["locked_until"][1] == 6000 and ENGINE.next_deadline(state) == 6000
    assert ENGINE.legal_actions(state, 1) == []
    state, events = ENGINE.advance(state, 6000)
    assert events == [] and ENGINE.legal_actions(state, 1) and ENGINE.next_deadline(state) == 14000


def test_zero_lockout_leaves_only_the_lost_set_as_penalty():
    state = table(config={"mistake_lockout_ms": 0})
    state, _ = ENGINE.apply(state, 1, claim((10, 50), (12, 51)), 5000)
    assert state["mistakes"][1] == 1 and ENGINE.apply(state, 1, claim((10, 50), (11, 50)), 5000)


def test_last_call_ms_sets_the_last_call_length():
    state = playing(2, {"last_call_ms": 3000}, now=1000)
    pile(state, 0, [])
    pile(state, 1, [(40, 60, 61)])
    turn(state, 1, 5000)
    state, _ = ENGINE.apply(state, 1, FLIP, 2000)
    assert state["last_call_deadline"] == 5000
    state, events = ENGINE.advance(state, 5000)
    assert state["reason"] == "exhaustion" and events[-1]["type"] == "game_over"


def test_max_game_ms_sets_the_hard_cap_from_play_start():
    state = ENGINE.setup(2, 1, {"max_game_ms": 300000, "start_countdown_ms": 1000})
    state, _ = ENGINE.advance(state, 1000)
    assert state["cap_deadline"] == 301000
    state, _ = ENGINE.advance(state, 301000)
    assert state["reason"] == "time_cap" and ENGINE.next_deadline(state) is None


def test_the_cap_fires_before_a_flip_due_at_the_same_time():
    state = table()
    state["cap_deadline"] = state["flip_deadline"]
    state, events = ENGINE.advance(state, state["cap_deadline"])
    assert state["reason"] == "time_cap" and not [e for e in events if e["type"] == "flipped"]


def test_coop_duration_ms_sets_coop_end():
    state = ENGINE.setup(1, 1, {"mode": "coop", "coop_duration_ms": 10000})
    state, _ = ENGINE.advance(state, 3000)
    assert state["coop_end"] == 13000 and ENGINE.next_deadline(state) == 13000
    state, _ = ENGINE.advance(state, 13000)
    assert state["reason"] == "time_up"


def test_team_touch_window_ms_sets_touch_expiry_which_is_a_deadline():
    state = table(4, {"mode": "team", "team_touch_window_ms": 1000})
    state, events = ENGINE.apply(state, 0, touch((10, 50)), 5000)
    assert events == [{"type": "touch", "seat": 0, "cards": [{"card": 10, "design": 50}], "expires_at": 6000}]
    assert ENGINE.next_deadline(state) == 6000
    state, _ = ENGINE.advance(state, 6000)
    assert state["touches"] == []


# -- error codes ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action, code",
    [
        ({"type": "claim", "cards": [{"card": 10, "design": 50}]}, "malformed"),
        ({"type": "claim", "cards": "10,11"}, "malformed"),
        ({"type": "claim", "cards": [{"card": 135, "design": 50}, {"card": 11, "design": 50}]}, "malformed"),
        ({"type": "claim", "cards": [{"card": 10, "design": 119}, {"card": 11, "design": 50}]}, "malformed"),
        ({"type": "claim", "cards": [{"card": 10}, {"card": 11, "design": 50}]}, "malformed"),
        (claim((10, 51), (11, 50)), "stale"),
        (claim((10, 50), (40, 50)), "stale"),
        ({"type": "touch", "cards": [{"card": 10, "design": 50}]}, "wrong_mode"),
        ({"type": "turn_over", "card": 10, "design": 50}, "wrong_mode"),
        ({"type": "dance"}, "unknown_action"),
        (FLIP, "not_your_turn"),
    ],
)
def test_competitive_error_codes(action, code):
    assert code_of(table(), 1, action, 5000) == code


def test_a_locked_out_flip_is_still_allowed():
    state = table()
    state, _ = ENGINE.apply(state, 0, claim((10, 50), (12, 51)), 5000)
    state, events = ENGINE.apply(state, 0, FLIP, 5001)
    assert events[0]["type"] == "flipped"


def test_lockout_is_checked_before_malformed():
    state = table()
    state, _ = ENGINE.apply(state, 1, claim((10, 50), (12, 51)), 5000)
    assert code_of(state, 1, {"type": "claim", "cards": []}, 5001) == "locked_out"


def test_finished_games_refuse_everything_as_not_playing():
    state, _ = ENGINE.advance(table(), 10**7)
    assert state["phase"] == "FINISHED"
    for action in (FLIP, claim((10, 50), (11, 50))):
        assert code_of(state, 0, action, 10**7) == "not_playing"


@pytest.mark.parametrize(
    "action, code",
    [
        (touch((10, 50), (11, 50)), "bad_shape"),
        (touch(), "malformed"),
        (touch((10, 50), (10, 50)), "malformed"),
        (touch((10, 51)), "stale"),
        (claim((10, 50), (11, 50)), "wrong_mode"),
    ],
)
def test_team_error_codes(action, code):
    assert code_of(table(4, {"mode": "team"}), 1, action, 5000) == code


@pytest.mark.parametrize(
    "action, code",
    [
        ({"type": "turn_over", "card": 10, "design": 51}, "stale"),
        ({"type": "turn_over", "card": 40, "design": 118}, "stale"),
        ({"type": "turn_over", "card": "10", "design": 50}, "malformed"),
        (touch((10, 50)), "wrong_mode"),
        (FLIP, "empty_pile"),
    ],
)
def test_coop_error_codes(action, code):
    assert code_of(table(2, {"mode": "coop"}), 1, action, 5000) == code


# -- team touches ---------------------------------------------------------------------------


def test_a_touch_moves_the_hand_instead_of_doubling_it():
    state = table(4, {"mode": "team"})
    state, _ = ENGINE.apply(state, 0, touch((10, 50)), 5000)
    state, _ = ENGINE.apply(state, 0, touch((12, 51)), 5100)
    assert [(t["seat"], t["cards"][0]["card"]) for t in state["touches"]] == [(0, 12)]


def test_touching_again_what_the_hand_covers_is_refused_and_changes_nothing():
    state = table(4, {"mode": "team", "team_touch_window_ms": 3000})
    state, _ = ENGINE.apply(state, 0, touch((10, 50)), 5000)
    assert touch((10, 50)) not in ENGINE.legal_actions(state, 0)
    assert touch((10, 50)) in ENGINE.legal_actions(state, 2)  # a teammate may touch it (a mistake)
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, 0, touch((10, 50)), 7000)
    assert refused.value.code == "already_touching" and json.dumps(state, sort_keys=True) == before
    # So the touch cannot be kept alive: it still expires when its window ends.
    assert ENGINE.next_deadline(state) == 8000
    state, _ = ENGINE.advance(state, 8000)
    assert state["touches"] == []
    state, _ = ENGINE.apply(state, 0, touch((10, 50)), 8100)  # a new touch once the hand is free
    assert state["touches"][0]["expires_at"] == 11100


def test_a_matching_teammate_touch_is_preferred_over_an_earlier_mismatching_one():
    state = table(6, {"mode": "team"})
    won_set(state, 1, [20, 21], 70, 1)
    won_set(state, 1, [22, 23], 50, 2)
    state, _ = ENGINE.apply(state, 0, touch((20, 70), (21, 70)), 5000)
    state, _ = ENGINE.apply(state, 2, touch((22, 50), (23, 50)), 5100)  # two pairs: no shape
    state, events = ENGINE.apply(state, 4, touch((10, 50)), 5200)
    won = next(e for e in events if e["type"] == "set_won")
    assert (won["cards"], won["by_seats"], won["kind"]) == ([10, 22, 23], [2, 4], "steal")
    assert state["mistakes"] == [0, 0] and [t["seat"] for t in state["touches"]] == [0]


def test_a_team_can_steal_with_a_touch_on_a_won_pair_and_one_on_the_third_card():
    state = table(4, {"mode": "team"})
    won_set(state, 1, [20, 21], 51, 1)
    state, _ = ENGINE.apply(state, 1, touch((12, 51)), 5000)  # opponents never combine
    state, _ = ENGINE.apply(state, 0, touch((20, 51), (21, 51)), 5100)
    state, events = ENGINE.apply(state, 2, touch((12, 51)), 5200)
    won = next(e for e in events if e["type"] == "set_won")
    assert (won["kind"], won["owner"], won["from_owner"], won["cards"]) == ("steal", 0, 1, [12, 20, 21])


# -- coop -----------------------------------------------------------------------------------


def test_coop_anyone_may_flip_the_stock_at_any_time():
    state = table(2, {"mode": "coop"})
    stock(state, [(40, 60, 61), (41, 62, 63)])
    state, events = ENGINE.apply(state, 1, FLIP, 5000)
    assert state["centre"][3] == 40 and shows(state, 40) == 61 and state["stock"] == [41]
    state, _ = ENGINE.apply(state, 1, FLIP, 5001)
    assert code_of(state, 0, FLIP, 5002) == "empty_pile"


def test_coop_the_stock_top_can_be_claimed():
    state = table(1, {"mode": "coop"})
    stock(state, [(40, 50, 61)])
    state, _ = ENGINE.apply(state, 0, claim((10, 50), (11, 50), (40, 50)), 5000)
    assert state["points"] == 2


# -- legal actions --------------------------------------------------------------------------


def test_legal_claims_list_every_pair_and_triple_shape_matching_or_not():
    state = table()
    won_set(state, 2, [20, 21], 70, 1)
    pile(state, 1, [(30, 90, 91)])
    claims = [a for a in ENGINE.legal_actions(state, 1) if a["type"] == "claim"]
    loose = [10, 11, 12, 30, 123, 127]
    assert len(claims) == 15 + len(loose)
    assert all([e["card"] for e in a["cards"]] == sorted(e["card"] for e in a["cards"]) for a in claims)
    assert {"type": "claim", "cards": [{"card": 10, "design": 50}, {"card": 12, "design": 51}]} in claims


def test_only_the_active_seat_lists_flip_and_a_locked_seat_lists_no_claim():
    state = table()
    state, _ = ENGINE.apply(state, 0, claim((10, 50), (12, 51)), 5000)
    assert ENGINE.legal_actions(state, 0) == [FLIP]
    assert FLIP not in ENGINE.legal_actions(state, 1)
    assert ENGINE.compact_legal_actions(state, 0) == [FLIP]
    assert ENGINE.compact_legal_actions(state, 1) == [{"type": "claim"}]


def test_team_lists_touches_of_loose_cards_and_won_pairs():
    state = table(4, {"mode": "team"})
    won_set(state, 1, [20, 21], 70, 1)
    touches = [a for a in ENGINE.legal_actions(state, 3) if a["type"] == "touch"]
    assert len(touches) == 3 + 4 + 1
    assert ENGINE.compact_legal_actions(state, 3) == [{"type": "touch"}]


def test_coop_lists_turn_overs_and_every_loose_triple_matching_or_not():
    state = table(2, {"mode": "coop"})
    centre(state, {0: (10, 50, 1), 1: (11, 50, 2), 2: (12, 50, 3), 3: (13, 51, 4)})
    actions = ENGINE.legal_actions(state, 0)
    triples = [[e["card"] for e in a["cards"]] for a in actions if a["type"] == "claim" and len(a["cards"]) == 3]
    loose = loose_cards(state)
    assert sorted(triples) == [list(t) for t in combinations(loose, 3)]
    assert [10, 11, 13] in triples  # a mismatch apply takes as a mistake is listed too (§4.10)
    assert len([a for a in actions if a["type"] == "turn_over"]) == 4
    assert ENGINE.compact_legal_actions(state, 0) == [{"type": "turn_over"}, {"type": "claim"}]


def claimed_cards(state, seat):
    return sorted(
        tuple(e["card"] for e in a["cards"]) for a in ENGINE.legal_actions(state, seat) if a["type"] == "claim"
    )


@pytest.mark.parametrize("mode", ["competitive", "coop"])
def test_which_card_combinations_are_listed_does_not_depend_on_any_design(mode):
    """§4.10: the listed/unlisted split must reveal no match. Repaint every loose card so that
    they all match, then so that none does: the same card combinations are listed each time
    (each with the design it now shows), even when the coop L3 list is cut (30 loose cards)."""
    state = table(2, {"mode": mode})
    centre(state, {slot: (20 + slot, 60 + slot, 30 + slot) for slot in range(30)})
    baseline = claimed_cards(state, 0)
    loose = loose_cards(state)
    for designs in ([7] * len(loose), list(range(60, 60 + len(loose)))):
        repainted = json.loads(json.dumps(state))
        for card, design in zip(loose, designs):
            paint(repainted, card, design)
        assert claimed_cards(repainted, 0) == baseline
        assert all(
            e["design"] == shows(repainted, e["card"])
            for a in ENGINE.legal_actions(repainted, 0)
            if a["type"] == "claim"
            for e in a["cards"]
        )
    if mode == "coop":  # 30 loose cards: every pair is listed, and the L3s of the lowest 24 ids
        assert sum(len(c) == 3 for c in baseline) == len(list(combinations(loose[:L3_LISTED_CARDS], 3)))
        assert sum(len(c) == 2 for c in baseline) == len(list(combinations(loose, 2)))


def test_an_unlisted_coop_triple_is_still_judged_by_apply():
    state = table(1, {"mode": "coop"})
    centre(state, {slot: (20 + slot, 60 + slot, 30 + slot) for slot in range(30)})
    for card in (40, 45, 48):
        paint(state, card, 99)
    action = claim((40, 99), (45, 99), (48, 99))
    assert action not in ENGINE.legal_actions(state, 0)
    after, events = ENGINE.apply(state, 0, action, 5000)
    assert after["points"] == state["points"] + 2 and any(e["type"] == "set_won" for e in events)


@pytest.mark.parametrize(
    "config, players",
    [
        ({}, 2),
        ({}, 6),
        ({"mode": "team"}, 4),
        ({"mode": "team"}, 5),
        ({"mode": "coop"}, 1),
        ({"mode": "coop"}, 3),
        ({"forbidden_pattern": True, "previous_winner": 0}, 3),
        ({"target_sets": 1}, 2),
    ],
)
def test_random_playouts_of_every_mode_end(config, players):
    # A team touch or a coop turn_over costs no time and no lockout, so random play rarely lets
    # the clock run: wait for timers more often than the contract test does.
    wait = 0.05 if config.get("mode", "competitive") == "competitive" else 0.3
    for seed in range(2):
        run = play(ENGINE, players, 1000 + seed, config, wait_chance=wait)
        result = ENGINE.result(run.final)
        assert result["reason"] in ("target", "exhaustion", "time_cap", "time_up")
        assert json.loads(json.dumps(run.final)) == run.final


# -- hidden information ---------------------------------------------------------------------


def hidden_cards(state):
    """Cards below pile tops and stock tops: their identity must never be in a view."""
    return {c for pile in state["piles"] for c in pile[1:]} | set(state["stock"][1:])


@pytest.mark.parametrize(
    "config, players",
    [({}, 3), ({"mode": "coop"}, 2), ({"mode": "team"}, 4), ({"forbidden_pattern": True, "previous_winner": 1}, 3)],
)
def test_views_hold_no_seed_no_underside_and_no_card_below_a_top(config, players):
    seed = 7_340_000_000_123
    run = play(ENGINE, players, seed, config)
    for state in run.states[::7]:
        for viewer in (None, *range(players)):
            view = ENGINE.view(state, viewer)
            text = json.dumps(view)
            assert str(seed) not in text and "faces" not in view and "side" not in view
            shown = [e for e in view["centre"]] + [p["top"] for p in view["piles"] if p["top"]]
            shown += (view["forbidden"] or {"cards": []})["cards"]
            assert all(e["design"] == shows(state, e["card"]) for e in shown)
            listed = {e["card"] for e in shown} | {c for s in view["sets"] for c in s["cards"]}
            assert not listed & hidden_cards(state)
            assert "order" not in text and "first_filler" not in text


def test_the_view_shows_only_showing_faces_of_a_pile_top():
    state = table()
    pile(state, 1, [(40, 60, 61), (41, 62, 63)])
    view = ENGINE.view(state, 1)
    assert view["piles"][1] == {"seat": 1, "count": 2, "top": {"card": 40, "design": 60}}
    text = json.dumps(view)
    assert '"design": 61' not in text and '"card": 41' not in text


def test_countdown_views_show_pile_counts_but_no_top():
    state = ENGINE.setup(3, 1, {})
    assert all(p["top"] is None and p["count"] == 45 for p in ENGINE.view(state, 0)["piles"])


def test_result_names_winners_scores_ranking_reason_standings_and_the_previous_winner():
    state = table()
    won_set(state, 2, [20, 21], 70, 1)
    state, events = ENGINE.advance(state, state["cap_deadline"])
    result = ENGINE.result(state)
    assert result["winners"] == [2] and result["previous_winner"] == 2
    assert result["scores"] == {"0": 0, "1": 0, "2": 1} and result["ranking"] == [2, 0, 1]
    assert result["standings"][0] == {"seat": 2, "sets": 1, "cards_in_sets": 2, "mistakes": 0, "rank": 1}
    assert ENGINE.view(state, None)["result"] == result


def test_team_results_name_every_seat_of_the_winning_team():
    state = table(5, {"mode": "team"})
    won_set(state, 1, [20, 21], 70, 1)
    state, _ = ENGINE.advance(state, state["cap_deadline"])
    result = ENGINE.result(state)
    assert result["winners"] == [1, 3] and result["scores"] == {"0": 0, "1": 1, "2": 0, "3": 1, "4": 0}
    assert result["ranking"] == [1, 3, 0, 2, 4]
