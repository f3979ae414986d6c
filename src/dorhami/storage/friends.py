"""Friends, blocks and invitations (docs/FRIENDS.md), as small synchronous functions over an engine.

The API runs them through `Store.run` (a worker thread), as it runs storage/leases.py's. A refusal
is `Refused` with its error code; the API turns it into a typed error. Every check and the write it
guards share one transaction, so two requests crossing (a request both ways, a block while an
invitation is made) end in one consistent state.

What is kept: one `friendships` row per pair (a request, then a friendship), one `blocks` row per
block, and invitations while they may matter: answered, expired or declined ones older than
`KEEP_ANSWERED_MS` go at the next invitation to the same person.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Connection, CursorResult, Engine, and_, delete, func, insert, or_, select, update

from ..errors import ErrorCode
from .records import (
    BlockRecord,
    FriendshipRecord,
    GamePlayerRecord,
    GameRecord,
    InvitationRecord,
    PlayerRecord,
    RoomRecord,
    SeatRecord,
)

FRIENDS, BLOCKS, INVITATIONS, PLAYERS, ROOMS, SEATS, GAME_PLAYERS, GAMES = (
    r.__table__
    for r in (
        FriendshipRecord,
        BlockRecord,
        InvitationRecord,
        PlayerRecord,
        RoomRecord,
        SeatRecord,
        GamePlayerRecord,
        GameRecord,
    )
)

# A player's friends and requests, either way, together: a list a person reads, not an address book.
FRIENDS_MAX = 200
# Requests waiting for one person's answer: more is someone's script, not their acquaintances.
INCOMING_MAX = 50
BLOCKS_MAX = 1000
# How long an invitation stands: a daily game's host may invite in the evening for the morning.
INVITATION_TTL_MS = 24 * 3_600_000
# Invitations one person may have waiting at once, from everyone together.
PENDING_PER_INVITEE = 5
# Answered and expired invitations are kept this long (so a second tap on an old notice says
# "already answered"), then dropped.
KEEP_ANSWERED_MS = 7 * 24 * 3_600_000
# "People I played with": the other players of my latest games, at most this many games back.
PEOPLE_GAMES = 200
PEOPLE_MAX = 50
# A room an invitation can still be used for (a finished room takes players between games).
JOINABLE = ("waiting", "finished")


class Refused(Exception):
    """A refusal of a friends request, with its error code (errors.py)."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


@dataclass(frozen=True)
class Invitation:
    """An invitation as its invitee sees it, and (for the API only) its room's code."""

    id: str
    inviter_id: str
    inviter_name: str
    room_code: str
    room_status: str
    game: str
    private: bool
    created_ms: int
    status: str


def new_invitation_id() -> str:
    """128 random bits: an invitation's id names it and tells nothing of its room."""
    return secrets.token_urlsafe(16)


def _pair(a: str, b: str) -> Any:
    return or_(
        and_(FRIENDS.c.requester_id == a, FRIENDS.c.addressee_id == b),
        and_(FRIENDS.c.requester_id == b, FRIENDS.c.addressee_id == a),
    )


def _rowcount(result: Any) -> int:
    return cast("CursorResult[Any]", result).rowcount


def _blocked(connection: Connection, blocker: str, blocked: str) -> bool:
    query = select(BLOCKS.c.blocker_id).where(BLOCKS.c.blocker_id == blocker, BLOCKS.c.blocked_id == blocked)
    return connection.execute(query).first() is not None


def _require_unblocked(connection: Connection, me: str, other: str) -> None:
    """Refuse if `other` blocked `me` (not_welcome), or `me` blocked `other` (unblock first)."""
    if _blocked(connection, other, me):
        raise Refused(ErrorCode.NOT_WELCOME, "this player does not take that from you")
    if _blocked(connection, me, other):
        raise Refused(ErrorCode.PLAYER_BLOCKED, "you blocked this player; unblock them first")


def _require_player(connection: Connection, player_id: str) -> None:
    if connection.execute(select(PLAYERS.c.id).where(PLAYERS.c.id == player_id)).first() is None:
        raise Refused(ErrorCode.PLAYER_NOT_FOUND, "there is no such player")


def _count(connection: Connection, table: Any, *where: Any) -> int:
    return int(connection.execute(select(func.count()).select_from(table).where(*where)).scalar_one())


# -- friend requests and friendships ------------------------------------------------------------


def request(engine: Engine, me: str, other: str, now_ms: int) -> str:
    """Ask `other` to be friends; "accepted" if they had asked `me` already (or were friends),
    else "pending". Asking again is no second request."""
    if me == other:
        raise Refused(ErrorCode.CANNOT_BEFRIEND_SELF, "you cannot befriend yourself")
    with engine.begin() as connection:
        _require_player(connection, other)
        _require_unblocked(connection, me, other)
        row = connection.execute(select(FRIENDS).where(_pair(me, other))).first()
        if row is not None:
            if row.status == "accepted" or row.requester_id == me:
                return str(row.status)
            connection.execute(update(FRIENDS).where(_pair(me, other)).values(status="accepted", answered_ms=now_ms))
            return "accepted"
        mine = or_(FRIENDS.c.requester_id == me, FRIENDS.c.addressee_id == me)
        if _count(connection, FRIENDS, mine) >= FRIENDS_MAX:
            raise Refused(ErrorCode.TOO_MANY_FRIENDS, f"at most {FRIENDS_MAX} friends and requests")
        waiting = (FRIENDS.c.addressee_id == other, FRIENDS.c.status == "pending")
        theirs = or_(FRIENDS.c.requester_id == other, FRIENDS.c.addressee_id == other)
        if _count(connection, FRIENDS, *waiting) >= INCOMING_MAX or _count(connection, FRIENDS, theirs) >= FRIENDS_MAX:
            raise Refused(ErrorCode.TOO_MANY_FRIENDS, "this player cannot take more friend requests now")
        connection.execute(
            insert(FRIENDS),
            {"requester_id": me, "addressee_id": other, "status": "pending", "created_ms": now_ms},
        )
        return "pending"


def accept(engine: Engine, me: str, other: str, now_ms: int) -> None:
    """Accept `other`'s request (already friends: nothing to do)."""
    with engine.begin() as connection:
        done = connection.execute(
            update(FRIENDS)
            .where(FRIENDS.c.requester_id == other, FRIENDS.c.addressee_id == me, FRIENDS.c.status == "pending")
            .values(status="accepted", answered_ms=now_ms)
        )
        if _rowcount(done) == 0:
            row = connection.execute(select(FRIENDS.c.status).where(_pair(me, other))).first()
            if row is None or row.status != "accepted":
                raise Refused(ErrorCode.NO_SUCH_FRIEND, "this player has not asked to be your friend")


def remove(engine: Engine, me: str, other: str) -> None:
    """Unfriend, decline a request or take one's own back: the pair's row goes, either way."""
    with engine.begin() as connection:
        if _rowcount(connection.execute(delete(FRIENDS).where(_pair(me, other)))) == 0:
            raise Refused(ErrorCode.NO_SUCH_FRIEND, "there is no friendship or request between you")


def are_friends(connection: Connection, a: str, b: str) -> bool:
    query = select(FRIENDS.c.status).where(_pair(a, b), FRIENDS.c.status == "accepted")
    return connection.execute(query).first() is not None


def friends_of(engine: Engine, me: str) -> dict[str, list[tuple[str, str, int]]]:
    """My friends (id, name, since), the requests I received and those I sent (id, name, when)."""
    found: dict[str, list[tuple[str, str, int]]] = {"friends": [], "incoming": [], "outgoing": []}
    query = (
        select(FRIENDS, PLAYERS.c.id.label("other"), PLAYERS.c.name)
        .join(
            PLAYERS,
            or_(
                and_(FRIENDS.c.requester_id == me, PLAYERS.c.id == FRIENDS.c.addressee_id),
                and_(FRIENDS.c.addressee_id == me, PLAYERS.c.id == FRIENDS.c.requester_id),
            ),
        )
        .where(or_(FRIENDS.c.requester_id == me, FRIENDS.c.addressee_id == me))
        .order_by(PLAYERS.c.name, PLAYERS.c.id)
    )
    with engine.connect() as connection:
        for row in connection.execute(query):
            if row.status == "accepted":
                found["friends"].append((row.other, row.name, row.answered_ms or row.created_ms))
            else:
                found["incoming" if row.addressee_id == me else "outgoing"].append(
                    (row.other, row.name, row.created_ms)
                )
    return found


# -- blocks -----------------------------------------------------------------------------------


def block(engine: Engine, me: str, other: str, now_ms: int) -> None:
    """Block `other`: our friendship or requests end, and invitations between us are withdrawn."""
    if me == other:
        raise Refused(ErrorCode.CANNOT_BEFRIEND_SELF, "you cannot block yourself")
    with engine.begin() as connection:
        _require_player(connection, other)
        if not _blocked(connection, me, other):
            if _count(connection, BLOCKS, BLOCKS.c.blocker_id == me) >= BLOCKS_MAX:
                raise Refused(ErrorCode.TOO_MANY_FRIENDS, f"at most {BLOCKS_MAX} blocked players")
            connection.execute(insert(BLOCKS), {"blocker_id": me, "blocked_id": other, "created_ms": now_ms})
        connection.execute(delete(FRIENDS).where(_pair(me, other)))
        between = or_(
            and_(INVITATIONS.c.inviter_id == me, INVITATIONS.c.invitee_id == other),
            and_(INVITATIONS.c.inviter_id == other, INVITATIONS.c.invitee_id == me),
        )
        connection.execute(
            update(INVITATIONS)
            .where(between, INVITATIONS.c.status == "pending")
            .values(status="declined", answered_ms=now_ms)
        )


def unblock(engine: Engine, me: str, other: str) -> None:
    with engine.begin() as connection:
        gone = connection.execute(delete(BLOCKS).where(BLOCKS.c.blocker_id == me, BLOCKS.c.blocked_id == other))
        if _rowcount(gone) == 0:
            raise Refused(ErrorCode.NO_SUCH_FRIEND, "you have not blocked this player")


def blocks_of(engine: Engine, me: str) -> list[tuple[str, str, int]]:
    """Whom I blocked: (id, name, when), newest first."""
    query = (
        select(BLOCKS.c.blocked_id, PLAYERS.c.name, BLOCKS.c.created_ms)
        .join(PLAYERS, PLAYERS.c.id == BLOCKS.c.blocked_id)
        .where(BLOCKS.c.blocker_id == me)
        .order_by(BLOCKS.c.created_ms.desc(), BLOCKS.c.blocked_id)
    )
    with engine.connect() as connection:
        return [tuple(row) for row in connection.execute(query)]


def blocked_ids(engine: Engine, me: str) -> set[str]:
    """The ids of the people I blocked (my chat hides their lines)."""
    with engine.connect() as connection:
        return set(connection.scalars(select(BLOCKS.c.blocked_id).where(BLOCKS.c.blocker_id == me).limit(BLOCKS_MAX)))


def blocked_by_any(engine: Engine, player_id: str, blockers: set[str]) -> bool:
    """Whether any of `blockers` (a table's host and seated players) blocked `player_id`."""
    if not blockers:
        return False
    query = select(BLOCKS.c.blocker_id).where(BLOCKS.c.blocked_id == player_id, BLOCKS.c.blocker_id.in_(blockers))
    with engine.connect() as connection:
        return connection.execute(query.limit(1)).first() is not None


# -- people I played with, and where my friends are ---------------------------------------------


def people(engine: Engine, me: str) -> list[tuple[str, str, int, int]]:
    """The people of my latest finished games (at most `PEOPLE_GAMES` back): (id, name, when we
    last played, how many of those games we shared), most recent first, at most `PEOPLE_MAX`."""
    mine = (
        select(GAME_PLAYERS.c.game_id)
        .where(GAME_PLAYERS.c.player_id == me)
        .order_by(GAME_PLAYERS.c.ended_ms.desc())
        .limit(PEOPLE_GAMES)
        .subquery()
    )
    last = func.max(GAME_PLAYERS.c.ended_ms)
    query = (
        select(GAME_PLAYERS.c.player_id, PLAYERS.c.name, last, func.count(func.distinct(GAME_PLAYERS.c.game_id)))
        .join(PLAYERS, PLAYERS.c.id == GAME_PLAYERS.c.player_id)
        .where(GAME_PLAYERS.c.game_id.in_(select(mine.c.game_id)), GAME_PLAYERS.c.player_id != me)
        .group_by(GAME_PLAYERS.c.player_id, PLAYERS.c.name)
        .order_by(last.desc(), GAME_PLAYERS.c.player_id)
        .limit(PEOPLE_MAX)
    )
    with engine.connect() as connection:
        return [tuple(row) for row in connection.execute(query)]


@dataclass(frozen=True)
class Seated:
    """A room someone sits in now (waiting or playing), and whether the viewer sits there too."""

    player_id: str
    code: str
    game: str
    status: str
    private: bool
    pace: str
    their_turn: bool
    viewer_seated: bool
    room_id: int


def seated_in(engine: Engine, viewer: str, ids: set[str]) -> dict[str, Seated]:
    """For each of `ids` seated in a waiting or playing room, one such room: a game in play first,
    then the newest."""
    if not ids:
        return {}
    query = (
        select(
            SEATS.c.player_id,
            SEATS.c.seat,
            ROOMS.c.id,
            ROOMS.c.code,
            ROOMS.c.game,
            ROOMS.c.status,
            ROOMS.c.private,
            ROOMS.c.pace,
            ROOMS.c.turn,
        )
        .join(ROOMS, ROOMS.c.id == SEATS.c.room_id)
        .where(SEATS.c.player_id.in_(ids), ROOMS.c.status.in_(("waiting", "playing")))
        .order_by(ROOMS.c.id.desc())
    )
    with engine.connect() as connection:
        rows = list(connection.execute(query))
        room_ids = {row.id for row in rows}
        viewer_rooms = (
            set(
                connection.scalars(
                    select(SEATS.c.room_id).where(SEATS.c.player_id == viewer, SEATS.c.room_id.in_(room_ids))
                )
            )
            if room_ids
            else set()
        )
    found: dict[str, Seated] = {}
    for row in rows:
        known = found.get(row.player_id)
        if known is not None and (known.status == "playing" or row.status != "playing"):
            continue
        turn = row.turn or {}
        found[row.player_id] = Seated(
            row.player_id,
            row.code,
            row.game,
            row.status,
            bool(row.private),
            row.pace or "live",
            row.status == "playing" and row.seat in (turn.get("seats") or ()),
            row.id in viewer_rooms,
            row.id,
        )
    return found


# -- invitations --------------------------------------------------------------------------------


def invite(
    engine: Engine, inviter: str, invitee: str, room_id: int, now_ms: int, need_friend: bool = True
) -> tuple[str, bool]:
    """Invite `invitee` to room `room_id`: (the invitation's id, whether it is new). The same
    invitation still pending is not made twice (nor pushed twice). `need_friend` False is for
    "play again", whose invitees sat at the same table."""
    if inviter == invitee:
        raise Refused(ErrorCode.CANNOT_INVITE, "you cannot invite yourself")
    with engine.begin() as connection:
        _require_player(connection, invitee)
        _require_unblocked(connection, inviter, invitee)
        if need_friend and not are_friends(connection, inviter, invitee):
            raise Refused(ErrorCode.NOT_A_FRIEND, "you can invite only your friends")
        live = (INVITATIONS.c.status == "pending", INVITATIONS.c.created_ms > now_ms - INVITATION_TTL_MS)
        same = connection.execute(
            select(INVITATIONS.c.id).where(
                INVITATIONS.c.inviter_id == inviter,
                INVITATIONS.c.invitee_id == invitee,
                INVITATIONS.c.room_id == room_id,
                *live,
            )
        ).first()
        if same is not None:
            return str(same.id), False
        if _count(connection, INVITATIONS, INVITATIONS.c.invitee_id == invitee, *live) >= PENDING_PER_INVITEE:
            raise Refused(
                ErrorCode.TOO_MANY_INVITATIONS,
                f"this player has {PENDING_PER_INVITEE} invitations waiting already; try again later",
            )
        # What is no longer needed goes as new rows come (no sweep of its own).
        connection.execute(
            delete(INVITATIONS).where(
                INVITATIONS.c.invitee_id == invitee,
                INVITATIONS.c.created_ms < now_ms - KEEP_ANSWERED_MS,
            )
        )
        invitation_id = new_invitation_id()
        connection.execute(
            insert(INVITATIONS),
            {
                "id": invitation_id,
                "inviter_id": inviter,
                "invitee_id": invitee,
                "room_id": room_id,
                "created_ms": now_ms,
                "status": "pending",
            },
        )
        return invitation_id, True


def _invitations(connection: Connection, *where: Any) -> list[Invitation]:
    query = (
        select(
            INVITATIONS.c.id,
            INVITATIONS.c.inviter_id,
            PLAYERS.c.name,
            ROOMS.c.code,
            ROOMS.c.status.label("room_status"),
            ROOMS.c.game,
            ROOMS.c.private,
            INVITATIONS.c.created_ms,
            INVITATIONS.c.status,
        )
        .join(PLAYERS, PLAYERS.c.id == INVITATIONS.c.inviter_id)
        .join(ROOMS, ROOMS.c.id == INVITATIONS.c.room_id)
        .where(*where)
        .order_by(INVITATIONS.c.created_ms.desc(), INVITATIONS.c.id)
    )
    return [Invitation(*row) for row in connection.execute(query)]


def status_now(invitation: Invitation, now_ms: int) -> str:
    """ "pending" only while it can be used: not answered, not too old, its room still takes players."""
    if invitation.status != "pending":
        return invitation.status
    if invitation.created_ms <= now_ms - INVITATION_TTL_MS or invitation.room_status not in JOINABLE:
        return "expired"
    return "pending"


def pending_for(engine: Engine, me: str, now_ms: int) -> list[Invitation]:
    """My invitations that can still be used, newest first."""
    with engine.connect() as connection:
        rows = _invitations(
            connection,
            INVITATIONS.c.invitee_id == me,
            INVITATIONS.c.status == "pending",
            INVITATIONS.c.created_ms > now_ms - INVITATION_TTL_MS,
            ROOMS.c.status.in_(JOINABLE),
        )
    return rows[:PENDING_PER_INVITEE]


def invitation_for(engine: Engine, me: str, invitation_id: str) -> Invitation:
    """One of my invitations, whatever its state; someone else's is no invitation at all (the
    same refusal as an unknown id: an id tells nothing to anyone but its invitee)."""
    with engine.connect() as connection:
        rows = _invitations(connection, INVITATIONS.c.id == invitation_id, INVITATIONS.c.invitee_id == me)
    if not rows:
        raise Refused(ErrorCode.NO_SUCH_INVITATION, "you have no invitation with that id")
    return rows[0]


def answer(engine: Engine, me: str, invitation_id: str, status: str, now_ms: int) -> None:
    """Mark my pending invitation `accepted` or `declined`."""
    with engine.begin() as connection:
        connection.execute(
            update(INVITATIONS)
            .where(INVITATIONS.c.id == invitation_id, INVITATIONS.c.invitee_id == me, INVITATIONS.c.status == "pending")
            .values(status=status, answered_ms=now_ms)
        )


def last_game_players(engine: Engine, room_id: int, game_id: int | None) -> list[str]:
    """The people who held a seat of the room's last game at its end (its seats' players when
    that was not kept), in seat order; bots are left out."""
    if game_id is None:
        return []
    with engine.connect() as connection:
        row = connection.execute(
            select(GAMES.c.end_players, GAMES.c.seat_players).where(GAMES.c.id == game_id, GAMES.c.room_id == room_id)
        ).first()
    if row is None:
        return []
    held = row.end_players or row.seat_players or []
    seen: list[str] = []
    for player_id in held:
        if isinstance(player_id, str) and player_id not in seen:
            seen.append(player_id)
    return seen


def copy_room(engine: Engine, room_id: int, code: str, host_id: str) -> None:
    """A new waiting room with room `room_id`'s game, options and settings, hosted by `host_id`."""
    with engine.begin() as connection:
        old = connection.execute(select(ROOMS).where(ROOMS.c.id == room_id)).one()
        values = {
            "code": code,
            "game": old.game,
            "config": old.config,
            "private": old.private,
            "host_id": host_id,
            "status": "waiting",
            "reconnect_grace_s": old.reconnect_grace_s,
            "spectator_chat": old.spectator_chat,
            "pace": old.pace,
        }
        connection.execute(insert(ROOMS), values)
