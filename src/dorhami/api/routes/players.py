"""Guest identities: made with a name, kept across browsers with a recovery code."""

from fastapi import APIRouter, Depends, Response

from ...hub.errors import HubError
from ..deps import CurrentPlayer, HubDep, address_limit
from ..schemas import (ERRORS, PlayerCreate, PlayerCreated, PlayerMe, PlayerPublic, PlayerRename, RecoveryCode,
                       RestoreBody)

router = APIRouter(prefix="/api", tags=["players"], dependencies=[Depends(address_limit("request"))], responses=ERRORS)


@router.post("/players", response_model=PlayerCreated, status_code=201,
             dependencies=[Depends(address_limit("new_player"))])
async def create_player(body: PlayerCreate, hub: HubDep) -> PlayerCreated:
    """Create a guest identity; keep the token, it is shown only once."""
    player, token = await hub.store.create_player(body.name)
    return PlayerCreated(id=player.id, name=player.name, token=token)


@router.get("/players/me", response_model=PlayerMe)
async def who_am_i(player: CurrentPlayer) -> PlayerMe:
    """Your id and name, and whether a recovery code protects the identity."""
    return PlayerMe(id=player.id, name=player.name, protected=player.recovery_hash is not None)


@router.patch("/players/me", response_model=PlayerPublic)
async def rename_player(body: PlayerRename, player: CurrentPlayer, hub: HubDep) -> PlayerPublic:
    """Change your name; you keep your id, token, seats and host roles, and every room you are in hears it."""
    await hub.rename_player(player.id, body.name)
    return PlayerPublic(id=player.id, name=body.name)


@router.post("/players/me/recovery", response_model=RecoveryCode, status_code=201)
async def new_recovery_code(player: CurrentPlayer, hub: HubDep, response: Response) -> RecoveryCode:
    """A recovery code for your identity, shown only now (the server keeps only its hash). Asking
    again replaces it: the old code stops working."""
    response.headers["Cache-Control"] = "no-store"
    return RecoveryCode(code=await hub.store.set_recovery_code(player.id))


@router.delete("/players/me/recovery", status_code=204)
async def forget_recovery_code(player: CurrentPlayer, hub: HubDep) -> Response:
    """No code restores your identity any more (browsers already restored keep their tokens)."""
    await hub.store.clear_recovery_code(player.id)
    return Response(status_code=204)


@router.post("/players/restore", response_model=PlayerCreated, dependencies=[Depends(address_limit("restore"))])
async def restore_player(body: RestoreBody, hub: HubDep, response: Response) -> PlayerCreated:
    """Play in this browser as the player whose recovery code this is: a new token for this
    browser; the code keeps working until its player replaces it."""
    restored = await hub.store.restore_player(body.code)
    if restored is None:
        raise HubError("invalid_recovery_code", "that recovery code belongs to no player", 401)
    player, token = restored
    response.headers["Cache-Control"] = "no-store"
    return PlayerCreated(id=player.id, name=player.name, token=token)
