"""The room a front proxy routed a request by (X-Dorhami-Room, set by `dorhami proxy` and
deploy/nginx.conf, which drop any a client sends), for the hub's ownership rules
(hub/ownership.py: `routed_room`)."""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send

from ..hub.ownership import routed_room

HEADER = b"x-dorhami-room"


class RoutedRoom:
    """Pure ASGI (sockets too): each request runs with `routed_room` set to its header's value."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        room = next((value for name, value in scope["headers"] if name == HEADER), b"")
        token = routed_room.set(room.decode("latin-1"))
        try:
            await self.app(scope, receive, send)
        finally:
            routed_room.reset(token)
