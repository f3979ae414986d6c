"""One serving process per SQLite file: an exclusive advisory lock on `<database>.lock`.

A serving process keeps its tables (seats, games) in memory and acknowledges from there; a second
process on the same file would keep tables of its own and overwrite the first one's rows, losing
acknowledged joins. Several processes need PostgreSQL, whose table leases share the rooms
(docs/SCALING.md). The lock is the kernel's (`flock`): it ends with the process, even a killed one,
so no stale file ever blocks a restart.

`dorhami migrate` and `dorhami ratings rebuild` take no lock: they hold nothing in memory, and each
of their writes is one transaction that SQLite's own locking orders with the server's.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

from sqlalchemy.engine import make_url

try:
    import fcntl
except ImportError:  # Windows: no flock, and so no guard
    fcntl = None  # type: ignore[assignment]


class DatabaseInUse(RuntimeError):
    """Another process already serves this SQLite file."""

    def __init__(self, path: Path, holder: str) -> None:
        who = f" (pid {holder})" if holder else ""
        super().__init__(
            f"another Dorhami process{who} is serving {path}; SQLite is for one process: "
            f"use PostgreSQL (DATABASE_URL) for several"
        )
        self.path = path


# The locks this process holds, with how many hubs use each: flock locks belong to an open file,
# so a second hub of this process on the same database must share the first one's, not ask again.
_held: dict[Path, list[int]] = {}  # path -> [file descriptor, users]
_guard = threading.Lock()


def sqlite_file(url: str) -> Path | None:
    """The database file of a SQLite URL; None for an in-memory database or another dialect."""
    parsed = make_url(url)
    if not parsed.drivername.startswith("sqlite") or parsed.database in (None, "", ":memory:"):
        return None
    if parsed.database.startswith("file:"):  # a URI filename: in-memory or shared, not ours to guard
        return None
    return Path(parsed.database).resolve()


def hold(url: str) -> Path | None:
    """Take (or share, within this process) the serving lock of the URL's SQLite file; returns the file
    to `release` later, or None when there is nothing to lock. Raises DatabaseInUse."""
    path = sqlite_file(url)
    if path is None or fcntl is None:
        return None
    with _guard:
        if path in _held:
            _held[path][1] += 1
            return path
        fd = os.open(f"{path}.lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode(errors="replace").strip()
            os.close(fd)
            raise DatabaseInUse(path, holder) from None
        # Who holds it, for the next process's message; the lock itself is what counts.
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)
        _held[path] = [fd, 1]
        return path


def release(path: Path | None) -> None:
    """One user fewer of the lock `hold` gave; the last one lets the file go."""
    if path is None:
        return
    with _guard:
        entry = _held.get(path)
        if entry is None:
            return
        entry[1] -= 1
        if entry[1] == 0:
            del _held[path]
            os.close(entry[0])  # closing the file releases its lock
