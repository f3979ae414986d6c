"""ORM records: players, rooms, seats, games and the append-only action log."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, ClassVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Text,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    if TYPE_CHECKING:
        # Each record maps one Table (DeclarativeBase says FromClause): statements take `Record.__table__`.
        __table__: ClassVar[Table]


class PlayerRecord(Base):
    """A guest identity; its bearer tokens are its sessions (`PlayerSessionRecord`)."""

    __tablename__ = "players"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # The SHA-256 of the player's recovery code (api/routes/players.py); the code itself is shown once.
    recovery_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True, index=True)


class PlayerSessionRecord(Base):
    """One bearer token of a player (storage/player_sessions.py): stored only as its SHA-256, with
    how it was made (`created` or `restored`) and when it was made and last used (epoch ms;
    `last_used_ms` to within the hour)."""

    __tablename__ = "player_sessions"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    origin: Mapped[str] = mapped_column(String(16))
    created_ms: Mapped[int] = mapped_column(BigInteger)
    last_used_ms: Mapped[int] = mapped_column(BigInteger, index=True)  # the sweep ends idle sessions by it


class RoomRecord(Base):
    """A lobby entry with a code; `status` is waiting, playing, finished, or expired (a waiting room
    no one joined, see `Hub.sweep`)."""

    __tablename__ = "rooms"
    __table_args__ = (Index("ix_rooms_wake", "status", "pace", "wake_ms"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    code: Mapped[str] = mapped_column(String(32), unique=True, index=True)
    game: Mapped[str] = mapped_column(String(40))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    private: Mapped[bool] = mapped_column(Boolean)
    host_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    status: Mapped[str] = mapped_column(String(16), default="waiting", index=True)
    game_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # How long a seated player may be gone (no socket, no request) before a bot plays for them.
    reconnect_grace_s: Mapped[int] = mapped_column(Integer, default=60, server_default="60")
    # Chat (hub/chat.py): whether spectators may write, and the players the host muted.
    spectator_chat: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    muted: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    # `live` or `daily` (hub/pace.py). A daily table leaves memory while nobody is at it; `wake_ms`
    # is when it must come back by itself (a deadline, or the reminder before one), and `turn` what
    # "my games" shows of it meanwhile: {seats, deadline_ms, version, last: {seat, type, ms}}.
    pace: Mapped[str] = mapped_column(String(8), default="live", server_default="live")
    wake_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    turn: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class SeatRecord(Base):
    """One seat of a room: a player, or a bot (`bot_level`) — also a player's seat handed to a bot."""

    __tablename__ = "seats"
    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str | None] = mapped_column(ForeignKey("players.id"), nullable=True, index=True)
    bot_level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    # What this seat's player gave to the game seed's derivation (hub/fairness.py), if anything.
    client_seed: Mapped[str | None] = mapped_column(String(64), nullable=True)


class GameRecord(Base):
    """One game played in a room: everything `setup` needs, and the result once it ended."""

    __tablename__ = "games"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id"), index=True)
    seed: Mapped[int] = mapped_column(BigInteger)
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    players: Mapped[int] = mapped_column(Integer)
    previous_result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    started_ms: Mapped[int] = mapped_column(BigInteger)
    ended_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # The server process that runs this table; lets several processes share one database.
    owner: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # Who played each seat (a player id; null for a bot), so that a rematch can pass the result
    # on to the same people in their new seats.
    seat_players: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    # Who held each seat at the end (a rescuer, None for a bot that took a leaver's seat): null for
    # a game still running, or one that ended before this was kept (then `seat_players` stands in).
    end_players: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    # Provably fair (hub/fairness.py): the room's nth game, the server seed (secret until the end),
    # its SHA-256 commitment (public from the start) and the seated players' client seeds.
    game_number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    server_seed: Mapped[str | None] = mapped_column(String(64), nullable=True)
    commitment: Mapped[str | None] = mapped_column(String(64), nullable=True)
    client_seeds: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    # Why this game does not count for ratings ("bots", "coop", "rescued", "abandoned"), or None.
    unrated: Mapped[str | None] = mapped_column(String(16), nullable=True)


class ActionRecord(Base):
    """One accepted input of a game, in order: a seat's action, or a timer (`seat` null)."""

    __tablename__ = "actions"
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    server_ms: Mapped[int] = mapped_column(BigInteger)
    client_seq: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    # A race action judged in a lag-compensation window: when it was received, what reaction its
    # client reported, how much earlier it counted (`server_ms` is that compensated time), and
    # the `race_judged` evidence of the race it won. Null for every other row.
    timing: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class GamePlayerRecord(Base):
    """One person's seat in one finished game: their rank, and their rating before and after
    (null when the game was unrated). History, per-title counts and rating rebuilds read these."""

    __tablename__ = "game_players"
    __table_args__ = (Index("ix_game_players_player", "player_id", "ended_ms"),)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    game: Mapped[str] = mapped_column(String(40))
    rank: Mapped[int] = mapped_column(Integer)
    players: Mapped[int] = mapped_column(Integer)
    ended_ms: Mapped[int] = mapped_column(BigInteger)
    rated: Mapped[bool] = mapped_column(Boolean)
    mu_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    sigma_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    mu_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    sigma_after: Mapped[float | None] = mapped_column(Float, nullable=True)


class RatingRecord(Base):
    """A person's current rating in one title (openskill's Plackett-Luce mu and sigma); `ordinal`
    (mu - 3 sigma) orders the leaderboard."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_board", "game", "ordinal"),)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    ordinal: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    updated_ms: Mapped[int] = mapped_column(BigInteger)


class ChatRecord(Base):
    """One chat line or reaction of a room: who, what, when. Never part of a game's log."""

    __tablename__ = "chat_messages"
    __table_args__ = (Index("ix_chat_messages_room", "room_id", "id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id"))
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    kind: Mapped[str] = mapped_column(String(8))  # "text" or "reaction"
    body: Mapped[str] = mapped_column(String(800))
    sent_ms: Mapped[int] = mapped_column(BigInteger)


class TableLeaseRecord(Base):
    """Which process runs a room's live table (docs/SCALING.md): several processes on one
    PostgreSQL. `epoch` grows at every take, so an append that names an older one is refused
    (fencing); `expires_at` is PostgreSQL's own clock, so no two machines' clocks are compared.
    `wanted_by` is a process that was asked for the room and waits for the owner to hand it over."""

    __tablename__ = "table_leases"
    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    owner: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    epoch: Mapped[int] = mapped_column(Integer, default=0)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    wanted_by: Mapped[str | None] = mapped_column(String(64), nullable=True)


class PushSubscriptionRecord(Base):
    """One device of a player that takes Web Push notices: the push service's endpoint (its SHA-256
    keeps it unique whatever its length) and the keys its payloads are encrypted to (RFC 8291)."""

    __tablename__ = "push_subscriptions"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    endpoint_hash: Mapped[str] = mapped_column(String(64), unique=True)
    endpoint: Mapped[str] = mapped_column(Text)
    p256dh: Mapped[str] = mapped_column(String(128))
    auth: Mapped[str] = mapped_column(String(64))
    created_ms: Mapped[int] = mapped_column(BigInteger)
    last_sent_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class PlayerSettingsRecord(Base):
    """What a player chose about their notices (kinds turned off, quiet hours in minutes after their
    midnight), and the language, time zone and calendar their notices and pages use."""

    __tablename__ = "player_settings"
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    lang: Mapped[str] = mapped_column(String(8), default="fa", server_default="fa")
    time_zone: Mapped[str] = mapped_column(String(64), default="Asia/Tehran", server_default="Asia/Tehran")
    calendar: Mapped[str] = mapped_column(String(16), default="persian", server_default="persian")
    quiet_start_min: Mapped[int | None] = mapped_column(Integer, nullable=True)
    quiet_end_min: Mapped[int | None] = mapped_column(Integer, nullable=True)
    notices_off: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)


class ServerKeyRecord(Base):
    """A key the server made once and every process shares (the VAPID key that signs Web Push)."""

    __tablename__ = "server_keys"
    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
    created_ms: Mapped[int] = mapped_column(BigInteger)


class FriendshipRecord(Base):
    """A friend request, and once its addressee accepts it, a friendship (storage/friends.py).
    One row per pair, whichever way it was asked: a request both ways is one accepted row."""

    __tablename__ = "friendships"
    requester_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    addressee_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True, index=True)
    status: Mapped[str] = mapped_column(String(16))  # "pending" or "accepted"
    created_ms: Mapped[int] = mapped_column(BigInteger)
    answered_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class BlockRecord(Base):
    """`blocker_id` blocked `blocked_id`: no joining the blocker's tables, no requests or
    invitations to the blocker, and the blocker's chat hides their lines."""

    __tablename__ = "blocks"
    blocker_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    blocked_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True, index=True)
    created_ms: Mapped[int] = mapped_column(BigInteger)


class InvitationRecord(Base):
    """A friend's invitation to a room. Its id is random and opaque: a notice's link names it,
    never the room's code, and only its invitee, signed in, reads or answers it."""

    __tablename__ = "invitations"
    __table_args__ = (Index("ix_invitations_invitee", "invitee_id", "status"),)
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    inviter_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    invitee_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id"), index=True)
    created_ms: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16))  # "pending", "accepted", "declined" or "expired"
    answered_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class TutorialProgressRecord(Base):
    """How far a player got in one game's tutorial: the step to resume at, and when they first
    finished it (kept once set: playing it again does not unlearn the game)."""

    __tablename__ = "tutorial_progress"
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    step: Mapped[int] = mapped_column(Integer)
    done_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    updated_ms: Mapped[int] = mapped_column(BigInteger)
