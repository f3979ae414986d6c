"""Crowd: what N anonymous watchers joining and leaving one room cost the server and its player.

Reproduce:

  .venv/bin/python -m bench.performance.crowd                                   # 2,000 watchers, caps as configured
  .venv/bin/python -m bench.performance.crowd --caps off --runs 3               # the room-message coalescing alone
  .venv/bin/python -m bench.performance.crowd --caps on --addresses 20          # both caps: per address and per room
  .venv/bin/python -m bench.performance.crowd --caps off --runs 3 \\
      --repo /tmp/dorhami-before --repo .                           # before/after, interleaved A B A B A B

Each run starts `python -m dorhami.cli serve` from a checkout (`--repo`, default this one; its
`src` on PYTHONPATH, with this interpreter: the import is checked to come from that checkout),
pinned to core 0 with taskset, on a fresh SQLite database in a temp dir, DORHAMI_RATE_LIMITS=off.
This process runs on core 1. Over REST it makes one room of Jekyll vs. Hyde (timers off, so the
game stands still) with the host seated, a bot, and the game started; the host's socket pings
(`{"type":"ping","client_time":t}`) every 100 ms. Then the crowd phase:

- open `--sockets` anonymous sockets (`{"type":"hello","token":null}`) to that room, as fast as
  the server takes them (up to CONNECT_CONCURRENCY handshakes in flight), each from one of
  `--addresses` loopback addresses (127.0.0.2, 127.0.0.3, ...: the server caps anonymous
  sockets per address, so one address shows only that cap);
- once every socket is answered (its first `room` message: accepted; a close: refused), hold
  them `--hold` seconds, then close them all at once;
- the phase ends when the host's latest `room` message shows no spectator left, plus TAIL_S.

Figures of the phase: server CPU seconds (/proc/<pid>/stat utime+stime), server RSS before, peak
(VmRSS sampled every 50 ms) and after; the host's ping round trip p50/p99/max and pings left
unanswered; crowd sockets accepted and refused (close 4409), and any other close; the `room`
messages the host's socket received and those all crowd sockets received; this generator's own
CPU (if it nears 100 % of its core, its arrival times run late and the pings look worse).

`--caps off` sets DORHAMI_ANONYMOUS_SOCKETS_PER_ADDRESS and _PER_ROOM to 100000 (a server that
predates the caps ignores them); `--caps on` sets neither, so the server's defaults apply.
With several `--repo`, runs interleave (run 1: A B, run 2: A B, ...) and the summary gives
medians with min-max and each figure's ratio to the first repo's.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import orjson
import uvloop

from tests.support.processes import stop_process
from tests.support.servers import Server, _wait_ready, core_busy_seconds, free_port
from tests.support.wsclient import Socket

HERE = Path(__file__).resolve().parents[2]  # the repository
SERVER_CORE, CLIENT_CORE = 0, 1
GAME, CONFIG = "jekyll-vs-hyde", {"timers_enabled": False}
PING_EVERY_S = 0.1
RSS_EVERY_S = 0.05
CONNECT_CONCURRENCY = 200  # handshakes in flight at once
ANSWER_TIMEOUT_S = 300  # a socket not answered (room or close) by then counts as "unanswered"
SETTLE_TIMEOUT_S = 300  # after the close: the longest wait for the host to see 0 spectators
TAIL_S = 0.5  # ...and then this much more, for the server's trailing work
PONG_TIMEOUT_S = 5  # a ping of the phase unanswered this long after it counts as unanswered
CAP_OFF = "100000"
CLOSE_TOO_MANY = 4409
ROOM_HEAD = b'{"type":"room"'
dumps, loads = orjson.dumps, orjson.loads


# -- the server ---------------------------------------------------------------------------


def server_env(repo: Path, scratch: Path, name: str, caps: str) -> dict:
    env = dict(
        os.environ,
        PYTHONPATH=str(repo / "src"),
        DATABASE_URL=f"sqlite:///{scratch / (name + '.db')}",
        DORHAMI_RATE_LIMITS="off",
    )  # one generator makes everything from one address
    if caps == "off":
        env.update(DORHAMI_ANONYMOUS_SOCKETS_PER_ADDRESS=CAP_OFF, DORHAMI_ANONYMOUS_SOCKETS_PER_ROOM=CAP_OFF)
    return env


def check_import(repo: Path, env: dict, cwd: Path) -> None:
    """The server must run the checkout's code, not the one installed in this venv."""
    found = subprocess.run(
        [sys.executable, "-c", "import dorhami; print(dorhami.__file__)"],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    if not Path(found).resolve().is_relative_to((repo / "src").resolve()):
        raise SystemExit(f"dorhami imports from {found}, not from {repo}/src")


def describe(repo: Path) -> str:
    """The checkout's commit, with "+changes" when its tree differs from it."""
    git = ["git", "-C", str(repo)]
    commit = subprocess.run([*git, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(
        [*git, "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True
    ).stdout.strip()
    return f"{commit or '?'}{'+changes' if dirty else ''}"


@asynccontextmanager
async def serving(repo: Path, scratch: Path, name: str, caps: str) -> AsyncIterator[Server]:
    """`dorhami serve` from `repo` on core 0 and a free port; stopped however the block ends."""
    env = server_env(repo, scratch, name, caps)
    check_import(repo, env, scratch)
    port = free_port()
    log_path = scratch / (name + ".log")
    command = [
        "taskset",
        "-c",
        str(SERVER_CORE),
        sys.executable,
        "-m",
        "dorhami.cli",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
    ]
    proc = None
    try:
        with open(log_path, "wb") as log:
            proc = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=scratch, start_new_session=True
            )
        server = Server("dorhami", port, proc, log_path, "SQLite (WAL, synchronous=FULL)")
        await _wait_ready(server)
        yield server
    finally:
        if proc is not None:
            stop_process(proc)


# -- the seated player ----------------------------------------------------------------------


class Host:
    """The host's socket: pings every 100 ms, keeps the round trips and counts `room` messages."""

    def __init__(self) -> None:
        self.sock: Socket | None = None
        self.first_state = asyncio.get_running_loop().create_future()
        self.recording = False
        self.rtts: list[float] = []
        self.outstanding: set[float] = set()  # client_time of each ping sent while recording, not yet answered
        self.rooms = 0
        self.errors: Counter[str] = Counter()  # error replies by code, while recording
        self.spectators: int | None = None
        self.no_spectators = asyncio.Event()
        self.timer: asyncio.TimerHandle | None = None
        self.next_ping = 0.0
        self.lost: str | None = None

    async def answered(self, timeout: float) -> None:
        """Wait (up to `timeout`) for the pongs of the pings sent while recording."""
        deadline = time.monotonic() + timeout
        while self.outstanding and time.monotonic() < deadline:
            await asyncio.sleep(0.05)

    async def open(self, port: int, code: str, token: str) -> None:
        self.sock = await Socket.connect("127.0.0.1", port, f"/ws/rooms/{code}", self.on_text, self.on_close)
        self.sock.send(dumps({"type": "hello", "token": token}))
        await asyncio.wait_for(self.first_state, 30)
        self.next_ping = time.monotonic()
        self.ping()

    def ping(self) -> None:
        """On a fixed grid; a late tick skips ahead rather than bursting (20 messages/s at most)."""
        now = time.monotonic()
        self.sock.send(dumps({"type": "ping", "client_time": now}))
        if self.recording:
            self.outstanding.add(now)
        self.next_ping = max(self.next_ping + PING_EVERY_S, now)
        self.timer = asyncio.get_running_loop().call_later(self.next_ping - now, self.ping)

    def on_text(self, payload: bytes, arrived: float) -> None:
        message = loads(payload)
        kind = message["type"]
        if kind == "pong" and message.get("client_time") in self.outstanding:
            self.outstanding.discard(message["client_time"])
            self.rtts.append(arrived - message["client_time"])
        elif kind == "ping" and "id" in message:
            self.sock.send(dumps({"type": "pong", "id": message["id"]}))  # the server's probe
        elif kind == "room":
            self.rooms += self.recording
            self.spectators = message["room"]["spectators"]
            if self.spectators == 0:
                self.no_spectators.set()
            else:
                self.no_spectators.clear()
        elif kind == "error" and self.recording:
            # A stalled server reads the queued pings in one burst: over the socket's bucket, some
            # are refused as rate_limited (they then count as unanswered).
            self.errors[message.get("code", "?")] += 1
        elif kind == "state" and not self.first_state.done():
            self.first_state.set_result(None)

    def on_close(self, sock: Socket) -> None:
        if not sock.closing:
            self.lost = f"the host's socket was closed by the server ({sock.close_code})"

    def close(self) -> None:
        if self.timer:
            self.timer.cancel()
        if self.sock:
            self.sock.close()


async def make_room(http: httpx.AsyncClient) -> tuple[str, str]:
    """A private room with its host seated and a bot, its game started: (code, host token)."""

    async def post(path: str, token: str | None, body: dict | None = None) -> dict:
        reply = await http.post(path, json=body, headers={"Authorization": f"Bearer {token}"} if token else {})
        if reply.status_code >= 300:
            raise RuntimeError(f"POST {path}: {reply.status_code} {reply.text}")
        return reply.json()

    token = (await post("/api/players", None, {"name": "host"}))["token"]
    code = (await post("/api/rooms", token, {"game": GAME, "private": True, "config": CONFIG}))["code"]
    await post(f"/api/rooms/{code}/join", token)
    await post(f"/api/rooms/{code}/bots", token, {"level": "normal"})
    await post(f"/api/rooms/{code}/start", token)
    return code, token


# -- the crowd --------------------------------------------------------------------------------


class Watcher(Socket):
    """One anonymous socket. Per frame it only checks for a `room` head: the old server sends the
    crowd N² of them, and parsing them here would slow this side down, not the server."""

    def __init__(self, crowd: Crowd) -> None:
        super().__init__(self._on_text, crowd.on_close)
        self.crowd = crowd
        self.answered = False

    @classmethod
    async def connect_from(cls, crowd: Crowd, source: str, port: int, path: str) -> Watcher:
        """Socket.connect, from the loopback address `source`."""
        sock = cls(crowd)
        sock.upgrade("127.0.0.1", port, path)
        loop = asyncio.get_running_loop()
        await asyncio.wait_for(
            loop.create_connection(lambda: sock, "127.0.0.1", port, local_addr=(source, 0)), ANSWER_TIMEOUT_S
        )
        await asyncio.wait_for(sock.opened, ANSWER_TIMEOUT_S)
        return sock

    def _on_text(self, payload: bytes, arrived: float) -> None:
        if payload.startswith(ROOM_HEAD):
            self.crowd.rooms += 1
        if not self.answered:
            self.answered = True
            self.crowd.answer(accepted=True)


class Crowd:
    """N watchers of one room: opened together, held, closed together."""

    def __init__(self, port: int, code: str, count: int, addresses: int) -> None:
        self.port, self.code, self.count = port, code, count
        self.sources = [f"127.0.0.{2 + i}" for i in range(addresses)]
        self.sockets: list[Watcher] = []
        self.rooms = 0
        self.accepted = 0
        self.closed_by_server: Counter[str] = Counter()  # close code -> sockets
        self.failed: Counter[str] = Counter()  # exception -> sockets never opened
        self.pending = count
        self.all_answered = asyncio.Event()

    def answer(self, accepted: bool) -> None:
        self.accepted += accepted
        self.pending -= 1
        if self.pending == 0:
            self.all_answered.set()

    def on_close(self, sock: Watcher) -> None:
        if sock.closing:
            return
        self.closed_by_server[str(sock.close_code)] += 1
        if not sock.answered:
            sock.answered = True
            self.answer(accepted=False)

    async def open(self) -> None:
        gate = asyncio.Semaphore(CONNECT_CONCURRENCY)

        async def one(i: int) -> None:
            async with gate:
                try:
                    sock = await Watcher.connect_from(
                        self, self.sources[i % len(self.sources)], self.port, f"/ws/rooms/{self.code}"
                    )
                except (TimeoutError, OSError, ConnectionError) as exc:
                    self.failed[type(exc).__name__] += 1
                    self.answer(accepted=False)
                    return
                self.sockets.append(sock)
                sock.send(b'{"type":"hello","token":null}')

        await asyncio.gather(*(one(i) for i in range(self.count)))
        try:
            await asyncio.wait_for(self.all_answered.wait(), ANSWER_TIMEOUT_S)
        except TimeoutError:
            pass  # `pending` says how many never heard back

    def close(self) -> None:
        for sock in self.sockets:
            sock.close()


# -- one run ----------------------------------------------------------------------------------


@dataclass
class RssWatch:
    """The server's VmRSS, sampled until stopped; `peak` is the largest sample."""

    server: Server
    peak: int = 0
    task: asyncio.Task | None = field(default=None, repr=False)

    def start(self) -> None:
        self.peak = self.server.rss_kib()
        self.task = asyncio.create_task(self._sample())

    async def _sample(self) -> None:
        while True:
            await asyncio.sleep(RSS_EVERY_S)
            self.peak = max(self.peak, self.server.rss_kib())

    async def stop(self) -> None:
        self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)
        self.peak = max(self.peak, self.server.rss_kib())


def own_cpu() -> float:
    times = os.times()
    return times.user + times.system


def others_pct(busy: float, ours: float, span: float) -> float:
    """Percent of one core other processes used: the core's busy time less our process's."""
    return max(0.0, 100 * (busy - ours) / span)


def quantile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


async def crowd_phase(server: Server, host: Host, code: str, args: argparse.Namespace) -> dict:
    """Open the crowd, hold it, close it, wait for the server to settle; the phase's figures."""
    await asyncio.sleep(1)  # the start's own work (a bot's move, the first broadcasts) is not the crowd's
    crowd = Crowd(server.port, code, args.sockets, args.addresses)
    rss = RssWatch(server)
    rss_before, cpu0, gen0, cores0, t0 = (
        server.rss_kib(),
        server.cpu_seconds(),
        own_cpu(),
        core_busy_seconds(),
        time.monotonic(),
    )
    rss.start()
    host.recording = True
    await crowd.open()
    opened = time.monotonic()
    await asyncio.sleep(args.hold)
    crowd.close()
    closed = time.monotonic()
    host.no_spectators.clear()  # only a room message sent after the close can say the crowd left
    try:
        await asyncio.wait_for(host.no_spectators.wait(), SETTLE_TIMEOUT_S)
    except TimeoutError:
        pass
    settled = time.monotonic()
    await asyncio.sleep(TAIL_S)
    host.recording = False
    cpu1, gen1, cores1, t1 = server.cpu_seconds(), own_cpu(), core_busy_seconds(), time.monotonic()
    await rss.stop()
    await host.answered(PONG_TIMEOUT_S)
    rtts = [1000 * r for r in host.rtts]
    return {
        "accepted": crowd.accepted,
        "refused_4409": crowd.closed_by_server.pop(str(CLOSE_TOO_MANY), 0),
        "other_closes": dict(crowd.closed_by_server),
        "failed": dict(crowd.failed),
        "unanswered": crowd.pending,
        "open_s": opened - t0,
        "leave_s": settled - closed,
        "phase_s": t1 - t0,
        "settled": host.spectators == 0,
        "server_cpu_s": cpu1 - cpu0,
        "generator_cpu_pct": 100 * (gen1 - gen0) / (t1 - t0),
        # What other processes took of the two cores meanwhile: a busy machine, not a slow server.
        "others_server_core_pct": others_pct(cores1[SERVER_CORE] - cores0[SERVER_CORE], cpu1 - cpu0, t1 - t0),
        "others_client_core_pct": others_pct(cores1[CLIENT_CORE] - cores0[CLIENT_CORE], gen1 - gen0, t1 - t0),
        "rss_before_mib": rss_before / 1024,
        "rss_peak_mib": rss.peak / 1024,
        "rss_after_mib": server.rss_kib() / 1024,
        "ping_p50_ms": quantile(rtts, 0.5),
        "ping_p99_ms": quantile(rtts, 0.99),
        "ping_max_ms": max(rtts, default=None),
        "pings": len(rtts),
        "pings_unanswered": len(host.outstanding),
        "host_errors": dict(host.errors),
        "host_room_messages": host.rooms,
        "crowd_room_messages": crowd.rooms,
    }


async def one_run(repo: Path, run: int, args: argparse.Namespace, scratch: Path) -> dict:
    name = f"{repo.name}-{run}"
    async with serving(repo, scratch, name, args.caps) as server:
        print(
            f"[run {run}/{args.runs}] {repo} ({describe(repo)}): pid {server.pid} on cores {server.cores()}", flush=True
        )
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{server.port}", timeout=30) as http:
            code, token = await make_room(http)
        host = Host()
        try:
            await host.open(server.port, code, token)
            figures = await crowd_phase(server, host, code, args)
        finally:
            host.close()
        if host.lost:
            figures["host_lost"] = host.lost
        if server.proc.poll() is not None:
            raise RuntimeError(f"the server died during the run:\n{server.log_tail()}")
        figures["server_log_errors"] = len(server.log_problems())
    row = {
        "run": run,
        "repo": str(repo),
        "commit": describe(repo),
        "caps": args.caps,
        "sockets": args.sockets,
        "addresses": args.addresses,
        **figures,
    }
    print("  " + line(row), flush=True)
    return row


# -- report -------------------------------------------------------------------------------------

# (key, heading, decimals) in the order printed.
COLUMNS = [
    ("accepted", "accepted", 0),
    ("refused_4409", "refused 4409", 0),
    ("server_cpu_s", "server CPU s", 2),
    ("rss_before_mib", "RSS before MiB", 1),
    ("rss_peak_mib", "RSS peak MiB", 1),
    ("rss_after_mib", "RSS after MiB", 1),
    ("ping_p50_ms", "ping p50 ms", 1),
    ("ping_p99_ms", "ping p99 ms", 1),
    ("ping_max_ms", "ping max ms", 1),
    ("pings_unanswered", "pings lost", 0),
    ("host_room_messages", "host rooms", 0),
    ("crowd_room_messages", "crowd rooms", 0),
    ("open_s", "open s", 2),
    ("leave_s", "leave s", 2),
    ("phase_s", "phase s", 2),
    ("generator_cpu_pct", "gen CPU %", 0),
    ("others_server_core_pct", "other srv %", 0),
    ("others_client_core_pct", "other gen %", 0),
]


def fmt(value, decimals: int) -> str:
    return "–" if value is None else f"{value:,.{decimals}f}"


def line(row: dict) -> str:
    text = ", ".join(f"{heading} {fmt(row[key], decimals)}" for key, heading, decimals in COLUMNS)
    extras = {
        k: row[k]
        for k in ("other_closes", "failed", "unanswered", "host_errors", "host_lost", "server_log_errors")
        if row.get(k)
    }
    if not row["settled"]:
        extras["settled"] = False
    return text + (f"; {extras}" if extras else "")


def median(rows: list[dict], key: str) -> float | None:
    values = [row[key] for row in rows if row[key] is not None]
    return statistics.median(values) if values else None


def summary(rows: list[dict], repos: list[Path]) -> str:
    """Per repo: median (min–max) of each figure; with several repos, the ratio of medians to the first's."""
    by_repo = {str(r): [row for row in rows if row["repo"] == str(r)] for r in repos}
    medians = {r: {key: median(rs, key) for key, _, _ in COLUMNS} for r, rs in by_repo.items()}
    first = str(repos[0])
    heads = ["figure", *(f"{Path(r).name} ({rs[0]['commit']}, {len(rs)} runs)" for r, rs in by_repo.items() if rs)]
    heads += [f"÷ {Path(first).name}" for r in by_repo if r != first]
    out = ["| " + " | ".join(heads) + " |", "|" + "---|" * len(heads)]
    for key, heading, decimals in COLUMNS:
        cells = [heading]
        for r, rs in by_repo.items():
            values = [row[key] for row in rs if row[key] is not None]
            cells.append(
                f"{fmt(medians[r][key], decimals)} ({fmt(min(values), decimals)}–{fmt(max(values), decimals)})"
                if values
                else "–"
            )
        for r in by_repo:
            if r != first:
                base, other = medians[first][key], medians[r][key]
                cells.append(f"{other / base:.3g}" if base and other is not None else "–")
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


# -- main ---------------------------------------------------------------------------------------


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="N anonymous watchers join and leave one room: the server's cost.",
        epilog=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--sockets", type=int, default=2000, help="anonymous sockets in the crowd (default 2000)")
    parser.add_argument(
        "--caps",
        choices=["on", "off"],
        default="on",
        help="off: both anonymous caps at 100000, to measure the coalescing alone (default on)",
    )
    parser.add_argument(
        "--addresses", type=int, default=1, help="loopback source addresses the crowd is spread over (default 1)"
    )
    parser.add_argument("--hold", type=float, default=3.0, help="seconds the crowd stays open (default 3)")
    parser.add_argument("--runs", type=int, default=1, help="runs per repo, interleaved (default 1)")
    parser.add_argument(
        "--repo",
        type=Path,
        action="append",
        help="a checkout to run the server from (repeat to compare; default this one)",
    )
    parser.add_argument("--json", type=Path, help="write every run's figures here")
    args = parser.parse_args(argv)
    args.repo = [r.resolve() for r in (args.repo or [HERE])]
    if not 1 <= args.addresses <= 250:
        parser.error("--addresses: 1 to 250")
    return args


async def compare(args: argparse.Namespace) -> list[dict]:
    # SIGTERM ends the run like Ctrl-C does: cancelled, the server stopped on the way out.
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, asyncio.current_task().cancel)
    rows = []
    with tempfile.TemporaryDirectory(prefix="crowd-") as scratch:
        for run, repo in itertools.product(range(1, args.runs + 1), args.repo):
            rows.append(await one_run(repo, run, args, Path(scratch)))
    return rows


def raise_fd_limit(needed: int) -> None:
    """Every socket is a descriptor, here and in the server (which inherits the limit)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        if hard != resource.RLIM_INFINITY and hard < needed:
            sys.exit(f"{needed} file descriptors are needed but the hard limit is {hard} (ulimit -n)")
        resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    os.sched_setaffinity(0, {CLIENT_CORE})
    raise_fd_limit(args.sockets + 500)
    print(
        f"crowd: generator pid {os.getpid()} on cores {sorted(os.sched_getaffinity(0))}, server on core "
        f"{SERVER_CORE}; {args.sockets} anonymous sockets from {args.addresses} address(es), held {args.hold:g} s; "
        f"caps {args.caps}; {args.runs} run(s) of {', '.join(map(str, args.repo))}",
        flush=True,
    )
    try:
        rows = uvloop.run(compare(args))
    except (KeyboardInterrupt, asyncio.CancelledError):
        print("\ninterrupted: the server was stopped", file=sys.stderr)
        return 130
    print()
    print(summary(rows, args.repo))
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "args": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items() if k != "repo"}
                    | {"repo": list(map(str, args.repo))},
                    "results": rows,
                },
                indent=1,
            )
        )
        print(f"raw figures: {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
