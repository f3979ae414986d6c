"""Hand-built Queendomino tables for the tests: boards written cell by cell, seats put in a phase."""

from __future__ import annotations

import json

from dorhami.engine import IllegalAction
from dorhami.games.queendomino.components import TILES, card_id, index
from dorhami.games.queendomino.rules import ENGINE

SEED = 20261129

# A symbol-free tile whose half a has each terrain (for filler halves).
PLAIN_TILE = {"field": 1, "forest": 2, "water": 3, "swamp": 4, "mine": 5, "mountain": 6}


def new_table(players: int = 2, seed: int = SEED, now_ms: int = 0, **config) -> dict:
    """A fresh setup."""
    return ENGINE.setup(players, seed, config, now_ms=now_ms)


def set_display(state: dict, tiles) -> dict:
    """Round display = `tiles` (ascending, unchosen); the old display tiles take their places in the pile."""
    tiles = sorted(tiles)
    spare = [e["tile"] for e in state["display"] if e["tile"] not in tiles]
    for key in ("pile", "removed"):
        kept = [t for t in state[key] if t not in tiles]
        while len(kept) < len(state[key]) and spare:
            kept.append(spare.pop())
        state[key] = kept
    state["display"] = [{"tile": t, "seat": None} for t in tiles]
    return state


def table(players: int = 2, order=None, display=None, seed: int = SEED, now_ms: int = 0, **config) -> dict:
    """Round 1 with the given order (default 0, 1, …) and display; the first seat to `choose`."""
    state = new_table(players, seed, now_ms, **config)
    state["order"] = list(order) if order is not None else list(range(players))
    state.update(turn_index=0, current=state["order"][0])
    if display is not None:
        set_display(state, display)
    return state


def turn_of(state: dict, seat: int, phase: str = "choose", tile: int | None = None) -> dict:
    """`seat` becomes current in `phase`, holding `tile` (marked as its choice in the display if shown)."""
    state.update(current=seat, turn_index=state["order"].index(seat), phase=phase, current_tile=tile)
    for entry in state["display"]:
        if entry["tile"] == tile:
            entry["seat"] = seat
    if tile is not None:
        state["last_chosen"][seat] = tile
    return state


def put_tile(state: dict, seat: int, tile: int, a, b) -> dict:
    """Tile `tile` written onto `seat`'s board, half a at a, half b at b (no legality check)."""
    for at, half, (terrain, symbol) in zip((a, b), "ab", TILES[tile]):
        state["boards"][seat][index(*at)] = {"terrain": terrain, "symbol": symbol, "tile": tile, "half": half}
    return state


def put_halves(state: dict, seat: int, terrain: str, cells) -> dict:
    """Symbol-free halves of `terrain` on each of `cells`."""
    for at in cells:
        state["boards"][seat][index(*at)] = {
            "terrain": terrain,
            "symbol": None,
            "tile": PLAIN_TILE[terrain],
            "half": "a",
        }
    return state


def put_building(state: dict, seat: int, colour: str, number: int, at) -> dict:
    """Card colour-number on `at` (no purchase, no points)."""
    state["boards"][seat][index(*at)] = {"building": card_id(colour, number), "colour": colour}
    return state


def fill_except(state: dict, seat: int, free, terrain: str = "swamp") -> dict:
    """Every empty cell of `seat`'s board except `free` gets a filler half."""
    keep = {tuple(at) for at in free}
    board = state["boards"][seat]
    cells = [[i // 5, i % 5] for i in range(25) if board[i] is None and (i // 5, i % 5) not in keep]
    return put_halves(state, seat, terrain, cells)


def last_turn_of_round(state: dict, final: bool = False) -> dict:
    """The last seat of the order in `build` (of the last round if `final`), ready to end the round."""
    if final:
        state["round"] = state["config"]["rounds"]
    for seat in state["order"]:
        state["last_chosen"][seat] = state["last_chosen"][seat] or 40 + seat
    return turn_of(state, state["order"][-1], "build")


def end_round(state: dict, final: bool = False, now_ms: int = 1):
    """Close the current round (the game if `final`) with an end_turn; returns (state, events)."""
    state = last_turn_of_round(state, final)
    return ENGINE.apply(state, state["current"], {"type": "end_turn"}, now_ms)


def act(state: dict, seat: int, action: dict, now_ms: int = 1):
    return ENGINE.apply(state, seat, action, now_ms)


def choose(state: dict, seat: int, tile: int, now_ms: int = 1):
    return act(state, seat, {"type": "choose_tile", "tile": tile}, now_ms)


def place(state: dict, seat: int, a, b, now_ms: int = 1):
    return act(state, seat, {"type": "place_tile", "cell_a": list(a), "cell_b": list(b)}, now_ms)


def buy(state: dict, seat: int, colour: str, at, now_ms: int = 1):
    return act(state, seat, {"type": "buy_building", "colour": colour, "cell": list(at)}, now_ms)


def types(events: list[dict]) -> list[str]:
    return [event["type"] for event in events]


def refusal(state: dict, seat: int, action: dict, now_ms: int = 1) -> str:
    """The error code `action` is refused with; asserts the state stayed unchanged."""
    before = json.dumps(state, sort_keys=True)
    try:
        act(state, seat, action, now_ms)
    except IllegalAction as err:
        assert json.dumps(state, sort_keys=True) == before
        return err.code
    raise AssertionError(f"{action} was accepted")
