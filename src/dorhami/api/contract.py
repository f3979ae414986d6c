"""The REST contract a client generator reads: /openapi.json with each game's actions, views, events
and results as named components, readable operation ids and described tags.

The request and response models (api/schemas.py, the sandbox's) keep an action, a view, an event
and a result as plain JSON objects: the engine judges an action and names its refusal, and a
stricter model in front of it would answer with other codes. Only the document changes: each such
property is described by the games' components (api/game_models), after FastAPI has built it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import cache
from typing import Any

from fastapi import FastAPI
from fastapi.routing import APIRoute

from .game_models import components, union

# Operation ids are the endpoint functions' names, but where a name alone says too little.
RENAMED = {
    "new": "new_sandbox_game",
    "apply": "apply_sandbox_action",
    "advance": "advance_sandbox_clock",
    "replay": "get_replay",
    "verify": "verify_game",
    "player_history": "get_player_history",
    "leaderboard": "get_leaderboard",
    "chat_settings": "set_chat_settings",
    "rematch": "start_rematch",
}

TAGS = [
    {
        "name": "players",
        "description": "Your identity: create a player (its token is your key), rename it, "
        "keep a recovery code, list and end your sessions.",
    },
    {"name": "community", "description": "Public records: a player's history and ratings, each title's leaderboard."},
    {
        "name": "games",
        "description": "The titles on offer with their configs, and finished games: replays "
        "and the fairness check (verify).",
    },
    {
        "name": "rooms",
        "description": "Rooms and their seats, the game's state for your seat, actions, the "
        "public log and the chat. Live play: WebSocket /ws/rooms/{code} "
        "(its messages: GET /asyncapi.json).",
    },
    {
        "name": "notifications",
        "description": "Web Push: the server's VAPID key, your devices that take notifications, and your "
        "settings (language, time zone, calendar, quiet hours, the kinds of notice you want).",
    },
    {
        "name": "friends",
        "description": "People you played with, friends and their presence, blocks, a friend's "
        "invitation to a room, and play again with the people of a finished game.",
    },
    {
        "name": "sandbox",
        "description": "Any game's rules engine over HTTP, stateless (signed state tokens), "
        "for bot writers: new game, apply an action, advance the clock.",
    },
    {
        "name": "tutorials",
        "description": "Each game's tutorial, played step by step on the real engine (only the taught "
        "action moves it on), and your progress through them.",
    },
    {"name": "operations", "description": "Liveness and readiness probes for deployments."},
]


@cache
def properties() -> dict[tuple[str, str], dict[str, Any]]:
    """(component, property) -> what the property really holds. A name FastAPI suffixes (`-Input`,
    `-Output`, when a model's input and output schemas differ) is found under either."""
    action, view = union("Action"), union("View", "oneOf")
    result = {"anyOf": [*union("Result")["anyOf"], {"type": "null"}]}
    events = {"type": "array", "items": union("Event")}
    return {
        ("ActionCreate", "action"): action,
        ("ActionResult", "events"): events,
        ("StatePublic", "view"): view,
        ("StatePublic", "legal_actions"): {"type": "array", "items": union("LegalAction")},
        ("StatePublic", "result"): result,
        ("ReplayFrame", "view"): view,
        ("ReplayFrame", "events"): events,
        ("ReplayPublic", "result"): result,
        ("SandboxApply", "action"): action,
        ("SeatPosition", "view"): view,
        # The sandbox lists whole actions, a real-time game's too (a room's state lists only their types).
        ("SeatPosition", "legal_actions"): {"type": "array", "items": action},
        ("SeatPosition", "events"): events,
        ("SandboxState", "spectator"): {
            "type": "object",
            "required": ["view", "events"],
            "additionalProperties": False,
            "properties": {"view": view, "events": events},
        },
        ("SandboxState", "result"): result,
    }


KEPT = ("title", "description", "examples", "default")


def operation_id(route: APIRoute) -> str:
    return RENAMED.get(route.name, route.name)


def describe(schemas: dict[str, Any], properties: dict[tuple[str, str], dict[str, Any]]) -> None:
    """Put the games' components and each property's real schema into `schemas`, in place (keeping
    the property's title, description and examples); a property that is not there is an error."""
    for (name, prop), schema in properties.items():
        found = [schemas[n] for n in (name, f"{name}-Input", f"{name}-Output") if n in schemas]
        if not found or any(prop not in model.get("properties", {}) for model in found):
            raise LookupError(f"the contract describes {name}.{prop}, which the schema does not have")
        for model in found:
            old = model["properties"][prop]
            model["properties"][prop] = {**{k: old[k] for k in KEPT if k in old}, **schema}
    schemas.update(copy.deepcopy(components()))


def extend(app: FastAPI) -> Callable[[], dict[str, Any]]:
    """`app.openapi`, with the games' components (built once, as FastAPI's own is)."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            document = build()
            describe(document["components"]["schemas"], properties())
            document["info"]["description"] += (
                " Each game's actions, views, events and results are named "
                "components (CamelUpCardsAction, TwinItView, ...). The "
                "socket's messages: GET /asyncapi.json (AsyncAPI 3.0)."
            )
            app.openapi_schema = document
        return app.openapi_schema

    return openapi
