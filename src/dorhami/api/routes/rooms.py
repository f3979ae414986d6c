"""Rooms: create, list, join, bots, start, leave, rematch, and a room's game state, actions and log."""

from __future__ import annotations

import asyncio
import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request, Response

from ...catalogue import get_engine
from ...errors import ErrorCode, action_status
from ...hub import pace
from ...hub.errors import HubError
from ...hub.room_rules import split_config
from .. import qr
from ..deps import CurrentPlayer, HubDep, LimitsDep, OptionalPlayer, address_limit
from ..schemas import (
    ERRORS,
    ActionCreate,
    ActionResult,
    BotCreate,
    ChatPublic,
    ChatSettingsBody,
    ChatSettingsPublic,
    JoinBody,
    JoinResult,
    LeaveResult,
    LogPublic,
    MuteBody,
    RematchRequested,
    RescueDecided,
    RescueRequested,
    RoomCreate,
    RoomPublic,
    SeatMove,
    SeatsPublic,
    StartResult,
    StatePublic,
)

router = APIRouter(
    prefix="/api/rooms", tags=["rooms"], dependencies=[Depends(address_limit("request"))], responses=ERRORS
)
LOG_PAGE_MAX = 1000
SEQ_MAX = 2**31 - 1  # the log's seq column is a 32-bit integer on PostgreSQL
# Rooms a player hosts that are waiting or playing: enough for any host, not for a script.
MAX_OPEN_ROOMS = 10


@router.post("", response_model=RoomPublic, status_code=201, dependencies=[Depends(address_limit("new_room"))])
async def create_room(body: RoomCreate, player: CurrentPlayer, hub: HubDep, limits: LimitsDep) -> dict[str, Any]:
    """Create a room; the caller is its host (and is not seated until it joins). A host has at
    most ten live rooms open (waiting or playing) at once, and sits in or hosts at most thirty
    daily ones (`pace`)."""
    await limits.player("new_room", player.id)
    rules, options = split_config(get_engine(body.game), body.config)
    config = {**rules, **options}
    daily = options.get(pace.PACE) == "daily"
    if daily:
        await pace.check_daily_bound(hub.store, player.id)
    elif await hub.store.open_rooms_hosted(player.id) >= MAX_OPEN_ROOMS:
        raise HubError(
            ErrorCode.TOO_MANY_ROOMS, f"you already host {MAX_OPEN_ROOMS} open rooms; finish or leave one first"
        )
    # 96 random bits: a private room's code cannot be guessed, so its link is its invitation.
    code = secrets.token_urlsafe(12)
    room = await hub.store.create_room(
        code, body.game, config, body.private, player.id, body.reconnect_grace_s, "daily" if daily else "live"
    )
    # With several processes the table is loaded by the one its code routes to, not by this one.
    return (await hub.room_publics([room]))[0]


@router.get("", response_model=list[RoomPublic])
async def list_rooms(hub: HubDep) -> list[dict[str, Any]]:
    """Public rooms waiting for players (private rooms are never listed)."""
    rooms = await hub.store.rooms_with_status("waiting", public_only=True)
    return await hub.room_publics(rooms)


@router.get("/{code}", response_model=RoomPublic)
async def get_room(code: str, hub: HubDep) -> dict[str, Any]:
    return (await hub.table(code)).room_public()


@router.get(
    "/{code}/qr.svg",
    response_class=Response,
    responses={200: {"content": {"image/svg+xml": {}}, "description": "The room's link as a QR code."}},
)
async def room_qr(code: str, request: Request, hub: HubDep) -> Response:
    """The room's link (`/t/{code}` on this server) as a QR code in SVG, for a friend sitting beside
    you to scan. Whoever can ask for it already holds the code: it reveals nothing new."""
    await hub.table(code)  # an unknown code is room_not_found, as on every room route
    link = f"{str(request.base_url).rstrip('/')}/t/{code}"
    # Private: the picture is the room's invitation, so no shared cache keeps it.
    return Response(qr.link_svg(link), media_type="image/svg+xml", headers={"Cache-Control": "private, max-age=3600"})


@router.post("/{code}/join", response_model=JoinResult)
async def join_room(code: str, player: CurrentPlayer, hub: HubDep, body: JoinBody | None = None) -> JoinResult:
    """Take the lowest free seat (or get back the seat you already hold). A `client_seed` goes
    into the derivation of the next game's seed (provably fair shuffles)."""
    table = await hub.table(code)
    return JoinResult(seat=await table.join(player.id, player.name, body.client_seed if body else None))


@router.post("/{code}/bots", response_model=JoinResult, status_code=201)
async def add_bot(code: str, body: BotCreate, player: CurrentPlayer, hub: HubDep) -> JoinResult:
    """The host seats a bot (in `seat`, or the lowest free seat)."""
    table = await hub.table(code)
    return JoinResult(seat=await table.add_bot(player.id, body.level, body.seat))


@router.delete("/{code}/seats/{seat}", response_model=SeatsPublic)
async def free_seat(code: str, seat: int, player: CurrentPlayer, hub: HubDep) -> dict[str, Any]:
    """The host frees a seat before the start: removes a bot, or a person who is not playing."""
    table = await hub.table(code)
    return {"seats": await table.remove_seat(player.id, seat)}


@router.post("/{code}/seats/{seat}/move", response_model=SeatsPublic)
async def move_seat(code: str, seat: int, body: SeatMove, player: CurrentPlayer, hub: HubDep) -> dict[str, Any]:
    """The host moves a seat's occupant to another seat (swapping with whoever sits there)."""
    table = await hub.table(code)
    return {"seats": await table.move_seat(player.id, seat, body.to)}


@router.post("/{code}/seats/{seat}/rescue", response_model=RescueRequested, status_code=202)
async def ask_rescue(code: str, seat: int, player: CurrentPlayer, hub: HubDep) -> dict[str, Any]:
    """Ask to play a seat that a bot plays for a player gone longer than the grace. The host
    approves or declines; with no host at the table the seat is yours after a short delay,
    unless its player comes back first. A game with a rescued seat is not rated."""
    table = await hub.table(code)
    return await table.ask_rescue(player.id, player.name, seat)


@router.post("/{code}/seats/{seat}/rescue/approve", response_model=RescueDecided)
async def approve_rescue(code: str, seat: int, player: CurrentPlayer, hub: HubDep) -> dict[str, Any]:
    """The host gives the seat to the person who asked for it."""
    table = await hub.table(code)
    return await table.approve_rescue(player.id, seat)


@router.delete("/{code}/seats/{seat}/rescue", response_model=RescueDecided)
async def withdraw_rescue(code: str, seat: int, player: CurrentPlayer, hub: HubDep) -> dict[str, Any]:
    """The asker takes the request back, or the host declines it."""
    table = await hub.table(code)
    return await table.withdraw_rescue(player.id, seat)


@router.post("/{code}/start", response_model=StartResult)
async def start_game(code: str, player: CurrentPlayer, hub: HubDep) -> dict[str, Any]:
    table = await hub.table(code)
    return await table.start_game(player.id, False)


@router.post("/{code}/rematch", response_model=StartResult)
async def rematch(code: str, player: CurrentPlayer, hub: HubDep) -> dict[str, Any]:
    """A new game with the same seats; the previous result reaches the rules that use it."""
    table = await hub.table(code)
    return await table.start_game(player.id, True)


@router.post("/{code}/rematch-requests", response_model=RematchRequested, status_code=202)
async def request_rematch(code: str, player: CurrentPlayer, hub: HubDep) -> dict[str, Any]:
    """A seated player asks for another game; the host sees the request and starts the rematch."""
    table = await hub.table(code)
    return await table.request_rematch(player.id)


@router.post("/{code}/leave", response_model=LeaveResult)
async def leave_room(code: str, player: CurrentPlayer, hub: HubDep) -> dict[str, Any]:
    """Before the start: free your seat. During a game: a bot plays your seat to the end."""
    table = await hub.table(code)
    return await table.leave(player.id)


@router.get("/{code}/state", response_model=StatePublic)
async def get_state(code: str, player: OptionalPlayer, hub: HubDep) -> dict[str, Any]:
    """The game as the caller's seat sees it (the spectator view without a seat or token)."""
    table = await hub.table(code)
    return await table.state_for(player.id if player else None)


@router.post("/{code}/actions", response_model=ActionResult)
async def post_action(
    code: str, body: ActionCreate, player: CurrentPlayer, hub: HubDep, limits: LimitsDep
) -> ActionResult:
    """Play one action for your seat; refused actions get a typed error and change nothing."""
    await limits.player("action", player.id)
    table = await hub.table(code)
    stamp = hub.clock.now_ms()
    reply = await table.offer(table.seat_of(player.id), body.action, stamp, body.client_seq)
    if isinstance(reply, asyncio.Future):
        reply = await reply  # held in a race window until it closes (hub/claims.py)
    if reply["type"] == "error":
        raise HubError(reply["code"], reply["message"], action_status(reply["code"]))
    return ActionResult(version=reply["version"], events=reply["events"])


@router.get("/{code}/log", response_model=LogPublic)
async def get_log(
    code: str,
    hub: HubDep,
    after: Annotated[int, Query(ge=0, le=SEQ_MAX)] = 0,
    limit: Annotated[int, Query(ge=1, le=LOG_PAGE_MAX)] = LOG_PAGE_MAX,
) -> dict[str, Any]:
    """The action log a page at a time: the public part while the game runs, all of it (and the
    seed) once it ended. Pages keep any request small, however long the game."""
    table = await hub.table(code)
    return await table.public_log(after, limit)


# -- chat (hub/chat.py): lines and reactions go over the socket; reading and the host's controls here --


@router.get("/{code}/chat", response_model=ChatPublic)
async def get_chat(code: str, player: CurrentPlayer, hub: HubDep) -> dict[str, Any]:
    """The room's recent chat lines and reactions (at most 50), oldest first: for its players, its
    host, and a spectator watching it now (whose socket hears the chat anyway)."""
    table = await hub.table(code)
    return {"messages": await table.chat_for(player.id)}


@router.post("/{code}/chat/settings", response_model=ChatSettingsPublic)
async def chat_settings(code: str, body: ChatSettingsBody, player: CurrentPlayer, hub: HubDep) -> dict[str, Any]:
    """The host lets spectators write in the chat (or stops them); players always may."""
    table = await hub.table(code)
    return await table.set_spectator_chat(player.id, body.spectators)


@router.post("/{code}/mutes", response_model=ChatSettingsPublic)
async def mute_player(code: str, body: MuteBody, player: CurrentPlayer, hub: HubDep) -> dict[str, Any]:
    """The host mutes a player of the room in the chat: their lines are refused until unmuted."""
    table = await hub.table(code)
    return await table.mute(player.id, body.player_id)


@router.delete("/{code}/mutes/{player_id}", response_model=ChatSettingsPublic)
async def unmute_player(code: str, player_id: str, player: CurrentPlayer, hub: HubDep) -> dict[str, Any]:
    """The host lets a muted player write again."""
    table = await hub.table(code)
    return await table.unmute(player.id, player_id)
