"""Rule-level mutants of Double Connect (rules: /work/shared/rules/double-connect.md; table:
docs/rules-pinned/double-connect.md). Each breaks one rule that decides a claim, the final chance or
the ranking, as a careless reader of the rules file might."""

from __future__ import annotations

from . import Mutant

MUTANTS = [
    # -- §5 solo ranking, D13 ------------------------------------------------------------------
    Mutant(
        "solo_more_wrong_claims_rank_higher",
        "§5 solo ranking 3, D13",
        'return len(state["hands"][seat]), tuple(emptied) if emptied else NEVER, state["wrong_claims"][seat]',
        'return len(state["hands"][seat]), tuple(emptied) if emptied else NEVER, -state["wrong_claims"][seat]',
    ),
    Mutant(
        "solo_later_emptier_ranks_higher",
        "§5 solo ranking 2, D13",
        'return len(state["hands"][seat]), tuple(emptied) if emptied else NEVER, state["wrong_claims"][seat]',
        'return len(state["hands"][seat]), tuple(-x for x in emptied) if emptied else NEVER, '
        'state["wrong_claims"][seat]',
    ),
    Mutant(
        "solo_emptied_at_ignored",
        "§5 solo ranking 2, D13",
        'return len(state["hands"][seat]), tuple(emptied) if emptied else NEVER, state["wrong_claims"][seat]',
        'return len(state["hands"][seat]), NEVER, state["wrong_claims"][seat]',
    ),
    Mutant(
        "dense_ranking_instead_of_competition",
        "§5 solo ranking 4 (1, 2, 2, 4)",
        "return [1 + sum(other < key for other in keys) for key in keys]",
        "return [1 + len({other for other in keys if other < key}) for key in keys]",
    ),
    Mutant(
        "emptied_at_only_recorded_for_the_first_out",
        "§4.4 correct 4, §5 solo ranking 2",
        'state["emptied_at"][seat] = [t, state["seq"]]',
        'state["emptied_at"][seat] = [t, state["seq"]] if state["phase"] == PLAYING else None',
    ),
    Mutant(
        "emptied_at_ties_ignore_seq",
        "§4.1, §5 solo ranking 2 (t, then seq)",
        'state["emptied_at"][seat] = [t, state["seq"]]',
        'state["emptied_at"][seat] = [t, 0]',
    ),
    # -- §5 team ranking, D15 ------------------------------------------------------------------
    Mutant(
        "team_score_is_best_member_not_sum",
        "§5 team ranking 1, D15",
        'sum(len(state["hands"][s]) for s in seats),',
        'min(len(state["hands"][s]) for s in seats),',
    ),
    Mutant(
        "team_tie_by_latest_emptied_member",
        "§5 team ranking 2",
        "min(emptied, default=NEVER),",
        "max(emptied, default=NEVER),",
    ),
    Mutant(
        "team_without_emptied_member_counts_earliest",
        "§5 team ranking 2 (no emptied member counts as latest)",
        "min(emptied, default=NEVER),",
        "min(emptied, default=(0, 0)),",
    ),
    Mutant(
        "team_more_wrong_claims_rank_higher",
        "§5 team ranking 3",
        'sum(state["wrong_claims"][s] for s in seats),',
        '-sum(state["wrong_claims"][s] for s in seats),',
    ),
    Mutant(
        "teams_formed_in_blocks",
        "§3 step 1, D15 (team of seat s is s mod T)",
        '"team_of": [seat % teams for seat in range(players)] if is_teams(config) else None,',
        '"team_of": [seat // config["team_size"] for seat in range(players)] if is_teams(config) else None,',
    ),
    # -- §4.3 / D12 the final chance -------------------------------------------------------------
    Mutant(
        "final_chance_never_given",
        "§4.4 correct 4, D12",
        'if state["phase"] == PLAYING and window > 0:',
        "if False:",
    ),
    Mutant(
        "final_chance_given_again_by_each_emptied_hand",
        "§4.4 correct 4, D12 (one window after the first empty hand)",
        'if state["phase"] == PLAYING and window > 0:',
        'if window > 0 and any(state["hands"]):',
    ),
    Mutant(
        "final_chance_counted_from_play_start",
        "§4.4 correct 4 (final_deadline = t + final_chance_ms)",
        'state["final_deadline"] = t + window',
        'state["final_deadline"] = state["play_start"] + window',
    ),
    Mutant(
        "final_chance_extends_the_time_limit",
        "§4.3, D16 (a final chance does not extend time_up)",
        'state["final_deadline"] = t + window',
        'state["final_deadline"] = t + window\n            state["time_up_at"] = max(state["time_up_at"], t + window)',
    ),
    Mutant(
        "final_chance_not_ended_when_every_hand_is_empty",
        "§4.3 final_chance row, D12 (ends early when every hand is empty)",
        'elif not any(state["hands"]):',
        "elif False:",
    ),
    Mutant(
        "final_chance_zero_does_not_end_at_first_out",
        "§4.4 correct 4, §9 s20 (final_chance_ms = 0: first_out)",
        'elif state["phase"] == PLAYING:\n            events += self._finish(state, FIRST_OUT, t)',
        "elif False:\n            events += self._finish(state, FIRST_OUT, t)",
    ),
    Mutant(
        "final_chance_deadline_claim_accepted",
        "D12 (half-open window: a claim at the deadline is late), §4.1",
        'if state["final_deadline"] is not None and state["final_deadline"] < due:\n'
        '            due = state["final_deadline"]',
        'if state["final_deadline"] is not None and state["final_deadline"] + 1 < due:\n'
        '            due = state["final_deadline"] + 1',
    ),
    # -- §4.4 claims, penalties, lockouts ------------------------------------------------------
    Mutant(
        "penalty_card_not_drawn",
        "§4.4 wrong 3, D10",
        'penalty = state["pile"].pop(0) if state["pile"] else None',
        "penalty = None",
    ),
    Mutant(
        "penalty_card_from_the_bottom",
        "§4.4 wrong 3 (pop its top card)",
        'penalty = state["pile"].pop(0) if state["pile"] else None',
        'penalty = state["pile"].pop() if state["pile"] else None',
    ),
    Mutant(
        "empty_pile_uses_the_short_lockout",
        "§4.4 wrong 4, D11",
        'state["locked_until"][seat] = t + config["empty_pile_lockout_ms"]',
        'state["locked_until"][seat] = t + config["wrong_lockout_ms"]',
    ),
    Mutant(
        "lockout_end_still_locked",
        "§4.4 R4 (t < locked_until)",
        'if t < state["locked_until"][seat]:',
        'if t <= state["locked_until"][seat]:',
    ),
    Mutant(
        "symbol_on_the_target_is_enough",
        "§4.4 judged, D7, §9 s5",
        "if claim.symbol == common(claim.card, claim.target):",
        'if claim.symbol in __import__("dorhami.games.double_connect.components", fromlist=["CARDS"])'
        ".CARDS[claim.target]:",
    ),
    Mutant(
        "start_card_holds_one_more",
        "§4.2 fully covered, D6",
        'return cast("bool", len(state["arms"]) >= state["start_capacity"])',
        'return cast("bool", len(state["arms"]) > state["start_capacity"])',
        file="state.py",
    ),
    Mutant(
        "own_team_quota_ignored",
        "§4.2 own_team, D14",
        'quota_left = len(own) < state["config"]["team_start_slots"]',
        "quota_left = True",
        file="state.py",
    ),
    Mutant(
        "own_team_other_arms_usable",
        "§4.2 own_team, D14",
        'return start + [arm["cards"][-1] for arm in own]',
        'return start + [arm["cards"][-1] for arm in state["arms"]]',
        file="state.py",
    ),
    Mutant(
        "time_limit_from_table_start",
        "§4.3, §4.5 time_up at play_start + time_limit_ms, D16",
        '"time_up_at": play_start + config["time_limit_ms"],',
        '"time_up_at": now_ms + config["time_limit_ms"],',
    ),
    Mutant(
        "final_chance_over_reported_as_time_limit",
        "§4.5 final_chance_over, §5 end reasons",
        "return self._finish(state, FINAL_CHANCE_OVER, due)",
        "return self._finish(state, TIME_LIMIT, due)",
    ),
    Mutant(
        "claims_closed_in_the_final_chance",
        "§4.3 final_chance row, D12 (every seat may claim)",
        "CLAIMING_PHASES = (PLAYING, FINAL_CHANCE)",
        "CLAIMING_PHASES = (PLAYING,)",
        file="state.py",
    ),
    Mutant(
        "team_mode_ranks_seats_alone",
        "§5 team ranking, D15 (the team sum decides, even against a member's sure win)",
        'if not is_teams(state["config"]):\n        return competition_ranks',
        "if True:\n        return competition_ranks",
    ),
    Mutant(
        "ranking_listed_by_seat",
        "§5 result (ranking lists seats by rank, then seat)",
        'ranking = sorted(range(state["players"]), key=lambda seat: (ranks[seat], seat))',
        'ranking = list(range(state["players"]))',
    ),
]
