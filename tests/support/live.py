"""A real server process on a free port, for the restart and browser tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time

import httpx

from tests.support.processes import stop_process


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ServerProcess:
    """`dorhami serve` as a child process; `kill()` is SIGKILL, as a crash would be."""

    def __init__(
        self,
        database_url: str,
        port: int | None = None,
        bot_delay_ms: str = "150,300",
        *options: str,
        env: dict[str, str] | None = None,
    ) -> None:
        self.database_url = database_url
        self.port = port or free_port()
        self.bot_delay_ms = bot_delay_ms
        self.options = options  # more `dorhami serve` flags, such as --access-log
        self.env = env or {}  # more settings, such as REDIS_URL
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        env = {**os.environ, "DATABASE_URL": self.database_url, "DORHAMI_BOT_DELAY_MS": self.bot_delay_ms, **self.env}
        # The log (and the access log, on stdout) goes to a file, not a pipe: nobody reads a pipe while
        # the test runs, and a server whose pipe is full blocks on its next log line (uvicorn writes
        # one per socket).
        self.log = tempfile.TemporaryFile()
        command = [sys.executable, "-m", "dorhami.cli", "serve", "--port", str(self.port), *self.options]
        self.process = subprocess.Popen(command, env=env, stdout=self.log, stderr=self.log)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log_text()[-2000:]}")
            try:
                if httpx.get(f"{self.url}/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("server did not start within 30 s")

    def log_text(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        self.log.close()

    def stop(self) -> None:
        if self.process:
            stop_process(self.process, 10)
        if self.process and not self.log.closed:
            self.log.close()
