"""The shape of Twin It's actions (§4.4-§4.8); the rules judge counts, ids and freshness."""

from typing import Annotated, Literal

from pydantic import Field

from dorhami.engine.actions import MAX_ITEMS, ActionModel, ActionSchema, Strict


class Entry(Strict):
    """One named card and the design the player saw on it."""

    card: int
    design: int


Entries = Annotated[list[Entry], Field(max_length=MAX_ITEMS)]


class Flip(ActionModel):
    type: Literal["flip"]


class Claim(ActionModel):
    type: Literal["claim"]
    cards: Entries


class Touch(ActionModel):
    type: Literal["touch"]
    cards: Entries


class TurnOver(ActionModel):
    type: Literal["turn_over"]
    card: int
    design: int


ACTIONS = ActionSchema(Flip, Claim, Touch, TurnOver, malformed="malformed")
