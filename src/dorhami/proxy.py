"""A small front proxy for several `dorhami serve` processes without nginx: `dorhami proxy`.

It does what deploy/nginx.conf does with `hash $room_key consistent`: every request and socket of
one room goes to the same process, chosen by rendezvous hashing of the room code over the
processes that answer, so a process that dies moves only its own rooms and one that comes back
gets them back. Requests of no room (the lobby, players, pages) go to any process. The tests and
the two-process benchmark run the cluster behind it (docs/SCALING.md).

One client connection carries exactly one request. The proxy parses the head strictly, reads the
body by its Content-Length, and sends the upstream a head rebuilt from what it understood (with
`Connection: close` and its own X-Forwarded-For), then that body, and nothing the client sent
after it: a second request can never ride along unrouted. Only a GET of a /ws/ path becomes a
websocket, and bytes flow both ways only once the upstream answered 101. Slow or silent clients
and stalled relays are closed after the timeouts given to `Proxy`.
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import json
import logging
import re
import time
from dataclasses import dataclass
from urllib.parse import unquote

log = logging.getLogger(__name__)

DOWN_S = 2.0  # a process that refused a connection is skipped this long
CONNECT_S = 2.0
CLOSE_S = 5.0  # to hand a closing peer what is left for it
MAX_HEAD = 16 * 1024
MAX_BODY = 1024 * 1024  # the server refuses far less (DORHAMI_MAX_BODY_BYTES); this bounds the proxy's memory

ROOM_CODE = re.compile(r"[A-Za-z0-9_-]{1,32}")  # as the hub reads codes (secrets.token_urlsafe)
ROOM_PATH = re.compile(r"/(?:api|ws)/rooms/([^/]*)")
TOKEN = rb"[!#$%&'*+.^_`|~0-9A-Za-z-]+"
REQUEST_LINE = re.compile(rb"(" + TOKEN + rb") (/[!-~]*) (HTTP/1\.[01])")
FIELD = re.compile(rb"(" + TOKEN + rb"):[ \t]*([\t\x20-\x7e\x80-\xff]*?)[ \t]*")
FORWARDING = {
    b"forwarded",
    b"x-forwarded-for",
    b"x-forwarded-proto",
    b"x-forwarded-host",
    b"x-forwarded-port",
    b"x-real-ip",
    b"x-dorhami-room",
}
HOP_BY_HOP = {
    b"connection",
    b"keep-alive",
    b"proxy-connection",
    b"te",
    b"trailer",
    b"transfer-encoding",
    b"upgrade",
    b"expect",
    b"content-length",
}  # content-length: put back as validated
REASONS = {
    400: "Bad Request",
    408: "Request Timeout",
    411: "Length Required",
    413: "Content Too Large",
    431: "Request Header Fields Too Large",
    502: "Bad Gateway",
    504: "Gateway Timeout",
}


class Refusal(Exception):
    """An answer the proxy gives itself, as the server's errors are: a status, a stable code, a sentence."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message

    def response(self) -> bytes:
        body = json.dumps({"code": self.code, "message": self.message}, separators=(",", ":")).encode() + b"\n"
        return (
            f"HTTP/1.1 {self.status} {REASONS[self.status]}\r\ncontent-type: application/json\r\n"
            f"connection: close\r\ncontent-length: {len(body)}\r\n\r\n"
        ).encode() + body


def no_server() -> Refusal:
    return Refusal(502, "no_server", "no game server answers; try again soon")


@dataclass(frozen=True)
class Head:
    """A request head as the proxy understood it; what goes upstream is rebuilt from this, never the raw bytes."""

    method: bytes
    target: bytes
    version: bytes
    fields: list[tuple[bytes, bytes]]  # (lower-case name, value), in the client's order

    def values(self, name: bytes) -> list[bytes]:
        return [value for field, value in self.fields if field == name]

    def has_token(self, name: bytes, token: bytes) -> bool:
        return any(token == t.strip().lower() for value in self.values(name) for t in value.split(b","))


def parse_head(raw: bytes) -> Head:
    """The request line and fields of `raw`, a head without its blank line; Refusal if anything is off."""
    line, *lines = raw.split(b"\r\n")
    request = REQUEST_LINE.fullmatch(line)
    # A fragment is no part of a request target, and parsers disagree on where it ends the path.
    if request is None or b"#" in request[2]:
        raise Refusal(400, "bad_request", "the request line is not `METHOD /path HTTP/1.1`")
    fields = []
    for text in lines:
        # Strict on purpose: folded lines, bare CR or LF and control bytes are read differently by other parsers.
        field = FIELD.fullmatch(text)
        if field is None:
            raise Refusal(400, "bad_request", f"a malformed header line: {text[:40]!r}")
        fields.append((field[1].lower(), field[2]))
    return Head(request[1], request[2], request[3], fields)


def body_length(head: Head) -> int:
    """Bytes of body `head` announces; Refusal for any framing two parsers could read differently."""
    lengths = head.values(b"content-length")
    if head.values(b"transfer-encoding"):
        # Chunked bodies are refused, not parsed: our clients send JSON of known length, and a
        # body framed two ways is how a second request is smuggled past the router.
        if lengths:
            raise Refusal(400, "bad_request", "Transfer-Encoding and Content-Length together")
        raise Refusal(411, "length_required", "a request body needs a Content-Length; chunked bodies are refused")
    if not lengths:
        return 0
    if len(lengths) > 1 or not re.fullmatch(rb"[0-9]{1,15}", lengths[0]):
        raise Refusal(400, "bad_request", "expected one Content-Length, a number")
    if int(lengths[0]) > MAX_BODY:
        raise Refusal(413, "too_large", f"a request body may be at most {MAX_BODY} bytes here")
    return int(lengths[0])


def path_of(target: bytes) -> str:
    """The path the server routes on: the target before `?`, percent-decoded as uvicorn decodes it."""
    return unquote(target.partition(b"?")[0].decode("ascii"))


def room_of(target: bytes) -> bytes | None:
    """The room code `target` names as the server will read it; None if it names no room."""
    found = ROOM_PATH.match(path_of(target))
    # A segment that is no room code is refused by every process alike: no room to route.
    if found is None or not ROOM_CODE.fullmatch(found[1]):
        return None
    return found[1].encode()


def wants_socket(head: Head, length: int) -> bool:
    """Whether the request may become a websocket: a GET of a /ws/ path, without a body, asking to."""
    return (
        head.method == b"GET"
        and path_of(head.target).startswith("/ws/")
        and length == 0
        and head.has_token(b"upgrade", b"websocket")
    )


def upstream_head(head: Head, peer: str, socket: bool) -> bytes:
    """The head sent upstream: the client's fields without hop-by-hop and forwarding ones, then the proxy's."""
    fields = [(name, value) for name, value in head.fields if name not in HOP_BY_HOP and name not in FORWARDING]
    # Only the proxy says who the client is: the server trusts these from the proxy's address alone.
    fields += [(b"X-Forwarded-For", peer.encode()), (b"X-Forwarded-Proto", b"http")]
    # The room this request was routed by: a process asks another for a table only on behalf of a
    # request sent to it for that very room (hub/ownership.py), never for one a client aimed there.
    room = room_of(head.target)
    fields += [(b"X-Dorhami-Room", room)] if room is not None else []
    fields += [(b"Content-Length", length) for length in head.values(b"content-length")]
    fields += [(b"Connection", b"Upgrade"), (b"Upgrade", b"websocket")] if socket else [(b"Connection", b"close")]
    lines = [b" ".join((head.method, head.target, head.version)), *(name + b": " + value for name, value in fields)]
    return b"\r\n".join(lines) + b"\r\n\r\n"


def rendezvous(key: bytes, upstreams: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """`upstreams` in the order they are tried for `key`: highest hash of (key, upstream) first."""

    def weight(upstream: tuple[str, int]) -> bytes:
        return hashlib.blake2b(key + b"|" + f"{upstream[0]}:{upstream[1]}".encode(), digest_size=8).digest()

    return sorted(upstreams, key=weight, reverse=True)


@dataclass(frozen=True)
class Request:
    """One client request, read whole: its head, its body, and whether it asks for a websocket."""

    head: Head
    body: bytes
    socket: bool


class Proxy:
    """The front proxy: one request (or one websocket) per client connection, sent to the process of its room."""

    def __init__(
        self,
        upstreams: list[tuple[str, int]],
        *,
        head_timeout_s: float = 30.0,
        body_timeout_s: float = 15.0,
        response_idle_s: float = 60.0,
        socket_idle_s: float = 120.0,
    ) -> None:
        self.upstreams = upstreams
        self.head_timeout_s = head_timeout_s  # to send the whole head, from the connection's start
        self.body_timeout_s = body_timeout_s  # to send the whole announced body, after the head
        self.response_idle_s = response_idle_s  # the longest an upstream's answer may stall
        self.socket_idle_s = socket_idle_s  # a websocket with no byte either way (the server pings every 20 s)
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
        except Refusal as refusal:
            writer.write(refusal.response())
        except (ConnectionError, OSError):
            pass  # the client left
        finally:
            await _drain_close(writer)
            self.open.pop(writer, None)

    async def _route(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        request = await self._request(reader, writer)
        if request is None:
            return  # the client left, or sent nothing at all
        up_reader, up_writer = await self._connect(room_of(request.head.target))
        try:
            peer = writer.get_extra_info("peername")[0]
            up_writer.write(upstream_head(request.head, peer, request.socket) + request.body)
            if request.socket:
                await self._socket(reader, writer, up_reader, up_writer)
            else:
                await self._answer(up_reader, writer)
        finally:
            await _drain_close(up_writer)

    async def _request(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> Request | None:
        """The client's one request, head and body, within their timeouts; None if it left before a byte."""
        read = await read_head(reader, self.head_timeout_s)
        if read is None:
            return None
        raw, early = read
        head = parse_head(raw)
        length = body_length(head)
        socket = wants_socket(head, length)
        if socket and early:
            raise Refusal(400, "bad_request", "a websocket client must wait for the handshake's answer")
        if length > len(early) and head.has_token(b"expect", b"100-continue"):
            writer.write(b"HTTP/1.1 100 Continue\r\n\r\n")  # the body is read here, before any upstream
        body = await read_body(reader, early, length, self.body_timeout_s)
        return Request(head, body, socket)

    async def _connect(self, room: bytes | None) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        """A connection to the first process in `room`'s order that takes one; Refusal (502) if none does."""
        for upstream in self.order(room):
            try:
                streams = await asyncio.wait_for(asyncio.open_connection(*upstream), CONNECT_S)
            except (TimeoutError, OSError):
                self.down_until[upstream] = time.monotonic() + DOWN_S
                continue
            self.down_until.pop(upstream, None)
            return streams
        raise no_server()

    async def _answer(self, up_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """The upstream's answer to the client until the upstream closes (it was told to) or stalls."""
        quiet = await _relay([(up_reader, writer)], self.response_idle_s)
        if quiet.expired and not quiet.moved:
            raise Refusal(504, "upstream_timeout", "the game server did not answer in time")

    async def _socket(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        up_reader: asyncio.StreamReader,
        up_writer: asyncio.StreamWriter,
    ) -> None:
        """A websocket relayed both ways once the upstream answers 101; any other answer goes back as it is."""
        answer = await self._handshake_answer(reader, up_reader)
        writer.write(answer)
        if answer.split(b" ", 2)[1:2] == [b"101"]:
            await _relay([(reader, up_writer), (up_reader, writer)], self.socket_idle_s)
        else:
            # uvicorn closes after refusing a handshake; the idle timeout ends it should one not.
            await _relay([(up_reader, writer)], self.response_idle_s)

    async def _handshake_answer(self, reader: asyncio.StreamReader, up_reader: asyncio.StreamReader) -> bytes:
        """The upstream's response head to an upgrade; Refusal if the client speaks first or the upstream stalls."""
        answer = asyncio.create_task(up_reader.readuntil(b"\r\n\r\n"))
        early = asyncio.create_task(reader.read(1))
        try:
            done, _ = await asyncio.wait(
                [answer, early], timeout=self.response_idle_s, return_when=asyncio.FIRST_COMPLETED
            )
        finally:
            for task in (answer, early):
                task.cancel()
            await asyncio.gather(answer, early, return_exceptions=True)
        # RFC 6455 §4.1: the client sends nothing until the 101; what it did send would reach the upstream.
        if early in done:
            raise Refusal(400, "bad_request", "a websocket client must wait for the handshake's answer")
        if answer not in done:
            raise Refusal(504, "upstream_timeout", "the game server did not answer in time")
        if answer.exception() is not None:
            raise no_server()
        return answer.result()


async def read_head(reader: asyncio.StreamReader, timeout_s: float) -> tuple[bytes, bytes] | None:
    """The head (without its blank line) and the bytes read after it; None if the client sent nothing."""
    buffer = bytearray()
    try:
        async with asyncio.timeout(timeout_s):
            while (end := buffer.find(b"\r\n\r\n")) < 0 and len(buffer) <= MAX_HEAD:
                chunk = await reader.read(MAX_HEAD + 4)
                if not chunk:
                    return None  # it left mid-head: nobody to answer
                buffer += chunk
    except TimeoutError:
        if buffer:
            raise Refusal(408, "head_timeout", f"the request head did not arrive within {timeout_s:g} s") from None
        return None
    if end < 0 or end > MAX_HEAD:
        raise Refusal(431, "header_too_large", f"a request head may be at most {MAX_HEAD} bytes")
    return bytes(buffer[:end]), bytes(buffer[end + 4 :])


async def read_body(reader: asyncio.StreamReader, early: bytes, length: int, timeout_s: float) -> bytes:
    """Exactly `length` bytes of body, `early` first; whatever the client sent after them is never read."""
    if len(early) >= length:
        return early[:length]
    try:
        async with asyncio.timeout(timeout_s):
            return early + await reader.readexactly(length - len(early))
    except TimeoutError:
        raise Refusal(408, "body_timeout", f"the request body did not arrive within {timeout_s:g} s") from None
    except asyncio.IncompleteReadError:
        raise Refusal(400, "bad_request", "the connection ended inside the request body") from None


class Quiet:
    """When bytes last moved through a relay, either way; `wait` returns once none have for `idle_s`."""

    def __init__(self, idle_s: float) -> None:
        self.idle_s = idle_s
        self.last = time.monotonic()
        self.moved = 0
        self.expired = False

    def note(self, count: int) -> None:
        self.last = time.monotonic()
        self.moved += count

    async def wait(self) -> None:
        while (left := self.last + self.idle_s - time.monotonic()) > 0:
            await asyncio.sleep(left)
        self.expired = True


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, quiet: Quiet) -> None:
    try:
        while chunk := await reader.read(65536):
            writer.write(chunk)
            await writer.drain()
            quiet.note(len(chunk))
    except (ConnectionError, OSError):
        pass


async def _relay(pipes: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]], idle_s: float) -> Quiet:
    """Bytes along each (reader, writer) until one reader ends or nothing moves for `idle_s`."""
    quiet = Quiet(idle_s)
    tasks = [asyncio.create_task(_pipe(reader, writer, quiet)) for reader, writer in pipes]
    tasks.append(asyncio.create_task(quiet.wait()))
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return quiet


async def _drain_close(writer: asyncio.StreamWriter) -> None:
    """Sends what is buffered, then closes; a peer that will not read it is cut off after CLOSE_S."""
    try:
        async with asyncio.timeout(CLOSE_S):
            await writer.drain()
            writer.close()
            await writer.wait_closed()
    except (ConnectionError, OSError, TimeoutError):
        writer.transport.abort()


def parse_upstream(text: str) -> tuple[str, int]:
    host, _, port = text.removeprefix("http://").rstrip("/").rpartition(":")
    return host or "127.0.0.1", int(port)


async def serve(host: str, port: int, upstreams: list[tuple[str, int]], **timeouts: float) -> None:
    proxy = await Proxy(upstreams, **timeouts).start(host, port)
    log.info("proxy on %s:%s for %s", host, port, ", ".join(f"{h}:{p}" for h, p in upstreams))
    async with proxy.server:
        await proxy.server.serve_forever()
