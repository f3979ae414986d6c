"""Bounded input: request bodies are capped before they are read, socket frames are counted in bytes."""

from __future__ import annotations

import json
import socket as tcp
import time

import httpx
import pytest

from tests.support.live import ServerProcess

from .factories import seated_game
from .test_socket import hello, receive_until

PERSIAN = "ش"  # two bytes in UTF-8


def test_a_body_over_the_limit_is_refused_and_one_under_it_served(client):
    limit = client.app.state.hub.settings.max_body_bytes
    too_big = client.post("/api/players", json={"name": "x" * (limit + 1)})
    assert too_big.status_code == 413
    assert too_big.json()["code"] == "too_large" and str(limit) in too_big.json()["message"]
    assert client.post("/api/players", json={"name": "Sara"}).status_code == 201


def test_a_socket_message_is_measured_in_bytes_not_characters(client):
    room, host, _ = seated_game(client)
    ws, socket = hello(client, room, host)
    receive_until(socket, "state")
    limit = client.app.state.hub.settings.max_message_bytes

    def ping(pad_chars: int) -> str:
        return json.dumps({"type": "ping", "client_time": 1, "pad": PERSIAN * pad_chars}, ensure_ascii=False)

    fits = ping(limit // 3)
    assert len(fits.encode()) < limit
    socket.send_text(fits)
    assert receive_until(socket, "error")["code"] == "invalid_message", "read and judged (a ping has no pad)"
    over = ping(limit // 2 + 10)  # fewer characters than the limit, more bytes than it
    assert len(over) < limit < len(over.encode())
    socket.send_text(over)
    assert receive_until(socket, "error")["code"] == "too_large"
    ws.__exit__(None, None, None)


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


@pytest.mark.slow
@pytest.mark.parametrize("framing", ["declared", "chunked"])
def test_a_huge_body_is_answered_413_long_before_it_is_sent(database_url, framing):
    """250 MB announced (or streamed without a length): the server answers after the first chunks
    and holds none of it."""
    server = ServerProcess(database_url).start()
    try:
        before = rss_kib(server.process.pid)
        length = "Content-Length: 250000000" if framing == "declared" else "Transfer-Encoding: chunked"
        with tcp.create_connection(("127.0.0.1", server.port), timeout=10) as conn:
            conn.sendall(
                f"POST /api/players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n{length}\r\n\r\n".encode()
            )
            chunk = b"x" * 65536
            sent, answer = 0, b""
            conn.settimeout(0.05)
            deadline = time.monotonic() + 10
            while b"\r\n\r\n" not in answer and time.monotonic() < deadline:
                try:
                    conn.sendall(chunk if framing == "declared" else b"10000\r\n" + chunk + b"\r\n")
                    sent += len(chunk)
                except OSError:
                    pass  # the server may close its side once it has answered
                try:
                    answer += conn.recv(65536)
                except (TimeoutError, OSError):
                    pass
            conn.settimeout(2)
            while b"too_large" not in answer:
                try:
                    more = conn.recv(65536)
                except (TimeoutError, OSError):
                    break
                if not more:
                    break
                answer += more
        assert answer.startswith(b"HTTP/1.1 413") and b'"code":"too_large"' in answer, answer[:300]
        assert sent < 16 * 1024 * 1024, f"the answer came only after {sent} bytes"
        assert rss_kib(server.process.pid) - before < 8 * 1024, "the server kept what it was sent"
    finally:
        server.stop()


def read_all(conn, timeout_s: float) -> bytes:
    """What the server sends until it closes the connection (or `timeout_s` passes)."""
    conn.settimeout(timeout_s)
    answer = b""
    try:
        while more := conn.recv(65536):
            answer += more
    except (TimeoutError, OSError):
        pass
    return answer


@pytest.mark.slow
def test_a_head_whose_body_never_comes_is_answered_408_and_closed(database_url):
    """Without a time limit, 300 such heads held 300 connections (and their tasks) for ever."""
    server = ServerProcess(database_url, env={"DORHAMI_BODY_TIMEOUT_S": "1"}).start()
    try:
        started = time.monotonic()
        with tcp.create_connection(("127.0.0.1", server.port), timeout=10) as conn:
            conn.sendall(
                b"POST /api/players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b'Content-Length: 20\r\n\r\n{"na'
            )
            answer = read_all(conn, 8)
        waited = time.monotonic() - started
        assert answer.startswith(b"HTTP/1.1 408") and b'"code":"http_error"' not in answer, answer[:300]
        assert waited < 6, f"the connection stayed open {waited:.1f} s"
        # A body that comes in time is served as before.
        assert httpx.post(f"{server.url}/api/players", json={"name": "Sara"}).status_code == 201
    finally:
        server.stop()
