"""Results and ratings, written: who placed where in a finished game, and the ratings it moves.

A finished game stores one `game_players` row per person (their rank and, when rated, their mu
and sigma before and after) and moves their `ratings` rows, in the transaction that stores the
result (`finish_game_in`, run by the journal with the game's last action). `rebuild_in` replays
every rated game's rows from fresh ratings, so the ratings are always recomputable from results.
The maths is dorhami/ratings.py.
"""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy import Connection, Engine, delete, insert, select, update

from ..ratings import Rating, apply, ordinal, sides_of, unrated_reason
from .records import GamePlayerRecord, GameRecord, RatingRecord, RoomRecord
from .repository import Repository

log = logging.getLogger(__name__)

GAME_PLAYERS, RATINGS, GAMES, ROOMS = (r.__table__ for r in (GamePlayerRecord, RatingRecord, GameRecord, RoomRecord))


def record_result_in(
    connection: Connection, game_id: int, engine: Any, result: dict[str, Any], ended_ms: int, unrated: str | None = None
) -> None:
    """After the result is stored: each person's `game_players` row, and, if the game is rated
    (`games.unrated` is still null, read here inside the transaction, so a reason written before
    the end counts, and so is the table's own `unrated`, should that write have failed), their
    new ratings. The ratings rows are read `FOR UPDATE`, so two processes
    finishing games of the same people on PostgreSQL take turns."""
    game = connection.execute(
        select(GAMES.c.players, GAMES.c.seat_players, GAMES.c.unrated, GAMES.c.config, ROOMS.c.game)
        .join(ROOMS, ROOMS.c.id == GAMES.c.room_id)
        .where(GAMES.c.id == game_id)
    ).one()
    seat_players = list(game.seat_players or [])
    unrated = game.unrated or unrated or unrated_reason(engine, game.config or {}, game.players, seat_players)
    if unrated != game.unrated:
        connection.execute(GAMES.update().where(GAMES.c.id == game_id).values(unrated=unrated))
    try:
        sides = sides_of(engine, result, game.players, seat_players)
    except Exception:  # a rules bug here must not stop the game from ending: it goes unrecorded
        log.exception("game %s: no placings from its result; it is not rated", game_id)
        return
    for members, rank in sides:
        for row in members:
            row.update(
                game_id=game_id,
                game=game.game,
                rank=rank,
                players=game.players,
                ended_ms=ended_ms,
                rated=False,
                mu_before=None,
                sigma_before=None,
                mu_after=None,
                sigma_after=None,
            )
    rows = [row for members, _ in sides for row in members]
    if not rows:
        return
    if unrated is None and len(sides) >= 2:
        people = sorted({row["player_id"] for row in rows})
        current = {
            r.player_id: Rating(r.mu, r.sigma, r.games)
            for r in connection.execute(
                select(RATINGS).where(RATINGS.c.game == game.game, RATINGS.c.player_id.in_(people)).with_for_update()
            )
        }
        ratings = {pid: current.get(pid, Rating()) for pid in people}
        apply(sides, ratings)
        write_ratings(connection, game.game, {pid: ratings[pid] for pid in people}, set(current), ended_ms)
    connection.execute(insert(GAME_PLAYERS), rows)


def write_ratings(
    connection: Connection, game: str, ratings: dict[str, Rating], existing: set[str], ended_ms: int
) -> None:
    for pid, r in ratings.items():
        values = {
            "mu": r.mu,
            "sigma": r.sigma,
            "ordinal": ordinal(r.mu, r.sigma),
            "games": r.games,
            "updated_ms": ended_ms,
        }
        if pid in existing:
            connection.execute(
                update(RATINGS).where(RATINGS.c.game == game, RATINGS.c.player_id == pid).values(**values)
            )
        else:
            connection.execute(insert(RATINGS).values(player_id=pid, game=game, **values))


def rebuild_ratings(engine: Engine) -> int:
    """Recompute every rating from the stored results, in one transaction; games replayed."""
    with engine.begin() as connection:
        return rebuild_in(connection)


def rebuild_in(connection: Connection) -> int:
    """Recompute every rating from the stored results: the rated games' `game_players` rows in
    (ended_ms, game_id) order from fresh ratings, their before/after rewritten and the ratings
    table replaced. Returns how many games were replayed."""
    from ..catalogue import get_engine

    rated = connection.execute(
        select(GAMES.c.id, GAMES.c.players, GAMES.c.result, GAMES.c.ended_ms, ROOMS.c.game)
        .join(ROOMS, ROOMS.c.id == GAMES.c.room_id)
        .where(GAMES.c.id.in_(select(GAME_PLAYERS.c.game_id).where(GAME_PLAYERS.c.rated.is_(True))))
        .order_by(GAMES.c.ended_ms, GAMES.c.id)
    ).all()
    ratings: dict[tuple[str, str], Rating] = {}
    updated: dict[tuple[str, str], int] = {}
    for game in rated:
        stored = connection.execute(
            select(GAME_PLAYERS.c.seat, GAME_PLAYERS.c.player_id).where(GAME_PLAYERS.c.game_id == game.id)
        ).all()
        seat_players: list[str | None] = [None] * game.players
        for seat, pid in stored:
            seat_players[seat] = pid
        sides = sides_of(get_engine(game.game), game.result, game.players, seat_players)
        by_player = {
            m["player_id"]: ratings.get((game.game, m["player_id"]), Rating()) for members, _ in sides for m in members
        }
        apply(sides, by_player)
        for pid, r in by_player.items():
            ratings[(game.game, pid)], updated[(game.game, pid)] = r, game.ended_ms
        for members, _ in sides:
            for m in members:
                connection.execute(
                    update(GAME_PLAYERS)
                    .where(GAME_PLAYERS.c.game_id == game.id, GAME_PLAYERS.c.seat == m["seat"])
                    .values(
                        mu_before=m["mu_before"],
                        sigma_before=m["sigma_before"],
                        mu_after=m["mu_after"],
                        sigma_after=m["sigma_after"],
                    )
                )
    connection.execute(delete(RATINGS))
    for (title, pid), r in ratings.items():
        connection.execute(
            insert(RATINGS).values(
                player_id=pid,
                game=title,
                mu=r.mu,
                sigma=r.sigma,
                ordinal=ordinal(r.mu, r.sigma),
                games=r.games,
                updated_ms=updated[(title, pid)],
            )
        )
    return len(rated)


def finish_game_in(
    connection: Connection,
    game_id: int,
    engine: Any,
    result: dict[str, Any],
    ended_ms: int,
    unrated: str | None = None,
    end_players: list[str | None] | None = None,
) -> None:
    """The write that ends a game, in the transaction of its last action: the result and who held
    each seat then, then who placed where and the ratings it moves (`unrated`: the table's reason)."""
    Repository.finish_game_in(connection, game_id, result, ended_ms, end_players)
    record_result_in(connection, game_id, engine, result, ended_ms, unrated)


def mark_unrated_in(connection: Connection, game_id: int, reason: str) -> str:
    """Give a running game its reason not to count, unless it has one already; the reason kept."""
    connection.execute(GAMES.update().where(GAMES.c.id == game_id, GAMES.c.unrated.is_(None)).values(unrated=reason))
    kept: str = connection.execute(select(GAMES.c.unrated).where(GAMES.c.id == game_id)).scalar_one()
    return kept
