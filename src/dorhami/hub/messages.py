"""The WebSocket protocol: inbound messages validated by schema, outbound messages built here.

Inbound messages are strict: `"hidden": "yes"` is no boolean and `"client_seq": "1"` no number.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class Hello(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["hello"]
    token: str | None = Field(default=None, max_length=200)
    # After its first full state a socket gets each version as a patch (docs/PROTOCOL.md); a client
    # that does not apply patches asks for every state in full.
    full_states: bool = False


class ActionMessage(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["action"]
    action: dict[str, Any]
    client_seq: int | None = Field(default=None, ge=0, le=2**53)


class Ping(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["ping"]
    # Echoed in the pong: NaN or Infinity would make a frame a browser's JSON.parse refuses.
    client_time: float | None = Field(default=None, allow_inf_nan=False)


class Pong(BaseModel):
    """The answer to the server's own probe `{"type":"ping","id":k}` (liveness; lag compensation's RTT)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["pong"]
    id: int = Field(ge=0, le=2**53)


class Visibility(BaseModel):
    """The page went out of view (another tab, a locked phone) or came back: drives "away"."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["visibility"]
    hidden: bool


class ChatMessage(BaseModel):
    """A chat line (hub/chat.py cleans it and allows 280 characters; a longer one gets chat_too_long)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["chat"]
    text: str = Field(max_length=2000)


class React(BaseModel):
    """One of the room's fixed reactions (hub/chat.py REACTIONS), by name."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["react"]
    reaction: str = Field(max_length=32)


InboundMessage = Hello | ActionMessage | Ping | Pong | Visibility | ChatMessage | React
Inbound = TypeAdapter(Annotated[InboundMessage, Field(discriminator="type")])


def error(code: str, message: str, client_seq: int | None = None) -> dict:
    return {"type": "error", "client_seq": client_seq, "code": code, "message": message}


def ack(client_seq: int | None, version: int, events: list[dict]) -> dict:
    return {"type": "ack", "client_seq": client_seq, "version": version, "events": events}


def pong(client_time: float | None, server_ms: int) -> dict:
    return {"type": "pong", "client_time": client_time, "server_time": server_ms}


def history(game_id: int, entries: list[tuple[int, list[dict]]]) -> dict:
    """The game's earlier changes as one seat saw them (changes with nothing for it left out)."""
    return {
        "type": "history",
        "game_id": game_id,
        "entries": [{"version": v, "events": events} for v, events in entries if events],
    }
