"""The ASGI application: routers, typed errors, static files, and the hub's lifespan."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import Counter
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.exceptions import ExceptionMiddleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.routing import Match
from starlette.types import ASGIApp, Receive, Scope, Send

from . import __version__
from .api import contract
from .api.assets import PREFIX, Assets, AssetTree
from .api.body_limit import BodyLimit
from .api.rate import RateLimits, SharedBuckets
from .api.routed import RoutedRoom
from .api.routes import (
    community,
    docs,
    friends,
    games,
    health,
    pages,
    players,
    push,
    rooms,
    sandbox,
    socket,
    tutorials,
)
from .api.security_headers import SecurityHeaders
from .api.state_token import StateSigner
from .config import Settings
from .engine import IllegalAction
from .errors import HTTP_CODES, ErrorCode, rules_status
from .hub.clock import SystemClock
from .hub.errors import HubError
from .hub.hub import Hub
from .metrics import Metrics
from .push.notifier import Notifier
from .storage.repository import Store

log = logging.getLogger(__name__)

# The client ships inside the package (a link to the checkout's static/ there, the files themselves in a wheel).
STATIC_DIR = Path(__file__).parent / "static"


def create_app(settings: Settings | None = None, clock=None, seeds=None) -> FastAPI:
    """Build the application; the hub starts (and resumes unfinished games) with the lifespan."""
    settings = settings or Settings.from_env()
    # /docs is ours (api/routes/docs.py): FastAPI's loads Swagger UI from a CDN; ReDoc is not offered.
    app = FastAPI(
        title="Dorhami",
        version=__version__,
        lifespan=_lifespan(settings, clock, seeds),
        docs_url=None,
        redoc_url=None,
        description="Play Double Connect, Twin It, Camel Up Cards, Jekyll vs Hyde and Queendomino "
        "with friends. REST for rooms and actions; WebSocket /ws/rooms/{code} for live play.",
        openapi_tags=contract.TAGS,
        generate_unique_id_function=contract.operation_id,
    )
    app.state.assets = AssetTree(settings.static_dir or STATIC_DIR)  # DORHAMI_STATIC (config.py), else the package's
    app.state.rate_limits = RateLimits(settings.rate_limits)
    app.state.anonymous_watchers = Counter()  # open sockets without a player, by address (api/routes/socket.py)
    app.state.metrics = Metrics()
    # Without DORHAMI_SECRET each process signs with its own key: sandbox tokens then stop working
    # at a restart or on another process, which a deployment of several sets it to avoid.
    app.state.state_signer = StateSigner(settings.secret or secrets.token_hex(32))
    _add_error_handlers(app)
    _add_routes(app)
    # HTTP only (WebSocket frames pass untouched); fonts and PNGs are excluded by type, being compressed already.
    app.add_middleware(GZipMiddleware, minimum_size=500)
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes, timeout_s=settings.body_timeout_s)
    app.add_middleware(RoutedRoom)
    # Outside every layer, even Starlette's outermost one that answers an unexpected error's 500.
    build_stack = app.build_middleware_stack
    app.build_middleware_stack = lambda: RoomSocketFirst(SecurityHeaders(build_stack()))
    return app


class RoomSocketFirst:
    """The room socket, dispatched before the middleware: each layer is a coroutine frame (and
    FastAPI's exit stack a deque) that a socket keeps for its whole life, some 5 KiB in all, and none
    of them acts on a socket. What the socket does need of them it gets here: the room a front proxy
    routed it by (RoutedRoom), the route's path parameters, and the exception handlers that
    Starlette's ExceptionMiddleware would have put in its scope."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.socket = RoutedRoom(socket.route.handle)
        layer: Any = app
        while not isinstance(layer, ExceptionMiddleware):
            layer = layer.app
        self.handlers = (layer._exception_handlers, layer._status_handlers)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            match, child = socket.route.matches(scope)
            if match is Match.FULL:
                scope.update(child)
                scope["starlette.exception_handlers"] = self.handlers
                await self.socket(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _lifespan(settings: Settings, clock: Any, seeds: Any) -> Any:
    """The server's life: the hub starts (and resumes unfinished games in the background), and its
    background tasks run until the server stops."""

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        store = Store(settings.database_url)
        # Web Push (push/notifier.py): made before the hub, which is handed its `tell`; its VAPID
        # key is loaded (or made, once for every process) before the server answers.
        notifier = Notifier(store, settings, clock or SystemClock())
        hub = Hub(store, settings, clock, seeds, notify=notifier.tell)
        await notifier.start()
        app.state.notifier = notifier
        if hub.redis is not None and settings.rate_limits:
            app.state.rate_limits.shared = SharedBuckets(hub.redis)
        app.state.hub = hub
        app.state.metrics.watch(hub)
        lag = asyncio.create_task(app.state.metrics.measure_loop_lag(), name="loop-lag")
        # Unfinished games resume in the background: the server answers at once, and a room
        # asked for before its turn simply loads then.
        recovery = asyncio.create_task(hub.recover(), name="recovery")
        recovery.add_done_callback(_log_recovery)
        sweeper = asyncio.create_task(hub.sweep_forever(), name="sweeper")
        # Daily games leave memory while nobody plays them; their reminders and deadlines bring them back.
        waker = asyncio.create_task(hub.wake_forever(), name="daily-waker")
        tasks = [recovery, sweeper, waker, lag]
        if hub.ownership is not None:
            tasks.append(asyncio.create_task(hub.ownership.beat_forever(), name="lease-heartbeat"))
        if hub.board is not None:
            tasks.append(asyncio.create_task(hub.refresh_board_forever(), name="room-board"))
        if hub.news is not None:
            listening = hub.news.listen_forever(hub.show_rename, hub.close_sessions)
            tasks.append(asyncio.create_task(listening, name="news"))
        log.info("dorhami ready; resuming unfinished games")
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await hub.close()
            await notifier.close()
            store.close()

    return lifespan


def _add_routes(app: FastAPI) -> None:
    for router in (
        players.router,
        community.router,
        games.router,
        rooms.router,
        friends.router,
        push.router,
        sandbox.router,
        tutorials.router,
        health.router,
        docs.router,
        pages.router,
    ):
        app.include_router(router)
    app.router.routes.append(socket.route)
    app.openapi = contract.extend(app)  # the games' components in /openapi.json (api/contract.py)
    app.mount(PREFIX, Assets(app.state.assets), name="static")
    app.mount(docs.ASSETS_URL, docs.assets, name="docs-assets")


def _log_recovery(task: asyncio.Task) -> None:
    if not task.cancelled() and task.exception() is None:
        log.info("resumed %d unfinished games", task.result())


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"code": str(code), "message": message}, status_code=status)


def _add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(HubError)
    async def hub_error(request: Request, exc: HubError) -> JSONResponse:
        request.app.state.metrics.error(exc.code)
        response = _error(exc.status, exc.code, exc.message)
        response.headers.update(exc.headers)
        return response

    @app.exception_handler(IllegalAction)
    async def illegal(request: Request, exc: IllegalAction) -> JSONResponse:
        request.app.state.metrics.error(exc.code)
        return _error(rules_status(exc.code), exc.code, exc.message)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()))
        return _error(
            ErrorCode.INVALID_REQUEST.status,
            ErrorCode.INVALID_REQUEST,
            f"{where}: {first.get('msg', 'invalid request')}",
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 404 and not pages.is_api_path(request.url.path):
            return pages.not_found_page(request)
        response = _error(exc.status_code, HTTP_CODES.get(exc.status_code, ErrorCode.HTTP_ERROR), str(exc.detail))
        response.headers.update(exc.headers or {})  # a 405 says which methods are allowed
        return response

    @app.exception_handler(SQLAlchemyError)
    async def storage_down(request: Request, exc: SQLAlchemyError) -> JSONResponse:
        # The database is away (a dropped connection that pre-ping could not replace, a lock held too
        # long): the client may try again, and one line in the log says why, not a traceback a request.
        log.error("storage unavailable on %s %s: %s", request.method, request.url.path, type(exc).__name__)
        return _error(
            ErrorCode.STORAGE_UNAVAILABLE.status,
            ErrorCode.STORAGE_UNAVAILABLE,
            "the game's storage is unavailable just now; try again",
        )

    @app.exception_handler(Exception)
    async def unexpected(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error")
        return _error(ErrorCode.INTERNAL_ERROR.status, ErrorCode.INTERNAL_ERROR, "something went wrong on our side")
