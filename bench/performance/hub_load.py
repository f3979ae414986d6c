"""Hub load: Dorhami's live tables against a bare `websockets` room server, over real sockets.

Reproduce (each command prints a table per run, then medians with min–max and Dorhami / baseline):

  .venv/bin/python -m bench.performance.hub_load --mode all --runs 3                       # every figure, SQLite
  .venv/bin/python -m bench.performance.hub_load --mode closed,open --runs 1 --database postgres
  .venv/bin/python -m bench.performance.hub_load --mode closed                            # actions/s, saturated
  .venv/bin/python -m bench.performance.hub_load --mode open --rate 1000                  # latency at a fixed rate
  .venv/bin/python -m bench.performance.hub_load --mode idle                              # KiB per idle socket
  .venv/bin/python -m bench.performance.hub_load --mode closed --target baseline --runs 1  # generator CPU at ~4,000/s

Each server under test (`--target`) is started here, pinned to core 0 with taskset (this
process moves itself to core 1), on a fresh database, and stopped afterwards (also on Ctrl-C).
Targets run interleaved — run 1: A B C, run 2: A B C, … — so drift on a shared machine hits all.
On one server the modes run in turn over the same tables:

- setup: `--tables` rooms of Jekyll vs. Hyde (timers off), each with 2 players and
  `--spectators` watchers, one socket each (Dorhami: players, rooms, joins and the start over
  REST; the baseline has no REST: its rooms exist once a socket names them);
- closed loop: every player with a legal action sends one (random, seeded; the view's `step`
  echoed) and waits for its ack before the next; figure: actions/s acked in the window;
- open loop: `--rate` actions/s offered in total, spread evenly over the tables (each its own
  schedule t0 + k/(rate/tables), random phase); at each intended time the seat to move sends;
  all latencies count from the intended time, so a stalled server's backlog shows (no
  coordinated omission), and an action of the window never answered counts as infinitely
  late (∞); figures: achieved % = actions of the window acked by its end / offered, and
  actions/s = acks received in the window;
- idle: `--idle-sockets` more spectators, connected with the `websockets` client's defaults
  (offering permessage-deflate, as browsers do); figure: the server's RSS growth per socket.

Latencies: "bcast" is action → state broadcast of that version at each OTHER socket of the
table (the other seat and the spectators); "ack" is action → ack at the actor. "lag" is a proxy
for the server's event-loop lag: the ping → pong round trip of one extra idle socket pinging
every 50 ms. CPU % is /proc/<pid>/stat utime+stime over the window (100 % = one core), for the
server and for this generator (it warns when it may itself be the bottleneck); "other srv%" and
"other gen%" are what other processes took of those two cores meanwhile (/proc/stat), to tell a
noisy machine from a slow server. PostgreSQL's own processes are neither pinned nor counted in
the server's CPU. "max send/s" is the busiest socket's actions per second: Dorhami refuses more
than 20 messages/s per socket (bursts of 40). Errors are error messages, sockets closed by the
server, and actions without an answer within 5 s, from the start of the warm-up to the end of
the drain. A game that ends is restarted by its host (`POST /api/rooms/{code}/rematch`); no
action is offered between the result and the new game, and the rematch is in no latency.
The baselines (bench/performance/baseline_server.py) always log to SQLite, whatever --database says.

Bytes per action (closed and open loop, a table per mode after the latencies): every text frame
a table's sockets received in the window and every action frame its players sent, divided by the
actions acked in the window; payload (UTF-8 text) and wire (with the frame header, and a client's
4-byte mask), by socket class — the mover (the seat whose action made the version the message
carries), the other seat, one spectator and all of a table's, what the server sent a table in all,
and what its players sent — and by message type (state, patch, ack, room, other). A Dorhami socket
may get `patch` messages after its first state: players apply them (tests/support/patch_applier.py) and
a patch of version V is that version's state for "bcast". The ping socket is in no byte figure.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

import uvloop

from bench.loadlib.load import Load
from bench.loadlib.report import run_tables, summary
from tests.support.servers import TARGETS, running

MODES = ["closed", "open", "idle"]  # run in this order: idle sockets stay open till the server stops
DEFAULT_TARGETS = "dorhami,baseline-group,baseline"
GENERATOR_BUSY_PCT = 85  # above this the generator may be what limits the figures
DORHAMI_RATE_LIMIT = 20  # messages/s per socket, sustained (Settings.messages_per_second)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Drive Dorhami and a bare websockets baseline with the same load, interleaved.",
        epilog=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--target",
        default=DEFAULT_TARGETS,
        help=f"comma-separated servers to interleave, from {', '.join(TARGETS)}, or all (default {DEFAULT_TARGETS})",
    )
    parser.add_argument("--mode", default="all", help="comma-separated modes from closed, open, idle, or all (default)")
    parser.add_argument("--tables", type=int, default=200, help="tables (default 200)")
    parser.add_argument("--spectators", type=int, default=4, help="spectator sockets per table (default 4)")
    parser.add_argument("--rate", type=float, default=1000, help="open loop: total actions/s offered (default 1000)")
    parser.add_argument("--seconds", type=float, default=10, help="measured window per mode (default 10)")
    parser.add_argument("--warmup", type=float, default=3, help="load before each window, not measured (default 3)")
    parser.add_argument("--runs", type=int, default=3, help="runs per target (default 3)")
    parser.add_argument("--idle-sockets", type=int, default=2000, help="idle mode: sockets to open (default 2000)")
    parser.add_argument(
        "--database",
        choices=["sqlite", "postgres"],
        default="sqlite",
        help="Dorhami's database (default sqlite); the durable baselines always use SQLite",
    )
    parser.add_argument(
        "--pg-url",
        default="postgresql://postgres@127.0.0.1:5432/postgres",
        help="--database postgres: a database to connect to while creating and dropping "
        "the bench database (default %(default)s)",
    )
    parser.add_argument("--server-cpu", type=int, default=0, help="core of the server under test (default 0)")
    parser.add_argument("--client-cpu", type=int, default=1, help="core of this generator (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the players' choices (default 1)")
    parser.add_argument(
        "--json", type=Path, help="write every run's raw figures here (an infinite latency is written as Infinity)"
    )
    parser.add_argument(
        "--logs", type=Path, help="keep every server's log here (one file per process and run) instead of deleting it"
    )
    args = parser.parse_args(argv)
    args.targets = TARGETS if args.target == "all" else args.target.split(",")
    args.modes = MODES if args.mode == "all" else [m for m in MODES if m in args.mode.split(",")]
    unknown = [t for t in args.targets if t not in TARGETS] + [
        m for m in args.mode.split(",") if m not in MODES and args.mode != "all"
    ]
    if unknown or not args.modes:
        parser.error(f"unknown target or mode: {', '.join(unknown) or args.mode}")
    return args


async def one_server(args: argparse.Namespace, target: str, run: int, scratch: Path) -> list[dict]:
    rows = []
    async with running(target, scratch, args.database, args.pg_url, args.server_cpu, f"{target}-{run}") as server:
        print(
            f"[run {run}/{args.runs}] {target}: pid {server.pid} on cores {server.cores()}, {server.database}",
            flush=True,
        )
        load = Load(server, args.tables, args.spectators, seed=args.seed * 1000 + run)
        try:
            took = await load.setup()
            print(
                f"  setup: {args.tables} tables, {args.tables * (2 + args.spectators)} sockets in {took:.1f} s",
                flush=True,
            )
            for mode in args.modes:
                if mode == "idle":
                    figures = await load.idle(args.idle_sockets)
                    print(f"  idle: {figures['sockets']} sockets, {figures['kib_per_socket']:.1f} KiB each", flush=True)
                else:
                    figures = await load.measure(mode, args.warmup, args.seconds, args.rate)
                    print(
                        f"  {mode}: {figures['actions_per_s']:.0f} actions/s, errors {figures['errors']}, "
                        f"generator CPU {figures['generator_cpu_pct']:.0f} %",
                        flush=True,
                    )
                    generator_core = figures["generator_cpu_pct"] + figures["others_on_generator_core_pct"]
                    if figures["generator_cpu_pct"] > GENERATOR_BUSY_PCT:
                        print(
                            f"  warning: the generator used {figures['generator_cpu_pct']:.0f} % of its core; "
                            "it may be the bottleneck of this run",
                            flush=True,
                        )
                    elif generator_core > GENERATOR_BUSY_PCT:
                        print(
                            f"  warning: the generator's core was {generator_core:.0f} % busy (other processes "
                            f"{figures['others_on_generator_core_pct']:.0f} %); its timestamps may lag",
                            flush=True,
                        )
                    if target.startswith("dorhami") and figures["max_socket_sends_per_s"] > DORHAMI_RATE_LIMIT:
                        print(
                            f"  warning: a socket sent {figures['max_socket_sends_per_s']:.1f} actions/s, over "
                            f"Dorhami's {DORHAMI_RATE_LIMIT}/s per socket (fewer --tables?)",
                            flush=True,
                        )
                if server.proc.poll() is not None:
                    raise RuntimeError(f"{target} died during the {mode} mode:\n{server.log_tail()}")
                rows.append({"run": run, "target": target, "mode": mode, "database": server.database, **figures})
        finally:
            await load.close()
        if args.logs:
            args.logs.mkdir(parents=True, exist_ok=True)
            for path in [server.log_path, *server.other_logs]:
                shutil.copy(path, args.logs / path.name)
        problems = server.log_problems()
        for row in rows:
            row["server_log_errors"] = len(problems)
        if problems:
            print(
                f"  {len(problems)} errors in the server's log; the first:\n    " + problems[0].replace("\n", "\n    "),
                flush=True,
            )
    return rows


async def compare(args: argparse.Namespace) -> list[dict]:
    # SIGTERM ends the run like Ctrl-C does: cancelled, every server stopped on the way out.
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, asyncio.current_task().cancel)
    results: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="hub-load-") as scratch:
        for run in range(1, args.runs + 1):
            rows = []
            for target in args.targets:
                rows += await one_server(args, target, run, Path(scratch))
            print(run_tables(run, rows), flush=True)
            results += rows
    return results


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    os.sched_setaffinity(0, {args.client_cpu})
    # Every socket is a descriptor, here and in the server (which inherits the limit).
    needed = args.tables * (2 + args.spectators) + args.idle_sockets + 200
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        if hard != resource.RLIM_INFINITY and hard < needed:
            sys.exit(f"this load needs ~{needed} file descriptors but the hard limit is {hard} (ulimit -n)")
        resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))
    print(
        f"hub_load: generator pid {os.getpid()} on cores {sorted(os.sched_getaffinity(0))}, servers on core "
        f"{args.server_cpu}; targets {', '.join(args.targets)}; modes {', '.join(args.modes)}; "
        f"{args.tables} tables × (2 players + {args.spectators} spectators); open-loop rate {args.rate:g}/s; "
        f"warm-up {args.warmup:g} s, window {args.seconds:g} s; {args.runs} run(s); Dorhami on {args.database}",
        flush=True,
    )
    started = time.monotonic()
    try:
        results = uvloop.run(compare(args))
    except (KeyboardInterrupt, asyncio.CancelledError):
        print("\ninterrupted: every server started was stopped", file=sys.stderr)
        return 130
    print(summary(results, args.targets))
    print(f"\ntook {time.monotonic() - started:.0f} s")
    if args.json:
        args.json.write_text(
            json.dumps(
                {"args": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()}, "results": results},
                indent=1,
            )
        )
        print(f"raw figures: {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
