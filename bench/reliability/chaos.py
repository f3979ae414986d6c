"""Chaos: live games of every title, bots and scripted socket players, and a server killed with SIGKILL.

Run (each prints its figures; exit status 1 if any invariant fails):

  .venv/bin/python -m bench.reliability.chaos --database sqlite                 # 50 games, 5 kills
  .venv/bin/python -m bench.reliability.chaos --database postgres --games 50 --kills 5 --seed 7 --json

The real server runs as a child process (pinned to core 0 with taskset, this driver on core 1). Over
REST the driver creates `--games` rooms cycling through the five titles, with short configs; each
seat is a bot of the server's or a scripted player of ours. Every scripted player has its own socket:
it picks an action from its latest state message (turn-based games: a random legal action with the
view's `step`; real-time games: a true claim its view shows, else a flip), sends it with a fresh
`client_seq`, and waits for the answer before the next. At random moments the server is killed with
SIGKILL (at least `--kills` times) and restarted on the same port and database; players reconnect
with back-off, say hello with their token, and first resend every unanswered action with the SAME
`client_seq` — the server must answer a resend of an action it already applied with the original ack.

At the end the log of every game is read from the database (and through `GET /api/rooms/{code}/log`,
which must agree) and replayed with the engine, as the hub itself replays it. Invariants:

- lost: an ack whose version has no log row, or a row other than the action that player sent;
- doubled: the same (seat, client_seq) in a log more than once;
- refused but applied: a client_seq answered with an error that is nevertheless in the log;
- finished: every game has a result;
- replay-equal: the replay's final state (view, legal actions, result, per seat and spectator) equals
  the server's final state, and its result the stored one;
- states unequal: a state message any player saw (any version) that differs from the replay there.

Timings: restart = SIGKILL until the new process answers HTTP (lifespan done: migrations run,
recovery started); reconnect = SIGKILL until a player's new socket has delivered its state message.

  .venv/bin/python -m bench.reliability.chaos --attack handovers --games 30 --seed 5   # always PostgreSQL + Redis

`--attack handovers` (issue 27) needs several processes behind `dorhami proxy`, so it runs
bench/reliability/cluster.py's: requests aimed at a room's non-owner (a percent-encoded code, a request
pipelined after a fake `Upgrade: websocket`) while the games run, no kill; exit 1 on any lease
handover (see that file). The other attacks of the issue are bench/reliability/hostile.py's `--attacks`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from tests.support.chaos import PG_ADMIN_URL, chaos, failures
from tests.support.databases import pg_database


def report(fig: dict, database: str) -> str:
    lines = [
        f"chaos on {database}: {fig['games']} games {fig['titles']}, seats {fig['seats']}",
        f"cores: server {fig['cores']['server']}, driver {fig['cores']['driver']}",
        f"kills (SIGKILL)            {fig['kills']}",
        f"actions acked / refused    {fig['acked']} / {fig['refused']}  (sockets given up: {fig['stalls']}, "
        f"answers to nothing pending: {fig['odd_answers']})",
        f"resent after a kill        {fig['resent']}, of which already applied before it: {fig['resent_applied']}",
        f"acknowledged actions lost  {fig['lost']}",
        f"applied twice              {fig['doubled']}",
        f"refused but applied        {fig['refused_but_applied']}",
        f"games finished             {fig['finished']}/{fig['games']}",
        f"final state == replay      {fig['replay_equal']}/{fig['games']}",
        f"states seen != replay      {fig['states_unequal']} of {fig['states_checked']}",
        f"restart time               median {fig['restart_median_s']} s, max {fig['restart_max_s']} s",
        f"reconnect p95              {fig['reconnect_p95_s']} s over {fig['reconnects']} reconnects",
        f"wall time                  {fig['wall_s']} s",
        f"server log errors          {fig['server_errors']}",
    ]
    lines += [f"  problem: {p}" for p in fig["problems"][:20]]
    lines += [f"  server: {p}" for p in fig["server_problems"]]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--kills", type=int, default=5, help="SIGKILLs at least (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--pg-url", default=PG_ADMIN_URL, help="PostgreSQL to create a scratch database on")
    parser.add_argument("--timeout", type=float, default=600, help="give up on unfinished games after this (s)")
    parser.add_argument(
        "--attack",
        choices=["handovers"],
        help="handovers: bench/reliability/cluster.py --attack handovers "
        "(3 processes on PostgreSQL and Redis; --database, --kills and --timeout unused)",
    )
    parser.add_argument("--attack-seconds", type=float, default=30.0)
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/0", help="for --attack handovers")
    args = parser.parse_args()
    if args.attack == "handovers":
        from bench.reliability import cluster  # it imports this module: only here, when asked for

        sys.exit(
            cluster.run_handovers(args.pg_url, args.redis_url, args.games, 3, args.seed, args.attack_seconds, args.json)
        )
    pinned = shutil.which("taskset") is not None and os.cpu_count() >= 2
    if pinned:
        os.sched_setaffinity(0, {1})  # the driver on core 1, the server on core 0
    with tempfile.TemporaryDirectory(prefix="dorhami-chaos-") as scratch:
        url, pg_name = f"sqlite:///{Path(scratch) / 'chaos.db'}", None
        if args.database == "postgres":
            pg_name = f"dorhami_chaos_{os.getpid()}"
            url = pg_database(args.pg_url, pg_name, create=True)
        try:
            fig = asyncio.run(
                chaos(url, args.games, args.kills, args.seed, Path(scratch), 0 if pinned else None, args.timeout)
            )
        finally:
            if pg_name:
                pg_database(args.pg_url, pg_name, create=False)
    fig["database"] = args.database
    broken = failures(fig, args.kills)
    print(json.dumps(fig, indent=2) if args.json else report(fig, args.database))
    if broken:
        print("FAILED: " + ", ".join(broken), file=sys.stderr)
    sys.exit(1 if broken else 0)


if __name__ == "__main__":
    main()
