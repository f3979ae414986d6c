"""Web Push over REST: the server's VAPID key, a player's devices and their settings
(docs/NOTIFICATIONS.md). What is kept of a device is its endpoint and keys, when it was added and
last told something; DELETE forgets it at once."""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlsplit

from fastapi import APIRouter, Depends, Path, Request, Response

from ...errors import ErrorCode
from ...hub.errors import HubError
from ...push import endpoints, prefs
from ...push.endpoints import BadSubscription
from ...push.notifier import Notifier
from ...storage import push_store
from ...storage.records import PlayerSettingsRecord
from ..deps import CurrentPlayer, HubDep, address_limit
from ..schemas import (
    ERRORS,
    DevicePublic,
    DevicesPublic,
    PlayerSettingsPatch,
    PlayerSettingsPublic,
    PushKeyPublic,
    PushSubscribed,
    PushSubscriptionCreate,
    QuietHours,
)

router = APIRouter(
    prefix="/api", tags=["notifications"], dependencies=[Depends(address_limit("request"))], responses=ERRORS
)


def get_notifier(request: Request) -> Notifier:
    notifier: Notifier = request.app.state.notifier
    return notifier


NotifierDep = Annotated[Notifier, Depends(get_notifier)]


@router.get("/push/key", response_model=PushKeyPublic)
async def get_push_key(notifier: NotifierDep, response: Response) -> PushKeyPublic:
    """The key a browser subscribes with (`applicationServerKey`); the same on every process."""
    response.headers["Cache-Control"] = "public, max-age=3600"
    return PushKeyPublic(public_key=notifier.public_key)


@router.post("/players/me/push-subscriptions", response_model=PushSubscribed, status_code=201)
async def add_push_subscription(
    body: PushSubscriptionCreate, player: CurrentPlayer, hub: HubDep, response: Response
) -> PushSubscribed:
    """Let this device take your notifications. The same endpoint again (this browser subscribing
    anew, or another player in it) keeps its id, takes the new keys and is yours: 200. A player
    keeps 10 devices at most; the 11th drops the oldest."""
    try:
        endpoint = endpoints.check(body.endpoint, hub.settings.push_test_origins)
        p256dh, auth = endpoints.keys(body.keys.p256dh, body.keys.auth)
    except BadSubscription as bad:
        raise HubError(bad.code, bad.message) from None
    sub_id, new = await hub.store.run(
        push_store.save_subscription, hub.store.repo, player.id, endpoint, p256dh, auth, hub.clock.now_ms()
    )
    if not new:
        response.status_code = 200
    return PushSubscribed(id=sub_id)


@router.get("/players/me/push-subscriptions", response_model=DevicesPublic)
async def list_push_subscriptions(player: CurrentPlayer, hub: HubDep) -> DevicesPublic:
    """Your devices that take notifications: their push service, when added, when last told something."""
    rows = await hub.store.run(push_store.subscriptions_of, hub.store.repo, player.id)
    return DevicesPublic(
        devices=[
            DevicePublic(
                id=row.id,
                service=urlsplit(row.endpoint).hostname or "",
                created_ms=row.created_ms,
                last_sent_ms=row.last_sent_ms,
            )
            for row in rows
        ]
    )


@router.delete("/players/me/push-subscriptions/{sub_id}", status_code=204)
async def delete_push_subscription(
    sub_id: Annotated[str, Path(max_length=64)], player: CurrentPlayer, hub: HubDep
) -> Response:
    """Forget one of your devices: its endpoint and keys are deleted, and it is told nothing more."""
    if not await hub.store.run(push_store.delete_subscription, hub.store.repo, player.id, sub_id):
        raise HubError(ErrorCode.NO_SUCH_DEVICE, "you have no device with that id")
    return Response(status_code=204)


@router.get("/players/me/settings", response_model=PlayerSettingsPublic)
async def get_player_settings(player: CurrentPlayer, hub: HubDep) -> PlayerSettingsPublic:
    """Your language, time zone, calendar, quiet hours and the kinds of notice you take."""
    return public(await hub.store.run(push_store.settings_of, hub.store.repo, player.id))


@router.patch("/players/me/settings", response_model=PlayerSettingsPublic)
async def update_player_settings(body: PlayerSettingsPatch, player: CurrentPlayer, hub: HubDep) -> PlayerSettingsPublic:
    """Change any of your settings; the answer is all of them."""
    changes = {name: getattr(body, name) for name in ("lang", "calendar") if getattr(body, name) is not None}
    if body.time_zone is not None:
        if not prefs.is_time_zone(body.time_zone):
            raise HubError(ErrorCode.INVALID_TIME_ZONE, f"no time zone named {body.time_zone!r} (an IANA name)")
        changes["time_zone"] = body.time_zone
    if "quiet_hours" in body.model_fields_set:
        changes["quiet_start_min"], changes["quiet_end_min"] = quiet_minutes(body.quiet_hours)
    if body.notices is not None:
        unknown = sorted(set(body.notices) - set(prefs.KINDS))
        if unknown:
            raise HubError(
                ErrorCode.UNKNOWN_NOTICE_KIND, f"no notice kind {unknown[0]!r}; kinds: {', '.join(prefs.KINDS)}"
            )
    if not changes and not body.notices:
        return public(await hub.store.run(push_store.settings_of, hub.store.repo, player.id))
    row = await hub.store.run(push_store.save_settings, hub.store.repo, player.id, changes, body.notices)
    return public(row)


def quiet_minutes(quiet: QuietHours | None) -> tuple[int | None, int | None]:
    if quiet is None:
        return None, None
    start, end = prefs.minutes(quiet.start), prefs.minutes(quiet.end)
    if start is None or end is None or start == end:
        raise HubError(ErrorCode.INVALID_QUIET_HOURS, "quiet hours are two different times, each HH:MM (00:00-23:59)")
    return start, end


def public(row: PlayerSettingsRecord) -> PlayerSettingsPublic:
    off = set(row.notices_off or ())
    quiet = None
    if row.quiet_start_min is not None and row.quiet_end_min is not None:
        quiet = QuietHours(start=prefs.clock_time(row.quiet_start_min), end=prefs.clock_time(row.quiet_end_min))
    # Validated, not cast: the columns are text, and only this API writes them (from the same Literals).
    return PlayerSettingsPublic.model_validate(
        {
            "lang": row.lang,
            "time_zone": row.time_zone,
            "calendar": row.calendar,
            "quiet_hours": quiet,
            "notices": {kind: kind not in off for kind in prefs.KINDS},
        }
    )
