"""Ratings per title, the maths: openskill's Weng-Lin Plackett-Luce model over finished, rated games.

Pure (no database, no clock): storage/results.py writes what this computes, in the transaction that
stores a game's result, and rebuilds every rating from the stored results with the same functions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

MU, SIGMA = 25.0, 25.0 / 3  # openskill's defaults: a new player's rating
PROVISIONAL_GAMES = 5  # a rating is provisional (and off the leaderboard) until this many rated games
MODEL = PlackettLuce(mu=MU, sigma=SIGMA)


def ordinal(mu: float, sigma: float) -> float:
    """The conservative estimate the leaderboard orders by."""
    return mu - 3 * sigma


def provisional(games: int) -> bool:
    return games < PROVISIONAL_GAMES


@dataclass
class Rating:
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0


def rate(sides: list[tuple[list[Rating], int]]) -> list[list[tuple[float, float]]]:
    """New (mu, sigma) of every member of every side, given each side's rank (1 best, ties equal)."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma) for r in members] for members, _ in sides]
    rated = MODEL.rate(teams, ranks=[rank for _, rank in sides])
    return [[(r.mu, r.sigma) for r in team] for team in rated]


def unrated_reason(engine: Any, config: dict[str, Any], players: int, seat_players: list[str | None]) -> str | None:
    """Why a game, as set up, does not count: a coop mode, or a seat without a person."""
    if not engine.rated(config):
        return "coop"
    if len(seat_players) != players or not all(seat_players):
        return "bots"
    return None


# One side of a result: its members' `game_players` rows, and its rank (1 best, ties equal).
Side = tuple[list[dict[str, Any]], int]


def sides_of(engine: Any, result: dict[str, Any], players: int, seat_players: list[str | None]) -> list[Side]:
    """The engine's placings as sides of `game_players` rows (seat and player; a team's seats one
    side), leaving out seats nobody played and sides left empty."""
    sides: list[Side] = []
    for seats, rank in engine.placings(result, players):
        members = [
            {"seat": seat, "player_id": seat_players[seat]}
            for seat in seats
            if seat < len(seat_players) and seat_players[seat]
        ]
        if members:
            sides.append((members, rank))
    return sides


def apply(sides: list[Side], ratings: dict[str, Rating]) -> None:
    """One rated game: each side's rows get their mu/sigma before and after, and `ratings` (by
    player id) move on, each person's game count by one."""
    new = rate([([ratings[m["player_id"]] for m in members], rank) for members, rank in sides])
    moved: dict[str, Rating] = {}
    for (members, _), after in zip(sides, new):
        for m, (mu, sigma) in zip(members, after):
            before = ratings[m["player_id"]]
            m.update(rated=True, mu_before=before.mu, sigma_before=before.sigma, mu_after=mu, sigma_after=sigma)
            moved[m["player_id"]] = Rating(mu, sigma, before.games + 1)
    ratings.update(moved)
