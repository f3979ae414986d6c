"""The browser client's pages: the single page for `/`, `/t/{code}`, `/how/{slug}`, `/learn/{slug}`, `/replay/{id}`,
`/verify/{id}`, `/p/{id}` and `/leaderboard/{slug}`, the 404 page, the offline page and the service worker.

Pages are never cached without asking (`no-cache`, with the asset version as their ETag), so a
new version of the assets reaches a player on their next visit.
"""

from __future__ import annotations

import re

from fastapi import APIRouter, Depends, Request
from fastapi.responses import FileResponse, HTMLResponse, Response

from ...catalogue import GAMES, TUTORIALS
from ..assets import REVALIDATE, AssetTree
from ..deps import HubDep, address_limit
from .community import is_player_id

router = APIRouter(include_in_schema=False, dependencies=[Depends(address_limit("request"))])
# HEAD too: link checkers and some chat apps' link previews ask for a page's headers first.
PAGE_METHODS = ["GET", "HEAD"]
# The paths of the JSON API and the sockets: their errors stay JSON.
API_ROOTS = ("/api", "/ws")
INVITATION_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


@router.api_route("/", methods=PAGE_METHODS)
async def lobby(request: Request) -> Response:
    return single_page(request)


@router.api_route("/t/{code}", methods=PAGE_METHODS)
async def table_page(code: str, request: Request) -> Response:
    return single_page(request)


@router.api_route("/how/{slug}", methods=PAGE_METHODS)
async def how_to_play(slug: str, request: Request) -> Response:
    """How to play one game; the client draws it from the game's `js/howto/<slug>.js`."""
    return single_page(request) if slug in GAMES else not_found_page(request)


@router.api_route("/learn/{slug}", methods=PAGE_METHODS)
async def tutorial_page(slug: str, request: Request) -> Response:
    """A game's tutorial; the client asks GET /api/tutorials/{slug}."""
    return single_page(request) if slug in TUTORIALS else not_found_page(request)


@router.api_route("/replay/{game_id}", methods=PAGE_METHODS)
async def replay_page(game_id: str, request: Request) -> Response:
    """A finished game step by step; the client asks GET /api/games/{id}/replay."""
    return single_page(request) if game_id.isdigit() else not_found_page(request)


@router.api_route("/verify/{game_id}", methods=PAGE_METHODS)
async def verify_page(game_id: str, request: Request) -> Response:
    """A finished game's shuffle checked in plain words; the client asks GET /api/games/{id}/verify."""
    return single_page(request) if game_id.isdigit() else not_found_page(request)


@router.api_route("/p/{player_id}", methods=PAGE_METHODS)
async def player_page(player_id: str, request: Request, hub: HubDep) -> Response:
    """A player's games and ratings; the client asks GET /api/players/{id}."""
    known = is_player_id(player_id) and await hub.store.players({player_id})
    return single_page(request) if known else not_found_page(request)


@router.api_route("/friends", methods=PAGE_METHODS)
async def friends_page(request: Request) -> Response:
    """Friends, requests, people you played with and blocks; the client asks /api/players/me/friends."""
    return single_page(request)


@router.api_route("/invitations/{invitation_id}", methods=PAGE_METHODS)
async def invitation_page(invitation_id: str, request: Request) -> Response:
    """One invitation, for its invitee only (the page asks GET /api/invitations/{id} with their token):
    a push notice opens it, and it names no room code."""
    return single_page(request) if INVITATION_ID.fullmatch(invitation_id) else not_found_page(request)


@router.api_route("/games", methods=PAGE_METHODS)
async def my_games_page(request: Request) -> Response:
    """Every table you sit at, your move first; the client asks GET /api/players/me/games."""
    return single_page(request)


@router.api_route("/leaderboard/{slug}", methods=PAGE_METHODS)
async def leaderboard_page(slug: str, request: Request) -> Response:
    """A title's best rated players; the client asks GET /api/leaderboards/{slug}."""
    return single_page(request) if slug in GAMES else not_found_page(request)


@router.api_route("/offline", methods=PAGE_METHODS)
async def offline_page(request: Request) -> Response:
    """The page the service worker shows when a navigation finds no network (it keeps a copy from its install)."""
    return HTMLResponse(_tree(request).page("offline.html"), headers={"Cache-Control": REVALIDATE, **PAGE_SECURITY})


# The worker's file names the asset version it caches; the server stamps it in, so every new version is
# a new worker's bytes, which is how a browser learns to update it.
SW_VERSION_MARK = "__ASSET_VERSION__"


@router.get("/sw.js")
async def service_worker(request: Request) -> Response:
    """`static/sw.js` at the root, so its scope is the whole site; never cached without asking."""
    tree = _tree(request)
    version = tree.refresh()
    etag = f'"sw-{version}"'
    headers = {"Cache-Control": REVALIDATE, "ETag": etag, "X-Content-Type-Options": "nosniff"}
    if etag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    source = (tree.root / "sw.js").read_text(encoding="utf-8").replace(SW_VERSION_MARK, version)
    return Response(source, media_type="text/javascript", headers=headers)


@router.get("/favicon.ico")
async def favicon(request: Request) -> FileResponse:
    # Asked for by browsers on pages without an icon link (the JSON API, /docs).
    return FileResponse(
        _tree(request).root / "icons" / "icon-192.png",
        media_type="image/png",
        headers={"Cache-Control": "public, max-age=86400"},
    )


def is_api_path(path: str) -> bool:
    """Whether `path` belongs to the JSON API or the sockets rather than to the pages."""
    return any(path == root or path.startswith(root + "/") for root in API_ROOTS)


# Every page: scripts, styles and sockets of this origin only (no inline script or style), never
# framed, no referrer beyond this site (a table's link is its invitation), no device access.
PAGE_SECURITY = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; manifest-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
}


def single_page(request: Request) -> Response:
    """`index.html` pointing at the current asset version; 304 when the browser already has it."""
    tree = _tree(request)
    html = tree.page("index.html")
    etag = f'"{tree.version}"'
    headers = {"Cache-Control": REVALIDATE, "ETag": etag, **PAGE_SECURITY}
    if etag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    return HTMLResponse(html, headers=headers)


def not_found_page(request: Request) -> HTMLResponse:
    """The bilingual "no such page" page, status 404."""
    return HTMLResponse(
        _tree(request).page("404.html"), status_code=404, headers={"Cache-Control": REVALIDATE, **PAGE_SECURITY}
    )


def _tree(request: Request) -> AssetTree:
    tree: AssetTree = request.app.state.assets
    return tree
