"""The catalogue of games, and replays of the games played."""

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query

from ...engine import GAMES, get_engine
from ...hub import claims
from ...hub.errors import HubError
from ...hub.replay import viewer_frames
from ...hub.verify import checks, revealed
from ...storage.records import PlayerRecord
from ..deps import HubDep, optional_player
from ..schemas import ERRORS, GamePublic, ReplayPublic, VerifyPublic

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


REPLAY_PAGE_MAX = 500
# Game ids are 32-bit integers in the database (PostgreSQL refuses a larger one in a query).
GameId = Annotated[int, Path(ge=1, le=2**31 - 1)]


@router.get("/games/{game_id}/replay", response_model=ReplayPublic)
async def replay(game_id: GameId, hub: HubDep,
                 player: Annotated[PlayerRecord | None, Depends(optional_player)],
                 seat: Annotated[int | None, Query(ge=0, le=7, description="whose eyes; none: a spectator's")] = None,
                 after: Annotated[int, Query(ge=-1, le=2**53, description="frames of versions after this")] = -1,
                 limit: Annotated[int, Query(ge=1, le=REPLAY_PAGE_MAX)] = REPLAY_PAGE_MAX) -> dict:
    """A game as one viewer saw it, version by version: their view and the events they heard,
    re-simulated from the log. A finished game from any seat or as a spectator; a running one
    only from your own seat, up to now, so a replay never tells anyone more than the table did."""
    found = await hub.store.game_room(game_id)
    if found is None:
        raise HubError("no_such_game", f"there is no game {game_id}", 404)
    record, slug, _ = found
    if seat is not None and seat >= record.players:
        raise HubError("no_such_seat", f"this game has seats 0 to {record.players - 1}", 409)
    if record.result is None:
        own = [s for s, pid in enumerate(record.seat_players or []) if player is not None and pid == player.id]
        if seat is None or seat not in own:
            raise HubError("not_finished", "while the game runs, only your own seat's replay is shown", 403)
    rows = await hub.store.actions(game_id)
    by_seat = record.seat_players or [None] * record.players
    people = await hub.store.players({pid for pid in by_seat if pid})
    names = [people[pid].name if pid in people else None for pid in by_seat]
    frames = [f for f in viewer_frames(get_engine(slug), record, rows, seat) if f["version"] > after]
    return {"game_id": game_id, "game": slug, "players": record.players, "names": names, "seat": seat,
            "finished": record.result is not None, "result": record.result, "frames": frames[:limit],
            "next_after": frames[limit - 1]["version"] if len(frames) > limit else None}


@router.get("/games/{game_id}/verify", response_model=VerifyPublic)
async def verify(game_id: GameId, hub: HubDep) -> dict:
    """Check a finished game: the revealed server seed against its commitment, the seed's
    derivation, and a replay of the whole log from that seed to the stored result. Refused while
    the game runs (its server seed is still secret)."""
    found = await hub.store.game_room(game_id)
    if found is None:
        raise HubError("no_such_game", f"there is no game {game_id}", 404)
    record, slug, code = found
    if record.result is None:
        raise HubError("not_finished", "a game is checked once it is over: its server seed is secret until then", 409)
    rows = await hub.store.actions(game_id)
    results = checks(get_engine(slug), record, rows, code)
    return {"game_id": game_id, "game": slug, "passed": all(c["passed"] for c in results), "checks": results,
            "seed": record.seed, "players": record.players, "log_rows": len(rows), **(revealed(record, code) or {})}
