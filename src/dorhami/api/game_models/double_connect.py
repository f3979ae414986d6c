"""Double Connect (games/double_connect): its view (view.py), events (rules.py) and result."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from ...games.double_connect.actions import Claim
from .base import SEAT_KEYS, BySeat, Closed, RaceJudged

ACTIONS = (Claim,)


class Arm(Closed):
    index: int
    team: int | None = Field(description="the owning team (team mode); null: anyone's")
    cards: list[int]


class Tower(Closed):
    start_card: int | None = Field(description="null until play begins")
    start_card_present: bool
    start_capacity: int
    free_slots: int
    arms: list[Arm]


class Deadlines(Closed):
    begin_play: int | None
    final_chance_over: int | None
    time_up: int | None


class SeatRow(Closed):
    seat: int
    rank: int
    cards_left: int
    placed: int
    wrong_claims: int
    emptied_at: list[int] | None


class TeamRow(Closed):
    team: int
    seats: list[int]
    rank: int
    total: int
    wrong_claims: int


class Result(Closed):
    winners: list[int]
    scores: BySeat = Field(description=SEAT_KEYS)
    ranking: list[int]
    reason: str
    results: list[SeatRow]
    teams: list[TeamRow] | None = Field(None, description="team mode only (absent otherwise)")


class ClaimAccepted(Closed):
    type: Literal["claim_accepted"]
    seat: int
    card: int
    target: int
    symbol: int
    arm: int
    t: int


class ClaimWrong(Closed):
    type: Literal["claim_wrong"]
    seat: int
    card: int
    target: int
    symbol: int
    locked_until: int
    penalty_card: int | None
    t: int


class FinalChanceStarted(Closed):
    type: Literal["final_chance_started"]
    seat: int
    deadline: int


class GameFinished(Closed):
    type: Literal["game_finished"]
    reason: str
    t: int
    winners: list[int]
    results: list[SeatRow]
    teams: list[TeamRow] | None = Field(None, description="team mode only (absent otherwise)")


class HandEmptied(Closed):
    type: Literal["hand_emptied"]
    seat: int
    t: int


class PlayStarted(Closed):
    type: Literal["play_started"]
    hands: list[list[int]]
    start_card: int
    t: int


class StartCardCovered(Closed):
    type: Literal["start_card_covered"]
    t: int


EVENTS = (
    ClaimAccepted,
    ClaimWrong,
    FinalChanceStarted,
    GameFinished,
    HandEmptied,
    PlayStarted,
    StartCardCovered,
    RaceJudged,
)
Event = Annotated[Union[EVENTS], Field(discriminator="type")]  # type: ignore[valid-type]  # noqa: UP007


class View(Closed):
    """The public table (hands and tower from play on, never the pile), and a seat's `you` and `your_team`."""

    phase: Literal["countdown", "playing", "final_chance", "finished"]
    step: int
    players: int
    mode: str
    team_of: list[int] | None
    hand_sizes: list[int]
    hands: list[list[int]] | None = Field(description="null during the countdown")
    pile_count: int
    tower: Tower
    active_targets: list[int]
    targets_by_team: list[list[int]] | None
    locked_until: list[int]
    wrong_claims: list[int]
    placed: list[int]
    emptied_at: list[list[int] | None]
    empty_order: list[int]
    deadlines: Deadlines
    reason: str | None
    finished_at: int | None
    you: int | None = Field(None, description="a seat's own number (absent for a spectator)")
    your_team: int | None = Field(None, description="a seat's team (absent for a spectator)")
