"""A cap on every HTTP request body, enforced as the bytes arrive, answered as a typed error; and
a time limit on its arrival (uvicorn has none: a head whose body never comes held its connection
for ever, so a few hundred such heads would hold as many sockets and tasks).

Starlette's own RequestBodyLimitMiddleware (FastAPI's `max_body_size`) does the counting too,
but answers in plain text, and replaces whatever the application answered whenever the declared
length is over the limit; our clients expect `{"code", "message"}` JSON for every error.
"""

from __future__ import annotations

import asyncio

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..errors import ErrorCode


def too_large(limit: int) -> HTTPException:
    return HTTPException(413, f"a request body may be at most {limit} bytes")


def too_slow(timeout_s: float) -> HTTPException:
    # Connection: close, since the rest of the body may still come and must not be read as a request.
    return HTTPException(408, f"the request body did not arrive within {timeout_s:g} s", {"Connection": "close"})


class BodyLimit:
    def __init__(self, app: ASGIApp, max_bytes: int, timeout_s: float = 15.0) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.timeout_s = timeout_s

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            # Refused before a byte of it is read; the connection is not kept for the rest.
            response = JSONResponse(
                {"code": str(ErrorCode.TOO_LARGE), "message": too_large(self.max_bytes).detail},
                status_code=413,
                headers={"Connection": "close"},
            )
            await response(scope, receive, send)
            return
        received, whole = 0, False

        async def counted() -> Message:
            nonlocal received, whole
            if whole:  # what follows is the wait for a disconnect, which may rightly last
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), self.timeout_s)
            except TimeoutError:
                raise too_slow(self.timeout_s) from None
            if message["type"] == "http.request":
                whole = not message.get("more_body", False)
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    # An HTTPException: FastAPI lets it through its body parsing unchanged, and
                    # the application's handler answers it as a typed error.
                    raise too_large(self.max_bytes)
            return message

        await self.app(scope, counted, send)
