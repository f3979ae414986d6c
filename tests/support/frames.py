"""Every frame a test's socket receives follows the protocol: it validates against the AsyncAPI
document the server serves (GET /asyncapi.json, api/asyncapi.py), or the test fails there.

`checked()` wraps the ways the suite reads frames: Starlette's test client (`receive`, under
`receive_json` and `receive_text`) and the `websockets` clients (`recv`, against a live server).
The raw clients of tests/support/wsclient.py (a load generator's hot path) are left as they are.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from functools import cache
from typing import Any

import jsonschema_rs
from starlette.testclient import WebSocketTestSession
from websockets.asyncio.connection import Connection
from websockets.sync.connection import Connection as SyncConnection

from dorhami.api.asyncapi import document


class FrameError(AssertionError):
    pass


@cache
def _validator() -> Any:
    schema = {"components": document()["components"], "$ref": "#/components/schemas/ServerMessage"}
    return jsonschema_rs.validator_for(schema)


def check_text(text: str) -> None:
    """Fail unless `text` is one server message of the protocol."""
    try:
        message = json.loads(text)
    except ValueError:
        raise FrameError(f"a frame that is no JSON: {text[:200]!r}") from None
    check(message)


def check(message: Any) -> None:
    errors = list(_validator().iter_errors(message))
    if errors:
        best = min(errors, key=lambda e: len(str(e.message)))
        where = "/".join(str(part) for part in best.instance_path) or "the frame"
        raise FrameError(
            f"a frame outside /asyncapi.json ({len(errors)} errors; at {where}: "
            f"{str(best.message)[:300]}): {json.dumps(message)[:500]}"
        )


@contextlib.contextmanager
def checked() -> Iterator[None]:
    """Within it, every text frame a test client receives is checked."""
    receive, recv, sync_recv = WebSocketTestSession.receive, Connection.recv, SyncConnection.recv

    def checked_receive(self: WebSocketTestSession) -> Any:
        message = receive(self)
        if message.get("type") == "websocket.send" and message.get("text") is not None:
            check_text(message["text"])
        return message

    async def checked_recv(self: Connection, *args: Any, **kwargs: Any) -> Any:
        data = await recv(self, *args, **kwargs)
        if isinstance(data, str):
            check_text(data)
        return data

    def checked_sync_recv(self: SyncConnection, *args: Any, **kwargs: Any) -> Any:
        data = sync_recv(self, *args, **kwargs)
        if isinstance(data, str):
            check_text(data)
        return data

    WebSocketTestSession.receive = checked_receive  # type: ignore[method-assign]
    Connection.recv, SyncConnection.recv = checked_recv, checked_sync_recv  # type: ignore[method-assign]
    try:
        yield
    finally:
        WebSocketTestSession.receive = receive  # type: ignore[method-assign]
        Connection.recv, SyncConnection.recv = recv, sync_recv  # type: ignore[method-assign]
