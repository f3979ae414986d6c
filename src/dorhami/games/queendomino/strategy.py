"""A greedy Queendomino bot: expected points from tiles, buildings and the king bonus, from the seat's view.

Levels:
- easy: a random legal action 30 % of the time; otherwise greedy on the points its board scores now.
- normal: greedy on an estimate of its final points: the board now, yellow buildings' growth, gold,
  the king colour's lead and cells no tile can reach any more.
- hard: normal's estimate, looking ahead to the purchase each of its best placements allows, and it
  counts what taking a tile costs the seats still to choose this round.

Strength (bench/quality/bot_strength.py, 200 games per pairing in duplicate; docs/BOTS.md has the table):
hard scored 64.5 % against normal when it looked ahead from every placement and ignored the rivals,
about 67 % now, in a third of the time per game; normal scores 94 % against easy.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, cast

from .components import CELLS, NEIGHBOURS, PRINTED, TERRAIN_COLOUR, TILES, card_value, cell
from .state import board_breakdown, building_cards, placements, squares

if TYPE_CHECKING:
    from ...engine.contract import Engine

# Rough worth of one gold coin while buildings can still be bought (a 3-gold card scores about 3–9).
GOLD_WORTH = 0.7
# Per round still to score, the king point's worth when the seat leads (or shares the lead of) its colour.
KING_LEAD_WORTH, KING_TIE_WORTH = 0.5, 0.15
# Yellow squares a seat gains per later round on average (2 halves, 1 of 6 colours, plus buildings).
YELLOW_GROWTH = 0.35
# An empty cell with no empty neighbour can never take a tile again: future discards loom.
ISOLATED_COST = 0.6
RANDOM_MOVE_CHANCE = {"easy": 0.3, "normal": 0.0, "hard": 0.0}
# Hard: placements whose purchase it looks ahead to (the best by estimate alone; the rest rarely win).
LOOKAHEAD_PLACEMENTS = 6


class Outlook:
    """What the seat's view says about the game outside its own board."""

    def __init__(self, seen: dict[str, Any], seat: int) -> None:
        self.config = seen["config"]
        self.king_colour = seen["king_colour"]
        self.rounds_left = seen["rounds"] - seen["round"]
        self.rivals = [
            squares(flat(board), self.king_colour) for other, board in enumerate(seen["boards"]) if other != seat
        ]
        self.penalty = self.config["unplaceable_penalty"]


def flat(rows: list[list[Any]]) -> list[Any]:
    """A view's 5×5 board as the flat list of 25 cells the board readers take."""
    return [content for row in rows for content in row]


def isolated(board: list[Any]) -> int:
    """Empty cells with no empty neighbour."""
    # Every estimate runs this (a third of a bot's time before): map() keeps the neighbour test in C.
    empty = [content is None for content in board]
    return sum(1 for i in range(CELLS) if empty[i] and not any(map(empty.__getitem__, NEIGHBOURS[i])))


def estimate(board: list[Any], red: int, gold: int, outlook: Outlook, level: str) -> float:
    """Expected final points of a board: the §5 parts now, plus (above easy) growth, gold and king worth."""
    parts = board_breakdown(board, red, 0, 0, 0, outlook.config)
    points = float(parts["tile"] + parts["red"] + parts["yellow"] + parts["blue"])
    if level == "easy":
        return points
    yellow_values = sum(card_value(card) for card in building_cards(board, "yellow"))
    points += yellow_values * YELLOW_GROWTH * outlook.rounds_left
    points += GOLD_WORTH * gold if outlook.rounds_left else 0.01 * gold  # gold breaks ties at the end
    mine, best_rival = squares(board, outlook.king_colour), max(outlook.rivals, default=0)
    scoring_rounds = outlook.rounds_left + 1
    if mine > best_rival:
        points += KING_LEAD_WORTH * scoring_rounds
    elif mine == best_rival:
        points += KING_TIE_WORTH * scoring_rounds
    return cast("float", points - ISOLATED_COST * isolated(board))


def placed(board: list[Any], tile: int, a: int, b: int) -> list[Any]:
    """The board with `tile` placed at a/b."""
    after = list(board)
    for at, (terrain, symbol) in zip((a, b), TILES[tile]):
        after[at] = {"terrain": terrain, "symbol": symbol, "tile": tile, "half": "a" if at == a else "b"}
    return after


def income(board: list[Any], tile: int) -> int:
    """Gold this tile's gold halves would pay (D15)."""
    return sum(
        len(building_cards(board, TERRAIN_COLOUR[terrain])) for terrain, symbol in TILES[tile] if symbol == "gold"
    )


def best_purchase(
    board: list[Any], red: int, gold: int, seen: dict[str, Any], outlook: Outlook, level: str
) -> tuple[float, dict[str, Any]]:
    """The best of buying each offered card on each free plot of its colour, or ending the turn."""
    best: tuple[float, dict[str, Any]] = (estimate(board, red, gold, outlook, level), {"type": "end_turn"})
    for colour, pile in seen["market"].items():
        top = pile["top"]
        if top is None or top["price"] > gold:
            continue
        for i in range(CELLS):
            if board[i] is not None or PRINTED[i] != colour:
                continue
            after = list(board)
            after[i] = {"building": top["id"], "colour": colour}
            banked = red + (top["value"] * squares(after, "red") if colour == "red" else 0)
            worth = estimate(after, banked, gold - top["price"], outlook, level)
            if worth > best[0]:
                best = (worth, {"type": "buy_building", "colour": colour, "cell": cell(i)})
    return best


def best_placement(
    board: list[Any], tile: int, red: int, gold: int, seen: dict[str, Any], outlook: Outlook, level: str
) -> tuple[float, tuple[int, int] | None]:
    """The placement of `tile` with the highest estimate (hard: counting the purchase it allows)."""
    gold_after = gold + income(board, tile)
    scored = [
        (estimate(after, red, gold_after, outlook, level), (a, b), after)
        for a, b in placements(board, tile, outlook.config["terrain_matching"])
        for after in [placed(board, tile, a, b)]
    ]
    if not scored:
        return float("-inf"), None
    if level == "hard":
        scored.sort(key=lambda entry: entry[0], reverse=True)
        scored = [
            (best_purchase(after, red, gold_after, seen, outlook, level)[0], at, after)
            for _, at, after in scored[:LOOKAHEAD_PLACEMENTS]
        ]
    worth, at, _ = max(scored, key=lambda entry: entry[0])
    return worth, at


def tile_worth(
    board: list[Any], tile: int, red: int, gold: int, seen: dict[str, Any], outlook: Outlook, level: str
) -> float:
    """A display tile's worth: its best placement, or the discard penalty; a low number picks earlier next round."""
    worth, at = best_placement(board, tile, red, gold, seen, outlook, level)
    if at is None:
        worth = estimate(board, red, gold, outlook, level) - outlook.penalty
    return worth - 0.02 * tile


def denial(seen: dict[str, Any], seat: int, tiles: list[int]) -> dict[int, float]:
    """What taking each tile costs the seats still to choose this round (as a normal bot values
    them), per rival: only the score lead over them wins the game, so a tile a rival needs is worth more."""
    order = seen["order"]
    later = order[order.index(seat) + 1 :]
    loss = dict.fromkeys(tiles, 0.0)
    if len(tiles) < 2:
        return loss
    for rival in later:
        board, outlook = flat(seen["boards"][rival]), Outlook(seen, rival)
        red, gold = seen["red_points"][rival], seen["gold"][rival]
        theirs = {tile: tile_worth(board, tile, red, gold, seen, outlook, "normal") for tile in tiles}
        best = max(theirs.values())
        for tile in tiles:
            loss[tile] += (best - max(v for t, v in theirs.items() if t != tile)) / (seen["players"] - 1)
    return loss


def choose(
    engine: Engine, state: dict[str, Any], seat: int, rng: random.Random, level: str = "normal"
) -> dict[str, Any] | None:
    """The bot's action for `seat` (None when it has none), from the seat's view only."""
    seen = engine.view(state, seat)
    actions = seen["legal_actions"]
    if not actions:
        return None
    if rng.random() < RANDOM_MOVE_CHANCE.get(level, 0.0):
        return cast("dict[str, Any] | None", rng.choice(actions))
    board = flat(seen["boards"][seat])
    red, gold, outlook = seen["red_points"][seat], seen["gold"][seat], Outlook(seen, seat)
    phase = seen["phase"]
    if phase == "choose":
        tiles = [action["tile"] for action in actions]
        worth = {tile: tile_worth(board, tile, red, gold, seen, outlook, level) for tile in tiles}
        if level == "hard":
            for tile, loss in denial(seen, seat, tiles).items():
                worth[tile] += loss
        return {"type": "choose_tile", "tile": max(tiles, key=worth.__getitem__)}
    if phase == "place":
        _, placed = best_placement(board, seen["current_tile"], red, gold, seen, outlook, level)
        a, b = cast("tuple[int, int]", placed)  # D22: an unplaceable tile was discarded when chosen
        return {"type": "place_tile", "cell_a": cell(a), "cell_b": cell(b)}
    return best_purchase(board, red, gold, seen, outlook, level)[1]
