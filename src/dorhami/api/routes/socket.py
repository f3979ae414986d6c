"""The room socket: `hello`, then actions and pings; the table pushes room and state messages."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial
from typing import Any, Literal

import orjson
from pydantic import ValidationError
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket

from ...errors import ErrorCode
from ...hub import messages
from ...hub.actor import Retired
from ...hub.errors import HubError
from ...hub.fanout import Subscriber
from ...hub.hub import Hub
from ...hub.table import Table
from ...metrics import Metrics
from ...storage.player_sessions import SignedIn
from .. import socket_protocol
from ..deps import sign_in
from ..rate import Flood, TokenBucket

HELLO_TIMEOUT_S = 15
# Close codes in the 4000 range are ours: 4400 bad hello, 4401 bad token, 4403 a page of another
# site, 4404 no such room (or an expired one), 4409 too many sockets of one player in one room,
# 4429 flood.
CLOSE_BAD_HELLO, CLOSE_BAD_TOKEN, CLOSE_NO_ROOM, CLOSE_FLOOD = 4400, 4401, 4404, 4429
CLOSE_FOREIGN_ORIGIN, CLOSE_TOO_MANY = 4403, 4409
MAX_REASON_BYTES = 123
CLOSE_TRY_AGAIN = 1013  # the socket read too slowly, or the server is shutting down


async def room_socket(ws: WebSocket) -> None:
    """A plain Starlette endpoint: FastAPI's dependency machinery would keep two exit stacks
    alive for each of thousands of long-lived sockets, for one lookup of the hub."""
    code, hub = ws.path_params["code"], ws.app.state.hub
    await ws.accept()
    if not origin_allowed(ws, hub.settings.allowed_origins):
        # A page of another site must not play with the token its visitor's browser holds here.
        await ws.close(CLOSE_FOREIGN_ORIGIN, "sockets are open to this site's own pages only")
        return
    try:
        table = await hub.table(code)
    except HubError as exc:
        # A table moving between processes is a moment's wait: the client reconnects on 1013.
        await ws.close(CLOSE_TRY_AGAIN if exc.status == 503 else CLOSE_NO_ROOM, reason(exc.message))
        return
    hello = await _hello(ws, hub)
    if hello is False:
        return
    signed_in, full_states = hello
    player_id = signed_in.player.id if signed_in else None
    watchers = ws.app.state.anonymous_watchers
    address = ws.client.host if ws.client else "unknown"
    if player_id is None:
        # Like the REST limits per address, off for load generators (DORHAMI_RATE_LIMITS=off), which
        # make every socket from one address.
        if hub.settings.rate_limits and watchers[address] >= hub.settings.anonymous_sockets_per_address:
            await ws.close(CLOSE_TOO_MANY, "too many anonymous watchers from your address; choose a name to watch")
            return
        watchers[address] += 1
    try:
        await _play(ws, hub, code, table, player_id, signed_in.session_id if signed_in else None, full_states)
    finally:
        if player_id is None:
            watchers[address] -= 1
            if watchers[address] <= 0:
                del watchers[address]


async def _play(
    ws: WebSocket,
    hub: Hub,
    code: str,
    table: Table,
    player_id: str | None,
    session_id: str | None,
    full_states: bool,
) -> None:
    """From a good hello to the socket's end: subscribed to the table, reading what it sends."""
    sub = Subscriber(player_id, hub.settings.send_queue_limit, session_id)
    sub.patches = not full_states
    sub.attach(
        ws.send_text,
        lambda why: ws.close(CLOSE_TRY_AGAIN, reason(why)),
        ws.scope.get("extensions", {}).get(socket_protocol.EXTENSION),
    )
    try:
        table = await _subscribe(hub, code, table, sub)
    except HubError as exc:
        close_code = {404: CLOSE_NO_ROOM, 503: CLOSE_TRY_AGAIN}.get(exc.status, CLOSE_TOO_MANY)
        await ws.close(close_code, reason(exc.message))
        return
    table.probe(sub)
    table.watch(sub)  # a socket that goes silent counts as gone (hub/audience.py)
    try:
        await _read(ws, hub, table, sub)
    finally:
        try:
            await table.unsubscribe(sub)
        except Retired:
            pass  # the table left memory (its sockets with it): there is nothing to leave


async def _subscribe(hub: Hub, code: str, table: Table, sub: Subscriber) -> Table:
    """Join the table's sockets; the table may have left memory during the hello, then its new one."""
    try:
        await table.subscribe(sub)
    except Retired:
        table = await hub.table(code)
        await table.subscribe(sub)
    return table


def reason(text: str) -> str:
    """A close reason that fits its frame: a control frame holds 125 bytes, two of them the code."""
    return text.encode()[:MAX_REASON_BYTES].decode(errors="ignore")


def origin_allowed(ws: WebSocket, allowed: tuple[str, ...]) -> bool:
    """No Origin (a program, not a browser), the server's own origin, or one of `allowed`."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    own = ("https" if ws.url.scheme == "wss" else "http") + "://" + ws.headers.get("host", "")
    return origin.rstrip("/") in (own, *allowed)


async def _hello(ws: WebSocket, hub: Hub) -> tuple[SignedIn | None, bool] | Literal[False]:
    """Whose the hello's token is, and its session (None: a spectator), and whether it asks for full
    states; or False if the socket was closed."""
    try:
        frame = await asyncio.wait_for(ws.receive(), HELLO_TIMEOUT_S)
        if frame["type"] == "websocket.disconnect":
            return False  # gone before saying hello: nothing to answer, nothing to log
        hello = messages.Inbound.validate_json(frame.get("text") or "")
    except (TimeoutError, ValidationError, ValueError):
        await ws.close(CLOSE_BAD_HELLO, 'expected {"type":"hello","token":...} first')
        return False
    if not isinstance(hello, messages.Hello):
        await ws.close(CLOSE_BAD_HELLO, f"expected a hello first, but got {hello.type!r}")
        return False
    if hello.token is None:
        return None, hello.full_states
    try:
        signed_in = await sign_in(hub, hello.token)
    except HubError as exc:  # no such token, or its session was ended or expired
        await ws.close(CLOSE_BAD_TOKEN, reason(exc.message))
        return False
    return signed_in, hello.full_states


async def _read(ws: WebSocket, hub: Hub, table: Table, sub: Subscriber) -> None:
    answer = partial(_answer, sub, ws.app.state.metrics)
    bucket = TokenBucket(hub.settings.messages_per_second, hub.settings.message_burst)
    flood = Flood(hub.settings.message_burst * 5)
    while True:
        frame = await ws.receive()
        # Stamped on receipt: claims are ordered by this time, not by when they are processed.
        stamp = hub.clock.now_ms()
        if frame["type"] == "websocket.disconnect":
            return
        table.heard(sub, stamp)  # any frame is a sign of life, not only a pong
        if not bucket.take():
            if flood.refused():
                await ws.close(CLOSE_FLOOD, "too many messages")
                return
            answer(messages.error(ErrorCode.RATE_LIMITED, "too many messages; slow down"))
            continue
        text = frame.get("text")
        if text is None:
            answer(messages.error(ErrorCode.TEXT_ONLY, "send JSON text frames"))
            continue
        # The limit is in bytes: a character is up to 4 of them in UTF-8.
        limit = hub.settings.max_message_bytes
        if len(text) > limit // 4 and len(text.encode()) > limit:
            answer(messages.error(ErrorCode.TOO_LARGE, f"a message may be at most {limit} bytes"))
            continue
        try:
            message = messages.Inbound.validate_json(text)
        except ValidationError as exc:
            seq = _client_seq_of(text)
            answer(messages.error(ErrorCode.INVALID_MESSAGE, _first_error(exc), seq))
            continue
        await _handle(message, stamp, hub, table, sub, answer)


async def _handle(
    message: messages.InboundMessage,
    stamp: int,
    hub: Hub,
    table: Table,
    sub: Subscriber,
    answer: Callable[[dict[str, Any]], None],
) -> None:
    """One valid message of a greeted socket (`stamp`: when it arrived)."""
    if isinstance(message, messages.Ping):
        answer(messages.pong(message.client_time, hub.clock.now_ms()))
    elif isinstance(message, messages.Visibility):
        table.post(table.set_hidden, sub, message.hidden)
    elif isinstance(message, messages.Pong):
        if sub.meter is not None:
            sub.meter.answered(message.id, stamp)
    elif isinstance(message, messages.ActionMessage):
        try:
            reply = await table.offer(
                table.seat_of(sub.player_id), message.action, stamp, message.client_seq, sub.meter
            )
        except HubError as exc:
            reply = messages.error(exc.code, exc.message, message.client_seq)
        if isinstance(reply, asyncio.Future):
            # Held in a race window: answered when it closes, while this socket's next
            # messages (its pongs above all) are read on time.
            reply.add_done_callback(partial(_answer_later, answer, message.client_seq))
        else:
            answer(reply)
    elif isinstance(message, (messages.ChatMessage, messages.React)):
        kind, content = (
            ("text", message.text) if isinstance(message, messages.ChatMessage) else ("reaction", message.reaction)
        )
        try:
            # Everyone, the sender too, hears the line as a `chat` message; only refusals answer here.
            await table.send_chat(sub.player_id, kind, content)
        except HubError as exc:
            answer(messages.error(exc.code, exc.message))
    else:
        answer(messages.error(ErrorCode.ALREADY_GREETED, "hello is sent once, first"))


def _answer(sub: Subscriber, metrics: Metrics, message: dict[str, Any]) -> None:
    """Send `message` to the socket; a refusal is counted by its code (GET /metrics)."""
    if message.get("type") == "error":
        metrics.error(message["code"])
    sub.send(message)


def _answer_later(
    answer: Callable[[dict[str, Any]], None], client_seq: int | None, done: asyncio.Future[dict[str, Any]]
) -> None:
    exc = done.exception()
    if exc is None:
        answer(done.result())
    elif isinstance(exc, HubError):
        answer(messages.error(exc.code, exc.message, client_seq))
    else:
        answer(messages.error(ErrorCode.INVALID_ACTION, "that action could not be judged", client_seq))


def _client_seq_of(text: str) -> int | None:
    try:
        # orjson refuses nesting deeper than 1,024 with a ValueError; json would recurse until
        # RecursionError.
        seq = orjson.loads(text).get("client_seq")
    except (ValueError, AttributeError):
        return None
    # A JSON true or false is no number, though Python's bool is an int.
    return seq if isinstance(seq, int) and not isinstance(seq, bool) else None


def _first_error(exc: ValidationError) -> str:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ()))
    return f"{where}: {first.get('msg')}" if where else str(first.get("msg"))


route = WebSocketRoute("/ws/rooms/{code}", room_socket)
