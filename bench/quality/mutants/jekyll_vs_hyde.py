"""Rule-level mutants of Jekyll vs. Hyde (rules: /work/shared/rules/jekyll-vs-hyde.md; table:
docs/rules-pinned/jekyll-vs-hyde.md). Each breaks one rule that decides a trick, a round or the match."""

from __future__ import annotations

from . import Mutant

MUTANTS = [
    Mutant(
        "leader_marker_four_is_hyde",
        "§4.3 round_leader, D8",
        'state["marker"] <= JEKYLL_SIDE_LAST',
        'state["marker"] < JEKYLL_SIDE_LAST',
    ),
    Mutant(
        "leader_ignores_marker",
        "§4.3 round_leader, D8",
        'if state["round"] == 1 or state["marker"] <= JEKYLL_SIDE_LAST:',
        "if True:",
    ),
    Mutant(
        "follow_potion_lead_allows_potion",
        "§4.3 follow, D13",
        'same = [card for card in hand if color(card) == lead["named_color"]]',
        'same = [card for card in hand if color(card) == lead["named_color"] or is_potion(card)]',
    ),
    Mutant(
        "follow_colour_lead_forbids_potion",
        "§4.3 follow, D13",
        "return [card for card in hand if color(card) == led or is_potion(card)]",
        "return [card for card in hand if color(card) == led]",
    ),
    Mutant(
        "exchange_potion_rule_from_one_potion",
        "§4.3 exchange_cards, D11",
        'return state["dealt_potions"][seat] < 2 or',
        'return state["dealt_potions"][seat] < 1 or',
    ),
    Mutant(
        "same_colour_lower_wins",
        "§4.4.1",
        "beats = value(high) > value(low)",
        "beats = value(high) < value(low)",
    ),
    Mutant(
        "colour_rank_reversed",
        "§4.4.1, D9",
        'beats = ranking.index(cast("str", color(high))) > ranking.index(cast("str", color(low)))',
        'beats = ranking.index(cast("str", color(high))) < ranking.index(cast("str", color(low)))',
    ),
    Mutant(
        "potion_compares_printed_value",
        "§4.4.2, D2",
        "beats = strength(high) > strength(low)",
        "beats = value(high) >= value(low)",
    ),
    Mutant(
        "third_colour_ranked_lowest",
        "§4.3 play_card, D10",
        "ranking.append(next(c for c in COLORS if c not in ranking))",
        "ranking.insert(0, next(c for c in COLORS if c not in ranking))",
    ),
    Mutant(
        "named_colour_ranks",
        "§4.3 play_card, D9",
        "if is_potion(card) or color(card) in ranking:\n        return []",
        'if is_potion(card) and state["trick"][-1]["named_color"] not in ranking:\n'
        '        ranking.append(state["trick"][-1]["named_color"])\n'
        "    if is_potion(card) or color(card) in ranking:\n        return []",
    ),
    Mutant(
        "potion_vs_potion_has_effect",
        "§4.4.2, D3",
        "if len(potions) != 1:\n        return None",
        'if not potions:\n        return None\n    if len(potions) == 2:\n        return "wrath"',
    ),
    Mutant(
        "pride_steals_nothing",
        "§4.4.4 Pride, D4",
        'if effect == "pride" and state["won"][loser]:',
        'if effect == "pride" and False:',
    ),
    Mutant(
        "pride_steals_for_loser",
        "§4.4.4 Pride, D4",
        'state["won"][winner].append(state["won"][loser].pop())',
        'state["won"][loser].append(state["won"][winner].pop(0)) if len(state["won"][winner]) > 1 else None',
    ),
    Mutant(
        "wrath_keeps_ranking",
        "§4.4.4 Wrath, D5",
        'state["ranking"] = []\n        return [{"type": "ranking_reset"}]',
        'return [{"type": "ranking_reset"}]',
    ),
    Mutant(
        "greed_skipped",
        "§4.4.5 Greed, D6",
        'if effect == "greed":\n        open_simultaneous',
        'if effect == "never":\n        open_simultaneous',
    ),
    Mutant(
        "greed_on_trick_ten",
        "§4.4.4 Greed, D6",
        'if effect == "greed" and state["trick_no"] < TRICKS_PER_ROUND:',
        'if effect == "greed":',
    ),
    Mutant(
        "greed_loser_leads",
        "§4.3 greed_give",
        'events.append({"type": "greed_exchanged", "count": count})',
        'events.append({"type": "greed_exchanged", "count": count})\n    state["leader"] = 1 - state["leader"]',
    ),
    Mutant(
        "greed_count_ignores_config",
        "§6 greed_exchange_count, D6",
        'min(state["config"]["greed_exchange_count"], min(len(hand) for hand in state["hands"]))',
        'min(1, min(len(hand) for hand in state["hands"]))',
    ),
    Mutant(
        "spread_only_when_hyde_leads",
        "§4.5.1, D14",
        'diff = abs(tricks["jekyll"] - tricks["hyde"])',
        'diff = max(0, tricks["hyde"] - tricks["jekyll"])',
    ),
    Mutant(
        "spread_not_clamped",
        "§4.5.1, D14",
        'state["marker"] = min(TRACK_END, state["marker"] + diff)',
        'state["marker"] = state["marker"] + diff',
    ),
    Mutant(
        "round_three_checked_before_marker",
        "§4.5.2–3",
        'if state["marker"] == TRACK_END:\n        return events + end_game(state, roles["hyde"], "marker_reached_end"',
        'if state["round"] == ROUNDS and state["marker"] < 99:\n'
        '        return events + end_game(state, roles["jekyll"], "jekyll_survived", now_ms)\n'
        '    if state["marker"] == TRACK_END:\n'
        '        return events + end_game(state, roles["hyde"], "marker_reached_end"',
    ),
    Mutant(
        "match_higher_score_loses",
        "§5.2 rule 1, D18",
        "return 0 if scores[0] > scores[1] else 1",
        "return 0 if scores[0] < scores[1] else 1",
    ),
    Mutant(
        "match_more_rounds_wins",
        "§5.2 rule 2, D18",
        "return 0 if rounds[0] < rounds[1] else 1",
        "return 0 if rounds[0] > rounds[1] else 1",
    ),
    Mutant(
        "match_rounds_always_three",
        "§5.2 rule 2, D18",
        'match["hyde_rounds"][hyde] = state["round"]',
        'match["hyde_rounds"][hyde] = ROUNDS',
    ),
    Mutant(
        "match_draw_goes_to_seat_zero",
        "§5.2 rule 3, D18",
        "        return 0 if rounds[0] < rounds[1] else 1\n    return None",
        "        return 0 if rounds[0] < rounds[1] else 1\n    return 0",
    ),
    Mutant(
        "match_game_two_same_roles",
        "§5.2 roles swap",
        "return events + start_game(state, jekyll=hyde, now_ms=now_ms)",
        "return events + start_game(state, jekyll=1 - hyde, now_ms=now_ms)",
    ),
    Mutant(
        "timeout_exchange_highest_potion",
        "§4.6 exchange, D19",
        "chosen.append(min(card for card in hand if is_potion(card)))",
        "chosen.append(max(card for card in hand if is_potion(card)))",
    ),
    Mutant(
        "timeout_lead_names_green",
        "§4.6 lead, D19",
        '"named_color": "purple" if is_potion(hand[0]) else None',
        '"named_color": "green" if is_potion(hand[0]) else None',
    ),
    Mutant(
        "timeout_follow_highest_legal",
        "§4.6 follow, D19",
        '"card": min(legal_follows(state, seat))',
        '"card": max(legal_follows(state, seat))',
    ),
    Mutant(
        "timeout_greed_highest_cards",
        "§4.6 greed, D19",
        'return {"type": "greed_give", "cards": hand[: greed_count(state)]}',
        'return {"type": "greed_give", "cards": hand[len(hand) - greed_count(state) :]}',
    ),
    Mutant(
        "ranking_kept_into_next_round",
        "§4.5.4 ranking = [] each round",
        "        ranking=[],\n",
        '        ranking=state.get("ranking", []),\n',
    ),
    Mutant(
        "tricks_kept_into_next_round",
        "§4.5.4 won = {J: [], H: []} each round, D14",
        "        won=[[], []],\n",
        '        won=state.get("won", [[], []]),\n',
    ),
    Mutant(
        "marker_carried_into_game_two",
        "§5.2 game 2 starts at marker 0",
        "state.update(marker=0, round=1, result=None)",
        'state.update(marker=state.get("marker", 0), round=1, result=None)',
    ),
    Mutant(
        "exchange_always_one_card",
        "§4.3 exchange_cards len == round, D12",
        'check_submission(state, seat, cards, "exchange", state["round"])',
        'check_submission(state, seat, cards, "exchange", 1)',
    ),
    Mutant(
        "match_ends_when_game_one_hyde_wins",
        "§5.2 game 2 is always played, D18",
        'if match["game_index"] == 1:',
        'if match["game_index"] == 1 and state["marker"] < TRACK_END:',
    ),
]
