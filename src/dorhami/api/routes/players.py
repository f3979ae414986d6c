"""Guest identities."""

from fastapi import APIRouter

from ..deps import HubDep
from ..schemas import PlayerCreate, PlayerCreated

router = APIRouter(prefix="/api", tags=["players"])


@router.post("/players", response_model=PlayerCreated, status_code=201)
async def create_player(body: PlayerCreate, hub: HubDep) -> PlayerCreated:
    """Create a guest identity; keep the token, it is shown only once."""
    player, token = await hub.store.create_player(body.name)
    return PlayerCreated(id=player.id, name=player.name, token=token)
