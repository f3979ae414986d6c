"""Failover: several server processes on one PostgreSQL and Redis behind the proxy, one killed mid-game.

Run (prints its figures; exit status 1 if any invariant fails):

  .venv/bin/python bench/cluster.py --games 30 --processes 3 --seed 5
  .venv/bin/python bench/cluster.py --games 30 --processes 3 --seed 5 --stop term   # a rolling deploy's stop

Each process is `dorhami serve` on its own port with the same DATABASE_URL and REDIS_URL; the
driver runs `dorhami.proxy` in-process in front of them, and everything (REST and sockets) goes
through it, so each room's sockets are on the process its code hashes to. The games and scripted
players are bench/chaos.py's. Once every process runs some of the games and players are acting,
the process running the most tables is killed with SIGKILL and not restarted at once: its leases
expire, the others take its tables (the ones in play by themselves, the rest when their players
reconnect), and the games go on. Then it is started again on its port, and the rooms whose code
hashes to it are handed back to it as their players reconnect.

The invariants are chaos's (no acknowledged action lost, none applied twice, nothing refused
applied, every game finished, every state equal to the log's replay, each log's seqs exactly
1..n: one total order per table), plus: every process ran tables before the kill, and every
table of the killed process had a new live owner within 10 s.

Figures: failover = from the SIGKILL until another process holds the lease (PostgreSQL's
table_leases) of every game in play the killed one held; reconnect = from the SIGKILL until a
player's new socket delivered its state (chaos's).

  .venv/bin/python bench/cluster.py --attack handovers --games 30 --processes 3 --seed 5

`--attack handovers` (issue 27) stops no process: once the games are under way, one request a
second for `--attack-seconds` (30) is aimed at a room's non-owner through the proxy, in turn the
room's code with its first character percent-encoded (`/api/rooms/%XX...rest/state`) and a request
for it pipelined after a decoy's head with `Upgrade: websocket` (the decoy's code chosen so that
the proxy sends it to a process other than the room's owner). The same games run first without
the attack. Figures: the lease handovers each process counted (`dorhami_lease_handovers_total`
from its own /metrics, on 127.0.0.1, not through the proxy), the players' reconnects, acks/s in
the attack's window with and without it. Exit 1 on any handover, or any of chaos's invariants.
Every process is pinned to core 0 and the driver to core 1. (Here, not in bench/chaos.py: it
needs several processes behind the proxy; `bench/chaos.py --attack handovers` runs this.)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import socket
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import httpx
import psycopg

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import chaos  # noqa: E402
from bench.chaos import (HTTP_TIMEOUT_S, PG_ADMIN_URL, REST_CONCURRENCY, Run, Server, audit, figures,  # noqa: E402
                         final_views, open_game, pg_database, plan_games, read_logs)
from dorhami.proxy import Proxy, rendezvous  # noqa: E402

FAILOVER_LIMIT_S = 10.0
LEASE_TTL_S = "5"
KILL_AFTER_ACKS = 2  # per game on average, before the kill: players are mid-game
RESTART_AFTER_S = 3.0  # after failover, the killed process comes back


class Front:
    """What chaos's players connect to: the proxy."""

    def __init__(self, port: int) -> None:
        self.url = f"http://127.0.0.1:{port}"


def instance_of(server: Server) -> str:
    return f"{socket.gethostname()}:{server.port}"  # what `dorhami serve` holds its leases as


def owners(database_url: str) -> dict[str, list[str]]:
    """Live owner -> codes of the rooms in play whose table it runs."""
    with psycopg.connect(database_url.replace("+psycopg", "")) as conn:
        rows = conn.execute("SELECT l.owner, r.code FROM table_leases l JOIN rooms r ON r.id = l.room_id "
                            "WHERE l.owner IS NOT NULL AND l.expires_at > clock_timestamp() "
                            "AND r.status = 'playing'").fetchall()
    found: dict[str, list[str]] = {}
    for owner, code in rows:
        found.setdefault(owner, []).append(code)
    return found


async def when_taken_over(database_url: str, victim: str, codes: list[str], killed: float, limit_s: float) -> dict:
    """Seconds from the kill until each of `codes` (still in play) has a live owner other than `victim`."""
    waiting, taken = set(codes), {}
    while waiting and time.monotonic() - killed < limit_s + 5:
        await asyncio.sleep(0.05)
        now = owners(database_url)
        running = {code for owner, held in now.items() if owner != victim for code in held}
        with psycopg.connect(database_url.replace("+psycopg", "")) as conn:
            over = {code for (code,) in conn.execute("SELECT code FROM rooms WHERE code = ANY(%s) AND status <> "
                                                     "'playing'", (list(waiting),))}
        for code in list(waiting):
            if code in running or code in over:
                waiting.discard(code)
                if code in running:
                    taken[code] = time.monotonic() - killed
    return {"taken": taken, "never": sorted(waiting)}


async def failover(database_url: str, redis_url: str, games: int, processes: int, seed: int, scratch: Path,
                   timeout_s: float = 300.0, restart: bool = True, stop: str = "kill") -> dict:
    """`stop`: "kill" (SIGKILL, a crash) or "term" (SIGTERM: the graceful stop of a rolling deploy,
    which closes its sockets with 1012, hands over the tables their players ask for elsewhere, and
    releases the rest as it exits)."""
    rng = random.Random(seed)
    started = time.monotonic()
    env = {"REDIS_URL": redis_url, "DORHAMI_LEASE_TTL_S": LEASE_TTL_S}
    servers = [Server(database_url, scratch / f"server{i}.log", None, env) for i in range(processes)]
    await servers[0].start()  # the first migrates; the others then find the schema current
    await asyncio.gather(*(s.start() for s in servers[1:]))
    proxy = await Proxy([("127.0.0.1", s.port) for s in servers]).start("127.0.0.1", 0)
    run = Run(Front(proxy.port), started + timeout_s)
    spread, failed_over, victim = {}, {"taken": {}, "never": []}, None
    try:
        async with httpx.AsyncClient(base_url=run.server.url, timeout=HTTP_TIMEOUT_S) as http:
            gate = asyncio.Semaphore(REST_CONCURRENCY)

            async def opened(slug, kinds, game_rng):
                async with gate:
                    return await open_game(http, run, slug, kinds, game_rng)

            table = await asyncio.gather(*(opened(slug, kinds, random.Random(rng.random()))
                                           for slug, kinds in plan_games(games, rng)))
            plays = [asyncio.create_task(p.play()) for g in table for p in g.players]
            try:
                while sum(len(p.acks) for g in table for p in g.players) < KILL_AFTER_ACKS * games:
                    if run.over() or all(g.finished() for g in table):
                        break
                    await asyncio.sleep(0.05)
                held = owners(database_url)
                spread = {instance_of(s): len(held.get(instance_of(s), [])) for s in servers}
                victim = max(servers, key=lambda s: spread[instance_of(s)])
                codes = held.get(instance_of(victim), [])
                run.sent.clear()
                try:
                    await asyncio.wait_for(run.sent.wait(), 2)  # the kill lands just after an action was sent
                except TimeoutError:
                    pass
                run.kills.append(time.monotonic())
                run.kill_ms.append(time.time_ns() // 1_000_000)
                stopping = None
                if stop == "term":
                    stopping = asyncio.create_task(asyncio.to_thread(victim.stop))  # returns once it exited
                else:
                    victim.kill()
                failed_over = await when_taken_over(database_url, instance_of(victim), codes, run.kills[-1],
                                                    FAILOVER_LIMIT_S)
                if stopping is not None:
                    await stopping
                if restart:
                    await asyncio.sleep(RESTART_AFTER_S)
                    await victim.start()
                    run.restarts.append(time.monotonic() - run.kills[-1])
                await asyncio.gather(*plays)
            finally:
                for task in plays:
                    task.cancel()
                await asyncio.gather(*plays, return_exceptions=True)
            wall = time.monotonic() - started
            finals = [await final_views(http, g) for g in table]
    finally:
        await proxy.close()
        for server in servers:
            server.stop()
    logs = read_logs(database_url, [f["room"]["game_id"] for f in finals])
    audits = [audit(g, f, *logs.get(f["room"]["game_id"], (None, []))) for g, f in zip(table, finals)]
    problems = [p for s in servers for p in s.problems()]
    result = figures(table, audits, run, wall, problems)
    taken = list(failed_over["taken"].values())
    result.update(processes=processes, stop=stop, spread=spread, titles=dict(Counter(g.slug for g in table)),
                  victim_tables=len(failed_over["taken"]) + len(failed_over["never"]),
                  failover_max_s=round(max(taken), 3) if taken else None,
                  failover_median_s=round(sorted(taken)[len(taken) // 2], 3) if taken else None,
                  never_taken_over=failed_over["never"], server_problems=problems[:10])
    return result


def failures(fig: dict, spread: bool = True) -> list[str]:
    """chaos's invariants (one kill), and the cluster's own; `spread`: every process must have run
    tables before the kill (room codes are random, so a small run may leave one process none)."""
    checks = [(not fig["problems"], "audit problems"),
              (not spread or all(n > 0 for n in fig["spread"].values()), "a process ran no table before the kill"),
              (fig["victim_tables"] > 0, "the killed process ran no game in play"),
              (not fig["never_taken_over"], "tables of the killed process never taken over"),
              (fig["failover_max_s"] is None or fig["failover_max_s"] <= FAILOVER_LIMIT_S,
               f"failover slower than {FAILOVER_LIMIT_S:.0f} s")]
    return chaos.failures(fig, 1) + [what for ok, what in checks if not ok]


def report(fig: dict) -> str:
    lines = [
        f"cluster of {fig['processes']}: {fig['games']} games {fig['titles']}",
        f"tables per process at the kill {fig['spread']}",
        f"{'stopped' if fig['stop'] == 'term' else 'killed'} process's tables       "
        f"{fig['victim_tables']}, taken over: median {fig['failover_median_s']} s, "
        f"max {fig['failover_max_s']} s",
        f"actions acked / refused        {fig['acked']} / {fig['refused']}",
        f"acknowledged actions lost      {fig['lost']}",
        f"applied twice                  {fig['doubled']}",
        f"refused but applied            {fig['refused_but_applied']}",
        f"games finished                 {fig['finished']}/{fig['games']}",
        f"final state == replay          {fig['replay_equal']}/{fig['games']}",
        f"reconnect p95                  {fig['reconnect_p95_s']} s over {fig['reconnects']} reconnects",
        f"wall time                      {fig['wall_s']} s",
        f"server log errors              {fig['server_errors']}",
    ]
    lines += [f"  problem: {p}" for p in fig["problems"][:20]]
    lines += [f"  server: {p}" for p in fig["server_problems"]]
    return "\n".join(lines)


# -- --attack handovers: requests that would move a table to a process that does not own it --------

ATTACK_S = 30.0
LEASE_HANDOVERS = re.compile(r"^dorhami_lease_handovers_total (\S+)$", re.M)


def lease_owners(database_url: str) -> dict[str, str]:
    """Room code -> its live owner, for every live lease (rooms in play or just finished)."""
    with psycopg.connect(database_url.replace("+psycopg", "")) as conn:
        rows = conn.execute("SELECT r.code, l.owner FROM table_leases l JOIN rooms r ON r.id = l.room_id "
                            "WHERE l.owner IS NOT NULL AND l.expires_at > clock_timestamp()").fetchall()
    return dict(rows)


async def lease_handovers(servers: list[Server]) -> dict[str, int]:
    """Each process's dorhami_lease_handovers_total, from its own /metrics (127.0.0.1, not through the proxy)."""
    found = {}
    async with httpx.AsyncClient(timeout=HTTP_TIMEOUT_S) as http:
        for server in servers:
            text = (await http.get(f"{server.url}/metrics")).text
            match = LEASE_HANDOVERS.search(text)
            found[instance_of(server)] = int(float(match[1])) if match else 0
    return found


async def exchange(port: int, data: bytes, read_s: float = 3.0) -> list[int]:
    """Send `data` to the proxy as it is; the statuses of every answer read within `read_s`."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    got = b""
    try:
        writer.write(data)
        async with asyncio.timeout(read_s):
            while chunk := await reader.read(65536):
                got += chunk
    except (TimeoutError, ConnectionError, OSError):
        pass
    finally:
        writer.transport.abort()
    return [int(status) for status in re.findall(rb"HTTP/1\.[01] (\d{3}) ", got)]


async def aim_at_non_owners(proxy: Proxy, servers: list[Server], database_url: str, until: float,
                            rng: random.Random) -> Counter:
    """Once a second until `until`, a request meant to make a process that does not own a room ask
    for its table: in turn, the room's code with its first character percent-encoded (a proxy that
    routes on the raw path sends it to any process), and a request for it pipelined after a
    decoy's head with `Upgrade: websocket` (a proxy that relays an upgrade's bytes as they are lets
    it ride to the decoy's process, chosen here to be one the room's owner is not)."""
    by_instance = {instance_of(s): ("127.0.0.1", s.port) for s in servers}
    upstreams = list(by_instance.values())
    sent, tasks, turn = Counter(), [], 0
    while time.monotonic() < until:
        tick = time.monotonic()
        leased = lease_owners(database_url)
        if leased:
            code = rng.choice(sorted(leased))
            owner = by_instance.get(leased[code])
            if turn % 2 == 0:
                kind = "percent_encoded"
                data = (f"GET /api/rooms/%{ord(code[0]):02X}{code[1:]}/state HTTP/1.1\r\nHost: x\r\n"
                        f"Connection: keep-alive\r\n\r\n").encode()
            else:
                kind = "pipelined_after_upgrade"
                decoy = next(d for d in ("".join(rng.choice(ROOM_LETTERS) for _ in range(16)) for _ in range(1000))
                             if rendezvous(d.encode(), upstreams)[0] != owner)
                data = (f"GET /api/rooms/{decoy}/state HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\r\n"
                        f"GET /api/rooms/{code}/state HTTP/1.1\r\nHost: x\r\n\r\n").encode()
            turn += 1
            sent[kind] += 1

            async def one(kind: str = kind, data: bytes = data) -> None:
                statuses = await exchange(proxy.port, data)
                sent[f"{kind}: answers {'+'.join(map(str, statuses)) or 'none'}"] += 1

            tasks.append(asyncio.create_task(one()))
        await asyncio.sleep(max(0.0, tick + 1.0 - time.monotonic()))
    await asyncio.gather(*tasks)
    return sent


ROOM_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"


async def handovers(database_url: str, redis_url: str, games: int, processes: int, seed: int, scratch: Path,
                    attack_s: float = ATTACK_S, attack: bool = True, timeout_s: float = 300.0) -> dict:
    """The games of `failover` with no process stopped; once they are under way, `attack_s` seconds
    of aim_at_non_owners (none if not `attack`: the run to compare with). Figures: chaos's, the
    lease handovers each process counted, the players' reconnects, acks/s in that window."""
    rng = random.Random(seed)
    started = time.monotonic()
    env = {"REDIS_URL": redis_url, "DORHAMI_LEASE_TTL_S": LEASE_TTL_S}
    servers = [Server(database_url, scratch / f"server{i}.log", 0 if pinned() else None, env)
               for i in range(processes)]
    await servers[0].start()
    await asyncio.gather(*(s.start() for s in servers[1:]))
    proxy = await Proxy([("127.0.0.1", s.port) for s in servers]).start("127.0.0.1", 0)
    run = Run(Front(proxy.port), started + timeout_s)
    sent, window = Counter(), {}
    try:
        async with httpx.AsyncClient(base_url=run.server.url, timeout=HTTP_TIMEOUT_S) as http:
            gate = asyncio.Semaphore(REST_CONCURRENCY)

            async def opened(slug, kinds, game_rng):
                async with gate:
                    return await open_game(http, run, slug, kinds, game_rng)

            table = await asyncio.gather(*(opened(slug, kinds, random.Random(rng.random()))
                                           for slug, kinds in plan_games(games, rng)))
            plays = [asyncio.create_task(p.play()) for g in table for p in g.players]

            def acks() -> int:
                return sum(len(p.acks) for g in table for p in g.players)

            try:
                while acks() < KILL_AFTER_ACKS * games and not run.over() and not all(g.finished() for g in table):
                    await asyncio.sleep(0.05)
                before = await lease_handovers(servers)
                begun, acks_before = time.monotonic(), acks()
                if attack:
                    sent = await aim_at_non_owners(proxy, servers, database_url, begun + attack_s, rng)
                else:
                    while time.monotonic() < begun + attack_s:
                        await asyncio.sleep(0.1)
                window = {"seconds": time.monotonic() - begun, "acks": acks() - acks_before}
                await asyncio.gather(*plays)
            finally:
                for task in plays:
                    task.cancel()
                await asyncio.gather(*plays, return_exceptions=True)
            wall = time.monotonic() - started
            after = await lease_handovers(servers)
            finals = [await final_views(http, g) for g in table]
    finally:
        await proxy.close()
        for server in servers:
            server.stop()
    logs = read_logs(database_url, [f["room"]["game_id"] for f in finals])
    audits = [audit(g, f, *logs.get(f["room"]["game_id"], (None, []))) for g, f in zip(table, finals)]
    problems = [p for s in servers for p in s.problems()]
    result = figures(table, audits, run, wall, problems)
    players = [p for g in table for p in g.players]
    result.update(processes=processes, attack="handovers" if attack else None, titles=dict(Counter(g.slug for g in table)),
                  attack_requests={k: v for k, v in sent.items() if ":" not in k},
                  attack_answers={k: v for k, v in sent.items() if ":" in k},
                  handovers_by_process={k: after[k] - before.get(k, 0) for k in after},
                  handovers=sum(after.values()) - sum(before.values()), handovers_whole_run=sum(after.values()),
                  player_reconnects=sum(max(0, p.sessions - 1) for p in players),
                  window_s=round(window.get("seconds", 0.0), 1),
                  window_acks_per_s=round(window["acks"] / window["seconds"], 1) if window else None,
                  acks_per_s=round(result["acked"] / wall, 1), server_problems=problems[:10])
    return result


def handover_failures(fig: dict) -> list[str]:
    return chaos.failures(fig, 0) + (["lease handovers under attack"] if fig["handovers_whole_run"] else [])


def handover_report(fig: dict, calm: dict | None) -> str:
    compare = (f"  (without the attack: {calm['window_acks_per_s']}/s in the same window, "
               f"{calm['handovers_whole_run']} handovers, {calm['player_reconnects']} reconnects)") if calm else ""
    lines = [
        f"cluster of {fig['processes']} under --attack handovers: {fig['games']} games {fig['titles']}",
        f"attack requests                {fig['attack_requests']} over {fig['window_s']} s",
        f"their answers                  {fig['attack_answers']}",
        f"lease handovers                {fig['handovers_whole_run']} {fig['handovers_by_process']}",
        f"player reconnects              {fig['player_reconnects']}",
        f"acks/s in the attack window    {fig['window_acks_per_s']}{compare}",
        f"actions acked / refused        {fig['acked']} / {fig['refused']}; lost {fig['lost']}, "
        f"applied twice {fig['doubled']}",
        f"games finished                 {fig['finished']}/{fig['games']}; final state == replay "
        f"{fig['replay_equal']}/{fig['games']}",
        f"wall time                      {fig['wall_s']} s; server log errors {fig['server_errors']}",
    ]
    lines += [f"  problem: {p}" for p in fig["problems"][:20]]
    lines += [f"  server: {p}" for p in fig["server_problems"]]
    return "\n".join(lines)


def pinned() -> bool:
    """Whether the servers go on core 0 and this driver on core 1 (as bench/chaos.py)."""
    return shutil.which("taskset") is not None and (os.cpu_count() or 1) >= 2


def run_handovers(pg_url: str, redis_url: str, games: int, processes: int, seed: int, attack_s: float,
                  as_json: bool = False) -> int:
    """The run without the attack, then with it, each on a database of its own; prints, and
    returns the exit status (1 if the attacked run broke an invariant or handed a table over)."""
    if pinned():
        os.sched_setaffinity(0, {1})
    found = {}
    for attack in (False, True):
        name = f"dorhami_cluster_{os.getpid()}"
        url = pg_database(pg_url, name, create=True)
        try:
            with tempfile.TemporaryDirectory(prefix="dorhami-cluster-") as scratch:
                found[attack] = asyncio.run(handovers(url, redis_url, games, processes, seed, Path(scratch),
                                                      attack_s, attack))
        finally:
            pg_database(pg_url, name, create=False)
    fig, calm = found[True], found[False]
    fig["without_attack"] = {k: calm[k] for k in ("window_acks_per_s", "acks_per_s", "handovers_whole_run",
                                                   "player_reconnects", "wall_s")}
    broken = handover_failures(fig)
    print(json.dumps(fig, indent=2) if as_json else handover_report(fig, calm))
    if broken:
        print("FAILED: " + ", ".join(broken), file=sys.stderr)
    return 1 if broken else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/0")
    parser.add_argument("--pg-url", default=PG_ADMIN_URL)
    parser.add_argument("--stop", choices=["kill", "term"], default="kill",
                        help="how the busiest process goes: SIGKILL (a crash, default) or SIGTERM (a rolling deploy)")
    parser.add_argument("--attack", choices=["handovers"],
                        help="handovers: no process is stopped; requests aimed at rooms' non-owners for "
                             "--attack-seconds, against a run without them (exit 1 on any lease handover)")
    parser.add_argument("--attack-seconds", type=float, default=ATTACK_S)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.attack == "handovers":
        sys.exit(run_handovers(args.pg_url, args.redis_url, args.games, args.processes, args.seed,
                               args.attack_seconds, args.json))
    name = f"dorhami_cluster_{os.getpid()}"
    url = pg_database(args.pg_url, name, create=True)
    try:
        with tempfile.TemporaryDirectory(prefix="dorhami-cluster-") as scratch:
            fig = asyncio.run(failover(url, args.redis_url, args.games, args.processes, args.seed, Path(scratch),
                                       stop=args.stop))
    finally:
        pg_database(args.pg_url, name, create=False)
    broken = failures(fig)
    print(json.dumps(fig, indent=2) if args.json else report(fig))
    if broken:
        print("FAILED: " + ", ".join(broken), file=sys.stderr)
    sys.exit(1 if broken else 0)


if __name__ == "__main__":
    main()
