"""The catalogue of games."""

from fastapi import APIRouter

from ...engine import GAMES
from ..schemas import GamePublic

router = APIRouter(prefix="/api", tags=["games"])


@router.get("/games", response_model=list[GamePublic])
async def list_games() -> list[GamePublic]:
    """Every game this server runs, with player counts and default config."""
    return [GamePublic(slug=e.slug, title=e.title, min_players=e.min_players, max_players=e.max_players,
                       realtime=e.realtime, default_config=e.default_config(),
                       config_options=e.config_options(), presets=e.presets())
            for e in sorted(GAMES.values(), key=lambda e: e.slug)]
