"""Guest identities."""

from fastapi import APIRouter, Depends

from ..deps import CurrentPlayer, HubDep, address_limit
from ..schemas import ERRORS, PlayerCreate, PlayerCreated, PlayerPublic, PlayerRename

router = APIRouter(prefix="/api", tags=["players"], dependencies=[Depends(address_limit("request"))], responses=ERRORS)


@router.post("/players", response_model=PlayerCreated, status_code=201,
             dependencies=[Depends(address_limit("new_player"))])
async def create_player(body: PlayerCreate, hub: HubDep) -> PlayerCreated:
    """Create a guest identity; keep the token, it is shown only once."""
    player, token = await hub.store.create_player(body.name)
    return PlayerCreated(id=player.id, name=player.name, token=token)


@router.patch("/players/me", response_model=PlayerPublic)
async def rename_player(body: PlayerRename, player: CurrentPlayer, hub: HubDep) -> PlayerPublic:
    """Change your name; you keep your id, token, seats and host roles, and every room you are in hears it."""
    await hub.rename_player(player.id, body.name)
    return PlayerPublic(id=player.id, name=body.name)
