""" "My games": every room a player sits in, live and daily, the ones waiting for their move first.

Read from the rooms' rows (storage/daily.py): a daily game's row says whose turn it is; a live game
running in this process is read from its table (its row is not written at every action, to keep the
action path one write). A live game another process runs shows as playing, with no turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..storage import daily
from . import pace

if TYPE_CHECKING:
    from ..storage.repository import Store
    from .table import Table

FINISHED_SHOWN_MS = 7 * 24 * 3_600_000  # finished games stay on the list for a week
LISTED = 100


def live_turn(table: Table) -> dict[str, Any] | None:
    """The turn of a live game from its table in memory."""
    game = table.game
    if game is None or table.retired:
        return None
    last_events = game.history[-1][1] if game.history else []
    return {
        "seats": pace.to_move(table.engine, game.state, game.players, game.legal),
        "deadline_ms": table.engine.next_deadline(game.state),
        "version": game.version,
        "last": {"seat": None, "type": last_events[-1].get("type") if last_events else None, "ms": game.last_ms},
    }


async def games_of(store: Store, tables: Mapping[str, Table], player_id: str, now_ms: int) -> dict[str, Any]:
    rows = await store.run(daily.rooms_of, store.engine, player_id, now_ms - FINISHED_SHOWN_MS, LISTED)
    names = await store.run(daily.seated_names, store.engine, [row["id"] for row in rows])
    games = []
    for row in rows:
        turn = row["turn"] if row["pace"] == "daily" else None
        table = tables.get(row["code"])
        if row["status"] == "playing" and row["pace"] == "live" and table is not None:
            turn = live_turn(table)
        playing = row["status"] == "playing" and turn is not None
        seats = turn.get("seats", []) if playing and turn else []
        games.append(
            {
                "code": row["code"],
                "game": row["game"],
                "status": row["status"],
                "pace": row["pace"],
                "turn_hours": row["config"].get(pace.TURN) if row["pace"] == "daily" else None,
                "seat": row["seat"],
                "host": row["host_id"] == player_id,
                "your_turn": row["seat"] in seats,
                "to_move": seats,
                "deadline_ms": turn.get("deadline_ms") if playing and turn else None,
                "last_move": turn.get("last") if turn else None,
                "seats": names.get(row["id"], []),
                "started_ms": row["started_ms"],
                "ended_ms": row["ended_ms"],
                "result": row["result"] if row["status"] == "finished" else None,
            }
        )
    games.sort(key=order)
    return {"games": games, "your_turn": sum(1 for game in games if game["your_turn"])}


def order(game: dict[str, Any]) -> tuple:
    """Your turn first (the soonest deadline first), then games running, then waiting, then finished
    (the most recent first)."""
    rank = 0 if game["your_turn"] else {"playing": 1, "waiting": 2}.get(game["status"], 3)
    deadline = game["deadline_ms"] if game["deadline_ms"] is not None else 2**62
    return (rank, deadline if rank == 0 else 0, -(game["ended_ms"] or game["started_ms"] or 0))
