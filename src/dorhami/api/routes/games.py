"""The catalogue of games, and replays of the games played."""

import asyncio
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Depends, Path, Query, Request

from ...bot_ratings import BOT_RATINGS
from ...catalogue import GAMES, TUTORIALS, get_engine
from ...engine import Engine
from ...errors import ErrorCode
from ...hub import bots
from ...hub.errors import HubError
from ...hub.hub import Hub
from ...hub.replay import viewer_frames
from ...hub.room_rules import option_forms, table_options
from ...hub.verify import checks, revealed
from ...ratings import ordinal
from ...storage.records import GameRecord, PlayerRecord
from ..deps import HubDep, address_limit, optional_player
from ..schemas import ERRORS, BotLevelPublic, GamePublic, ReplayPublic, VerifyPublic

router = APIRouter(prefix="/api", tags=["games"], dependencies=[Depends(address_limit("request"))], responses=ERRORS)


@router.get("/games", response_model=list[GamePublic])
async def list_games() -> list[GamePublic]:
    """Every game this server runs, with player counts and default config."""
    return [
        GamePublic(
            slug=e.slug,
            title=e.title,
            min_players=e.min_players,
            max_players=e.max_players,
            **_any_mode(e),
            realtime=e.realtime,
            default_config={**e.default_config(), **table_options(e)},
            config_options=option_forms(e),
            presets=e.presets(),
            bot_levels=bot_levels(e),
            tutorial_minutes=TUTORIALS[e.slug].minutes if e.slug in TUTORIALS else None,
        )
        for e in sorted(GAMES.values(), key=lambda e: e.slug)
    ]


def bot_levels(engine: Engine) -> list[BotLevelPublic]:
    """Each level with its measured rating (bench/quality/bot_ratings.py writes dorhami/bot_ratings.py)."""
    measured = BOT_RATINGS.get(engine.slug, {})
    rows = []
    for level in bots.levels(engine):
        found = measured.get(level)
        mu, sigma = (found["mu"], found["sigma"]) if found else (None, None)
        rating = round(ordinal(mu, sigma), 1) if mu is not None and sigma is not None else None
        rows.append(BotLevelPublic(level=level, rating=rating, mu=mu, sigma=sigma))
    return rows


def _any_mode(engine: Engine) -> dict[str, Any]:
    """The player counts over every mode the game offers, for a lobby card's "1–6 players"."""
    modes = engine.config_options().get("mode", {}).get("choices", [None])
    ranges = [engine.player_range({**engine.default_config(), **({"mode": m} if m else {})}) for m in modes]
    return {"fewest_players": min(r[0] for r in ranges), "most_players": max(r[1] for r in ranges)}


REPLAY_PAGE_MAX = 500
# Game ids are 32-bit integers in the database (PostgreSQL refuses a larger one in a query).
GameId = Annotated[int, Path(ge=1, le=2**31 - 1)]


# Replays and checks re-simulate a stored game: at most this many at once per process, each on a
# worker thread (the engines are pure), so a crowd asking for them queues instead of stalling tables.
BUILDS_AT_ONCE = 2
T = TypeVar("T")


def _builds(request: Request) -> asyncio.Semaphore:
    state = request.app.state
    if getattr(state, "replay_builds", None) is None:
        state.replay_builds = asyncio.Semaphore(BUILDS_AT_ONCE)
    builds: asyncio.Semaphore = state.replay_builds
    return builds


async def _off_the_loop(request: Request, fn: Callable[..., T], *args: Any) -> T:
    async with _builds(request):
        return await asyncio.to_thread(fn, *args)


@router.get("/games/{game_id}/replay", response_model=ReplayPublic, dependencies=[Depends(address_limit("replay"))])
async def replay(
    game_id: GameId,
    hub: HubDep,
    request: Request,
    player: Annotated[PlayerRecord | None, Depends(optional_player)],
    seat: Annotated[int | None, Query(ge=0, le=7, description="whose eyes; none: a spectator's")] = None,
    after: Annotated[int, Query(ge=-1, le=2**53, description="frames of versions after this")] = -1,
    limit: Annotated[int, Query(ge=1, le=REPLAY_PAGE_MAX)] = REPLAY_PAGE_MAX,
) -> dict[str, Any]:
    """A game as one viewer saw it, version by version: their view and the events they heard,
    re-simulated from the log, a page at a time. As a spectator, any finished game; a seat's eyes
    only for the person who holds that seat now (a running game, up to now) or held it at the end
    (a finished one), so a replay never tells anyone more than the table did (a player who left, or
    whose seat was taken over, no longer sees its hand). `viewable_seats` says which the caller may ask for."""
    found = await hub.store.game_room(game_id)
    if found is None:
        raise HubError(ErrorCode.NO_SUCH_GAME, f"there is no game {game_id}")
    record, slug, _ = found
    if seat is not None and seat >= record.players:
        raise HubError(ErrorCode.NO_SUCH_SEAT, f"this game has seats 0 to {record.players - 1}")
    viewable = await _viewable_seats(hub, record, player)
    if record.result is None and seat not in viewable:
        # Forbidden rather than conflicting: the seat is someone else's until the game is over.
        raise HubError(ErrorCode.NOT_FINISHED, "while the game runs, only the seat you hold now is replayed", 403)
    if seat is not None and seat not in viewable:
        raise HubError(
            ErrorCode.NOT_YOUR_SEAT, "a finished game is replayed as a spectator, or from the seat you held at its end"
        )
    # Versions are the log's seqs, 1, 2, ...: a page ends at version after + limit, and one more row
    # says whether another page follows.
    rows = await hub.store.actions_page(game_id, 0, max(after, 0) + limit + 1)
    by_seat = record.seat_players or [None] * record.players
    people = await hub.store.players({pid for pid in by_seat if pid})
    names = [people[pid].name if pid in people else None for pid in by_seat]
    frames = await _off_the_loop(request, viewer_frames, get_engine(slug), record, rows, seat, after, limit + 1)
    return {
        "game_id": game_id,
        "game": slug,
        "players": record.players,
        "names": names,
        "seat": seat,
        "viewable_seats": viewable,
        "finished": record.result is not None,
        "result": record.result,
        "frames": frames[:limit],
        "next_after": frames[limit - 1]["version"] if len(frames) > limit else None,
    }


async def _viewable_seats(hub: Hub, record: GameRecord, player: PlayerRecord | None) -> list[int]:
    """The seats whose eyes `player` may replay: the ones they hold now (the room's seats, as the
    table keeps them: a leaver's is a bot's, a rescued one its rescuer's) while the game runs; the
    ones they held at its end once finished (games ended before that was kept: at its start)."""
    if player is None:
        return []
    if record.result is None:
        return [s.seat for s in await hub.store.seats(record.room_id) if s.player_id == player.id]
    holders = record.end_players if record.end_players is not None else record.seat_players or []
    return [seat for seat, holder in enumerate(holders) if holder == player.id]


@router.get("/games/{game_id}/verify", response_model=VerifyPublic, dependencies=[Depends(address_limit("replay"))])
async def verify(game_id: GameId, hub: HubDep, request: Request) -> dict[str, Any]:
    """Check a finished game: the revealed server seed against its commitment, the seed's
    derivation, and a replay of the whole log from that seed to the stored result. Refused while
    the game runs (its server seed is still secret)."""
    found = await hub.store.game_room(game_id)
    if found is None:
        raise HubError(ErrorCode.NO_SUCH_GAME, f"there is no game {game_id}")
    record, slug, code = found
    if record.result is None:
        raise HubError(
            ErrorCode.NOT_FINISHED, "a game is checked once it is over: its server seed is secret until then"
        )
    rows = await hub.store.actions(game_id)
    results = await _off_the_loop(request, checks, get_engine(slug), record, rows, code)
    return {
        "game_id": game_id,
        "game": slug,
        "passed": all(c["passed"] for c in results),
        "checks": results,
        "seed": record.seed,
        "players": record.players,
        "log_rows": len(rows),
        **(revealed(record, code) or {}),
    }
