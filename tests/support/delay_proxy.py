"""A TCP proxy that delays each direction of every connection, for links slower than loopback.

The kernel here has no netem, so a bench that needs a 150 ms player puts this in front of the
server: every chunk read from one side is written to the other `delay_ms ± jitter_ms` later
(uniform jitter from a seeded `random.Random`, never below zero), and never before the chunk
ahead of it in the same direction, so the byte stream arrives intact and in order. A WebSocket
through it sees a round trip of about 2 × `delay_ms`. Usage:

    async with DelayProxy(server_port, delay_ms=60, jitter_ms=5, seed=1) as proxy:
        socket = await connect("127.0.0.1", proxy.port, ...)

Each accepted connection gets its own upstream connection to the target; closing the proxy
closes both. Nothing is dropped or reordered, and a half-close (EOF) is passed on after the data
ahead of it. There is no flow control: the proxy reads whatever arrives and holds it until it is
due, which suits a bench's small messages, not bulk transfers over a slow link.
`lateness` counts how late chunks left beyond their due time (the event loop's own delay).
"""

from __future__ import annotations

import asyncio
import random
from collections import deque


class Lateness:
    """How late the proxy released its chunks beyond their due time: a busy core shows here."""

    def __init__(self) -> None:
        self.chunks = self.over_5_ms = self.over_20_ms = 0
        self.max_ms = 0.0

    def note(self, late_s: float) -> None:
        late_ms = 1000 * late_s
        self.chunks += 1
        self.over_5_ms += late_ms > 5
        self.over_20_ms += late_ms > 20
        self.max_ms = max(self.max_ms, late_ms)


_EOF, _CLOSE = object(), object()  # markers in a direction's queue: half-close, then end the pair


class _Direction:
    """The bytes going one way: each chunk is due `delay ± jitter` after it was read, and not
    before the chunk ahead of it (so jitter never reorders bytes)."""

    def __init__(self, link: _Link) -> None:
        self.link = link
        self.loop = asyncio.get_running_loop()
        self.queue: deque[tuple[float, object]] = deque()  # (due, bytes or a marker)
        self.sink: asyncio.Transport | None = None  # where the bytes go, once connected
        self.timer: asyncio.TimerHandle | None = None
        self.last_due = 0.0
        self.stopped = False

    def push(self, chunk: object) -> None:
        if self.stopped:
            return
        due = max(self.loop.time() + self.link.proxy.one_way_s(), self.last_due)
        self.last_due = due
        self.queue.append((due, chunk))
        self._arm()

    def connect(self, sink: asyncio.Transport) -> None:
        self.sink = sink
        self._arm()

    def stop(self) -> None:
        self.stopped = True
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self.queue.clear()

    def _arm(self) -> None:
        if self.queue and self.sink is not None and self.timer is None and not self.stopped:
            self.timer = self.loop.call_at(self.queue[0][0], self._release)

    def _release(self) -> None:
        """Write every chunk that is due (a timer may fire a little late, never early)."""
        self.timer = None
        now = self.loop.time()
        while self.queue and self.queue[0][0] <= now:
            due, chunk = self.queue.popleft()
            if chunk is _CLOSE:
                self.link.close()  # transport.close() still flushes what was written
                return
            if self.sink.is_closing():
                continue
            if chunk is _EOF:
                if self.sink.can_write_eof():
                    self.sink.write_eof()
            else:
                self.sink.write(chunk)
                self.link.proxy.lateness.note(now - due)
        self._arm()


class _End(asyncio.Protocol):
    """One socket of a proxied pair: what it reads goes into `outgoing`, delayed, to the other end."""

    def __init__(self, link: _Link, outgoing: _Direction) -> None:
        self.link, self.outgoing = link, outgoing
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.outgoing.push(data)

    def eof_received(self) -> bool:
        self.outgoing.push(_EOF)
        return True  # keep our writing half open: the other way may still carry bytes

    def connection_lost(self, exc: Exception | None) -> None:
        # The pair ends once the bytes this side sent before it went have been delivered.
        if self.outgoing.sink is None:
            self.link.close()
        else:
            self.outgoing.push(_CLOSE)


class _Link:
    """A client's connection and its own upstream connection to the target, one delay each way."""

    def __init__(self, proxy: DelayProxy) -> None:
        self.proxy = proxy
        self.up, self.down = _Direction(self), _Direction(self)  # client -> server, server -> client
        self.client, self.server = _End(self, self.up), _End(self, self.down)
        self.task: asyncio.Task | None = None
        self.closed = False

    async def open(self) -> None:
        """Connect upstream; the client's bytes wait in `up` until then (keeping their due times)."""
        loop = asyncio.get_running_loop()
        try:
            await loop.create_connection(lambda: self.server, self.proxy.target_host, self.proxy.target_port)
        except OSError:
            self.close()
            return
        if self.closed:
            self.server.transport.close()
            return
        self.up.connect(self.server.transport)
        self.down.connect(self.client.transport)

    def close(self) -> None:
        self.closed = True
        for direction in (self.up, self.down):
            direction.stop()
        for end in (self.client, self.server):
            if end.transport is not None and not end.transport.is_closing():
                end.transport.close()
        self.proxy.links.discard(self)


class DelayProxy:
    """Listen on a free loopback port (`port`) and forward every connection to `target_port`,
    each direction delayed by `delay_ms` ± `jitter_ms` (uniform, from `random.Random(seed)`,
    clamped at zero), bytes in order. Use it as `async with`; leaving closes every connection."""

    def __init__(
        self, target_port: int, delay_ms: float, jitter_ms: float = 0.0, seed: int = 0, target_host: str = "127.0.0.1"
    ) -> None:
        if delay_ms < 0 or jitter_ms < 0:
            raise ValueError(f"expected a delay and a jitter of at least 0 ms, but got {delay_ms} and {jitter_ms}")
        self.target_host, self.target_port = target_host, target_port
        self.delay_ms, self.jitter_ms = delay_ms, jitter_ms
        self.rng = random.Random(seed)
        self.port = 0
        self.links: set[_Link] = set()
        self.lateness = Lateness()
        self._server: asyncio.Server | None = None

    def one_way_s(self) -> float:
        """One chunk's delay (s): the setting plus uniform jitter, never negative."""
        jitter = self.rng.uniform(-self.jitter_ms, self.jitter_ms) if self.jitter_ms else 0.0
        return max(0.0, self.delay_ms + jitter) / 1000

    async def __aenter__(self) -> DelayProxy:
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(self._accept, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc_info) -> None:
        await self.close()

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for link in list(self.links):
            if link.task is not None:
                link.task.cancel()
            link.close()
        if self._server is not None:
            await self._server.wait_closed()
            self._server = None

    def _accept(self) -> _End:
        link = _Link(self)
        self.links.add(link)
        link.task = asyncio.get_running_loop().create_task(link.open())
        return link.client
