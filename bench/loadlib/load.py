"""The load: tables of Jekyll vs. Hyde played over real sockets, and what a measured interval saw.

Every table has two players and some spectators, each on its own socket. A player plays a
random legal action from its latest state message; the host asks for a rematch (REST) when a
game has a result. During a measured interval the sockets only append raw tuples (who, which
version, when); latencies are joined afterwards, so the per-message work stays one JSON parse.

After its first full `state` a Dorhami socket may get `patch` messages instead: ops against the
version it holds (the patch's `base`, or the version before when it names none). A player applies
them to its body (tests/support/patch_applier.py), since its next action needs the view's `step` and
legal actions; a spectator only follows the version (and a `game_id` op). A patch of version V
counts as that version's state in every figure.

Bytes on the wire: during the window every text frame a table's socket receives, and every action
frame a player sends, is counted (UTF-8 payload length, and with its frame header: 2 bytes below
126, 4 below 65,536, else 10; a client's frames also carry a 4-byte mask). A seat's message is
classed by the version it carries, or else the version the socket last held: "mover" when that
version came from this socket's own action (its ack says so), "other seat" when from the other
seat's, "seat, no action" when from no seat's (a new game's first state).
"""

from __future__ import annotations

import asyncio
import itertools
import math
import os
import random
import re
import time
from collections import Counter, deque

import httpx
import orjson
from websockets.asyncio.client import connect as ws_connect

from tests.support.patch_applier import PatchError, apply_patch
from tests.support.servers import Server, core_busy_seconds
from tests.support.wsclient import Socket

ACK_TIMEOUT_S = 5.0  # an action unanswered this long counts as a timeout (and its seat moves on)
RETRY_AFTER_S = 0.1  # after an error reply: retry from the latest state a little later
REMATCH_ATTEMPTS = 3
PING_INTERVAL_S = 0.05
DRAIN_S = 3.0  # after a window: how long to wait for the acks and broadcasts of its last actions
IDLE_SETTLE_S = 2.0
CONNECT_CONCURRENCY = 50
REST_CONCURRENCY = 16
GAME = "jekyll-vs-hyde"
CONFIG = {"timers_enabled": False}
MAX_FRAME = 64 * 1024
KINDS = ("mover", "waiter", "spectator", "ack", "patch")
TYPES = ("state", "patch", "ack", "room")  # bytes are broken down by these, the rest as "other"
SEAT_CLASSES = ("mover", "other seat", "seat, no action")

# A spectator needs only these two numbers: read them off the head of a state message (both
# servers write these keys first) instead of parsing a kilobyte of view per broadcast.
_STATE_HEAD = re.compile(rb'\{"type": ?"state", ?"game_id": ?(\d+), ?"version": ?(\d+)[,}]')
_ids = itertools.count(1)
loads, dumps = orjson.loads, orjson.dumps


class Recorder:
    """What one mode saw. While `on` (the window and its drain) the sockets append tuples."""

    def __init__(self) -> None:
        self.on = False
        self.arrivals: list[tuple] = []  # (table, game_id, version, socket, arrived): every state message
        self.acks: list[tuple] = []  # (table, game_id, version, socket, intended, origin, acked)
        self.slots: list[float] = []  # open loop: the intended send times offered
        self.pings: list[float] = []  # round trips (s)
        self.errors: Counter = Counter()  # from the start of the warm-up to the end of the drain
        self.rematches = 0
        self.sizes = {kind: [0, 0] for kind in KINDS}  # kind -> [messages, bytes]
        # Bytes on the wire, counted only while `counting` (the window, without the drain):
        self.counting = False
        self.seat_texts: list[tuple] = []  # (table, game_id, version, socket, type, payload bytes)
        self.spectator_texts: dict[str, list[int]] = {}  # type -> [texts, payload bytes, wire bytes]
        self.action_texts = [0, 0, 0]  # the players' action frames: [frames, payload bytes, wire bytes]
        # (table, game_id, version) -> the socket whose action made it; kept from the warm-up on,
        # so a window's first messages know their mover too.
        self.actors: dict[tuple, int] = {}

    def size(self, kind: str, length: int) -> None:
        entry = self.sizes[kind]
        entry[0] += 1
        entry[1] += length

    def spectator_text(self, kind: str, length: int) -> None:
        entry = self.spectator_texts.setdefault(kind if kind in TYPES else "other", [0, 0, 0])
        entry[0] += 1
        entry[1] += length
        entry[2] += length + frame_head(length)

    def action_text(self, length: int) -> None:
        entry = self.action_texts
        entry[0] += 1
        entry[1] += length
        entry[2] += length + frame_head(length) + 4  # a client masks its frames


def frame_head(length: int) -> int:
    """Bytes of an unmasked WebSocket frame's header for a payload of `length` (RFC 6455 5.2)."""
    return 2 if length < 126 else 4 if length < 65536 else 10


class Player:
    """A seat's socket: it plays from its latest state, one action in flight at a time."""

    def __init__(self, load: Load, table: Table, token: str) -> None:
        self.load, self.table, self.token = load, table, token
        self.id = next(_ids)
        self.sock: Socket | None = None
        self.state: dict | None = None
        self.first_state = asyncio.get_running_loop().create_future()
        self.inflight: tuple | None = None  # (client_seq, game_id, sent, intended, origin)
        self.acted_on: tuple | None = None  # (game_id, version) of the state the last action came from
        self.seq = 0
        self.sent = 0  # actions sent in the window, for the rate-limit check

    def on_text(self, payload: bytes, arrived: float) -> None:
        message = loads(payload)
        kind = message["type"]
        rec = self.load.rec
        if kind == "state" or (kind == "patch" and self.patched(message)):
            state = self.state = message if kind == "state" else self.state
            if kind == "state":
                rec.size("mover" if state["legal_actions"] else "waiter", len(payload))
            else:
                rec.size("patch", len(payload))
            if rec.on:
                rec.arrivals.append((self.table.index, state["game_id"], state["version"], self.id, arrived))
            if not self.first_state.done():
                self.first_state.set_result(None)
            if self is self.table.players[0]:
                self.table.host_state(state, arrived)
            self.load.ready(self)
        elif kind == "ack":
            rec.size("ack", len(payload))
            flight = self.inflight
            if flight and message["client_seq"] == flight[0]:
                self.inflight = None
                rec.actors[(self.table.index, flight[1], message["version"])] = self.id
                if rec.on:
                    rec.acks.append(
                        (self.table.index, flight[1], message["version"], self.id, flight[3], flight[4], arrived)
                    )
                self.load.ready(self)
        elif kind == "error":
            rec.errors[message["code"]] += 1
            # A player's socket sends nothing but actions, answered in order, so this error is the
            # answer to the one in flight (a rate_limited error carries no client_seq).
            if self.inflight:
                self.forget()
        if rec.counting:
            state = self.state
            game_id, version = (state["game_id"], state["version"]) if state else (None, None)
            if kind == "ack":
                version = message["version"]
            rec.seat_texts.append((self.table.index, game_id, version, self.id, kind, len(payload)))

    def patched(self, message: dict) -> bool:
        """Bring the body to the patch's version; False (an error counted) if it does not apply."""
        state = self.state
        if state is None or state["version"] != _base(message):
            self.load.rec.errors["patch on another version"] += 1
            return False
        try:
            apply_patch(state, message["ops"])
        except PatchError:
            self.load.rec.errors["patch does not apply"] += 1
            self.state = None  # nothing to play from until a full state comes
            return False
        state["version"], state["events"] = message["version"], message["events"]
        return True

    def on_close(self, sock: Socket) -> None:
        if not sock.closing:
            self.load.rec.errors[f"socket closed ({sock.close_code})"] += 1

    def can_send(self) -> bool:
        state = self.state
        return (
            self.inflight is None
            and state is not None
            and bool(state["legal_actions"])
            and state["result"] is None
            and self.acted_on != (state["game_id"], state["version"])
            and self.sock.open
            and not self.sock.closing
        )

    def send(self, intended: float | None = None, origin: float | None = None) -> None:
        """Play from the latest state. Closed loop: the action is due now. Open loop: it was due at
        `intended` (which window it belongs to) and its latency counts from `origin` (`intended`
        moved on by any rematch it waited through); a timer that fired early counts from the
        actual send, so early sends never flatter."""
        state = self.state
        action = self.load.rng.choice(state["legal_actions"])
        step = state["view"].get("step")
        if step is not None:
            action = {**action, "step": step}  # turn-based views carry a step to echo
        self.seq += 1
        now = time.monotonic()
        if intended is None:
            intended = origin = now
        self.inflight = (self.seq, state["game_id"], now, intended, min(origin, now))
        self.acted_on = (state["game_id"], state["version"])
        self.sent += 1
        text = dumps({"type": "action", "action": action, "client_seq": self.seq})
        if self.load.rec.counting:
            self.load.rec.action_text(len(text))
        self.sock.send(text)

    def forget(self) -> None:
        """Give up on the action in flight; try again a little later, from the latest state."""
        self.inflight = self.acted_on = None
        asyncio.get_running_loop().call_later(RETRY_AFTER_S, self.load.ready, self)


class Watcher:
    """A spectator's socket: it only notes when each version's broadcast arrives."""

    def __init__(self, load: Load, table: Table) -> None:
        self.load, self.table = load, table
        self.id = next(_ids)
        self.sock: Socket | None = None
        self.first_state = asyncio.get_running_loop().create_future()
        # The version it holds, and its game: a patch names the game only when it changes.
        self.game_id = self.version = None

    def on_text(self, payload: bytes, arrived: float) -> None:
        rec = self.load.rec
        head = _STATE_HEAD.match(payload)
        if head:
            kind, game_id, version = "state", int(head[1]), int(head[2])
        else:  # another message, or a state whose keys come in another order
            message = loads(payload)
            kind = message["type"]
            if kind == "state":
                game_id, version = message["game_id"], message["version"]
            elif kind == "patch":
                if _base(message) != self.version:
                    rec.errors["patch on another version"] += 1
                game_id = next((op[1] for op in message["ops"] if op[0] == "game_id" and len(op) == 2), self.game_id)
                version = message["version"]
            else:
                if rec.counting:
                    rec.spectator_text(kind, len(payload))
                return
        self.game_id, self.version = game_id, version
        if rec.counting:
            rec.spectator_text(kind, len(payload))
        rec.size("spectator" if kind == "state" else "patch", len(payload))
        if rec.on:
            rec.arrivals.append((self.table.index, game_id, version, self.id, arrived))
        if not self.first_state.done():
            self.first_state.set_result(None)

    def on_close(self, sock: Socket) -> None:
        if not sock.closing:
            self.load.rec.errors[f"socket closed ({sock.close_code})"] += 1


class Table:
    """One room: two players (the first is the host), its spectators, and its open-loop schedule."""

    def __init__(self, load: Load, index: int, code: str, tokens: list[str], spectators: int) -> None:
        self.load, self.index, self.code = load, index, code
        self.players = [Player(load, self, token) for token in tokens]  # players[0] is the host
        self.watchers = [Watcher(load, self) for _ in range(spectators)]
        self.over_since: float | None = None  # when the host saw the current game's result
        self.backlog: deque[tuple[float, float]] = deque()  # open loop: (intended, origin) not yet sent
        self.timer: asyncio.TimerHandle | None = None
        self.period = self.next_at = 0.0

    def host_state(self, message: dict, arrived: float) -> None:
        """The host's socket got a state: a result asks for the rematch; the next game's first
        state ends the pause, which actions still waiting do not count as latency."""
        if message["result"] is not None:
            if self.over_since is None:
                self.over_since = arrived
                self.load.rematch(self)
        elif self.over_since is not None:
            pause, self.over_since = arrived - self.over_since, None
            self.backlog = deque((intended, origin + pause) for intended, origin in self.backlog)

    def between_games(self) -> bool:
        return self.players[0].state is None or self.over_since is not None

    # -- open loop ------------------------------------------------------------------------

    def start_schedule(self, period: float, phase: float) -> None:
        self.period, self.next_at = period, time.monotonic() + phase
        self.timer = asyncio.get_running_loop().call_later(phase, self._slot)

    def stop_schedule(self) -> None:
        if self.timer:
            self.timer.cancel()
        self.backlog.clear()

    def _slot(self) -> None:
        intended = self.next_at
        self.next_at += self.period
        self.timer = asyncio.get_running_loop().call_later(self.next_at - time.monotonic(), self._slot)
        if self.between_games():
            return  # the rematch is not part of the load: no action is offered meanwhile
        if self.load.rec.on:
            self.load.rec.slots.append(intended)
        self.backlog.append((intended, intended))
        self.pump()

    def pump(self) -> None:
        """Send the due actions while a seat can move (a slow server leaves them queued here,
        and their latency keeps counting from their intended time)."""
        while self.backlog:
            mover = next((p for p in self.players if p.can_send()), None)
            if mover is None:
                return
            mover.send(*self.backlog.popleft())


class Load:
    """The tables of one server, from setup to close, measured one mode at a time."""

    def __init__(self, server: Server, tables: int, spectators: int, seed: int) -> None:
        self.server, self.count, self.spectators = server, tables, spectators
        self.rng = random.Random(seed)
        self.rec = Recorder()
        self.mode: str | None = None
        self.tables: list[Table] = []
        # Idle connections are dropped before uvicorn's 5 s keep-alive would close them under us.
        self.http = httpx.AsyncClient(
            base_url=f"http://127.0.0.1:{server.port}",
            timeout=30,
            limits=httpx.Limits(max_connections=REST_CONCURRENCY, keepalive_expiry=2),
        )
        self.ping_room = ""
        self.pinger: Socket | None = None
        self.background: set[asyncio.Task] = set()
        self.ping_timer: asyncio.TimerHandle | None = None
        self.next_ping = 0.0

    # -- setup ----------------------------------------------------------------------------

    async def setup(self) -> float:
        """Create the tables and open their sockets; return how long it took (s)."""
        started = time.monotonic()
        gate = asyncio.Semaphore(REST_CONCURRENCY)
        if self.server.target.startswith("dorhami"):
            rooms = await asyncio.gather(*(self._dorhami_room(gate, i) for i in range(self.count)))
            self.ping_room = (await self._dorhami_room(gate, self.count, start=False))[0]
        else:
            # The baseline has no REST side: a room exists once a socket names it.
            rooms = [(f"table{i}", [f"t{i}-host", f"t{i}-guest"]) for i in range(self.count)]
            self.ping_room = "ping"
        self.tables = [Table(self, i, code, tokens, self.spectators) for i, (code, tokens) in enumerate(rooms)]
        gate = asyncio.Semaphore(CONNECT_CONCURRENCY)
        await asyncio.gather(
            *(
                self._open(gate, who, getattr(who, "token", None))
                for table in self.tables
                for who in (*table.players, *table.watchers)
            )
        )
        self.pinger = await Socket.connect(
            "127.0.0.1", self.server.port, f"/ws/rooms/{self.ping_room}", self._on_pong, self._on_pinger_close
        )
        self.pinger.send(dumps({"type": "hello", "token": None}))
        self.next_ping = time.monotonic()
        self._ping()
        self._spawn(self._watchdog())
        return time.monotonic() - started

    async def _dorhami_room(self, gate: asyncio.Semaphore, i: int, start: bool = True) -> tuple[str, list[str]]:
        async with gate:
            tokens = [
                (await self._post("/api/players", None, {"name": f"{role}{i}"}))["token"] for role in ("host", "guest")
            ]
            code = (await self._post("/api/rooms", tokens[0], {"game": GAME, "private": True, "config": CONFIG}))[
                "code"
            ]
            if start:
                for token in tokens:
                    await self._post(f"/api/rooms/{code}/join", token)
                await self._post(f"/api/rooms/{code}/start", tokens[0])
            return code, tokens

    async def _post(self, path: str, token: str | None, body: dict | None = None) -> dict:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        reply = await self.http.post(path, json=body, headers=headers)
        if reply.status_code >= 300:
            raise RuntimeError(f"POST {path}: {reply.status_code} {reply.text}")
        return reply.json()

    async def _open(self, gate: asyncio.Semaphore, who: Player | Watcher, token: str | None) -> None:
        async with gate:
            who.sock = await Socket.connect(
                "127.0.0.1", self.server.port, f"/ws/rooms/{who.table.code}", who.on_text, who.on_close
            )
            who.sock.send(dumps({"type": "hello", "token": token}))
            await asyncio.wait_for(who.first_state, 30)

    def _spawn(self, coro) -> None:
        task = asyncio.create_task(coro)
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    # -- what keeps running ---------------------------------------------------------------

    def ready(self, player: Player) -> None:
        """Something arrived for `player` (a state, an ack) or a retry is due."""
        if self.mode == "closed":
            if player.can_send():
                player.send()
        elif self.mode == "open":
            player.table.pump()

    def rematch(self, table: Table) -> None:
        self._spawn(self._rematch(table))

    async def _rematch(self, table: Table) -> None:
        for _ in range(REMATCH_ATTEMPTS):
            try:
                reply = await self.http.post(
                    f"/api/rooms/{table.code}/rematch", headers={"Authorization": f"Bearer {table.players[0].token}"}
                )
                break
            except httpx.TransportError as exc:
                # Typically a pooled keep-alive connection the server closed as we reused it;
                # without a rematch this table would sit out the rest of the run.
                self.rec.errors[f"rematch {type(exc).__name__}"] += 1
        else:
            self.rec.errors["rematch abandoned"] += 1
            return
        if reply.status_code == 200:
            self.rec.rematches += 1
        else:
            self.rec.errors[f"rematch {reply.status_code}"] += 1

    async def _watchdog(self) -> None:
        while True:
            await asyncio.sleep(1)
            self._expire(time.monotonic() - ACK_TIMEOUT_S)

    def _expire(self, sent_before: float) -> None:
        for table in self.tables:
            for player in table.players:
                if player.inflight and player.inflight[2] < sent_before:
                    self.rec.errors["timeout"] += 1
                    player.forget()

    def _ping(self) -> None:
        """Ping on a fixed 50 ms grid; a late tick skips ahead rather than bursting (the socket
        must stay within Dorhami's 20 messages/s)."""
        now = time.monotonic()
        self.pinger.send(dumps({"type": "ping", "client_time": now}))
        self.next_ping = max(self.next_ping + PING_INTERVAL_S, now)
        self.ping_timer = asyncio.get_running_loop().call_later(self.next_ping - now, self._ping)

    def _on_pinger_close(self, sock: Socket) -> None:
        if not sock.closing:
            self.rec.errors[f"ping socket closed ({sock.close_code})"] += 1

    def _on_pong(self, payload: bytes, arrived: float) -> None:
        message = loads(payload)
        if message["type"] == "pong" and self.rec.on:
            self.rec.pings.append(arrived - message["client_time"])

    # -- one measured mode ----------------------------------------------------------------

    async def measure(self, mode: str, warmup: float, seconds: float, rate: float) -> dict:
        """Play `mode` ("closed" or "open") for `warmup` + `seconds`; the figures of the window."""
        self.rec = rec = Recorder()
        self.mode = mode
        if mode == "open":
            period = len(self.tables) / rate
            for table in self.tables:
                table.start_schedule(period, self.rng.uniform(0, period))
        else:
            for table in self.tables:
                for player in table.players:
                    self.ready(player)
        await asyncio.sleep(warmup)
        for table in self.tables:
            for player in table.players:
                player.sent = 0
        cpu0, gen0, cores0, t0 = self.server.cpu_seconds(), _own_cpu(), core_busy_seconds(), time.monotonic()
        rec.on = rec.counting = True
        await asyncio.sleep(seconds)
        cpu1, gen1, cores1, t1 = self.server.cpu_seconds(), _own_cpu(), core_busy_seconds(), time.monotonic()
        rec.counting = False
        sent = max(p.sent for table in self.tables for p in table.players)
        self.mode = None
        for table in self.tables:
            table.stop_schedule()
        while any(p.inflight for table in self.tables for p in table.players) and time.monotonic() < t1 + DRAIN_S:
            await asyncio.sleep(0.05)
        self._expire(float("inf"))  # still unanswered after the drain: timeouts of this window
        rec.on = False
        figures = _figures(mode, rec, t0, t1, others=1 + self.spectators)
        span = t1 - t0
        server_cpu, generator_cpu = 100 * (cpu1 - cpu0) / span, 100 * (gen1 - gen0) / span
        # On a shared machine other processes may run on the same cores: what they took is
        # each pinned core's busy time minus our own process's.
        server_core, generator_core = self.server.cores()[0], min(os.sched_getaffinity(0))
        ours = {server_core: server_cpu}
        ours[generator_core] = ours.get(generator_core, 0.0) + generator_cpu
        others = {core: max(0.0, 100 * (cores1[core] - cores0[core]) / span - mine) for core, mine in ours.items()}
        figures.update(
            server_cpu_pct=server_cpu,
            generator_cpu_pct=generator_cpu,
            max_socket_sends_per_s=sent / span,
            others_on_server_core_pct=others[server_core],
            others_on_generator_core_pct=others[generator_core],
        )
        return figures

    async def idle(self, count: int) -> dict:
        """Open `count` spectator sockets the way a browser does (offering permessage-deflate)
        and weigh them in the server's resident memory."""
        before = self.server.rss_kib()
        gate = asyncio.Semaphore(CONNECT_CONCURRENCY)
        opened: list = []

        async def one(i: int) -> None:
            async with gate:
                table = self.tables[i % len(self.tables)]
                ws = await ws_connect(
                    f"ws://127.0.0.1:{self.server.port}/ws/rooms/{table.code}", max_size=MAX_FRAME, open_timeout=30
                )
                opened.append(ws)
                await ws.send('{"type":"hello","token":null}')
                await asyncio.wait_for(ws.recv(), 30)

        started = time.monotonic()
        outcomes = await asyncio.gather(*(one(i) for i in range(count)), return_exceptions=True)
        took = time.monotonic() - started
        await asyncio.sleep(IDLE_SETTLE_S)
        after = self.server.rss_kib()
        deflate = sum(
            "permessage-deflate" in (ws.response.headers.get("Sec-WebSocket-Extensions") or "") for ws in opened
        )
        await asyncio.gather(*(ws.close() for ws in opened), return_exceptions=True)
        failed = Counter(type(o).__name__ for o in outcomes if isinstance(o, BaseException))
        return {
            "sockets": count - sum(failed.values()),
            "failed": dict(failed),
            "deflate_negotiated": deflate,
            "open_s": took,
            "rss_before_kib": before,
            "rss_after_kib": after,
            "kib_per_socket": (after - before) / max(1, count - sum(failed.values())),
        }

    async def close(self) -> None:
        self.mode = None
        if self.ping_timer:
            self.ping_timer.cancel()
        for task in list(self.background):
            task.cancel()
        await asyncio.gather(*self.background, return_exceptions=True)
        for table in self.tables:
            table.stop_schedule()
            for who in (*table.players, *table.watchers):
                if who.sock:
                    who.sock.close()
        if self.pinger:
            self.pinger.close()
        await self.http.aclose()


def _base(patch: dict) -> int:
    """The version a patch applies to: its `base`, or without one (the server's current
    spelling) the version before its own."""
    return patch.get("base", patch["version"] - 1)


def _own_cpu() -> float:
    times = os.times()
    return times.user + times.system


def _quantile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    values.sort()
    return values[min(len(values) - 1, int(q * len(values)))]


def _figures(mode: str, rec: Recorder, t0: float, t1: float, others: int) -> dict:
    """Join the raw tuples of the window [t0, t1) into the run's figures (latencies in ms).
    `others`: the sockets of a table besides the actor's, which each get the broadcast."""
    actor: dict[tuple, tuple] = {}  # (table, game_id, version) -> (socket, origin)
    ack_latency, done, on_time = [], 0, 0
    for table, game_id, version, sock, intended, origin, acked in rec.acks:
        done += t0 <= acked < t1
        if t0 <= intended < t1:
            on_time += acked < t1
            ack_latency.append(acked - origin)
            actor[(table, game_id, version)] = (sock, origin)
    broadcast = [
        arrived - a[1]
        for table, game_id, version, sock, arrived in rec.arrivals
        if (a := actor.get((table, game_id, version))) and a[0] != sock
    ]
    span = t1 - t0
    figures: dict = {"actions_per_s": done / span}
    if mode == "open":
        offered = sum(t0 <= t < t1 for t in rec.slots)
        # An action offered in the window and never answered (not even in the drain) is
        # infinitely late: dropping it would let a stalled server look fast.
        unanswered = max(0, offered - len(ack_latency))
        ack_latency += [math.inf] * unanswered
        broadcast += [math.inf] * (unanswered * others)
        figures.update(
            offered_per_s=offered / span,
            achieved_pct=100 * on_time / offered if offered else None,
            unanswered=unanswered,
        )
    figures.update(
        {
            "bcast_p50_ms": _ms(_quantile(broadcast, 0.5)),
            "bcast_p99_ms": _ms(_quantile(broadcast, 0.99)),
            "ack_p50_ms": _ms(_quantile(ack_latency, 0.5)),
            "ack_p99_ms": _ms(_quantile(ack_latency, 0.99)),
            "lag_p50_ms": _ms(_quantile(rec.pings, 0.5)),
            "lag_p99_ms": _ms(_quantile(rec.pings, 0.99)),
            "errors": sum(rec.errors.values()),
            "error_kinds": dict(rec.errors),
            "rematches": rec.rematches,
            "samples": {"acks": len(ack_latency), "broadcasts": len(broadcast), "pings": len(rec.pings)},
            "message_bytes": {kind: round(b / n) for kind, (n, b) in rec.sizes.items() if n},
            "bytes_per_action": _bytes_per_action(rec, done, spectators=others - 1),
        }
    )
    return figures


def _bytes_per_action(rec: Recorder, acked: int, spectators: int) -> dict:
    """Bytes on the wire in the window per action acked in it, by socket class and message type:
    {class: {"payload": B, "wire": B, "types": {type: payload B}}}. "spectator" is one spectator's
    socket, "spectators" all of a table's; "to clients" sums every class a table's sockets
    receive; "to server" is the action frames."""
    if not acked:
        return {}
    totals: dict[str, dict[str, list[int]]] = {}  # class -> type -> [payload, wire]

    def add(cls: str, kind: str, payload: int, wire: int) -> None:
        entry = totals.setdefault(cls, {}).setdefault(kind if kind in TYPES else "other", [0, 0])
        entry[0] += payload
        entry[1] += wire

    for table, game_id, version, sock, kind, length in rec.seat_texts:
        actor = rec.actors.get((table, game_id, version))
        cls = SEAT_CLASSES[2] if actor is None else SEAT_CLASSES[0] if actor == sock else SEAT_CLASSES[1]
        add(cls, kind, length, length + frame_head(length))
    for kind, (_, payload, wire) in rec.spectator_texts.items():
        add("spectators", kind, payload, wire)
    figures = {}
    for cls in (*SEAT_CLASSES, "spectators"):
        kinds = totals.get(cls, {})
        figures[cls] = {
            "payload": sum(p for p, _ in kinds.values()) / acked,
            "wire": sum(w for _, w in kinds.values()) / acked,
            "types": {kind: kinds.get(kind, [0, 0])[0] / acked for kind in (*TYPES, "other")},
        }
    if spectators:
        everyone = figures["spectators"]
        figures["spectator"] = {
            "payload": everyone["payload"] / spectators,
            "wire": everyone["wire"] / spectators,
            "types": {kind: b / spectators for kind, b in everyone["types"].items()},
        }
    received = [figures[cls] for cls in (*SEAT_CLASSES, "spectators")]
    figures["to clients"] = {
        "payload": sum(f["payload"] for f in received),
        "wire": sum(f["wire"] for f in received),
        "types": {kind: sum(f["types"][kind] for f in received) for kind in (*TYPES, "other")},
    }
    _, payload, wire = rec.action_texts
    figures["to server"] = {"payload": payload / acked, "wire": wire / acked, "types": {}}
    return figures


def _ms(seconds: float | None) -> float | None:
    return None if seconds is None else 1000 * seconds
