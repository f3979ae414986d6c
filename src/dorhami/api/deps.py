"""Typed dependencies: the hub, the store and the calling player."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Annotated, Any

from fastapi import Depends
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.requests import HTTPConnection

from ..errors import ErrorCode
from ..hub.errors import HubError
from ..hub.hub import Hub
from ..storage import player_sessions
from ..storage.player_sessions import SessionExpired, SignedIn
from ..storage.records import PlayerRecord
from .rate import RateLimits

bearer = HTTPBearer(auto_error=False, description="the token from POST /api/players")


def get_hub(connection: HTTPConnection) -> Hub:
    hub: Hub = connection.app.state.hub
    return hub


HubDep = Annotated[Hub, Depends(get_hub)]


def get_limits(connection: HTTPConnection) -> RateLimits:
    limits: RateLimits = connection.app.state.rate_limits
    return limits


LimitsDep = Annotated[RateLimits, Depends(get_limits)]


def client_address(connection: HTTPConnection) -> str:
    """The caller's address (behind a proxy, uvicorn's --forwarded-allow-ips makes it the client's)."""
    return connection.client.host if connection.client else "unknown"


def address_limit(name: str) -> Callable[[HTTPConnection, RateLimits], Coroutine[Any, Any, None]]:
    """A dependency that spends one of the caller's address tokens for `name`."""

    async def check(connection: HTTPConnection, limits: LimitsDep) -> None:
        await limits.address(name, client_address(connection))

    return check


async def sign_in(hub: Hub, token: str) -> SignedIn:
    """The player and session a token opens; a HubError (401) if none, or if the session expired.
    Shared by every REST request and the socket's hello."""
    idle_ms = player_sessions.idle_limit_ms(hub.settings.session_idle_days)
    try:
        signed_in: SignedIn | None = await hub.store.player_by_token(token, hub.clock.now_ms(), idle_ms)
    except SessionExpired:
        raise HubError(
            ErrorCode.SESSION_EXPIRED,
            f"this session went unused for over {hub.settings.session_idle_days} "
            "days and has ended; restore with your recovery code, or make a new player",
        ) from None
    if signed_in is None:
        raise HubError(ErrorCode.INVALID_TOKEN, "that token belongs to no player")
    return signed_in


async def optional_session(
    hub: HubDep, credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]
) -> SignedIn | None:
    return None if credentials is None else await sign_in(hub, credentials.credentials)


async def optional_player(signed_in: Annotated[SignedIn | None, Depends(optional_session)]) -> PlayerRecord | None:
    return None if signed_in is None else signed_in.player


async def current_session(signed_in: Annotated[SignedIn | None, Depends(optional_session)]) -> SignedIn:
    if signed_in is None:
        raise HubError(ErrorCode.AUTH_REQUIRED, "send 'Authorization: Bearer <token>' (POST /api/players)")
    return signed_in


async def current_player(signed_in: Annotated[SignedIn, Depends(current_session)]) -> PlayerRecord:
    return signed_in.player


OptionalPlayer = Annotated[PlayerRecord | None, Depends(optional_player)]
CurrentPlayer = Annotated[PlayerRecord, Depends(current_player)]
# The caller's player and the session their token opens (GET /api/players/me/sessions marks it).
CurrentSession = Annotated[SignedIn, Depends(current_session)]
