"""The shape of Double Connect's one action (§4.4); R1 keeps judging the ids' ranges."""

from typing import Literal

from dorhami.engine.actions import ActionSchema, RaceAction


class Claim(RaceAction):
    type: Literal["claim"]
    card: int
    target: int
    symbol: int


# Claims race for a tower top: the first to cover it wins it (D8).
ACTIONS = ActionSchema(Claim, malformed="malformed", races={"claim": lambda action: [action["target"]]})
