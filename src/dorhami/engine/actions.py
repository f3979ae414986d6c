"""The shape of each game's actions: one Pydantic model per action type, unknown fields refused.

The hub checks every action a client sends against its game's schema before the engine judges it,
and logs the model's normal form, so a seat cannot store (or show in the public log) anything the
rules do not read. The models say only what an action looks like; whether it is legal stays the
engine's judgement, which also keeps each rules file's order of refusals (see `judge` in contract.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Union, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from .errors import IllegalAction

# An action names at most a handful of cards; a longer list is no move of any game.
MAX_ITEMS = 16
# Colours, camels and the like are short words; the engine judges which words are allowed.
MAX_WORD = 32

Word = Annotated[str, Field(max_length=MAX_WORD)]
Cell = Annotated[list[int], Field(min_length=2, max_length=2)]
# A race action's report of which version the player reacted to, and how fast (`hub/claims.py`).
REACTION_FIELDS = ("seen_version", "reaction_ms")
VERSION_MAX = 2**31 - 1  # the log's seq column is a 32-bit integer on PostgreSQL
REACTION_MAX_MS = 600_000  # ten minutes: longer is no reaction to what was shown
# Pydantic's errors for an action that is no object, or whose `type` is missing or names no action.
_UNKNOWN_TYPE = {"union_tag_invalid", "union_tag_not_found", "model_attributes_type", "model_type", "dict_type"}


class Strict(BaseModel):
    """Strict types (no "3" for 3, no true for 1) and no extra fields, for actions and their parts."""

    model_config = ConfigDict(extra="forbid", strict=True)


class ActionModel(Strict):
    """Base of every action."""

    # Which decision point the client meant (the stale-step rule); read by the engine, not logged.
    step: int | None = None


class RaceAction(ActionModel):
    """An action of a real-time race (a claim). It may say which state version the player reacted
    to and how long after that version was painted they tapped, for lag compensation; the hub
    reads both and the engine never sees them."""

    seen_version: int | None = Field(default=None, ge=0, le=VERSION_MAX)
    reaction_ms: int | None = Field(default=None, ge=0, le=REACTION_MAX_MS)


class ActionSchema:
    """The actions of one game, told apart by their `type` field.

    `races` maps each race action's type to the cards it contends for (the lag-compensation
    window groups claims by them, and `race_judged` names them)."""

    def __init__(
        self,
        *models: type[ActionModel],
        malformed: str = "unknown_action",
        races: dict[str, Callable[[dict[str, Any]], list[int]]] | None = None,
    ) -> None:
        self.types = tuple(get_args(model.model_fields["type"].annotation)[0] for model in models)
        # One model needs no discriminator; then a wrong `type` is an error at ("type",), not a tag.
        self._single = len(models) == 1
        shape: Any = models[0] if self._single else Annotated[Union[models], Field(discriminator="type")]  # noqa: UP007
        self._adapter = TypeAdapter(shape)
        self.malformed = malformed
        self.races = races or {}

    def normalise(self, action: Any) -> dict[str, Any]:
        """The action in its normal form (defaults filled in, `step` kept if sent), or IllegalAction:
        `unknown_action` for a missing or unknown type, else the game's own code for malformed."""
        try:
            model = self._adapter.validate_python(action)
        except ValidationError as exc:
            error = exc.errors(include_url=False, include_input=False)[0]
            loc = error["loc"] if self._single else error["loc"][1:]
            where = ".".join(str(part) for part in loc) or "action"
            if error["type"] in _UNKNOWN_TYPE or loc[:1] == ("type",):
                raise IllegalAction("unknown_action", f"expected an action of type {', '.join(self.types)}") from None
            if error["type"] == "extra_forbidden":
                raise IllegalAction(self.malformed, f"{where}: this action has no such field") from None
            raise IllegalAction(self.malformed, f"{where}: {error['msg']}") from None
        normal: dict[str, Any] = model.model_dump(mode="json")
        for key in ("step", *REACTION_FIELDS):
            if key in normal and normal[key] is None:
                del normal[key]
        return normal


def split_reaction(action: dict[str, Any]) -> tuple[dict[str, Any], int | None, int | None]:
    """(the action as the engine judges it, seen_version, reaction_ms): the report is the hub's."""
    if "seen_version" not in action and "reaction_ms" not in action:
        return action, None, None
    rest = {key: value for key, value in action.items() if key not in REACTION_FIELDS}
    return rest, action.get("seen_version"), action.get("reaction_ms")


def without_step(action: dict[str, Any]) -> dict[str, Any]:
    """The action as the log keeps it: the step was only checked against the state it was judged on."""
    return {key: value for key, value in action.items() if key != "step"} if "step" in action else action
