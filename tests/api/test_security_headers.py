"""Every HTTP answer says `X-Content-Type-Options: nosniff`; WebSocket traffic is left alone."""

from __future__ import annotations

import asyncio

import pytest
from fastapi.testclient import TestClient

from dorhami.api.security_headers import SecurityHeaders
from dorhami.app import create_app


@pytest.mark.parametrize(
    "path",
    [
        "/api/games",
        "/api/rooms/NOSUCH",
        "/healthz",
        "/",
        "/t/NOSUCH",
        "/no/such/page",
        "/static/css/app.css",
        "/static/missing.js",
        "/favicon.ico",
        "/docs",
    ],
)
def test_every_http_answer_forbids_sniffing(client, path):
    response = client.get(path)
    assert response.headers.get("x-content-type-options") == "nosniff", (path, response.status_code)


def test_refusals_and_server_errors_forbid_sniffing_too(settings):
    app = create_app(settings)

    @app.get("/api/boom")
    async def boom() -> None:
        raise RuntimeError("a bug")

    with TestClient(app, raise_server_exceptions=False) as client:
        invalid = client.post("/api/players", json={"name": ""})
        too_large = client.post(
            "/api/players", content=b"x" * (settings.max_body_bytes + 1), headers={"content-type": "application/json"}
        )
        wrong_method = client.delete("/api/games")
        crashed = client.get("/api/boom")
    for response, status in ((invalid, 422), (too_large, 413), (wrong_method, 405), (crashed, 500)):
        assert response.status_code == status
        assert response.headers.get("x-content-type-options") == "nosniff", status
    assert crashed.json()["code"] == "internal_error"


def test_a_socket_passes_through_untouched():
    seen = []

    async def app(scope, receive, send):
        seen.append(send)

    async def send(message):
        pass

    asyncio.run(SecurityHeaders(app)({"type": "websocket"}, None, send))
    assert seen == [send]


def test_a_header_the_app_set_is_not_doubled():
    sent = []

    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": [(b"X-Content-Type-Options", b"nosniff")]})

    async def send(message):
        sent.append(message)

    asyncio.run(SecurityHeaders(app)({"type": "http"}, None, send))
    assert len(sent[0]["headers"]) == 1
