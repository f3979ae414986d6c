"""Fan-out: what a table sends, encoded once, written to each socket without ever blocking the table.

A change is seen by a handful of seat classes (each seat, and every spectator alike), however
many sockets watch it. Each class's message is built (view, legal actions, events) once per
version, and encoded at most once whole and once as a patch from the version before
(hub/patches.py); the same text goes to every socket of that class that takes it.
"""

from __future__ import annotations

import asyncio
import itertools
from collections import deque
from collections.abc import Callable, Coroutine, Iterable

import orjson
from websockets.frames import Frame, Opcode

from .claims import LagMeter
from .patches import diff

_CLOSE = object()
_socket_ids = itertools.count(1)


def encode(message: dict) -> str:
    """JSON text of an outbound message: orjson, several times faster than json; int keys (seat
    numbers, as in `presence`) become strings as json would make them."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


class Outbound:
    """One message, encoded once: its JSON text and, on first use, its WebSocket frame, which is
    the same bytes for every socket (a server does not mask its frames)."""

    __slots__ = ("text", "_frame")

    def __init__(self, text: str) -> None:
        self.text = text
        self._frame: bytes | None = None

    @property
    def frame(self) -> bytes:
        if self._frame is None:
            self._frame = Frame(Opcode.TEXT, self.text.encode()).serialize(mask=False, extensions=[])
        return self._frame


def outbound(message: dict | str | Outbound) -> Outbound:
    if isinstance(message, Outbound):
        return message
    return Outbound(message if isinstance(message, str) else encode(message))


class Subscriber:
    """One socket watching a table, written to without ever blocking the table.

    Attached to a socket (`attach`), a text is written at once, in the caller's turn of the loop,
    as `websockets.broadcast` does: a per-socket writer task would cost a task switch per frame,
    seven per action at a table of six. Only when the socket's transport is paused (the client
    reads too slowly) does a write wait; later texts queue behind it, up to `limit`, and a socket
    whose queue fills is closed rather than waited for. Not attached, texts only queue (`next`).

    A deque and one waiter rather than an asyncio.Queue: thousands of idle sockets each keep one,
    and a Queue's three deques and its Event cost more than the socket's own protocol state."""

    __slots__ = (
        "id",
        "player_id",
        "session_id",
        "limit",
        "items",
        "waiter",
        "closed_reason",
        "meter",
        "heard_ms",
        "probed_ms",
        "_write",
        "_shut",
        "_write_frame",
        "_busy",
        "patches",
        "holds",
    )

    def __init__(self, player_id: str | None, limit: int, session_id: str | None = None) -> None:
        self.id = next(_socket_ids)
        self.player_id = player_id
        self.session_id = session_id  # the session its hello signed in with: ending it closes the socket
        self.limit = limit
        self.items: deque = deque()
        self.waiter: asyncio.Future | None = None
        self.closed_reason: str | None = None
        # The socket's round trips (hub/claims.py LagMeter), for sockets a table probes.
        self.meter: LagMeter | None = None
        # When a frame last came from the socket and when the table last probed it, server ms; None:
        # nobody judges its silence (hub/audience.py `watch`).
        self.heard_ms: int | None = None
        self.probed_ms = 0
        self._write: Callable[[str], Coroutine] | None = None
        self._shut: Callable[[str], Coroutine] | None = None
        self._write_frame: Callable[[bytes], bool] | None = None
        self._busy: Coroutine | None = None  # a write waiting for the socket to drain
        # Whether the client takes patches after a first full state (its hello says), and the
        # (game id, version, seat) of the last state it was sent, which a patch must start from.
        self.patches = False
        self.holds: tuple[int, int, int | None] | None = None

    def attach(
        self,
        write: Callable[[str], Coroutine],
        shut: Callable[[str], Coroutine],
        write_frame: Callable[[bytes], bool] | None = None,
    ) -> None:
        """Write to a socket from now on: `write(text)` sends a frame, `shut(reason)` closes it;
        `write_frame(frame)`, where the server offers it, writes a ready frame now or says False."""
        self._write, self._shut, self._write_frame = write, shut, write_frame
        self._pump()

    def send(self, message: dict | str | Outbound) -> None:
        if self.closed_reason:
            return
        message = outbound(message)
        if self._write_frame is not None and self._busy is None and not self.items:
            if self._write_frame(message.frame):
                return
        if len(self.items) >= self.limit:
            self.close("too slow: the send queue is full")
            return
        self.items.append(message)
        if self._write is None:
            self._wake()
        elif self._busy is None:
            self._pump()

    def close(self, reason: str) -> None:
        if self.closed_reason:
            return
        self.closed_reason = reason
        self.items.clear()
        if self._busy is not None:
            self._busy.close()  # the frame it waited to write is dropped with the queue
            self._busy = None
        self.items.append(_CLOSE)
        if self._write is None:
            self._wake()
        else:
            self._pump()

    def _pump(self) -> None:
        """Write what is queued until a write has to wait."""
        while self._busy is None and self.items and self._write is not None:
            item = self.items.popleft()
            if item is _CLOSE:
                assert self._shut is not None  # attached with _write (`attach`)
                self._step(self._shut(self.closed_reason or "closing"))
            elif self._write_frame is None or not self._write_frame(item.frame):
                self._step(self._write(item.text))  # waits, in the socket's own way, until it can

    def _step(self, coro: Coroutine) -> None:
        """Run a write until it completes or waits; a waiting write resumes when what it awaits is done.

        This is what a Task does for a coroutine, without creating one: almost every write
        completes without waiting."""
        try:
            awaited = coro.send(None)
        except StopIteration:
            self._busy = None
            return
        except Exception:  # the socket has gone: nothing more can be written to it
            self._busy = None
            self.closed_reason = self.closed_reason or "disconnected"
            self.items.clear()
            return
        self._busy = coro
        if awaited is None:  # a bare yield: try again on the next turn of the loop
            asyncio.get_running_loop().call_soon(self._resume, coro)
        else:
            awaited._asyncio_future_blocking = False
            awaited.add_done_callback(lambda _: self._resume(coro))

    def _resume(self, coro: Coroutine) -> None:
        if self._busy is coro:
            self._step(coro)
            self._pump()

    def _wake(self) -> None:
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    def pending(self) -> int:
        """Messages queued and not yet sent."""
        return len(self.items)

    async def next(self) -> str | None:
        """Not attached: the next text, or None when the socket must be closed."""
        while not self.items:
            self.waiter = asyncio.get_running_loop().create_future()
            try:
                await self.waiter
            finally:
                self.waiter = None
        item = self.items.popleft()
        return None if item is _CLOSE else item.text


# The keys of a state message that are not its body: a patch carries its own.
ENVELOPE = frozenset(("type", "version", "events"))


class StateOut:
    """One seat class's state message at one version: the full text, and the patch from the
    version before it, each encoded at most once however many sockets take it."""

    __slots__ = ("message", "body", "holds", "full_size", "_base", "_full", "_patch")

    def __init__(self, message: dict, previous: StateOut | None) -> None:
        self.message = message
        self.body = {k: v for k, v in message.items() if k not in ENVELOPE}
        self.holds: tuple[int, int, int | None] = (message["game_id"], message["version"], message["seat"])
        # The full text's length: the class's last known one until this version's is encoded.
        self.full_size: int | None = previous.full_size if previous is not None else None
        follows = previous is not None and previous.holds[:2] == (self.holds[0], self.holds[1] - 1)
        self._base = previous.body if follows else None  # type: ignore[union-attr]  # follows: not None
        self._full: Outbound | None = None
        self._patch: Outbound | None | bool = False  # False: not computed yet; None: none fits

    def full(self) -> Outbound:
        if self._full is None:
            self._full = Outbound(encode(self.message))
            self.full_size = len(self._full.text)
        return self._full

    def patch(self) -> Outbound | None:
        """The patch from the version before, or None: no such version was built for this class,
        or the patch would be no shorter than the state itself."""
        if self._patch is False:
            self._patch = None
            if self._base is not None:
                _, version, _ = self.holds
                ops = diff(self._base, self.body)
                self._base = None  # the previous version is not needed again: let it go
                text = encode({"type": "patch", "version": version, "ops": ops, "events": self.message["events"]})
                # Well under the last full state's length, it is shorter than this one's too: only
                # a patch near that length costs the full encoding to compare.
                known = self.full_size
                if (known is not None and len(text) * 2 <= known) or len(text) < len(self.full().text):
                    self._patch = Outbound(text)
        return self._patch  # type: ignore[return-value]  # resolved above

    def send(self, sub: Subscriber) -> None:
        """The patch if `sub` takes patches and holds the version before; else the full state."""
        game_id, version, seat = self.holds
        out = self.patch() if sub.patches and sub.holds == (game_id, version - 1, seat) else None
        sub.holds = self.holds
        sub.send(out or self.full())


# seat (None: spectators) → the last state built for that seat class, which the next patch starts from
Shown = dict[int | None, StateOut]


def send_states(
    subscribers: Iterable[Subscriber],
    seats: dict[str, int],
    message_for: Callable[[int | None], dict],
    shown: Shown,
) -> int:
    """Send every subscriber its seat's state (`seats`: player id → seat; others watch), as a
    patch where it can take one; `shown` remembers each class's body for the next version.

    Returns how many messages were built, one per seat class that has a socket."""
    built: dict[int | None, StateOut] = {}
    for sub in list(subscribers):
        seat = seats.get(sub.player_id) if sub.player_id is not None else None
        out = built.get(seat)
        if out is None:
            out = built[seat] = shown[seat] = StateOut(message_for(seat), shown.get(seat))
        out.send(sub)
    return len(built)
