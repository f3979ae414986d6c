"""Each game's contract as JSON Schema components: its actions (the game's own action models,
games/<name>/actions.py, which the engine's ActionSchema checks), its view, events and result.

The REST and socket layers keep these parts as plain JSON objects at run time (the engine, not a
model in front of it, judges an action and names its refusal); these models only document them, as
named components of /openapi.json and /asyncapi.json, under the game's prefix (`CamelUpCardsView`,
`TwinItClaim`, ...). Per game: `<Prefix>Action` (its actions, told apart by `type`), `<Prefix>View`,
`<Prefix>Event`, `<Prefix>Result` and `<Prefix>LegalAction` (what a state's `legal_actions` lists:
whole actions, or a real-time game's action types only). An endpoint whose game is known only at
run time refers to every game's models of a part at once (`union`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, cast, get_args

from pydantic import BaseModel, create_model

from ...catalogue import GAMES as GAMES_BY_SLUG
from . import camel_up_cards, double_connect, jekyll_vs_hyde, queendomino, twin_it
from .base import SHARED, RaceJudged

REF = "#/components/schemas/{model}"
PARTS = ("View", "Event", "Result")


@dataclass(frozen=True)
class GameModels:
    slug: str
    prefix: str
    module: Any

    @property
    def realtime(self) -> bool:
        """A real-time game's state lists only the action types a seat may send (compact_legal_actions)."""
        return GAMES_BY_SLUG[self.slug].realtime

    @property
    def actions(self) -> tuple[type[BaseModel], ...]:
        actions: tuple[type[BaseModel], ...] = self.module.ACTIONS
        return actions

    def action_types(self) -> list[str]:
        return [get_args(model.model_fields["type"].annotation)[0] for model in self.actions]


GAMES = (
    GameModels("camel-up-cards", "CamelUpCards", camel_up_cards),
    GameModels("double-connect", "DoubleConnect", double_connect),
    GameModels("jekyll-vs-hyde", "JekyllVsHyde", jekyll_vs_hyde),
    GameModels("queendomino", "Queendomino", queendomino),
    GameModels("twin-it", "TwinIt", twin_it),
)


def ref(name: str) -> dict[str, str]:
    return {"$ref": REF.format(model=name)}


def _renamed(schema: Any, names: dict[str, str]) -> Any:
    """`schema` with every reference (and discriminator mapping) to a renamed component renamed."""
    if isinstance(schema, dict):
        out = {}
        for key, value in schema.items():
            if key == "$ref" or (isinstance(value, str) and value.startswith(REF.format(model=""))):
                name = value.removeprefix(REF.format(model=""))
                out[key] = REF.format(model=names.get(name, name))
            else:
                out[key] = _renamed(value, names)
        return out
    if isinstance(schema, list):
        return [_renamed(item, names) for item in schema]
    return schema


def game_components(game: GameModels) -> dict[str, Any]:
    """The named schemas of one game, every name but the shared ones prefixed with the game's."""
    module = game.module
    fields: dict[str, Any] = {f"action_{i}": (model, ...) for i, model in enumerate(game.actions)}
    fields.update(view=(module.View, ...), event=(module.Event, ...), result=(module.Result, ...))
    whole = create_model(f"{game.prefix}Contract", **fields).model_json_schema(ref_template=REF)
    defs = whole.get("$defs", {})
    names = {name: name if name in SHARED else game.prefix + name for name in defs}
    parts = {part: whole["properties"][part.lower()] for part in PARTS}
    for part, schema in list(parts.items()):
        target = game.prefix + part
        if set(schema) == {"$ref"}:  # a model: it takes the part's name
            names[schema["$ref"].removeprefix(REF.format(model=""))] = target
            del parts[part]
    # A generator names a model by its title: the component's name, unique across games.
    found = {names[name]: {**schema, "title": names[name]} for name, schema in defs.items()}
    for part, schema in parts.items():
        found[game.prefix + part] = {k: v for k, v in schema.items() if k != "title"}
    found = cast(dict[str, Any], _renamed(found, names))
    action_refs = [names[model.__name__] for model in game.actions]
    found[game.prefix + "Action"] = {
        "oneOf": [ref(name) for name in action_refs],
        "discriminator": {
            "propertyName": "type",
            "mapping": {
                kind: REF.format(model=name) for kind, name in zip(game.action_types(), action_refs, strict=True)
            },
        },
        "description": f"An action of {game.slug}: the engine judges it (a refusal is a named error code).",
    }
    if game.realtime:
        found[game.prefix + "LegalAction"] = {
            "type": "object",
            "additionalProperties": False,
            "required": ["type"],
            "properties": {"type": {"type": "string", "enum": game.action_types()}},
            "description": "A real-time game lists the action types a seat may send now, never a card choice.",
        }
    else:
        found[game.prefix + "LegalAction"] = ref(game.prefix + "Action")
    return found


def _members(schema: dict[str, Any]) -> list[str]:
    """The component names a part's schema stands for: itself, or its union's members."""
    if "$ref" in schema:
        return [schema["$ref"].removeprefix(REF.format(model=""))]
    return [name for option in schema.get("oneOf", schema.get("anyOf", [])) for name in _members(option)]


@cache
def _built() -> tuple[dict[str, Any], dict[str, list[str]]]:
    found: dict[str, Any] = {}
    for game in GAMES:
        found.update(game_components(game))
    members: dict[str, list[str]] = {}
    for part in ("Action", "LegalAction", *PARTS):
        for game in GAMES:
            schema = found[game.prefix + part]
            names = (
                _members(schema) if "$ref" in schema or "oneOf" in schema or "anyOf" in schema else [game.prefix + part]
            )
            members.setdefault(part, []).extend(name for name in names if name not in members.get(part, []))
    return found, members


def components() -> dict[str, Any]:
    """Every game's components: its models, and its unions `<Prefix>Action`, `<Prefix>Event`, ... (for
    readers: a generator takes a reference to a model, not to a union, so operations use `union`)."""
    return _built()[0]


def union(part: str, key: str = "anyOf") -> dict[str, Any]:
    """An inline schema: any game's `part` ("Action", "LegalAction", "View", "Event" or "Result"),
    as references to the models themselves. Views are closed objects with different required keys,
    so exactly one game's matches (`oneOf`); two games' actions, events or results may look alike."""
    return {key: [ref(name) for name in _built()[1][part]]}


__all__ = ["GAMES", "GameModels", "RaceJudged", "components", "ref", "union"]
