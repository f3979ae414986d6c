"""Friends, blocks and invitations (docs/FRIENDS.md): people you played with, friend requests that
both sides accept, blocks, a friend's invitation to a room, and "play again with these people".

An invitation carries no secret: its notice opens `/invitations/<id>`, never the room's code, and
only its invitee, signed in, reads or accepts it. A private room's code shows in a friend's
presence only to someone seated in the same room.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Depends, Path, Response

from ...errors import ErrorCode
from ...hub.errors import HubError
from ...hub.hub import Hub
from ...push.notifier import Notice
from ...storage import friends
from ..deps import CurrentPlayer, HubDep, LimitsDep, address_limit
from ..schemas import (
    ERRORS,
    BlockedPublic,
    BlocksPublic,
    FriendPublic,
    FriendRequested,
    FriendRoom,
    FriendsPublic,
    InvitationAccepted,
    InvitationPublic,
    InvitationSent,
    InvitationsPublic,
    PeoplePublic,
    PersonPublic,
    PlayAgainPublic,
    PlayerPublic,
    PlayerRef,
    RequestPublic,
)
from .rooms import MAX_OPEN_ROOMS

T = TypeVar("T")
router = APIRouter(prefix="/api", tags=["friends"], dependencies=[Depends(address_limit("request"))], responses=ERRORS)
PlayerId = Annotated[str, Path(min_length=1, max_length=64)]
InvitationId = Annotated[str, Path(min_length=1, max_length=64)]


async def run(hub: Hub, fn: Callable[..., T], *args: Any) -> T:
    """A storage/friends.py call on the store's worker thread; its refusal becomes a typed error."""
    try:
        return await hub.store.run(fn, hub.store.engine, *args)
    except friends.Refused as refused:
        raise HubError(refused.code, refused.message) from None


def tell_invited(hub: Hub, invitee: str, invitation_id: str, game: str, inviter_name: str) -> None:
    """Push the invitation to the invitee's devices (the push service queues it; never raises)."""
    if hub.services.notify is None:
        return
    notice = Notice(kind="invitation", url=f"/invitations/{invitation_id}", game=game, args={"from": inviter_name})
    hub.services.notify(invitee, notice)


# -- people and friends ---------------------------------------------------------------------------


@router.get("/players/me/people", response_model=PeoplePublic)
async def list_people(player: CurrentPlayer, hub: HubDep) -> PeoplePublic:
    """The people of your latest finished games, most recent first (at most 50), with whether
    you are friends and whether you blocked them."""
    found = await run(hub, friends.people, player.id)
    mine = await run(hub, friends.friends_of, player.id)
    blocked = await run(hub, friends.blocked_ids, player.id)
    standing = {pid: kind for kind in ("friends", "incoming", "outgoing") for pid, _, _ in mine[kind]}
    return PeoplePublic(
        people=[
            PersonPublic(
                id=pid,
                name=name,
                last_played_ms=last,
                games=games,
                friend=standing.get(pid, "none"),  # type: ignore[arg-type]
                blocked=pid in blocked,
            )
            for pid, name, last, games in found
        ]
    )


@router.get("/players/me/friends", response_model=FriendsPublic)
async def list_friends(player: CurrentPlayer, hub: HubDep) -> FriendsPublic:
    """Your friends with where they are (online, the room they sit in, whether it is their move)
    and the requests waiting either way. A private room's code only if you sit there too."""
    mine = await run(hub, friends.friends_of, player.id)
    ids = {pid for pid, _, _ in mine["friends"]}
    seated = await run(hub, friends.seated_in, player.id, ids)
    online = hub.online_players(ids)
    listed = []
    for pid, name, since in mine["friends"]:
        where = seated.get(pid)
        room = None
        if where is not None:
            room = FriendRoom(
                code=where.code if not where.private or where.viewer_seated else None,
                game=where.game,
                status=where.status,  # type: ignore[arg-type]
                pace=where.pace,
                their_turn=where.their_turn,
            )
        listed.append(FriendPublic(id=pid, name=name, since_ms=since, online=pid in online, room=room))
    return FriendsPublic(
        friends=listed,
        incoming=[RequestPublic(id=pid, name=name, sent_ms=ms) for pid, name, ms in mine["incoming"]],
        outgoing=[RequestPublic(id=pid, name=name, sent_ms=ms) for pid, name, ms in mine["outgoing"]],
    )


@router.post("/players/me/friends", response_model=FriendRequested)
async def request_friend(body: PlayerRef, player: CurrentPlayer, hub: HubDep, limits: LimitsDep) -> FriendRequested:
    """Ask someone to be friends. If they asked you already, you are friends now (`accepted`)."""
    await limits.player("friend", player.id)
    status = await run(hub, friends.request, player.id, body.player_id, hub.clock.now_ms())
    return FriendRequested(status=status)  # type: ignore[arg-type]


@router.post("/players/me/friends/{player_id}/accept", response_model=FriendRequested)
async def accept_friend(player_id: PlayerId, player: CurrentPlayer, hub: HubDep) -> FriendRequested:
    """Accept someone's friend request."""
    await run(hub, friends.accept, player.id, player_id, hub.clock.now_ms())
    return FriendRequested(status="accepted")


@router.delete("/players/me/friends/{player_id}", status_code=204)
async def remove_friend(player_id: PlayerId, player: CurrentPlayer, hub: HubDep) -> Response:
    """Unfriend, decline someone's request, or take your own back."""
    await run(hub, friends.remove, player.id, player_id)
    return Response(status_code=204)


# -- blocks ---------------------------------------------------------------------------------------


@router.get("/players/me/blocks", response_model=BlocksPublic)
async def list_blocks(player: CurrentPlayer, hub: HubDep) -> BlocksPublic:
    rows = await run(hub, friends.blocks_of, player.id)
    return BlocksPublic(blocked=[BlockedPublic(id=pid, name=name, blocked_ms=ms) for pid, name, ms in rows])


@router.post("/players/me/blocks/{player_id}", status_code=204)
async def block_player(player_id: PlayerId, player: CurrentPlayer, hub: HubDep, limits: LimitsDep) -> Response:
    """Block someone: they cannot join a table you host or sit at, invite you or ask to be your
    friend, and your chat hides their lines. Any friendship or request between you ends."""
    await limits.player("friend", player.id)
    await run(hub, friends.block, player.id, player_id, hub.clock.now_ms())
    return Response(status_code=204)


@router.delete("/players/me/blocks/{player_id}", status_code=204)
async def unblock_player(player_id: PlayerId, player: CurrentPlayer, hub: HubDep) -> Response:
    await run(hub, friends.unblock, player.id, player_id)
    return Response(status_code=204)


# -- invitations ----------------------------------------------------------------------------------


def invitation_public(found: friends.Invitation, now_ms: int) -> InvitationPublic:
    return InvitationPublic(
        id=found.id,
        inviter=PlayerPublic(id=found.inviter_id, name=found.inviter_name),
        game=found.game,
        private=found.private,
        created_ms=found.created_ms,
        expires_ms=found.created_ms + friends.INVITATION_TTL_MS,
        status=friends.status_now(found, now_ms),  # type: ignore[arg-type]
    )


@router.post("/rooms/{code}/invitations", response_model=InvitationSent, status_code=201)
async def invite_to_room(
    code: str, body: PlayerRef, player: CurrentPlayer, hub: HubDep, limits: LimitsDep
) -> InvitationSent:
    """Invite a friend to this room (you sit in it or host it). They get a notice; the room's code
    reaches them only when they accept. At most 5 invitations wait for one person at a time."""
    table = await hub.table(code)
    room = table.room
    if table.seat_of(player.id) is None and room.host_id != player.id:
        raise HubError(ErrorCode.CANNOT_INVITE, "only the room's host and its seated players invite")
    if room.status not in friends.JOINABLE:
        raise HubError(ErrorCode.GAME_RUNNING, "the game has started; invite to its next one")
    await limits.player("invite", player.id)
    invitation_id, new = await run(hub, friends.invite, player.id, body.player_id, room.id, hub.clock.now_ms())
    if new:
        tell_invited(hub, body.player_id, invitation_id, room.game, player.name)
    return InvitationSent(id=invitation_id, new=new)


@router.get("/players/me/invitations", response_model=InvitationsPublic)
async def list_invitations(player: CurrentPlayer, hub: HubDep) -> InvitationsPublic:
    """Your invitations that can still be used, newest first."""
    now = hub.clock.now_ms()
    rows = await run(hub, friends.pending_for, player.id, now)
    return InvitationsPublic(invitations=[invitation_public(row, now) for row in rows])


@router.get("/invitations/{invitation_id}", response_model=InvitationPublic)
async def get_invitation(invitation_id: InvitationId, player: CurrentPlayer, hub: HubDep) -> InvitationPublic:
    """One of your invitations: who invites you to which game, and whether it still stands."""
    found = await run(hub, friends.invitation_for, player.id, invitation_id)
    return invitation_public(found, hub.clock.now_ms())


@router.post("/invitations/{invitation_id}/accept", response_model=InvitationAccepted)
async def accept_invitation(invitation_id: InvitationId, player: CurrentPlayer, hub: HubDep) -> InvitationAccepted:
    """Take a free seat of the room you were invited to (as joining it would); its code is yours now."""
    now = hub.clock.now_ms()
    found = await run(hub, friends.invitation_for, player.id, invitation_id)
    if friends.status_now(found, now) != "pending":
        raise HubError(ErrorCode.INVITATION_CLOSED, "this invitation was answered already or has expired")
    table = await hub.table(found.room_code)
    seat = await table.join(player.id, player.name)
    await run(hub, friends.answer, player.id, invitation_id, "accepted", now)
    return InvitationAccepted(code=found.room_code, seat=seat)


@router.delete("/invitations/{invitation_id}", status_code=204)
async def decline_invitation(invitation_id: InvitationId, player: CurrentPlayer, hub: HubDep) -> Response:
    await run(hub, friends.invitation_for, player.id, invitation_id)
    await run(hub, friends.answer, player.id, invitation_id, "declined", hub.clock.now_ms())
    return Response(status_code=204)


@router.post("/rooms/{code}/play-again", response_model=PlayAgainPublic, status_code=201)
async def play_again(code: str, player: CurrentPlayer, hub: HubDep, limits: LimitsDep) -> PlayAgainPublic:
    """After a finished game you played: a new room of the same game and options, hosted by you
    with your seat taken, and an invitation to every other person of that game (not those who
    blocked you or whom you blocked)."""
    table = await hub.table(code)
    room = table.room
    if room.status != "finished":
        raise HubError(ErrorCode.NOT_FINISHED, "play again follows a finished game")
    people = await run(hub, friends.last_game_players, room.id, room.game_id)
    if player.id not in people:
        raise HubError(ErrorCode.NOT_SEATED, "only the players of the last game play it again")
    await limits.player("new_room", player.id)
    await limits.player("invite", player.id)
    if await hub.store.open_rooms_hosted(player.id) >= MAX_OPEN_ROOMS:
        raise HubError(
            ErrorCode.TOO_MANY_ROOMS, f"you already host {MAX_OPEN_ROOMS} open rooms; finish or leave one first"
        )
    new_code = secrets.token_urlsafe(12)  # as a new room's (api/routes/rooms.py)
    await run(hub, friends.copy_room, room.id, new_code, player.id)
    new_table = await hub.table(new_code)
    await new_table.join(player.id, player.name)
    now = hub.clock.now_ms()
    invited = []
    names = await hub.store.players(set(people))
    for other in people:
        if other == player.id:
            continue
        try:
            invitation_id, new = await hub.store.run(
                friends.invite, hub.store.engine, player.id, other, new_table.room.id, now, False
            )
        except friends.Refused:
            continue  # blocked either way, or too many invitations waiting: that one is left out
        if new:
            tell_invited(hub, other, invitation_id, room.game, player.name)
        invited.append(PlayerPublic(id=other, name=names[other].name if other in names else ""))
    return PlayAgainPublic(code=new_code, invited=invited)
