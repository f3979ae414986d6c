"""The config, the action shapes, the state's shape and how a board is read (§4.1, §4.4, §4.7, §5, §6)."""

from __future__ import annotations

from typing import Any, TypedDict

from ...engine.errors import IllegalAction
from .components import (
    BUILDING_COLOURS,
    CANONICAL_PAIRS,
    CASTLE,
    CASTLE_CELL,
    CELLS,
    COLOUR_TERRAIN,
    COLOURS,
    NEIGHBOURS,
    PILE_SIZE,
    PILES,
    PLOTS,
    SIZE,
    TILES,
    card_value,
    index,
    price_at,
)

DEFAULT_CONFIG = {
    "display_extra": 2,
    "rounds": 8,
    "starting_gold": 7,
    "crown_scoring": True,
    "terrain_matching": False,
    "unplaceable_penalty": 5,
    "king_colour": "random",
    "turn_seconds": 90,
}
# (low, high) of the integer keys; turn_seconds is 0 or TURN_SECONDS_RANGE.
INT_RANGES = {"display_extra": (0, 2), "rounds": (4, 8), "starting_gold": (0, 20), "unplaceable_penalty": (0, 10)}
TURN_SECONDS_RANGE = (20, 600)
# The lobby's form offers these clock values; every 0 or 20..600 is accepted (a form cannot say "0 or a range").
TURN_SECONDS_CHOICES = [0, 20, 30, 45, 60, 90, 120, 180, 300, 600]
BOOL_KEYS = ("crown_scoring", "terrain_matching")
KING_COLOUR_CHOICES = ["random", *COLOURS]

ACTION_TYPES = ("choose_tile", "place_tile", "buy_building", "end_turn")
PHASES = ("choose", "place", "build", "finished")


class Cell(TypedDict, total=False):
    """A board cell: a tile half {terrain, symbol, tile, half} or a building {building, colour}."""

    terrain: str
    symbol: str | None
    tile: int
    half: str
    building: str
    colour: str


class QueendominoState(TypedDict):
    """The server-side state; per-seat data are lists indexed by seat, boards flat (row * 5 + col)."""

    config: dict[str, Any]
    players: int
    pile: list[int]  # secret: the draw pile in order
    removed: list[int]  # secret: tiles never used
    king_colour: str
    round: int
    order: list[int]  # this round's turn order
    turn_index: int  # position of the current seat in `order`
    turn_no: int  # turns begun so far (tells one turn from the next)
    current: int | None
    phase: str  # choose | place | build | finished
    turn_started_ms: int
    display: list[dict[str, Any]]  # [{tile, seat|None}] ascending
    current_tile: int | None
    last_chosen: list[int | None]
    chosen_tiles: list[list[int]]
    boards: list[list[Any]]  # 25 cells: None | "castle" | Cell
    gold: list[int]
    red_points: list[int]
    king_points: list[int]
    discards: list[int]
    discarded: list[dict[str, Any]]  # [{tile, reason, seat|None, round}]
    bought: dict[str, Any]  # colour -> cards bought from that pile
    result: dict[str, Any] | None
    step: int


def is_int(value: Any) -> bool:
    """A JSON integer (a bool is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_config(config: dict[str, Any]) -> None:
    """Refuse any §6 value outside its allowed set with `invalid_config`."""

    def refuse(key: str, expected: str) -> None:
        raise IllegalAction("invalid_config", f"{key} expected {expected}, but got {config[key]!r}")

    for key, (low, high) in INT_RANGES.items():
        if not (is_int(config[key]) and low <= config[key] <= high):
            refuse(key, f"an integer from {low} to {high}")
    for key in BOOL_KEYS:
        if not isinstance(config[key], bool):
            refuse(key, "true or false")
    if config["king_colour"] not in KING_COLOUR_CHOICES or not isinstance(config["king_colour"], str):
        refuse("king_colour", '"random" or a colour id')
    seconds, (low, high) = config["turn_seconds"], TURN_SECONDS_RANGE
    if not (is_int(seconds) and (seconds == 0 or low <= seconds <= high)):
        refuse("turn_seconds", f"0 or an integer from {low} to {high}")


def config_options() -> dict[str, dict[str, Any]]:
    """How the lobby may set each key."""
    options: dict[str, dict[str, Any]] = {key: {"min": low, "max": high} for key, (low, high) in INT_RANGES.items()}
    options["display_extra"] = {"choices": [0, 1, 2]}
    options.update({key: {"choices": [True, False]} for key in BOOL_KEYS})
    options["king_colour"] = {"choices": list(KING_COLOUR_CHOICES)}
    options["turn_seconds"] = {"choices": list(TURN_SECONDS_CHOICES)}
    return options


def parse_cell(action: dict[str, Any], key: str) -> list[int]:
    """A [row, col] pair of integers (not yet checked against the board), else `unknown_action`."""
    value = action.get(key)
    if not (isinstance(value, list) and len(value) == 2 and is_int(value[0]) and is_int(value[1])):
        raise IllegalAction("unknown_action", f"{key} expected [row, col], but got {value!r}")
    return list(value)


def parse_action(action: dict[str, Any]) -> dict[str, Any]:
    """The action in its normal shape; raises `unknown_action` for an unknown or malformed one."""
    kind = action.get("type")
    if kind == "choose_tile":
        if not is_int(action.get("tile")):
            raise IllegalAction("unknown_action", f"choose_tile expected a tile number, but got {action.get('tile')!r}")
        return {"type": kind, "tile": action["tile"]}
    if kind == "place_tile":
        return {"type": kind, "cell_a": parse_cell(action, "cell_a"), "cell_b": parse_cell(action, "cell_b")}
    if kind == "buy_building":
        if not isinstance(action.get("colour"), str):
            raise IllegalAction("unknown_action", f"buy_building expected a colour, but got {action.get('colour')!r}")
        return {"type": kind, "colour": action["colour"], "cell": parse_cell(action, "cell")}
    if kind == "end_turn":
        return {"type": kind}
    raise IllegalAction("unknown_action", f"expected one of {', '.join(ACTION_TYPES)}, but got {kind!r}")


# -- reading a board (flat list of 25 cells: None, "castle", a tile half or a building) ---------
# These run for every action, every view and every bot estimate, so they walk the 25 cells once
# with plain loops instead of calling a helper per cell.

NEXT_TO_CASTLE = tuple(CASTLE in NEIGHBOURS[i] for i in range(CELLS))
YELLOW_TERRAIN = COLOUR_TERRAIN["yellow"]


def is_tile_cell(content: Any) -> bool:
    """The cell holds a tile half."""
    return isinstance(content, dict) and "terrain" in content


def is_anchor(content: Any) -> bool:
    """A cell a new tile may connect to (§4.1: the castle or a tile cell; buildings do not connect)."""
    return content == CASTLE_CELL or is_tile_cell(content)


def cell_terrains(board: list[Any]) -> list[str | None]:
    """Each cell's terrain; None for an empty cell, the castle or a building."""
    return [content.get("terrain") if isinstance(content, dict) else None for content in board]


def fitting_cells(board: list[Any], tile: int, matching: bool) -> tuple[list[bool], list[bool]]:
    """Per cell: may half a of `tile` go there, may half b (the connection and terrain rules, not emptiness)."""
    if not matching:
        fits = [False] * CELLS
        for i, content in enumerate(board):
            if content == CASTLE_CELL or (isinstance(content, dict) and "terrain" in content):  # is_anchor, inlined
                for n in NEIGHBOURS[i]:
                    fits[n] = True
        return fits, fits
    (terrain_a, _), (terrain_b, _) = TILES[tile]
    fits_a, fits_b = list(NEXT_TO_CASTLE), list(NEXT_TO_CASTLE)
    for i, terrain in enumerate(cell_terrains(board)):
        if terrain is not None and terrain in (terrain_a, terrain_b):
            for n in NEIGHBOURS[i]:
                if terrain == terrain_a:
                    fits_a[n] = True
                if terrain == terrain_b:
                    fits_b[n] = True
    return fits_a, fits_b


def placements(board: list[Any], tile: int, matching: bool) -> list[tuple[int, int]]:
    """Every legal (cell_a, cell_b) for `tile`, both orientations, in the §4.6 canonical order."""
    fits_a, fits_b = fitting_cells(board, tile, matching)
    return [(a, b) for a, b in CANONICAL_PAIRS if board[a] is None and board[b] is None and (fits_a[a] or fits_b[b])]


def can_place(board: list[Any], tile: int, matching: bool) -> bool:
    """`placements` is not empty (stops at the first one)."""
    fits_a, fits_b = fitting_cells(board, tile, matching)
    for a, b in CANONICAL_PAIRS:
        if board[a] is None and board[b] is None and (fits_a[a] or fits_b[b]):
            return True
    return False


def touches_terrain(board: list[Any], i: int, terrain: str) -> bool:
    """Cell i neighbours a tile cell of `terrain`."""
    return any(is_tile_cell(board[n]) and board[n]["terrain"] == terrain for n in NEIGHBOURS[i])


def placement_error(board: list[Any], tile: int, a: list[int], b: list[int], matching: bool) -> IllegalAction | None:
    """The first §4.7 refusal of placing `tile` at a/b, or None when the placement is legal."""
    if not all(0 <= v < SIZE for v in a + b):
        return IllegalAction("off_board", f"cells must lie in 0..4, but got {a} and {b}")
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        return IllegalAction("cells_not_adjacent", f"{a} and {b} are not orthogonal neighbours")
    ia, ib = index(*a), index(*b)
    if board[ia] is not None or board[ib] is not None:
        return IllegalAction("cell_occupied", "both cells must be empty (no castle, tile or building)")
    if not any(is_anchor(board[n]) for i in (ia, ib) for n in NEIGHBOURS[i]):
        return IllegalAction("not_connected", "the tile must touch the castle or a tile")
    (terrain_a, _), (terrain_b, _) = TILES[tile]
    if matching and not (
        NEXT_TO_CASTLE[ia]
        or NEXT_TO_CASTLE[ib]
        or touches_terrain(board, ia, terrain_a)
        or touches_terrain(board, ib, terrain_b)
    ):
        return IllegalAction("terrain_mismatch", "a half must touch the castle or a tile of its own terrain")
    return None


def squares(board: list[Any], colour: str) -> int:
    """Squares of `colour`: tile halves of that colour plus buildings of it (printed colours never count).

    A cell counts as its half's terrain colour or as its building's colour (§4.1).
    """
    terrain = COLOUR_TERRAIN.get(colour)
    count = 0
    for content in board:
        if isinstance(content, dict):
            if "terrain" in content:
                count += content["terrain"] == terrain
            else:
                count += content["colour"] == colour
    return count


def building_cards(board: list[Any], colour: str) -> list[str]:
    """The ids of the buildings of `colour` on the board."""
    return [
        content["building"]
        for content in board
        if isinstance(content, dict) and content.get("colour") == colour and "building" in content
    ]


def territory(terrains: list[str | None], start: int, seen: list[bool]) -> list[int]:
    """The cells of the territory holding `start`: joined orthogonally, one terrain (§4.1); marks them seen."""
    terrain, cells, stack = terrains[start], [], [start]
    seen[start] = True
    while stack:
        i = stack.pop()
        cells.append(i)
        for n in NEIGHBOURS[i]:
            if not seen[n] and terrains[n] == terrain:
                seen[n] = True
                stack.append(n)
    return cells


def crowned_points(terrains: list[str | None], crowned: list[int]) -> int:
    """§5 tile points from each cell's terrain and the crown cells (ascending)."""
    # A territory without a crown scores nothing, so only the ones holding a crown are walked.
    seen, points = [False] * CELLS, 0
    for start in crowned:
        if not seen[start]:
            cells = territory(terrains, start, seen)
            points += len(cells) * sum(i in crowned for i in cells)
    return points


def board_breakdown(
    board: list[Any], red: int, king: int, discards: int, gold: int, config: dict[str, Any]
) -> dict[str, Any]:
    """The §5 score parts worked out on `board` now, with their total."""
    # One pass over the cells: this runs for every seat in every view and for every bot estimate.
    terrains: list[str | None] = [None] * CELLS
    crowned, yellow_squares, yellow_values, blue_count, blue_values = [], 0, 0, 0, 0
    for i, content in enumerate(board):
        if not isinstance(content, dict):
            continue
        terrain = content.get("terrain")
        if terrain is not None:
            terrains[i] = terrain
            yellow_squares += terrain == YELLOW_TERRAIN
            if content["symbol"] == "crown":
                crowned.append(i)
            continue
        colour = content["colour"]
        if colour == "yellow":
            yellow_squares += 1
            if "building" in content:
                yellow_values += card_value(content["building"])
        elif colour == "blue" and "building" in content:
            blue_count += 1
            blue_values += card_value(content["building"])
    tile = crowned_points(terrains, crowned) if crowned and config["crown_scoring"] else 0
    parts = {
        "tile": tile,
        "red": red,
        "yellow": yellow_values * yellow_squares,
        "blue": blue_count * blue_values,
        "king": king,
        "penalty": -config["unplaceable_penalty"] * discards,
    }
    return {**parts, "gold": gold, "total": sum(parts.values())}


def breakdown(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """The live breakdown of `seat` (§5, shown in the view and the result)."""
    return board_breakdown(
        state["boards"][seat],
        state["red_points"][seat],
        state["king_points"][seat],
        state["discards"][seat],
        state["gold"][seat],
        state["config"],
    )


def top_card(state: dict[str, Any], colour: str) -> str | None:
    """The card on offer in `colour`'s pile (§2.4 market), or None when the pile is empty."""
    bought = state["bought"][colour]
    return PILES[colour][bought] if bought < PILE_SIZE else None


def affordable(state: dict[str, Any], seat: int) -> list[str]:
    """The building colours whose top card `seat` can pay for."""
    bought, gold = state["bought"], state["gold"][seat]
    return [colour for colour in BUILDING_COLOURS if bought[colour] < PILE_SIZE and price_at(bought[colour]) <= gold]


def purchases(state: dict[str, Any], seat: int) -> list[tuple[str, int]]:
    """Every legal (colour, cell index) purchase for `seat` (§4.1)."""
    board = state["boards"][seat]
    return [(colour, i) for colour in affordable(state, seat) for i in PLOTS[colour] if board[i] is None]


def can_buy(state: dict[str, Any], seat: int) -> bool:
    """`purchases` is not empty."""
    board = state["boards"][seat]
    return any(board[i] is None for colour in affordable(state, seat) for i in PLOTS[colour])


def copy_for_change(state: dict[str, Any]) -> dict[str, Any]:
    """The copy the rules may change: every container they change in place is copied, the rest shared.

    The rules assign top-level keys, write items of the lists below and of `bought`, and append to
    `discarded`. Everything nested deeper (a board, a cell, a display entry, a seat's chosen tiles,
    a `discarded` entry) and `config`, `pile`, `removed`, `order` and `result` are replaced when they
    change, never changed in place, so every state can share them.
    """
    new = dict(state)
    for key in (
        "display",
        "boards",
        "chosen_tiles",
        "last_chosen",
        "gold",
        "red_points",
        "king_points",
        "discards",
        "discarded",
    ):
        new[key] = list(state[key])
    new["bought"] = dict(state["bought"])
    return new
