"""Typed dependencies: the hub, the store and the calling player."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from ..hub.errors import HubError
from ..hub.hub import Hub
from ..storage.records import PlayerRecord
from .rate import RateLimits

bearer = HTTPBearer(auto_error=False, description="the token from POST /api/players")


def get_hub(connection: HTTPConnection) -> Hub:
    return connection.app.state.hub


HubDep = Annotated[Hub, Depends(get_hub)]


def get_limits(connection: HTTPConnection) -> RateLimits:
    return connection.app.state.rate_limits


LimitsDep = Annotated[RateLimits, Depends(get_limits)]


def client_address(connection: HTTPConnection) -> str:
    """The caller's address (behind a proxy, uvicorn's --forwarded-allow-ips makes it the client's)."""
    return connection.client.host if connection.client else "unknown"


def address_limit(name: str):
    """A dependency that spends one of the caller's address tokens for `name`."""
    async def check(connection: HTTPConnection, limits: LimitsDep) -> None:
        await limits.address(name, client_address(connection))
    return check


async def optional_player(hub: HubDep, credentials: Annotated[HTTPAuthorizationCredentials | None,
                                                                Depends(bearer)]) -> PlayerRecord | None:
    if credentials is None:
        return None
    player = await hub.store.player_by_token(credentials.credentials)
    if player is None:
        raise HubError("invalid_token", "that token belongs to no player", 401)
    return player


async def current_player(player: Annotated[PlayerRecord | None, Depends(optional_player)]) -> PlayerRecord:
    if player is None:
        raise HubError("auth_required", "send 'Authorization: Bearer <token>' (POST /api/players)", 401)
    return player


OptionalPlayer = Annotated[PlayerRecord | None, Depends(optional_player)]
CurrentPlayer = Annotated[PlayerRecord, Depends(current_player)]
