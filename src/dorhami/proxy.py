"""A small front proxy for several `dorhami serve` processes without nginx: `dorhami proxy`.

It does what deploy/nginx.conf does with `hash $room_key consistent`: every request and socket of
one room goes to the same process, chosen by rendezvous hashing of the room code over the
processes that answer, so a process that dies moves only its own rooms and one that comes back
gets them back. Requests of no room (the lobby, players, pages) go to any process. It reads only
the request head (to find the path), then relays bytes both ways; a plain HTTP request is sent
with `Connection: close`, so one connection carries one request and each is routed by itself.
The tests and the two-process benchmark run the cluster behind it (docs/SCALING.md).
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import logging
import re
import time

log = logging.getLogger(__name__)

ROOM_PATH = re.compile(rb"^/(?:api|ws)/rooms/([A-Za-z0-9_-]{1,32})(?:[/?]|$)")
DOWN_S = 2.0        # a process that refused a connection is skipped this long
CONNECT_S = 2.0
MAX_HEAD = 16 * 1024


def room_of(target: bytes) -> bytes | None:
    found = ROOM_PATH.match(target)
    return found.group(1) if found else None


def rendezvous(key: bytes, upstreams: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """`upstreams` in the order they are tried for `key`: highest hash of (key, upstream) first."""
    def weight(upstream: tuple[str, int]) -> bytes:
        return hashlib.blake2b(key + b"|" + f"{upstream[0]}:{upstream[1]}".encode(), digest_size=8).digest()
    return sorted(upstreams, key=weight, reverse=True)


class Proxy:
    def __init__(self, upstreams: list[tuple[str, int]]) -> None:
        self.upstreams = upstreams
        self.down_until: dict[tuple[str, int], float] = {}
        self.spread = itertools.count()
        self.server: asyncio.Server | None = None
        self.open: dict[asyncio.StreamWriter, asyncio.Task] = {}  # each client connection and its handler

    def order(self, room: bytes | None) -> list[tuple[str, int]]:
        if room is None:
            turn = next(self.spread) % len(self.upstreams)
            ordered = self.upstreams[turn:] + self.upstreams[:turn]
        else:
            ordered = rendezvous(room, self.upstreams)
        now = time.monotonic()
        # Processes marked down go last, not away: if every one is down, the first to come back is found.
        return sorted(ordered, key=lambda u: self.down_until.get(u, 0.0) > now)

    async def start(self, host: str, port: int) -> Proxy:
        self.server = await asyncio.start_server(self._client, host, port, limit=MAX_HEAD)
        return self

    @property
    def port(self) -> int:
        return self.server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
            handlers = list(self.open.values())
            for writer in list(self.open):
                writer.close()  # their relays end as the sockets do, and close the upstream side
            await asyncio.wait(handlers, timeout=5) if handlers else None
            await self.server.wait_closed()

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.open[writer] = asyncio.current_task()
        try:
            await self._route(reader, writer)
        finally:
            self.open.pop(writer, None)

    async def _route(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, asyncio.TimeoutError, ConnectionError):
            await _drain_close(writer)
            return
        line, _, rest = head.partition(b"\r\n")
        parts = line.split(b" ")
        target = parts[1] if len(parts) == 3 else b"/"
        upgrade = b"\r\nupgrade: websocket" in b"\r\n" + rest.lower()
        if not upgrade:
            head = line + b"\r\n" + _connection_close(rest)
        for upstream in self.order(room_of(target)):
            try:
                up_reader, up_writer = await asyncio.wait_for(asyncio.open_connection(*upstream), CONNECT_S)
            except (OSError, asyncio.TimeoutError):
                self.down_until[upstream] = time.monotonic() + DOWN_S
                continue
            self.down_until.pop(upstream, None)
            up_writer.write(head)
            await _relay(reader, writer, up_reader, up_writer)
            return
        writer.write(b"HTTP/1.1 502 Bad Gateway\r\ncontent-type: application/json\r\nconnection: close\r\n"
                     b"content-length: 72\r\n\r\n"
                     b'{"code":"no_server","message":"no game server answers; try again soon"}\n')
        await _drain_close(writer)


def _connection_close(headers: bytes) -> bytes:
    kept = [h for h in headers.split(b"\r\n") if h and not h.lower().startswith((b"connection:", b"keep-alive:"))]
    return b"\r\n".join([*kept, b"Connection: close"]) + b"\r\n\r\n"


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while chunk := await reader.read(65536):
            writer.write(chunk)
            await writer.drain()
    except (ConnectionError, OSError):
        pass


async def _relay(reader, writer, up_reader, up_writer) -> None:
    """Bytes both ways until either side closes; then both are closed."""
    tasks = [asyncio.create_task(_pipe(reader, up_writer)), asyncio.create_task(_pipe(up_reader, writer))]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await _drain_close(up_writer)
        await _drain_close(writer)


async def _drain_close(writer: asyncio.StreamWriter) -> None:
    try:
        await writer.drain()
        writer.close()
        await writer.wait_closed()
    except (ConnectionError, OSError):
        pass


def parse_upstream(text: str) -> tuple[str, int]:
    host, _, port = text.removeprefix("http://").rstrip("/").rpartition(":")
    return host or "127.0.0.1", int(port)


async def serve(host: str, port: int, upstreams: list[tuple[str, int]]) -> None:
    proxy = await Proxy(upstreams).start(host, port)
    log.info("proxy on %s:%s for %s", host, port, ", ".join(f"{h}:{p}" for h, p in upstreams))
    async with proxy.server:
        await proxy.server.serve_forever()
