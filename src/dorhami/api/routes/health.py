"""Health for load balancers and orchestrators: `/healthz` (the process answers), `/readyz` (it
can serve: the database answers and its schema is the newest this version knows, and Redis answers
where one is configured), and `/metrics`
for Prometheus."""

from __future__ import annotations

import asyncio
import functools
import ipaddress
import logging
from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.exceptions import HTTPException as StarletteHTTPException

from ...storage.db import schema_is_current
from ..deps import HubDep, address_limit

router = APIRouter(tags=["operations"], dependencies=[Depends(address_limit("request"))])
log = logging.getLogger(__name__)


@router.get("/healthz")
async def healthz() -> dict[str, Any]:
    """The process is alive and its event loop answers."""
    return {"status": "ok"}


@router.get("/readyz", responses={503: {"description": "a dependency is not ready; `checks` says which"}})
async def readyz(hub: HubDep) -> JSONResponse:
    """Ready to serve: the database answers, its schema is current, and Redis (if configured) answers.
    A 503 names what is not."""
    checks = {}
    try:
        checks["database"] = "ok"
        checks["migrations"] = "ok" if await hub.store.run(schema_is_current, hub.store.engine) else "behind"
    except Exception as exc:  # any failure to reach the database is "not ready", never a 500
        log.warning("readiness: database unreachable (%s)", type(exc).__name__)
        checks["database"] = checks["migrations"] = "unreachable"
    if hub.board is not None:
        try:
            checks["redis"] = "ok" if await asyncio.wait_for(hub.board.ping(), 3) else "unreachable"
        except Exception as exc:
            log.warning("readiness: redis unreachable (%s)", type(exc).__name__)
            checks["redis"] = "unreachable"
    ready = all(value == "ok" for value in checks.values())
    return JSONResponse(
        {"status": "ready" if ready else "not_ready", "checks": checks}, status_code=200 if ready else 503
    )


# A request that came through a proxy (`dorhami proxy`, nginx) carries one of these. Its direct peer is
# then the proxy, often on loopback, so an allowed peer says nothing of who asked (and where uvicorn
# believes the proxy, request.client is already the address the proxy forwarded, never the peer).
# So a proxied request is refused unless DORHAMI_METRICS_VIA_PROXY=on says to judge it anyway, by
# request.client: the peer, or the client's address as uvicorn took it from a trusted proxy.
FORWARDING_HEADERS = ("forwarded", "x-forwarded-for", "x-real-ip")


def metrics_reader(request: Request, hub: HubDep) -> None:
    """Only peers in `metrics_allowed` read /metrics; anyone else hears of no such page (404, not 403)."""
    settings = hub.settings
    proxied = any(name in request.headers for name in FORWARDING_HEADERS)
    if (proxied and not settings.metrics_via_proxy) or not peer_allowed(request, settings.metrics_allowed):
        raise StarletteHTTPException(404)


def peer_allowed(request: Request, allowed: tuple[str, ...]) -> bool:
    try:
        peer = ipaddress.ip_address(request.client.host if request.client else "")
    except ValueError:  # no address, or a name (a test client's)
        return False
    peer = getattr(peer, "ipv4_mapped", None) or peer  # ::ffff:127.0.0.1 on a dual-stack socket
    return any(peer in network for network in networks(allowed))


@functools.cache
def networks(allowed: tuple[str, ...]) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    return tuple(ipaddress.ip_network(entry, strict=False) for entry in allowed)


@router.get("/metrics", include_in_schema=False, dependencies=[Depends(metrics_reader)])
async def metrics(request: Request) -> Response:
    """Prometheus' text format: sockets, tables, commits and their latency, loop lag, errors by code.
    Only for the addresses of `metrics_allowed` (DORHAMI_METRICS_ALLOW), reached through no proxy."""
    return Response(generate_latest(request.app.state.metrics.registry), media_type=CONTENT_TYPE_LATEST)
