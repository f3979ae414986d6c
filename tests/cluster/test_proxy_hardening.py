"""The proxy in front of stand-in upstreams that record every byte they get: it routes on the room
code the server will read, forwards exactly one request per connection, says itself who the client
is, and closes slow, silent or oversized requests with an answer instead of holding them open."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time

from dorhami.proxy import MAX_HEAD, Proxy, rendezvous

OK = b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok"
SWITCHED = (
    b"HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: Upgrade\r\nsec-websocket-accept: x\r\n\r\n"
)
CODE = "ABCdefGHIjklMNOp"  # 16 characters of [A-Za-z0-9_-], as secrets.token_urlsafe(12) makes
REQUEST_LINE = re.compile(rb"(?m)^[A-Z]+ \S+ HTTP/1\.[01]\r$")
SOCKET_HEAD = (
    b"Host: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZQ==\r\n"
    b"Sec-WebSocket-Version: 13\r\n\r\n"
)


class Upstream:
    """A stand-in for `dorhami serve`: records each connection's bytes, answers `answer` once a head came."""

    def __init__(self, answer: bytes | None = OK, delay_s: float = 0.0, echo: bool = False) -> None:
        self.answer, self.delay_s, self.echo = answer, delay_s, echo
        self.connections: list[bytearray] = []
        self.writers: list[asyncio.StreamWriter] = []

    async def start(self) -> Upstream:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return self

    @property
    def address(self) -> tuple[str, int]:
        return "127.0.0.1", self.server.sockets[0].getsockname()[1]

    def requests(self) -> int:
        return sum(len(REQUEST_LINE.findall(got)) for got in self.connections)

    async def close(self) -> None:
        self.server.close()
        for writer in self.writers:
            writer.close()
        await self.server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        got = bytearray()
        self.connections.append(got)
        self.writers.append(writer)
        try:
            while not whole_request(got) and (chunk := await reader.read(65536)):
                got += chunk
            await asyncio.sleep(self.delay_s)
            if self.answer is not None:
                writer.write(self.answer)
                if not self.echo:
                    writer.write_eof()  # the answer is over: as a server told `Connection: close`
            # Everything else the proxy sends is recorded too, until it closes.
            while chunk := await reader.read(65536):
                got += chunk
                if self.echo:
                    writer.write(chunk)
        except ConnectionError:
            pass
        finally:
            writer.close()


def whole_request(got: bytearray) -> bool:
    """Whether `got` holds a head and as much body as its Content-Length says, as a server waits for."""
    head, found, body = bytes(got).partition(b"\r\n\r\n")
    length = re.search(rb"(?i)\r\ncontent-length: *([0-9]+)", head)
    return bool(found) and len(body) >= (int(length[1]) if length else 0)


@contextlib.asynccontextmanager
async def proxied(*upstreams: Upstream, **timeouts: float):
    """A proxy on an ephemeral port in front of `upstreams`, closed afterwards with them."""
    for upstream in upstreams:
        await upstream.start()
    proxy = await Proxy([u.address for u in upstreams], **timeouts).start("127.0.0.1", 0)
    try:
        yield proxy
    finally:
        await proxy.close()
        for upstream in upstreams:
            await upstream.close()


async def exchange(port: int, *sends: bytes, gap_s: float = 0.0, limit_s: float = 2.0) -> bytes:
    """What the proxy answers to `sends` (written `gap_s` apart) until it closes the connection."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        for i, data in enumerate(sends):
            if i:
                await asyncio.sleep(gap_s)
            writer.write(data)
        return await asyncio.wait_for(reader.read(-1), limit_s)
    finally:
        writer.close()
        with contextlib.suppress(ConnectionError):
            await writer.wait_closed()


def status(answer: bytes) -> int | None:
    return int(answer.split(b" ", 2)[1]) if answer else None  # None: closed without a word


def error_code(answer: bytes) -> str:
    return json.loads(answer.partition(b"\r\n\r\n")[2])["code"]


# -- routing on the code the server reads -------------------------------------------------------


def test_a_percent_encoded_room_code_goes_to_the_process_that_owns_the_room():
    async def scenario():
        upstreams = [Upstream(), Upstream(), Upstream()]
        async with proxied(*upstreams) as proxy:
            owner = rendezvous(CODE.encode(), [u.address for u in upstreams])[0]
            targets = [
                f"/api/rooms/%41{CODE[1:]}/state",
                f"/api/rooms/{CODE[:-1]}%70/state",
                f"/api/rooms/{CODE}%2Fstate",
                f"/api/rooms/%{ord(CODE[0]):x}{CODE[1:]}?x=%2F",
            ]
            for target in targets * 2:
                answer = await exchange(proxy.port, f"GET {target} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
                assert status(answer) == 200
            await exchange(proxy.port, f"GET /ws/rooms/%41{CODE[1:]} HTTP/1.1\r\n".encode() + SOCKET_HEAD)
            return {u.address: u.requests() for u in upstreams}, owner

    served, owner = asyncio.run(scenario())
    assert served[owner] == 9, served


def test_a_decoded_segment_that_is_no_room_code_names_no_room():
    async def scenario():
        upstreams = [Upstream(), Upstream()]
        async with proxied(*upstreams) as proxy:
            for _ in range(4):  # "%3F" decodes to "?": the server reads a code with a "?" in it, no room
                await exchange(proxy.port, f"GET /api/rooms/{CODE}%3Fa/state HTTP/1.1\r\n\r\n".encode())
            return [u.requests() for u in upstreams]

    assert asyncio.run(scenario()) == [2, 2], "spread like the lobby's requests"


# -- one request per connection -----------------------------------------------------------------


def test_a_request_pipelined_after_a_fake_upgrade_header_never_reaches_an_upstream():
    smuggled = (
        b"POST /api/rooms/" + CODE.encode() + b"/join HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
        b"Connection: Upgrade\r\nContent-Length: 2\r\n\r\n{}"
        b"GET /api/rooms/OTHERotherOTHER1/state HTTP/1.1\r\nHost: x\r\n\r\n"
    )

    async def scenario():
        upstream = Upstream()
        async with proxied(upstream) as proxy:
            answer = await exchange(proxy.port, smuggled)
        return answer, upstream

    answer, upstream = asyncio.run(scenario())
    assert status(answer) == 200
    assert upstream.requests() == 1, bytes(upstream.connections[0])
    got = bytes(upstream.connections[0])
    assert got.endswith(b"\r\n\r\n{}") and b"upgrade" not in got.lower().replace(b"connection: close", b"")


def test_pipelined_plain_requests_reach_the_upstream_as_one():
    async def scenario():
        upstream = Upstream()
        async with proxied(upstream) as proxy:
            await exchange(
                proxy.port,
                b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n"
                b"GET /api/rooms/" + CODE.encode() + b"/state HTTP/1.1\r\nHost: x\r\n\r\n",
            )
        return upstream.requests()

    assert asyncio.run(scenario()) == 1


def test_bytes_after_an_upgrade_head_are_refused_before_any_upstream_hears_of_it():
    async def scenario():
        upstream = Upstream(SWITCHED, echo=True)
        async with proxied(upstream) as proxy:
            answer = await exchange(
                proxy.port,
                b"GET /ws/rooms/"
                + CODE.encode()
                + b" HTTP/1.1\r\n"
                + SOCKET_HEAD
                + b"GET /api/rooms/OTHERotherOTHER1/state HTTP/1.1\r\n\r\n",
            )
        return answer, upstream.requests()

    answer, requests = asyncio.run(scenario())
    assert status(answer) == 400 and requests == 0


def test_bytes_sent_before_the_101_arrives_never_reach_the_upstream():
    async def scenario():
        upstream = Upstream(SWITCHED, delay_s=0.4, echo=True)
        async with proxied(upstream) as proxy:
            answer = await exchange(
                proxy.port,
                b"GET /ws/rooms/" + CODE.encode() + b" HTTP/1.1\r\n" + SOCKET_HEAD,
                b"GET /api/rooms/OTHERotherOTHER1/state HTTP/1.1\r\n\r\n",
                gap_s=0.1,
            )
        return answer, upstream

    answer, upstream = asyncio.run(scenario())
    assert status(answer) == 400
    assert upstream.requests() == 1 and b"OTHER" not in bytes(upstream.connections[0])


def test_a_socket_the_upstream_accepts_is_relayed_both_ways():
    async def scenario():
        upstream = Upstream(SWITCHED, echo=True)
        async with proxied(upstream) as proxy:
            reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
            writer.write(b"GET /ws/rooms/" + CODE.encode() + b"?token=t HTTP/1.1\r\n" + SOCKET_HEAD)
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 2)
            writer.write(b"frame bytes")
            echoed = await asyncio.wait_for(reader.readexactly(11), 2)
            writer.close()
            await writer.wait_closed()
        return head, echoed, bytes(upstream.connections[0])

    head, echoed, got = asyncio.run(scenario())
    assert status(head) == 101 and echoed == b"frame bytes"
    assert got.endswith(b"\r\n\r\nframe bytes") and b"\r\nupgrade: websocket\r\n" in got.lower()


def test_an_upgrade_the_upstream_refuses_is_answered_and_closed():
    refused = b"HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n"

    async def scenario():
        upstream = Upstream(refused)
        async with proxied(upstream) as proxy:
            return await exchange(proxy.port, b"GET /ws/rooms/" + CODE.encode() + b" HTTP/1.1\r\n" + SOCKET_HEAD)

    assert asyncio.run(scenario()) == refused


def test_bodies_framed_two_ways_or_chunked_are_refused_before_any_upstream():
    heads = {
        b"Content-Length: 2\r\nTransfer-Encoding: chunked\r\n": 400,
        b"Transfer-Encoding: chunked\r\n": 411,
        b"Content-Length: 2\r\nContent-Length: 2\r\n": 400,
        b"Content-Length: +2\r\n": 400,
        b"Content-Length : 2\r\n": 400,
        b"X-A: 1\r\n Content-Length: 2\r\n": 400,
    }  # a folded line

    async def scenario():
        upstream = Upstream()
        async with proxied(upstream) as proxy:
            answers = [
                await exchange(
                    proxy.port, b"POST /api/rooms HTTP/1.1\r\nHost: x\r\n" + fields + b"\r\n2\r\n{}\r\n0\r\n\r\n"
                )
                for fields in heads
            ]
        return answers, upstream.requests()

    answers, requests = asyncio.run(scenario())
    assert [status(a) for a in answers] == list(heads.values())
    assert requests == 0


# -- who the client is ----------------------------------------------------------------------------


def test_the_proxy_alone_says_who_the_client_is():
    async def scenario():
        upstream = Upstream()
        async with proxied(upstream) as proxy:
            await exchange(
                proxy.port,
                b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 6.6.6.6\r\n"
                b"x-forwarded-proto: https\r\nX-Real-IP: 6.6.6.6\r\n"
                b"Forwarded: for=6.6.6.6\r\nX-Forwarded-For: 7.7.7.7\r\n\r\n",
            )
        return bytes(upstream.connections[0]).lower()

    got = asyncio.run(scenario())
    assert re.findall(rb"\r\nx-forwarded-for: ([^\r]*)", got) == [b"127.0.0.1"]
    assert re.findall(rb"\r\nx-forwarded-proto: ([^\r]*)", got) == [b"http"]
    assert b"x-real-ip" not in got and b"\r\nforwarded:" not in got and b"6.6.6.6" not in got


def test_the_proxy_alone_says_which_room_it_routed_by():
    """X-Dorhami-Room tells a process which room a request was sent to it for (hub/ownership.py
    asks for a table only then): the decoded code for a room's path, nothing otherwise, and never
    what a client wrote."""

    async def scenario(target: bytes) -> bytes:
        upstream = Upstream()
        async with proxied(upstream) as proxy:
            await exchange(proxy.port, b"GET " + target + b" HTTP/1.1\r\nHost: x\r\nX-Dorhami-Room: victimroom\r\n\r\n")
        return bytes(upstream.connections[0]).lower()

    for target, room in ((b"/api/rooms/%41bc/state", [b"abc"]), (b"/api/games", [])):
        got = asyncio.run(scenario(target))
        assert re.findall(rb"\r\nx-dorhami-room: ([^\r]*)", got) == room and b"victimroom" not in got


# -- slow, silent and oversized requests ----------------------------------------------------------


def test_a_head_whose_body_never_comes_opens_no_upstream_connection():
    async def scenario():
        upstream = Upstream()
        async with proxied(upstream) as proxy:
            reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
            writer.write(b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n{}")
            await asyncio.sleep(0.3)
            connections = len(upstream.connections)
            writer.close()
            await writer.wait_closed()
        return connections

    assert asyncio.run(scenario()) == 0


def test_a_body_that_does_not_arrive_in_time_is_answered_408_and_closed():
    async def scenario():
        upstream = Upstream()
        async with proxied(upstream, body_timeout_s=0.3) as proxy:
            started = time.monotonic()
            answer = await exchange(proxy.port, b"POST /api/rooms HTTP/1.1\r\nContent-Length: 10\r\n\r\n{}")
            return answer, time.monotonic() - started, upstream.requests()

    answer, took, requests = asyncio.run(scenario())
    assert status(answer) == 408 and error_code(answer) == "body_timeout"
    assert 0.25 < took < 1.0 and requests == 0


def test_a_partial_head_that_does_not_finish_in_time_is_answered_408():
    async def scenario():
        async with proxied(Upstream(), head_timeout_s=0.3) as proxy:
            partial = await exchange(proxy.port, b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
            silent = await exchange(proxy.port)
        return partial, silent

    partial, silent = asyncio.run(scenario())
    assert status(partial) == 408 and error_code(partial) == "head_timeout"
    assert silent == b"", "a connection that never said a word is closed without a word"


def test_many_heads_without_bodies_all_close_after_the_body_timeout():
    """The audit's attack at a small scale: 200 heads announcing a body that never comes."""

    async def scenario():
        upstream = Upstream()
        async with proxied(upstream, body_timeout_s=0.5) as proxy:
            clients = [await asyncio.open_connection("127.0.0.1", proxy.port) for _ in range(200)]
            for _, writer in clients:
                writer.write(b"POST /api/rooms HTTP/1.1\r\nContent-Length: 100\r\n\r\n")
            answers = await asyncio.gather(*(asyncio.wait_for(r.read(-1), 2) for r, _ in clients))
            still_open = len(proxy.open)
            for _, writer in clients:
                writer.close()
        return answers, still_open, len(upstream.connections)

    answers, still_open, upstream_connections = asyncio.run(scenario())
    assert {status(a) for a in answers} == {408}
    assert still_open == 0 and upstream_connections == 0


def test_an_upstream_that_stalls_is_answered_504():
    async def scenario():
        upstream = Upstream(answer=None)
        async with proxied(upstream, response_idle_s=0.3) as proxy:
            return await exchange(proxy.port, b"GET /api/games HTTP/1.1\r\n\r\n")

    answer = asyncio.run(scenario())
    assert status(answer) == 504 and error_code(answer) == "upstream_timeout"


def test_a_silent_socket_is_closed_after_the_idle_time_and_a_busy_one_is_not():
    async def opened(port: int):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET /ws/rooms/" + CODE.encode() + b" HTTP/1.1\r\n" + SOCKET_HEAD)
        await reader.readuntil(b"\r\n\r\n")
        return reader, writer

    async def scenario():
        async with proxied(Upstream(SWITCHED, echo=True), socket_idle_s=0.4) as proxy:
            silent, busy = await opened(proxy.port), await opened(proxy.port)
            started = time.monotonic()
            for _ in range(8):  # 0.8 s of a byte each 0.1 s
                busy[1].write(b".")
                await asyncio.wait_for(busy[0].readexactly(1), 1)
                await asyncio.sleep(0.1)
            silent_end = await asyncio.wait_for(silent[0].read(-1), 1)
            silent_took = time.monotonic() - started
            busy[1].write(b"!")
            busy_alive = await asyncio.wait_for(busy[0].readexactly(1), 1)
            for _, writer in (silent, busy):
                writer.close()
        return silent_end, silent_took, busy_alive

    silent_end, silent_took, busy_alive = asyncio.run(scenario())
    assert silent_end == b"" and silent_took < 1.0
    assert busy_alive == b"!"


def test_an_oversized_head_is_answered_431_with_a_json_error():
    async def scenario():
        upstream = Upstream()
        async with proxied(upstream) as proxy:
            answer = await exchange(proxy.port, b"GET /api/games HTTP/1.1\r\nX-Big: " + b"a" * MAX_HEAD + b"\r\n\r\n")
        return answer, upstream.requests()

    answer, requests = asyncio.run(scenario())
    assert status(answer) == 431 and b"\r\nconnection: close\r\n" in answer
    assert error_code(answer) == "header_too_large" and requests == 0


def test_an_ordinary_request_and_its_body_pass_through_unchanged():
    async def scenario():
        upstream = Upstream()
        async with proxied(upstream) as proxy:
            answer = await exchange(
                proxy.port,
                b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 13\r\n\r\n",
                b'{"game":"x"}\n',
                gap_s=0.05,
            )
        return answer, bytes(upstream.connections[0])

    answer, got = asyncio.run(scenario())
    assert answer == OK
    assert got.startswith(b"POST /api/rooms HTTP/1.1\r\n") and got.endswith(b"\r\n\r\n" + b'{"game":"x"}\n')
    assert {b"host: x", b"content-type: application/json", b"content-length: 13", b"connection: close"} <= set(
        got.lower().split(b"\r\n")
    )
