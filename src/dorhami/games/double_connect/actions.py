"""The shape of Double Connect's one action (§4.4); R1 keeps judging the ids' ranges."""

from typing import Literal

from dorhami.engine.actions import ActionModel, ActionSchema


class Claim(ActionModel):
    type: Literal["claim"]
    card: int
    target: int
    symbol: int


ACTIONS = ActionSchema(Claim, malformed="malformed")
