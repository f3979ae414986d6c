"""Queendomino (games/queendomino): its view (view.py), events (rules.py) and result."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from ...games.queendomino.actions import BuyBuilding, ChooseTile, EndTurn, PlaceTile
from .base import SEAT_KEYS, BySeat, Closed, Config

ACTIONS = (ChooseTile, PlaceTile, BuyBuilding, EndTurn)
Cell = Annotated[list[int], Field(min_length=2, max_length=2, description="[row, column]")]


class TileHalf(Closed):
    """A board square covered by half of a domino tile."""

    tile: int
    half: str
    terrain: str
    symbol: str | None


class Building(Closed):
    """A board square holding a building card."""

    building: str = Field(description="the building card's id")
    colour: str


BoardCell = Union[TileHalf, Building, Literal["castle"], None]  # noqa: UP007


class DisplayEntry(Closed):
    tile: int
    seat: int | None = Field(description="who chose it; null: not chosen yet")


class Discard(Closed):
    tile: int
    seat: int | None
    round: int
    reason: str


class Breakdown(Closed):
    """A seat's score, part by part."""

    tile: int
    blue: int
    yellow: int
    red: int
    gold: int
    king: int
    penalty: int
    total: int


class Card(Closed):
    id: str
    colour: str
    price: int
    value: int


class Pile(Closed):
    top: Card | None
    remaining: list[str] = Field(description="every card id left in the pile, top first")


class Market(Closed):
    blue: Pile
    red: Pile
    yellow: Pile


class Placement(Closed):
    cell_a: Cell
    cell_b: Cell


class Purchase(Closed):
    colour: str
    cell: Cell


class Highlight(Closed):
    """The current seat's legal placements or plots, public so that every client can draw them."""

    placements: list[Placement]
    purchases: list[Purchase]


class Result(Closed):
    winners: list[int]
    scores: BySeat = Field(description=SEAT_KEYS)
    ranking: list[int]
    ranks: BySeat = Field(description=f"1 is first, ties share; {SEAT_KEYS}")
    gold: BySeat = Field(description=SEAT_KEYS)
    breakdown: dict[str, Breakdown] = Field(description=SEAT_KEYS)


class BuildingBought(Closed):
    type: Literal["building_bought"]
    seat: int
    card: str
    cell: Cell
    price: int
    points: int


class GameEnded(Closed):
    type: Literal["game_ended"]
    result: Result


class KingBonus(Closed):
    type: Literal["king_bonus"]
    seat: int | None
    counts: list[int]


class NeutralDiscarded(Closed):
    type: Literal["neutral_discarded"]
    tiles: list[int]


class RoundStarted(Closed):
    type: Literal["round_started"]
    round: int
    display: list[int]


class TileChosen(Closed):
    type: Literal["tile_chosen"]
    seat: int
    tile: int


class TileDiscarded(Closed):
    type: Literal["tile_discarded"]
    seat: int
    tile: int
    penalty: int


class TilePlaced(Placement):
    type: Literal["tile_placed"]
    seat: int
    tile: int
    gold_gained: int


class TurnEnded(Closed):
    type: Literal["turn_ended"]
    seat: int


class TurnTimedOut(Closed):
    type: Literal["turn_timed_out"]
    seat: int


EVENTS = (
    BuildingBought,
    GameEnded,
    KingBonus,
    NeutralDiscarded,
    RoundStarted,
    TileChosen,
    TileDiscarded,
    TilePlaced,
    TurnEnded,
    TurnTimedOut,
)
Event = Annotated[Union[EVENTS], Field(discriminator="type")]  # type: ignore[valid-type]  # noqa: UP007
Action = Annotated[Union[ACTIONS], Field(discriminator="type")]  # type: ignore[valid-type]  # noqa: UP007


class View(Closed):
    """The public table (everything but the draw pile's order), and the viewer's own legal actions."""

    seat: int | None
    players: int
    round: int
    rounds: int
    order: list[int]
    current: int | None
    phase: Literal["choose", "place", "build", "finished"]
    deadline: int | None
    display: list[DisplayEntry]
    current_tile: int | None
    boards: list[list[list[BoardCell]]] = Field(description="per seat, 5 rows of 5 squares")
    gold: list[int]
    red_points: list[int]
    king_points: list[int]
    discards: list[int]
    discarded: list[Discard]
    chosen_tiles: list[list[int]]
    breakdown: list[Breakdown]
    market: Market
    king_colour: str
    draw_pile_size: int
    removed_count: int
    highlight: Highlight
    legal_actions: list[Action] = Field(description="the viewer's own (empty for a spectator)")
    config: Config
    step: int
    result: Result | None
