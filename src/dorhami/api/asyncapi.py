"""The WebSocket protocol as an AsyncAPI 3.0 document (GET /asyncapi.json), generated from the
models of hub/protocol.py, with the room, chat lines and each game's parts described by the same
components as /openapi.json (api/schemas.py, api/game_models)."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any, get_args

import orjson
from pydantic import BaseModel, TypeAdapter
from pydantic.json_schema import models_json_schema

from .. import __version__
from ..hub.protocol import CLIENT, SERVER, ClientMessage, ServerMessage
from .contract import describe
from .game_models import REF, ref, union
from .schemas import ChatLinePublic, RoomPublic

CHANNEL = "room"
CLOSE_CODES = (
    "4400 no hello (or not first), 4401 unknown, ended or expired token, 4403 a page of another site, "
    "4404 no such room, 4409 too many sockets of one player or watchers without a name, 4429 flood, "
    "1013 try again (a slow reader, or the table moving to another process), 1012 server restart, "
    "1009 frame too large"
)


def _properties() -> dict[tuple[str, str], dict[str, Any]]:
    events = {"type": "array", "items": union("Event")}
    return {
        ("ActionMessage", "action"): union("Action"),
        ("ServerRoom", "room"): ref("RoomPublic"),
        ("ServerState", "view"): union("View", "oneOf"),
        ("ServerState", "legal_actions"): {"type": "array", "items": union("LegalAction")},
        ("ServerState", "events"): events,
        ("ServerState", "result"): {"anyOf": [*union("Result")["anyOf"], {"type": "null"}]},
        ("ServerPatch", "events"): events,
        ("HistoryEntry", "events"): events,
        ("ServerAck", "events"): events,
        ("ServerChat", "message"): ref("ChatLinePublic"),
        ("ServerChatHistory", "messages"): {"type": "array", "items": ref("ChatLinePublic")},
    }


def _asyncapi_schema(schema: Any) -> Any:
    """An OpenAPI-style schema as an AsyncAPI Schema Object: there, `discriminator` names the property."""
    if isinstance(schema, dict):
        return {
            key: value["propertyName"]
            if key == "discriminator" and isinstance(value, dict)
            else _asyncapi_schema(value)
            for key, value in schema.items()
        }
    if isinstance(schema, list):
        return [_asyncapi_schema(item) for item in schema]
    return schema


def _kind(model: Any) -> str:
    kind: str = get_args(model.model_fields["type"].annotation)[0]
    return kind


def _message(model: Any) -> dict[str, Any]:
    doc = (model.__doc__ or "").strip()
    return {
        "name": _kind(model),
        "title": model.__name__,
        "contentType": "application/json",
        **({"summary": " ".join(doc.split())} if doc else {}),
        "payload": ref(model.__name__),
    }


@cache
def _document() -> dict[str, Any]:
    schemas: dict[str, Any] = {}
    shapes: dict[str, Any] = {"ClientMessage": ClientMessage, "ServerMessage": ServerMessage}
    for name, shape in shapes.items():
        schema = TypeAdapter(shape).json_schema(ref_template=REF)
        schemas.update(schema.pop("$defs", {}))
        schemas[name] = schema
    _, rest = models_json_schema([(RoomPublic, "serialization"), (ChatLinePublic, "serialization")], ref_template=REF)
    schemas.update(rest.get("$defs", {}))
    describe(schemas, _properties())
    messages = {model.__name__: _message(model) for model in (*CLIENT, *SERVER)}

    def refs(models: tuple[type[BaseModel], ...]) -> list[dict[str, str]]:
        return [{"$ref": f"#/channels/{CHANNEL}/messages/{model.__name__}"} for model in models]

    return {
        "asyncapi": "3.0.0",
        "info": {
            "title": "Dorhami room socket",
            "version": __version__,
            "description": "One socket per room and page: send hello first, then actions, pings and chat; "
            "the server sends the room, the game's state for your seat, answers and the chat. "
            "docs/PROTOCOL.md tells the protocol; GET /openapi.json is the REST side, with the "
            "same components for each game's actions, views, events and results.",
        },
        "defaultContentType": "application/json",
        "channels": {
            CHANNEL: {
                "address": "/ws/rooms/{code}",
                "title": "A room's socket",
                "description": f"JSON text frames both ways. Close codes: {CLOSE_CODES}.",
                "parameters": {"code": {"description": "the room's code, as in /t/{code}"}},
                "messages": {name: {"$ref": f"#/components/messages/{name}"} for name in messages},
            }
        },
        "operations": {
            "receiveClientMessages": {
                "action": "receive",
                "channel": {"$ref": f"#/channels/{CHANNEL}"},
                "summary": "What a client sends: hello first, once",
                "messages": refs(CLIENT),
            },
            "sendServerMessages": {
                "action": "send",
                "channel": {"$ref": f"#/channels/{CHANNEL}"},
                "summary": "What the server sends",
                "messages": refs(SERVER),
            },
        },
        "components": {"schemas": _asyncapi_schema(schemas), "messages": messages},
    }


def document() -> dict[str, Any]:
    """The AsyncAPI document (a copy: the caller may change it)."""
    return copy.deepcopy(_document())


@cache
def encoded() -> bytes:
    """The document as GET /asyncapi.json serves it."""
    return orjson.dumps(_document())
