"""What every game's models share: closed and open objects, per-seat maps, the race evidence event.

These models describe what the engines return; nothing validates a live view with them. The
contract tests (tests/api/test_contract.py) check them against seeded games of every variant.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Closed(BaseModel):
    """An object whose every key is listed: an unknown key is a change of the contract."""

    model_config = ConfigDict(extra="forbid")


class Open(BaseModel):
    """An object with the keys listed and possibly others (a free-form part)."""

    model_config = ConfigDict(extra="allow")


# Per seat, keyed by the seat number as a string (JSON objects have string keys): {"0": 3, "1": 5}.
BySeat = dict[str, int]
SEAT_KEYS = "keyed by seat number"


class Config(Open):
    """The game's full config (every key of the title's default_config, as in GET /api/games)."""


class Contender(Closed):
    seat: int
    received_ms: int
    reported_ms: int | None
    reaction_ms: int | None
    compensation_ms: int
    compensated_ms: int


class RaceJudged(Closed):
    """The hub's public evidence of a contested race (docs/FAIRNESS.md), beside the rules' events."""

    type: Literal["race_judged"]
    cards: list[int] = Field(description="what the race was for")
    winner: int = Field(description="the winning seat")
    contenders: list[Contender] = Field(description="the winner first, then each seat it beat")


class ActionKind(Closed):
    """A real-time game's legal-action hint: the action types a seat may send now, never a card choice."""

    type: str


# Components of these names are the same in every game (not prefixed by the game's name).
SHARED = {"Contender", "RaceJudged", "Config"}
