"""Static assets: one content version for the whole `static/` tree, served immutable under `/static/v/<version>/`.

The pages reference `/static/v/<version>/...`, so an ES module's relative imports (`./api.js`) and
`new URL("../css/x.css", import.meta.url)` stay under the same versioned prefix without a build step.
Plain `/static/...` keeps working for old links, revalidated on every use.
"""

from __future__ import annotations

import hashlib
import mimetypes
import os
import re
from contextlib import suppress
from pathlib import Path

from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

PREFIX = "/static"
IMMUTABLE = "public, max-age=31536000, immutable"
# Pages, old unversioned links and other versions: always ask the server (a 304 when unchanged).
REVALIDATE = "no-cache"
VERSION_LENGTH = 12
# A root-relative asset URL inside an HTML attribute: href="/static/css/app.css".
ASSET_URL = re.compile(r"""(?<=["'])/static/(?!v/)""")

# Python's own table (used when the system has no /etc/mime.types, as in the slim image) lacks
# woff2 and names JS application/javascript; the compression middleware decides by these types.
for _type, _suffix in (
    ("font/woff2", ".woff2"),
    ("text/javascript", ".js"),
    ("image/svg+xml", ".svg"),
    ("application/manifest+json", ".webmanifest"),
):
    mimetypes.add_type(_type, _suffix)


def _files(root: Path) -> list[Path]:
    """The assets under `root`, in a stable order; dotfiles (an editor's swap files) are none."""
    return sorted(
        p
        for p in root.rglob("*")
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(root).parts)
    )


def content_version(root: Path) -> str:
    """A short hash of every file's relative path and bytes under `root`: any change gives a new version."""
    digest = hashlib.sha256()
    for path in _files(root):
        with suppress(FileNotFoundError):  # removed while we walk: it is not part of this version
            data = path.read_bytes()
            digest.update(f"{path.relative_to(root).as_posix()}\0{len(data)}\0".encode())
            digest.update(data)
    return digest.hexdigest()[:VERSION_LENGTH]


def _stamp(root: Path) -> tuple[tuple[str, int, int], ...]:
    """What the file system says about the tree (names, sizes, mtimes): cheap to read, rehash when it moves."""
    stamp = []
    for path in _files(root):
        with suppress(FileNotFoundError):
            info = path.stat()
            stamp.append((str(path), info.st_size, info.st_mtime_ns))
    return tuple(stamp)


class AssetTree:
    """The static folder and its current version; pages re-check it, so an edited file gets a new version
    without a restart (a developer's browser never keeps an immutable copy of the old file)."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self._stamp: tuple[tuple[str, int, int], ...] = ()
        self._pages: dict[str, str] = {}
        self.version = ""
        self.refresh()

    def refresh(self) -> str:
        """The version of the tree as it is now (rehashed only if a file was added, removed or changed)."""
        stamp = _stamp(self.root)
        if stamp != self._stamp:
            self._stamp, self.version, self._pages = stamp, content_version(self.root), {}
        return self.version

    @property
    def prefix(self) -> str:
        return f"{PREFIX}/v/{self.version}/"

    def page(self, name: str) -> str:
        """The HTML file `name` with its `/static/` URLs moved under the current version's prefix."""
        self.refresh()
        if name not in self._pages:
            text = (self.root / name).read_text(encoding="utf-8")
            self._pages[name] = ASSET_URL.sub(self.prefix, text)
        return self._pages[name]


def split_version(path: str) -> tuple[str | None, str]:
    """`v/<version>/js/main.js` -> (`<version>`, `js/main.js`); an unversioned path -> (None, path)."""
    parts = path.split(os.sep, 2)
    if len(parts) == 3 and parts[0] == "v":
        return parts[1], parts[2]
    return None, path


class Assets(StaticFiles):
    """`StaticFiles` for the whole tree at `/static/...` and at `/static/v/<version>/...`; only the current
    version is cached for a year (any version's URL still serves today's files, so an open old page works)."""

    def __init__(self, tree: AssetTree) -> None:
        super().__init__(directory=tree.root)
        self.tree = tree

    async def get_response(self, path: str, scope: Scope) -> Response:
        version, path = split_version(path)
        response = await super().get_response(path, scope)
        response.headers["Cache-Control"] = IMMUTABLE if version == self.tree.version else REVALIDATE
        return response
