"""The proxy's reading of a request head (dorhami/proxy.py), without sockets: the room it routes to is
the room the server reads, anything two parsers could read differently is refused, and the head it
sends upstream carries its own forwarding fields only."""

from __future__ import annotations

from urllib.parse import unquote

import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.routing import Match, Route, WebSocketRoute

from dorhami.hub.hub import ROOM_CODE
from dorhami.proxy import Refusal, body_length, parse_head, room_of, upstream_head, wants_socket

CODE = "ABCdefGHIjklMNOp"


@pytest.mark.parametrize(
    "target, room",
    [
        (f"/api/rooms/{CODE}/state", CODE),
        (f"/api/rooms/{CODE}", CODE),
        (f"/api/rooms/%41{CODE[1:]}/state", CODE),
        (f"/api/rooms/{CODE[:-1]}%70/state", CODE),  # lower-case hex too
        (f"/api/rooms/{CODE}%2Fstate", CODE),  # decoded, the slash ends the code
        (f"/ws/rooms/%41{CODE[1:]}", CODE),
        (f"/ws/rooms/{CODE}?token=%2Fx", CODE),
        (f"/api/rooms/{CODE}%3Fa=1/state", None),  # "%3F" is a "?" inside the code, not a query
        ("/api/rooms/AB%20C/state", None),
        ("/api/rooms/%C3%A9/state", None),
        ("/api/rooms/" + "A" * 33, None),
        ("/api/rooms/", None),
        ("/api/rooms", None),
        ("/api/games", None),
        (f"/api/players/{CODE}", None),
    ],
)
def test_the_room_is_the_code_the_server_reads_after_decoding(target, room):
    assert room_of(target.encode()) == (room.encode() if room else None)


SERVER_ROUTES = [
    Route("/api/rooms/{code}", lambda r: None),
    Route("/api/rooms/{code}/state", lambda r: None),
    WebSocketRoute("/ws/rooms/{code}", lambda s: None),
]


def code_the_server_reads(target: str) -> str | None:
    """The `code` path parameter Starlette hands the routes, for the path uvicorn makes of `target`."""
    path = unquote(target.partition("?")[0])
    for route in SERVER_ROUTES:
        kind = "websocket" if isinstance(route, WebSocketRoute) else "http"
        match, child = route.matches({"type": kind, "path": path, "root_path": "", "method": "GET"})
        if match is Match.FULL:
            return child["path_params"]["code"]
    return None


@given(
    st.lists(
        st.sampled_from(["A", "b", "_", "-", "%41", "%2F", "%2f", "/", "%3F", "?", "%25", "%", ".", "%2E"]), max_size=8
    ),
    st.sampled_from(["/api/rooms/", "/ws/rooms/"]),
    st.sampled_from(["", "/state"]),
)
def test_the_proxy_and_the_server_agree_on_the_room_of_any_target(pieces, prefix, suffix):
    target = prefix + "".join(pieces) + suffix
    read = code_the_server_reads(target)
    if read is not None:  # a code the hub refuses is no room, and may go to any process
        assert room_of(target.encode()) == (read.encode() if ROOM_CODE.fullmatch(read) else None)


def test_a_well_formed_head_is_read_with_names_in_lower_case_and_spaces_trimmed():
    head = parse_head(b"POST /api/rooms?x=1 HTTP/1.1\r\nHost:  x \r\nContent-Length:\t2\r\nX-Empty:")
    assert (head.method, head.target, head.version) == (b"POST", b"/api/rooms?x=1", b"HTTP/1.1")
    assert head.fields == [(b"host", b"x"), (b"content-length", b"2"), (b"x-empty", b"")]


@pytest.mark.parametrize(
    "raw",
    [
        b"GET /api/games HTTP/1.1\r\nHost: x\nX-Smuggled: 1",  # a bare LF
        b"GET /api/games HTTP/1.1\r\nHost: x\rX-Smuggled: 1",  # a bare CR
        b"GET /api/games HTTP/1.1\r\nHost: x\r\n X-Folded: 1",  # obs-fold
        b"GET /api/games HTTP/1.1\r\nHost : x",  # space before the colon
        b"GET /api/games HTTP/1.1\r\nHost: a\x00b",
        b"GET /api/games HTTP/1.1\r\n: x",
        b"GET http://other/api/rooms/ABC/state HTTP/1.1",  # absolute form
        b"GET * HTTP/1.1",
        b"GET /api/rooms/ABC#/state HTTP/1.1",
        b"GET /api/rooms/\xc3\xa9 HTTP/1.1",
        b"GET  /api/games HTTP/1.1",
        b"GET /api/games HTTP/2.0",
        b"GET /api/games",
        b"",
    ],
)
def test_a_head_other_parsers_could_read_differently_is_refused(raw):
    with pytest.raises(Refusal) as refused:
        parse_head(raw)
    assert refused.value.status == 400


@pytest.mark.parametrize(
    "fields, status",
    [
        (b"Transfer-Encoding: chunked", 411),
        (b"Content-Length: 2\r\nTransfer-Encoding: chunked", 400),
        (b"Transfer-Encoding: identity\r\nContent-Length: 2", 400),
        (b"Content-Length: 2\r\nContent-Length: 2", 400),
        (b"Content-Length: 2, 2", 400),
        (b"Content-Length: -1", 400),
        (b"Content-Length: 0x10", 400),
        (b"Content-Length: 1" + b"0" * 20, 400),
        (b"Content-Length: 2000000", 413),
    ],
)
def test_a_body_framed_any_way_but_one_content_length_is_refused(fields, status):
    with pytest.raises(Refusal) as refused:
        body_length(parse_head(b"POST /api/rooms HTTP/1.1\r\n" + fields))
    assert refused.value.status == status


def test_a_body_length_is_its_one_content_length_or_nothing():
    assert body_length(parse_head(b"POST /api/rooms HTTP/1.1\r\nContent-Length: 12")) == 12
    assert body_length(parse_head(b"GET /api/rooms HTTP/1.1\r\nHost: x")) == 0


@pytest.mark.parametrize(
    "raw, socket",
    [
        (b"GET /ws/rooms/ABC HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade", True),
        (b"GET /%77s/rooms/ABC HTTP/1.1\r\nUpgrade: WebSocket", True),  # the path the server reads
        (b"POST /ws/rooms/ABC HTTP/1.1\r\nUpgrade: websocket", False),
        (b"GET /api/rooms/ABC/state HTTP/1.1\r\nUpgrade: websocket", False),
        (b"GET /ws/rooms/ABC HTTP/1.1\r\nUpgrade: h2c", False),
        (b"GET /ws/rooms/ABC HTTP/1.1\r\nUpgrade: websocket\r\nContent-Length: 5", False),
    ],
)
def test_only_a_bodiless_get_of_a_socket_path_may_upgrade(raw, socket):
    head = parse_head(raw)
    assert wants_socket(head, body_length(head)) is socket


def test_the_upstream_hears_who_the_client_is_from_the_proxy_alone():
    head = parse_head(
        b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 6.6.6.6\r\nX-Real-IP: 6.6.6.6\r\n"
        b"Forwarded: for=6.6.6.6\r\nX-Forwarded-Proto: https\r\nX-Forwarded-Host: evil\r\n"
        b"Connection: keep-alive, X-Keep\r\nKeep-Alive: 5\r\nUpgrade: websocket\r\n"
        b"Expect: 100-continue\r\nContent-Length: 2"
    )
    assert upstream_head(head, "10.0.0.7", socket=False) == (
        b"POST /api/rooms HTTP/1.1\r\nhost: x\r\nX-Forwarded-For: 10.0.0.7\r\nX-Forwarded-Proto: http\r\n"
        b"Content-Length: 2\r\nConnection: close\r\n\r\n"
    )


def test_a_socket_head_goes_upstream_asking_to_upgrade():
    head = parse_head(
        b"GET /ws/rooms/ABC?token=t HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
        b"Connection: keep-alive, Upgrade\r\nSec-WebSocket-Key: k\r\nSec-WebSocket-Version: 13"
    )
    assert upstream_head(head, "::1", socket=True) == (
        b"GET /ws/rooms/ABC?token=t HTTP/1.1\r\nhost: x\r\nsec-websocket-key: k\r\nsec-websocket-version: 13\r\n"
        b"X-Forwarded-For: ::1\r\nX-Forwarded-Proto: http\r\nX-Dorhami-Room: ABC\r\nConnection: Upgrade\r\n"
        b"Upgrade: websocket\r\n\r\n"
    )
