"""Rule-level mutants of Twin It! (rules: /work/shared/rules/twin-it.md; table:
docs/rules-pinned/twin-it.md). Each breaks one rule that decides a set, a penalty, a turn or the end,
as a careless reader of the rules file might."""

from __future__ import annotations

from . import Mutant

MUTANTS = [
    # -- §5 ranking, D18 -----------------------------------------------------------------------
    Mutant(
        "ranking_more_mistakes_rank_higher",
        "§5 other endings 3, D18",
        'keys = [(sets[o], cards[o], -state["mistakes"][o]) for o in range(len(sets))]',
        'keys = [(sets[o], cards[o], state["mistakes"][o]) for o in range(len(sets))]',
    ),
    Mutant(
        "ranking_ignores_cards_in_sets",
        "§5 other endings 2, D18",
        'keys = [(sets[o], cards[o], -state["mistakes"][o]) for o in range(len(sets))]',
        'keys = [(sets[o], 0, -state["mistakes"][o]) for o in range(len(sets))]',
    ),
    Mutant(
        "ranking_by_cards_before_sets",
        "§5 other endings 1-2, D18",
        'keys = [(sets[o], cards[o], -state["mistakes"][o]) for o in range(len(sets))]',
        'keys = [(cards[o], sets[o], -state["mistakes"][o]) for o in range(len(sets))]',
    ),
    Mutant(
        "target_win_needs_one_more_set",
        "§5 target win, D17",
        'if tally(state)[0][cast("int", owner)] >= state["target"]:',
        'if tally(state)[0][cast("int", owner)] > state["target"]:',
    ),
    # -- §4.6 mistakes, D13, D14 ---------------------------------------------------------------
    Mutant(
        "mistake_costs_the_oldest_set",
        "§4.6, D13 (highest acquired_seq)",
        'lost = max(owned, key=lambda won: won["acquired_seq"])',
        'lost = min(owned, key=lambda won: won["acquired_seq"])',
    ),
    Mutant(
        "mistake_costs_the_newest_set_id",
        "§4.6, D13 (acquired_seq, not creation order)",
        'lost = max(owned, key=lambda won: won["acquired_seq"])',
        'lost = max(owned, key=lambda won: won["id"])',
    ),
    Mutant(
        "lost_set_goes_on_top_of_the_pile",
        "§4.6 (to the bottom of s's pile)",
        "piles[seat] = piles[seat] + cards  # a new pile, as in take_loose",
        "piles[seat] = cards + piles[seat]",
    ),
    Mutant(
        "mistake_lockout_skipped_without_sets",
        "§4.6, D14 (every mistake locks)",
        'until = now + state["config"]["mistake_lockout_ms"]  # D14',
        'until = now + state["config"]["mistake_lockout_ms"] if any(w["owner"] == owner for w in state["sets"]) else 0',
    ),
    Mutant(
        "team_mistake_locks_only_the_completer",
        "§4.8 effect 4 (both s and the partner are locked)",
        "for offender in seats:\n        locked_until[offender] = until",
        "for offender in [seat]:\n        locked_until[offender] = until",
    ),
    Mutant(
        "team_mistake_set_to_the_partners_pile",
        "§4.8 effect 4 (to the bottom of s's pile)",
        "returned = return_set(state, lost, seat)",
        "returned = return_set(state, lost, seats[-1])",
    ),
    Mutant(
        "last_call_mistake_does_not_reselect",
        "§4.4, §4.6 (active = null: select_active(s)), §9 A15",
        'if state["active"] is None:\n            events = select_active(state, seat, now)',
        "if False:\n            events = select_active(state, seat, now)",
    ),
    # -- §4.5 success: pairs, steals, upgrades, third card ---------------------------------------
    Mutant(
        "third_card_not_turned_over",
        "§4.5 P third-card rule, D12",
        'third = None if state["mode"] == "coop" else third_copy(state, design, cards)',
        "third = None",
    ),
    Mutant(
        "third_card_turned_over_in_coop",
        "§4.9 (the third-card rule does not apply)",
        'third = None if state["mode"] == "coop" else third_copy(state, design, cards)',
        "third = third_copy(state, design, cards)",
    ),
    Mutant(
        "chain_reaction_card_turned_over",
        "§4.5 P third-card rule (a copy revealed by this claim is not turned over), D12",
        'third = None if state["mode"] == "coop" else third_copy(state, design, cards)\n'
        "    won = new_set(state, owner, cards, design)",
        "won = new_set(state, owner, cards, design)\n"
        '    third = None if state["mode"] == "coop" else third_copy(state, design, cards)',
    ),
    Mutant(
        "forbidden_card_turned_over",
        "§4.5 P (a forbidden-area card is never turned over), D19",
        "if zone == CENTRE or (zone == PILE and is_loose_visible(state, card)):",
        "if zone in (CENTRE, FORBIDDEN) or (zone == PILE and is_loose_visible(state, card)):",
    ),
    Mutant(
        "steal_leaves_the_owner",
        "§4.5 T (owner <- s), D11",
        '"owner": owner, "acquired_seq": state["claim_seq"]}',
        '"owner": target["owner"], "acquired_seq": state["claim_seq"]}',
    ),
    Mutant(
        "steal_keeps_the_old_acquired_seq",
        "§4.5 T (acquired_seq <- claim_seq), D13",
        '"owner": owner, "acquired_seq": state["claim_seq"]}',
        '"owner": owner, "acquired_seq": target["acquired_seq"]}',
    ),
    Mutant(
        "own_pair_upgrade_called_steal",
        "§4.5 T kind (upgrade if s already owned the set), D11",
        'kind = "upgrade" if previous == owner else "steal"',
        'kind = "steal"',
    ),
    Mutant(
        "triple_can_be_stolen",
        "§4.3 (sets of size 3 can never be targeted)",
        'if won is not None and len(won["cards"]) == 2 and sorted(won["cards"]) == sorted(held):',
        'if won is not None and sorted(won["cards"])[:2] == sorted(held):',
        file="state.py",
    ),
    Mutant(
        "claimant_does_not_flip_next",
        "§4.4 (select_active from the claimant), D7",
        "return events + select_active(state, seat, now)\n\n\ndef mistake(",
        "return events + select_active(state, seat + 1, now)\n\n\ndef mistake(",
    ),
    # -- D19 forbidden patterns ----------------------------------------------------------------
    Mutant(
        "forbidden_ban_only_on_pairs",
        "§4.5 step 6, D19 (the ban applies to steals too)",
        'if state["mode"] == "competitive" and is_forbidden_for(state, seat, design):',
        'if state["mode"] == "competitive" and shape == "P" and is_forbidden_for(state, seat, design):',
    ),
    Mutant(
        "forbidden_ban_on_everyone",
        "§4.5 step 6, D19 (only the previous winner)",
        'return seat == state["previous_winner"] and design in state["forbidden_designs"]',
        'return design in state["forbidden_designs"]',
    ),
    Mutant(
        "forbidden_design_not_freed",
        "§4.5 (a forbidden card taken frees its design), D19",
        'own(state, "forbidden_designs").remove(shows(state, card))',
        "pass",
    ),
    # -- §4.4 / §4.7 turns and endings -----------------------------------------------------------
    Mutant(
        "last_call_not_restarted_by_a_claim",
        "§4.7 (each successful claim restarts the last call), D15",
        'state["last_call_deadline"] = now + state["config"]["last_call_ms"]  # D15',
        'state["last_call_deadline"] = state["last_call_deadline"] or now + state["config"]["last_call_ms"]',
    ),
    Mutant(
        "last_call_beats_the_cap",
        "§4.7 (the cap applies whatever else is pending)",
        "ENDING, LAST_CALL, FLIP, TOUCH_EXPIRY, LOCKOUT_END = range(5)",
        "LAST_CALL, ENDING, FLIP, TOUCH_EXPIRY, LOCKOUT_END = range(5)",
    ),
    Mutant(
        "flip_turn_skips_a_seat",
        "§4.5 flip 4 (select_active(s+1)), D6",
        "return events + select_active(state, seat + 1, now)",
        "return events + select_active(state, seat + 2, now)",
    ),
    # -- §4.8 team touches, §4.9 coop ------------------------------------------------------------
    Mutant(
        "opponent_touch_completes_a_claim",
        "§4.8 (opponents' touches never combine)",
        'if touch["seat"] == seat or team_of(touch["seat"]) != team_of(seat):',
        'if touch["seat"] == seat:',
    ),
    Mutant(
        "earliest_partner_even_if_mismatching",
        "§4.8 effect 4 (earliest candidate of X's design first)",
        "partner = (same or candidates)[0]",
        "partner = candidates[0]",
    ),
    Mutant(
        "coop_l3_scores_one",
        "§4.9 (L3 gives +2), D21",
        'state["points"] += 2 if shape == "L3" else 1',
        'state["points"] += 1',
    ),
    Mutant(
        "team_target_win_for_the_completer_alone",
        "§5 target win (team mode: every seat of that team)",
        'return events + finish(state, "target", owner)',
        'return events + finish(state, "target", seat)',
    ),
    Mutant(
        "shared_win_goes_to_the_lowest_seat",
        "§5 other endings (everyone tied first shares the win), D18",
        "winners = sorted(s for s, rank in rank_of_seat.items() if rank == 1)",
        "winners = sorted(s for s, rank in rank_of_seat.items() if rank == 1)[:1]",
    ),
    Mutant(
        "lockout_blocks_flipping",
        "§4.5 flip (a lockout does not prevent flipping)",
        'if seat != state["active"]:\n            raise IllegalAction("not_your_turn"',
        'if seat != state["active"] or locked(state, seat, now):\n            raise IllegalAction("not_your_turn"',
    ),
    Mutant(
        "mistake_always_reselects_the_turn",
        "§4.4 (mistakes never change active or flip_deadline, except in the last call)",
        'if state["active"] is None:\n            events = select_active(state, seat, now)',
        "if True:\n            events = select_active(state, seat, now)",
    ),
    Mutant(
        "coop_mistake_costs_a_point",
        "§4.9, D21 (a mistake costs only the lockout)",
        'own(state, "mistakes")[seat if owner is None else owner] += 1',
        'own(state, "mistakes")[seat if owner is None else owner] += 1\n'
        '    state["points"] -= 1 if state["mode"] == "coop" and state["points"] else 0',
    ),
]
