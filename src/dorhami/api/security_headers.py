"""Headers every HTTP answer carries (JSON, errors, pages, static files); WebSocket traffic passes untouched."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

# nosniff: a browser takes the Content-Type we send and never guesses one from the bytes, so no
# answer of ours (a JSON body quoting a name, a text file) can be run as a script or shown as a page.
HEADERS = ((b"x-content-type-options", b"nosniff"),)


class SecurityHeaders:
    """Pure ASGI: adds `HEADERS` to the start of every HTTP response, keeping any the app set itself."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # websocket and lifespan go straight through
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                present = {name.lower() for name, _ in headers}
                headers += [header for header in HEADERS if header[0] not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
