"""The WebSocket protocol as models: what a client sends (hub/messages.py validates it) and what the
server sends (built as plain dicts by messages.py, views.py, table.py, room_chat.py, audience.py
and claims.py; these models describe those dicts, and nothing builds or checks a frame with them).

GET /asyncapi.json (api/asyncapi.py) is generated from `CLIENT` and `SERVER`. A game's parts (view,
legal actions, events, result), the room and a chat line stay plain objects here: the document
describes them with the games' and the REST API's own components.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from .messages import ActionMessage, ChatMessage, Hello, Ping, Pong, React, Visibility

# What a client sends, in the order a socket's life uses them.
CLIENT: tuple[type[BaseModel], ...] = (Hello, ActionMessage, Ping, Pong, Visibility, ChatMessage, React)


class Outbound(BaseModel):
    """A message the server sends: every key is listed (a new key is a change of the protocol)."""

    model_config = ConfigDict(extra="forbid")


class ServerRoom(Outbound):
    """The room (as GET /api/rooms/{code} shows it), on subscribing and after every change of it."""

    type: Literal["room"]
    room: dict[str, Any]


class ServerState(Outbound):
    """The game's state for this socket's seat (null: a spectator), on subscribing and after every change."""

    type: Literal["state"]
    game_id: int
    version: int
    seat: int | None
    commitment: str | None = Field(description="SHA-256 (hex) of the game's secret server seed")
    view: dict[str, Any]
    legal_actions: list[dict[str, Any]] = Field(
        description="empty for a spectator; a real-time game's list only the action types"
    )
    events: list[dict[str, Any]] = Field(description="what this change did, as this seat may hear it")
    result: dict[str, Any] | None


class ServerPatch(Outbound):
    """The next version of this socket's state as its changes from the version before (`version` −
    1, which the socket always holds), instead of a full `state`: sent once the socket has had a
    full state, unless its hello asked for full states (docs/PROTOCOL.md, "Patches"). Apply `ops` in
    order to the last state's body (all but type, version and events): each is [path, value] (set)
    or [path] (remove), the path "/"-joined keys and list indices escaped as in a JSON Pointer; a
    set at a list's length appends, a remove from a list splices. A client that cannot apply one
    reconnects, and gets a full state."""

    type: Literal["patch"]
    version: int
    ops: list[tuple[str] | tuple[str, Any]] = Field(
        examples=[[["view/turn", 1], ["view/hand/3"], ["legal_actions", []]]]
    )
    events: list[dict[str, Any]] = Field(description="what this change did, as this seat may hear it")


class HistoryEntry(Outbound):
    version: int
    events: list[dict[str, Any]]


class ServerHistory(Outbound):
    """The game's earlier events as this seat heard them, right before the first state (versions
    with nothing for this seat are left out)."""

    type: Literal["history"]
    game_id: int
    entries: list[HistoryEntry]


class ServerAck(Outbound):
    """An action was applied (a resend of the same client_seq gets the same answer)."""

    type: Literal["ack"]
    client_seq: int | None
    version: int
    events: list[dict[str, Any]]


class ServerError(Outbound):
    """A refusal: of an action (with its client_seq), of a message, or of a chat line."""

    type: Literal["error"]
    # A message refused as invalid echoes the client_seq it carried if that was an integer.
    client_seq: int | None = Field(description="the refused action's or message's own client_seq")
    code: str = Field(examples=["invalid_message"])
    message: str


class ServerPong(Outbound):
    """The answer to a client's ping: its client_time back, and the server's clock (ms)."""

    type: Literal["pong"]
    client_time: float | None
    server_time: int


class ServerPing(Outbound):
    """The server's probe (liveness, and lag compensation's RTT): answer at once with {"type":"pong","id":id}."""

    type: Literal["ping"]
    id: int


class ServerChat(Outbound):
    """A chat line or reaction, once stored; every socket of the room gets it, the sender's too."""

    type: Literal["chat"]
    message: dict[str, Any]


class ServerChatHistory(Outbound):
    """The room's recent chat: after the room on subscribing, and again when an author is renamed."""

    type: Literal["chat_history"]
    messages: list[dict[str, Any]]


SERVER: tuple[type[Outbound], ...] = (
    ServerRoom,
    ServerChatHistory,
    ServerHistory,
    ServerState,
    ServerPatch,
    ServerAck,
    ServerError,
    ServerPong,
    ServerPing,
    ServerChat,
)

ClientMessage = Annotated[Union[CLIENT], Field(discriminator="type")]  # type: ignore[valid-type]  # noqa: UP007
ServerMessage = Annotated[Union[SERVER], Field(discriminator="type")]  # type: ignore[valid-type]  # noqa: UP007
