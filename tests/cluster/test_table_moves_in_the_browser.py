"""What a player sees when the process running their table dies: the browser says it is
reconnecting, comes back on the process that took the table over, with the same hand, and the
game goes on. Two `dorhami serve` processes on PostgreSQL and Redis behind `dorhami proxy`."""

from __future__ import annotations

import socket
import subprocess
import sys
import time

import httpx
import psycopg
import pytest

from tests.support.live import ServerProcess, free_port

from ..browser.conftest import browser  # noqa: F401  (the fixture)
from ..browser.lobby import create_room, sit_with_bots
from ..browser.screens import PHONE, new_page, screenshot
from ..browser.test_jekyll_vs_hyde import take_one_step

pytestmark = [pytest.mark.browser, pytest.mark.slow]
LEASE_TTL_S = "3"


def owner_of(database_url: str, code: str) -> str | None:
    with psycopg.connect(database_url.replace("+psycopg", "")) as conn:
        row = conn.execute(
            "SELECT l.owner FROM table_leases l JOIN rooms r ON r.id = l.room_id WHERE r.code = %s "
            "AND l.expires_at > clock_timestamp()",
            (code,),
        ).fetchone()
    return row[0] if row else None


def log_entries(url: str, code: str) -> list[dict]:
    return httpx.get(f"{url}/api/rooms/{code}/log", params={"after": 0, "limit": 1000}, timeout=10).json()["entries"]


def hand(page) -> list[str]:
    return page.locator("#hand .card-face").evaluate_all("els => els.map(e => e.dataset.card)")


def start_proxy(ports: list[int]) -> tuple[subprocess.Popen, str]:
    port = free_port()
    upstreams = [arg for p in ports for arg in ("--upstream", f"127.0.0.1:{p}")]
    proxy = subprocess.Popen(
        [sys.executable, "-m", "dorhami.cli", "proxy", "--host", "127.0.0.1", "--port", str(port), *upstreams],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/api/games", timeout=1).status_code == 200:
                return proxy, url
        except httpx.HTTPError:
            time.sleep(0.1)
    proxy.kill()
    raise RuntimeError("the proxy did not answer within 20 s")


def test_a_player_whose_table_process_dies_reconnects_and_plays_on(cluster_database_url, redis_url, browser):  # noqa: F811
    env = {"REDIS_URL": redis_url, "DORHAMI_LEASE_TTL_S": LEASE_TTL_S}
    servers = [ServerProcess(cluster_database_url, None, "60,120", env=env).start()]  # the first migrates
    servers.append(ServerProcess(cluster_database_url, None, "60,120", env=env).start())
    proxy, url = start_proxy([s.port for s in servers])
    try:
        page = new_page(browser, PHONE, "fa")
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        code = create_room(page, url, "Sara", "jekyll-vs-hyde").rsplit("/", 1)[1]
        sit_with_bots(page, 1)
        page.wait_for_selector("#submit-cards")  # the exchange: my turn, whatever the bot does
        seats = httpx.get(f"{url}/api/rooms/{code}", timeout=10).json()["seats"]
        [my_seat] = [s["seat"] for s in seats if s["player"] and s["player"]["name"] == "Sara"]
        before, entries_before = hand(page), log_entries(url, code)

        owner = owner_of(cluster_database_url, code)
        [victim] = [s for s in servers if owner == f"{socket.gethostname()}:{s.port}"]
        [survivor] = [s for s in servers if s is not victim]
        victim.kill()
        page.wait_for_selector("#conn", timeout=5000)  # "reconnecting", in words
        screenshot(page, "cluster-reconnecting-phone-fa")
        page.wait_for_selector("#conn", state="detached", timeout=20000)

        assert owner_of(cluster_database_url, code) == f"{socket.gethostname()}:{survivor.port}"
        page.wait_for_selector("#submit-cards")
        assert hand(page) == before, "the same hand, on the process that took the table over"
        after = log_entries(url, code)
        # The bot may have moved meanwhile, on either process; what was there is still there.
        assert after[: len(entries_before)] == entries_before, "nothing acknowledged was lost"
        assert all(e["seat"] != my_seat for e in after[len(entries_before) :]), "nor anything of mine replayed"
        deadline = time.monotonic() + 20
        while not take_one_step(page) and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        for _ in range(100):
            mine = [e for e in log_entries(url, code)[len(entries_before) :] if e["seat"] == my_seat]
            if mine:
                break
            time.sleep(0.1)
        assert mine, "my move after the reconnect reached the new owner's log"
        assert not errors, errors
    finally:
        proxy.kill()
        proxy.wait(10)
        for server in servers:
            server.stop()
