"""The servers under test: started pinned to one core, watched through /proc, always stopped."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from tests.support.databases import pg_database
from tests.support.processes import log_problems, stop_process

BASELINE = Path(__file__).resolve().parents[2] / "bench" / "performance" / "baseline_server.py"
BASELINE_FLAGS = {"baseline": [], "baseline-durable": ["--durable"], "baseline-group": ["--group-commit"]}
# dorhami-2: two processes on one PostgreSQL behind nginx (docs/SCALING.md), on the same one core.
# dorhami-ref: the same server from another checkout (DORHAMI_BENCH_REF=its directory), to measure
# a change against the code before it in one interleaved run.
TARGETS = ["dorhami", "dorhami-ref", "dorhami-2", *BASELINE_FLAGS]
NGINX = os.environ.get("DORHAMI_BENCH_NGINX", "nginx")
NGINX_CONF = """worker_processes 1;
daemon off;
pid {scratch}/nginx.pid;
error_log {scratch}/nginx-error.log warn;
events {{ worker_connections 16384; }}
http {{
    access_log off;
    client_body_temp_path {scratch}/nginx-body;
    proxy_temp_path {scratch}/nginx-proxy;
    fastcgi_temp_path {scratch}/nginx-fastcgi;
    uwsgi_temp_path {scratch}/nginx-uwsgi;
    scgi_temp_path {scratch}/nginx-scgi;
    map $uri $room_key {{
        "~^/(?:api|ws)/rooms/(?<code>[A-Za-z0-9_-]{{1,32}})(?:/|$)" $code;
        default $request_id;
    }}
    map $http_upgrade $connection_upgrade {{ default upgrade; "" ""; }}
    upstream dorhami {{
        hash $room_key consistent;
        {servers}
        keepalive 32;
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://dorhami;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $http_host;
            proxy_read_timeout 1h;
            proxy_next_upstream error timeout;
        }}
    }}
}}
"""
START_TIMEOUT_S = 60
CLK_TCK = os.sysconf("SC_CLK_TCK")


@dataclass
class Server:
    target: str
    port: int
    proc: subprocess.Popen
    log_path: Path
    database: str  # what the server stores its log in, for the report
    # dorhami-2: the second server process and nginx in front, all on the server's core; their
    # CPU and memory count as the server's.
    others: list[subprocess.Popen] = field(default_factory=list)
    other_logs: list[Path] = field(default_factory=list)

    @property
    def pid(self) -> int:
        return self.proc.pid

    def cpu_seconds(self) -> float:
        """User + system time of the whole process (every thread) so far."""
        total = 0.0
        for pid in [self.pid, *(p.pid for p in self.others)]:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rpartition(")")[2].split()
            total += (int(fields[11]) + int(fields[12])) / CLK_TCK  # utime, stime (fields 14, 15)
        return total

    def rss_kib(self) -> int:
        total = 0
        for pid in [self.pid, *(p.pid for p in self.others)]:
            with open(f"/proc/{pid}/status") as f:
                total += next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
        return total

    def cores(self) -> list[int]:
        return sorted(os.sched_getaffinity(self.pid))

    def log_problems(self) -> list[str]:
        """The errors of the server's own log: each ERROR line, each traceback down to its exception."""
        return log_problems(
            [
                line
                for path in [self.log_path, *self.other_logs]
                for line in path.read_text(errors="replace").splitlines()
            ]
        )

    def log_tail(self, lines: int = 30) -> str:
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])


def core_busy_seconds() -> dict[int, float]:
    """CPU time each core spent running processes (anyone's) or stolen by the hypervisor since
    boot, from /proc/stat: user + nice + system + steal. Interrupt time is left out: on loopback
    it is mostly the network stack carrying our own traffic, charged to no process."""
    busy = {}
    with open("/proc/stat") as f:
        for line in f:
            name, *ticks = line.split()
            if name.startswith("cpu") and name != "cpu":
                user, nice, system, _idle, _iowait, _irq, _softirq, steal = (int(t) for t in ticks[:8])
                busy[int(name[3:])] = (user + nice + system + steal) / CLK_TCK
    return busy


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@asynccontextmanager
async def running(
    target: str, scratch: Path, database: str, pg_admin_url: str, core: int, name: str
) -> AsyncIterator[Server]:
    """Start `target` on a free port, pinned to `core` with taskset; stop it (and drop its
    PostgreSQL database) however the block ends. `name` keeps files of several starts apart."""
    if target == "dorhami-2":
        async with _running_pair(scratch, database, pg_admin_url, core, name) as server:
            yield server
        return
    port = free_port()
    env = dict(os.environ)
    pg_name = None
    if target in ("dorhami", "dorhami-ref"):
        if database == "postgres":
            pg_name = f"dorhami_bench_{os.getpid()}"
            url = pg_database(pg_admin_url, pg_name, create=True)
        else:
            url = f"sqlite:///{scratch / (name + '.db')}"
        env["DATABASE_URL"] = url
        # One generator makes every player and room from one address: a person never would.
        env["DORHAMI_RATE_LIMITS"] = "off"
        command = [str(Path(sys.executable).with_name("dorhami")), "serve", "--host", "127.0.0.1", "--port", str(port)]
        label = url.split("@")[-1] if pg_name else "SQLite (WAL, synchronous=FULL)"
        if target == "dorhami-ref":
            ref = os.environ.get("DORHAMI_BENCH_REF")
            if not ref:
                raise SystemExit("dorhami-ref needs DORHAMI_BENCH_REF: a checkout of the code to compare with")
            env["PYTHONPATH"] = str(Path(ref) / "src")
            command = [sys.executable, "-m", "dorhami", *command[1:]]
            label += f", code of {ref}"
    else:
        command = [sys.executable, str(BASELINE), *BASELINE_FLAGS[target], "--host", "127.0.0.1", "--port", str(port)]
        if BASELINE_FLAGS[target]:
            command += ["--db", str(scratch / (name + "-baseline.db"))]
        label = "SQLite (WAL, synchronous=FULL)" if BASELINE_FLAGS[target] else "in memory"
    log_path = scratch / (name + ".log")
    proc = None
    try:
        with open(log_path, "wb") as log:
            # taskset execs the server, so proc.pid is the server itself; a session of its own
            # keeps a terminal's Ctrl-C for us, and we stop it in order.
            proc = subprocess.Popen(
                ["taskset", "-c", str(core), *command],
                stdout=log,
                stderr=subprocess.STDOUT,
                env=env,
                start_new_session=True,
            )
        server = Server(target, port, proc, log_path, label)
        await _wait_ready(server)
        yield server
    finally:
        if proc is not None:
            stop_process(proc)
        if pg_name:
            pg_database(pg_admin_url, pg_name, create=False)


@asynccontextmanager
async def _running_pair(scratch: Path, database: str, pg_admin_url: str, core: int, name: str) -> AsyncIterator[Server]:
    """Two `dorhami serve` processes on one PostgreSQL (their tables leased, docs/SCALING.md) and
    nginx hashing room codes onto them, all three pinned to `core`: the same CPU as one process."""
    if database != "postgres":
        raise SystemExit("dorhami-2 runs on PostgreSQL (--database postgres): SQLite is one process")
    pg_name = f"dorhami_bench_{os.getpid()}"
    url = pg_database(pg_admin_url, pg_name, create=True)
    env = {**os.environ, "DATABASE_URL": url, "DORHAMI_RATE_LIMITS": "off"}
    procs, logs, ports = [], [], [free_port(), free_port()]
    try:
        for i, port in enumerate(ports):
            logs.append(scratch / f"{name}-{i}.log")
            with open(logs[-1], "wb") as log:
                command = [
                    str(Path(sys.executable).with_name("dorhami")),
                    "serve",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(port),
                ]
                procs.append(
                    subprocess.Popen(
                        ["taskset", "-c", str(core), *command],
                        stdout=log,
                        stderr=subprocess.STDOUT,
                        env=env,
                        start_new_session=True,
                    )
                )
            await _wait_ready(Server("dorhami", port, procs[-1], logs[-1], url))
        port = free_port()
        conf = scratch / f"{name}-nginx.conf"
        conf.write_text(
            NGINX_CONF.format(scratch=scratch, port=port, servers=" ".join(f"server 127.0.0.1:{p};" for p in ports))
        )
        command = [NGINX, "-c", str(conf), "-p", str(scratch), "-e", str(scratch / "nginx-start.log")]
        procs.append(
            subprocess.Popen(
                ["taskset", "-c", str(core), *command],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
        )
        server = Server(
            "dorhami",
            port,
            procs[0],
            logs[0],
            url.split("@")[-1] + ", 2 processes + nginx",
            others=procs[1:],
            other_logs=logs[1:],
        )
        await _wait_ready(server)
        yield server
    finally:
        for proc in procs:
            stop_process(proc)
        pg_database(pg_admin_url, pg_name, create=False)


async def _wait_ready(server: Server) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    async with httpx.AsyncClient() as http:
        while time.monotonic() < deadline:
            if server.proc.poll() is not None:
                raise RuntimeError(
                    f"{server.target} exited with {server.proc.returncode} while starting:\n{server.log_tail()}"
                )
            try:
                if server.target.startswith("dorhami"):
                    # The port opens before the lifespan (migrations, recovery) is done.
                    if (await http.get(f"http://127.0.0.1:{server.port}/api/games")).status_code == 200:
                        return
                elif b"listening on" in server.log_path.read_bytes():
                    # (A bare TCP probe would be logged by websockets as a failed handshake.)
                    return
            except (OSError, httpx.TransportError):
                pass
            await asyncio.sleep(0.2)
    raise RuntimeError(f"{server.target} did not answer within {START_TIMEOUT_S} s:\n{server.log_tail()}")
