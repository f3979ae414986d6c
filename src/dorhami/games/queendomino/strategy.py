"""A greedy Queendomino bot: expected points from tiles, buildings and the king bonus, from the seat's view."""

from __future__ import annotations

import random

from .components import CELLS, NEIGHBOURS, PRINTED, TERRAIN_COLOUR, TILES, card_value, cell
from .state import board_breakdown, building_cards, placements, squares

# Rough worth of one gold coin while buildings can still be bought (a 3-gold card scores about 3–9).
GOLD_WORTH = 0.7
# Per round still to score, the king point's worth when the seat leads (or shares the lead of) its colour.
KING_LEAD_WORTH, KING_TIE_WORTH = 0.5, 0.15
# Yellow squares a seat gains per later round on average (2 halves, 1 of 6 colours, plus buildings).
YELLOW_GROWTH = 0.35
# An empty cell with no empty neighbour can never take a tile again: future discards loom.
ISOLATED_COST = 0.6
RANDOM_MOVE_CHANCE = {"easy": 0.3, "normal": 0.0, "hard": 0.0}


class Outlook:
    """What the seat's view says about the game outside its own board."""

    def __init__(self, seen: dict, seat: int) -> None:
        self.config = seen["config"]
        self.king_colour = seen["king_colour"]
        self.rounds_left = seen["rounds"] - seen["round"]
        self.rivals = [squares(flat(board), self.king_colour)
                       for other, board in enumerate(seen["boards"]) if other != seat]
        self.penalty = self.config["unplaceable_penalty"]


def flat(rows: list[list]) -> list:
    """A view's 5×5 board as the flat list of 25 cells the board readers take."""
    return [content for row in rows for content in row]


def isolated(board: list) -> int:
    """Empty cells with no empty neighbour."""
    return sum(board[i] is None and all(board[n] is not None for n in NEIGHBOURS[i]) for i in range(CELLS))


def estimate(board: list, red: int, gold: int, outlook: Outlook, level: str) -> float:
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
    return points - ISOLATED_COST * isolated(board)


def placed(board: list, tile: int, a: int, b: int) -> list:
    """The board with `tile` placed at a/b."""
    after = list(board)
    for at, (terrain, symbol) in zip((a, b), TILES[tile]):
        after[at] = {"terrain": terrain, "symbol": symbol, "tile": tile, "half": "a" if at == a else "b"}
    return after


def income(board: list, tile: int) -> int:
    """Gold this tile's gold halves would pay (D15)."""
    return sum(len(building_cards(board, TERRAIN_COLOUR[terrain])) for terrain, symbol in TILES[tile]
               if symbol == "gold")


def best_purchase(board: list, red: int, gold: int, seen: dict, outlook: Outlook, level: str) -> tuple[float, dict]:
    """The best of buying each offered card on each free plot of its colour, or ending the turn."""
    best = (estimate(board, red, gold, outlook, level), {"type": "end_turn"})
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


def best_placement(board: list, tile: int, red: int, gold: int, seen: dict, outlook: Outlook,
                   level: str) -> tuple[float, tuple[int, int] | None]:
    """The placement of `tile` with the highest estimate (hard: counting the purchase it allows)."""
    gold_after = gold + income(board, tile)
    best: tuple[float, tuple[int, int] | None] = (float("-inf"), None)
    for a, b in placements(board, tile, outlook.config["terrain_matching"]):
        after = placed(board, tile, a, b)
        if level == "hard":
            worth = best_purchase(after, red, gold_after, seen, outlook, level)[0]
        else:
            worth = estimate(after, red, gold_after, outlook, level)
        if worth > best[0]:
            best = (worth, (a, b))
    return best


def tile_worth(board: list, tile: int, red: int, gold: int, seen: dict, outlook: Outlook, level: str) -> float:
    """A display tile's worth: its best placement, or the discard penalty; a low number picks earlier next round."""
    worth, at = best_placement(board, tile, red, gold, seen, outlook, level)
    if at is None:
        worth = estimate(board, red, gold, outlook, level) - outlook.penalty
    return worth - 0.02 * tile


def choose(engine, state: dict, seat: int, rng: random.Random, level: str = "normal") -> dict | None:
    """The bot's action for `seat` (None when it has none), from the seat's view only."""
    seen = engine.view(state, seat)
    actions = seen["legal_actions"]
    if not actions:
        return None
    if rng.random() < RANDOM_MOVE_CHANCE.get(level, 0.0):
        return rng.choice(actions)
    board = flat(seen["boards"][seat])
    red, gold, outlook = seen["red_points"][seat], seen["gold"][seat], Outlook(seen, seat)
    phase = seen["phase"]
    if phase == "choose":
        tiles = [action["tile"] for action in actions]
        best = max(tiles, key=lambda tile: tile_worth(board, tile, red, gold, seen, outlook, level))
        return {"type": "choose_tile", "tile": best}
    if phase == "place":
        _, (a, b) = best_placement(board, seen["current_tile"], red, gold, seen, outlook, level)
        return {"type": "place_tile", "cell_a": cell(a), "cell_b": cell(b)}
    return best_purchase(board, red, gold, seen, outlook, level)[1]

