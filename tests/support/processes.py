"""Child server processes: stopping one, and reading the errors out of its log."""

from __future__ import annotations

import subprocess


def stop_process(proc: subprocess.Popen, grace_s: float = 15) -> None:
    """SIGTERM, and SIGKILL if it has not exited within `grace_s`."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(grace_s)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def log_problems(lines: list[str]) -> list[str]:
    """Each ERROR line of a server's log, and each traceback down to its exception."""
    found, block = [], None
    for line in lines:
        if block is not None:
            block.append(line)
            if not line.startswith(" "):
                found.append("\n".join(block))
                block = None
        elif line.startswith("Traceback"):
            block = [line]
        elif "ERROR" in line:
            found.append(line)
    return found
