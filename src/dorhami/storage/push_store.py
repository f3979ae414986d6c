"""What the server keeps for notifications: a player's devices (Web Push subscriptions), their
settings, and the keys the server makes once (docs/NOTIFICATIONS.md).

Small synchronous functions over a `Repository`, like its own: the caller runs them off the event
loop with `Store.run(push_store.fn, store.repo, ...)`. An endpoint is unique across players (its
SHA-256, since endpoints are long): the same browser subscribing again, under another player too,
moves the row instead of adding one, so a device is told only what its current player is told.
"""

from __future__ import annotations

import hashlib
import uuid
from typing import Any, NamedTuple, cast

from sqlalchemy import CursorResult, delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .records import PlayerSettingsRecord, PushSubscriptionRecord, ServerKeyRecord
from .repository import Repository

# The devices one player keeps; the 11th subscription drops the oldest (docs/NOTIFICATIONS.md).
DEVICES_PER_PLAYER = 10
DEFAULT_SETTINGS = {"lang": "fa", "time_zone": "Asia/Tehran", "calendar": "persian"}


class Target(NamedTuple):
    """Where and how to tell one player: their settings and devices, read together."""

    settings: PlayerSettingsRecord
    devices: list[PushSubscriptionRecord]


def endpoint_hash(endpoint: str) -> str:
    return hashlib.sha256(endpoint.encode()).hexdigest()


def save_subscription(
    repo: Repository, player_id: str, endpoint: str, p256dh: str, auth: str, now_ms: int
) -> tuple[str, bool]:
    """Keep a device of `player_id`: (its id, whether it is new). A known endpoint keeps its id and
    gets this player and these keys (a browser that subscribes again may have new ones)."""
    digest = endpoint_hash(endpoint)
    for attempt in range(2):
        try:
            with repo.sessions.begin() as session:
                row = session.scalar(
                    select(PushSubscriptionRecord).where(PushSubscriptionRecord.endpoint_hash == digest)
                )
                if row is not None:
                    row.player_id, row.p256dh, row.auth = player_id, p256dh, auth
                    sub_id, new = row.id, False
                else:
                    sub_id, new = uuid.uuid4().hex, True
                    session.add(
                        PushSubscriptionRecord(
                            id=sub_id,
                            player_id=player_id,
                            endpoint_hash=digest,
                            endpoint=endpoint,
                            p256dh=p256dh,
                            auth=auth,
                            created_ms=now_ms,
                        )
                    )
                session.flush()
                _keep_newest(session, player_id)
            return sub_id, new
        except IntegrityError:
            # The same endpoint's first subscription twice at once: the second one, again, updates.
            if attempt:
                raise
    raise AssertionError("unreachable")


def _keep_newest(session: Session, player_id: str) -> None:
    kept = (
        select(PushSubscriptionRecord.id)
        .where(PushSubscriptionRecord.player_id == player_id)
        .order_by(PushSubscriptionRecord.created_ms.desc(), PushSubscriptionRecord.id.desc())
        .limit(DEVICES_PER_PLAYER)
    )
    session.execute(
        delete(PushSubscriptionRecord).where(
            PushSubscriptionRecord.player_id == player_id, PushSubscriptionRecord.id.not_in(kept.scalar_subquery())
        )
    )


def subscriptions_of(repo: Repository, player_id: str) -> list[PushSubscriptionRecord]:
    """The player's devices, newest first."""
    with repo.sessions() as session:
        return list(
            session.scalars(
                select(PushSubscriptionRecord)
                .where(PushSubscriptionRecord.player_id == player_id)
                .order_by(PushSubscriptionRecord.created_ms.desc(), PushSubscriptionRecord.id.desc())
            )
        )


def delete_subscription(repo: Repository, player_id: str, sub_id: str) -> bool:
    """Forget one of the player's devices; False if the player has no device with that id."""
    with repo.sessions.begin() as session:
        result = session.execute(
            delete(PushSubscriptionRecord).where(
                PushSubscriptionRecord.player_id == player_id, PushSubscriptionRecord.id == sub_id
            )
        )
        return cast("CursorResult[Any]", result).rowcount > 0


def drop_gone(repo: Repository, sub_id: str, endpoint: str) -> None:
    """Forget a device its push service said is gone (404, 410). The endpoint is matched too: the
    id may have been subscribed again since, with a new endpoint, and that one lives."""
    with repo.sessions.begin() as session:
        session.execute(
            delete(PushSubscriptionRecord).where(
                PushSubscriptionRecord.id == sub_id, PushSubscriptionRecord.endpoint_hash == endpoint_hash(endpoint)
            )
        )


def mark_sent(repo: Repository, sub_ids: list[str], now_ms: int) -> None:
    if sub_ids:
        with repo.sessions.begin() as session:
            session.execute(
                update(PushSubscriptionRecord).where(PushSubscriptionRecord.id.in_(sub_ids)).values(last_sent_ms=now_ms)
            )


def settings_of(repo: Repository, player_id: str) -> PlayerSettingsRecord:
    """The player's settings; the defaults (unsaved) for a player who never changed any."""
    with repo.sessions() as session:
        return session.get(PlayerSettingsRecord, player_id) or _defaults(player_id)


def _defaults(player_id: str) -> PlayerSettingsRecord:
    return PlayerSettingsRecord(
        player_id=player_id, quiet_start_min=None, quiet_end_min=None, notices_off=None, **DEFAULT_SETTINGS
    )


def save_settings(
    repo: Repository, player_id: str, changes: dict[str, Any], notices: dict[str, bool] | None = None
) -> PlayerSettingsRecord:
    """Apply `changes` (columns of PlayerSettingsRecord) and `notices` (kinds turned on or off, in
    any order) to the player's settings, in one transaction; the whole after."""
    for attempt in range(2):
        try:
            with repo.sessions.begin() as session:
                row = session.get(PlayerSettingsRecord, player_id)
                if row is None:
                    row = _defaults(player_id)
                    session.add(row)
                for name, value in changes.items():
                    setattr(row, name, value)
                if notices:
                    off = {kind for kind in row.notices_off or () if notices.get(kind) is not True}
                    off |= {kind for kind, on in notices.items() if not on}
                    row.notices_off = sorted(off) or None
            return row
        except IntegrityError:
            # Two first saves at once: the second one, again, updates the row the first made.
            if attempt:
                raise
    raise AssertionError("unreachable")


def target(repo: Repository, player_id: str) -> Target:
    with repo.sessions() as session:
        settings = session.get(PlayerSettingsRecord, player_id) or _defaults(player_id)
        devices = list(
            session.scalars(select(PushSubscriptionRecord).where(PushSubscriptionRecord.player_id == player_id))
        )
        return Target(settings, devices)


def server_key(repo: Repository, name: str, candidate: str, now_ms: int) -> str:
    """The server's key called `name`: `candidate` if none was kept yet, else the kept one. Insert
    if absent, then read back: processes starting together all end up with the first one's."""
    try:
        with repo.sessions.begin() as session:
            if session.get(ServerKeyRecord, name) is None:
                session.add(ServerKeyRecord(name=name, value=candidate, created_ms=now_ms))
    except IntegrityError:
        pass  # another process inserted it between our read and our write: theirs is read below
    with repo.sessions() as session:
        return cast(ServerKeyRecord, session.get(ServerKeyRecord, name)).value
