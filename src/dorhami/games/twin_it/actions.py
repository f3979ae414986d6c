"""The shape of Twin It's actions (§4.4-§4.8); the rules judge counts, ids and freshness."""

from typing import Annotated, Any, Literal

from pydantic import Field

from dorhami.engine.actions import MAX_ITEMS, ActionModel, ActionSchema, RaceAction, Strict


class Entry(Strict):
    """One named card and the design the player saw on it."""

    card: int
    design: int


Entries = Annotated[list[Entry], Field(max_length=MAX_ITEMS)]


class Flip(ActionModel):
    type: Literal["flip"]


class Claim(RaceAction):
    type: Literal["claim"]
    cards: Entries


class Touch(RaceAction):
    type: Literal["touch"]
    cards: Entries


class TurnOver(RaceAction):
    type: Literal["turn_over"]
    card: int
    design: int


def _cards(action: dict[str, Any]) -> list[int]:
    return sorted(entry["card"] for entry in action["cards"])


# A flip is the active seat's turn, not a race; claims, touches and turn-overs race for cards.
ACTIONS = ActionSchema(
    Flip,
    Claim,
    Touch,
    TurnOver,
    malformed="malformed",
    races={"claim": _cards, "touch": _cards, "turn_over": lambda action: [action["card"]]},
)
