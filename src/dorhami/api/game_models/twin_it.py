"""Twin It (games/twin_it): its one public view (view.py), events (rules.py) and result."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from ...games.twin_it.actions import Claim, Flip, Touch, TurnOver
from .base import SEAT_KEYS, BySeat, Closed, Config, RaceJudged

ACTIONS = (Flip, Claim, Touch, TurnOver)


class Face(Closed):
    """A visible card: its id and the design showing (designs are ids; their drawing is fixed)."""

    card: int
    design: int


class CentreCard(Face):
    slot: int


class PileTop(Closed):
    seat: int
    count: int
    top: Face | None = Field(description="null outside play")


class WonSet(Closed):
    id: int
    owner: int | None = Field(description="a seat, a team (team mode) or null (coop)")
    cards: list[int]
    design: int
    acquired_seq: int


class Forbidden(Closed):
    seat: int | None
    cards: list[Face]


class SeatTally(Closed):
    seat: int
    sets: int
    cards_in_sets: int
    mistakes: int


class TeamTally(Closed):
    team: int
    seats: list[int]
    sets: int
    cards_in_sets: int
    mistakes: int


class Touched(Closed):
    seat: int
    cards: list[Face]
    expires_at: int


class Stock(Closed):
    count: int
    top: Face | None


class SeatStanding(SeatTally):
    rank: int


class TeamStanding(TeamTally):
    rank: int


Standing = Union[SeatStanding, TeamStanding]  # noqa: UP007


class Result(Closed):
    winners: list[int]
    scores: BySeat = Field(description=f"sets won (coop: the shared points); {SEAT_KEYS}")
    ranking: list[int]
    reason: str
    standings: list[Standing]
    previous_winner: int | None = Field(
        description="the single winner, whose patterns a forbidden-pattern rematch forbids"
    )
    points: int | None = Field(None, description="coop only (absent otherwise)")


class Countdown(Closed):
    type: Literal["countdown"]
    ends_at: int


class Flipped(Face):
    type: Literal["flipped"]
    seat: int
    slot: int
    auto: bool
    new_top: Face | None


class GameOver(Closed):
    type: Literal["game_over"]
    reason: str
    winners: list[int]
    standings: list[Standing]


class Mistake(Closed):
    type: Literal["mistake"]
    seats: list[int]
    owner: int | None
    claimed_cards: list[Face]
    locked_until: int
    lost_set_id: int | None
    returned_cards: list[int]


class Points(Closed):
    type: Literal["points"]
    points: int


class SetWon(Closed):
    type: Literal["set_won"]
    set_id: int
    kind: str
    owner: int | None
    from_owner: int | None
    by_seats: list[int]
    cards: list[int]
    design: int


class Started(Closed):
    type: Literal["started"]
    tops: list[Face]


class TouchEvent(Touched):
    type: Literal["touch"]


class Turn(Closed):
    type: Literal["turn"]
    active: int | None
    flip_deadline: int | None
    last_call_deadline: int | None


class TurnedOver(Face):
    type: Literal["turned_over"]
    zone: str


EVENTS = (Countdown, Flipped, GameOver, Mistake, Points, SetWon, Started, TouchEvent, Turn, TurnedOver, RaceJudged)
Event = Annotated[Union[EVENTS], Field(discriminator="type")]  # type: ignore[valid-type]  # noqa: UP007


class View(Closed):
    """The one public view: every seat and spectator sees the same."""

    step: int
    turn: int
    clock: int
    config: Config
    mode: Literal["competitive", "team", "coop"]
    phase: str
    players: int
    target_sets: int | None
    teams: list[list[int]] | None = Field(description="team mode: the seats of each team")
    active: int | None
    countdown_end: int | None
    play_start: int | None
    flip_deadline: int | None
    last_call_deadline: int | None
    cap_deadline: int | None
    coop_end: int | None
    piles: list[PileTop]
    centre: list[CentreCard]
    sets: list[WonSet]
    forbidden: Forbidden | None
    forbidden_designs: list[int]
    owners: list[Union[SeatTally, TeamTally]]  # noqa: UP007
    locked_until: list[int]
    touches: list[Touched]
    stock: Stock | None = Field(description="coop only")
    points: int | None = Field(description="coop only")
    result: Result | None
