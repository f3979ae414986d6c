"""A minimal RFC 6455 WebSocket client for the generator's hot path.

Why not the `websockets` client: at ~5,000 actions/s a generator receives ~35,000 frames a
second, and a full-featured client's per-frame machinery would then use more of the generator's
core than the server it measures. This one hands each text frame's raw payload (bytes) and its
arrival time straight to a callback. It offers no extensions (so no permessage-deflate, as
Dorhami will be configured) and expects the server's small messages in single frames (a
fragmented frame is a protocol error here). The idle-socket figure uses the real `websockets`
client instead, because there the point is to offer deflate as a browser does.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import os
import random
import time
from collections.abc import Callable

from websockets.speedups import apply_mask  # C masking: a Python loop would cost ~1 µs per byte

_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
OP_TEXT, OP_CLOSE, OP_PING, OP_PONG = 0x1, 0x8, 0x9, 0xA


class ProtocolError(Exception):
    pass


class Socket(asyncio.Protocol):
    """One client connection. `on_text(payload, arrived)` gets every text frame; `on_close(sock)`
    runs once when the connection ends (`close_code`: the server's close code, None without one;
    `closing`: this side asked to close first)."""

    def __init__(self, on_text: Callable[[bytes, float], None], on_close: Callable[[Socket], None]) -> None:
        self.on_text, self.on_close = on_text, on_close
        self.transport: asyncio.Transport | None = None
        self.opened: asyncio.Future = asyncio.get_running_loop().create_future()
        self.open = False
        self.closing = False
        self._buffer = b""
        self._key = b""
        self._request = b""
        self.close_code: int | None = None

    def upgrade(self, host: str, port: int, path: str) -> None:
        """The handshake this socket sends once connected, with a fresh key to check the answer by."""
        self._key = base64.b64encode(os.urandom(16))
        self._request = (
            (
                f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: "
            ).encode()
            + self._key
            + b"\r\n\r\n"
        )

    @classmethod
    async def connect(cls, host: str, port: int, path: str, on_text, on_close, timeout: float = 10) -> Socket:
        sock = cls(on_text, on_close)
        sock.upgrade(host, port, path)
        loop = asyncio.get_running_loop()
        await asyncio.wait_for(loop.create_connection(lambda: sock, host, port), timeout)
        await asyncio.wait_for(sock.opened, timeout)
        return sock

    # -- asyncio.Protocol -----------------------------------------------------------------

    def connection_made(self, transport: asyncio.Transport) -> None:
        self.transport = transport
        transport.write(self._request)

    def data_received(self, data: bytes) -> None:
        # One clock read per read(2): frames that arrived together share an arrival time.
        arrived = time.monotonic()
        if self._buffer:
            data = self._buffer + data
        if not self.open:
            end = data.find(b"\r\n\r\n")
            if end < 0:
                self._buffer = data
                return
            if not self._handshake(data[:end]):
                return
            data = data[end + 4 :]
        try:
            self._buffer = self._frames(data, arrived)
        except ProtocolError as exc:
            self._fail(str(exc))

    def connection_lost(self, exc: Exception | None) -> None:
        self.open = False
        if not self.opened.done():
            self.opened.set_exception(ConnectionError(f"closed during the handshake: {exc}"))
        self.on_close(self)

    # -- frames ---------------------------------------------------------------------------

    def _handshake(self, head: bytes) -> bool:
        lines = head.decode("latin-1").split("\r\n")
        accept = base64.b64encode(hashlib.sha1(self._key + _GUID).digest()).decode()
        headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
        if not lines[0].startswith("HTTP/1.1 101") or headers.get("sec-websocket-accept") != accept:
            self._fail(f"handshake refused: {lines[0]}")
            return False
        self.open = True
        self.opened.set_result(None)
        return True

    def _frames(self, data: bytes, arrived: float) -> bytes:
        """Handle every complete frame in `data`; return the incomplete rest."""
        at, size = 0, len(data)
        while size - at >= 2:
            first, second = data[at], data[at + 1]
            length, head = second & 0x7F, 2
            if length == 126:
                if size - at < 4:
                    break
                length, head = int.from_bytes(data[at + 2 : at + 4], "big"), 4
            elif length == 127:
                if size - at < 10:
                    break
                length, head = int.from_bytes(data[at + 2 : at + 10], "big"), 10
            end = at + head + length
            if end > size:
                break
            if first & 0x80 == 0 or second & 0x80:
                raise ProtocolError("fragmented or masked frame from the server")
            payload, at = data[at + head : end], end
            opcode = first & 0x0F
            if opcode == OP_TEXT:
                self.on_text(payload, arrived)
            elif opcode == OP_PING:
                self._write(OP_PONG, payload)  # the server's keepalive
            elif opcode == OP_CLOSE:
                # The server closes: echo its code and drop the connection (`closing` stays False).
                self.close_code = int.from_bytes(payload[:2], "big") if len(payload) >= 2 else None
                self._write(OP_CLOSE, payload[:2])
                self.transport.close()
                return b""
            elif opcode != OP_PONG:
                raise ProtocolError(f"unexpected opcode {opcode}")
        return data[at:]

    def _write(self, opcode: int, payload: bytes) -> None:
        if self.transport is None or self.transport.is_closing():
            return
        mask = random.getrandbits(32).to_bytes(4, "big")
        length = len(payload)
        if length < 126:
            head = bytes((0x80 | opcode, 0x80 | length))
        elif length < 65536:
            head = bytes((0x80 | opcode, 0x80 | 126)) + length.to_bytes(2, "big")
        else:
            head = bytes((0x80 | opcode, 0x80 | 127)) + length.to_bytes(8, "big")
        self.transport.write(head + mask + apply_mask(payload, mask))

    def _fail(self, reason: str) -> None:
        if not self.opened.done():
            self.opened.set_exception(ConnectionError(reason))
        if self.transport:
            self.transport.abort()

    # -- API ------------------------------------------------------------------------------

    def send(self, text: bytes) -> None:
        """Send one text frame (UTF-8 bytes)."""
        self._write(OP_TEXT, text)

    def close(self) -> None:
        """Close from this side: send a close frame (1000) and drop the connection."""
        if self.closing:
            return
        self.closing = True
        self._write(OP_CLOSE, (1000).to_bytes(2, "big"))
        if self.transport:
            self.transport.close()
