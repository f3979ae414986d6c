"""The browser client: the single page for `/` and `/t/{code}`; assets are mounted at /static."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse

router = APIRouter(include_in_schema=False)


@router.get("/")
async def lobby(request: Request) -> FileResponse:
    return FileResponse(request.app.state.static_dir / "index.html")


@router.get("/t/{code}")
async def table_page(code: str, request: Request) -> FileResponse:
    return FileResponse(request.app.state.static_dir / "index.html")
