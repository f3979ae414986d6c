"""The Jekyll vs. Hyde engine: exchange, tricks, potion effects, spread of evil (rules §3–§5)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any, cast

from ...engine.contract import PRIVATE_TO, Action, Engine, Event, State
from ...engine.errors import IllegalAction
from .actions import ACTIONS
from .components import (
    CARD_COUNT,
    COLORS,
    EFFECT_BY_COLOR,
    HAND_SIZE,
    JEKYLL_SIDE_LAST,
    ROUNDS,
    SEATS,
    TRACK_END,
    TRICKS_PER_ROUND,
    color,
    is_potion,
    strength,
    value,
)
from .state import DEFAULT_CONFIG, TIMEOUT_KEYS, check_config, config_options, copy_for_change, parse_action, turn
from .view import public_action, view

SIMULTANEOUS = {"exchange": "exchange_pending", "greed": "greed_pending"}


# -- reading the state ------------------------------------------------------------------------


def greed_count(state: State) -> int:
    """g = min(greed_exchange_count, hand size) (§4.3)."""
    return cast("int", min(state["config"]["greed_exchange_count"], min(len(hand) for hand in state["hands"])))


def round_leader(state: State) -> int:
    """Round 1: Jekyll; later rounds: Jekyll while the marker is on Jekyll's side (D8)."""
    roles = state["roles"]
    if state["round"] == 1 or state["marker"] <= JEKYLL_SIDE_LAST:
        return cast("int", roles["jekyll"])
    return cast("int", roles["hyde"])


def legal_follows(state: State, seat: int) -> list[int]:
    """The cards `seat` may follow with (D13: a named colour forbids potions, a played one does not)."""
    hand = state["hands"][seat]
    lead = state["trick"][0]
    if is_potion(lead["card"]):
        same = [card for card in hand if color(card) == lead["named_color"]]
        return same or list(hand)
    led = color(lead["card"])
    if any(color(card) == led for card in hand):
        return [card for card in hand if color(card) == led or is_potion(card)]
    return list(hand)


def potion_rule_met(state: State, seat: int, cards: Sequence[int]) -> bool:
    """D11: a seat dealt two or more potions must give at least one."""
    return state["dealt_potions"][seat] < 2 or any(is_potion(card) for card in cards)


# -- timers -----------------------------------------------------------------------------------


def deadline(state: State, now_ms: int, timeout_key: str) -> int | None:
    """now + the step's timeout, or None when timers are off (§4.6)."""
    if not state["config"]["timers_enabled"]:
        return None
    return cast("int | None", now_ms + state["config"][timeout_key] * 1000)


def auto_action(state: State, seat: int) -> Action:
    """The deterministic action a timeout plays for `seat` (§4.6)."""
    hand = sorted(state["hands"][seat])
    phase = state["phase"]
    if phase == "exchange":
        chosen = []
        if state["dealt_potions"][seat] >= 2:
            chosen.append(min(card for card in hand if is_potion(card)))
        chosen += [card for card in hand if card not in chosen][: state["round"] - len(chosen)]
        return {"type": "exchange_cards", "cards": chosen}
    if phase == "lead":
        return {"type": "play_card", "card": hand[0], "named_color": "purple" if is_potion(hand[0]) else None}
    if phase == "follow":
        return {"type": "play_card", "card": min(legal_follows(state, seat)), "named_color": None}
    return {"type": "greed_give", "cards": hand[: greed_count(state)]}


# -- opening steps ----------------------------------------------------------------------------


def close_step(state: State) -> None:
    """A decision point closed: actions stamped with the old step are now stale."""
    state["step"] = state.get("step", 0) + 1


def open_lead(state: State, now_ms: int) -> None:
    """Phase `lead` for the current leader, with its play timer."""
    state["phase"] = "lead"
    state["deadlines"] = [None, None]
    state["deadlines"][state["leader"]] = deadline(state, now_ms, "play_timeout_s")
    close_step(state)


def open_simultaneous(state: State, phase: str, now_ms: int, timeout_key: str) -> None:
    """Phase `exchange` or `greed`: both seats owe one secret submission."""
    state["phase"] = phase
    state[SIMULTANEOUS[phase]] = [None, None]
    state["deadlines"] = [deadline(state, now_ms, timeout_key)] * 2
    close_step(state)


def table_rng(draws: dict[str, Any]) -> random.Random:
    """The table's random.Random(seed), replayed past the draws already made (§3)."""
    rng = random.Random(draws["seed"])
    if draws["role_draw"]:
        rng.randrange(2)
    for _ in range(draws["shuffles"]):
        rng.shuffle(list(range(CARD_COUNT)))
    return rng


def next_shuffle(draws: dict[str, Any]) -> list[int]:
    """The stream's next shuffle of all 25 cards; only the seed and a count stay in the state."""
    deck = list(range(CARD_COUNT))
    table_rng(draws).shuffle(deck)
    draws["shuffles"] += 1
    return deck


def deal_round(state: State, now_ms: int) -> list[Event]:
    """§3.3: one shuffle of all 25 cards per round from the table RNG (D15), then `exchange`."""
    deck = next_shuffle(state["rng"])
    jekyll, hyde = state["roles"]["jekyll"], state["roles"]["hyde"]
    state["hands"] = [[], []]
    state["hands"][jekyll] = sorted(deck[0:HAND_SIZE])
    state["hands"][hyde] = sorted(deck[HAND_SIZE : 2 * HAND_SIZE])
    state["set_aside"] = sorted(deck[2 * HAND_SIZE :])
    state["dealt_potions"] = [sum(is_potion(card) for card in hand) for hand in state["hands"]]
    state.update(
        trick_no=1,
        trick=[],
        ranking=[],
        won=[[], []],
        history=[],
        last_trick=None,
        greed_pending=[None, None],
        received=[None, None],
    )
    state["leader"] = round_leader(state)
    open_simultaneous(state, "exchange", now_ms, "exchange_timeout_s")
    return [{"type": "round_started", "round": state["round"], "leader": state["leader"]}]


def start_game(state: State, jekyll: int, now_ms: int) -> list[Event]:
    """Roles, marker 0, round 1 and its deal (§3; game 2 of a return match too)."""
    state["roles"] = {"jekyll": jekyll, "hyde": 1 - jekyll}
    state.update(marker=0, round=1, result=None)
    return deal_round(state, now_ms)


# -- exchange and greed -----------------------------------------------------------------------


def check_submission(state: State, seat: int, cards: list[int], phase: str, count: int) -> None:
    """The shared checks of `exchange_cards` and `greed_give`, in the §4.3 order."""
    if state["phase"] != phase:
        raise IllegalAction("wrong_phase", f"expected phase {phase}, but the game is in {state['phase']}")
    if seat not in SEATS:
        raise IllegalAction("not_your_turn", f"seat {seat} does not play this game")
    if state[SIMULTANEOUS[phase]][seat] is not None:
        raise IllegalAction("already_submitted", "your cards for this step are already chosen")
    if len(cards) != count:
        raise IllegalAction("wrong_count", f"expected {count} card(s), but got {len(cards)}")
    if len(set(cards)) != len(cards):
        raise IllegalAction("duplicate_cards", "each card may be given once")
    if not set(cards) <= set(state["hands"][seat]):
        raise IllegalAction("card_not_in_hand", "you can only give cards from your hand")


def swap_cards(state: State, pending_key: str) -> list[Event]:
    """Both submissions change hands at once; each seat privately learns what it got (D12)."""
    pending = state[pending_key]
    hands = state["hands"]
    for seat in SEATS:
        hands[seat] = [card for card in hands[seat] if card not in pending[seat]]
    for seat in SEATS:
        hands[seat] = sorted(hands[seat] + pending[1 - seat])
        state["received"][seat] = sorted(pending[1 - seat])
    return [
        {"type": "cards_received", "seat": seat, "cards": state["received"][seat], PRIVATE_TO: [seat]} for seat in SEATS
    ]


def submit(state: State, seat: int, cards: list[int], phase: str) -> list[Event]:
    """Record one seat's hidden submission and stop its timer."""
    state[SIMULTANEOUS[phase]][seat] = list(cards)
    state["deadlines"][seat] = None
    kind = "exchange_submitted" if phase == "exchange" else "greed_submitted"
    return [{"type": kind, "seat": seat}]


def exchange_cards(state: State, seat: int, cards: list[int], now_ms: int) -> list[Event]:
    """§4.3 exchange_cards: `round` cards, secret, swapped once both are in."""
    check_submission(state, seat, cards, "exchange", state["round"])
    if not potion_rule_met(state, seat, cards):
        raise IllegalAction("potion_required", "you were dealt 2 or more potions: give at least one")
    events = submit(state, seat, cards, "exchange")
    if None in state["exchange_pending"]:
        return events  # the other seat's submission is still awaited; the step stays
    events += swap_cards(state, "exchange_pending")
    events.append({"type": "cards_exchanged", "count": state["round"]})
    state["trick_no"] = 1
    state["leader"] = round_leader(state)
    open_lead(state, now_ms)
    return events


def greed_give(state: State, seat: int, cards: list[int], now_ms: int) -> list[Event]:
    """§4.3 greed_give: g cards each, swapped once both are in; the trick's winner leads."""
    count = greed_count(state)
    check_submission(state, seat, cards, "greed", count)
    events = submit(state, seat, cards, "greed")
    if None in state["greed_pending"]:
        return events
    events += swap_cards(state, "greed_pending")
    events.append({"type": "greed_exchanged", "count": count})
    open_lead(state, now_ms)
    return events


# -- playing a card ---------------------------------------------------------------------------


def check_play(state: State, seat: int, card: int, named: str | None) -> None:
    """The play_card checks in the §4.3 order."""
    if state["phase"] not in ("lead", "follow"):
        raise IllegalAction("wrong_phase", f"no card is played in phase {state['phase']}")
    if seat != turn(state):
        raise IllegalAction("not_your_turn", f"it is seat {turn(state)}'s turn")
    if card not in state["hands"][seat]:
        raise IllegalAction("card_not_in_hand", f"card {card} is not in your hand")
    if state["phase"] == "lead" and is_potion(card):
        if named is None:
            raise IllegalAction("color_required", "a potion lead names purple, red or green")
        if named not in COLORS:
            raise IllegalAction("invalid_color", f"expected purple, red or green, but got {named!r}")
    elif named is not None:
        raise IllegalAction("color_not_allowed", "only a leading potion names a colour")
    if state["phase"] == "follow" and card not in legal_follows(state, seat):
        raise IllegalAction("must_follow", "you must follow the led colour")


def rank_color(state: State, card: int) -> list[Event]:
    """D9/D10: an evil card's colour is ranked when first played; the 2nd ranks the 3rd too."""
    ranking = state["ranking"]
    if is_potion(card) or color(card) in ranking:
        return []
    ranking.append(color(card))
    if len(ranking) == 2:
        ranking.append(next(c for c in COLORS if c not in ranking))
    added = ranking[ranking.index(color(card)) :]
    return [{"type": "color_ranked", "color": c, "rank": ranking.index(c)} for c in added]


def play_card(state: State, seat: int, card: int, named: str | None, now_ms: int) -> list[Event]:
    """§4.3 play_card: the lead opens `follow`; the follow resolves the trick."""
    check_play(state, seat, card, named)
    state["hands"][seat].remove(card)
    state["trick"].append({"seat": seat, "card": card, "named_color": named})
    events = [{"type": "card_played", "seat": seat, "card": card, "named_color": named}]
    events += rank_color(state, card)
    if state["phase"] == "lead":
        state["phase"] = "follow"
        state["deadlines"] = [None, None]
        state["deadlines"][1 - seat] = deadline(state, now_ms, "play_timeout_s")
        close_step(state)
        return events
    return events + resolve_trick(state, now_ms)


# -- trick resolution (§4.4) ------------------------------------------------------------------


def trick_winner(ranking: list[str], lead: dict[str, Any], follow: dict[str, Any]) -> int:
    """§4.4.1–2: same colour by value, else by colour rank; with a potion by strength."""
    high, low = lead["card"], follow["card"]
    if is_potion(high) or is_potion(low):
        beats = strength(high) > strength(low)
    elif color(high) == color(low):
        beats = value(high) > value(low)
    else:
        beats = ranking.index(cast("str", color(high))) > ranking.index(cast("str", color(low)))
    return cast("int", lead["seat"] if beats else follow["seat"])


def potion_effect(lead_card: int, follow_card: int) -> str | None:
    """The effect is set by the non-potion card's colour (D13); none without or with two potions."""
    potions = [card for card in (lead_card, follow_card) if is_potion(card)]
    if len(potions) != 1:
        return None
    other = follow_card if is_potion(lead_card) else lead_card
    return EFFECT_BY_COLOR[cast("str", color(other))]  # not a potion: it has a colour


def apply_effect(state: State, effect: str | None, winner: int) -> list[Event]:
    """§4.4.4: Pride steals, Wrath resets the ranking, Greed opens a swap (not on trick 10)."""
    loser = 1 - winner
    if effect == "pride" and state["won"][loser]:
        # D4: the loser's most recently gained trick; which one has no game effect.
        state["won"][winner].append(state["won"][loser].pop())
        return [{"type": "trick_stolen", "from": loser, "to": winner}]
    if effect == "wrath":
        state["ranking"] = []
        return [{"type": "ranking_reset"}]
    if effect == "greed" and state["trick_no"] < TRICKS_PER_ROUND:
        return [{"type": "greed_triggered"}]
    return []


def resolve_trick(state: State, now_ms: int) -> list[Event]:
    """Award the trick, apply its effect, then lead, greed or the round's end."""
    lead, follow = state["trick"]
    winner = trick_winner(state["ranking"], lead, follow)
    effect = potion_effect(lead["card"], follow["card"])
    state["won"][winner].append([lead["card"], follow["card"]])
    state["last_trick"] = {
        "lead": lead["card"],
        "follow": follow["card"],
        "winner": winner,
        "effect": effect,
        "leader": lead["seat"],
        "named_color": lead["named_color"],
    }
    state["history"].append(dict(state["last_trick"]))
    events = [{"type": "trick_won", "seat": winner, "lead": lead["card"], "follow": follow["card"], "effect": effect}]
    events += apply_effect(state, effect, winner)
    state["trick"] = []
    state["leader"] = winner
    if state["trick_no"] == TRICKS_PER_ROUND:
        return events + end_round(state, now_ms)
    state["trick_no"] += 1
    if effect == "greed":
        open_simultaneous(state, "greed", now_ms, "greed_timeout_s")
    else:
        open_lead(state, now_ms)
    return events


# -- round, game and match end (§4.5, §5) -----------------------------------------------------


def end_round(state: State, now_ms: int) -> list[Event]:
    """Spread of evil: the marker moves toward Hyde by the trick difference, clamped (D14)."""
    roles = state["roles"]
    tricks = {role: len(state["won"][roles[role]]) for role in ("jekyll", "hyde")}
    diff = abs(tricks["jekyll"] - tricks["hyde"])
    state["marker"] = min(TRACK_END, state["marker"] + diff)
    events = [
        {"type": "evil_spread", "round": state["round"], "tricks": tricks, "diff": diff, "marker": state["marker"]}
    ]
    if state["marker"] == TRACK_END:
        return events + end_game(state, roles["hyde"], "marker_reached_end", now_ms)
    if state["round"] == ROUNDS:
        return events + end_game(state, roles["jekyll"], "jekyll_survived", now_ms)
    state["round"] += 1
    return events + deal_round(state, now_ms)


def game_result(state: State, winner: int, reason: str) -> dict[str, Any]:
    """The §4.5 result of one game."""
    loser = 1 - winner
    return {
        "winners": [winner],
        "scores": {str(winner): 1, str(loser): 0},
        "ranking": [winner, loser],
        "winner_seat": winner,
        "winner_role": "jekyll" if winner == state["roles"]["jekyll"] else "hyde",
        "reason": reason,
        "marker": state["marker"],
        "rounds_played": state["round"],
    }


def end_game(state: State, winner: int, reason: str, now_ms: int) -> list[Event]:
    """A single game ends; in a return match game 1 hands over to game 2 at once (§5.2)."""
    result = game_result(state, winner, reason)
    match = state["match"]
    hyde = state["roles"]["hyde"]
    match["hyde_score"][hyde] = state["marker"]
    match["hyde_rounds"][hyde] = state["round"]
    match["games"].append(result)
    events = [{"type": "game_over", "game_index": match["game_index"], "result": result}]
    state["deadlines"] = [None, None]
    if state["config"]["match_mode"] == "single":
        state.update(phase="game_over", result=result)
        close_step(state)
        return events
    if match["game_index"] == 1:
        match["game_index"] = 2
        events.append({"type": "game_started", "game_index": 2})
        return events + start_game(state, jekyll=hyde, now_ms=now_ms)
    state.update(phase="match_over", result=match_result(match))
    close_step(state)
    return events + [{"type": "match_over", "result": state["result"]}]


def match_winner(scores: list[int], rounds: list[int]) -> int | None:
    """§5.2 / D18: higher Hyde score, then fewer rounds, else a draw (None)."""
    if scores[0] != scores[1]:
        return 0 if scores[0] > scores[1] else 1
    if rounds[0] != rounds[1]:
        return 0 if rounds[0] < rounds[1] else 1
    return None


def match_result(match: dict[str, Any]) -> dict[str, Any]:
    """The §5.2 result of a return match."""
    scores, rounds = match["hyde_score"], match["hyde_rounds"]
    winner = match_winner(scores, rounds)
    placing = [0, 1] if winner is None else [winner, 1 - winner]
    by_seat = {str(seat): scores[seat] for seat in SEATS}
    return {
        "winners": placing if winner is None else [winner],
        "scores": by_seat,
        "ranking": placing,
        "winner_seat": winner,
        "hyde_score": dict(by_seat),
        "hyde_rounds": {str(seat): rounds[seat] for seat in SEATS},
        "games": [dict(game) for game in match["games"]],
    }


# -- the engine -------------------------------------------------------------------------------


class JekyllVsHydeEngine(Engine):
    """Jekyll vs. Hyde for exactly two seats."""

    slug = "jekyll-vs-hyde"
    turn_keys = TIMEOUT_KEYS  # a daily room sets them to its turn (hub/pace.py)
    daily_config = {"timers_enabled": True}
    actions = ACTIONS
    title = "Jekyll vs. Hyde"
    min_players = 2
    max_players = 2

    def default_config(self) -> dict[str, Any]:
        return dict(DEFAULT_CONFIG)

    def copy_state(self, state: State) -> State:
        return copy_for_change(state)

    def _check_config(self, config: dict[str, Any]) -> None:
        check_config(config)

    def config_options(self) -> dict[str, dict[str, Any]]:
        """§6 for the lobby's form; the timeouts are seconds and matter only with timers on (§4.6)."""
        options = config_options()
        for key in TIMEOUT_KEYS:
            options[key].update(unit="s", when={"timers_enabled": [True]})
        return options

    def _setup(
        self, players: int, seed: int, config: dict[str, Any], now_ms: int, previous_result: dict[str, Any] | None
    ) -> State:
        # §3.1: the table's first draw, only when the seat is random.
        role_draw = config["jekyll_seat"] == "random"
        jekyll = random.Random(seed).randrange(2) if role_draw else config["jekyll_seat"]
        draws = {"seed": seed, "role_draw": role_draw, "shuffles": 0}
        state = {
            "config": dict(config),
            "rng": draws,
            "step": 0,
            "match": {"game_index": 1, "hyde_score": [None, None], "hyde_rounds": [None, None], "games": []},
        }
        start_game(state, jekyll, now_ms)
        state["step"] = 0
        return state

    def apply(self, state: State, seat: int, action: Action, now_ms: int) -> tuple[State, list[Event]]:
        """§4.6: an action stamped at or after its seat's own pending deadline was sent for the
        step that deadline closes (whose auto-action is applied first), so it gets `wrong_phase`.
        It must never land on the next step, say as the next lead. (With a `step`, the base's
        stale-step check refuses it.)"""
        own = None
        if isinstance(seat, int) and 0 <= seat < 2 and state["config"]["timers_enabled"]:
            own = state["deadlines"][seat]
        stepless = isinstance(action, dict) and isinstance(action.get("type"), str) and action.get("step") is None
        if own is not None and now_ms >= own and stepless:
            parse_action(action)  # a malformed action is `unknown_action` first (§4's order)
            raise IllegalAction("wrong_phase", "this action arrived after its step had timed out")
        return super().apply(state, seat, action, now_ms)

    def _apply(self, state: State, seat: int, action: Action, now_ms: int) -> list[Event]:
        action = parse_action(action)
        if action["type"] == "play_card":
            return play_card(state, seat, action["card"], action["named_color"], now_ms)
        if action["type"] == "exchange_cards":
            return exchange_cards(state, seat, action["cards"], now_ms)
        return greed_give(state, seat, action["cards"], now_ms)

    def next_deadline(self, state: State) -> int | None:
        if not state["config"]["timers_enabled"]:
            return None
        pending = [due for due in state["deadlines"] if due is not None]
        return min(pending) if pending else None

    def _fire(self, state: State, due_ms: int) -> list[Event]:
        seat = state["deadlines"].index(due_ms)
        events = [{"type": "timeout", "seat": seat}]
        return events + self._apply(state, seat, auto_action(state, seat), due_ms)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        phase = state["phase"]
        if seat not in SEATS:
            return []
        if phase in ("lead", "follow"):
            return self._legal_plays(state, seat) if seat == turn(state) else []
        if phase not in SIMULTANEOUS or state[SIMULTANEOUS[phase]][seat] is not None:
            return []
        return self._legal_submissions(state, seat)

    @staticmethod
    def _legal_submissions(state: State, seat: int) -> list[Action]:
        """Each valid card set once, ids ascending (exchange keeps the D11 potion obligation)."""
        hand = sorted(state["hands"][seat])
        if state["phase"] == "greed":
            return [{"type": "greed_give", "cards": list(cards)} for cards in combinations(hand, greed_count(state))]
        return [
            {"type": "exchange_cards", "cards": list(cards)}
            for cards in combinations(hand, state["round"])
            if potion_rule_met(state, seat, cards)
        ]

    @staticmethod
    def _legal_plays(state: State, seat: int) -> list[Action]:
        """Each playable card once, a leading potion once per colour."""
        if state["phase"] == "follow":
            return [
                {"type": "play_card", "card": card, "named_color": None} for card in sorted(legal_follows(state, seat))
            ]
        return [
            {"type": "play_card", "card": card, "named_color": named}
            for card in sorted(state["hands"][seat])
            for named in (COLORS if is_potion(card) else (None,))
        ]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def result(self, state: State) -> dict[str, Any] | None:
        return cast("dict[str, Any] | None", state["result"])

    def public_action(self, seat: int | None, action: Action) -> Action:
        return public_action(seat, action)


ENGINE = JekyllVsHydeEngine()
