"""The interactive API docs (Swagger UI), served from our origin under the pages' strict policy, and
the WebSocket protocol's machine-readable document (GET /asyncapi.json, AsyncAPI 3.0; api/asyncapi.py).

FastAPI's own /docs loads Swagger UI from a CDN and starts it with an inline script. A script from
elsewhere, running on our origin, could read the token the browser keeps here, so the assets come
from the `fastapi-offline` package (a maintained copy of Swagger UI's release files on PyPI) and the
start-up code is a file of ours: the page then needs no exception to the policy every page carries.
"""

from __future__ import annotations

from pathlib import Path

import fastapi_offline
from fastapi import APIRouter, Depends
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

from .. import asyncapi
from ..deps import address_limit
from .pages import PAGE_SECURITY

ASSETS_URL = "/docs/assets"
ASSETS_DIR = Path(fastapi_offline.__file__).parent / "static"

PAGE = f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dorhami API</title>
<link rel="stylesheet" href="{ASSETS_URL}/swagger-ui.css">
<link rel="icon" href="/static/icons/icon.svg" type="image/svg+xml">
</head>
<body>
<p class="info">The live socket, <code>/ws/rooms/{{code}}</code>:
its messages are in <a href="/asyncapi.json">/asyncapi.json</a> (AsyncAPI 3.0).</p>
<div id="swagger-ui"></div>
<script src="{ASSETS_URL}/swagger-ui-bundle.js"></script>
<script src="/docs/start.js"></script>
</body>
</html>
"""

# No validator badge: it would send our schema to validator.swagger.io.
START = """SwaggerUIBundle({url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: true,
  validatorUrl: null, presets: [SwaggerUIBundle.presets.apis], layout: "BaseLayout"});
"""

router = APIRouter(include_in_schema=False, dependencies=[Depends(address_limit("request"))])
assets = StaticFiles(directory=ASSETS_DIR)


@router.get("/docs")
def docs_page() -> HTMLResponse:
    return HTMLResponse(PAGE, headers={"Cache-Control": "no-cache", **PAGE_SECURITY})


@router.get("/docs/start.js")
def docs_start() -> Response:
    return Response(
        START, media_type="text/javascript", headers={"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"}
    )


@router.get("/asyncapi.json")
def asyncapi_document() -> Response:
    return Response(asyncapi.encoded(), media_type="application/json", headers={"Cache-Control": "no-cache"})
