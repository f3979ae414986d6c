"""Hostile input: frames, REST requests, schemathesis and the attacks of issue 27 against a live server,
and what the server's log and the games show afterwards. bench/reliability/hostile.py runs it at full
size (its docstring has the method); tests/api/test_hostile.py runs it reduced.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import math
import os
import random
import re
import socket
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from websockets.speedups import apply_mask

from tests.support import forked
from tests.support.processes import stop_process

PG_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/test"
MAX_MESSAGE_BYTES = 16 * 1024  # Settings.max_message_bytes
MAX_FRAME_BYTES = 64 * 1024  # the server's ws_max_size (dorhami.cli.SOCKET_SETTINGS)
BATCH = 30  # frames per socket: under the rate limit's burst of 40, so each is judged
CONCURRENCY = 12  # sockets open at once
REPLY_TIMEOUT_S = 10  # generous: CI runs this beside other tests on two cores
OP_CONT, OP_TEXT, OP_BINARY, OP_CLOSE, OP_PING, OP_PONG = 0x0, 0x1, 0x2, 0x8, 0x9, 0xA
_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
PERSIAN = "شطرنج دورهمی"  # two bytes a letter in UTF-8
BIDI = "\u202e\u2066\u2067\u2068\u2069\u202a\u202b\u202c\u202d"


# -- the server --------------------------------------------------------------------------------


@dataclass
class LiveServer:
    port: int
    proc: forked.Forked | subprocess.Popen
    log_path: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def rss_mib(self) -> float:
        with open(f"/proc/{self.proc.pid}/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024


@contextmanager
def live_server(
    database_url: str, log_path: Path, bot_delay_ms: str = "20,60", env: dict | None = None, core: int | None = None
) -> Iterator[LiveServer]:
    """`dorhami serve --access-log` on a free port, everything it prints going to `log_path`; stopped
    however the block ends. The access log is how 5xx answers are counted on the server's side.
    `env`: more of the server's environment (a None value removes the variable); `core`: pinned
    there (tests/support/forked.py)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    # REST rate limits off: every hostile request must reach the handler it targets, not a 429 (the
    # socket's own limit stays, and the floods meet it). No trusted proxy: the bench talks to the
    # server directly, and no client of it may name its own address.
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DORHAMI_BOT_DELAY_MS": bot_delay_ms,
        "DORHAMI_RATE_LIMITS": "off",
        "DORHAMI_TRUSTED_PROXIES": None,
        "FORWARDED_ALLOW_IPS": None,
        **(env or {}),
    }
    env = {name: value for name, value in env.items() if value is not None}
    log_path.write_bytes(b"")
    proc = forked.start(["serve", "--port", str(port), "--access-log"], env, str(log_path), core)
    server = LiveServer(port, proc, log_path)
    try:
        _wait_ready(server)
        yield server
    finally:
        stop_process(proc)


def _wait_ready(server: LiveServer) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.proc.poll() is not None:
            raise RuntimeError(f"server exited while starting:\n{server.log_path.read_text(errors='replace')[-3000:]}")
        try:
            if httpx.get(f"{server.url}/api/games", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError("server did not answer within 60 s")


@dataclass
class LogFigures:
    tracebacks: int  # lines that start a traceback
    errors: list[str]  # each ERROR line, and each traceback down to its exception
    five_xx: list[str]  # access-log lines of 5xx answers


ACCESS_5XX = re.compile(r'"[A-Z]+ [^"]*" 5\d\d ')


def read_log(path: Path) -> LogFigures:
    problems, block, five_xx, tracebacks = [], None, [], 0
    for line in path.read_text(errors="replace").splitlines():
        if ACCESS_5XX.search(line):
            five_xx.append(line)
        if block is not None:
            block.append(line)
            if not line.startswith(" "):
                problems.append("\n".join(block[:3] + ["  ..."] + block[-4:]) if len(block) > 8 else "\n".join(block))
                block = None
        elif "Traceback" in line:
            tracebacks += 1
            block = [line]
        elif "ERROR" in line:
            problems.append(line)
    return LogFigures(tracebacks, problems, five_xx)


# -- a socket that sends what a browser never would -----------------------------------------------


class RawSocket:
    """An RFC 6455 client over a bare TCP stream: any opcode, invalid UTF-8, unmasked or cut-off
    frames. Server messages (JSON text) are queued by a reader task; `close_code` is the code of
    the server's close frame (None: none came)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.messages: asyncio.Queue = asyncio.Queue()
        self.close_code: int | None = None
        self.closed = asyncio.Event()
        self.reading = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, port: int, path: str) -> RawSocket:
        """The socket once the server has answered 101; raises Refused with the status otherwise."""
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 10)
        key = base64.b64encode(os.urandom(16))
        writer.write(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: {key.decode()}\r\n\r\n".encode()
        )
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
        status = int(head.split(b" ", 2)[1])
        accept = base64.b64encode(hashlib.sha1(key + _GUID).digest())
        if status != 101 or accept not in head:
            writer.close()
            raise Refused(status)
        return cls(reader, writer)

    def send(self, payload: bytes, opcode: int = OP_TEXT, fin: bool = True, masked: bool = True, rsv: int = 0) -> None:
        length = len(payload)
        first = (0x80 if fin else 0) | (rsv << 4) | opcode
        mask_bit = 0x80 if masked else 0
        if length < 126:
            head = bytes((first, mask_bit | length))
        elif length < 65536:
            head = bytes((first, mask_bit | 126)) + length.to_bytes(2, "big")
        else:
            head = bytes((first, mask_bit | 127)) + length.to_bytes(8, "big")
        if masked:
            mask = os.urandom(4)
            head, payload = head + mask, apply_mask(payload, mask)
        if not self.writer.is_closing():
            self.writer.write(head + payload)

    def send_text(self, text: str) -> None:
        self.send(text.encode())

    def send_json(self, message: object) -> None:
        self.send_text(dump(message))

    def write_raw(self, data: bytes) -> None:
        if not self.writer.is_closing():
            self.writer.write(data)

    async def next_message(self, timeout: float = REPLY_TIMEOUT_S) -> dict | None:
        """The next JSON message from the server, or None once the socket closed or the time ran out."""
        if self.messages.empty() and self.closed.is_set():
            return None
        getter = asyncio.ensure_future(self.messages.get())
        closed = asyncio.ensure_future(self.closed.wait())
        done, _ = await asyncio.wait({getter, closed}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        closed.cancel()
        if getter in done:
            return getter.result()
        getter.cancel()
        return None

    async def wait_closed(self, timeout: float = REPLY_TIMEOUT_S) -> None:
        try:
            await asyncio.wait_for(self.closed.wait(), timeout)
        except TimeoutError:
            pass

    def abort(self) -> None:
        """Drop the connection without a close frame, as a crashed client or a lost network would."""
        self.writer.transport.abort()

    async def close(self) -> None:
        if not self.closed.is_set():
            self.send((1000).to_bytes(2, "big"), OP_CLOSE)
            await self.wait_closed(2)
        self.writer.close()
        self.reading.cancel()

    async def _read(self) -> None:
        try:
            while True:
                first, second = await self.reader.readexactly(2)
                length = second & 0x7F
                if length == 126:
                    length = int.from_bytes(await self.reader.readexactly(2), "big")
                elif length == 127:
                    length = int.from_bytes(await self.reader.readexactly(8), "big")
                payload = await self.reader.readexactly(length)
                opcode = first & 0x0F
                if opcode == OP_TEXT:
                    self.messages.put_nowait(json.loads(payload))
                elif opcode == OP_PING:
                    self.send(payload, OP_PONG)
                elif opcode == OP_CLOSE:
                    self.close_code = int.from_bytes(payload[:2], "big") if len(payload) >= 2 else None
                    return
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            return
        finally:
            self.closed.set()


class Refused(Exception):
    def __init__(self, status: int) -> None:
        super().__init__(f"handshake answered {status}")
        self.status = status


# -- the rooms under attack --------------------------------------------------------------------


@dataclass
class Player:
    id: str
    name: str
    token: str

    @property
    def headers(self) -> dict:
        return {"Authorization": f"Bearer {self.token}"}


@dataclass
class Room:
    """A live room; `seats` are the people in it. Rooms `watched` get only illegal input; those
    `static` have no timer and no bot, so nothing at all may change in them."""

    label: str
    game: str
    code: str
    host: Player
    seats: dict[int, Player]
    watched: bool = True
    static: bool = False
    started: bool = True


@dataclass(frozen=True)
class RoomPlan:
    label: str
    game: str
    config: dict
    people: int
    bots: int = 0
    static: bool = False
    finish: bool = False  # played to the end during setup, so that every action comes too late
    start: bool = True


# Turn-based games without timers and Double Connect after its countdown (its only deadline is the
# 30-minute time limit) stand still unless someone acts; the others move by timer or bot.
ROOM_PLANS = [
    RoomPlan("jekyll", "jekyll-vs-hyde", {"timers_enabled": False}, 2, static=True),
    RoomPlan("queendomino", "queendomino", {"turn_seconds": 0}, 2, static=True),
    RoomPlan("double-connect", "double-connect", {"countdown_ms": 0, "time_limit_ms": 1_800_000}, 2, static=True),
    RoomPlan("twin-it", "twin-it", {"start_countdown_ms": 0, "flip_timeout_ms": 30_000}, 2),
    RoomPlan("camel-up-cards", "camel-up-cards", {"turn_timer_s": 120}, 2),
    RoomPlan("queendomino+bots", "queendomino", {"turn_seconds": 0}, 1, bots=3),
    RoomPlan("finished", "jekyll-vs-hyde", {"timers_enabled": False}, 1, bots=1, finish=True),
    RoomPlan("waiting", "camel-up-cards", {}, 1, bots=1, start=False),
]
# Rooms of their own for legal actions with junk fields added: they may change.
PROBE_PLANS = [
    RoomPlan("probe:jekyll", "jekyll-vs-hyde", {"timers_enabled": False}, 2),
    RoomPlan("probe:queendomino", "queendomino", {"turn_seconds": 0}, 2),
    RoomPlan("probe:camel-up-cards", "camel-up-cards", {"turn_timer_s": 120}, 2),
]
# And for schemathesis, which sends legal requests too (joins, starts, leaves, actions).
FUZZ_PLANS = [
    RoomPlan("fuzz:waiting", "jekyll-vs-hyde", {}, 1, start=False),
    RoomPlan("fuzz:waiting-bots", "queendomino", {}, 1, bots=1, start=False),
    RoomPlan("fuzz:playing", "camel-up-cards", {}, 1, bots=1),
    RoomPlan("fuzz:realtime", "twin-it", {}, 1, bots=1),
]


async def new_player(http: httpx.AsyncClient, name: str) -> Player:
    response = await http.post("/api/players", json={"name": name})
    response.raise_for_status()
    body = response.json()
    return Player(body["id"], body["name"], body["token"])


async def set_up(http: httpx.AsyncClient, plan: RoomPlan, host: Player | None = None) -> Room:
    """Create the room of `plan`, seat its people (the host first) and bots, and start it."""
    host = host or await new_player(http, f"{plan.label[:30]} host")
    created = await http.post(
        "/api/rooms", json={"game": plan.game, "private": True, "config": plan.config}, headers=host.headers
    )
    created.raise_for_status()
    code = created.json()["code"]
    seats = {}
    for i in range(plan.people):
        player = host if i == 0 else await new_player(http, f"{plan.label[:30]} {i}")
        joined = await http.post(f"/api/rooms/{code}/join", headers=player.headers)
        joined.raise_for_status()
        seats[joined.json()["seat"]] = player
    for _ in range(plan.bots):
        (await http.post(f"/api/rooms/{code}/bots", json={"level": "easy"}, headers=host.headers)).raise_for_status()
    if plan.start:
        (await http.post(f"/api/rooms/{code}/start", headers=host.headers)).raise_for_status()
    room = Room(plan.label, plan.game, code, host, seats, static=plan.static, started=plan.start)
    if plan.finish:
        await play_to_the_end(http, room)
    return room


async def play_to_the_end(http: httpx.AsyncClient, room: Room, seed: int = 1, limit_s: float = 120) -> None:
    rng, deadline = random.Random(seed), time.monotonic() + limit_s
    while time.monotonic() < deadline:
        for player in room.seats.values():
            state = (await http.get(f"/api/rooms/{room.code}/state", headers=player.headers)).json()
            if state["result"] is not None:
                return
            if state["legal_actions"]:
                action = {**rng.choice(state["legal_actions"]), "step": state["view"]["step"]}
                await http.post(f"/api/rooms/{room.code}/actions", json={"action": action}, headers=player.headers)
        await asyncio.sleep(0.02)
    raise RuntimeError(f"room {room.label} did not finish within {limit_s} s")


# -- what "unchanged" means --------------------------------------------------------------------


async def snapshot(http: httpx.AsyncClient, room: Room) -> dict:
    """What illegal input must not change: each seat's version and view (rooms standing still),
    the log entries of each seat, and who sits where."""
    shot = {
        "seats": [
            (s["seat"], (s["player"] or {}).get("id"), s["bot"])
            for s in (await http.get(f"/api/rooms/{room.code}")).json()["seats"]
        ],
        "chat": (await http.get(f"/api/rooms/{room.code}/chat", headers=room.host.headers)).json()["messages"],
    }
    if not room.started:
        return shot
    for seat, player in room.seats.items():
        state = (await http.get(f"/api/rooms/{room.code}/state", headers=player.headers)).json()
        shot[f"seat {seat}"] = {"version": state["version"], "view": state["view"]}
    entries, after = Counter(), 0
    while after is not None:
        page = (await http.get(f"/api/rooms/{room.code}/log", params={"after": after, "limit": 1000})).json()
        entries.update(e["seat"] for e in page["entries"])
        after = page["next_after"]
    shot["entries of people"] = {seat: entries[seat] for seat in room.seats}
    return shot


def changes(room: Room, before: dict, after: dict) -> list[str]:
    """How `after` differs from `before` in what illegal input may not change in this room."""
    keys = ["seats", "chat", "entries of people"] + (
        [k for k in before if k.startswith("seat ")] if room.static else []
    )
    return [
        f"{room.label} ({room.game}, {room.code}): {key} {before.get(key)!r:.300} -> {after.get(key)!r:.300}"
        for key in keys
        if before.get(key) != after.get(key)
    ]


async def settled_snapshots(http: httpx.AsyncClient, rooms: list[Room], limit_s: float = 10) -> dict[str, dict]:
    """Snapshots of every room, once the rooms that stand still have stopped moving (a start's
    countdown of zero still fires once)."""
    shots = {room.code: await snapshot(http, room) for room in rooms}
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        await asyncio.sleep(0.5)
        again = {room.code: await snapshot(http, room) for room in rooms}
        if all(not changes(room, shots[room.code], again[room.code]) for room in rooms if room.static):
            return again
        shots = again
    raise RuntimeError("the rooms meant to stand still kept changing before any hostile input")


# -- hostile frames ----------------------------------------------------------------------------


@dataclass
class Seat:
    """One greeted socket's view of its room: what the server said after the hello."""

    room: Room
    seat: int | None
    view: dict
    legal: list[dict]
    others_legal: list[dict]

    @property
    def step(self) -> int | None:
        return self.view.get("step") if isinstance(self.view, dict) else None


SAMPLE_ACTIONS = {
    "jekyll-vs-hyde": [
        {"type": "play_card", "card": 3, "named_color": None},
        {"type": "exchange_cards", "cards": [1]},
        {"type": "greed_give", "cards": [2]},
    ],
    "queendomino": [
        {"type": "choose_tile", "tile": 12},
        {"type": "place_tile", "cell_a": [0, 1], "cell_b": [0, 2]},
        {"type": "buy_building", "colour": "red", "cell": [1, 1]},
    ],
    "camel-up-cards": [{"type": "play_card", "card": 7, "camel": "red"}],
    "twin-it": [
        {"type": "claim", "cards": [{"card": 1, "design": 2}, {"card": 3, "design": 2}]},
        {"type": "touch", "cards": [{"card": 1, "design": 2}]},
        {"type": "turn_over", "card": 4, "design": 1},
    ],
    "double-connect": [{"type": "claim", "card": 1, "target": 2, "symbol": 3}],
}
REALTIME = {"twin-it", "double-connect"}  # their legal lists are compact, and a wrong claim is a legal mistake
# No game has a card, tile, cell or symbol with these numbers (-1 would be the last item of a Python list).
IMPOSSIBLE_NUMBERS = [999, -1, 10**6, -(2**31)]
IMPOSSIBLE_WORDS = ["mauve", "RED", "red ", "", "\u0000", "red\u202e", PERSIAN]


def impossible(value: object, rng: random.Random) -> list[object]:
    """Values no rule accepts in place of `value`, of the same shape (a card for a card, a list for a list)."""
    if isinstance(value, bool) or value is None:
        return [rng.choice(IMPOSSIBLE_WORDS)]
    if isinstance(value, int):
        return IMPOSSIBLE_NUMBERS
    if isinstance(value, str):
        return IMPOSSIBLE_WORDS
    if isinstance(value, list):
        inner = value[0] if value else 0
        return [[rng.choice(impossible(inner, rng))], [rng.choice(impossible(inner, rng))] * 2, [inner] * 17]
    if isinstance(value, dict):
        return [{k: rng.choice(impossible(v, rng)) for k, v in value.items()}]
    return [None]


def never_legal(game: str, rng: random.Random) -> list[dict]:
    """Actions of `game` that no seat may make, whatever the state: every field impossible."""
    return [
        {k: v if k == "type" else rng.choice(impossible(v, rng)) for k, v in action.items()}
        for action in SAMPLE_ACTIONS[game]
    ]


def illegal_actions(seat: Seat, rng: random.Random) -> list[dict]:
    """Actions of the right shape that no rule allows this seat now; never one of its legal actions."""
    game = seat.room.game
    base = ([a for a in seat.legal if a.get("type") != "flip"] if game not in REALTIME else []) or SAMPLE_ACTIONS[game]
    found = []
    for action in base:
        for key, value in action.items():
            if key != "type":
                found += [{**action, key: bad} for bad in impossible(value, rng)]
        found.append({k: v for k, v in action.items() if k == "type"} | {"type": action["type"] + "s"})
    for other_game, samples in SAMPLE_ACTIONS.items():
        if other_game != game:
            # Same field names, other rules: e.g. a Camel Up play_card in Jekyll vs. Hyde names a camel.
            found += [
                {**s, "card": 999} if "card" in s else s
                for s in samples
                if s["type"] not in {a["type"] for a in SAMPLE_ACTIONS[game]}
            ]
    if game not in REALTIME:
        # The other seat's moves: cards this seat does not hold, a turn that is not its own.
        found += [a for a in seat.others_legal if a not in seat.legal]
        found = [a for a in found if {k: v for k, v in a.items() if k != "step"} not in seat.legal]
    with_step = [{**a, "step": seat.step} if seat.step is not None and rng.random() < 0.7 else a for a in found]
    return with_step


def stale_steps(seat: Seat, rng: random.Random) -> list[dict]:
    """This seat's own legal moves aimed at a step that is not the current one, and moves of the other seats."""
    game = seat.room.game
    if game in REALTIME or seat.step is None or not seat.legal:
        return illegal_actions(seat, rng)
    step = seat.step
    found = [{**a, "step": bad} for a in seat.legal for bad in (step - 1, step + 1, step + 1000, -1, 2**53)]
    found += [
        {**a, "seat": other, "step": step}
        for a in seat.others_legal
        for other in (0, 1, 7)
        if {k: v for k, v in a.items() if k != "step"} not in seat.legal
    ]
    return found or illegal_actions(seat, rng)


def dump(message: object) -> str:
    """JSON as a browser sends it: UTF-8 as it is (Persian stays two bytes a letter), but a lone
    surrogate escaped (\\ud800 is valid JSON; its raw bytes would be invalid UTF-8, another kind)."""
    text = json.dumps(message, ensure_ascii=False)
    try:
        text.encode()
    except UnicodeEncodeError:
        return json.dumps(message)
    return text


def action_frame(action: object, rng: random.Random, **extra) -> str:
    return dump({"type": "action", "action": action, "client_seq": rng.randrange(1, 2**31), **extra})


def frames_malformed_json(seat: Seat, rng: random.Random) -> list[str]:
    return [
        "",
        " ",
        "{",
        "}",
        "[",
        "]",
        '{"type": "action"',
        "{'type': 'ping'}",
        '{"type": "ping",}',
        "[1, 2",
        "nul",
        "tru",
        '{"type": "ping"} x',
        '{"type": "ping"}{"type": "ping"}',
        '/* c */ {"type": "ping"}',
        '{"type": "ping", "client_time": 01}',
        '{"type": "\\u12"}',
        "\ufeff" + '{"type": "ping"}',
        '{"type": "ping" "client_time": 1}',
        '{"type": "action", "action": {"type": "play_card", "card": }}',
        '{"type": "action", "action": {,}}',
        "\\",
        '"\\x41"',
        "{" * 3 + "}" * 2,
        "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randrange(1, 200))),
    ]


def frames_wrong_types(seat: Seat, rng: random.Random) -> list[str]:
    action = rng.choice(illegal_actions(seat, rng))
    typed = [
        {
            k: (str(v) if isinstance(v, int) else [v] if not isinstance(v, list) else {"0": v}) if k != "type" else v
            for k, v in action.items()
        }
    ]
    return [
        json.dumps(m)
        for m in [
            {"type": 5},
            {"type": None},
            {"type": ["action"]},
            {"type": True},
            {"type": {"type": "ping"}},
            {"type": "action", "action": "play_card"},
            {"type": "action", "action": []},
            {"type": "action", "action": 5},
            {"type": "action", "action": None},
            {"type": "action", "action": action, "client_seq": "1"},
            {"type": "action", "action": action, "client_seq": 1.5},
            {"type": "action", "action": action, "client_seq": True},
            {"type": "action", "action": action, "client_seq": -3},
            {"type": "ping", "client_time": "now"},
            {"type": "ping", "client_time": [1]},
            {"type": "ping", "client_time": {"t": 1}},
            {"type": "visibility", "hidden": "maybe"},
            {"type": "visibility", "hidden": 2},
            {"type": "visibility"},
            {"type": "hello", "token": 5},
            {"type": "action", "action": {"type": 5}},
            {"type": "action", "action": {}},
            {"type": "action", "action": {"type": None}},
            {"type": "action", "action": {"type": ["play_card"]}},
            *({"type": "action", "action": t, "client_seq": 9} for t in typed),
        ]
    ]


def frames_huge_numbers(seat: Seat, rng: random.Random) -> list[str]:
    action = rng.choice(illegal_actions(seat, rng))
    key = next((k for k, v in action.items() if isinstance(v, int) and not isinstance(v, bool)), "card")
    big = [
        "1" + "0" * 400,
        "-1" + "0" * 400,
        "1" + "0" * 5000,
        str(2**64),
        str(2**63),
        str(-(2**63) - 1),
        "1e308",
        "-1e308",
        "1e309",
        "1e-400",
        "4.9e-324",
        "123456789012345678901234567890.5",
        "0." + "0" * 3000 + "1",
    ]
    template = json.dumps({**action, key: "N"})
    return (
        ['{"type": "action", "client_seq": %s, "action": {"type": "play_card", "card": 1}}' % n for n in big[:7]]
        + ['{"type": "ping", "client_time": %s}' % n for n in big]
        + ['{"type": "action", "client_seq": 5, "action": %s}' % template.replace('"N"', n) for n in big]
        + [
            '{"type": "action", "client_seq": 6, "action": %s}' % json.dumps({**action, "step": "S"}).replace('"S"', n)
            for n in big[:4]
        ]
    )


def frames_nan_infinity(seat: Seat, rng: random.Random) -> list[str]:
    action = rng.choice(illegal_actions(seat, rng))
    key = next((k for k, v in action.items() if isinstance(v, int) and not isinstance(v, bool)), "card")
    out = []
    for literal in ("NaN", "Infinity", "-Infinity", "nan", "inf", "+Infinity", "-NaN"):
        out += [
            '{"type": "ping", "client_time": %s}' % literal,
            '{"type": "action", "client_seq": %s, "action": {"type": "play_card", "card": 1}}' % literal,
            '{"type": "action", "client_seq": 7, "action": %s}'
            % json.dumps({**action, key: "X"}).replace('"X"', literal),
            '{"type": "action", "client_seq": 8, "action": %s}'
            % json.dumps({**action, "step": "X"}).replace('"X"', literal),
            '{"type": "visibility", "hidden": %s}' % literal,
        ]
    return out


def frames_deep_nesting(seat: Seat, rng: random.Random) -> list[str]:
    out = []
    for depth in (100, 300, 1000, 1024, 1025, 2000, 5000, 8000):
        lists = "[" * depth + "]" * depth
        objects = '{"a": ' * depth + "1" + "}" * depth
        out.append('{"type": "action", "client_seq": 4, "action": {"type": "play_card", "card": %s}}' % lists)
        out.append(lists)
        if len(objects) < MAX_MESSAGE_BYTES:
            out.append('{"type": "action", "client_seq": 4, "action": %s}' % objects)
            out.append('{"type": "ping", "client_time": 1, "x": %s}' % objects)
    return out


def frames_oversize(seat: Seat, rng: random.Random) -> list[str]:
    """Over the 16 KiB message limit (still under the 64 KiB frame limit): in ASCII, and in Persian,
    where a message of fewer characters than the limit has more bytes than it."""
    ascii_pad = "x" * rng.randrange(MAX_MESSAGE_BYTES, MAX_FRAME_BYTES // 2)  # with an action, still one frame
    persian_pad = (PERSIAN * (MAX_MESSAGE_BYTES // len(PERSIAN)))[: MAX_MESSAGE_BYTES // 2 + rng.randrange(10, 9000)]
    emoji_pad = "😀" * (MAX_MESSAGE_BYTES // 4 + rng.randrange(1, 2000))
    action = rng.choice(illegal_actions(seat, rng))
    return [
        json.dumps({"type": "ping", "client_time": 1, "pad": ascii_pad}),
        dump({"type": "ping", "client_time": 1, "pad": persian_pad}),
        dump({"type": "ping", "client_time": 1, "pad": emoji_pad}),
        action_frame({**action, "note": persian_pad}, rng),
        action_frame(action, rng, pad=ascii_pad),
        # One byte over, and exactly at the limit (a ping with a pad is invalid either way).
        json.dumps({"type": "ping", "pad": "y" * (MAX_MESSAGE_BYTES - 27)}),
        json.dumps({"type": "ping", "pad": "y" * (MAX_MESSAGE_BYTES - 26)}),
    ]


def frames_unknown_type(seat: Seat, rng: random.Random) -> list[str]:
    action = rng.choice(illegal_actions(seat, rng))
    names = [
        "dance",
        "",
        "HELLO",
        "Action",
        "action ",
        " ping",
        "act\u0000ion",
        "ping\u202e",
        "state",
        "ack",
        "error",
        "pong",
        "room",
        "history",
        "__proto__",
        "constructor",
        "hello\u200c",
        "اقدام",
        "a" * 5000,
    ]
    return (
        [dump({"type": n}) for n in names]
        + [dump({"type": n, "action": action, "client_seq": 3}) for n in names[:6]]
        + [
            json.dumps(m)
            for m in (
                {},
                {"kind": "ping"},
                {"Type": "ping"},
                {"type": "action", "action": {"type": "teleport"}},
                {"type": "action", "action": {"type": "play_card\u0000"}},
                {"type": "action", "action": {"type": "__proto__"}},
            )
        ]
    )


def frames_junk_fields(seat: Seat, rng: random.Random) -> list[str]:
    """Fields no message has, around illegal actions (so the room stays as it was whatever the schema does)."""
    junk = [
        {"junk": 1},
        {"__proto__": {"admin": True}},
        {"seat": 1},
        {"player": "someone"},
        {"x": "\u0000"},
        {"version": 10**6},
        {"": ""},
        {"step ": 0},
        {"a" * 1000: 1},
    ]
    out = []
    for extra in junk:
        action = rng.choice(illegal_actions(seat, rng))
        out += [
            json.dumps({"type": "ping", "client_time": 1, **extra}),
            action_frame({**action, **extra}, rng),
            action_frame(action, rng, **extra),
            json.dumps({"type": "visibility", "hidden": False, **extra}),
        ]
    return out


def frames_other_seat_or_step(seat: Seat, rng: random.Random) -> list[str]:
    return [action_frame(a, rng) for a in stale_steps(seat, rng)]


def frames_illegal_moves(seat: Seat, rng: random.Random) -> list[str]:
    return [action_frame(a, rng) for a in illegal_actions(seat, rng)]


def frames_control_strings(seat: Seat, rng: random.Random) -> list[str]:
    """NUL (escaped, and raw where JSON forbids it), bidi controls and lone surrogates in every string."""
    action = rng.choice(illegal_actions(seat, rng))
    nasty = [
        "\u0000",
        "a\u0000b",
        "\u202eplay_card",
        "play_card\u2066",
        BIDI,
        "\ud800",
        "\udfff",
        "\ufffe",
        "\u200b",
        "\x1b[31m",
        "\r\n",
        "\u0085",
        "\U0010ffff",
    ]
    out = []
    for s in nasty:
        out.append(json.dumps({"type": "action", "action": {**action, "type": s}, "client_seq": 2}))
        out.append(json.dumps({"type": "action", "action": {**action, "type": action["type"] + s}, "client_seq": 2}))
        words = [k for k, v in action.items() if isinstance(v, str) and k != "type"] or ["named_color"]
        out.append(dump({"type": "action", "action": {**action, words[0]: s}, "client_seq": 2}))
        out.append(json.dumps({"type": "ping", "client_time": s}))
        out.append(dump({"type": s}))
        out.append(json.dumps({"type": "hello", "token": s}))
    # Raw control characters inside a JSON string are not JSON at all.
    out += [
        '{"type": "ping\u0000"}',
        '{"type": "ping"}\u0000',
        '\u0000{"type": "ping"}',
        '{"type": "action", "action": {"type": "play\u0001card"}, "client_seq": 1}',
    ]
    return out


def frames_chat(seat: Seat, rng: random.Random) -> list[str]:
    """Chat lines and reactions that must all be refused (so the room's chat stays as it was): wrong
    types, unknown fields, too long before and after cleaning, nothing visible once cleaned, and
    reactions that are not in the fixed set."""
    too_long = rng.choice(["x", "ب", "😀"]) * rng.randrange(281, 2000)
    return [
        *(json.dumps({"type": "chat", "text": t}) for t in (5, None, [], {}, True, ["salam"], {"text": "hi"})),
        json.dumps({"type": "chat"}),
        json.dumps({"type": "chat", "text": "hi", "player": "someone"}),
        json.dumps({"type": "chat", "text": "hi", "kind": "reaction"}),
        json.dumps({"type": "chat", "text": "x" * 2001}),
        dump({"type": "chat", "text": too_long}),
        *(
            dump({"type": "chat", "text": invisible * rng.randrange(1, 200)})
            for invisible in (" ", "\t", "\n", "\u202e", "\u2066", "\u200b", "\u200c\u2060", "\u0000", "\u3000")
        ),
        dump({"type": "chat", "text": PERSIAN * (2000 // len(PERSIAN) + 1)}),
        *(
            dump({"type": "react", "reaction": r})
            for r in ("", "CLAP", "clap\u0000", "clap ", "__proto__", "کف", "x" * 33, "\u202eclap")
        ),
        *(json.dumps({"type": "react", "reaction": r}) for r in (5, None, ["clap"], {"clap": 1})),
        json.dumps({"type": "react"}),
        json.dumps({"type": "react", "reaction": "clap", "text": "hi"}),
    ]


def frames_binary(seat: Seat, rng: random.Random) -> list[bytes]:
    return [
        b"",
        b"\x00",
        b"\x00\x01\xff",
        os.urandom(rng.randrange(1, 4096)),
        b'{"type": "ping", "client_time": 1}',
        json.dumps({"type": "action", "action": rng.choice(illegal_actions(seat, rng))}).encode(),
        os.urandom(MAX_MESSAGE_BYTES + 100),
        PERSIAN.encode("utf-16"),
    ]


@dataclass(frozen=True)
class Kind:
    """One kind of hostile input, sent in one `style` of socket: "greeted" sockets send `frames`
    after a good hello, "fatal" ones one frame of FATAL, the others what their name says; `closes`
    are the close codes a socket of this kind may end with."""

    name: str
    style: str  # greeted | fatal | before_hello | hello | room | flood
    frames: Callable[[Seat, random.Random], list] | None = None
    closes: frozenset[int | None] = frozenset({1000})


def _fatal_invalid_utf8(sock: RawSocket, rng: random.Random) -> int:
    sock.send(
        rng.choice(
            [
                b"\xff",
                b"\xc3\x28",
                b"\xed\xa0\x80",
                b"\xc0\xaf",
                b"\xe2\x82",
                b'{"type": "\xfe"}',
                b'{"type": "ping", "client_time": 1}\xf8\x88\x80\x80\x80',
            ]
        )
    )
    return 1


def _fatal_oversize_frame(sock: RawSocket, rng: random.Random) -> int:
    sock.send(b'{"type": "ping", "pad": "' + b"x" * rng.choice([MAX_FRAME_BYTES, 200_000, 1_100_000]) + b'"}')
    return 1


def _fatal_protocol(sock: RawSocket, rng: random.Random) -> int:
    """A frame no browser sends: unmasked, a reserved opcode or bit, a control frame fragmented or too
    long, a continuation with nothing to continue, a close with a code that may not be sent."""
    rng.choice(
        [
            lambda: sock.send(b'{"type": "ping"}', masked=False),
            lambda: sock.send(b"x", opcode=0x3),
            lambda: sock.send(b"x", opcode=0xB),
            lambda: sock.send(b'{"type": "ping"}', rsv=0x4),
            lambda: sock.send(b"x", opcode=OP_PING, fin=False),
            lambda: sock.send(b"x" * 126, opcode=OP_PING),
            lambda: sock.send(b"tail", opcode=OP_CONT),
            lambda: sock.send((999).to_bytes(2, "big"), opcode=OP_CLOSE),
            lambda: sock.send(b"\x03", opcode=OP_CLOSE),
            lambda: sock.send((1000).to_bytes(2, "big") + b"\xff", opcode=OP_CLOSE),
            # A second text frame where a continuation was due.
            lambda: (sock.send(b'{"type":', fin=False), sock.send(b'"ping"}', opcode=OP_TEXT)),
        ]
    )()
    return 1


def _fatal_cut_off(sock: RawSocket, rng: random.Random) -> int:
    """The socket drops in the middle of a frame: after the header, inside the payload, or inside the
    header's length, with no close frame."""
    payload = b'{"type": "action", "action": {"type": "play_card", "card": 1}, "client_seq": 1}'
    whole = bytes((0x81, 0x80 | len(payload))) + b"\x00\x00\x00\x00" + payload
    sock.write_raw(whole[: rng.choice([1, 2, 4, 6, len(whole) // 2, len(whole) - 1])])
    sock.write_raw(bytes((0x81, 0xFF)) + (10**9).to_bytes(8, "big") + b"\x00" * 4 + b"x" * rng.randrange(0, 50))
    return 1


FATAL = {
    "invalid_utf8": _fatal_invalid_utf8,
    "oversize_frame": _fatal_oversize_frame,
    "protocol": _fatal_protocol,
    "cut_off_mid_frame": _fatal_cut_off,
}

KINDS = [
    Kind("malformed_json", "greeted", frames_malformed_json),
    Kind("wrong_types", "greeted", frames_wrong_types),
    Kind("huge_numbers", "greeted", frames_huge_numbers),
    Kind("nan_infinity", "greeted", frames_nan_infinity),
    Kind("deep_nesting", "greeted", frames_deep_nesting),
    Kind("oversize_and_persian", "greeted", frames_oversize),
    Kind("binary", "greeted", frames_binary),
    Kind("unknown_type", "greeted", frames_unknown_type),
    Kind("junk_fields", "greeted", frames_junk_fields),
    Kind("other_seat_or_step", "greeted", frames_other_seat_or_step),
    Kind("illegal_move", "greeted", frames_illegal_moves),
    Kind("nul_bidi_surrogates", "greeted", frames_control_strings),
    Kind("chat", "greeted", frames_chat),
    Kind("invalid_utf8", "fatal", closes=frozenset({1007})),
    Kind("oversize_frame", "fatal", closes=frozenset({1009})),
    Kind("protocol", "fatal", closes=frozenset({1002, 1007})),  # 1007: a close reason that is not UTF-8
    Kind("cut_off_mid_frame", "fatal", closes=frozenset({None})),
    Kind("flood", "flood", closes=frozenset({4429})),
    Kind("bad_hello", "hello", closes=frozenset({4400, 4401})),
    Kind("before_hello", "before_hello", closes=frozenset({4400})),
    Kind("unknown_room", "room", closes=frozenset({4404})),
]
FLOOD_FRAMES = 300  # the server closes a socket after 200 refusals within 10 s; 40 of these are allowed first

BAD_HELLOS = [
    dump({"type": "hello", "token": token})
    for token in (
        "forged",
        "",
        "x" * 200,
        "x" * 201,
        5,
        ["t"],
        "\u0000",
        "a\u0000b" * 10,
        BIDI,
        PERSIAN,
        "' OR 1=1 --",
        "%00",
        {"$ne": None},
        "\ud800",
    )
] + [
    dump({"type": "hello", "token": None, "x": 1}),
    dump({"type": "HELLO", "token": None}),
    '{"type": "hello", "token": NaN}',
    '{"type": "hello", "token": "abc"',
]
BEFORE_HELLO = [
    '{"type": "ping", "client_time": 1}',
    '{"type": "action", "action": {"type": "play_card", "card": 1}}',
    '{"type": "visibility", "hidden": true}',
    "not json",
    "",
    "[" * 5000,
    b"\x00\x01",
    b'{"type": "hello"}',
    json.dumps({"type": "hello", "pad": "x" * 20_000}),
    "\ufeff" + '{"type": "hello", "token": null}',
    dump({"type": "hello", "token": None, "pad": PERSIAN * 800}),
]
UNKNOWN_ROOMS = [
    "nosuchroom",
    "%00",
    "a%00b",
    "x" * 300,
    "%E2%80%AE",
    "..%2F..%2Fetc%2Fpasswd",
    "%D8%B4",
    "%FF%FE",
    "'%20OR%201=1",
    "AAAAAAAAAAAAAAAAAAAAAA",
    "%20",
    "%2E%2E",
]


@dataclass
class Tally:
    frames: Counter = field(default_factory=Counter)  # kind -> hostile frames sent
    sockets: Counter = field(default_factory=Counter)  # kind -> sockets opened
    replies: dict = field(default_factory=lambda: defaultdict(Counter))  # kind -> reply type or error code -> n
    closes: dict = field(default_factory=lambda: defaultdict(Counter))  # kind -> close code -> n
    unanswered: Counter = field(default_factory=Counter)  # kind -> greeted frames without any answer
    acked: list = field(default_factory=list)  # illegal frames the server accepted: (room, frame)
    surprises: list = field(default_factory=list)  # a close code a kind should not end with, and the like
    http: Counter = field(default_factory=Counter)  # REST status -> n
    server_errors: list = field(default_factory=list)  # every 5xx (REST or handshake) and close 1011
    unsent: list = field(default_factory=list)  # requests that got no HTTP answer, and why

    def close(self, kind: Kind, code: int | None, what: str) -> None:
        self.closes[kind.name][code] += 1
        if code == 1011:
            self.server_errors.append(f"{kind.name}: close 1011 after {what[:200]!r}")
        elif code not in kind.closes:
            self.surprises.append(f"{kind.name}: close {code} after {what[:200]!r}")


class Campaign:
    """The hostile frames and requests against one live server."""

    def __init__(self, url: str, rooms: list[Room], seed: int, tally: Tally | None = None) -> None:
        self.url, self.rooms, self.tally = url, rooms, tally or Tally()
        self.port = int(url.rsplit(":", 1)[1])
        self.rng = random.Random(seed)
        # The other seats' legal moves, by (room, seat): a stale list still holds only moves this
        # seat cannot make, and asking again for every socket would double the run.
        self.others: dict[tuple[str, int | None], list[dict]] = {}

    # A seat of a room, or a spectator (None) now and then.
    def _pick(self) -> tuple[Room, int | None, Player | None]:
        room = self.rng.choice([r for r in self.rooms if r.started])
        if self.rng.random() < 0.15:
            return room, None, None
        seat = self.rng.choice(sorted(room.seats))
        return room, seat, room.seats[seat]

    async def _greet(self, room: Room, player: Player | None) -> tuple[RawSocket, Seat]:
        sock = await RawSocket.open(self.port, f"/ws/rooms/{room.code}")
        sock.send_json({"type": "hello", "token": player.token if player else None, "full_states": True})
        while True:
            message = await sock.next_message()
            if message is None:
                raise RuntimeError(f"no state after a good hello in {room.label} (close {sock.close_code})")
            if message["type"] == "state":
                break
        others = [] if room.game in REALTIME else await self._others_legal(room, message["seat"])
        return sock, Seat(room, message["seat"], message["view"] or {}, message["legal_actions"], others)

    async def _others_legal(self, room: Room, seat: int | None) -> list[dict]:
        key = (room.code, seat)
        if key not in self.others:
            found = []
            async with httpx.AsyncClient(base_url=self.url, timeout=30) as http:
                for other, player in room.seats.items():
                    if other != seat:
                        state = (await http.get(f"/api/rooms/{room.code}/state", headers=player.headers)).json()
                        found += state["legal_actions"]
            self.others[key] = found
        return self.others[key]

    async def greeted(self, kind: Kind, budget: int) -> None:
        """Sockets that say a good hello, then send `kind`'s frames (BATCH at a time) and read an
        answer to each; an ack in a watched room is illegal input accepted."""
        while self.tally.frames[kind.name] < budget:
            room, _, player = self._pick()
            sock, seat = await self._greet(room, player)
            self.tally.sockets[kind.name] += 1
            frames = kind.frames(seat, self.rng)
            batch = self.rng.sample(frames, min(BATCH, len(frames), budget - self.tally.frames[kind.name]))
            for frame in batch:
                if isinstance(frame, bytes):
                    sock.send(frame, OP_BINARY)
                else:
                    sock.send_text(frame)
            self.tally.frames[kind.name] += len(batch)
            await self._answers(kind, sock, room, batch)
            code_before = sock.close_code
            await sock.close()
            if code_before is not None:
                self.tally.close(kind, code_before, batch[-1] if batch else "")

    async def _answers(self, kind: Kind, sock: RawSocket, room: Room, batch: list) -> None:
        answered = 0
        while answered < len(batch):
            message = await sock.next_message()
            if message is None:
                break
            if message["type"] in ("error", "ack", "pong"):
                answered += 1
                self.tally.replies[kind.name][message.get("code") or message["type"]] += 1
                if message["type"] == "ack" and room.watched:
                    self.tally.acked.append(f"{room.label}: ack {message!r:.200} to one of {kind.name}")
            elif message["type"] == "chat":
                # A line is answered by hearing it: every line sent here must have been refused.
                answered += 1
                self.tally.acked.append(f"{room.label}: chat line stored {message!r:.200} from one of {kind.name}")
        self.tally.unanswered[kind.name] += len(batch) - answered

    async def fatal(self, kind: Kind, budget: int) -> None:
        """Sockets that say a good hello, then send one frame that must end the connection."""
        while self.tally.frames[kind.name] < budget:
            room, _, player = self._pick()
            sock, _ = await self._greet(room, player)
            self.tally.sockets[kind.name] += 1
            try:
                self.tally.frames[kind.name] += FATAL[kind.name](sock, self.rng)
                await sock.writer.drain()
            except (ConnectionError, OSError):
                pass  # the server may close while a megabyte is still on its way
            if kind.name == "cut_off_mid_frame":
                sock.abort()
                await sock.wait_closed(1)
            else:
                await sock.wait_closed()
                await sock.close()
            self.tally.close(kind, sock.close_code, kind.name)

    async def flood(self, kind: Kind, budget: int) -> None:
        while self.tally.frames[kind.name] < budget:
            room, _, player = self._pick()
            sock, _ = await self._greet(room, player)
            self.tally.sockets[kind.name] += 1
            for i in range(FLOOD_FRAMES):
                if sock.closed.is_set():
                    break
                sock.send_json({"type": "ping", "client_time": i})
                self.tally.frames[kind.name] += 1
                if i % 50 == 0:
                    await asyncio.sleep(0)  # let the reader drain the answers
            await sock.wait_closed()
            while not sock.messages.empty():
                message = sock.messages.get_nowait()
                if message["type"] in ("error", "ack", "pong"):
                    self.tally.replies[kind.name][message.get("code") or message["type"]] += 1
            await sock.close()
            self.tally.close(kind, sock.close_code, "a flood of pings")

    async def ungreeted(self, kind: Kind, budget: int) -> None:
        """Sockets whose first frame is not a good hello, or whose room does not exist."""
        while self.tally.frames[kind.name] < budget:
            room, _, _ = self._pick()
            code = room.code
            if kind.style == "hello":
                frame = self.rng.choice(BAD_HELLOS)
            elif kind.style == "before_hello":
                frame = self.rng.choice(BEFORE_HELLO)
            else:
                code, frame = self.rng.choice(UNKNOWN_ROOMS), '{"type": "hello", "token": null}'
            try:
                sock = await RawSocket.open(self.port, f"/ws/rooms/{code}")
            except Refused as refused:
                self.tally.http[refused.status] += 1
                self.tally.frames[kind.name] += 1
                if refused.status >= 500:
                    self.tally.server_errors.append(
                        f"{kind.name}: handshake of /ws/rooms/{code} answered {refused.status}"
                    )
                continue
            self.tally.sockets[kind.name] += 1
            sock.send(frame, OP_BINARY) if isinstance(frame, bytes) else sock.send_text(frame)
            self.tally.frames[kind.name] += 1
            await sock.wait_closed()
            await sock.close()
            shown = code if len(code) <= 40 else f"{code[:20]}...({len(code)} characters)"
            self.tally.close(kind, sock.close_code, f"/ws/rooms/{shown}: {frame!r:.160}")

    async def silent(self, count: int) -> None:
        """Sockets that never say hello: the server must close them itself (4400, after 15 s)."""
        kind = Kind("silent", "before_hello", closes=frozenset({4400}))

        async def one() -> None:
            sock = await RawSocket.open(self.port, f"/ws/rooms/{self.rooms[0].code}")
            await sock.wait_closed(30)
            self.tally.close(kind, sock.close_code, "nothing at all")
            await sock.close()

        self.tally.sockets["silent"] += count
        await asyncio.gather(*(one() for _ in range(count)))

    async def frames(self, total: int, silent: int = 0) -> None:
        """At least `total` hostile frames, the same share for each kind, CONCURRENCY sockets at a time."""
        budget = math.ceil(total / len(KINDS))
        run = {"greeted": self.greeted, "fatal": self.fatal, "flood": self.flood}
        lanes = []
        for kind in KINDS:
            # Each kind in a few lanes, so that the slow ones (a socket per frame) keep pace.
            lanes_of_kind = 1 if kind.style == "greeted" else 2
            for lane in range(lanes_of_kind):
                share = budget * (lane + 1) // lanes_of_kind
                lanes.append(run.get(kind.style, self.ungreeted)(kind, share))
        gate = asyncio.Semaphore(CONCURRENCY)

        async def gated(job) -> None:
            async with gate:
                await job

        await asyncio.gather(self.silent(silent), *(gated(job) for job in lanes))


# -- hostile requests --------------------------------------------------------------------------


def hostile_requests(rooms: list[Room], rng: random.Random) -> list[tuple[str, str, dict, bytes | None]]:
    """(method, path, headers, body) of requests no client of ours sends; every one of them must be
    answered below 500 and change nothing in the watched rooms."""
    json_type = {"Content-Type": "application/json"}
    bodies = [
        b"",
        b"{",
        b"null",
        b"[]",
        b"1",
        b'"x"',
        b'{"name":',
        b'{"name": NaN}',
        b'{"name": Infinity}',
        b'{"name": "a"}{"name": "b"}',
        b"[" * 5000 + b"]" * 5000,
        b'{"a":' * 3000 + b"1" + b"}" * 3000,
        b'{"name": 1' + b"0" * 5000 + b"}",
        b'{"name": "\\ud800"}',
        b'{"name": "\xff\xfe"}',
        b'{"name": "\\u0000"}',
        b"\x00",
        '{"name": "Sara"}'.encode("utf-16"),
        b'{"to": 1' + b"0" * 5000 + b"}",
        b'{"action": {"type": "play_card", "card": NaN}}',
        b'{"action": {"type": "play_card", "card": 1}, "client_seq": 1e400}',
        b'{"action": {"type": "play_card", "card": 1}, "client_seq": 1' + b"0" * 5000 + b"}",
    ]
    names = [
        "\u0000",
        "a\u0000b",
        "\u202eevil",
        BIDI + "x",
        "   ",
        "ش" * 41,
        "x" * 10_000,
        "\ud800",
        "\u200c",
        "<script>alert(1)</script>",
        "'; DROP TABLE players; --",
        "\x7f",
        "\x1b[2J",
        "\ufeff",
    ]
    paths = [
        "/api/rooms/%00",
        "/api/rooms/%00/state",
        "/api/rooms/a%00b/join",
        "/api/rooms/%2F",
        "/api/rooms/..%2F",
        "/api/rooms/" + "x" * 10_000,
        "/api/rooms/%E2%80%AE",
        "/api/rooms/%D8%B4/log",
        "/api/rooms/%FF",
        "/api/rooms/{code}%00/actions",
        "/api/rooms/{code}/seats/%00",
        "/api/rooms/{code}/seats/-1",
        "/api/rooms/{code}/seats/99999999999999999999999",
        "/api/rooms/{code}/seats/1e3/move",
        "/api/rooms/{code}/log?after=-1",
        "/api/rooms/{code}/log?after=abc",
        "/api/rooms/{code}/log?after=1e99",
        "/api/rooms/{code}/log?limit=0",
        "/api/rooms/{code}/log?limit=" + "9" * 40,
        "/api/rooms/{code}/log?after=NaN",
        "/api/rooms/{code}/log?after=%00",
        "/api/rooms/{code}/log?after=1&after=2",
        "/api/rooms/{code}/log?after=2147483648",
        "/api/rooms/{code}/log?after=9223372036854775808",
        "/api/%00",
        "/%00",
        "/api/games/%00",
        "/static/%00",
        "/static/..%2F..%2Fpyproject.toml",
        "/static/../../pyproject.toml",
        "/api/rooms/{code}/state?seat=1",
    ]
    out: list[tuple[str, str, dict, bytes | None]] = []
    for room in rooms:
        host = room.host
        token_of = [p.headers for p in room.seats.values()] + [{}]
        for path in (
            "/api/players",
            "/api/rooms",
            f"/api/rooms/{room.code}/actions",
            f"/api/rooms/{room.code}/bots",
            "/api/players/me",
            f"/api/rooms/{room.code}/seats/0/move",
        ):
            method = "PATCH" if path.endswith("/me") else "POST"
            for body in rng.sample(bodies, 6):
                out.append((method, path, {**json_type, **rng.choice(token_of)}, body))
        for name in rng.sample(names, 4):
            out.append(("POST", "/api/players", json_type, json.dumps({"name": name}).encode()))
            out.append(("PATCH", "/api/players/me", {**json_type, **host.headers}, json.dumps({"name": name}).encode()))
        for path in paths:
            out.append(("GET", path.replace("{code}", room.code), rng.choice(token_of), None))
        # Wrong methods, on every path.
        for path in (
            "/api/players",
            "/api/games",
            "/api/rooms",
            f"/api/rooms/{room.code}",
            f"/api/rooms/{room.code}/join",
            f"/api/rooms/{room.code}/state",
            f"/api/rooms/{room.code}/log",
            f"/api/rooms/{room.code}/actions",
            f"/ws/rooms/{room.code}",
        ):
            for method in rng.sample(["PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "GET", "POST", "CONNECT"], 3):
                out.append((method, path, rng.choice(token_of), None))
        # Tokens that are no token.
        for auth in (
            "Bearer",
            "Bearer x",
            "Basic YTpi",
            "bearer " + host.token,
            "Bearer " + "x" * 10_000,
            "Bearer " + host.token + " extra",
            "Bearer  " + host.token,
            "Token " + host.token,
        ):
            out.append(("GET", f"/api/rooms/{room.code}/state", {"Authorization": auth}, None))
            out.append(
                (
                    "POST",
                    f"/api/rooms/{room.code}/actions",
                    {"Authorization": auth, **json_type},
                    b'{"action": {"type": "play_card", "card": 999}}',
                )
            )
        # Illegal actions over REST, from each seat of the room.
        for player in room.seats.values():
            for bad in never_legal(room.game, rng)[:2] + [{"type": "teleport"}, {}, {"type": None}]:
                for extra in ({}, {"client_seq": -1}, {"client_seq": 2**60}, {"junk": 1}):
                    out.append(
                        (
                            "POST",
                            f"/api/rooms/{room.code}/actions",
                            {**json_type, **player.headers},
                            json.dumps({"action": bad, **extra}).encode(),
                        )
                    )
        # Host controls with bad arguments: seats that do not exist, a seat moved onto itself.
        for seat, to in ((0, 0), (1, 1), (0, 99), (-1, 0), (99, 0), (0, -1), (5, 5)):
            out.append(
                (
                    "POST",
                    f"/api/rooms/{room.code}/seats/{seat}/move",
                    {**json_type, **host.headers},
                    json.dumps({"to": to}).encode(),
                )
            )
        for seat in (-1, 99, 2**40):
            out.append(("DELETE", f"/api/rooms/{room.code}/seats/{seat}", host.headers, None))
        for body in ({"level": "godlike"}, {"seat": -1}, {"seat": 64}, {"seat": 10**20}, {"level": None, "x": 1}):
            out.append(
                ("POST", f"/api/rooms/{room.code}/bots", {**json_type, **host.headers}, json.dumps(body).encode())
            )
        for config in (
            {"timers_enabled": "yes"},
            {"target_sets": 10**30},
            {"races": -1},
            {"nope": 1},
            {"races": float("nan")},
            {"mode": "\u0000"},
            {"a" * 5000: 1},
        ):
            out.append(
                (
                    "POST",
                    "/api/rooms",
                    {**json_type, **host.headers},
                    json.dumps({"game": room.game, "config": config}).encode(),
                )
            )
        for game in ("\u0000", "x" * 10_000, "JEKYLL-VS-HYDE", "../etc", 5):
            out.append(("POST", "/api/rooms", {**json_type, **host.headers}, json.dumps({"game": game}).encode()))
        for content_type in (
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data",
            "application/json; charset=utf-16",
            "application/xml",
        ):
            out.append(("POST", "/api/players", {"Content-Type": content_type}, b'{"name": "Sara"}'))
        out.append(("POST", "/api/players", json_type, json.dumps({"name": "x" * 70_000}).encode()))
    return out


RAW_REQUESTS = [
    b"GET /api/rooms/\x00 HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Nul: a\x00b\r\n\r\n",
    b"GET /api/games HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \xff\xfe\r\n\r\n",
    b"GET /api/players/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \r\n\r\n",
    b"PATCH /api/players/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \x00\r\nContent-Length: 2\r\n\r\n{}",
    b"GET /api/games HTTP/9.9\r\nHost: x\r\n\r\n",
    b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Long: " + b"a" * 100_000 + b"\r\n\r\n",
    b"POST /api/players HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    b'POST /api/players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na',
    b"POST /api/players HTTP/1.1\r\nHost: x\r\nContent-Length: 250000000\r\n\r\n" + b"x" * 1000,
    b"POST /api/players HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
    b"POST /api/players HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    b"GET /api/games HTTP/1.1\r\n\r\n",
    b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03",  # a TLS hello on the plain port
    b"GET /ws/rooms/x HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Version: 99\r\n\r\n",
    b"GET /ws/rooms/x HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n",
    b"GET /api/ga",
]


async def raw_request(port: int, data: bytes) -> int | None:
    """Send bytes as they are; the status the server answers, if any."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(data)
        await writer.drain()
        head = await asyncio.wait_for(reader.readuntil(b"\r\n"), 5)
        return int(head.split(b" ", 2)[1])
    except (TimeoutError, asyncio.IncompleteReadError, ConnectionError, ValueError, IndexError):
        return None
    finally:
        writer.close()


async def requests_campaign(url: str, rooms: list[Room], tally: Tally, seed: int, rounds: int = 1) -> None:
    rng = random.Random(seed)
    port = int(url.rsplit(":", 1)[1])
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        gate = asyncio.Semaphore(8)

        async def one(method: str, path: str, headers: dict, body: bytes | None) -> None:
            async with gate:
                try:
                    response = await http.request(method, path, headers=headers, content=body)
                except (httpx.TransportError, httpx.InvalidURL, UnicodeError) as exc:
                    # Refused by httpx itself (never sent), or the connection dropped without an answer.
                    tally.http[type(exc).__name__] += 1
                    tally.unsent.append(
                        f"{method} {path[:100]} {dict(headers)!r:.120} {body!r:.120}: {type(exc).__name__} {exc}"[:400]
                    )
                    return
                tally.http[response.status_code] += 1
                if response.status_code >= 500:
                    tally.server_errors.append(
                        f"{method} {path[:200]} {body[:200] if body else b''!r} -> "
                        f"{response.status_code} {response.text[:200]}"
                    )

        for _ in range(rounds):
            await asyncio.gather(*(one(*r) for r in hostile_requests(rooms, rng)))
    for data, status in zip(RAW_REQUESTS, await asyncio.gather(*(raw_request(port, data) for data in RAW_REQUESTS))):
        tally.http[status if status is not None else "no answer"] += 1
        if status is not None and status >= 500:
            tally.server_errors.append(f"raw {data[:120]!r} -> {status}")


# -- extra fields on legal actions -------------------------------------------------------------


async def extra_fields_probe(url: str, rooms: list[Room], rounds: int, seed: int) -> Counter:
    """Legal actions with junk fields added, seat by seat: how many were accepted, and the codes of
    those refused. Per-game action schemas should refuse every one (a typed error)."""
    rng, outcome = random.Random(seed), Counter()
    junk = [{"junk": 1}, {"seat": 1}, {"x": "\u0000"}, {"__proto__": {"admin": True}}, {"note": PERSIAN}]
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        for room in rooms:
            for _ in range(rounds):
                moved = False
                for player in room.seats.values():
                    state = (await http.get(f"/api/rooms/{room.code}/state", headers=player.headers)).json()
                    if state["result"] is not None or not state["legal_actions"]:
                        continue
                    action = {**rng.choice(state["legal_actions"]), "step": state["view"]["step"], **rng.choice(junk)}
                    answer = await http.post(
                        f"/api/rooms/{room.code}/actions", json={"action": action}, headers=player.headers
                    )
                    outcome["accepted" if answer.status_code == 200 else f"refused {answer.json().get('code')}"] += 1
                    if answer.status_code >= 500:
                        outcome[f"5xx: {json.dumps(action)[:200]}"] += 1
                    moved = True
                if not moved:
                    await asyncio.sleep(0.1)
    return outcome


# -- schemathesis ------------------------------------------------------------------------------


def schemathesis_config(examples: int, room_codes: list[str] | None = None, token: str | None = None) -> dict:
    """The schemathesis settings of the bench (and the test's number of examples): the path
    parameter `code` drawn from live rooms nine times in ten (a random code only ever meets a
    404), and a real player's token on every request."""
    config: dict = {"generation": {"max-examples": examples}}
    if room_codes:
        config["dictionaries"] = {"rooms": {"values": room_codes}}
        config["parameters"] = {"path.code": {"dictionary": "rooms", "probability": 0.9}}
    if token:
        config["headers"] = {"Authorization": f"Bearer {token}"}
    return config


def to_toml(config: dict, prefix: str = "") -> str:
    """Just enough TOML for schemathesis_config (tables of strings, numbers, booleans, lists and inline tables)."""

    def value(v: object) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (int, float)):
            return repr(v)
        if isinstance(v, str):
            return json.dumps(v)
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return "{ " + ", ".join(f"{json.dumps(k)} = {value(x)}" for k, x in v.items()) + " }"

    leaves = {k: v for k, v in config.items() if not isinstance(v, dict) or prefix.endswith("parameters")}
    tables = {k: v for k, v in config.items() if k not in leaves}
    lines = [f"[{prefix}]"] if prefix and leaves else []
    lines += [f"{json.dumps(k)} = {value(v)}" for k, v in leaves.items()]
    for name, table in tables.items():
        lines.append(to_toml(table, f"{prefix}.{name}" if prefix else name))
    return "\n".join(lines)


def run_schemathesis(url: str, config: dict, scratch: Path, seed: int, timeout_s: int = 1200) -> dict:
    """`st run` over every operation, every phase and every check; its JSON report, and the sections
    of its output that show a server error."""
    config_path = scratch / "schemathesis.toml"
    config_path.write_text(to_toml(config) + "\n")
    command = [
        str(Path(sys.executable).with_name("st")),
        "--config-file",
        str(config_path),
        "--no-color",
        "run",
        f"{url}/openapi.json",
        "--checks",
        "all",
        "--seed",
        str(seed),
        "--workers",
        "1",
        "--report",
        "json",
        "--report-dir",
        str(scratch / "schemathesis"),
    ]
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout_s)
    report = json.loads(next((scratch / "schemathesis").glob("json-*.json")).read_text())
    sections = re.split(r"\n(?=_{5,} )", done.stdout)
    return {
        "version": report["schemathesis_version"],
        "seconds": round(time.monotonic() - started, 1),
        "exit_code": done.returncode,
        "operations": report["operations"],
        "test_cases": report["test_cases"],
        "failures": {f"{f['code']} {f['title']}": f["count"] for f in report["failures"]},
        "errors": report["errors"],
        "server_errors": [s.strip()[:3000] for s in sections if "ST101" in s][:10],
        "findings": [finding for s in sections[1:] for finding in [_finding(s)] if finding][:60],
    }


def _finding(section: str) -> str | None:
    """One line for one failing operation of `st run`'s output: its codes, the status, the request."""
    title = section.strip().splitlines()[0].strip("_ ")
    codes = sorted(set(re.findall(r"- (ST\d{3} [^\n]+)", section)))
    status = re.search(r"\[(\d{3})\]", section)
    curl = re.search(r"curl [^\n]+", section)
    if not codes:
        return None
    answered = status.group(1) if status else "?"
    return f"{title}: {'; '.join(codes)}; answered {answered}; {curl.group(0) if curl else ''}"[:500]


# -- attacks of their own (issue 27): each on a server of its own ------------------------------


@dataclass(frozen=True)
class Attack:
    """An attack that is no frame kind: `run(server)` returns its figures, with `failed` the names
    of the checks it broke; `env` is what its server's environment needs besides live_server's."""

    name: str
    run: Callable[[LiveServer], Awaitable[dict]]
    env: tuple[tuple[str, str], ...] = ()
    about: str = ""


SIGN_UP_BURST = 60  # rate.ADDRESS_LIMITS["new_player"]: 1 a second, 60 at once
FORWARDED_SIGN_UPS = 150  # sign-ups sent in one burst, each naming another address
SLOW_BODY_HEADS = 50
SLOW_BODY_TIMEOUT_S = 2.0  # DORHAMI_BODY_TIMEOUT_S of the slow_body server
SLOW_BODY_CLOSED_S = SLOW_BODY_TIMEOUT_S + 3.0  # the 408 and the close, at the latest
WATCHERS = 100
WATCHERS_PER_ADDRESS = int(os.environ.get("DORHAMI_ANONYMOUS_SOCKETS_PER_ADDRESS", 20))  # the server's default
CLOSE_TOO_MANY = 4409
REPLAY_CLIENTS, REPLAY_SECONDS = 6, 10.0
PING_EVERY_S, PING_LOST_S = 0.1, 5.0
WATCHERS_PING_LIMIT_MS = 1000.0  # a seated socket beside the watchers: still answering
REPLAY_PING_LIMIT_MS = 400.0  # a seated socket in another room while replays run (the audit saw 591 ms)
# Letters and marks that draw nothing, alone: the Hangul fillers, the braille blank, a combining
# mark with no letter; and tag characters, which draw nothing yet carry hidden ASCII.
TAG_ADMIN = "".join(chr(0xE0000 + ord(c)) for c in "admin")
BLANK_TEXTS = [
    "\u3164",
    "\u3164\u3164\u3164",
    "\u115f",
    "\u1160",
    "\u115f\u1160",
    "\uffa0",
    "\uffa0 \uffa0",
    "\u2800",
    "\u2800" * 5,
    "\u0301",
    " \u0301 ",
    "\u3164\u0301",
    "\u2800\u200b\u3164",
    "\U000e0041",
    TAG_ADMIN,
    "\U000e0001" + TAG_ADMIN + "\U000e007f",
]
TAGGED_NAMES = ["Sara" + TAG_ADMIN, TAG_ADMIN + "Sara", "S\U000e0041ara", "سارا\U000e0001"]
TAGGED_LINES = ["hi" + TAG_ADMIN, TAG_ADMIN + "salam", "\U000e0001gg\U000e007f"]
TAG_CHARACTERS = re.compile("[\U000e0000-\U000e007f]")


async def greeted_socket(port: int, code: str, player: Player | None) -> tuple[RawSocket, dict]:
    """A socket of room `code` said hello (a seated player's token, or none), and its first state."""
    sock = await RawSocket.open(port, f"/ws/rooms/{code}")
    sock.send_json({"type": "hello", "token": player.token if player else None, "full_states": True})
    while True:
        message = await sock.next_message()
        if message is None:
            raise RuntimeError(f"no state after a good hello in {code} (close {sock.close_code})")
        if message["type"] == "state":
            return sock, message


async def pings(sock: RawSocket, stop: asyncio.Event, rtts: list[float]) -> None:
    """Pings every PING_EVERY_S until `stop`, each round trip (ms) into `rtts`; one unanswered for
    PING_LOST_S counts as that long, and ends the pinging (the socket is no longer answering)."""
    while not stop.is_set():
        sent = time.monotonic()
        sock.send_json({"type": "ping", "client_time": round(sent * 1000, 3)})
        while True:
            message = await sock.next_message(max(0.0, sent + PING_LOST_S - time.monotonic()))
            if message is None:
                rtts.append(PING_LOST_S * 1000)
                return
            if message["type"] == "pong" and message.get("client_time") == round(sent * 1000, 3):
                rtts.append((time.monotonic() - sent) * 1000)
                break
        try:
            await asyncio.wait_for(stop.wait(), PING_EVERY_S)
        except TimeoutError:
            pass


def ping_figures(rtts: list[float]) -> dict:
    ordered = sorted(rtts)
    return {
        "pings": len(ordered),
        "ping_p50_ms": round(ordered[len(ordered) // 2], 1) if ordered else None,
        "ping_max_ms": round(ordered[-1], 1) if ordered else None,
    }


async def answer_of(port: int, data: bytes, limit_s: float) -> tuple[int | None, float | None, float | None]:
    """Send `data` and wait: the status answered, and seconds until the answer and until the
    server closed the connection (None: not within `limit_s`)."""
    started = time.monotonic()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    status = answered = closed = None
    try:
        writer.write(data)
        async with asyncio.timeout(limit_s):
            head = await reader.readuntil(b"\r\n")
            status, answered = int(head.split(b" ", 2)[1]), time.monotonic() - started
            while await reader.read(65536):
                pass
            closed = time.monotonic() - started
    except (TimeoutError, asyncio.IncompleteReadError, ConnectionError, ValueError, IndexError):
        pass
    finally:
        writer.transport.abort()
    return status, answered, closed


def open_fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


async def attack_harvest(server: LiveServer) -> dict:
    """Finished private games: their check and replay must name no room (the bench collects every
    room code it made, and looks for each in every answer), and their chat reads for no stranger."""
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        plans = [RoomPlan(f"harvest:{i}", "jekyll-vs-hyde", {"timers_enabled": False}, 1, bots=1) for i in range(2)]
        finished = [await set_up(http, plan) for plan in plans]
        others = [
            await set_up(http, RoomPlan("harvest:playing", "camel-up-cards", {"turn_timer_s": 120}, 2)),
            await set_up(http, RoomPlan("harvest:waiting", "camel-up-cards", {}, 1, bots=1, start=False)),
        ]
        lines = {}
        for room in finished:  # a line in each room's chat, then the game to its end
            sock, _ = await greeted_socket(server.port, room.code, room.host)
            lines[room.code] = f"harvest me {room.code[:4]} {random.randrange(10**9)}"
            sock.send_json({"type": "chat", "text": lines[room.code]})
            heard = None
            while heard is None or heard["type"] != "chat":
                heard = await sock.next_message()
                if heard is None:
                    raise RuntimeError(f"{room.label}: the chat line was never heard")
            await sock.close()
            await play_to_the_end(http, room)
        codes = [room.code for room in finished + others]
        stranger = await new_player(http, "harvest stranger")
        leaks, statuses, chat = [], Counter(), Counter()
        for room in finished:
            game_id = (await http.get(f"/api/rooms/{room.code}", headers=room.host.headers)).json()["game_id"]
            asks = [
                (f"/api/games/{game_id}/verify", {}),
                (f"/api/games/{game_id}/replay", {}),
                (f"/api/games/{game_id}/replay?seat=0", room.host.headers),
                (f"/api/games/{game_id}/replay?seat=1", stranger.headers),
            ]
            for path, headers in asks:
                answer = await http.get(path, headers=headers)
                statuses[f"{path.split('/')[-1].split('?')[0]} {answer.status_code}"] += 1
                leaks += [f"{path} names room {code}" for code in codes if code in answer.text]
            for who, headers in (("no token", {}), ("a stranger", stranger.headers), ("the host", room.host.headers)):
                answer = await http.get(f"/api/rooms/{room.code}/chat", headers=headers)
                chat[f"{who} {answer.status_code}{' with the line' if lines[room.code] in answer.text else ''}"] += 1
    unanswered = sum(n for key, n in statuses.items() if not key.endswith(" 200"))
    checks = {
        "harvest_room_code_in_check_or_replay": not leaks,
        "harvest_check_or_replay_not_answered": not unanswered,
        "harvest_chat_read_without_token": not any(
            k.startswith("no token") and (" with the line" in k or k.split()[2] not in ("401", "403")) for k in chat
        ),
        "harvest_chat_read_by_stranger": not any(
            k.startswith("a stranger") and (" with the line" in k or k.split()[2] not in ("401", "403")) for k in chat
        ),
        "harvest_chat_line_not_stored": chat["the host 200 with the line"] == len(finished),
    }
    return {
        "finished_games": len(finished),
        "room_codes": len(codes),
        "answers": dict(statuses),
        "chat_reads": dict(chat),
        "leaks": leaks[:20],
        "failed": [name for name, ok in checks.items() if not ok],
    }


async def attack_forwarded(server: LiveServer) -> dict:
    """Sign-ups in one burst, each with an X-Forwarded-For of its own: the server trusts no proxy,
    so they all come from one address, and past the address's burst they meet 429."""
    rng = random.Random(27)
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        gate = asyncio.Semaphore(10)

        async def one(i: int) -> int:
            forged = f"{rng.randrange(1, 224)}.{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(1, 255)}"
            headers = {
                "X-Forwarded-For": forged if i % 2 else f"{forged}, 127.0.0.1",
                "X-Real-IP": forged,
                "Forwarded": f"for={forged}",
            }
            async with gate:
                return (await http.post("/api/players", json={"name": f"forwarded {i}"}, headers=headers)).status_code

        started = time.monotonic()
        statuses = Counter(await asyncio.gather(*(one(i) for i in range(FORWARDED_SIGN_UPS))))
        seconds = time.monotonic() - started
    allowed = SIGN_UP_BURST + math.ceil(seconds) + 1  # the burst, and the bucket's refill meanwhile
    checks = {"forwarded_no_429": statuses[429] > 0, "forwarded_more_sign_ups_than_the_burst": statuses[201] <= allowed}
    return {
        "sign_ups": FORWARDED_SIGN_UPS,
        "seconds": round(seconds, 2),
        "created": statuses[201],
        "limited_429": statuses[429],
        "allowed_at_most": allowed,
        "statuses": {str(k): v for k, v in statuses.items()},
        "failed": [name for name, ok in checks.items() if not ok],
    }


async def attack_slow_body(server: LiveServer) -> dict:
    """Request heads announcing a body that never comes: each answered 408 and closed once the body
    timeout passes, and the server's open files back to what they were."""
    pid = server.proc.pid
    before = open_fds(pid)
    head = b'POST /api/players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na'
    peak = 0

    async def watch() -> None:
        nonlocal peak
        while True:
            peak = max(peak, open_fds(pid))
            await asyncio.sleep(0.1)

    watching = asyncio.create_task(watch())
    answers = await asyncio.gather(
        *(answer_of(server.port, head, SLOW_BODY_TIMEOUT_S + 8) for _ in range(SLOW_BODY_HEADS))
    )
    watching.cancel()
    deadline, after = time.monotonic() + 5, open_fds(pid)
    while after > before and time.monotonic() < deadline:
        await asyncio.sleep(0.2)
        after = open_fds(pid)
    statuses = Counter(str(status) for status, _, _ in answers)
    closed = [c for _, _, c in answers if c is not None]
    checks = {
        "slow_body_not_408": statuses["408"] == SLOW_BODY_HEADS,
        "slow_body_not_closed_in_time": len(closed) == SLOW_BODY_HEADS and max(closed) <= SLOW_BODY_CLOSED_S,
        "slow_body_fds_not_back": after <= before,
    }
    return {
        "heads": SLOW_BODY_HEADS,
        "statuses": dict(statuses),
        "closed": len(closed),
        "closed_max_s": round(max(closed), 2) if closed else None,
        "answered_max_s": round(max((a for _, a, _ in answers if a is not None), default=0), 2),
        "fds_before": before,
        "fds_peak": peak,
        "fds_after": after,
        "failed": [name for name, ok in checks.items() if not ok],
    }


async def attack_watchers(server: LiveServer) -> dict:
    """WATCHERS anonymous sockets to one room from one address: at most the address's allowance
    stay, the others are closed 4409, and a seated player's socket there keeps answering pings."""
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        room = await set_up(http, RoomPlan("watchers", "jekyll-vs-hyde", {"timers_enabled": False}, 2))
    seated, _ = await greeted_socket(server.port, room.code, room.host)
    stop, rtts = asyncio.Event(), []
    pinging = asyncio.create_task(pings(seated, stop, rtts))
    await asyncio.sleep(0.5)

    async def watcher() -> tuple[str, RawSocket | None]:
        try:
            sock = await RawSocket.open(server.port, f"/ws/rooms/{room.code}")
        except Refused as refused:
            return f"handshake {refused.status}", None
        except (TimeoutError, OSError) as exc:
            return type(exc).__name__, None
        sock.send_json({"type": "hello", "token": None, "full_states": True})
        while (message := await sock.next_message()) is not None:
            if message["type"] == "state":
                return "accepted", sock
        return f"close {sock.close_code}", sock

    outcomes = await asyncio.gather(*(watcher() for _ in range(WATCHERS)))
    await asyncio.sleep(1)  # the accepted ones stay a while, the seated socket pinging beside them
    stop.set()
    await pinging
    for _, sock in outcomes:
        if sock is not None:
            await sock.close()
    await seated.close()
    counts = Counter(outcome for outcome, _ in outcomes)
    pinged = ping_figures(rtts)
    checks = {
        "watchers_over_the_allowance": counts["accepted"] <= WATCHERS_PER_ADDRESS,
        "watchers_not_closed_4409": counts[f"close {CLOSE_TOO_MANY}"] == WATCHERS - counts["accepted"],
        "watchers_seated_socket_stopped_answering": bool(rtts) and max(rtts) <= WATCHERS_PING_LIMIT_MS,
    }
    return {
        "watchers": WATCHERS,
        "allowance": WATCHERS_PER_ADDRESS,
        "outcomes": dict(counts),
        **pinged,
        "failed": [name for name, ok in checks.items() if not ok],
    }


async def attack_replays(server: LiveServer) -> dict:
    """REPLAY_CLIENTS clients asking for a finished game's replay and check in a loop: they meet
    429 (the address's replay budget), and a seated player in another room keeps a low ping."""
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        done = await set_up(
            http, RoomPlan("replays:finished", "jekyll-vs-hyde", {"timers_enabled": False}, 1, bots=1, finish=True)
        )
        game_id = (await http.get(f"/api/rooms/{done.code}")).json()["game_id"]
        room = await set_up(http, RoomPlan("replays:playing", "jekyll-vs-hyde", {"timers_enabled": False}, 2))
    seated, _ = await greeted_socket(server.port, room.code, room.host)
    stop, rtts, calm = asyncio.Event(), [], []
    pinging = asyncio.create_task(pings(seated, stop, calm))
    await asyncio.sleep(1)  # the ping with nothing else running, for comparison
    stop.set()
    await pinging
    stop = asyncio.Event()
    pinging = asyncio.create_task(pings(seated, stop, rtts))
    statuses, deadline = Counter(), time.monotonic() + REPLAY_SECONDS

    async def client(i: int) -> None:
        async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
            while time.monotonic() < deadline:
                path = f"/api/games/{game_id}/{'replay' if i % 2 else 'verify'}"
                try:
                    statuses[(await http.get(path)).status_code] += 1
                except httpx.TimeoutException:
                    statuses["timeout"] += 1

    await asyncio.gather(*(client(i) for i in range(REPLAY_CLIENTS)))
    stop.set()
    await pinging
    await seated.close()
    pinged = ping_figures(rtts)
    checks = {
        "replays_no_429": statuses[429] > 0,
        "replays_seated_ping_too_high": bool(rtts) and max(rtts) <= REPLAY_PING_LIMIT_MS,
    }
    return {
        "clients": REPLAY_CLIENTS,
        "seconds": REPLAY_SECONDS,
        "requests": sum(statuses.values()),
        "statuses": {str(k): v for k, v in statuses.items()},
        **pinged,
        "calm_ping_max_ms": ping_figures(calm)["ping_max_ms"],
        "failed": [name for name, ok in checks.items() if not ok],
    }


async def attack_names(server: LiveServer) -> dict:
    """Names and chat lines that draw nothing (fillers, the braille blank, a lone combining mark)
    or hide tag characters: names refused with 422, lines with chat_empty or the tags stripped."""
    names, lines = Counter(), Counter()
    taken = []
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        room = await set_up(http, RoomPlan("names", "jekyll-vs-hyde", {"timers_enabled": False}, 2))
        for name in BLANK_TEXTS + TAGGED_NAMES:
            for method, path, headers in (
                ("POST", "/api/players", {}),
                ("PATCH", "/api/players/me", room.host.headers),
            ):
                answer = await http.request(method, path, json={"name": name}, headers=headers)
                names[f"{method} {answer.status_code}"] += 1
                if answer.status_code != 422:
                    taken.append(f"{method} {name!r} -> {answer.status_code}")
    sock, _ = await greeted_socket(server.port, room.code, room.host)
    for text in BLANK_TEXTS + TAGGED_LINES:
        sock.send_json({"type": "chat", "text": text})
        while True:
            message = await sock.next_message()
            if message is None:
                lines["no answer"] += 1
                taken.append(f"chat {text!r}: no answer")
                break
            if message["type"] == "error":
                lines[message.get("code")] += 1
                if text in BLANK_TEXTS and message.get("code") != "chat_empty":
                    taken.append(f"chat {text!r} -> {message.get('code')}")
                break
            if message["type"] == "chat":
                body = (message.get("line") or message).get("body", "")
                stripped = text in TAGGED_LINES and not TAG_CHARACTERS.search(json.dumps(message, ensure_ascii=False))
                lines["stored, tags stripped" if stripped else "stored as sent"] += 1
                if not stripped:
                    taken.append(f"chat {text!r} stored: {body!r:.80}")
                break
    await sock.close()
    checks = {
        "names_blank_or_tagged_taken": not any(t.startswith(("POST", "PATCH")) for t in taken),
        "chat_blank_or_tagged_line_stored": not any(t.startswith("chat") for t in taken),
    }
    return {
        "names_sent": len(BLANK_TEXTS + TAGGED_NAMES) * 2,
        "names": dict(names),
        "lines_sent": len(BLANK_TEXTS + TAGGED_LINES),
        "lines": dict(lines),
        "taken": taken[:20],
        "failed": [name for name, ok in checks.items() if not ok],
    }


ATTACKS = [
    Attack("harvest", attack_harvest, about="finished private games: no room code in check or replay; chat unread"),
    Attack(
        "forwarded",
        attack_forwarded,
        (("DORHAMI_RATE_LIMITS", "on"),),
        about=f"{FORWARDED_SIGN_UPS} sign-ups with forged X-Forwarded-For: 429 past the burst",
    ),
    Attack(
        "slow_body",
        attack_slow_body,
        (("DORHAMI_BODY_TIMEOUT_S", f"{SLOW_BODY_TIMEOUT_S:g}"),),
        about=f"{SLOW_BODY_HEADS} heads whose body never comes: 408, closed, no fd kept",
    ),
    Attack(
        "watchers",
        attack_watchers,
        (("DORHAMI_RATE_LIMITS", "on"),),
        about=f"{WATCHERS} anonymous sockets from one address: 4409 past the allowance",
    ),
    Attack(
        "replays",
        attack_replays,
        (("DORHAMI_RATE_LIMITS", "on"),),
        about=f"{REPLAY_CLIENTS} clients replaying for {REPLAY_SECONDS:g} s: 429, and the tables keep their pace",
    ),
    Attack("names", attack_names, about="blank and tagged names and chat lines refused"),
]
ATTACK_NAMES = [a.name for a in ATTACKS]


def run_attacks(names: list[str], database_url: str, scratch: Path, core: int | None = None) -> dict:
    """Each attack of `names` against a server of its own (its environment, fresh rate-limit
    buckets) on `database_url`; its figures, plus the server log's 5xx answers and tracebacks."""
    found = {}
    for attack in (a for a in ATTACKS if a.name in names):
        log_path = scratch / f"server-{attack.name}.log"
        started = time.monotonic()
        with live_server(database_url, log_path, env=dict(attack.env), core=core) as server:
            figures = asyncio.run(attack.run(server))
        log = read_log(log_path)
        figures.update(
            wall_s=round(time.monotonic() - started, 1),
            tracebacks=log.tracebacks,
            five_xx_in_access_log=len(log.five_xx),
            log_errors=counted((e.splitlines()[-1] for e in log.errors), alike=True)[:5],
        )
        if log.tracebacks or log.five_xx:
            figures["failed"].append(f"{attack.name}_server_errors")
        found[attack.name] = figures
    return found


# -- the whole run -----------------------------------------------------------------------------


async def setup_rooms(url: str) -> tuple[list[Room], list[Room], list[Room], Player]:
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        rooms = [await set_up(http, plan) for plan in ROOM_PLANS]
        probes = [await set_up(http, plan) for plan in PROBE_PLANS]
        fuzzer = await new_player(http, "schemathesis")
        fuzz = [await set_up(http, plan, fuzzer) for plan in FUZZ_PLANS]
    for room in probes + fuzz:
        room.watched = False
    return rooms, probes, fuzz, fuzzer


async def attack(server: LiveServer, frames: int, seed: int, silent: int = 0, extra_rounds: int = 10) -> dict:
    """Set up the rooms, send the hostile frames and requests, and say what changed."""
    rooms, probes, fuzz, fuzzer = await setup_rooms(server.url)
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        before = await settled_snapshots(http, rooms)
    rss_before = server.rss_mib()
    started = time.monotonic()
    campaign = Campaign(server.url, rooms, seed)
    await campaign.frames(frames, silent)
    frames_s = time.monotonic() - started
    await requests_campaign(server.url, rooms, campaign.tally, seed)
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        after = {room.code: await snapshot(http, room) for room in rooms}
    changed = [c for room in rooms for c in changes(room, before[room.code], after[room.code])]
    extra = await extra_fields_probe(server.url, probes, extra_rounds, seed)
    return {
        "rooms": rooms,
        "fuzz_rooms": fuzz,
        "fuzzer": fuzzer,
        "tally": campaign.tally,
        "changed": changed,
        "extra_fields": extra,
        "rss_before_mib": rss_before,
        "rss_after_mib": server.rss_mib(),
        "frames_seconds": frames_s,
        "before": before,
    }


def summary(result: dict, log: LogFigures, database: str, wall_s: float) -> dict:
    tally: Tally = result["tally"]
    five_xx = len(tally.server_errors) + sum(
        1 for f in result.get("schemathesis", {}).get("failures", {}) if f.startswith("ST101")
    )
    return {
        "database": database,
        "frames": sum(tally.frames.values()),
        "frames_by_kind": dict(tally.frames),
        "sockets": sum(tally.sockets.values()),
        "requests": sum(tally.http.values()),
        "5xx_client_side": len(tally.server_errors),
        "5xx_in_access_log": len(log.five_xx),
        "tracebacks": log.tracebacks,
        "state_changes": result["changed"] + tally.acked,
        "rss_before_mib": round(result["rss_before_mib"], 1),
        "rss_after_frames_mib": round(result["rss_after_mib"], 1),
        "rss_after_all_mib": round(result.get("rss_end_mib", result["rss_after_mib"]), 1),
        "closes_by_code": dict(
            sum((Counter({str(k): v for k, v in c.items()}) for c in tally.closes.values()), Counter())
        ),
        "closes_by_kind": {k: {str(code): n for code, n in c.items()} for k, c in tally.closes.items()},
        "replies_by_kind": {k: dict(c) for k, c in tally.replies.items()},
        "unanswered": dict(+tally.unanswered),
        "surprises": counted(tally.surprises),
        "http_statuses": {str(k): v for k, v in tally.http.items()},
        "requests_without_answer": tally.unsent[:30],
        "extra_fields_on_legal_actions": dict(result["extra_fields"]),
        "schemathesis": result.get("schemathesis"),
        "server_errors": counted(tally.server_errors),
        "server_errors_in_access_log": counted(log.five_xx, alike=True),
        # A traceback by its exception, however often it was logged; the first of each in full.
        "log_errors": counted((e.splitlines()[-1] for e in log.errors), alike=True),
        "log_error_examples": list({e.splitlines()[-1]: e for e in reversed(log.errors)}.values())[:10],
        "frames_seconds": round(result["frames_seconds"], 1),
        "wall_seconds": round(wall_s, 1),
        "failed": bool(five_xx or log.five_xx or log.tracebacks or result["changed"] or tally.acked),
    }


ROOM_CODE = re.compile(r"(?<=/rooms/)[\w-]{16}(?![\w-])|(?<=table )[\w-]{16}(?=:)")
TIMESTAMP = re.compile(r"^\d{4}-\d\d-\d\d [\d:,]+ ")
DETAIL = re.compile(r"\b0x[0-9a-f]+\b|\d{2,}|(?<=position )\d+")


def counted(items, alike: bool = False) -> list[str]:
    """Each distinct item once, most frequent first, with how often it came; room codes (and, if
    `alike`, timestamps and numbers, as in the bytes and positions of a UnicodeDecodeError) made alike."""

    def key(item: str) -> str:
        item = ROOM_CODE.sub("{code}", item)
        return DETAIL.sub("N", TIMESTAMP.sub("", item)) if alike else item

    return [f"{n} times: {item}" if n > 1 else item for item, n in Counter(key(i) for i in items).most_common()]
