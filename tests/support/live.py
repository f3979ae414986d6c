"""A real server process on a free port, for the restart and browser tests (forked from one that
has imported the server: tests/support/forked.py)."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import tempfile
import time

import httpx

from tests.support import forked
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
        self.process: forked.Forked | subprocess.Popen | None = None
        self.log_path: str | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        env = {**os.environ, "DATABASE_URL": self.database_url, "DORHAMI_BOT_DELAY_MS": self.bot_delay_ms, **self.env}
        # The log (and the access log, on stdout) goes to a file, not a pipe: nobody reads a pipe while
        # the test runs, and a server whose pipe is full blocks on its next log line (uvicorn writes
        # one per socket).
        handle, self.log_path = tempfile.mkstemp(prefix="dorhami-server-", suffix=".log")
        os.close(handle)
        self.process = forked.start(["serve", "--port", str(self.port), *self.options], env, self.log_path)
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
        assert self.log_path is not None, "the server was never started"
        with open(self.log_path, "rb") as log:
            return log.read().decode(errors="replace")

    def kill(self) -> None:
        assert self.process is not None, "the server was never started"
        self.process.kill()
        self.process.wait(10)
        self._forget_log()

    def stop(self) -> None:
        if self.process:
            stop_process(self.process, 10)  # type: ignore[arg-type]  # Popen's part that it uses
        self._forget_log()

    def _forget_log(self) -> None:
        if self.log_path is not None:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.log_path)
