"""Guest identities: made with a name, kept across browsers with a recovery code; each browser's
token is a session its player can list and end."""

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query, Response

from ...errors import ErrorCode
from ...hub.errors import HubError
from ...hub.my_games import games_of
from ...storage import player_sessions
from ..deps import CurrentPlayer, CurrentSession, HubDep, address_limit
from ..schemas import (
    ERRORS,
    MyGames,
    PlayerCreate,
    PlayerCreated,
    PlayerMe,
    PlayerPublic,
    PlayerRename,
    RecoveryCode,
    RecoveryReplace,
    RestoreBody,
    SessionPublic,
    SessionsPublic,
)

# A query flag is text: only these two spellings, not the "1", "yes" or "on" a lax bool would take.
StrictQueryBool = Literal["true", "false"]

router = APIRouter(prefix="/api", tags=["players"], dependencies=[Depends(address_limit("request"))], responses=ERRORS)


@router.post(
    "/players", response_model=PlayerCreated, status_code=201, dependencies=[Depends(address_limit("new_player"))]
)
async def create_player(body: PlayerCreate, hub: HubDep) -> PlayerCreated:
    """Create a guest identity; keep the token, it is shown only once."""
    player, token = await hub.store.create_player(body.name, hub.clock.now_ms())
    return PlayerCreated(id=player.id, name=player.name, token=token)


@router.get("/players/me", response_model=PlayerMe)
async def who_am_i(player: CurrentPlayer) -> PlayerMe:
    """Your id and name, and whether a recovery code protects the identity."""
    return PlayerMe(id=player.id, name=player.name, protected=player.recovery_hash is not None)


@router.get("/players/me/games", response_model=MyGames)
async def my_games(player: CurrentPlayer, hub: HubDep) -> dict[str, Any]:
    """Every room you sit in, live and daily (and those finished this week): where it is your move
    first, the soonest deadline first, with the time left and the last move."""
    return await games_of(hub.store, hub.tables, player.id, hub.clock.now_ms())


@router.patch("/players/me", response_model=PlayerPublic)
async def rename_player(body: PlayerRename, player: CurrentPlayer, hub: HubDep) -> PlayerPublic:
    """Change your name; you keep your id, token, seats and host roles, and every room you are in hears it."""
    await hub.rename_player(player.id, body.name)
    return PlayerPublic(id=player.id, name=body.name)


@router.post("/players/me/recovery", response_model=RecoveryCode, status_code=201)
async def new_recovery_code(
    me: CurrentSession, hub: HubDep, response: Response, body: RecoveryReplace | None = None
) -> RecoveryCode:
    """A recovery code for your identity, shown only now (the server keeps only its hash). Asking
    again replaces it: the old code stops working. Unless `end_other_sessions` is false, every
    session but this one ends too: a code is replaced because it may have leaked, and the sessions
    it restored must end with it; your own browsers restore again with the new code. No body (what
    the browser client sends) means true."""
    keep_only = me.session_id if body is None or body.end_other_sessions else None
    response.headers["Cache-Control"] = "no-store"
    code = await hub.store.set_recovery_code(me.player.id, keep_only)
    if keep_only is not None:
        await hub.end_sessions(me.player.id, keep=keep_only)
    return RecoveryCode(code=code)


@router.delete("/players/me/recovery", status_code=204)
async def forget_recovery_code(
    me: CurrentSession, hub: HubDep, end_other_sessions: Annotated[StrictQueryBool, Query()] = "true"
) -> Response:
    """No code restores your identity any more, and (unless `?end_other_sessions=false`) every
    session but this one ends: forgetting a code should not leave what it restored signed in."""
    keep_only = me.session_id if end_other_sessions == "true" else None
    await hub.store.clear_recovery_code(me.player.id, keep_only)
    if keep_only is not None:
        await hub.end_sessions(me.player.id, keep=keep_only)
    return Response(status_code=204)


@router.get("/players/me/sessions", response_model=SessionsPublic)
async def list_sessions(me: CurrentSession, hub: HubDep) -> SessionsPublic:
    """Every browser signed in as you (its token is never shown again): how and when it began,
    when it was last used, and which one is asking."""
    idle_ms = player_sessions.idle_limit_ms(hub.settings.session_idle_days)
    rows = await hub.store.sessions_of(me.player.id, hub.clock.now_ms(), idle_ms)
    return SessionsPublic(
        sessions=[
            SessionPublic(
                id=row.id,
                origin=row.origin,
                created_ms=row.created_ms,
                last_used_ms=row.last_used_ms,
                current=row.id == me.session_id,
            )
            for row in rows
        ]
    )


@router.delete("/players/me/sessions/{session_id}", status_code=204)
async def end_session(session_id: Annotated[str, Path(max_length=64)], me: CurrentSession, hub: HubDep) -> Response:
    """End one of your sessions, this one too: its token is refused from now on."""
    if not await hub.store.end_session(me.player.id, session_id):
        raise HubError(ErrorCode.NO_SUCH_SESSION, "you have no session with that id")
    await hub.end_sessions(me.player.id, ended=session_id)
    return Response(status_code=204)


@router.post("/players/restore", response_model=PlayerCreated, dependencies=[Depends(address_limit("restore"))])
async def restore_player(body: RestoreBody, hub: HubDep, response: Response) -> PlayerCreated:
    """Play in this browser as the player whose recovery code this is: a new session and token for
    this browser; the code keeps working until its player replaces or forgets it."""
    restored = await hub.store.restore_player(body.code, hub.clock.now_ms())
    if restored is None:
        raise HubError(ErrorCode.INVALID_RECOVERY_CODE, "that recovery code belongs to no player")
    player, token = restored
    response.headers["Cache-Control"] = "no-store"
    return PlayerCreated(id=player.id, name=player.name, token=token)
