"""Health for load balancers and orchestrators: `/healthz` (the process answers), `/readyz` (it
can serve: the database answers and its schema is the newest this version knows, and Redis answers
where one is configured), and `/metrics`
for Prometheus."""

from __future__ import annotations

import asyncio
import logging

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from ...storage.db import schema_is_current
from ..deps import HubDep

router = APIRouter(tags=["operations"])
log = logging.getLogger(__name__)


@router.get("/healthz")
async def healthz() -> dict:
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
    return JSONResponse({"status": "ready" if ready else "not_ready", "checks": checks}, status_code=200 if ready else 503)


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    """Prometheus' text format: sockets, tables, commits and their latency, loop lag, errors by code."""
    return Response(generate_latest(request.app.state.metrics.registry), media_type=CONTENT_TYPE_LATEST)
