"""The shape of Camel Up Cards' one action (§4.1); the rules judge the card and the camel."""

from typing import Literal

from dorhami.engine.actions import ActionModel, ActionSchema, Word


class PlayCard(ActionModel):
    type: Literal["play_card"]
    card: int
    camel: Word | None = None


ACTIONS = ActionSchema(PlayCard)
