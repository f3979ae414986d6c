"""The Queendomino engine: draft, place, build; gold, king bonus and final scoring (rules §3–§5)."""

from __future__ import annotations

import random
from typing import Any, cast

from ...engine.contract import Action, Engine, Event, State
from ...engine.errors import IllegalAction
from .actions import ACTIONS
from .components import (
    BUILDING_COLOURS,
    CASTLE,
    CASTLE_CELL,
    CELLS,
    COLOURS,
    PRINTED,
    SIZE,
    TERRAIN_COLOUR,
    TILE_COUNT,
    TILES,
    card_price,
    card_value,
    cell,
    index,
)
from .state import (
    DEFAULT_CONFIG,
    breakdown,
    building_cards,
    can_buy,
    can_place,
    check_config,
    config_options,
    copy_for_change,
    parse_action,
    placement_error,
    placements,
    purchases,
    squares,
    top_card,
)
from .view import view

# -- turns and rounds ---------------------------------------------------------------------------


def close_step(state: State) -> None:
    """A decision point closed: actions stamped with the old step are now stale."""
    state["step"] = state.get("step", 0) + 1


def begin_turn(state: State, turn_index: int, now_ms: int) -> None:
    """The seat at `turn_index` of the order becomes current in `choose`; its clock starts (§4.6)."""
    state.update(
        turn_index=turn_index,
        current=state["order"][turn_index],
        phase="choose",
        turn_started_ms=now_ms,
        current_tile=None,
        turn_no=state["turn_no"] + 1,
    )


def start_round(state: State, now_ms: int) -> list[Event]:
    """§4.3: reveal the display, set the order (round 1: setup permutation), first seat current."""
    shown = state["players"] + state["config"]["display_extra"]
    state["display"] = [{"tile": tile, "seat": None} for tile in sorted(state["pile"][:shown])]
    state["pile"] = state["pile"][shown:]
    if state["round"] > 1:
        # D6: ascending by the tile each seat chose last round (placed or discarded).
        state["order"] = sorted(range(state["players"]), key=lambda seat: state["last_chosen"][seat])
    begin_turn(state, 0, now_ms)
    return [{"type": "round_started", "round": state["round"], "display": [e["tile"] for e in state["display"]]}]


def end_turn(state: State, seat: int, now_ms: int) -> list[Event]:
    """§4.4 end of turn: the next seat in the order, or the round end."""
    events = [{"type": "turn_ended", "seat": seat}]
    if state["turn_index"] + 1 < len(state["order"]):
        begin_turn(state, state["turn_index"] + 1, now_ms)
        return events
    return events + end_round(state, now_ms)


def build_step(state: State, seat: int, now_ms: int) -> list[Event]:
    """§4.4 build step: phase `build` if a purchase is legal, else the turn ends at once."""
    state["current_tile"] = None
    if can_buy(state, seat):
        state["phase"] = "build"
        return []
    return end_turn(state, seat, now_ms)


def king_bonus(state: State) -> list[Event]:
    """§4.5(2) / D20: a sole maximum of king-colour squares gains 1; any tie for it gives nobody."""
    counts = [squares(board, state["king_colour"]) for board in state["boards"]]
    best = max(counts)
    winner = counts.index(best) if counts.count(best) == 1 else None
    if winner is not None:
        state["king_points"][winner] += 1
    return [{"type": "king_bonus", "counts": counts, "seat": winner}]


def end_round(state: State, now_ms: int) -> list[Event]:
    """§4.5: neutral discards, the king bonus, then the next round or the game end."""
    neutral = [entry["tile"] for entry in state["display"] if entry["seat"] is None]
    state["discarded"] += [
        {"tile": tile, "reason": "neutral", "seat": None, "round": state["round"]} for tile in neutral
    ]
    events = [{"type": "neutral_discarded", "tiles": neutral}] + king_bonus(state)
    if state["round"] == state["config"]["rounds"]:
        # The last display keeps only the chosen tiles: the neutral ones are in `discarded` now,
        # and a finished game lists each tile once.
        state["display"] = [entry for entry in state["display"] if entry["seat"] is not None]
        return events + finish(state)
    state["round"] += 1
    return events + start_round(state, now_ms)


def final_result(state: State) -> dict[str, Any]:
    """§5: winners by score then gold; ranking and shared ranks; the breakdown per seat."""
    seats = range(state["players"])
    parts = {seat: breakdown(state, seat) for seat in seats}
    standing = {seat: (parts[seat]["total"], state["gold"][seat]) for seat in seats}
    ranks = {seat: 1 + sum(standing[other] > standing[seat] for other in seats) for seat in seats}
    ranking = sorted(seats, key=lambda seat: (ranks[seat], seat))
    return {
        "winners": [seat for seat in ranking if ranks[seat] == 1],
        "scores": {str(seat): parts[seat]["total"] for seat in seats},
        "ranking": ranking,
        "ranks": {str(seat): ranks[seat] for seat in seats},
        "gold": {str(seat): state["gold"][seat] for seat in seats},
        "breakdown": {str(seat): parts[seat] for seat in seats},
    }


def finish(state: State) -> list[Event]:
    """§5: the game ends after round R; the result is fixed in the state."""
    state.update(phase="finished", current=None, current_tile=None)
    state["result"] = final_result(state)
    return [{"type": "game_ended", "result": state["result"]}]


# -- the actions (§4.4), each validated in the §4.7 order before any change ----------------------


def require_phase(state: State, phase: str) -> None:
    """Refuse with `wrong_phase` unless the game is in `phase`."""
    if state["phase"] != phase:
        raise IllegalAction("wrong_phase", f"expected phase {phase}, but the game is in {state['phase']}")


def choose_tile(state: State, seat: int, tile: int, now_ms: int) -> list[Event]:
    """The seat's king goes on `tile`; an unplaceable tile is discarded at once (D22)."""
    require_phase(state, "choose")
    display = state["display"]
    at = next((i for i, e in enumerate(display) if e["tile"] == tile and e["seat"] is None), None)
    if at is None:
        raise IllegalAction("tile_not_available", f"tile {tile} is not an unchosen display tile")
    # Display entries, boards and chosen-tile lists are replaced, never changed: states share them.
    display[at] = {**display[at], "seat": seat}
    state["last_chosen"][seat] = tile
    state["chosen_tiles"][seat] = [*state["chosen_tiles"][seat], tile]
    state["current_tile"] = tile
    events = [{"type": "tile_chosen", "seat": seat, "tile": tile}]
    if can_place(state["boards"][seat], tile, state["config"]["terrain_matching"]):
        state["phase"] = "place"
        return events
    # The event's penalty is the score it will cost, signed like the breakdown's `penalty` (−5 by default).
    penalty = -state["config"]["unplaceable_penalty"]
    state["discarded"].append({"tile": tile, "reason": "unplaceable", "seat": seat, "round": state["round"]})
    state["discards"][seat] += 1
    events.append({"type": "tile_discarded", "seat": seat, "tile": tile, "penalty": penalty})
    return events + build_step(state, seat, now_ms)


def gold_income(board: list[Any], tile: int) -> int:
    """D15: each gold half pays the buildings of its colour already on the board."""
    return sum(
        len(building_cards(board, TERRAIN_COLOUR[terrain])) for terrain, symbol in TILES[tile] if symbol == "gold"
    )


def place_tile(state: State, seat: int, cell_a: list[int], cell_b: list[int], now_ms: int) -> list[Event]:
    """Half a on cell_a, half b on cell_b; gold income; then the build step."""
    require_phase(state, "place")
    board, tile = state["boards"][seat], state["current_tile"]
    error = placement_error(board, tile, cell_a, cell_b, state["config"]["terrain_matching"])
    if error is not None:
        raise error
    gained = gold_income(board, tile)
    board = state["boards"][seat] = list(board)
    for half, at in zip(("a", "b"), (cell_a, cell_b)):
        terrain, symbol = TILES[tile][0 if half == "a" else 1]
        board[index(*at)] = {"terrain": terrain, "symbol": symbol, "tile": tile, "half": half}
    state["gold"][seat] += gained
    events = [
        {
            "type": "tile_placed",
            "seat": seat,
            "tile": tile,
            "cell_a": list(cell_a),
            "cell_b": list(cell_b),
            "gold_gained": gained,
        }
    ]
    return events + build_step(state, seat, now_ms)


def check_purchase(state: State, seat: int, colour: str, at: list[int]) -> str:
    """The §4.7 purchase checks in order; returns the card bought."""
    if not all(0 <= v < SIZE for v in at):
        raise IllegalAction("off_board", f"the cell must lie in 0..4, but got {at}")
    if state["boards"][seat][index(*at)] is not None:
        raise IllegalAction("cell_occupied", f"{at} holds the castle, a tile or a building")
    if colour not in BUILDING_COLOURS:
        raise IllegalAction("not_a_building_colour", f"expected red, yellow or blue, but got {colour!r}")
    card = top_card(state, colour)
    if card is None:
        raise IllegalAction("pile_empty", f"the {colour} pile is empty")
    if card_price(card) > state["gold"][seat]:
        raise IllegalAction(
            "insufficient_gold", f"{card} costs {card_price(card)}, but you have {state['gold'][seat]} gold"
        )
    if PRINTED[index(*at)] != colour:
        raise IllegalAction("wrong_plot_colour", f"{at} is not a {colour} plot")
    return card


def buy_building(state: State, seat: int, colour: str, at: list[int], now_ms: int) -> list[Event]:
    """Pay, put the card on its plot; red scores at once (D18); the turn ends."""
    require_phase(state, "build")
    card = check_purchase(state, seat, colour, at)
    board = state["boards"][seat] = list(state["boards"][seat])
    price = card_price(card)
    state["gold"][seat] -= price
    state["bought"][colour] += 1
    board[index(*at)] = {"building": card, "colour": colour}
    points = card_value(card) * squares(board, "red") if colour == "red" else 0
    state["red_points"][seat] += points
    events = [
        {"type": "building_bought", "seat": seat, "card": card, "cell": list(at), "price": price, "points": points}
    ]
    return events + end_turn(state, seat, now_ms)


def skip_building(state: State, seat: int, now_ms: int) -> list[Event]:
    """`end_turn`: leave the build step without buying."""
    require_phase(state, "build")
    return end_turn(state, seat, now_ms)


def auto_play(state: State, due_ms: int) -> list[Event]:
    """§4.6: finish the current seat's turn: lowest tile, first canonical placement, no purchase."""
    seat, turn = state["current"], state["turn_no"]
    events = [{"type": "turn_timed_out", "seat": seat}]
    if state["phase"] == "choose":
        lowest = min(e["tile"] for e in state["display"] if e["seat"] is None)
        events += choose_tile(state, seat, lowest, due_ms)
    if state["turn_no"] == turn and state["phase"] == "place":
        a, b = placements(state["boards"][seat], state["current_tile"], state["config"]["terrain_matching"])[0]
        events += place_tile(state, seat, cell(a), cell(b), due_ms)
    if state["turn_no"] == turn and state["phase"] == "build":
        events += end_turn(state, seat, due_ms)
    return events


# -- the engine ---------------------------------------------------------------------------------


class QueendominoEngine(Engine):
    """Queendomino (the seed's version) for 2–4 seats."""

    slug = "queendomino"
    turn_keys = ("turn_seconds",)  # a daily room sets them to its turn (hub/pace.py)
    actions = ACTIONS
    title = "Queendomino"
    min_players = 2
    max_players = 4

    def default_config(self) -> dict[str, Any]:
        return dict(DEFAULT_CONFIG)

    def _check_config(self, config: dict[str, Any]) -> None:
        check_config(config)

    def config_options(self) -> dict[str, dict[str, Any]]:
        """§6 for the lobby's form; the turn clock is in seconds."""
        options = config_options()
        options["turn_seconds"]["unit"] = "s"
        return options

    def player_range(self, config: dict[str, Any] | None = None) -> tuple[int, int]:
        # §1: 2–4 seats under every config (R × (4 + 2) = 48 tiles at most).
        return self.min_players, self.max_players

    def _setup(
        self, players: int, seed: int, config: dict[str, Any], now_ms: int, previous_result: dict[str, Any] | None
    ) -> State:
        # §3: one random.Random(seed) stream: shuffle, seat permutation, then the king colour.
        rng = random.Random(seed)
        tiles = list(range(1, TILE_COUNT + 1))
        rng.shuffle(tiles)
        in_play = config["rounds"] * (players + config["display_extra"])
        order = rng.sample(range(players), players)
        king = config["king_colour"] if config["king_colour"] != "random" else rng.choice(COLOURS)
        empty_board = [CASTLE_CELL if i == CASTLE else None for i in range(CELLS)]
        state: State = {
            "config": dict(config),
            "players": players,
            "pile": tiles[:in_play],
            "removed": tiles[in_play:],
            "king_colour": king,
            "round": 1,
            "order": order,
            "turn_index": 0,
            "turn_no": 0,
            "current": None,
            "phase": "choose",
            "turn_started_ms": now_ms,
            "display": [],
            "current_tile": None,
            "last_chosen": [None] * players,
            "chosen_tiles": [[] for _ in range(players)],
            "boards": [list(empty_board) for _ in range(players)],
            "gold": [config["starting_gold"]] * players,
            "red_points": [0] * players,
            "king_points": [0] * players,
            "discards": [0] * players,
            "discarded": [],
            "bought": {colour: 0 for colour in BUILDING_COLOURS},
            "result": None,
            "step": 0,
        }
        start_round(state, now_ms)
        return state

    def copy_state(self, state: State) -> State:
        return copy_for_change(state)

    def _apply(self, state: State, seat: int, action: Action, now_ms: int) -> list[Event]:
        action = parse_action(action)
        if state["phase"] == "finished":
            raise IllegalAction("game_over", "the game has ended")
        if seat != state["current"]:
            raise IllegalAction("not_your_turn", f"it is seat {state['current']}'s turn")
        kind = action["type"]
        if kind == "choose_tile":
            events = choose_tile(state, seat, action["tile"], now_ms)
        elif kind == "place_tile":
            events = place_tile(state, seat, action["cell_a"], action["cell_b"], now_ms)
        elif kind == "buy_building":
            events = buy_building(state, seat, action["colour"], action["cell"], now_ms)
        else:
            events = skip_building(state, seat, now_ms)
        close_step(state)
        return events

    def next_deadline(self, state: State) -> int | None:
        seconds = state["config"]["turn_seconds"]
        if seconds == 0 or state["phase"] == "finished":
            return None
        return cast("int | None", state["turn_started_ms"] + seconds * 1000)

    def _fire(self, state: State, due_ms: int) -> list[Event]:
        events = auto_play(state, due_ms)
        close_step(state)
        return events

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state["phase"] == "finished" or seat != state["current"]:
            return []
        phase = state["phase"]
        if phase == "choose":
            return [{"type": "choose_tile", "tile": e["tile"]} for e in state["display"] if e["seat"] is None]
        if phase == "place":
            pairs = placements(state["boards"][seat], state["current_tile"], state["config"]["terrain_matching"])
            return [{"type": "place_tile", "cell_a": cell(a), "cell_b": cell(b)} for a, b in pairs]
        return [{"type": "buy_building", "colour": colour, "cell": cell(i)} for colour, i in purchases(state, seat)] + [
            {"type": "end_turn"}
        ]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat, self.legal_actions(state, seat) if seat is not None else [])

    def result(self, state: State) -> dict[str, Any] | None:
        return cast("dict[str, Any] | None", state["result"])


ENGINE = QueendominoEngine()
