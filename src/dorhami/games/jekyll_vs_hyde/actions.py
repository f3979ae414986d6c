"""The shape of Jekyll vs Hyde's actions; the rules judge cards, colours and counts."""

from typing import Annotated, Literal

from pydantic import Field

from dorhami.engine.actions import MAX_ITEMS, ActionModel, ActionSchema, Word

Cards = Annotated[list[int], Field(max_length=MAX_ITEMS)]


class PlayCard(ActionModel):
    type: Literal["play_card"]
    card: int
    named_color: Word | None = None


class ExchangeCards(ActionModel):
    type: Literal["exchange_cards"]
    cards: Cards


class GreedGive(ActionModel):
    type: Literal["greed_give"]
    cards: Cards


ACTIONS = ActionSchema(PlayCard, ExchangeCards, GreedGive)
