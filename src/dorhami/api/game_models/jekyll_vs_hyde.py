"""Jekyll vs. Hyde (games/jekyll_vs_hyde): its view (view.py), events (rules.py) and result."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from ...games.jekyll_vs_hyde.actions import ExchangeCards, GreedGive, PlayCard
from .base import SEAT_KEYS, BySeat, Closed, Config

ACTIONS = (PlayCard, ExchangeCards, GreedGive)


class Roles(Closed):
    jekyll: int
    hyde: int


class TrickCard(Closed):
    seat: int
    card: int
    named_color: str | None


class TrickRecord(Closed):
    """A completed trick."""

    leader: int
    lead: int
    follow: int
    named_color: str | None
    effect: str | None
    winner: int


class GameResult(Closed):
    """One game's result (§4.5); in a return match, each game's."""

    winners: list[int]
    scores: BySeat = Field(description=f"1 for the winner; {SEAT_KEYS}")
    ranking: list[int]
    winner_seat: int
    winner_role: Literal["jekyll", "hyde"]
    reason: str
    marker: int
    rounds_played: int


class MatchResult(Closed):
    """A return match's result (§5.2): higher Hyde score, then fewer rounds; else a draw."""

    winners: list[int]
    scores: BySeat = Field(description=f"each seat's Hyde score; {SEAT_KEYS}")
    ranking: list[int]
    winner_seat: int | None = Field(description="null: a draw")
    hyde_score: BySeat
    hyde_rounds: BySeat
    games: list[GameResult]


Result = Union[GameResult, MatchResult]  # noqa: UP007


class Match(Closed):
    game_index: int
    hyde_score: list[int | None]
    hyde_rounds: list[int | None]
    games: list[GameResult]


class CardPlayed(TrickCard):
    type: Literal["card_played"]


class CardsExchanged(Closed):
    type: Literal["cards_exchanged"]
    count: int


class CardsReceived(Closed):
    """Private to the receiving seat."""

    type: Literal["cards_received"]
    seat: int
    cards: list[int]


class ColorRanked(Closed):
    type: Literal["color_ranked"]
    color: str
    rank: int


class Tricks(Closed):
    jekyll: int
    hyde: int


class EvilSpread(Closed):
    type: Literal["evil_spread"]
    round: int
    tricks: Tricks
    diff: int
    marker: int


class ExchangeSubmitted(Closed):
    type: Literal["exchange_submitted"]
    seat: int


class GreedSubmitted(Closed):
    type: Literal["greed_submitted"]
    seat: int


class GameOver(Closed):
    type: Literal["game_over"]
    game_index: int
    result: GameResult


class GameStarted(Closed):
    type: Literal["game_started"]
    game_index: int


class GreedExchanged(Closed):
    type: Literal["greed_exchanged"]
    count: int


class GreedTriggered(Closed):
    type: Literal["greed_triggered"]


class MatchOver(Closed):
    type: Literal["match_over"]
    result: MatchResult


class RankingReset(Closed):
    type: Literal["ranking_reset"]


class RoundStarted(Closed):
    type: Literal["round_started"]
    round: int
    leader: int


class Timeout(Closed):
    type: Literal["timeout"]
    seat: int


class TrickStolen(Closed):
    type: Literal["trick_stolen"]
    from_: int = Field(alias="from")
    to: int


class TrickWon(Closed):
    type: Literal["trick_won"]
    seat: int
    lead: int
    follow: int
    effect: str | None


EVENTS = (
    CardPlayed,
    CardsExchanged,
    CardsReceived,
    ColorRanked,
    EvilSpread,
    ExchangeSubmitted,
    GreedSubmitted,
    GameOver,
    GameStarted,
    GreedExchanged,
    GreedTriggered,
    MatchOver,
    RankingReset,
    RoundStarted,
    Timeout,
    TrickStolen,
    TrickWon,
)
Event = Annotated[Union[EVENTS], Field(discriminator="type")]  # type: ignore[valid-type]  # noqa: UP007


class View(Closed):
    """A seat's (or a spectator's) view: the public table, and its own hand, selection and received cards."""

    seat: int | None
    players: Literal[2]
    roles: Roles
    phase: str
    round: int
    trick_no: int
    leader: int
    turn: int | None
    hand: list[int] | None = Field(description="null for a spectator")
    hand_sizes: list[int]
    set_aside_count: int
    trick: list[TrickCard]
    ranking: list[str] = Field(description="the colours ranked so far")
    tricks: list[int] = Field(description="tricks won, per seat")
    last_trick: TrickRecord | None
    marker: int
    submitted: list[bool] | None = Field(description="per seat, whether it submitted in an exchange or greed step")
    received: list[int] | None
    deadlines: list[int | None]
    step: int
    match: Match
    result: Result | None
    config: Config
    selection: list[int] | None
    must_give_potion: bool | None
    history: list[TrickRecord] | None = Field(
        None, description="every completed trick; only with the show_trick_history variant (absent otherwise)"
    )
