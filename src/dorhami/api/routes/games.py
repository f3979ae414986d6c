"""The catalogue of games."""

from fastapi import APIRouter

from ...engine import GAMES
from ...hub import claims
from ..schemas import ERRORS, GamePublic

router = APIRouter(prefix="/api", tags=["games"], responses=ERRORS)


@router.get("/games", response_model=list[GamePublic])
async def list_games() -> list[GamePublic]:
    """Every game this server runs, with player counts and default config."""
    return [GamePublic(slug=e.slug, title=e.title, min_players=e.min_players, max_players=e.max_players,
                       **_any_mode(e), realtime=e.realtime, default_config={**e.default_config(), **claims.options(e)},
                       config_options={**e.config_options(), **claims.option_forms(e)}, presets=e.presets())
            for e in sorted(GAMES.values(), key=lambda e: e.slug)]


def _any_mode(engine) -> dict:
    """The player counts over every mode the game offers, for a lobby card's "1–6 players"."""
    modes = engine.config_options().get("mode", {}).get("choices", [None])
    ranges = [engine.player_range({**engine.default_config(), **({"mode": m} if m else {})}) for m in modes]
    return {"fewest_players": min(r[0] for r in ranges), "most_players": max(r[1] for r in ranges)}
