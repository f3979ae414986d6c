"""Hostile input, measured: thousands of bad frames and requests, then schemathesis, against a real server.

  .venv/bin/python -m bench.reliability.hostile --database sqlite              # 10,000 frames, then schemathesis
  .venv/bin/python -m bench.reliability.hostile --database postgres --json     # the same on a PostgreSQL of its own

Starts `dorhami serve --access-log` as a child process (stdout and stderr to one log file), sets up
live rooms of every game (seated players with tokens, bots, a finished game, a room still
waiting), and then:

1. frames: at least `--frames` hostile WebSocket frames over many sockets, a similar share for
   each kind in KINDS (malformed JSON, wrong types, huge numbers, NaN, deep nesting, oversize
   ASCII and Persian text, binary, unknown types, junk fields, other seats and stale steps,
   illegal moves, control and bidi characters, invalid UTF-8, protocol violations, sockets
   cut off mid-frame, floods, bad hellos, frames before the hello, unknown rooms);
2. requests: hostile REST requests (bad JSON, huge bodies, NUL in paths and names, wrong
   methods, bad tokens and queries, raw bytes HTTP parsers refuse);
3. extra fields: legal actions with junk fields added, in rooms of their own (reported, not
   judged: per-game action schemas that refuse them are being added);
4. schemathesis (`st run`, every phase, every check) over every operation of `/openapi.json`,
   with the path parameter `code` drawn mostly from live rooms of its own.

5. attacks of their own (issue 27), each against a server of its own, `--attacks` choosing (all by
   default; `--attacks frames` is 1-4 alone): harvest (a finished private game's check and replay
   name no room, its chat reads for no stranger), forwarded (sign-ups with forged X-Forwarded-For,
   rate limits on: 429 past the address's burst of 60), slow_body (50 heads whose body never comes,
   DORHAMI_BODY_TIMEOUT_S=2: 408 and closed within a few seconds, the server's fds back where they
   were), watchers (100 anonymous sockets from one address: 4409 past the allowance of 20, a
   seated socket still answering pings), replays (6 clients replaying and checking for 10 s, rate
   limits on: 429, a seated player's ping p50/max in another room), names (blank and tagged names
   refused with 422, such chat lines with chat_empty or the tags stripped). Each prints its figures
   and the names of the checks it failed.

Figures: 5xx answers (client side, and in the server's access log), tracebacks in the server log,
rooms whose game changed under illegal input (version and every seat's view of the turn-based
rooms without timers; for rooms with timers or bots, the log entries of the seats that sent only
illegal input), the server's RSS before and after (VmRSS), frames sent and closes by code. Exits 1
on any 5xx, traceback or changed room, and on any failed check of an attack.

  .venv/bin/python -m bench.reliability.hostile --attacks harvest,forwarded,slow_body,watchers,replays,names
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from tests.support.hostile import (
    ATTACK_NAMES,
    ATTACKS,
    PG_ADMIN_URL,
    attack,
    changes,
    live_server,
    read_log,
    run_attacks,
    run_schemathesis,
    schemathesis_config,
    snapshot,
    summary,
)


def print_attacks(found: dict) -> None:
    for name, figures in found.items():
        verdict = "FAILED " + ", ".join(figures["failed"]) if figures["failed"] else "ok"
        shown = {k: v for k, v in figures.items() if k not in ("failed", "log_errors") and v not in ([], None)}
        print(f"attack {name}: {verdict}\n  {json.dumps(shown, ensure_ascii=False)}")
        for line in figures["log_errors"]:
            print(f"  server log: {line[:300]}")


def print_report(s: dict) -> None:
    print(
        f"Hostile input on {s['database']}: {s['frames']} frames over {s['sockets']} sockets, "
        f"{s['requests']} REST requests, {s['wall_seconds']} s"
    )
    print(f"  5xx: {s['5xx_client_side']} seen by clients, {s['5xx_in_access_log']} in the access log")
    print(f"  tracebacks in the server log: {s['tracebacks']}")
    print(f"  rooms changed by illegal input: {len(s['state_changes'])}")
    print(
        f"  RSS: {s['rss_before_mib']} MiB before, {s['rss_after_frames_mib']} after the frames and requests, "
        f"{s['rss_after_all_mib']} at the end"
    )
    print(f"  closes by code: {s['closes_by_code']}")
    print(f"  frames by kind: {s['frames_by_kind']}")
    print(f"  unanswered greeted frames: {s['unanswered'] or 0}; kinds of surprise: {len(s['surprises'])}")
    print(f"  legal actions with junk fields: {s['extra_fields_on_legal_actions']}")
    if s["schemathesis"]:
        st = s["schemathesis"]
        print(
            f"  schemathesis {st['version']}: {st['operations']['tested']}/{st['operations']['total']} operations, "
            f"{st['test_cases']['generated']} cases in {st['seconds']} s; failures: {st['failures'] or 'none'}"
        )
    for title, items in (
        ("state changes", s["state_changes"]),
        ("server errors", s["server_errors"]),
        ("5xx in the access log", s["server_errors_in_access_log"]),
        ("server log errors", s["log_errors"]),
        ("surprises", s["surprises"]),
        ("schemathesis server errors", (s["schemathesis"] or {}).get("server_errors", [])),
        ("schemathesis findings", (s["schemathesis"] or {}).get("findings", [])),
    ):
        if items:
            print(f"\n{title}:")
            for item in items:
                print("  " + item.replace("\n", "\n  "))


@contextmanager
def database(kind: str, scratch: Path, admin_url: str) -> Iterator[str]:
    """A fresh database for one run: a file, or a PostgreSQL database of its own, dropped afterwards."""
    if kind == "sqlite":
        yield f"sqlite:///{scratch / 'hostile.db'}"
        return
    import psycopg

    name = f"dorhami_hostile_{os.getpid()}"
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield admin_url.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        epilog=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument(
        "--pg-url", default=PG_ADMIN_URL, help=f"a PostgreSQL to create the run's database on (default {PG_ADMIN_URL})"
    )
    parser.add_argument("--frames", type=int, default=10_000, help="hostile frames at least (default 10,000)")
    parser.add_argument("--examples", type=int, default=100, help="schemathesis examples per operation (default 100)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-schemathesis", action="store_true")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--log", type=Path, help="keep the server's log here (default: dropped with the run)")
    parser.add_argument(
        "--attacks",
        default=",".join(["frames", *ATTACK_NAMES]),
        help="what to run, comma-separated (default: all): frames (the frames, requests, extra "
        "fields and schemathesis above), " + "; ".join(f"{a.name} ({a.about})" for a in ATTACKS),
    )
    args = parser.parse_args(argv)
    chosen = [name.strip() for name in args.attacks.split(",") if name.strip()]
    unknown = set(chosen) - {"frames", *ATTACK_NAMES}
    if unknown:
        parser.error(f"unknown attacks: {', '.join(sorted(unknown))}; choose from frames, {', '.join(ATTACK_NAMES)}")
    pinned = shutil.which("taskset") is not None and (os.cpu_count() or 1) >= 2
    if pinned:
        os.sched_setaffinity(0, {1})  # the bench on core 1, each server on core 0 (as bench/reliability/chaos.py)
    started = time.monotonic()
    figures: dict = {}
    with tempfile.TemporaryDirectory(prefix="hostile-") as folder:
        scratch = Path(folder)
        if "frames" in chosen:
            figures = frames_run(args, scratch, 0 if pinned else None, started)
        attacks = {}
        if set(chosen) - {"frames"}:  # on a database of their own
            (scratch / "attacks").mkdir()
            with database(args.database, scratch / "attacks", args.pg_url) as url:
                attacks = run_attacks(chosen, url, scratch / "attacks", 0 if pinned else None)
    figures["attacks"] = attacks
    failed = figures.get("failed", False) or any(f["failed"] for f in attacks.values())
    figures["failed"] = failed
    print(json.dumps(figures, indent=2, default=str) if args.json else "", end="")
    if not args.json:
        if "frames" in chosen:
            print_report(figures)
        print_attacks(attacks)
    if any(f["failed"] for f in attacks.values()):
        print("FAILED: " + ", ".join(check for f in attacks.values() for check in f["failed"]), file=sys.stderr)
    return 1 if failed else 0


def frames_run(args: argparse.Namespace, scratch: Path, core: int | None, started: float) -> dict:
    """The frames, requests, extra fields and schemathesis, on one server: their summary."""
    with (
        database(args.database, scratch, args.pg_url) as url,
        live_server(url, scratch / "server.log", core=core) as server,
    ):
        result = asyncio.run(attack(server, args.frames, args.seed, silent=3))
        if not args.no_schemathesis:
            codes = [room.code for room in result["fuzz_rooms"]]
            config = schemathesis_config(args.examples, codes, result["fuzzer"].token)
            result["schemathesis"] = run_schemathesis(server.url, config, scratch, args.seed)
        result["rss_end_mib"] = server.rss_mib()

        async def recheck() -> list[str]:
            async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
                return [
                    c
                    for room in result["rooms"]
                    for c in changes(room, result["before"][room.code], await snapshot(http, room))
                ]

        # Schemathesis never learns the watched rooms' codes: they must still be as they were.
        result["changed"] = sorted(set(result["changed"]) | set(asyncio.run(recheck())))
    figures = summary(result, read_log(scratch / "server.log"), args.database, time.monotonic() - started)
    if args.log:
        args.log.write_bytes((scratch / "server.log").read_bytes())
    return figures


if __name__ == "__main__":
    sys.exit(main())
