"""The repository: every query the server makes, as small synchronous functions.

The hub calls them through `Store` (a worker thread), so the event loop never waits on SQL.
"""

from __future__ import annotations

import asyncio
import hashlib
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from functools import partial
from typing import Any, NamedTuple, TypeVar, cast

from sqlalchemy import (
    ColumnElement,
    Connection,
    CursorResult,
    Engine,
    case,
    delete,
    exists,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.orm import Session, sessionmaker

from . import leases, player_sessions, recovery
from .db import make_engine, make_sessions, migrate
from .player_sessions import Origin, SessionExpired, SignedIn
from .records import (
    ActionRecord,
    ChatRecord,
    GamePlayerRecord,
    GameRecord,
    PlayerRecord,
    PlayerSessionRecord,
    RatingRecord,
    RoomRecord,
    SeatRecord,
)

T = TypeVar("T")
ACTIONS, GAMES, ROOMS, SEATS, CHAT = (
    r.__table__ for r in (ActionRecord, GameRecord, RoomRecord, SeatRecord, ChatRecord)
)


class ActionRow(NamedTuple):
    """One action log row to append (the journal's batches are lists of these)."""

    game_id: int
    seq: int
    seat: int | None
    action: dict[str, Any]
    server_ms: int
    client_seq: int | None
    # A compensated race action's receipt, report and compensation (hub/claims.py), else None.
    timing: dict[str, Any] | None = None


def hash_token(token: str) -> str:
    """Tokens are 256-bit random strings, so one SHA-256 is enough to store them safely."""
    return hashlib.sha256(token.encode()).hexdigest()


class Repository:
    """Synchronous queries over one database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sessions: sessionmaker[Session] = make_sessions(engine)

    # -- players --------------------------------------------------------------------------

    def create_player(self, name: str, now_ms: int | None = None) -> tuple[PlayerRecord, str]:
        """A new player, with the token of its first session (`created`)."""
        player = PlayerRecord(id=uuid.uuid4().hex, name=name)
        with self.sessions.begin() as session:
            session.add(player)
            token = self._begin_session(session, player.id, "created", now_ms)
        return player, token

    @staticmethod
    def _begin_session(session: Session, player_id: str, origin: Origin, now_ms: int | None) -> str:
        """Add a session of `player_id` to `session`; returns its token, which is stored only hashed."""
        token, now_ms = player_sessions.new_token(), player_sessions.wall_ms() if now_ms is None else now_ms
        session.add(
            PlayerSessionRecord(
                id=player_sessions.new_id(),
                player_id=player_id,
                token_hash=hash_token(token),
                origin=origin,
                created_ms=now_ms,
                last_used_ms=now_ms,
            )
        )
        return token

    def rename_player(self, player_id: str, name: str) -> None:
        with self.sessions.begin() as session:
            cast(PlayerRecord, session.get(PlayerRecord, player_id)).name = name

    def player_by_token(self, token: str, now_ms: int | None = None, idle_ms: int = 0) -> SignedIn | None:
        """The player and session of a token; None if it opens no session. A session unused for
        longer than `idle_ms` (0: never) is deleted and raises SessionExpired."""
        now_ms = player_sessions.wall_ms() if now_ms is None else now_ms
        with self.sessions() as session:
            found = session.execute(
                select(PlayerRecord, PlayerSessionRecord.id, PlayerSessionRecord.last_used_ms)
                .join(PlayerSessionRecord, PlayerSessionRecord.player_id == PlayerRecord.id)
                .where(PlayerSessionRecord.token_hash == hash_token(token))
            ).first()
        if found is None:
            return None
        player, session_id, last_used_ms = found
        if player_sessions.is_idle(last_used_ms, now_ms, idle_ms):
            self._end_sessions(PlayerSessionRecord.id == session_id)
            raise SessionExpired(session_id)
        if player_sessions.needs_touch(last_used_ms, now_ms):
            # Throttled (storage/player_sessions.py): most requests only read.
            self._touch_session(session_id, now_ms)
        return SignedIn(player, session_id)

    def _touch_session(self, session_id: str, now_ms: int) -> None:
        with self.sessions.begin() as session:
            session.execute(
                update(PlayerSessionRecord)
                .where(PlayerSessionRecord.id == session_id, PlayerSessionRecord.last_used_ms < now_ms)
                .values(last_used_ms=now_ms)
            )

    def sessions_of(self, player_id: str, now_ms: int, idle_ms: int = 0) -> list[PlayerSessionRecord]:
        """The player's live sessions (none idle longer than `idle_ms`, 0: never), newest first."""
        query = select(PlayerSessionRecord).where(PlayerSessionRecord.player_id == player_id)
        if idle_ms > 0:
            query = query.where(PlayerSessionRecord.last_used_ms >= now_ms - idle_ms)
        with self.sessions() as session:
            return list(session.scalars(query.order_by(PlayerSessionRecord.created_ms.desc(), PlayerSessionRecord.id)))

    def end_session(self, player_id: str, session_id: str) -> bool:
        """End one of the player's sessions; False if the player has no session with that id."""
        return self._end_sessions(PlayerSessionRecord.player_id == player_id, PlayerSessionRecord.id == session_id) > 0

    def end_idle_sessions(self, used_before_ms: int) -> int:
        """End every session last used before `used_before_ms` (the sweep's; a token of one is
        refused anyway, this only drops the rows); returns how many."""
        return self._end_sessions(PlayerSessionRecord.last_used_ms < used_before_ms)

    def _end_sessions(self, *where: ColumnElement[bool]) -> int:
        with self.sessions.begin() as session:
            return self._end_sessions_in(session, *where)

    @staticmethod
    def _end_sessions_in(session: Session, *where: ColumnElement[bool]) -> int:
        return cast("CursorResult[Any]", session.execute(delete(PlayerSessionRecord).where(*where))).rowcount

    def set_recovery_code(self, player_id: str, keep_only: str | None = None) -> str:
        """A new recovery code for the player; the one before it stops working. With `keep_only`
        (a session id), every other session of the player ends too, in the same transaction.
        Returns the code, which is stored only hashed."""
        code = recovery.new_code()
        with self.sessions.begin() as session:
            cast(PlayerRecord, session.get(PlayerRecord, player_id)).recovery_hash = recovery.hash_code(code)
            self._end_other_sessions(session, player_id, keep_only)
        return code

    def clear_recovery_code(self, player_id: str, keep_only: str | None = None) -> None:
        """No code restores the player any more; with `keep_only`, as in `set_recovery_code`."""
        with self.sessions.begin() as session:
            cast(PlayerRecord, session.get(PlayerRecord, player_id)).recovery_hash = None
            self._end_other_sessions(session, player_id, keep_only)

    def _end_other_sessions(self, session: Session, player_id: str, keep_only: str | None) -> None:
        if keep_only is not None:
            self._end_sessions_in(
                session, PlayerSessionRecord.player_id == player_id, PlayerSessionRecord.id != keep_only
            )

    def restore_player(self, typed_code: str, now_ms: int | None = None) -> tuple[PlayerRecord, str] | None:
        """The player whose recovery code this is, with the token of a new session (`restored`)
        for the browser that typed it (the player's other sessions go on); None if it is nobody's code."""
        digest = recovery.hash_code(typed_code)
        if digest is None:
            return None
        with self.sessions.begin() as session:
            player = session.scalar(select(PlayerRecord).where(PlayerRecord.recovery_hash == digest))
            if player is None:
                return None
            return player, self._begin_session(session, player.id, "restored", now_ms)

    def players(self, ids: set[str]) -> dict[str, PlayerRecord]:
        if not ids:
            return {}
        with self.sessions() as session:
            rows = session.scalars(select(PlayerRecord).where(PlayerRecord.id.in_(ids)))
            return {p.id: p for p in rows}

    # -- rooms and seats ------------------------------------------------------------------

    def create_room(
        self,
        code: str,
        game: str,
        config: dict[str, Any],
        private: bool,
        host_id: str,
        reconnect_grace_s: int = 60,
        pace: str = "live",
    ) -> RoomRecord:
        room = RoomRecord(
            code=code,
            game=game,
            config=config,
            private=private,
            host_id=host_id,
            status="waiting",
            reconnect_grace_s=reconnect_grace_s,
            pace=pace,
        )
        with self.sessions.begin() as session:
            session.add(room)
        return room

    def room(self, code: str) -> RoomRecord | None:
        with self.sessions() as session:
            return session.scalar(select(RoomRecord).where(RoomRecord.code == code))

    def open_rooms_hosted(self, player_id: str) -> int:
        """How many live rooms `player_id` hosts that are waiting or playing (daily ones have
        their own bound, storage/daily.py)."""
        with self.sessions() as session:
            return cast(
                int,
                session.scalar(
                    select(func.count())
                    .select_from(RoomRecord)
                    .where(
                        RoomRecord.host_id == player_id,
                        RoomRecord.status.in_(("waiting", "playing")),
                        RoomRecord.pace == "live",
                    )
                ),
            )

    def rooms_with_status(self, status: str, public_only: bool = False) -> list[RoomRecord]:
        query = select(RoomRecord).where(RoomRecord.status == status).order_by(RoomRecord.id.desc())
        if public_only:
            query = query.where(RoomRecord.private.is_(False))
        with self.sessions() as session:
            return list(session.scalars(query.limit(200)))

    def playing_room_codes(self, after_id: int, limit: int) -> list[tuple[int, str]]:
        """(id, code) of live rooms with a game in progress, in id order after `after_id`: a restart
        resumes all of them, a page at a time. Daily games come back when they are due (hub/hub.py)."""
        query = (
            select(ROOMS.c.id, ROOMS.c.code)
            .where(ROOMS.c.status == "playing", ROOMS.c.pace == "live", ROOMS.c.id > after_id)
            .order_by(ROOMS.c.id)
            .limit(limit)
        )
        with self.engine.connect() as connection:
            return [tuple(row) for row in connection.execute(query)]

    def seats(self, room_id: int) -> list[SeatRecord]:
        with self.sessions() as session:
            return list(
                session.scalars(select(SeatRecord).where(SeatRecord.room_id == room_id).order_by(SeatRecord.seat))
            )

    def replace_seats(
        self, room_id: int, seats: list[SeatRecord], fences: dict[int, int] | None = None, owner: str | None = None
    ) -> None:
        with self.engine.begin() as connection:
            if fences:
                leases.check_fences(connection, cast(str, owner), fences)  # fences come with their owner
            self.replace_seats_in(connection, room_id, seats)

    @staticmethod
    def replace_seats_in(connection: Connection, room_id: int, seats: list[SeatRecord]) -> None:
        """Write the whole seat list of a room (seat changes are rare and rooms are small)."""
        connection.execute(delete(SEATS).where(SEATS.c.room_id == room_id))
        if seats:
            connection.execute(
                insert(SEATS),
                [
                    {
                        "room_id": room_id,
                        "seat": s.seat,
                        "player_id": s.player_id,
                        "bot_level": s.bot_level,
                        "client_seed": s.client_seed,
                    }
                    for s in seats
                ],
            )

    # -- chat (hub/chat.py): the room's, never a game's --------------------------------------

    @staticmethod
    def add_chat_in(
        connection: Connection, room_id: int, player_id: str, kind: str, body: str, sent_ms: int, keep: int
    ) -> int:
        """Store one chat line or reaction; its id. A write of the journal's (SQLite keeps one writer).
        Only the room's latest `keep` lines are kept: they are all a room ever shows, and what
        players wrote is not stored beyond what the room needs."""
        line_id: int = connection.execute(
            insert(CHAT).returning(CHAT.c.id),
            {"room_id": room_id, "player_id": player_id, "kind": kind, "body": body, "sent_ms": sent_ms},
        ).scalar_one()
        oldest_kept = (
            select(CHAT.c.id)
            .where(CHAT.c.room_id == room_id)
            .order_by(CHAT.c.id.desc())
            .offset(keep - 1)
            .limit(1)
            .scalar_subquery()
        )
        connection.execute(delete(CHAT).where(CHAT.c.room_id == room_id, CHAT.c.id < oldest_kept))
        return line_id

    @staticmethod
    def set_chat_settings_in(connection: Connection, room_id: int, spectator_chat: bool, muted: list[str]) -> None:
        connection.execute(
            update(ROOMS).where(ROOMS.c.id == room_id).values(spectator_chat=spectator_chat, muted=muted or None)
        )

    def recent_chat(self, room_id: int, limit: int) -> list[tuple[int, str, str, str, str, int]]:
        """The room's latest `limit` chat lines, oldest first: (id, player id, name, kind, body, sent_ms)."""
        query = (
            select(CHAT.c.id, CHAT.c.player_id, PlayerRecord.name, CHAT.c.kind, CHAT.c.body, CHAT.c.sent_ms)
            .join(PlayerRecord, PlayerRecord.id == CHAT.c.player_id)
            .where(CHAT.c.room_id == room_id)
            .order_by(CHAT.c.id.desc())
            .limit(limit)
        )
        with self.engine.connect() as connection:
            return [tuple(row) for row in reversed(list(connection.execute(query)))]

    # -- games and the action log ---------------------------------------------------------

    def start_game(self, room_id: int, game: GameRecord, seats: list[SeatRecord]) -> GameRecord:
        """Store a new game, the room's final seating, and mark the room playing, atomically."""
        with self.engine.begin() as connection:
            return self.start_game_in(connection, room_id, game, seats)

    @staticmethod
    def expire_waiting_rooms_in(
        connection: Connection, created_before: datetime, keep: set[str], daily_created_before: datetime | None = None
    ) -> list[str]:
        """Mark `expired` every waiting room made before `created_before` (a daily one: before
        `daily_created_before`, it waits days for its players) that no one but its host joined
        (bots do not count), except the codes in `keep`; returns their codes. Run as a write of
        the journal's, so SQLite keeps one writer."""
        guest = exists().where(
            SEATS.c.room_id == ROOMS.c.id, SEATS.c.player_id.is_not(None), SEATS.c.player_id != ROOMS.c.host_id
        )
        made = or_(
            (ROOMS.c.pace != "daily") & (ROOMS.c.created_at < created_before),
            (ROOMS.c.pace == "daily") & (ROOMS.c.created_at < (daily_created_before or created_before)),
        )
        stale = select(ROOMS.c.code).where(ROOMS.c.status == "waiting", made, ~guest)
        codes = [code for code in connection.scalars(stale) if code not in keep]
        if codes:
            connection.execute(
                update(ROOMS).where(ROOMS.c.code.in_(codes), ROOMS.c.status == "waiting").values(status="expired")
            )
        return codes

    @staticmethod
    def start_game_in(connection: Connection, room_id: int, game: GameRecord, seats: list[SeatRecord]) -> GameRecord:
        """`start_game` inside a transaction of the caller's (the journal's batch).

        Core statements: games start often (a Jekyll vs. Hyde game lasts a minute), and the ORM's
        unit of work for these four statements held the GIL longer than the commit took."""
        # Unset columns are left out, as the ORM would: a JSON column given None would store 'null'.
        values = {c.key: getattr(game, c.key) for c in GAMES.columns if getattr(game, c.key) is not None}
        game.id = connection.execute(insert(GAMES).returning(GAMES.c.id), values).scalar_one()
        Repository.replace_seats_in(connection, room_id, seats)
        connection.execute(update(ROOMS).where(ROOMS.c.id == room_id).values(status="playing", game_id=game.id))
        return game

    def append_action(
        self, game_id: int, seq: int, seat: int | None, action: dict[str, Any], server_ms: int, client_seq: int | None
    ) -> None:
        self.write_batch([ActionRow(game_id, seq, seat, action, server_ms, client_seq)], [])

    def write_batch(
        self,
        rows: list[ActionRow],
        writes: list[Callable[[Connection], Any]],
        fences: dict[int, int] | None = None,
        owner: str | None = None,
    ) -> list[Any]:
        """Append log rows (of any games), then run `writes` in order, in one transaction: one
        commit, however much it holds. Returns what each write returned.

        The rows go first: a write in the same batch (a game's result) may follow its own game's
        last row, and never precedes one (a game is started, and awaited, before it has rows).
        A Core insert, not ORM objects: the unit of work's bookkeeping per row cost more than the
        commit itself, on the thread that competes with the event loop for the GIL.

        `fences` (room id -> lease epoch of `owner`) are checked first, in the same transaction."""
        with self.engine.begin() as connection:
            if fences:
                # Several processes (storage/leases.py): only the owner of each table may append.
                leases.check_fences(connection, cast(str, owner), fences)  # fences come with their owner
            if rows:
                connection.execute(
                    insert(ACTIONS),
                    [
                        {
                            "game_id": r.game_id,
                            "seq": r.seq,
                            "seat": r.seat,
                            "action": r.action,
                            "server_ms": r.server_ms,
                            "client_seq": r.client_seq,
                            "timing": r.timing,
                        }
                        for r in rows
                    ],
                )
            return [write(connection) for write in writes]

    def finish_game(self, game_id: int, result: dict[str, Any], ended_ms: int) -> None:
        with self.engine.begin() as connection:
            self.finish_game_in(connection, game_id, result, ended_ms)

    @staticmethod
    def finish_game_in(
        connection: Connection,
        game_id: int,
        result: dict[str, Any],
        ended_ms: int,
        end_players: list[str | None] | None = None,
    ) -> None:
        room_id = connection.execute(
            update(GAMES)
            .where(GAMES.c.id == game_id)
            .values(result=result, ended_ms=ended_ms, end_players=end_players)
            .returning(GAMES.c.room_id)
        ).scalar_one()
        connection.execute(update(ROOMS).where(ROOMS.c.id == room_id).values(status="finished"))

    def game(self, game_id: int) -> GameRecord | None:
        with self.sessions() as session:
            return session.get(GameRecord, game_id)

    def game_room(self, game_id: int) -> tuple[GameRecord, str, str] | None:
        """A game with its room's title slug and code (a game record repeats neither)."""
        with self.sessions() as session:
            query = select(GameRecord, RoomRecord.game, RoomRecord.code).join(
                RoomRecord, RoomRecord.id == GameRecord.room_id
            )
            row = session.execute(query.where(GameRecord.id == game_id)).first()
            return (row[0], row[1], row[2]) if row else None

    def actions_page(self, game_id: int, after: int, limit: int) -> list[ActionRecord]:
        """At most `limit` log rows with seq > `after`, in order (the primary key's own order)."""
        with self.sessions() as session:
            return list(
                session.scalars(
                    select(ActionRecord)
                    .where(ActionRecord.game_id == game_id, ActionRecord.seq > after)
                    .order_by(ActionRecord.seq)
                    .limit(limit)
                )
            )

    # -- history and ratings (storage/results.py writes them) -----------------------------------

    def player_history(self, player_id: str, recent: int) -> dict[str, Any] | None:
        """A person's name, their `game_players` rows (newest first, at most `recent`), their
        per-title counts and ratings, and each title's rated rows oldest first (the rating's path);
        None if there is no such player. Nothing secret: no token or recovery hash."""
        rows_of = GamePlayerRecord
        with self.sessions() as session:
            name = session.scalar(select(PlayerRecord.name).where(PlayerRecord.id == player_id))
            if name is None:
                return None
            mine = rows_of.player_id == player_id
            counts = session.execute(
                select(rows_of.game, func.count(), func.sum(case((rows_of.rank == 1, 1), else_=0)))
                .where(mine)
                .group_by(rows_of.game)
            ).all()
            recent_rows = list(
                session.scalars(
                    select(rows_of).where(mine).order_by(rows_of.ended_ms.desc(), rows_of.game_id.desc()).limit(recent)
                )
            )
            path = session.execute(
                select(rows_of.game, rows_of.ended_ms, rows_of.mu_after, rows_of.sigma_after)
                .where(mine, rows_of.rated.is_(True))
                .order_by(rows_of.ended_ms, rows_of.game_id)
            ).all()
            ratings = list(session.scalars(select(RatingRecord).where(RatingRecord.player_id == player_id)))
        return {
            "name": name,
            "counts": {g: (n, int(won or 0)) for g, n, won in counts},
            "recent": recent_rows,
            "path": [tuple(row) for row in path],
            "ratings": {r.game: r for r in ratings},
        }

    def leaderboard(
        self, game: str, min_games: int, offset: int, limit: int
    ) -> tuple[int, list[tuple[RatingRecord, str]]]:
        """(how many rated people of `game` have `min_games` or more, a page of them with their
        names): ordinal high to low, then more games first, then id."""
        board = (RatingRecord.game == game, RatingRecord.games >= min_games)
        with self.sessions() as session:
            total = cast(int, session.scalar(select(func.count()).select_from(RatingRecord).where(*board)))
            rows = session.execute(
                select(RatingRecord, PlayerRecord.name)
                .join(PlayerRecord, PlayerRecord.id == RatingRecord.player_id)
                .where(*board)
                .order_by(RatingRecord.ordinal.desc(), RatingRecord.games.desc(), RatingRecord.player_id)
                .offset(offset)
                .limit(limit)
            ).all()
        return total, [(r, name) for r, name in rows]

    def actions(self, game_id: int) -> list[ActionRecord]:
        with self.sessions() as session:
            return list(
                session.scalars(select(ActionRecord).where(ActionRecord.game_id == game_id).order_by(ActionRecord.seq))
            )


class Store:
    """The repository run on worker threads (one for SQLite, whose writers queue anyway)."""

    def __init__(self, url: str) -> None:
        migrate(url)
        self.engine = make_engine(url)
        self.repo = Repository(self.engine)
        workers = 1 if self.engine.dialect.name == "sqlite" else 4
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="dorhami-db")

    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run one repository call off the event loop."""
        return await asyncio.get_running_loop().run_in_executor(self.executor, partial(fn, *args, **kwargs))

    def __getattr__(self, name: str) -> Callable[..., Any]:
        # store.create_room(...) awaits repo.create_room(...) on the worker thread.
        fn = getattr(self.repo, name)
        return partial(self.run, fn)

    def close(self) -> None:
        self.executor.shutdown(wait=True)
        self.engine.dispose()
