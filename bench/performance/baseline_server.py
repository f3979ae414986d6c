"""A bare room server with no game logic: what the socket path costs without Dorhami.

Run: .venv/bin/python -m bench.performance.baseline_server [--durable | --group-commit] --port 8001
(`bench/performance/hub_load.py` starts it itself; see there for the figures.)

It speaks the part of Dorhami's room protocol a load generator drives, on uvloop and the
`websockets` asyncio server (permessage-deflate off, 64 KiB frames, like Dorhami will be):

- connect to `/ws/rooms/{code}` and send `{"type":"hello","token":...}`; the first two tokens
  seen in a room hold seats 0 and 1, anyone else (or `"token": null`) watches;
- the server answers with a `state` message; the seat to move (seats alternate, seat 0 first)
  gets a non-empty `legal_actions` list, as in Dorhami;
- `{"type":"action","action":{...},"client_seq":n}` from the seat to move is stamped (server
  ms), optionally made durable, then every socket of the room gets a `state` message (one text
  per seat, one shared text for all spectators) and the actor an `ack` — in Dorhami's order;
- `{"type":"ping","client_time":t}` gets `{"type":"pong","client_time":t,"server_time":ms}`.

Messages are padded to the sizes Dorhami sends for Jekyll vs. Hyde, so both servers encode and
write the same number of bytes. Durability variants, each one SQLite file in WAL mode with
`synchronous=FULL` written by one thread (the event loop never waits on the disk):

- `--durable`: one transaction per action, before its ack and broadcast;
- `--group-commit`: one transaction for every action of every room that arrived while the
  previous commit ran, or within 2 ms of the first when the writer was idle; each room's ack and
  broadcast wait for the commit of its own batch.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import queue
import signal
import sqlite3
import tempfile
import threading
import time
from pathlib import Path

import uvloop
from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed

HELLO_TIMEOUT_S = 15
MAX_FRAME = 64 * 1024

# Mean text sizes (bytes) of Dorhami's Jekyll vs. Hyde messages (timers off, random legal play),
# as `bench/performance/hub_load.py --target dorhami` prints them ("message sizes"): the state message to the
# seat to move (its view and legal actions), to the seat waiting (its view, no legal actions), to
# a spectator (the public view), and the mover's ack. Measured 2026-12-01 over 21 loaded runs of
# 200 tables (per run: mover 1256–1423, waiter 953–1001, spectator 945–967, ack 164–170).
SIZE_MOVER, SIZE_WAITER, SIZE_SPECTATOR, SIZE_ACK = 1361, 968, 952, 166

# The seat to move gets a few actions shaped like Jekyll vs. Hyde's, so a client picks from a
# list exactly as it does against Dorhami.
LEGAL = [{"type": "play_card", "card": card, "named_color": None} for card in (3, 9, 14, 20)]


def now_ms() -> int:
    return time.time_ns() // 1_000_000


def _padding(size: int, shape: dict) -> str:
    """Filler that brings `shape` (encoded with 4-digit versions and 13-digit times) to `size`."""
    return "x" * max(0, size - len(json.dumps(shape)))


def _state(version: int, seat: int | None, turn: int, stamp: int, padding: str) -> dict:
    return {
        "type": "state",
        "game_id": 1,
        "version": version,
        "seat": seat,
        "view": {"step": version, "turn": turn, "server_ms": stamp, "padding": padding},
        "legal_actions": LEGAL if seat == turn else [],
        "events": [],
        "result": None,
    }


def _ack(client_seq: int | None, version: int, stamp: int, padding: str) -> dict:
    return {
        "type": "ack",
        "client_seq": client_seq,
        "version": version,
        "events": [{"type": "stamped", "server_ms": stamp, "padding": padding}],
    }


_V, _T = 1000, 1_700_000_000_000
PAD_MOVER = _padding(SIZE_MOVER, _state(_V, 0, 0, _T, ""))
PAD_WAITER = _padding(SIZE_WAITER, _state(_V, 1, 0, _T, ""))
PAD_SPECTATOR = _padding(SIZE_SPECTATOR, _state(_V, None, 0, _T, ""))
PAD_ACK = _padding(SIZE_ACK, _ack(_V, _V, _T, ""))


class ActionLog:
    """The durable log: one writer thread owning one SQLite connection.

    `append` returns a future that completes on the event loop once the row is committed."""

    def __init__(self, path: Path, group: bool, window_s: float) -> None:
        self.group, self.window_s = group, window_s
        self.loop = asyncio.get_running_loop()
        self.inbox: queue.SimpleQueue = queue.SimpleQueue()
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS actions (room TEXT, seq INTEGER, seat INTEGER, action TEXT, "
            "server_ms INTEGER, client_seq INTEGER, PRIMARY KEY (room, seq))"
        )
        self.thread = threading.Thread(target=self._write, name="action-log", daemon=True)
        self.thread.start()

    def append(self, row: tuple) -> asyncio.Future:
        done = self.loop.create_future()
        self.inbox.put((row, done))
        return done

    def close(self) -> None:
        self.inbox.put(None)
        self.thread.join()
        self.db.close()

    def _next_batch(self) -> list:
        """The appends of the next transaction (a None among them: close after it)."""
        if not self.group:
            return [self.inbox.get()]
        batch = self._drain()
        if not batch:
            # Idle: the first append opens a window; whatever arrives within it joins.
            batch = [self.inbox.get()]
            time.sleep(self.window_s)
            batch += self._drain()
        # Otherwise these appends arrived while the previous commit ran: commit them right away.
        return batch

    def _drain(self) -> list:
        items = []
        while True:
            try:
                items.append(self.inbox.get_nowait())
            except queue.Empty:
                return items

    def _write(self) -> None:
        closing = False
        while not closing:
            batch = self._next_batch()
            if None in batch:
                batch, closing = batch[: batch.index(None)], True
            if not batch:
                continue
            try:
                self.db.execute("BEGIN")
                self.db.executemany("INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?)", [row for row, _ in batch])
                self.db.execute("COMMIT")
                outcome = None
            except sqlite3.Error as exc:
                self.db.rollback()
                outcome = exc
            # One wake-up of the loop per batch, not per row.
            self.loop.call_soon_threadsafe(_settle, [done for _, done in batch], outcome)


def _settle(futures: list[asyncio.Future], error: Exception | None) -> None:
    for done in futures:
        if done.done():
            continue
        if error is None:
            done.set_result(None)
        else:
            done.set_exception(error)


class Room:
    """The sockets of one room code, its version counter and whose turn it is."""

    def __init__(self, code: str, log: ActionLog | None) -> None:
        self.code, self.log = code, log
        self.tokens: dict[str, int] = {}
        self.seats: tuple[set, set] = (set(), set())
        self.spectators: set[ServerConnection] = set()
        self.version, self.turn, self.last_ms = 0, 0, now_ms()

    def seat_for(self, token: str | None) -> int | None:
        if token is None:
            return None
        if token not in self.tokens and len(self.tokens) < 2:
            self.tokens[token] = len(self.tokens)
        return self.tokens.get(token)

    def sockets_of(self, seat: int | None) -> set:
        return self.spectators if seat is None else self.seats[seat]

    def state_text(self, seat: int | None) -> str:
        padding = PAD_SPECTATOR if seat is None else PAD_MOVER if seat == self.turn else PAD_WAITER
        return json.dumps(_state(self.version, seat, self.turn, self.last_ms, padding))

    async def act(self, conn: ServerConnection, seat: int | None, message: dict) -> None:
        client_seq = message.get("client_seq")
        if seat != self.turn:
            await conn.send(
                json.dumps(
                    {
                        "type": "error",
                        "client_seq": client_seq,
                        "code": "not_your_turn",
                        "message": "it is not your turn",
                    }
                )
            )
            return
        # Stamped and numbered on receipt, as Dorhami does; the turn passes at once, so the
        # next mover's action is judged against this one even while its commit runs.
        stamp = now_ms()
        self.version += 1
        self.turn = 1 - seat
        version = self.version
        if self.log:
            await self.log.append((self.code, version, seat, json.dumps(message.get("action")), stamp, client_seq))
        self.last_ms = stamp
        for each in (0, 1, None):
            broadcast(self.sockets_of(each), self.state_text(each))
        broadcast((conn,), json.dumps(_ack(client_seq, version, stamp, PAD_ACK)))


class Server:
    def __init__(self, log: ActionLog | None) -> None:
        self.log = log
        self.rooms: dict[str, Room] = {}

    async def handle(self, conn: ServerConnection) -> None:
        path = conn.request.path
        if not path.startswith("/ws/rooms/") or len(path) == len("/ws/rooms/"):
            await conn.close(4404, "no such room")
            return
        code = path[len("/ws/rooms/") :]
        try:
            hello = json.loads(await asyncio.wait_for(conn.recv(), HELLO_TIMEOUT_S))
            if hello.get("type") != "hello":
                raise ValueError
        except (TimeoutError, ValueError, AttributeError):
            await conn.close(4400, 'expected {"type":"hello","token":...} first')
            return
        room = self.rooms.get(code) or self.rooms.setdefault(code, Room(code, self.log))
        seat = room.seat_for(hello.get("token"))
        room.sockets_of(seat).add(conn)
        try:
            await conn.send(room.state_text(seat))
            async for text in conn:
                await self.receive(conn, room, seat, text)
        except ConnectionClosed:
            pass
        finally:
            room.sockets_of(seat).discard(conn)

    async def receive(self, conn: ServerConnection, room: Room, seat: int | None, text: str | bytes) -> None:
        try:
            message = json.loads(text)
            kind = message.get("type")
        except (ValueError, AttributeError):
            kind = None
        if kind == "action":
            await room.act(conn, seat, message)
        elif kind == "ping":
            await conn.send(
                json.dumps({"type": "pong", "client_time": message.get("client_time"), "server_time": now_ms()})
            )
        else:
            await conn.send(
                json.dumps(
                    {
                        "type": "error",
                        "client_seq": None,
                        "code": "invalid_message",
                        "message": "expected an action or a ping",
                    }
                )
            )


async def main(args: argparse.Namespace) -> None:
    with contextlib.ExitStack() as stack:
        log = None
        if args.durable or args.group_commit:
            path = (
                Path(args.db)
                if args.db
                else Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="baseline-"))) / "log.db"
            )
            log = stack.enter_context(contextlib.closing(ActionLog(path, args.group_commit, args.window_ms / 1000)))
        await serve_until_signal(Server(log), args)


async def serve_until_signal(server: Server, args: argparse.Namespace) -> None:
    stop = asyncio.get_running_loop().create_future()
    for signum in (signal.SIGINT, signal.SIGTERM):
        asyncio.get_running_loop().add_signal_handler(signum, lambda: stop.done() or stop.set_result(None))
    async with serve(server.handle, args.host, args.port, compression=None, max_size=MAX_FRAME):
        variant = "group commit" if args.group_commit else "durable" if args.durable else "in memory"
        print(f"baseline ({variant}) listening on ws://{args.host}:{args.port}", flush=True)
        await stop


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8001)
    durability = parser.add_mutually_exclusive_group()
    durability.add_argument(
        "--durable",
        action="store_true",
        help="commit each action (SQLite WAL, synchronous=FULL) before its ack and broadcast",
    )
    durability.add_argument(
        "--group-commit",
        action="store_true",
        help="commit the actions of all rooms in batches, one transaction per batch",
    )
    parser.add_argument(
        "--window-ms",
        type=float,
        default=2.0,
        help="--group-commit: how long an idle writer waits for more appends (default 2)",
    )
    parser.add_argument("--db", help="the SQLite file of --durable/--group-commit (default: a new temp file)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    uvloop.run(main(parse_args()))
