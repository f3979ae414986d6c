"""`dorhami serve` forked from a process that has imported the server already.

Importing the app (FastAPI's routes and their models, SQLAlchemy, the games) takes about 2 s of
the 2.3 s a fresh `python -m dorhami.cli serve` needs to answer; the browser tests start a server
each, and the failover tests restart theirs after every kill. Here multiprocessing's fork server
(one per test worker) imports them once and forks each server from that: the child sets the
environment, the log and the cores a `subprocess.Popen` would have given it, then runs the same
`dorhami.cli.main(["serve", ...])`. tests/api/test_packaging.py still starts the installed command.

Only the suite forks (tests/conftest.py turns `enabled` on). The benches share these helpers and
start `python -m dorhami.cli serve` as before: bench/reliability/chaos.py's restart time, SIGKILL
until the new process answers, must include what a real restart imports.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys

enabled = False  # fork servers (the test suite) or start them as commands (the benches)

# Imported once in the fork server; every server forked from it starts with them loaded.
PRELOAD = ["dorhami.app", "dorhami.cli", "uvicorn", "uvloop", "httptools", "websockets"]
_forks = multiprocessing.get_context("forkserver")
_forks.set_forkserver_preload(PRELOAD)


def _serve(argv: list[str], env: dict[str, str], log_path: str, core: int | None, new_session: bool) -> None:
    """In the child: what `Popen(..., env=env, stdout=log, stderr=STDOUT)` under taskset gives, then serve."""
    if new_session:
        os.setsid()
    if core is not None:
        os.sched_setaffinity(0, {core})
    log = os.open(log_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.close(log)
    os.environ.clear()
    os.environ.update(env)
    from dorhami import cli

    cli.main(argv)


class Forked:
    """A forked server, with the part of `subprocess.Popen` that tests and `stop_process` use."""

    def __init__(
        self, argv: list[str], env: dict[str, str], log_path: str, core: int | None = None, new_session: bool = False
    ) -> None:
        self.child = _forks.Process(target=_serve, args=(argv, env, log_path, core, new_session), daemon=True)
        self.child.start()
        self.pid: int = self.child.pid  # type: ignore[assignment]  # set once started

    @property
    def returncode(self) -> int | None:
        return self.child.exitcode

    def poll(self) -> int | None:
        return self.child.exitcode

    def wait(self, timeout: float | None = None) -> int:
        self.child.join(timeout)
        if self.child.exitcode is None:
            raise subprocess.TimeoutExpired("dorhami serve", timeout or 0)
        return self.child.exitcode

    def send_signal(self, sig: int) -> None:
        if self.child.exitcode is None:
            os.kill(self.pid, sig)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


def start(
    argv: list[str], env: dict[str, str], log_path: str, core: int | None = None, new_session: bool = False
) -> Forked | subprocess.Popen:
    """`dorhami.cli` with `argv` as a child writing to `log_path` (appended to), pinned to `core`:
    forked where `enabled`, else the command itself under taskset."""
    if enabled:
        return Forked(argv, env, log_path, core, new_session)
    command = [sys.executable, "-m", "dorhami.cli", *argv]
    if core is not None:
        command = ["taskset", "-c", str(core), *command]  # taskset execs: the child's pid is the server's
    with open(log_path, "ab") as log:
        return subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=new_session)
