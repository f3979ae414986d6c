"""Rule-level mutants of Queendomino (rules: /work/shared/rules/queendomino.md; table:
docs/rules-pinned/queendomino.md). Each breaks one rule that decides an order, a bonus, a penalty or the winner."""

from __future__ import annotations

from . import Mutant

MUTANTS = [
    Mutant(
        "order_descending",
        "§4.3.2, D6",
        'key=lambda seat: state["last_chosen"][seat])',
        'key=lambda seat: -state["last_chosen"][seat])',
    ),
    Mutant("order_never_changes", "§4.3.2, D6", 'if state["round"] > 1:', "if False:"),
    Mutant(
        "king_tie_goes_to_first_seat",
        "§4.5.2, D20",
        "winner = counts.index(best) if counts.count(best) == 1 else None",
        "winner = counts.index(best)",
    ),
    Mutant(
        "king_bonus_two_points",
        "§4.5.2, D20",
        'state["king_points"][winner] += 1',
        'state["king_points"][winner] += 2',
    ),
    Mutant(
        "king_bonus_not_in_last_round",
        "§4.5.2–3",
        'events = [{"type": "neutral_discarded", "tiles": neutral}] + king_bonus(state)',
        'events = [{"type": "neutral_discarded", "tiles": neutral}] + '
        '(king_bonus(state) if state["round"] < state["config"]["rounds"] else [])',
    ),
    Mutant(
        "king_counts_tiles_only",
        "§4.1 squares, D20",
        '                count += content["colour"] == colour\n',
        "                count += 0\n",
        file="state.py",
    ),
    Mutant(
        "unplaceable_not_counted",
        "§4.4 choose_tile, §5 penalty, D22",
        'state["discards"][seat] += 1',
        'state["discards"][seat] += 0',
    ),
    Mutant(
        "unplaceable_ends_turn",
        "§4.4 choose_tile → build step",
        '"penalty": penalty})\n    return events + build_step(state, seat, now_ms)',
        '"penalty": penalty})\n    return events + end_turn(state, seat, now_ms)',
    ),
    Mutant(
        "penalty_ignores_config",
        "§5 penalty, §6 unplaceable_penalty",
        '"penalty": -config["unplaceable_penalty"] * discards,',
        '"penalty": -5 * discards,',
        file="state.py",
    ),
    Mutant(
        "gold_counts_every_building",
        "§4.4 place_tile gold, D15",
        "len(building_cards(board, TERRAIN_COLOUR[terrain])) for terrain, symbol",
        'sum(len(building_cards(board, c)) for c in ("red", "yellow", "blue")) for terrain, symbol',
    ),
    Mutant(
        "crown_pays_gold",
        "§4.4 place_tile gold, D15",
        'for terrain, symbol in TILES[tile] if symbol == "gold"',
        "for terrain, symbol in TILES[tile] if symbol",
    ),
    Mutant(
        "red_excludes_itself",
        "§4.4 buy_building red, D18",
        'points = card_value(card) * squares(board, "red") if colour == "red" else 0',
        'points = card_value(card) * (squares(board, "red") - 1) if colour == "red" else 0',
    ),
    Mutant(
        "yellow_scores_at_once",
        "§4.4 buy_building, D18",
        'points = card_value(card) * squares(board, "red") if colour == "red" else 0',
        'points = card_value(card) * squares(board, "red") if colour != "blue" else 0',
    ),
    Mutant(
        "yellow_building_not_a_square",
        "§5 yellow, D13, D14",
        "            yellow_squares += 1\n",
        "            yellow_squares += 0\n",
        file="state.py",
    ),
    Mutant(
        "blue_ignores_count",
        "§5 blue, D18",
        '"blue": blue_count * blue_values,',
        '"blue": blue_values,',
        file="state.py",
    ),
    Mutant(
        "crowns_not_multiplied",
        "§5 tile points, D21",
        "points += len(cells) * sum(i in crowned for i in cells)",
        "points += len(cells)",
        file="state.py",
    ),
    Mutant(
        "terrain_match_wrong_half",
        "§4.1 terrain_matching, D12",
        "or touches_terrain(board, ib, terrain_b)",
        "or touches_terrain(board, ib, terrain_a)",
        file="state.py",
    ),
    Mutant(
        "tie_break_less_gold",
        "§5 tie-break, D24",
        'standing = {seat: (parts[seat]["total"], state["gold"][seat]) for seat in seats}',
        'standing = {seat: (parts[seat]["total"], -state["gold"][seat]) for seat in seats}',
    ),
    Mutant(
        "no_gold_tie_break",
        "§5 tie-break, D24",
        'standing = {seat: (parts[seat]["total"], state["gold"][seat]) for seat in seats}',
        'standing = {seat: (parts[seat]["total"], 0) for seat in seats}',
    ),
    Mutant(
        "no_shared_win",
        "§5 shared win, D24",
        "ranks = {seat: 1 + sum(standing[other] > standing[seat] for other in seats) for seat in seats}",
        "ranks = {seat: 1 + sum(standing[other] >= standing[seat] for other in seats if other < seat) "
        "+ sum(standing[other] > standing[seat] for other in seats if other > seat) for seat in seats}",
    ),
    Mutant(
        "timeout_chooses_highest",
        "§4.6.1, D26",
        'lowest = min(e["tile"] for e in state["display"] if e["seat"] is None)',
        'lowest = max(e["tile"] for e in state["display"] if e["seat"] is None)',
    ),
    Mutant(
        "timeout_places_last",
        "§4.6.2, D26",
        'state["config"]["terrain_matching"])[0]\n        events += place_tile',
        'state["config"]["terrain_matching"])[-1]\n        events += place_tile',
    ),
    Mutant(
        "game_one_round_short",
        "§4.5.3, D10",
        'if state["round"] == state["config"]["rounds"]:',
        'if state["round"] == state["config"]["rounds"] - 1:',
    ),
    Mutant(
        "discarded_tile_picks_last",
        "§4.3.2 order counts discarded tiles too, D6",
        'state["discards"][seat] += 1',
        'state["discards"][seat] += 1\n    state["last_chosen"][seat] = 99',
    ),
    Mutant(
        "castle_exemption_dropped",
        "§4.1 terrain_matching castle clause, D12",
        "        NEXT_TO_CASTLE[ia]\n        or NEXT_TO_CASTLE[ib]\n        or touches_terrain",
        "        touches_terrain",
        file="state.py",
    ),
    Mutant(
        "unplaceable_ignores_terrain_matching",
        "§4.4 choose_tile discard, D22",
        'if can_place(state["boards"][seat], tile, state["config"]["terrain_matching"]):',
        'if can_place(state["boards"][seat], tile, False):',
    ),
    Mutant(
        "shared_rank_listed_by_seat_descending",
        "§5 result ranking of tied seats",
        "ranking = sorted(seats, key=lambda seat: (ranks[seat], seat))",
        "ranking = sorted(seats, key=lambda seat: (ranks[seat], -seat))",
    ),
    Mutant(
        "discarded_tile_pays_gold",
        "§4.4 choose_tile: a discarded tile pays no gold, D15",
        'state["discards"][seat] += 1',
        'state["discards"][seat] += 1\n    state["gold"][seat] += gold_income(state["boards"][seat], tile)',
    ),
]
