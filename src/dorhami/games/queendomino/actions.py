"""The shape of Queendomino's actions; the rules judge tiles, cells and purchases."""

from typing import Literal

from dorhami.engine.actions import ActionModel, ActionSchema, Cell, Word


class ChooseTile(ActionModel):
    type: Literal["choose_tile"]
    tile: int


class PlaceTile(ActionModel):
    type: Literal["place_tile"]
    cell_a: Cell
    cell_b: Cell


class BuyBuilding(ActionModel):
    type: Literal["buy_building"]
    colour: Word
    cell: Cell


class EndTurn(ActionModel):
    type: Literal["end_turn"]


ACTIONS = ActionSchema(ChooseTile, PlaceTile, BuyBuilding, EndTurn)
