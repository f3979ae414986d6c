"""What a seat or a spectator may see of a Jekyll vs. Hyde table (§7), and the public action log."""

from __future__ import annotations

from typing import Any

from ...engine.contract import clone
from .components import SEATS
from .state import turn

SECRET_CARDS_ACTIONS = ("exchange_cards", "greed_give")


def view(state: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The public table plus `seat`'s own hand, received cards and selection; nothing else."""
    own = seat if seat in SEATS else None
    phase = state["phase"]
    seen = {
        "seat": own,
        "players": 2,
        "roles": dict(state["roles"]),
        "phase": phase,
        "round": state["round"],
        "trick_no": state["trick_no"],
        "leader": state["leader"],
        "turn": turn(state),
        "hand": sorted(state["hands"][own]) if own is not None else None,
        "hand_sizes": [len(hand) for hand in state["hands"]],
        "set_aside_count": len(state["set_aside"]),
        "trick": [dict(entry) for entry in state["trick"]],
        "ranking": list(state["ranking"]),
        "tricks": [len(pile) for pile in state["won"]],
        "last_trick": dict(state["last_trick"]) if state["last_trick"] else None,
        "marker": state["marker"],
        "submitted": _submitted(state),
        "received": list(state["received"][own]) if own is not None and state["received"][own] else None,
        "deadlines": list(state["deadlines"]),
        "step": state["step"],
        "match": _match(state),
        "result": clone(state["result"]) if state["result"] else None,
        "config": dict(state["config"]),
    }
    seen.update(_own_duties(state, own))
    if state["config"]["show_trick_history"]:
        # D17: completed tricks were played face up; only the variant shows them all.
        seen["history"] = [dict(trick) for trick in state["history"]]
    return seen


def _pending(state: dict[str, Any]) -> list[Any] | None:
    """The secret submissions of the open simultaneous step, if one is open."""
    return {"exchange": state["exchange_pending"], "greed": state["greed_pending"]}.get(state["phase"])


def _submitted(state: dict[str, Any]) -> list[bool] | None:
    """Per seat, whether it has submitted in `exchange`/`greed` (not what)."""
    pending = _pending(state)
    return None if pending is None else [choice is not None for choice in pending]


def _own_duties(state: dict[str, Any], own: int | None) -> dict[str, Any]:
    """The viewer's own pending selection and exchange obligation (never the opponent's)."""
    if own is None:
        return {"selection": None, "must_give_potion": None}
    pending = _pending(state)
    selection = pending[own] if pending is not None else None
    return {
        "selection": list(selection) if selection is not None else None,
        "must_give_potion": state["dealt_potions"][own] >= 2,
    }


def _match(state: dict[str, Any]) -> dict[str, Any]:
    """Match progress: game index, per-seat Hyde scores and rounds, finished games' results."""
    match = state["match"]
    return {
        "game_index": match["game_index"],
        "hyde_score": list(match["hyde_score"]),
        "hyde_rounds": list(match["hyde_rounds"]),
        "games": clone(match["games"]),
    }


def public_action(seat: int | None, action: dict[str, Any]) -> dict[str, Any]:
    """A logged action for the public: exchanged or given card ids are replaced by their count."""
    if action.get("type") in SECRET_CARDS_ACTIONS:
        cards = action.get("cards")
        return {"type": action["type"], "count": len(cards) if isinstance(cards, list) else 0}
    return dict(action)
