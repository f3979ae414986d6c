"""One serving process per SQLite file: a second `dorhami serve` (any second hub) on it stops at once
and says why; a second hub in the same process shares the lock; migrate, the ratings rebuild and a
plain Store (which keeps nothing in memory) need none."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys

import pytest

from dorhami.config import Settings
from dorhami.hub.hub import Hub
from dorhami.storage import serving_lock
from dorhami.storage.repository import Store
from tests.support.live import ServerProcess, free_port

# A process that serves the file (holds a hub on it) until its stdin closes.
HOLDER = (
    "import sys; from dorhami.config import Settings; from dorhami.hub.hub import Hub; "
    "from dorhami.storage.repository import Store; url = sys.argv[1]; "
    "hub = Hub(Store(url), Settings(database_url=url)); print('serving', flush=True); sys.stdin.read()"
)


def hub_on(url: str) -> Hub:
    return Hub(Store(url), Settings(database_url=url))


def closed(hub: Hub) -> None:
    asyncio.run(hub.close())
    hub.store.close()


def run_cli(url: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "dorhami.cli", *args],
        env={**os.environ, "DATABASE_URL": url},
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture
def sqlite_url(database_url):
    if not database_url.startswith("sqlite"):
        pytest.skip("the lock guards SQLite files; PostgreSQL shares rooms by leases")
    return database_url


@pytest.fixture
def holder(sqlite_url):
    """Another process serving the test's database."""
    process = subprocess.Popen(
        [sys.executable, "-c", HOLDER, sqlite_url], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout.readline().strip() == "serving"
        yield process
    finally:
        process.stdin.close()
        process.wait(30)
        process.stdout.close()


@pytest.mark.slow
def test_a_second_server_on_the_same_sqlite_file_refuses_to_start(holder, sqlite_url):
    second = run_cli(sqlite_url, "serve", "--port", str(free_port()))
    path = serving_lock.sqlite_file(sqlite_url)
    assert second.returncode != 0
    assert (
        f"another Dorhami process (pid {holder.pid}) is serving {path}; SQLite is for one process: "
        "use PostgreSQL (DATABASE_URL) for several"
    ) in second.stderr
    assert "Traceback" not in second.stderr


def test_a_hub_of_a_file_another_process_serves_is_refused_and_a_plain_store_is_not(holder, sqlite_url):
    with pytest.raises(serving_lock.DatabaseInUse, match="another Dorhami process .* is serving"):
        hub_on(sqlite_url)
    Store(sqlite_url).close()  # rows only (a test seeding games, a tool): nothing kept in memory


@pytest.mark.slow
def test_a_running_server_keeps_a_second_one_off_and_the_file_is_free_when_it_stops(sqlite_url):
    server = ServerProcess(sqlite_url).start()
    try:
        second = run_cli(sqlite_url, "serve", "--port", str(free_port()))
        assert second.returncode != 0 and "another Dorhami process" in second.stderr
    finally:
        server.kill()  # SIGKILL: the kernel lets the lock go with the process, no stale file blocks
    closed(hub_on(sqlite_url))


def test_migrate_and_a_ratings_rebuild_run_beside_a_server(holder, sqlite_url):
    assert run_cli(sqlite_url, "migrate").returncode == 0
    rebuilt = run_cli(sqlite_url, "ratings", "rebuild")
    assert rebuilt.returncode == 0 and "rebuilt the ratings from 0 rated games" in rebuilt.stdout


def test_two_hubs_of_one_process_share_the_file_and_the_last_close_frees_it(sqlite_url):
    first, second = hub_on(sqlite_url), hub_on(sqlite_url)
    closed(first)
    refused = hold_elsewhere(sqlite_url)  # the second hub still serves it
    assert refused.returncode != 0 and "DatabaseInUse: another Dorhami process" in refused.stderr
    closed(second)
    done = hold_elsewhere(sqlite_url)
    assert done.returncode == 0 and done.stdout.strip() == "serving"


def hold_elsewhere(url: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", HOLDER, url], input="", capture_output=True, text=True, timeout=60)


def test_an_in_memory_database_and_postgresql_take_no_lock():
    assert serving_lock.sqlite_file("sqlite://") is None
    assert serving_lock.sqlite_file("sqlite:///:memory:") is None
    assert serving_lock.sqlite_file("postgresql+psycopg://u:p@db/dorhami") is None
    assert serving_lock.hold("sqlite://") is None
