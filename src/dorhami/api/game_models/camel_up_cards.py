"""Camel Up Cards (games/camel_up_cards): its view (view.py), events (rules.py, state.py) and result."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from ...games.camel_up_cards.actions import PlayCard
from .base import SEAT_KEYS, BySeat, Closed, Config

ACTIONS = (PlayCard,)


class Token(Closed):
    """A betting token on the board (§4)."""

    seat: int
    kind: str = Field(description="the bet card's kind")
    camel: str
    slot: int
    seq: int


class Commitment(Closed):
    card: int
    camel: str | None
    auto: bool = Field(description="played by the turn timer, not the player")


class Play(Commitment):
    seat: int


class Trick(Closed):
    race: int
    trick: int
    lead: int
    plays: list[Play]


class RaceOutcome(Closed):
    race: int
    reason: str
    standings: list[str] = Field(description="the camels, leader first")


class BetPlaced(Closed):
    type: Literal["bet_placed"]
    token: Token


class BetFizzled(Closed):
    type: Literal["bet_fizzled"]
    seat: int
    kind: str
    camel: str


class CamelMoved(Closed):
    type: Literal["camel_moved"]
    camel: str
    cause: str
    from_: int = Field(alias="from")
    to: int
    unit: list[str] = Field(description="the camels that moved together, bottom first")


class CardCommitted(Closed):
    type: Literal["card_committed"]
    seat: int
    auto: bool = Field(False, description="true when the turn timer played it (absent otherwise)")


class CardResolved(Closed):
    type: Literal["card_resolved"]
    seat: int
    card: int
    camel: str | None
    auto: bool


class CardUnresolved(Closed):
    type: Literal["card_unresolved"]
    seat: int
    card: int


class CardsDrawn(Closed):
    """Private to the seat that drew."""

    type: Literal["cards_drawn"]
    seat: int
    cards: list[int]


class DeckReshuffled(Closed):
    type: Literal["deck_reshuffled"]
    race: int
    size: int
    k: int


class DieRolled(Closed):
    type: Literal["die_rolled"]
    camel: str
    n: int
    value: int


class GameEnded(Closed):
    type: Literal["game_ended"]
    ranking: list[int]
    ranks: BySeat = Field(description=f"1 is first; {SEAT_KEYS}")


class HandDealt(Closed):
    type: Literal["hand_dealt"]
    seat: int
    count: int


class NoEffect(Closed):
    type: Literal["no_effect"]
    seat: int
    card: int


class OrderReversed(Closed):
    type: Literal["order_reversed"]
    queue: list[Play]


class Payout(Closed):
    type: Literal["payout"]
    seat: int
    amount: int
    coins: int
    bet_seq: int
    coin_event_seq: int


class RaceEnded(RaceOutcome):
    type: Literal["race_ended"]


class RaceStarted(Closed):
    type: Literal["race_started"]
    race: int
    stack: list[str]


class Timeout(Closed):
    type: Literal["timeout"]
    seats: list[int]


class TrickRevealed(Trick):
    type: Literal["trick_revealed"]


EVENTS = (
    BetPlaced,
    BetFizzled,
    CamelMoved,
    CardCommitted,
    CardResolved,
    CardUnresolved,
    CardsDrawn,
    DeckReshuffled,
    DieRolled,
    GameEnded,
    HandDealt,
    NoEffect,
    OrderReversed,
    Payout,
    RaceEnded,
    RaceStarted,
    Timeout,
    TrickRevealed,
)
Event = Annotated[Union[EVENTS], Field(discriminator="type")]  # type: ignore[valid-type]  # noqa: UP007


class LastTrick(Trick):
    log: list[Event] = Field(description="the trick's resolution, as its events told it")


class Result(Closed):
    winners: list[int]
    scores: BySeat = Field(description=f"coins; {SEAT_KEYS}")
    ranking: list[int]
    ranks: BySeat = Field(description=f"1 is first, ties share; {SEAT_KEYS}")
    last_change: BySeat = Field(description=f"the tie-break: when each seat's coins last changed; {SEAT_KEYS}")


class View(Closed):
    """A seat's (or a spectator's) view: the public table, and its own hand and commitment."""

    seat: int | None
    players: int
    phase: str
    race: int
    trick_in_race: int
    global_trick: int
    lead: int
    stacks: list[list[str]] = Field(description="per track space, its camels bottom first")
    standings: list[str]
    bets: list[Token]
    draw_count: int
    discard_pile: list[int]
    hand: list[int] | None = Field(description="null for a spectator")
    hand_sizes: list[int]
    committed: list[bool]
    my_commitment: Commitment | None
    coins: list[int]
    last_change: list[int]
    coin_event_seq: int
    race_bet_seq: int
    die_counter: int
    last_trick: LastTrick | None
    last_race: RaceOutcome | None
    deadline: int | None
    step: int
    config: Config
    result: Result | None
