"""What a seat or a spectator may see of a Camel Up Cards table (§7), and the public action log."""

from __future__ import annotations

from typing import Any

from ...engine.contract import clone
from .components import standings
from .state import copy_trick


def view(state: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The public table plus `seat`'s own hand and commitment; never the seed or the draw pile's order."""
    count = len(state["hands"])
    own = seat if isinstance(seat, int) and seat in range(count) else None
    commitment = state["committed"][own] if own is not None else None
    return {
        "seat": own,
        "players": count,
        "phase": state["phase"],
        "race": state["race"],
        "trick_in_race": state["trick_in_race"],
        "global_trick": state["global_trick"],
        "lead": state["global_trick"] % count,
        "stacks": [list(stack) for stack in state["stacks"]],
        "standings": standings(state["stacks"], state["config"]["stack_leader"]),
        "bets": [dict(token) for token in state["bets"]],
        "draw_count": len(state["draw_pile"]),
        "discard_pile": list(state["discard_pile"]),
        "hand": list(state["hands"][own]) if own is not None else None,
        "hand_sizes": [len(hand) for hand in state["hands"]],
        "committed": [choice is not None for choice in state["committed"]],
        "my_commitment": dict(commitment) if commitment is not None else None,
        "coins": [player["coins"] for player in state["players"]],
        "last_change": [player["last_change"] for player in state["players"]],
        "coin_event_seq": state["coin_event_seq"],
        "race_bet_seq": state["race_bet_seq"],
        "die_counter": state["die_counter"],
        "last_trick": copy_trick(state["last_trick"]) if state["last_trick"] else None,
        "last_race": clone(state["last_race"]) if state["last_race"] else None,
        "deadline": state["deadline"],
        "step": state["step"],
        "config": dict(state["config"]),
        "result": clone(state["result"]) if state["result"] else None,
    }


def public_action(seat: int | None, action: dict[str, Any]) -> dict[str, Any]:
    """A logged play_card for the public: the card and its target stay secret (§7; the reveal shows them)."""
    if action.get("type") == "play_card":
        return {"type": "play_card"}
    return dict(action)
