"""What every seat and spectator sees of a Twin It table (§7): one public view for all."""

from __future__ import annotations

from typing import Any

from .state import PLAYING, owner_seats, shows

TIMER_KEYS = ("countdown_end", "play_start", "flip_deadline", "last_call_deadline", "cap_deadline", "coop_end")


def card_entry(state: dict[str, Any], card: int) -> dict[str, Any]:
    """A visible card as {card, design}: only the face that is showing."""
    return {"card": card, "design": shows(state, card)}


def piles_view(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Per pile its count and, while playing, its top (§7; D22: hidden during the countdown, and
    a finished game shows no tops either)."""
    hide_tops = state["phase"] != PLAYING
    return [
        {"seat": seat, "count": len(pile), "top": None if hide_tops or not pile else card_entry(state, pile[0])}
        for seat, pile in enumerate(state["piles"])
    ]


def owners_view(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Per seat (team mode: per team) its sets, cards_in_sets and mistakes."""
    sets: dict[int | None, tuple[int, int]] = {}  # by owner: (sets, cards in them)
    for won in state["sets"]:
        count, cards = sets.get(won["owner"], (0, 0))
        sets[won["owner"]] = (count + 1, cards + len(won["cards"]))
    if state["mode"] == "coop":
        count, cards = sets.get(None, (0, 0))
        return [
            {"seat": s, "sets": count, "cards_in_sets": cards, "mistakes": m} for s, m in enumerate(state["mistakes"])
        ]
    key = "team" if state["mode"] == "team" else "seat"
    rows = []
    for owner, mistakes in enumerate(state["mistakes"]):
        count, cards = sets.get(owner, (0, 0))
        row = {key: owner, "sets": count, "cards_in_sets": cards, "mistakes": mistakes}
        if key == "team":
            row["seats"] = owner_seats(state, owner)
        rows.append(row)
    return rows


def view(state: dict[str, Any], seat: int | None, result: dict[str, Any] | None) -> dict[str, Any]:
    """The public view of §7; `seat` changes nothing, since Twin It has no private information.

    Designs are ids only: their drawing parameters are public and fixed (components.design_params),
    so clients compute them once instead of receiving them with every view.
    """
    # The centre holds most of the deck by mid-game, so its entries are built inline.
    faces, side = state["faces"], state["side"]
    centre = [
        {"slot": slot, "card": card, "design": faces[2 * card + side[card]]}
        for slot, card in enumerate(state["centre"])
        if card is not None
    ]
    sets = [
        {
            "id": won["id"],
            "owner": won["owner"],
            "cards": list(won["cards"]),
            "design": won["design"],
            "acquired_seq": won["acquired_seq"],
        }
        for won in state["sets"]
    ]
    forbidden = [card_entry(state, card) for card in state["forbidden"]]
    piles = piles_view(state)
    stock_top = None
    if state["stock"] and state["phase"] == PLAYING:
        stock_top = card_entry(state, state["stock"][0])
    return {
        "step": state["step"],
        "turn": state["turn"],
        "clock": state["clock"],
        "config": dict(state["config"]),  # a copy: a view must never be a way to change the game
        "mode": state["mode"],
        "phase": state["phase"],
        "players": state["players"],
        "target_sets": state["target"],
        "teams": [owner_seats(state, team) for team in (0, 1)] if state["mode"] == "team" else None,
        "active": state["active"],
        **{key: state[key] for key in TIMER_KEYS},
        "piles": piles,
        "centre": centre,
        "sets": sets,
        "forbidden": {"seat": state["previous_winner"], "cards": forbidden} if forbidden else None,
        "forbidden_designs": sorted(state["forbidden_designs"]),
        "owners": owners_view(state),
        "locked_until": list(state["locked_until"]),
        "touches": [
            {"seat": t["seat"], "cards": [dict(entry) for entry in t["cards"]], "expires_at": t["expires_at"]}
            for t in state["touches"]
        ],
        "stock": {"count": len(state["stock"]), "top": stock_top} if state["mode"] == "coop" else None,
        "points": state["points"] if state["mode"] == "coop" else None,
        "result": result,
    }
