"""Rule-level mutants of Camel Up Cards (rules: /work/shared/rules/camel-up-cards.md; table:
docs/rules-pinned/camel-up-cards.md). Each breaks one rule that decides an order, a move or a payout."""

from __future__ import annotations

from . import Mutant

QUEUE_KEY = 'key=lambda play: (PRIORITY[play["card"]], (play["seat"] - lead) % count)'

MUTANTS = [
    Mutant(
        "priority_descending",
        "§4.2.1, D6",
        QUEUE_KEY,
        'key=lambda play: (-PRIORITY[play["card"]], (play["seat"] - lead) % count)',
    ),
    Mutant("tie_by_seat_number", "§4.2.2, D6", QUEUE_KEY, 'key=lambda play: (PRIORITY[play["card"]], play["seat"])'),
    Mutant(
        "tie_anticlockwise",
        "§4.2.2, D6",
        QUEUE_KEY,
        'key=lambda play: (PRIORITY[play["card"]], (lead - play["seat"]) % count)',
    ),
    Mutant(
        "lead_resets_each_race",
        "§4 lead, D6, §5.4",
        'return cast("int", state["global_trick"] % seat_count(state))',
        'return cast("int", (state["trick_in_race"] - 1) % seat_count(state))',
    ),
    Mutant(
        "deal_from_seat_zero",
        "§3 per-race deal",
        "order = seats_from(lead_seat(state), count)",
        "order = seats_from(0, count)",
    ),
    Mutant(
        "refill_from_seat_zero",
        "§4.5.4, D16",
        "for seat in seats_from(lead_seat(state), len(hands)):",
        "for seat in seats_from(0, len(hands)):",
    ),
    Mutant("mirage_does_nothing", "§4.4 mirage, D5", "        queue.reverse()\n", "        pass\n"),
    Mutant(
        "race_does_not_stop_at_finish", "§4.2, §4.3 finish, D15", "while queue and not finished(state):", "while queue:"
    ),
    Mutant("column_holds_four", "§4.4 fizzle, D7, D8", "if slot > COLUMN_SLOTS:", "if slot > COLUMN_SLOTS + 1:"),
    Mutant(
        "hedging_allowed",
        "§4.1 (a), D9",
        'if token["seat"] == seat:\n            mine.add',
        'if token["seat"] == seat and token["kind"] == card_kind:\n            mine.add',
    ),
    Mutant(
        "timeout_highest_card",
        "§4.1 timeout, D24",
        'commit(state, seat, min(state["hands"][seat]), None, auto=True)',
        'commit(state, seat, max(state["hands"][seat]), None, auto=True)',
    ),
    Mutant(
        "timeout_bet_gets_target",
        "§4.1 timeout, D24",
        'commit(state, seat, min(state["hands"][seat]), None, auto=True)',
        'commit(state, seat, min(state["hands"][seat]), '
        'legal_camels(state, seat, min(state["hands"][seat]))[0], auto=True)',
    ),
    Mutant(
        "no_carry",
        "§4.3 unit, D13",
        "unit, stacks[space - 1] = stack[height:], stack[:height]",
        "unit, stacks[space - 1] = [camel], stack[:height] + stack[height + 1 :]",
    ),
    Mutant(
        "forward_lands_underneath",
        "§4.3 placement, D13",
        "stacks[target - 1] = landing + unit  # forward",
        "stacks[target - 1] = (unit + landing if delta > 0 else landing + unit)  # forward",
    ),
    Mutant(
        "backward_lands_underneath",
        "§4.3 placement, D13",
        'if delta < 0 and config["stack_leader"] == "top":',
        "if delta < 0:",
    ),
    Mutant(
        "lost_camel_on_space_one_reorders",
        "§4.3 destination, D25",
        "if target == space:\n        return None",
        "if target == space and False:\n        return None",
    ),
    Mutant(
        "lost_camel_and_tailwind_swapped",
        "§4.4 lost_camel/tailwind, D5",
        "-1 if card_kind == LOST_CAMEL else 1",
        "1 if card_kind == LOST_CAMEL else -1",
    ),
    Mutant(
        "standings_top_leads",
        "§2 standings, D12",
        'order += stack if stack_leader == "bottom" else stack[::-1]',
        'order += stack[::-1] if stack_leader == "bottom" else stack',
        file="components.py",
    ),
    Mutant(
        "winner_pays_first_slot",
        "§5.2 WIN, D10",
        'return WIN[place][token["slot"] - 1] - (penalty',
        "return WIN[place][0] - (penalty",
    ),
    Mutant(
        "loser_pays_fourth_too",
        "§5.2 LOSE, D11",
        'return LOSE[token["slot"] - 1] if place == len(CAMELS) else -penalty',
        'return LOSE[token["slot"] - 1] if place >= len(CAMELS) - 1 else -penalty',
    ),
    Mutant(
        "penalty_on_third_place",
        "§5.2 wrong_bet_penalty, §6",
        "(penalty if place >= 4 else 0)",
        "(penalty if place >= 3 else 0)",
    ),
    Mutant(
        "loser_penalty_skipped",
        "§5.2 wrong_bet_penalty, §6",
        "if place == len(CAMELS) else -penalty",
        "if place == len(CAMELS) else 0",
    ),
    Mutant(
        "coins_go_negative",
        "§5.3, §2 coins",
        'coins = max(0, player["coins"] + amount)',
        'coins = player["coins"] + amount',
    ),
    Mutant(
        "blocked_penalty_is_an_event",
        "§5.3, D22",
        'if coins == player["coins"]:\n        return []',
        "if amount == 0:\n        return []",
    ),
    Mutant(
        "paid_by_seat_not_seq",
        "§5.2 placement order, D22",
        'sorted(state["bets"], key=lambda token: token["seq"])',
        'sorted(state["bets"], key=lambda token: (token["seat"], token["seq"]))',
    ),
    Mutant(
        "tie_break_latest_wins",
        "§5 game end tie-break, D22",
        'return -players[seat]["coins"], players[seat]["last_change"]',
        'return -players[seat]["coins"], -players[seat]["last_change"]',
    ),
    Mutant(
        "no_shared_place",
        "§5 shared place",
        "ranks = {str(seat): 1 + sum(key(other) < key(seat) for other in order) for seat in order}",
        "ranks = {str(seat): 1 + order.index(seat) for seat in order}",
    ),
    Mutant(
        "trick_cap_one_early",
        "§4.5.3, D17",
        'if state["trick_in_race"] > state["config"]["max_tricks_per_race"]:',
        'if state["trick_in_race"] >= state["config"]["max_tricks_per_race"]:',
    ),
    Mutant(
        "last_race_not_played",
        "§5.4, D21",
        'if state["race"] < state["config"]["races"]:',
        'if state["race"] < state["config"]["races"] - 1:',
    ),
    Mutant(
        "shared_place_listed_by_seat_descending",
        "§5 result ranking of shared places",
        "order = sorted(range(len(players)), key=lambda seat: (key(seat), seat))",
        "order = sorted(range(len(players)), key=lambda seat: (key(seat), -seat))",
    ),
    Mutant(
        "trick_cap_race_pays_nothing",
        "§4.5.3 trick_limit is scored normally, D17",
        'return end_race(state, "trick_limit", now_ms)  # D17',
        'state["bets"] = []\n        return end_race(state, "trick_limit", now_ms)  # D17',
    ),
    Mutant(
        "bet_on_full_column_allowed",
        "§4.1 (b), D8",
        "column.count(camel) < COLUMN_SLOTS]",
        "column.count(camel) <= COLUMN_SLOTS]",
    ),
    Mutant(
        "timed_out_move_is_blank",
        "§4.1 timeout, D24",
        "    if card_kind == MOVE:\n",
        '    if card_kind == MOVE and not play["auto"]:\n',
    ),
    Mutant(
        "coin_events_counted_per_race",
        "§5.4 carry-over, D22",
        "state.update(bets=[], race_bet_seq=0, discard_pile=[], trick_in_race=1, last_trick=None)",
        "state.update(bets=[], race_bet_seq=0, discard_pile=[], trick_in_race=1, last_trick=None)\n"
        '    state["coin_event_seq"] = 0',
    ),
    Mutant(
        "dice_counted_per_race",
        "§2 die roll n is game-wide, §5.4, D19",
        "state.update(bets=[], race_bet_seq=0, discard_pile=[], trick_in_race=1, last_trick=None)",
        "state.update(bets=[], race_bet_seq=0, discard_pile=[], trick_in_race=1, last_trick=None)\n"
        '    state["die_counter"] = 0',
    ),
    Mutant(
        "third_place_pays_second_slot",
        "§5.2 WIN[3], D10",
        "3: (1, 0, 0)",
        "3: (1, 1, 0)",
        file="components.py",
    ),
]
