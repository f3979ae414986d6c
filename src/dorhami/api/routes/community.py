"""Players' history and ratings, and each title's leaderboard (dorhami/ratings.py)."""

from __future__ import annotations

import re
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query

from ...catalogue import GAMES
from ...errors import ErrorCode
from ...hub.errors import HubError
from ...ratings import PROVISIONAL_GAMES, ordinal, provisional
from ...storage.records import GamePlayerRecord, RatingRecord
from ..deps import HubDep, address_limit
from ..schemas import ERRORS, LeaderboardPublic, PlayerHistory

router = APIRouter(
    prefix="/api", tags=["community"], dependencies=[Depends(address_limit("request"))], responses=ERRORS
)

RECENT_GAMES = 20
BOARD_PAGE_MAX = 100
PLAYER_ID = re.compile(r"[0-9a-f]{32}")


def is_player_id(text: str) -> bool:
    """Player ids are uuid4 hex: anything else names nobody, and is never sent to the database."""
    return PLAYER_ID.fullmatch(text) is not None


def rating_public(record: RatingRecord) -> dict[str, Any]:
    return {
        "mu": record.mu,
        "sigma": record.sigma,
        "ordinal": record.ordinal,
        "games": record.games,
        "provisional": provisional(record.games),
    }


def _change(row: GamePlayerRecord) -> float | None:
    if not row.rated or row.mu_before is None:
        return None
    # A rated row has all four numbers, written together (ratings.apply, storage/results.py).
    assert row.sigma_before is not None and row.mu_after is not None and row.sigma_after is not None
    return ordinal(row.mu_after, row.sigma_after) - ordinal(row.mu_before, row.sigma_before)


@router.get("/players/{player_id}", response_model=PlayerHistory)
async def player_history(player_id: str, hub: HubDep) -> dict[str, Any]:
    """A player's name, games and wins per title, ratings with their uncertainty, last games
    (each with its replay) and each title's rating over time."""
    found = await hub.store.player_history(player_id, RECENT_GAMES) if is_player_id(player_id) else None
    if found is None:
        raise HubError(ErrorCode.PLAYER_NOT_FOUND, "there is no such player")
    titles = [
        {
            "game": slug,
            "title": GAMES[slug].title if slug in GAMES else slug,
            "played": played,
            "won": won,
            "rating": rating_public(found["ratings"][slug]) if slug in found["ratings"] else None,
        }
        for slug, (played, won) in sorted(found["counts"].items())
    ]
    recent = [
        {
            "game_id": r.game_id,
            "game": r.game,
            "title": GAMES[r.game].title if r.game in GAMES else r.game,
            "rank": r.rank,
            "players": r.players,
            "ended_ms": r.ended_ms,
            "rated": r.rated,
            "rating_change": _change(r),
            "replay_url": f"/replay/{r.game_id}",
        }
        for r in found["recent"]
    ]
    history: dict[str, list[dict[str, Any]]] = {}
    for slug, ended_ms, mu, sigma in found["path"]:
        history.setdefault(slug, []).append({"ended_ms": ended_ms, "ordinal": ordinal(mu, sigma)})
    return {
        "id": player_id,
        "name": found["name"],
        "min_games": PROVISIONAL_GAMES,
        "titles": titles,
        "recent": recent,
        "history": history,
    }


@router.get("/leaderboards/{game}", response_model=LeaderboardPublic)
async def leaderboard(
    game: str,
    hub: HubDep,
    offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
    limit: Annotated[int, Query(ge=1, le=BOARD_PAGE_MAX)] = 50,
) -> dict[str, Any]:
    """A title's rated players, best first (by mu - 3 sigma, then more games, then id);
    provisional players (fewer than `min_games` rated games) are left out."""
    if game not in GAMES:
        raise HubError(ErrorCode.UNKNOWN_GAME, "there is no such game")
    total, rows = await hub.store.leaderboard(game, PROVISIONAL_GAMES, offset, limit)
    players = [
        {"position": offset + i + 1, "id": r.player_id, "name": name, "rating": rating_public(r), "games": r.games}
        for i, (r, name) in enumerate(rows)
    ]
    more = offset + len(rows) < total
    return {
        "game": game,
        "title": GAMES[game].title,
        "min_games": PROVISIONAL_GAMES,
        "total": total,
        "offset": offset,
        "players": players,
        "next_offset": offset + len(rows) if more and rows else None,
    }
