"""What a seat or a spectator sees of a Queendomino table (§7): everything but the draw pile's secrets."""

from __future__ import annotations

from typing import Any

from ...engine.contract import clone
from .components import BUILDING_COLOURS, CELLS, PILES, SIZE, card_public, cell
from .state import breakdown, placements, purchases, top_card


def view(state: dict[str, Any], seat: int | None, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The public table (§7) plus the viewer's own legal actions; the pile order and removed tiles never."""
    players = state["players"]
    own = seat if isinstance(seat, int) and 0 <= seat < players else None
    seconds = state["config"]["turn_seconds"]
    running = state["phase"] != "finished"
    return {
        "seat": own,
        "players": players,
        "round": state["round"],
        "rounds": state["config"]["rounds"],
        "order": list(state["order"]),
        "current": state["current"],
        "phase": state["phase"],
        "deadline": state["turn_started_ms"] + seconds * 1000 if seconds and running else None,
        "display": [dict(entry) for entry in state["display"]],
        "current_tile": state["current_tile"],
        "boards": [board_rows(board) for board in state["boards"]],
        "gold": list(state["gold"]),
        "red_points": list(state["red_points"]),
        "king_points": list(state["king_points"]),
        "discards": list(state["discards"]),
        "discarded": [dict(entry) for entry in state["discarded"]],
        "chosen_tiles": [list(tiles) for tiles in state["chosen_tiles"]],
        "breakdown": [breakdown(state, s) for s in range(players)],
        "market": market(state),
        "king_colour": state["king_colour"],
        "draw_pile_size": len(state["pile"]),
        "removed_count": len(state["removed"]),
        "highlight": highlight(state),
        "legal_actions": legal if own is not None else [],
        "config": dict(state["config"]),
        "step": state["step"],
        "result": clone(state["result"]) if state["result"] else None,  # a copy, like every other part
    }


def board_rows(board: list[Any]) -> list[list[Any]]:
    """A flat board as 5 rows of 5 cells."""
    cells = [dict(c) if isinstance(c, dict) else c for c in board]
    return [cells[start : start + SIZE] for start in range(0, CELLS, SIZE)]


def market(state: dict[str, Any]) -> dict[str, Any]:
    """Per building colour: the top card on offer and the ids of every card left in the pile, top first (§2.4)."""
    piles = {}
    for colour in BUILDING_COLOURS:
        top = top_card(state, colour)
        piles[colour] = {
            "top": card_public(top) if top else None,
            "remaining": list(PILES[colour][state["bought"][colour] :]),
        }
    return piles


def highlight(state: dict[str, Any]) -> dict[str, Any]:
    """The current seat's legal placements or plots, public so every client can draw them."""
    seat, phase = state["current"], state["phase"]
    found: dict[str, Any] = {"placements": [], "purchases": []}
    if phase == "place":
        pairs = placements(state["boards"][seat], state["current_tile"], state["config"]["terrain_matching"])
        found["placements"] = [{"cell_a": cell(a), "cell_b": cell(b)} for a, b in pairs]
    elif phase == "build":
        found["purchases"] = [{"colour": colour, "cell": cell(i)} for colour, i in purchases(state, seat)]
    return found
