"""The rows behind games at the players' pace (hub/pace.py) and "my games" (api/routes/my_games.py).

A daily room's row says whose turn it is (`turn`) and when its table must come back to memory by itself
(`wake_ms`); the journal writes both with each of its actions. "My games" reads rooms and seats only:
a sleeping game is never loaded to be listed.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, Engine, Select, func, or_, select, update

from .records import GameRecord, PlayerRecord, RoomRecord, SeatRecord

ROOMS, SEATS, GAMES, PLAYERS = (
    RoomRecord.__table__,
    SeatRecord.__table__,
    GameRecord.__table__,
    PlayerRecord.__table__,
)
OPEN = ("waiting", "playing")


def set_turn_in(connection: Connection, room_id: int, turn: dict[str, Any], wake_ms: int | None) -> None:
    connection.execute(update(ROOMS).where(ROOMS.c.id == room_id).values(turn=turn, wake_ms=wake_ms))


def due_daily_rooms(engine: Engine, before_ms: int, limit: int) -> list[str]:
    """Codes of the daily games whose table must be in memory by `before_ms` (a reminder or a deadline)."""
    query = (
        select(ROOMS.c.code)
        .where(ROOMS.c.status == "playing", ROOMS.c.pace == "daily", ROOMS.c.wake_ms <= before_ms)
        .order_by(ROOMS.c.wake_ms)
        .limit(limit)
    )
    with engine.connect() as connection:
        return list(connection.scalars(query))


def daily_bound_queries(player_id: str) -> tuple[Select[Any], Select[Any]]:
    """The two indexed counts of the daily bound: rooms `player_id` hosts, and rooms they sit in
    and do not host (so a room they host and sit in counts once)."""
    daily_open = (ROOMS.c.pace == "daily") & ROOMS.c.status.in_(OPEN)
    hosted = select(func.count()).select_from(ROOMS).where(daily_open, ROOMS.c.host_id == player_id)
    seated = (
        select(func.count())
        .select_from(SEATS.join(ROOMS, ROOMS.c.id == SEATS.c.room_id))
        .where(SEATS.c.player_id == player_id, daily_open, ROOMS.c.host_id != player_id)
    )
    return hosted, seated


def daily_games_of(engine: Engine, player_id: str) -> int:
    """How many daily rooms, waiting or playing, `player_id` hosts or sits in."""
    with engine.connect() as connection:
        return sum(int(connection.scalar(query) or 0) for query in daily_bound_queries(player_id))


def rooms_of(engine: Engine, player_id: str, finished_since_ms: int, limit: int) -> list[dict[str, Any]]:
    """The rooms `player_id` sits in: waiting or playing, and those whose game ended since
    `finished_since_ms`, newest first; each with its seat. The caller sorts them for the page."""
    query = (
        select(
            ROOMS.c.code,
            ROOMS.c.game,
            ROOMS.c.status,
            ROOMS.c.pace,
            ROOMS.c.config,
            ROOMS.c.turn,
            ROOMS.c.host_id,
            ROOMS.c.id,
            SEATS.c.seat,
            GAMES.c.started_ms,
            GAMES.c.ended_ms,
            GAMES.c.result,
        )
        .join(SEATS, SEATS.c.room_id == ROOMS.c.id)
        .outerjoin(GAMES, GAMES.c.id == ROOMS.c.game_id)
        .where(
            SEATS.c.player_id == player_id,
            or_(ROOMS.c.status.in_(OPEN), (ROOMS.c.status == "finished") & (GAMES.c.ended_ms >= finished_since_ms)),
        )
        .order_by(ROOMS.c.id.desc())
        .limit(limit)
    )
    with engine.connect() as connection:
        return [dict(row._mapping) for row in connection.execute(query)]


def seated_names(engine: Engine, room_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """Room id -> its seats in order: {seat, name} (a bot's name is null, with its level)."""
    if not room_ids:
        return {}
    query = (
        select(SEATS.c.room_id, SEATS.c.seat, SEATS.c.bot_level, PLAYERS.c.name)
        .outerjoin(PLAYERS, PLAYERS.c.id == SEATS.c.player_id)
        .where(SEATS.c.room_id.in_(room_ids))
        .order_by(SEATS.c.room_id, SEATS.c.seat)
    )
    seats: dict[int, list[dict[str, Any]]] = {}
    with engine.connect() as connection:
        for room_id, seat, bot, name in connection.execute(query):
            seats.setdefault(room_id, []).append({"seat": seat, "name": name, "bot": bot})
    return seats
