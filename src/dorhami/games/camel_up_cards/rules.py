"""The Camel Up Cards engine: secret picks, reveal by priority, camel moves, bets and payouts (§3–§5)."""

from __future__ import annotations

from typing import Any, cast

from ...engine.contract import PRIVATE_TO, Action, Engine, Event, State
from ...engine.errors import IllegalAction
from .actions import ACTIONS
from .components import (
    BET_KINDS,
    BET_WINNER,
    CAMELS,
    CARD_COUNT,
    COLUMN_SLOTS,
    HAND_SIZE,
    KIND,
    LOSE,
    LOST_CAMEL,
    MIRAGE,
    MOVE,
    PRESETS,
    PRIORITY,
    START_COINS,
    START_SPACE,
    TAILWIND,
    WIN,
    die_roll,
    printed_camel,
    random_start_stack,
    shuffled,
    standings,
)
from .state import (
    CONFIG_OPTIONS,
    DEFAULT_CONFIG,
    PLAYER_RANGE,
    check_config,
    copy_for_change,
    copy_trick,
    own_trick_lists,
    parse_action,
)
from .view import public_action, view

# -- reading the state ------------------------------------------------------------------------


def seat_count(state: State) -> int:
    """N, the number of seats."""
    return len(state["hands"])


def lead_seat(state: State) -> int:
    """lead = global_trick mod N (§4; D6: the lead moves one seat every trick, across races)."""
    return cast("int", state["global_trick"] % seat_count(state))


def seats_from(first: int, count: int) -> list[int]:
    """Every seat once, clockwise (ascending, wrapping) from `first`."""
    return [(first + offset) % count for offset in range(count)]


def locate(stacks: list[list[str]], camel: str) -> tuple[int, int]:
    """(space, height) of `camel`; height 0 is the bottom of its stack."""
    for index, stack in enumerate(stacks):
        if camel in stack:
            return index + 1, stack.index(camel)
    raise ValueError(f"camel {camel!r} is not on the track")


def race_standings(state: State) -> list[str]:
    """The current race order, first to last (§2)."""
    return standings(state["stacks"], state["config"]["stack_leader"])


def finished(state: State) -> bool:
    """A camel stands on space L: the race has ended (§4.3 Finish)."""
    return bool(state["stacks"][-1])


def column_size(bets: list[dict[str, Any]], card_kind: str, camel: str) -> int:
    """Tokens in the (kind, camel) column."""
    return sum(1 for token in bets if token["camel"] == camel and token["kind"] == card_kind)


def bet_targets(state: State, seat: int, card_kind: str) -> list[str]:
    """§4.1 (a)+(b): camels the seat has no token on this race (D9) whose column has room now."""
    mine, column = set(), []  # one pass: every legal-action list and every bet card checks this
    for token in state["bets"]:
        if token["seat"] == seat:
            mine.add(token["camel"])
        if token["kind"] == card_kind:
            column.append(token["camel"])
    return [camel for camel in CAMELS if camel not in mine and column.count(camel) < COLUMN_SLOTS]


def legal_camels(state: State, seat: int, card: int) -> list[str | None]:
    """Every `camel` value play_card accepts with `card` (null only for a blank bet)."""
    card_kind = KIND[card]
    if card_kind in (MOVE, MIRAGE):
        return [None]
    if card_kind in (LOST_CAMEL, TAILWIND):
        return list(CAMELS)
    return cast("list[str | None]", bet_targets(state, seat, card_kind) or [None])


# -- opening a trick and a race ---------------------------------------------------------------


def close_step(state: State) -> None:
    """A decision point closed: actions stamped with the old step are now stale."""
    state["step"] = state.get("step", 0) + 1


def open_select(state: State, now_ms: int) -> None:
    """Phase `select` with every seat uncommitted and deadline = now + turn_timer_s (§4.1)."""
    state["phase"] = "select"
    state["committed"] = [None] * seat_count(state)
    state["deadline"] = now_ms + state["config"]["turn_timer_s"] * 1000
    close_step(state)


def hand_events(seat: int, cards: list[int]) -> list[Event]:
    """hand_dealt with the count for everyone, and the card ids for the seat alone (§4.6)."""
    return [
        {"type": "hand_dealt", "seat": seat, "count": len(cards)},
        {"type": "cards_drawn", "seat": seat, "cards": list(cards), PRIVATE_TO: [seat]},
    ]


def start_race(state: State, now_ms: int) -> list[Event]:
    """§3 per-race setup: start stack, empty columns, shuffle k = 0, deal 5 rounds from the lead."""
    race, config = state["race"], state["config"]
    start = random_start_stack(state["seed"], race) if config["start_order"] == "random" else list(CAMELS)
    state["stacks"] = [[] for _ in range(config["track_length"])]
    state["stacks"][START_SPACE - 1] = start
    state.update(bets=[], race_bet_seq=0, discard_pile=[], trick_in_race=1, last_trick=None)
    state["draw_pile"] = shuffled(state["seed"], race, 0, list(range(CARD_COUNT)))
    count = seat_count(state)
    order = seats_from(lead_seat(state), count)
    hands: list[list[int]] = [[] for _ in range(count)]
    for _ in range(HAND_SIZE):
        for seat in order:
            hands[seat].append(state["draw_pile"].pop(0))
    state["hands"] = [sorted(hand) for hand in hands]
    events = [{"type": "race_started", "race": race, "stack": list(start)}]
    for seat in order:
        events += hand_events(seat, state["hands"][seat])
    open_select(state, now_ms)
    return events


# -- committing a card (§4.1) -----------------------------------------------------------------


def check_play(state: State, seat: int, card: int, camel: str | None) -> None:
    """The play_card checks in the §4.1 order (unknown_action was judged by parse_action)."""
    if state["phase"] != "select":
        raise IllegalAction("wrong_phase", f"no card is played in phase {state['phase']}")
    if not isinstance(seat, int) or seat not in range(seat_count(state)):
        raise IllegalAction("not_your_turn", f"seat {seat!r} does not play this game")
    if state["committed"][seat] is not None:
        raise IllegalAction("already_committed", "your card for this trick is already chosen")
    if card not in state["hands"][seat]:
        raise IllegalAction("card_not_in_hand", f"card {card} is not in your hand")
    allowed = legal_camels(state, seat, card)
    if camel not in allowed:
        shown = ", ".join("null" if choice is None else choice for choice in allowed)
        raise IllegalAction("invalid_camel", f"card {card} ({KIND[card]}) expected camel {shown}, but got {camel!r}")


def commit(state: State, seat: int, card: int, camel: str | None, auto: bool) -> None:
    """The card leaves the hand and becomes the seat's final, secret commitment."""
    hand = list(state["hands"][seat])  # replaced, not changed: states share the hands
    hand.remove(card)
    state["hands"][seat] = hand
    state["committed"][seat] = {"card": card, "camel": camel, "auto": auto}


def play_card(state: State, seat: int, card: int, camel: str | None, now_ms: int) -> list[Event]:
    """§4.1 play_card; the last commitment reveals and resolves the trick."""
    check_play(state, seat, card, camel)
    commit(state, seat, card, camel, auto=False)
    events: list[Event] = [{"type": "card_committed", "seat": seat}]
    if None in state["committed"]:
        return events  # D3: others still choose; one secret commit does not move the step
    return events + reveal(state, now_ms)


def timeout(state: State, due_ms: int) -> list[Event]:
    """§4.1 timeout() / D24: the lowest-id card for every uncommitted seat; bets and specials blank."""
    late = [seat for seat, choice in enumerate(state["committed"]) if choice is None]
    events: list[Event] = [{"type": "timeout", "seats": late}]
    for seat in late:
        commit(state, seat, min(state["hands"][seat]), None, auto=True)
        events.append({"type": "card_committed", "seat": seat, "auto": True})
    return events + reveal(state, due_ms)


# -- camel movement (§4.3) --------------------------------------------------------------------


def roll(state: State, camel: str) -> tuple[int, Event]:
    """Die roll number die_counter (§2); tests may inject results through `forced_dice`."""
    n = state["die_counter"]
    value = state["forced_dice"].pop(0) if state["forced_dice"] else die_roll(state["seed"], n)
    state["die_counter"] = n + 1
    return value, {"type": "die_rolled", "n": n, "camel": camel, "value": value}


def move_unit(state: State, camel: str, delta: int, cause: str) -> Event | None:
    """move_unit(c, delta): c with what rides on it (carry) to its destination; None if it cannot move."""
    stacks, config = state["stacks"], state["config"]
    space, height = locate(stacks, camel)
    last = config["track_length"]
    target = min(space + delta, last) if delta > 0 else max(space - 1, START_SPACE)
    if target == space:
        return None  # D25: back from space 1 — nothing happens, the stack is not reordered
    # Stacks are replaced, never changed in place: `copy_for_change` shares them between states.
    stack = stacks[space - 1]
    if config["carry"]:
        unit, stacks[space - 1] = stack[height:], stack[:height]
    else:
        unit = [camel]
        stacks[space - 1] = stack[:height] + stack[height + 1 :]  # the camels above drop one level
    landing = stacks[target - 1]
    if delta < 0 and config["stack_leader"] == "top":
        stacks[target - 1] = unit + landing  # a backward move goes to the rear, the bottom when the top leads
    else:
        stacks[target - 1] = landing + unit  # forward moves land on top; so do backward moves when the bottom leads
    return {"type": "camel_moved", "camel": camel, "unit": list(unit), "from": space, "to": target, "cause": cause}


# -- resolving a card (§4.4) ------------------------------------------------------------------


def place_bet(state: State, seat: int, card_kind: str, camel: str) -> Event:
    """A token in the next slot of the column, or a fizzle when the column filled meanwhile (D7)."""
    slot = column_size(state["bets"], card_kind, camel) + 1
    if slot > COLUMN_SLOTS:
        return {"type": "bet_fizzled", "seat": seat, "kind": card_kind, "camel": camel}
    state["race_bet_seq"] += 1
    token = {"seat": seat, "kind": card_kind, "camel": camel, "slot": slot, "seq": state["race_bet_seq"]}
    state["bets"].append(token)
    return {"type": "bet_placed", "token": dict(token)}


def resolve(state: State, play: dict[str, Any], queue: list[dict[str, Any]]) -> list[Event]:
    """The effect of one revealed card; Mirage reverses `queue` in place."""
    seat, card, camel = play["seat"], play["card"], play["camel"]
    card_kind = KIND[card]
    events: list[Event] = []
    moved = None
    if card_kind == MOVE:
        mover = cast("str", printed_camel(card))  # a move card prints its camel
        value, rolled = roll(state, mover)
        events.append(rolled)
        moved = move_unit(state, mover, value, MOVE)
    elif card_kind in BET_KINDS and camel is not None:
        return [place_bet(state, seat, card_kind, camel)]
    elif card_kind == MIRAGE and queue:
        queue.reverse()
        return [{"type": "order_reversed", "queue": [dict(entry) for entry in queue]}]
    elif card_kind in (LOST_CAMEL, TAILWIND) and camel is not None:
        moved = move_unit(state, camel, -1 if card_kind == LOST_CAMEL else 1, card_kind)
    # A blank card, a Mirage with nothing left or Lost Camel on space 1 changes nothing.
    return events + [moved or {"type": "no_effect", "seat": seat, "card": card}]


def resolution_queue(state: State) -> list[dict[str, Any]]:
    """§4.2: by printed priority, then clockwise from the lead seat; each play as the events show it."""
    count, lead = seat_count(state), lead_seat(state)
    plays = [
        {"seat": seat, "card": choice["card"], "camel": choice["camel"], "auto": choice["auto"]}
        for seat, choice in enumerate(state["committed"])
    ]
    return sorted(plays, key=lambda play: (PRIORITY[play["card"]], (play["seat"] - lead) % count))


def reveal(state: State, now_ms: int) -> list[Event]:
    """§4.2: show every commitment, resolve in queue order, stop effects at the finish."""
    own_trick_lists(state)
    queue = resolution_queue(state)
    revealed = {
        "type": "trick_revealed",
        "race": state["race"],
        "trick": state["trick_in_race"],
        "lead": lead_seat(state),
        "plays": [dict(play) for play in queue],
    }
    log: list[Event] = []
    while queue and not finished(state):
        play = queue.pop(0)
        log.append({"type": "card_resolved", **play})
        log += resolve(state, play, queue)
        state["discard_pile"].append(play["card"])
    # D15: the race ended at once; what is left goes to the discard pile without effect.
    for play in queue:
        log.append({"type": "card_unresolved", "seat": play["seat"], "card": play["card"]})
        state["discard_pile"].append(play["card"])
    # A private copy, so events handed to the caller never alias the state.
    state["last_trick"] = copy_trick(
        {
            "race": revealed["race"],
            "trick": revealed["trick"],
            "lead": revealed["lead"],
            "plays": revealed["plays"],
            "log": log,
        }
    )
    return [revealed, *log] + end_trick(state, now_ms)


# -- end of a trick (§4.5) --------------------------------------------------------------------


def end_trick(state: State, now_ms: int) -> list[Event]:
    """Clear the commitments, move the lead on, then score the race or refill and select again."""
    state["committed"] = [None] * seat_count(state)
    state["global_trick"] += 1
    state["trick_in_race"] += 1
    if finished(state):
        return end_race(state, "finish", now_ms)
    if state["trick_in_race"] > state["config"]["max_tricks_per_race"]:
        return end_race(state, "trick_limit", now_ms)  # D17
    events = refill(state)
    open_select(state, now_ms)
    return events


def draw(state: State, events: list[Event]) -> int:
    """The top card; an empty draw pile is first rebuilt from the shuffled discard pile (D16), told in `events`."""
    if not state["draw_pile"]:
        race = state["race"]
        state["reshuffles"][race - 1] += 1
        k = state["reshuffles"][race - 1]
        state["draw_pile"] = shuffled(state["seed"], race, k, state["discard_pile"])
        state["discard_pile"] = []
        events.append({"type": "deck_reshuffled", "race": race, "k": k, "size": len(state["draw_pile"])})
    return cast("int", state["draw_pile"].pop(0))


def refill(state: State) -> list[Event]:
    """Each seat draws back up to 5, one at a time from the new lead, clockwise."""
    events: list[Event] = []
    hands = state["hands"]
    for seat in seats_from(lead_seat(state), len(hands)):
        drawn = [draw(state, events) for _ in range(HAND_SIZE - len(hands[seat]))]
        hands[seat] = sorted(hands[seat] + drawn)  # replaced, not changed: states share the hands
        if drawn:
            events += hand_events(seat, drawn)
    return events


# -- race scoring and game end (§5) -----------------------------------------------------------


def token_amount(token: dict[str, Any], place: int, penalty: int) -> int:
    """WIN[p][slot] or LOSE[slot] (last camel only), minus 1 per wrong bet in the penalty variant."""
    if token["kind"] == BET_WINNER:
        return WIN[place][token["slot"] - 1] - (penalty if place >= 4 else 0)
    return LOSE[token["slot"] - 1] if place == len(CAMELS) else -penalty


def pay(state: State, token: dict[str, Any], amount: int) -> list[Event]:
    """coins = max(0, coins + amount); a real change is a coin event that sets last_change (D22)."""
    player = state["players"][token["seat"]]
    coins = max(0, player["coins"] + amount)
    if coins == player["coins"]:
        return []
    state["coin_event_seq"] += 1
    state["players"][token["seat"]] = {**player, "coins": coins, "last_change": state["coin_event_seq"]}
    return [
        {
            "type": "payout",
            "seat": token["seat"],
            "bet_seq": token["seq"],
            "amount": amount,
            "coins": coins,
            "coin_event_seq": state["coin_event_seq"],
        }
    ]


def end_race(state: State, reason: str, now_ms: int) -> list[Event]:
    """§5 race scoring in placement order, then the next race or the game's end."""
    order = race_standings(state)
    place = {camel: index + 1 for index, camel in enumerate(order)}
    state["last_race"] = {"race": state["race"], "reason": reason, "standings": list(order)}
    events: list[Event] = [{"type": "race_ended", "race": state["race"], "reason": reason, "standings": order}]
    penalty = state["config"]["wrong_bet_penalty"]
    for token in sorted(state["bets"], key=lambda token: token["seq"]):
        events += pay(state, token, token_amount(token, place[token["camel"]], penalty))
    state["bets"] = []  # all tokens go back to the box
    if state["race"] < state["config"]["races"]:
        state["race"] += 1
        return events + start_race(state, now_ms)
    return events + end_game(state)


def ranking(players: list[dict[str, Any]]) -> tuple[list[int], dict[str, int]]:
    """§5: most coins first, then lowest last_change; equal on both share the place."""

    def key(seat: int) -> tuple[int, int]:
        return -players[seat]["coins"], players[seat]["last_change"]

    order = sorted(range(len(players)), key=lambda seat: (key(seat), seat))
    ranks = {str(seat): 1 + sum(key(other) < key(seat) for other in order) for seat in order}
    return order, ranks


def game_result(state: State) -> dict[str, Any]:
    """{winners, scores, ranking, ranks} plus each seat's last_change."""
    players = state["players"]
    order, ranks = ranking(players)
    return {
        "winners": [seat for seat in order if ranks[str(seat)] == 1],
        "scores": {str(seat): player["coins"] for seat, player in enumerate(players)},
        "ranking": order,
        "ranks": ranks,
        "last_change": {str(seat): player["last_change"] for seat, player in enumerate(players)},
    }


def end_game(state: State) -> list[Event]:
    """phase game_over; no action is legal any more."""
    state.update(phase="game_over", deadline=None, result=game_result(state))
    close_step(state)
    result = state["result"]
    return [{"type": "game_ended", "ranking": list(result["ranking"]), "ranks": dict(result["ranks"])}]


# -- the engine -------------------------------------------------------------------------------


class CamelUpCardsEngine(Engine):
    """Camel Up Cards for 2–6 seats, all choosing at once."""

    slug = "camel-up-cards"
    turn_keys = ("turn_timer_s",)  # a daily room sets them to its turn (hub/pace.py)
    actions = ACTIONS
    title = "Camel Up Cards"
    min_players, max_players = PLAYER_RANGE

    def default_config(self) -> dict[str, Any]:
        return dict(DEFAULT_CONFIG)

    def config_options(self) -> dict[str, dict[str, Any]]:
        """§6 for the lobby's form; the choice timer is in seconds."""
        options = {
            key: {name: list(value) if isinstance(value, list) else value for name, value in option.items()}
            for key, option in CONFIG_OPTIONS.items()
        }
        options["turn_timer_s"]["unit"] = "s"
        return options

    def presets(self) -> dict[str, dict[str, Any]]:
        """§6's named preset, offered by the lobby."""
        return {name: dict(values) for name, values in PRESETS.items()}

    def _check_config(self, config: dict[str, Any]) -> None:
        check_config(config)

    def _setup(
        self, players: int, seed: int, config: dict[str, Any], now_ms: int, previous_result: dict[str, Any] | None
    ) -> State:
        # §2: the seed is a string; an integer seed is used as its decimal string.
        state = {
            "config": dict(config),
            "seed": str(seed),
            "forced_dice": [],
            "step": 0,
            "race": 1,
            "global_trick": 0,
            "die_counter": 0,
            "coin_event_seq": 0,
            "reshuffles": [0] * config["races"],
            "hands": [[] for _ in range(players)],
            "players": [{"coins": START_COINS, "last_change": 0} for _ in range(players)],
            "last_race": None,
            "result": None,
        }
        start_race(state, now_ms)
        state["step"] = 0
        return state

    def copy_state(self, state: State) -> State:
        return copy_for_change(state)

    def _apply(self, state: State, seat: int, action: Action, now_ms: int) -> list[Event]:
        action = parse_action(action)
        return play_card(state, seat, action["card"], action["camel"], now_ms)

    def next_deadline(self, state: State) -> int | None:
        return state["deadline"] if state["phase"] == "select" else None

    def _fire(self, state: State, due_ms: int) -> list[Event]:
        return timeout(state, due_ms)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state["phase"] != "select" or seat not in range(seat_count(state)) or state["committed"][seat] is not None:
            return []
        hand = state["hands"][seat]
        # The camels a card takes depend only on its kind: work them out once per kind in the hand.
        camels = {}
        for card in hand:
            if KIND[card] not in camels:
                camels[KIND[card]] = legal_camels(state, seat, card)
        return [{"type": "play_card", "card": card, "camel": camel} for card in hand for camel in camels[KIND[card]]]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def result(self, state: State) -> dict[str, Any] | None:
        return cast("dict[str, Any] | None", state["result"])

    def public_action(self, seat: int | None, action: Action) -> Action:
        return public_action(seat, action)


ENGINE = CamelUpCardsEngine()
