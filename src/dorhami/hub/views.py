"""What clients see of a table: the room message, a seat's state message, a page of the public log.

Functions of what they are given (no table, no hub): the hub formats the room of a table another
process runs with the same `room_public`, from the database's seats and an empty roster.
"""

from __future__ import annotations

from typing import Any

from ..engine import Engine, Event, events_for
from ..errors import ErrorCode
from ..storage.records import RoomRecord, SeatRecord
from .errors import HubError
from .live_game import LiveGame
from .namesakes import tell_apart
from .presence import Roster
from .room_rules import RoomRules
from .seating import seat_public
from .verify import revealed


def room_public(
    rules: RoomRules,
    room: RoomRecord,
    seats: dict[int, SeatRecord],
    names: dict[str, str],
    game: LiveGame | None,
    roster: Roster,
    now_ms: int,
    rematch_requests: set[str] | None = None,
    stand_ins: set[int] | frozenset[int] = frozenset(),
    rescue_requests: list[dict] | None = None,
) -> dict:
    """The room as every socket and GET /api/rooms/{code} show it; namesakes told apart."""
    seated = {s.player_id for s in seats.values() if s.player_id}
    return tell_apart(
        {
            "code": room.code,
            "url": f"/t/{room.code}",
            "game": room.game,
            "title": rules.engine.title,
            "config": {**rules.config, **rules.options},
            "private": room.private,
            "status": room.status,
            "host": {"id": room.host_id, "name": names.get(room.host_id, "")},
            "reconnect_grace_s": room.reconnect_grace_s,
            "max_seats": rules.max_seats,
            "min_players": rules.player_counts[0],
            "player_counts": rules.player_counts,
            "game_id": room.game_id,
            "commitment": game.commitment if game else None,
            "seats": [seat_public(s, names, stand_ins) for s in sorted(seats.values(), key=lambda s: s.seat)],
            "presence": {s.seat: roster.of(s.player_id, now_ms).value for s in seats.values() if s.player_id},
            "spectators": roster.spectators + sum(n for pid, n in roster.sockets.items() if pid not in seated),
            "rematch_requests": sorted(rematch_requests or ()),
            "rescue_requests": rescue_requests or [],
            **chat_settings(room),
        }
    )


def chat_settings(room: RoomRecord) -> dict:
    return {"spectator_chat": bool(room.spectator_chat), "muted": list(room.muted or [])}


def snapshot(engine: Engine, game: LiveGame | None, seat: int | None, events: list[Event] | None = None) -> dict:
    """The state message for one seat (or a spectator)."""
    if game is None:
        raise HubError(ErrorCode.NOT_STARTED, "this room's game has not started")
    legal = game.compact_legal(seat) if seat is not None else []
    return {
        "type": "state",
        "game_id": game.id,
        "version": game.version,
        "seat": seat,
        "commitment": game.commitment,
        "view": engine.view(game.state, seat),
        "legal_actions": legal,
        "events": events_for(events or [], seat),
        "result": game.result,
    }


async def public_log(store: Any, engine: Engine, game: LiveGame | None, room_code: str, after: int, limit: int) -> dict:
    """A page of the log (seq > `after`, at most `limit`). Read outside the actor: a long read
    must not hold up the table's actions, and rows, once written, never change."""
    if game is None:
        raise HubError(ErrorCode.NOT_STARTED, "this room's game has not started")
    game_id, finished = game.id, game.result is not None
    rows = await store.actions_page(game_id, after, limit + 1)
    more, rows = len(rows) > limit, rows[:limit]
    entries = [
        {
            "seq": r.seq,
            "seat": r.seat,
            "server_ms": r.server_ms,
            "action": r.action if finished or r.seat is None else engine.public_action(r.seat, r.action),
            "timing": r.timing,
        }
        for r in rows
    ]
    log_view = {
        "game_id": game_id,
        "finished": finished,
        "entries": entries,
        "next_after": rows[-1].seq if more else None,
    }
    if finished:
        # Once the game is over anyone may check it: setup(seed) + this log replays it exactly.
        record = await store.game(game_id)
        log_view.update(
            seed=record.seed,
            players=record.players,
            config=record.config,
            started_ms=record.started_ms,
            fairness=revealed(record, room_code),
        )
    return log_view
