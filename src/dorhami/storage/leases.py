"""Table leases on PostgreSQL: which process runs each live table (docs/SCALING.md).

Every time here is PostgreSQL's `clock_timestamp()`: the processes may run on machines whose
clocks disagree, and the database is the one clock they share. A lease is taken with one
conditional UPDATE (free, expired, or already ours), so of two processes racing for a table
exactly one gets it. The epoch grows at every take; the journal checks the room's owner and
epoch with `FOR SHARE` inside the transaction of every append (`check_fences`), which makes a
taker's UPDATE wait for that transaction, so the taker reads the log only after the last append
of the old owner has committed, and the old owner's next append is refused.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import NamedTuple, cast

from sqlalchemy import ColumnElement, Connection, Engine, and_, func, or_, select, update
from sqlalchemy.dialects.postgresql import insert

from .records import RoomRecord, TableLeaseRecord

LEASES = TableLeaseRecord.__table__
ROOMS = RoomRecord.__table__


class LeaseLost(Exception):
    """An append named a lease its process no longer holds: another process runs the table now."""

    def __init__(self, room_ids: list[int]) -> None:
        super().__init__(f"the leases of rooms {room_ids} are held by another process")
        self.room_ids = room_ids


class Held(NamedTuple):
    room_id: int
    epoch: int
    wanted_by: str | None


def _now() -> ColumnElement[datetime]:
    return func.clock_timestamp()


def take(engine: Engine, room_id: int, owner: str, ttl_s: float, ask: bool) -> int | None:
    """The room's lease for `owner` (its new epoch), or None while another live process holds it;
    then, if `ask`, that process is asked to hand it over (`wanted_by`)."""
    with engine.begin() as connection:
        connection.execute(
            insert(LEASES)
            .values(room_id=room_id, owner=None, epoch=0, expires_at=_now())
            .on_conflict_do_nothing(index_elements=["room_id"])
        )
        epoch = connection.execute(
            update(LEASES)
            .where(
                LEASES.c.room_id == room_id,
                or_(LEASES.c.owner.is_(None), LEASES.c.owner == owner, LEASES.c.expires_at < _now()),
            )
            .values(owner=owner, epoch=LEASES.c.epoch + 1, wanted_by=None, expires_at=_now() + timedelta(seconds=ttl_s))
            .returning(LEASES.c.epoch)
        ).scalar()
        if epoch is None and ask:
            connection.execute(update(LEASES).where(LEASES.c.room_id == room_id).values(wanted_by=owner))
        return epoch


def renew(engine: Engine, owner: str, ttl_s: float) -> list[Held]:
    """Extend every lease `owner` holds; what it holds, and who waits for each."""
    # The rows are locked in room order, as check_fences locks them: an append's share locks and
    # this update never wait on each other in a cycle (a deadlock PostgreSQL breaks only after 1 s).
    mine = select(LEASES.c.room_id).where(LEASES.c.owner == owner).order_by(LEASES.c.room_id).with_for_update()
    with engine.begin() as connection:
        rows = connection.execute(
            update(LEASES)
            .where(LEASES.c.room_id.in_(mine.scalar_subquery()), LEASES.c.owner == owner)
            .values(expires_at=_now() + timedelta(seconds=ttl_s))
            .returning(LEASES.c.room_id, LEASES.c.epoch, LEASES.c.wanted_by)
        ).all()
    return [Held(*row) for row in rows]


def release(engine: Engine, room_id: int, owner: str, epoch: int) -> bool:
    """Give the lease up at once (a handover, an unloaded table, a shutdown): no one waits for expiry."""
    with engine.begin() as connection:
        done = connection.execute(
            update(LEASES)
            .where(LEASES.c.room_id == room_id, LEASES.c.owner == owner, LEASES.c.epoch == epoch)
            .values(owner=None, expires_at=_now())
        ).rowcount
    return bool(done)


def orphans(engine: Engine, owner: str, ttl_s: float, limit: int = 100) -> list[str]:
    """Codes of the games in play that no live process runs: their owner stopped renewing (it
    died), or released them at a shutdown. Someone must run their timers and bots even if none of
    their players is connected. A table released for a handover waits a lease's time for the
    process that asked for it first."""
    expired = and_(LEASES.c.owner.is_not(None), LEASES.c.owner != owner, LEASES.c.expires_at < _now())
    released = and_(
        LEASES.c.owner.is_(None),
        or_(
            LEASES.c.wanted_by.is_(None),
            LEASES.c.wanted_by == owner,
            LEASES.c.expires_at < _now() - timedelta(seconds=ttl_s),
        ),
    )
    with engine.connect() as connection:
        return list(
            connection.scalars(
                select(ROOMS.c.code)
                .join(LEASES, LEASES.c.room_id == ROOMS.c.id)
                .where(ROOMS.c.status == "playing", or_(expired, released))
                .order_by(ROOMS.c.id)
                .limit(limit)
            )
        )


def live_elsewhere(engine: Engine, owner: str) -> set[str]:
    """Codes of the rooms whose table another live process runs (the sweep does not expire those)."""
    with engine.connect() as connection:
        return set(
            connection.scalars(
                select(ROOMS.c.code)
                .join(LEASES, LEASES.c.room_id == ROOMS.c.id)
                .where(LEASES.c.owner.is_not(None), LEASES.c.owner != owner, LEASES.c.expires_at >= _now())
            )
        )


def check_fences(connection: Connection, owner: str, fences: dict[int, int]) -> None:
    """Inside an append's transaction: every room of `fences` is still `owner`'s at that epoch.
    FOR SHARE holds each lease row until the commit, so no one takes it in between."""
    rows = connection.execute(
        select(LEASES.c.room_id, LEASES.c.epoch)
        .where(and_(LEASES.c.room_id.in_(list(fences)), LEASES.c.owner == owner))
        .order_by(LEASES.c.room_id)
        .with_for_update(read=True)
    ).all()
    held = dict(cast("list[tuple[int, int]]", rows))
    lost = sorted(room for room, epoch in fences.items() if held.get(room) != epoch)
    if lost:
        raise LeaseLost(lost)
