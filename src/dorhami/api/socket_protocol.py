"""uvicorn's sans-I/O WebSocket protocol, with one addition: a synchronous frame writer.

A table sends each version's message to every socket of a seat class, and the same text frame
fits them all (a server's frames are not masked). Through ASGI each socket would still build
its own frame and pass four coroutine layers per send, which cost more than the write itself.
This protocol offers `scope["extensions"]["dorhami.write_frame"]`: write a frame that is already
serialised, now, if the socket can take it; the fan-out builds the frame once per seat class.
It also answers a text frame that is not UTF-8 as uvicorn does (close 1007), but with one short
log line instead of a traceback: a client could otherwise write a traceback into the server's log
with every frame, and its close at shutdown carries a reason. Everything else (handshake,
reading, pings, close) is uvicorn's own. Served by `dorhami serve`
(`cli.SOCKET_SETTINGS`); under any other ASGI server the socket uses the plain ASGI path.
"""

from __future__ import annotations

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


class FrameWritingProtocol(WebSocketsSansIOProtocol):
    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
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
