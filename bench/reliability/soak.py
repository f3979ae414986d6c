"""Soak: does `dorhami serve` keep a flat resident size under a steady load for half an hour?

Reproduce:

  .venv/bin/python -m bench.reliability.soak                                  # 30 minutes on SQLite
  .venv/bin/python -m bench.reliability.soak --minutes 5 --warmup-minutes 1   # a short run while iterating
  .venv/bin/python -m bench.reliability.soak --database postgres --json soak.json
  .venv/bin/python -m bench.reliability.soak --minutes 10 --server-src /tmp/old/src   # another tree's code

The server is started here on a fresh database (SQLite in a temporary directory, or the
PostgreSQL database `dorhami_soak`, dropped and created again), pinned to core 0 with taskset,
with DORHAMI_RATE_LIMITS=off, DORHAMI_BOT_DELAY_MS small and DORHAMI_IDLE_TABLE_S short (a room
whose players have left leaves memory at the next sweep, once a minute). This process moves itself
to core 1 and keeps, for the whole run:

- `--games` live games of Jekyll vs. Hyde (timers off) played over real sockets (the players of
  bench/loadlib/load.py): every other room is a person against a bot (`--bot-level`), the others
  two people; each room has `--spectators` watchers. Actions are offered open loop, `--rate` a
  second in all. A room plays `--games-per-room` games (its host asks for the rematch), then
  its sockets close and a new room (new players) takes its place: live tables stay bounded
  while rooms, players and games keep being made;
- a stream of spectator sockets (`--churn` a second) connecting to a random live room, saying
  hello, waiting for the first state and closing again.

Every `--sample-s` seconds it reads the server's VmRSS and Threads (/proc/<pid>/status), its
open file descriptors (/proc/<pid>/fd) and its /metrics (live tables, sockets, games running).
After the run: the RSS curve (time → RSS), the least-squares slope of RSS after the warm-up
(MB/min), the growth of RSS from its first sample after the warm-up (`--warmup-minutes`) to its
highest and last samples, and the growth per socket cycle (RSS after the warm-up over the cycles
made meanwhile: an upper bound, the games count in it too). Then, with the games stopped, a burst
of `--burst` spectator sockets alone, `--burst-batch` at a time opened together, held
`--burst-hold-s` and closed together (held, a socket's objects live through the server's young
collections, as a real spectator's do), weighed in RSS (before it, and 5 s after it) per socket.

Exit status 1 if RSS after the warm-up ever exceeds its post-warm-up value by more than
`--max-growth-pct` (5 %), or the server died; 0 otherwise. Errors counted by the clients
(refused actions, sockets closed by the server, timeouts) and ERROR lines of the server's log are
printed, and do not fail the run by themselves.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import uvloop

from bench.loadlib.load import CONFIG, CONNECT_CONCURRENCY, GAME, Load, Table, dumps
from tests.support.databases import pg_database
from tests.support.processes import stop_process
from tests.support.servers import Server, _wait_ready, free_port
from tests.support.wsclient import Socket

PG_DATABASE = "dorhami_soak"
CHURN_CONCURRENCY = 20
FIRST_STATE_S = 15
METRICS = re.compile(rb"^(dorhami_live_tables|dorhami_sockets|dorhami_games_running) ([0-9.e+]+)$", re.M)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Steady load on one `dorhami serve`; is its RSS flat?",
        epilog=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--minutes", type=float, default=30, help="length of the run, warm-up included (default 30)")
    parser.add_argument(
        "--warmup-minutes", type=float, default=5, help="RSS is judged from the first sample after this (default 5)"
    )
    parser.add_argument("--sample-s", type=float, default=10, help="seconds between samples (default 10)")
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite", help="default sqlite")
    parser.add_argument(
        "--pg-url",
        default="postgresql://postgres@127.0.0.1:5432/postgres",
        help=f"--database postgres: where to drop and create `{PG_DATABASE}` (default %(default)s)",
    )
    parser.add_argument("--games", type=int, default=20, help="live games at any time (default 20)")
    parser.add_argument("--spectators", type=int, default=2, help="watchers per room (default 2)")
    parser.add_argument("--rate", type=float, default=100, help="actions/s offered in all (default 100)")
    parser.add_argument("--games-per-room", type=int, default=2, help="games before a room is replaced (default 2)")
    parser.add_argument("--bot-level", default="easy", help="level of the bot in every other room (default easy)")
    parser.add_argument("--bot-delay-ms", default="30,120", help="DORHAMI_BOT_DELAY_MS (default 30,120)")
    parser.add_argument("--idle-table-s", type=int, default=10, help="DORHAMI_IDLE_TABLE_S (default 10)")
    parser.add_argument(
        "--churn", type=float, default=10, help="spectator connect/disconnect cycles a second (default 10)"
    )
    parser.add_argument(
        "--burst",
        type=int,
        default=3000,
        help="spectator sockets of the final burst, games stopped (default 3000; 0: none)",
    )
    parser.add_argument(
        "--burst-batch", type=int, default=500, help="burst: sockets opened, held and closed together (default 500)"
    )
    parser.add_argument(
        "--burst-hold-s", type=float, default=5, help="burst: how long each batch stays open (default 5)"
    )
    parser.add_argument("--max-growth-pct", type=float, default=5.0, help="allowed RSS growth after the warm-up")
    parser.add_argument("--server-cpu", type=int, default=0, help="core of the server (default 0)")
    parser.add_argument("--client-cpu", type=int, default=1, help="core of this load generator (default 1)")
    parser.add_argument(
        "--server-src", type=Path, help="put this directory first on the server's PYTHONPATH (run another tree's src/)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="write the samples and the figures here")
    parser.add_argument("--log", type=Path, help="keep the server's log here")
    return parser.parse_args(argv)


# -- the server ---------------------------------------------------------------------------


@asynccontextmanager
async def serve(args: argparse.Namespace, scratch: Path) -> AsyncIterator[Server]:
    port = free_port()
    env = dict(os.environ)
    if args.database == "postgres":
        url = pg_database(args.pg_url, PG_DATABASE, create=True)
        label = url.split("@")[-1]
    else:
        url, label = f"sqlite:///{scratch / 'soak.db'}", "SQLite (WAL, synchronous=FULL)"
    env.update(
        DATABASE_URL=url,
        DORHAMI_RATE_LIMITS="off",
        DORHAMI_BOT_DELAY_MS=args.bot_delay_ms,
        DORHAMI_IDLE_TABLE_S=str(args.idle_table_s),
    )
    if args.server_src:
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(args.server_src.resolve()), env.get("PYTHONPATH")) if p)
    command = [str(Path(sys.executable).with_name("dorhami")), "serve", "--host", "127.0.0.1", "--port", str(port)]
    log_path = scratch / "server.log"
    proc = None
    try:
        with open(log_path, "wb") as log:
            proc = subprocess.Popen(
                ["taskset", "-c", str(args.server_cpu), *command],
                stdout=log,
                stderr=subprocess.STDOUT,
                env=env,
                start_new_session=True,
            )
        server = Server("dorhami", port, proc, log_path, label)
        await _wait_ready(server)
        yield server
    finally:
        if proc is not None:
            stop_process(proc)
        if args.log:
            args.log.write_bytes(log_path.read_bytes())
        if args.database == "postgres":
            pg_database(args.pg_url, PG_DATABASE, create=False)


def sample(server: Server) -> dict:
    status = {}
    with open(f"/proc/{server.pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "Threads"):
                status[key] = int(value.split()[0])
    return {"rss_kib": status["VmRSS"], "threads": status["Threads"], "fds": len(os.listdir(f"/proc/{server.pid}/fd"))}


# -- the load -----------------------------------------------------------------------------


class Soak(Load):
    """The rooms of Load (bench/loadlib/load.py), replaced after a few games each, and the
    spectator stream. Open loop all along; nothing recorded per action (the generator must not
    grow either)."""

    def __init__(self, server: Server, args: argparse.Namespace) -> None:
        super().__init__(server, args.games, args.spectators, seed=args.seed)
        self.args = args
        self.mode = "open"
        self.period = args.games / args.rate
        self.index = itertools.count()
        self.played: Counter = Counter()  # table index -> games finished
        self.games_done = self.rooms_made = self.cycles = 0
        self.failures: Counter = Counter()
        self.stopping = False
        self.churner: asyncio.Task | None = None

    async def start(self) -> None:
        gate = asyncio.Semaphore(4)
        await asyncio.gather(*(self._new_table(gate) for _ in range(self.count)))

    async def _new_table(self, gate: asyncio.Semaphore | None = None) -> None:
        i = next(self.index)
        gate = gate or asyncio.Semaphore(1)
        async with gate:
            if i % 2:
                code, tokens = await self._dorhami_room(gate=asyncio.Semaphore(1), i=i)
            else:
                code, tokens = await self._bot_room(i)
        table = Table(self, i, code, tokens, self.spectators)
        await asyncio.gather(
            *(
                self._open(asyncio.Semaphore(CONNECT_CONCURRENCY), who, getattr(who, "token", None))
                for who in (*table.players, *table.watchers)
            )
        )
        self.rooms_made += 1
        if self.stopping:
            self._close_table(table)
            return
        self.tables.append(table)
        table.start_schedule(self.period, self.rng.uniform(0, self.period))

    async def _bot_room(self, i: int) -> tuple[str, list[str]]:
        token = (await self._post("/api/players", None, {"name": f"solo{i}"}))["token"]
        code = (await self._post("/api/rooms", token, {"game": GAME, "private": True, "config": CONFIG}))["code"]
        await self._post(f"/api/rooms/{code}/join", token)
        await self._post(f"/api/rooms/{code}/bots", token, {"level": self.args.bot_level})
        await self._post(f"/api/rooms/{code}/start", token)
        return code, [token]

    def rematch(self, table: Table) -> None:
        """A game of `table` has a result: a rematch, or (after --games-per-room) a new room."""
        self.games_done += 1
        self.played[table.index] += 1
        if self.stopping:
            return
        if self.played[table.index] < self.args.games_per_room:
            super().rematch(table)
            return
        del self.played[table.index]
        if table in self.tables:
            self.tables.remove(table)
        self._close_table(table)
        self._spawn(self._replace())

    async def _replace(self) -> None:
        try:
            await self._new_table()
        except Exception as exc:  # counted; the next finished game tries again
            self.rec.errors[f"new room {type(exc).__name__}"] += 1
            await asyncio.sleep(1)
            if not self.stopping:
                self._spawn(self._replace())

    def _close_table(self, table: Table) -> None:
        table.stop_schedule()
        for who in (*table.players, *table.watchers):
            if who.sock:
                who.sock.close()

    async def churn(self, per_s: float) -> None:
        """Spectator cycles at `per_s` a second, on a fixed grid, until cancelled."""
        gate = asyncio.Semaphore(CHURN_CONCURRENCY)
        next_at = time.monotonic()
        while True:
            next_at += 1 / per_s
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))
            if self.tables and not gate.locked():
                self._spawn(self._cycle(gate, self.rng.choice(self.tables).code))

    async def burst(self, count: int, batch: int, hold_s: float) -> int:
        """`count` spectator sockets, `batch` at a time: opened together (hello, first state),
        held `hold_s`, closed together. Held like a real spectator's, a socket's objects live
        through the server's young collections; returns how many opened."""
        gate = asyncio.Semaphore(CHURN_CONCURRENCY)
        codes = [t.code for t in self.tables]
        opened = 0
        for start in range(0, count, batch):
            socks = await asyncio.gather(
                *(self._spectator(gate, codes[i % len(codes)]) for i in range(start, min(count, start + batch)))
            )
            await asyncio.sleep(hold_s)
            for sock in socks:
                if sock is not None:
                    sock.close()
                    opened += 1
            await asyncio.sleep(0.5)
        return opened

    async def _spectator(self, gate: asyncio.Semaphore, code: str) -> Socket | None:
        async with gate:
            first = asyncio.get_running_loop().create_future()

            def on_text(payload: bytes, arrived: float) -> None:
                if not first.done() and b'"state"' in payload[:24]:
                    first.set_result(None)

            sock = None
            try:
                sock = await Socket.connect("127.0.0.1", self.server.port, f"/ws/rooms/{code}", on_text, lambda s: None)
                sock.send(dumps({"type": "hello", "token": None}))
                await asyncio.wait_for(first, FIRST_STATE_S)
                return sock
            except Exception as exc:
                self.failures[f"burst {type(exc).__name__}"] += 1
                if sock is not None:
                    sock.close()
                return None

    async def _cycle(self, gate: asyncio.Semaphore, code: str) -> None:
        async with gate:
            first = asyncio.get_running_loop().create_future()

            def on_text(payload: bytes, arrived: float) -> None:
                if not first.done() and b'"state"' in payload[:24]:
                    first.set_result(None)

            sock = None
            try:
                sock = await Socket.connect("127.0.0.1", self.server.port, f"/ws/rooms/{code}", on_text, lambda s: None)
                sock.send(dumps({"type": "hello", "token": None}))
                await asyncio.wait_for(first, FIRST_STATE_S)
                self.cycles += 1
            except Exception as exc:
                self.failures[type(exc).__name__] += 1
            finally:
                if sock is not None:
                    sock.close()

    async def stop_games(self) -> None:
        self.stopping = True
        self.mode = None
        if self.churner is not None:
            self.churner.cancel()
        for table in self.tables:
            table.stop_schedule()


# -- the run ------------------------------------------------------------------------------


async def run(args: argparse.Namespace) -> dict:
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, asyncio.current_task().cancel)
    with tempfile.TemporaryDirectory(prefix="soak-") as scratch:
        async with serve(args, Path(scratch)) as server:
            print(
                f"soak: server pid {server.pid} on cores {server.cores()}, {server.database}; generator pid "
                f"{os.getpid()} on cores {sorted(os.sched_getaffinity(0))}",
                flush=True,
            )
            soak = Soak(server, args)
            samples: list[dict] = []
            try:
                t0 = time.monotonic()
                await soak.start()
                print(
                    f"  {args.games} live games in {time.monotonic() - t0:.1f} s; churn {args.churn:g} "
                    f"sockets/s; {args.minutes:g} min, warm-up {args.warmup_minutes:g} min",
                    flush=True,
                )
                soak.churner = asyncio.create_task(soak.churn(args.churn))
                soak.background.add(soak.churner)
                started = time.monotonic()
                end = started + args.minutes * 60
                while True:
                    if server.proc.poll() is not None:
                        raise RuntimeError(f"the server died:\n{server.log_tail()}")
                    row = {
                        "t_s": round(time.monotonic() - started, 1),
                        **sample(server),
                        **await metrics(soak),
                        "games_done": soak.games_done,
                        "rooms_made": soak.rooms_made,
                        "socket_cycles": soak.cycles,
                    }
                    samples.append(row)
                    print(
                        f"  {row['t_s']:7.0f} s  RSS {row['rss_kib'] / 1024:7.1f} MB  fds {row['fds']:4d}  "
                        f"threads {row['threads']:3d}  live tables {row.get('live_tables', '?')}  sockets "
                        f"{row.get('sockets', '?')}  games {row['games_done']}  rooms {row['rooms_made']}  "
                        f"cycles {row['socket_cycles']}",
                        flush=True,
                    )
                    if time.monotonic() >= end:
                        break
                    await asyncio.sleep(min(args.sample_s, max(0.0, end - time.monotonic())))
                burst = None
                if args.burst:
                    await soak.stop_games()
                    await asyncio.sleep(5)
                    before = sample(server)["rss_kib"]
                    took = time.monotonic()
                    done = await soak.burst(args.burst, args.burst_batch, args.burst_hold_s)
                    took = time.monotonic() - took
                    await asyncio.sleep(5)
                    after = sample(server)["rss_kib"]
                    burst = {
                        "cycles": done,
                        "seconds": round(took, 1),
                        "rss_before_kib": before,
                        "rss_after_kib": after,
                        "kib_per_cycle": (after - before) / max(1, done),
                        "batch": args.burst_batch,
                        "hold_s": args.burst_hold_s,
                    }
            finally:
                await soak.close()
            problems = server.log_problems()
    figures = judge(samples, args)
    figures.update(
        burst=burst,
        client_errors=dict(soak.rec.errors),
        cycle_failures=dict(soak.failures),
        server_log_errors=len(problems),
        first_server_error=problems[0] if problems else None,
        database=server.database,
    )
    return {"samples": samples, "figures": figures}


async def metrics(soak: Soak) -> dict:
    try:
        text = (await soak.http.get("/metrics")).content
    except Exception:
        return {}
    names = {
        b"dorhami_live_tables": "live_tables",
        b"dorhami_sockets": "sockets",
        b"dorhami_games_running": "games_running",
    }
    return {names[m[1]]: int(float(m[2])) for m in METRICS.finditer(text)}


def judge(samples: list[dict], args: argparse.Namespace) -> dict:
    warm = [s for s in samples if s["t_s"] >= args.warmup_minutes * 60]
    if len(warm) < 2:
        return {"verdict": "too short", "ok": False}
    base, last, top = warm[0], warm[-1], max(warm, key=lambda s: s["rss_kib"])
    xs = [s["t_s"] / 60 for s in warm]
    ys = [s["rss_kib"] / 1024 for s in warm]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    cycles = last["socket_cycles"] - base["socket_cycles"]
    growth_pct = 100 * (top["rss_kib"] - base["rss_kib"]) / base["rss_kib"]
    ok = growth_pct <= args.max_growth_pct
    return {
        "warm_rss_mb": round(base["rss_kib"] / 1024, 1),
        "last_rss_mb": round(last["rss_kib"] / 1024, 1),
        "max_rss_mb": round(top["rss_kib"] / 1024, 1),
        "max_growth_pct": round(growth_pct, 2),
        "last_growth_pct": round(100 * (last["rss_kib"] - base["rss_kib"]) / base["rss_kib"], 2),
        "slope_mb_per_min": round(slope, 3),
        "kib_per_socket_cycle_upper_bound": round((last["rss_kib"] - base["rss_kib"]) / cycles, 3) if cycles else None,
        "cycles_after_warmup": cycles,
        "fds": [min(s["fds"] for s in warm), max(s["fds"] for s in warm)],
        "threads": [min(s["threads"] for s in warm), max(s["threads"] for s in warm)],
        "live_tables": [min(s.get("live_tables", 0) for s in warm), max(s.get("live_tables", 0) for s in warm)],
        "games_done": last["games_done"],
        "rooms_made": last["rooms_made"],
        "socket_cycles": last["socket_cycles"],
        "ok": ok,
    }


def curve(samples: list[dict], rows: int = 16) -> str:
    step = max(1, (len(samples) - 1) // (rows - 1))
    picked = samples[::step]
    if picked[-1] is not samples[-1]:
        picked.append(samples[-1])
    lines = ["| min | RSS MB | fds | threads | live tables | games | socket cycles |", "|---|---|---|---|---|---|---|"]
    lines += [
        f"| {s['t_s'] / 60:.1f} | {s['rss_kib'] / 1024:.1f} | {s['fds']} | {s['threads']} | "
        f"{s.get('live_tables', '?')} | {s['games_done']} | {s['socket_cycles']} |"
        for s in picked
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    os.sched_setaffinity(0, {args.client_cpu})
    needed = args.games * (2 + args.spectators) * 2 + CHURN_CONCURRENCY + args.burst_batch + 500
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        resource.setrlimit(
            resource.RLIMIT_NOFILE, (min(needed, hard) if hard != resource.RLIM_INFINITY else needed, hard)
        )
    try:
        result = uvloop.run(run(args))
    except (KeyboardInterrupt, asyncio.CancelledError):
        print("\ninterrupted: the server was stopped", file=sys.stderr)
        return 130
    samples, figures = result["samples"], result["figures"]
    print("\n" + curve(samples))
    print(
        f"\nafter the warm-up ({args.warmup_minutes:g} min): RSS {figures.get('warm_rss_mb')} MB → last "
        f"{figures.get('last_rss_mb')} MB, highest {figures.get('max_rss_mb')} MB "
        f"({figures.get('max_growth_pct')} %, allowed {args.max_growth_pct:g} %); slope "
        f"{figures.get('slope_mb_per_min')} MB/min; fds {figures.get('fds')}, threads {figures.get('threads')}, "
        f"live tables {figures.get('live_tables')}"
    )
    print(
        f"games {figures.get('games_done')}, rooms {figures.get('rooms_made')}, socket cycles "
        f"{figures.get('socket_cycles')} ({figures.get('cycles_after_warmup')} after the warm-up: at most "
        f"{figures.get('kib_per_socket_cycle_upper_bound')} KiB each)"
    )
    if figures.get("burst"):
        b = figures["burst"]
        print(
            f"burst, games stopped: {b['cycles']} spectator cycles in {b['seconds']} s, RSS "
            f"{b['rss_before_kib'] / 1024:.1f} → {b['rss_after_kib'] / 1024:.1f} MB: "
            f"{b['kib_per_cycle']:.2f} KiB per cycle"
        )
    print(
        f"client errors {figures.get('client_errors')}; failed cycles {figures.get('cycle_failures')}; "
        f"server log errors {figures.get('server_log_errors')}"
    )
    if figures.get("first_server_error"):
        print("  the first: " + figures["first_server_error"].replace("\n", "\n    "))
    if args.json:
        args.json.write_text(
            json.dumps(
                {"args": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()}, **result}, indent=1
            )
        )
        print(f"samples and figures: {args.json}")
    print("verdict: " + ("flat" if figures.get("ok") else "RSS GREW (or the run was too short)"))
    return 0 if figures.get("ok") else 1


if __name__ == "__main__":
    sys.exit(main())
