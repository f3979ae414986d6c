"""What a seat or a spectator may see of a Double Connect game (§7)."""

from __future__ import annotations

from typing import Any

from .state import COUNTDOWN, FINAL_CHANCE, FINISHED, active_targets, available_targets, is_own_team


def _tower(state: dict[str, Any], revealed: bool) -> dict[str, Any]:
    """The start card, its capacity and the arms with their owning teams; no ids before play (D17)."""
    arms = [{**arm, "cards": list(arm["cards"])} for arm in state["arms"]]
    return {
        "start_card": state["start_card"] if revealed else None,
        "start_card_present": True,
        "start_capacity": state["start_capacity"],
        "free_slots": max(0, state["start_capacity"] - len(arms)),
        "arms": arms,
    }


def _targets_by_team(state: dict[str, Any]) -> list[list[int]] | None:
    """In `own_team`, the targets each team may use, so a client greys out the rest (D14)."""
    if not is_own_team(state["config"]):
        return None
    first_seats = range(state["team_count"])  # seat t is in team t (seat mod T)
    return [available_targets(state, seat) for seat in first_seats]


def _deadlines(state: dict[str, Any]) -> dict[str, Any]:
    """The pending timers (ms); lockout ends are in `locked_until`."""
    phase = state["phase"]
    return {
        "begin_play": state["play_start"] if phase == COUNTDOWN else None,
        "final_chance_over": state["final_deadline"] if phase == FINAL_CHANCE else None,
        "time_up": state["time_up_at"] if phase != FINISHED else None,
    }


def public_view(state: dict[str, Any]) -> dict[str, Any]:
    """Everything on the table: hands and tower from `playing` on, never the pile's contents or the seed."""
    revealed = state["phase"] != COUNTDOWN
    return {
        "phase": state["phase"],
        "step": state["step"],
        "players": state["players"],
        "mode": state["config"]["mode"],
        "team_of": list(state["team_of"]) if state["team_of"] is not None else None,
        "hand_sizes": [len(hand) for hand in state["hands"]],
        "hands": [list(hand) for hand in state["hands"]] if revealed else None,
        "pile_count": len(state["pile"]),
        "tower": _tower(state, revealed),
        "active_targets": active_targets(state) if revealed else [],
        "targets_by_team": _targets_by_team(state) if revealed else None,
        "locked_until": list(state["locked_until"]),
        "wrong_claims": list(state["wrong_claims"]),
        "placed": list(state["placed"]),
        "emptied_at": [list(at) if at else None for at in state["emptied_at"]],
        "empty_order": list(state["empty_order"]),
        "deadlines": _deadlines(state),
        "reason": state["reason"],
        "finished_at": state["finished_at"],
    }


def view(state: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """§7: a seat sees the public view plus `you` and `your_team`; a spectator the public view."""
    public = public_view(state)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state["players"]:
        return public
    team = state["team_of"][seat] if state["team_of"] is not None else None
    return {**public, "you": seat, "your_team": team}
