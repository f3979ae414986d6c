"""uvicorn's sans-I/O WebSocket protocol, with one addition: a synchronous frame writer.

A table sends each version's message to every socket of a seat class, and the same text frame
fits them all (a server's frames are not masked). Through ASGI each socket would still build
its own frame and pass four coroutine layers per send, which cost more than the write itself.
This protocol offers `scope["extensions"]["dorhami.write_frame"]`: write a frame that is already
serialised, now, if the socket can take it; the fan-out builds the frame once per seat class.
It also answers a text frame that is not UTF-8 as uvicorn does (close 1007), but with one short
log line instead of a traceback: a client could otherwise write a traceback into the server's log
with every frame, and its close at shutdown carries a reason. Everything else (handshake,
reading, pings, close) is uvicorn's own, but lighter per socket: thousands of idle ones each keep
a protocol, so its inbound queue and its writable flag are a list and a flag with a waiter rather
than an asyncio.Queue and an asyncio.Event (five deques, 3 KiB), and the handshake's parsed headers
(3 KiB) are let go once answered. Served by `dorhami serve`
(`cli.SOCKET_SETTINGS`); under any other ASGI server the socket uses the plain ASGI path.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Request
from websockets.protocol import State

EXTENSION = "dorhami.write_frame"
# Said with close 1012 (service restart) when the server stops: the client reconnects, to this
# process once it is back, or to another one.
SHUTDOWN_REASON = "the server is restarting; reconnect"


def text_frame(data: bytes) -> bytes:
    """One unmasked, unfragmented text frame, as a server sends it."""
    return Frame(Opcode.TEXT, data).serialize(mask=False, extensions=[])


class _Waiters:
    """Futures of the coroutines waiting on a socket's state; the list exists only while one waits."""

    __slots__ = ("waiters",)

    def __init__(self) -> None:
        self.waiters: list[asyncio.Future[None]] | None = None

    def _wake(self) -> None:
        for waiter in self.waiters or ():
            if not waiter.done():
                waiter.set_result(None)

    def _waiter(self) -> asyncio.Future[None]:
        # Awaited by the caller itself, not in a coroutine of its own: an idle socket waits here
        # for its whole life, and each coroutine frame is kept as long. So `Inbox.get` and
        # `Writable.wait` each write out the same wait-and-forget loop: a done callback that forgot
        # the waiter instead measured +0.3 KiB per idle socket (hub_load --mode idle, 17.9 → 18.2).
        waiter = asyncio.get_running_loop().create_future()
        if self.waiters is None:
            self.waiters = []
        self.waiters.append(waiter)
        return waiter

    def _forget(self, waiter: asyncio.Future[None]) -> None:
        if self.waiters is not None:
            self.waiters.remove(waiter)
            if not self.waiters:
                self.waiters = None


class Inbox(_Waiters):
    """What the protocol puts for the app to `receive`: asyncio.Queue's `put_nowait`, `get`, `empty`
    and `qsize`, unbounded as uvicorn's is, in a list (the protocol stops reading while a message
    waits, so it seldom holds more than one)."""

    __slots__ = ("items",)

    def __init__(self) -> None:
        super().__init__()
        self.items: list[Any] = []

    def put_nowait(self, item: Any) -> None:
        self.items.append(item)
        self._wake()

    def empty(self) -> bool:
        return not self.items

    def qsize(self) -> int:
        return len(self.items)

    async def get(self) -> Any:
        # A getter cancelled once woken takes nothing: the item stays for the next one.
        while not self.items:
            waiter = self._waiter()
            try:
                await waiter
            finally:
                self._forget(waiter)
        return self.items.pop(0)


class Writable(_Waiters):
    """asyncio.Event's `is_set`, `set`, `clear` and `wait`: a write waits only while the client
    reads too slowly, and an Event would keep a deque for its waiters the socket's whole life."""

    __slots__ = ("value",)

    def __init__(self, value: bool = True) -> None:
        super().__init__()
        self.value = value

    def is_set(self) -> bool:
        return self.value

    def set(self) -> None:
        self.value = True
        self._wake()

    def clear(self) -> None:
        self.value = False

    async def wait(self) -> bool:
        while not self.value:
            waiter = self._waiter()
            try:
                await waiter
            finally:
                self._forget(waiter)
        return True


class FrameWritingProtocol(WebSocketsSansIOProtocol):
    def handle_connect(self, event: Request) -> None:
        # Before the parent's: it queues the connect event. The parent made an asyncio.Queue and
        # an Event in its __init__; nothing has waited on them yet, and only a pause may have
        # cleared the Event.
        self.queue = Inbox()  # type: ignore[assignment]  # the Queue methods uvicorn calls, and no more
        self.writable = Writable(self.writable.is_set())  # type: ignore[assignment]  # the Event methods it calls
        super().handle_connect(event)
        # The scope has copied the request's headers, and nothing reads the request again; but
        # websockets' parser keeps it (a local of its generator) for the socket's whole life.
        event.headers.clear()
        # The ASGI task has been created, not run: its scope can still gain the extension.
        scope = getattr(self, "scope", None)
        if scope is not None:
            scope["extensions"][EXTENSION] = self.write_frame

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        # The scope holds `self.write_frame`, which holds self, which holds the scope: a reference
        # cycle that kept every closed socket's protocol, scope, queue, events and handshake
        # (about 4 KiB) until a full collection, which a loaded server seldom runs (cli.py). The
        # socket is gone and nothing more can be written: let it be freed when its last user is.
        scope = getattr(self, "scope", None)
        if scope is not None:
            scope["extensions"].pop(EXTENSION, None)

    def write_frame(self, frame: bytes) -> bool:
        """Write `frame` now; False (nothing written) when the socket cannot take it at once:
        not open, closing, or its transport paused because the client reads too slowly."""
        if (
            self.close_sent
            or self.disconnected
            or not self.handshake_complete
            or not self.writable.is_set()
            or self.conn.state is not State.OPEN
        ):
            return False
        self.transport.write(frame)
        return True

    def shutdown(self) -> None:
        """uvicorn's, with a reason on the close frame, so that a client can tell a restart."""
        if not self.handshake_complete or self.close_sent:
            super().shutdown()
            return
        self.stop_keepalive()
        self.queue.put_nowait({"type": "websocket.disconnect", "code": 1012})
        self.conn.send_close(1012, SHUTDOWN_REASON)
        self.transport.write(b"".join(self.conn.data_to_send()))
        self.transport.close()

    def send_receive_event_to_app(self) -> None:
        if self.handshake_complete:
            # The handshake's answer was sent (or refused) before the client could send a frame:
            # nothing reads it again. Dropped here, at the first message (the hello), to override
            # no more of the parent than this class already does.
            self.response = None  # type: ignore[assignment]  # read only before the handshake completes
        if self.curr_msg_data_type == "text" and not self.close_sent:
            data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
            try:
                data.decode()
            except UnicodeDecodeError:
                self.frames = []
                self.logger.info("closed a WebSocket (1007): its text frame was not UTF-8")
                self.conn.send_close(1007)
                self.handle_parser_exception()
                return
        super().send_receive_event_to_app()
