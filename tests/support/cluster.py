"""The failover run: several server processes on one PostgreSQL and Redis behind `dorhami proxy`, the
owner of the most tables killed mid-game, and the handovers attack. bench/reliability/cluster.py runs
it at full size (its docstring has the method); tests/cluster/test_failover.py runs it reduced.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import shutil
import socket
import time
from collections import Counter
from pathlib import Path

import httpx
import psycopg

from dorhami.proxy import Proxy, rendezvous
from tests.support import chaos
from tests.support.chaos import (
    HTTP_TIMEOUT_S,
    REST_CONCURRENCY,
    Run,
    Server,
    audit,
    figures,
    final_views,
    open_game,
    plan_games,
    read_logs,
)

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
        rows = conn.execute(
            "SELECT l.owner, r.code FROM table_leases l JOIN rooms r ON r.id = l.room_id "
            "WHERE l.owner IS NOT NULL AND l.expires_at > clock_timestamp() "
            "AND r.status = 'playing'"
        ).fetchall()
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
            over = {
                code
                for (code,) in conn.execute(
                    "SELECT code FROM rooms WHERE code = ANY(%s) AND status <> 'playing'", (list(waiting),)
                )
            }
        for code in list(waiting):
            if code in running or code in over:
                waiting.discard(code)
                if code in running:
                    taken[code] = time.monotonic() - killed
    return {"taken": taken, "never": sorted(waiting)}


async def failover(
    database_url: str,
    redis_url: str,
    games: int,
    processes: int,
    seed: int,
    scratch: Path,
    timeout_s: float = 300.0,
    restart: bool = True,
    stop: str = "kill",
) -> dict:
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

            table = await asyncio.gather(
                *(opened(slug, kinds, random.Random(rng.random())) for slug, kinds in plan_games(games, rng))
            )
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
                failed_over = await when_taken_over(
                    database_url, instance_of(victim), codes, run.kills[-1], FAILOVER_LIMIT_S
                )
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
    result.update(
        processes=processes,
        stop=stop,
        spread=spread,
        titles=dict(Counter(g.slug for g in table)),
        victim_tables=len(failed_over["taken"]) + len(failed_over["never"]),
        failover_max_s=round(max(taken), 3) if taken else None,
        failover_median_s=round(sorted(taken)[len(taken) // 2], 3) if taken else None,
        never_taken_over=failed_over["never"],
        server_problems=problems[:10],
    )
    return result


def failures(fig: dict, spread: bool = True) -> list[str]:
    """chaos's invariants (one kill), and the cluster's own; `spread`: every process must have run
    tables before the kill (room codes are random, so a small run may leave one process none)."""
    checks = [
        (not fig["problems"], "audit problems"),
        (not spread or all(n > 0 for n in fig["spread"].values()), "a process ran no table before the kill"),
        (fig["victim_tables"] > 0, "the killed process ran no game in play"),
        (not fig["never_taken_over"], "tables of the killed process never taken over"),
        (
            fig["failover_max_s"] is None or fig["failover_max_s"] <= FAILOVER_LIMIT_S,
            f"failover slower than {FAILOVER_LIMIT_S:.0f} s",
        ),
    ]
    return chaos.failures(fig, 1) + [what for ok, what in checks if not ok]


# -- --attack handovers: requests that would move a table to a process that does not own it --------

ATTACK_S = 30.0
LEASE_HANDOVERS = re.compile(r"^dorhami_lease_handovers_total (\S+)$", re.M)


def lease_owners(database_url: str) -> dict[str, str]:
    """Room code -> its live owner, for every live lease (rooms in play or just finished)."""
    with psycopg.connect(database_url.replace("+psycopg", "")) as conn:
        rows = conn.execute(
            "SELECT r.code, l.owner FROM table_leases l JOIN rooms r ON r.id = l.room_id "
            "WHERE l.owner IS NOT NULL AND l.expires_at > clock_timestamp()"
        ).fetchall()
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


async def aim_at_non_owners(
    proxy: Proxy, servers: list[Server], database_url: str, until: float, rng: random.Random
) -> Counter:
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
                data = (
                    f"GET /api/rooms/%{ord(code[0]):02X}{code[1:]}/state HTTP/1.1\r\nHost: x\r\n"
                    f"Connection: keep-alive\r\n\r\n"
                ).encode()
            else:
                kind = "pipelined_after_upgrade"
                decoy = next(
                    d
                    for d in ("".join(rng.choice(ROOM_LETTERS) for _ in range(16)) for _ in range(1000))
                    if rendezvous(d.encode(), upstreams)[0] != owner
                )
                data = (
                    f"GET /api/rooms/{decoy}/state HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\r\n"
                    f"GET /api/rooms/{code}/state HTTP/1.1\r\nHost: x\r\n\r\n"
                ).encode()
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


async def handovers(
    database_url: str,
    redis_url: str,
    games: int,
    processes: int,
    seed: int,
    scratch: Path,
    attack_s: float = ATTACK_S,
    attack: bool = True,
    timeout_s: float = 300.0,
) -> dict:
    """The games of `failover` with no process stopped; once they are under way, `attack_s` seconds
    of aim_at_non_owners (none if not `attack`: the run to compare with). Figures: chaos's, the
    lease handovers each process counted, the players' reconnects, acks/s in that window."""
    rng = random.Random(seed)
    started = time.monotonic()
    env = {"REDIS_URL": redis_url, "DORHAMI_LEASE_TTL_S": LEASE_TTL_S}
    servers = [Server(database_url, scratch / f"server{i}.log", 0 if pinned() else None, env) for i in range(processes)]
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

            table = await asyncio.gather(
                *(opened(slug, kinds, random.Random(rng.random())) for slug, kinds in plan_games(games, rng))
            )
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
    result.update(
        processes=processes,
        attack="handovers" if attack else None,
        titles=dict(Counter(g.slug for g in table)),
        attack_requests={k: v for k, v in sent.items() if ":" not in k},
        attack_answers={k: v for k, v in sent.items() if ":" in k},
        handovers_by_process={k: after[k] - before.get(k, 0) for k in after},
        handovers=sum(after.values()) - sum(before.values()),
        handovers_whole_run=sum(after.values()),
        player_reconnects=sum(max(0, p.sessions - 1) for p in players),
        window_s=round(window.get("seconds", 0.0), 1),
        window_acks_per_s=round(window["acks"] / window["seconds"], 1) if window else None,
        acks_per_s=round(result["acked"] / wall, 1),
        server_problems=problems[:10],
    )
    return result


def handover_failures(fig: dict) -> list[str]:
    return chaos.failures(fig, 0) + (["lease handovers under attack"] if fig["handovers_whole_run"] else [])


def pinned() -> bool:
    """Whether the servers go on core 0 and this driver on core 1 (as bench/reliability/chaos.py)."""
    return shutil.which("taskset") is not None and (os.cpu_count() or 1) >= 2
