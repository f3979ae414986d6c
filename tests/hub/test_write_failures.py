"""A table never stalls on a failed write: its own moves retry with back-off, and a commit whose
answer was lost (the row landed all the same) is taken from the log, never applied twice."""

from __future__ import annotations

import asyncio

import pytest

from dorhami.config import Settings
from dorhami.hub.clock import FakeClock
from dorhami.hub.errors import HubError
from dorhami.hub.fanout import Subscriber
from dorhami.hub.hub import Hub
from dorhami.storage.repository import Store

from .test_table import run, settle, started_table


class Outage:
    """Makes the store's writes fail (or succeed and then fail) until `end()`; counts the tries."""

    def __init__(self, repo, lose_answer: bool = False) -> None:
        self.repo, self.real, self.tries = repo, repo.write_batch, 0
        self.lose_answer = lose_answer
        repo.write_batch = self

    def __call__(self, rows, writes, *fenced):
        self.tries += 1
        if self.lose_answer:
            self.real(rows, writes, *fenced)
        raise OSError("database unreachable")

    def end(self) -> None:
        self.repo.write_batch = self.real


def with_table(database_url, scenario, bots: int = 0) -> None:
    """Run `scenario(hub, table, clock)` on a started Jekyll vs Hyde table, then close it."""

    async def main():
        clock = FakeClock()
        hub, table, _, _ = await started_table(database_url, clock, bots=bots)
        try:
            await scenario(hub, table, clock)
        finally:
            await hub.close()
            hub.store.close()

    run(main())


async def tick(clock: FakeClock, ms: int, step: int = 50) -> None:
    """Move the clock in small steps, letting every woken task (and the database thread) run."""
    for _ in range(ms // step):
        clock.advance(step)
        await settle()
        await asyncio.sleep(0.003)
        await settle()


async def tried(outage: Outage, within_s: float = 5.0) -> int:
    """The tries so far, once there is one: the failing write runs on the database's thread, which a
    loaded machine may not have scheduled within the last tick's few milliseconds."""
    for _ in range(int(within_s / 0.01)):
        if outage.tries:
            break
        await asyncio.sleep(0.01)
    return outage.tries


def test_a_bots_move_whose_commit_fails_is_retried_with_back_off_until_the_database_is_back(database_url):
    async def scenario(hub, table, clock):
        outage = Outage(hub.store.repo)
        await tick(clock, 1000)  # the bot's exchange is due after 1 s
        assert await tried(outage) == 1
        await tick(clock, 6000)
        # Back-off 100, 200, 400, 800, 1600, 3200 ms: a handful of tries in 6 s, not one per tick.
        assert 4 <= outage.tries <= 7, outage.tries
        outage.end()
        await tick(clock, 5000)
        await table.call(asyncio.sleep, 0)
        rows = await hub.store.actions(table.game.id)
        assert [(r.seat, r.action["type"]) for r in rows] == [(1, "exchange_cards")]
        assert table.game.version == 1 and table.retry_ms == 0

    with_table(database_url, scenario, bots=1)


def test_a_timer_whose_commit_fails_fires_later_as_at_its_due_time(database_url):
    async def scenario(hub, table, clock):
        due = table.engine.next_deadline(table.game.state)
        outage = Outage(hub.store.repo)
        await tick(clock, due - clock.now_ms() + 500, step=500)
        assert await tried(outage) >= 1 and table.game.state["phase"] == "exchange"
        # The stand-ins that took over meanwhile made the game unrated; that write failed too,
        # and the table went on all the same (the game's end will store the reason).
        assert table.game.unrated == "bots" and not table.retired
        outage.end()
        await tick(clock, 6000, step=100)
        await table.call(asyncio.sleep, 0)
        assert table.game.state["phase"] != "exchange"
        rows = await hub.store.actions(table.game.id)
        # (Later rows may be stand-in bots': nobody has a socket to this table.)
        assert [(r.seat, r.action["type"]) for r in rows][:1] == [(None, "advance")]

    with_table(database_url, scenario)


def test_a_client_action_that_could_not_be_stored_gets_storage_unavailable_and_may_be_resent(database_url):
    async def scenario(hub, table, clock):
        before = table.snapshot(0)
        action = table.engine.legal_actions(table.game.state, 0)[0]
        outage = Outage(hub.store.repo)
        with pytest.raises(HubError) as refused:
            await table.act(0, action, clock.now_ms(), 7)
        assert refused.value.code == "storage_unavailable" and refused.value.status == 503
        outage.end()
        assert table.snapshot(0) == before
        reply = await table.act(0, action, clock.now_ms(), 7)
        assert reply["type"] == "ack" and reply["version"] == 1
        assert len(await hub.store.actions(table.game.id)) == 1

    with_table(database_url, scenario)


def test_a_commit_whose_answer_was_lost_is_read_back_from_the_log_and_not_applied_twice(database_url):
    async def scenario(hub, table, clock):
        action = table.engine.legal_actions(table.game.state, 0)[0]
        outage = Outage(hub.store.repo, lose_answer=True)
        with pytest.raises(HubError, match="could not be saved"):
            await table.act(0, action, clock.now_ms(), 7)
        outage.end()
        # The client resends with the same client_seq: the row that landed answers it.
        reply = await table.act(0, action, clock.now_ms(), 7)
        assert reply["type"] == "ack" and reply["version"] == 1
        rows = await hub.store.actions(table.game.id)
        assert [(r.seq, r.seat, r.client_seq) for r in rows] == [(1, 0, 7)]
        assert table.game.version == 1 and table.game.state["exchange_pending"][0] is not None
        # And the game goes on from there: the other seat's move is the second row.
        other = table.engine.legal_actions(table.game.state, 1)[0]
        assert (await table.act(1, other, clock.now_ms(), 1))["version"] == 2

    with_table(database_url, scenario)


def test_a_game_start_whose_answer_was_lost_is_taken_from_the_database(database_url):
    async def scenario():
        clock = FakeClock()
        hub = Hub(Store(database_url), Settings(database_url=database_url), clock)
        host, _ = await hub.store.create_player("Host")
        guest, _ = await hub.store.create_player("Guest")
        await hub.store.create_room("r", "jekyll-vs-hyde", {}, True, host.id)
        table = await hub.table("r")
        for person in (host, guest):
            await table.join(person.id, person.name)
        watcher = Subscriber(None, 16)
        await table.subscribe(watcher)
        outage = Outage(hub.store.repo, lose_answer=True)
        with pytest.raises(HubError) as refused:
            await table.start_game(host.id, False)
        outage.end()
        assert refused.value.code == "storage_unavailable"
        assert watcher.closed_reason, "its sockets are told to reconnect"
        # The next request rebuilds the table from the database, where the game did start.
        again = await hub.table("r")
        stored = await hub.store.room("r")
        assert again is not table and (again.room.status, again.room.game_id) == ("playing", stored.game_id)
        assert again.game is not None and again.game.version == 0
        with pytest.raises(HubError) as twice:
            await again.start_game(host.id, False)
        assert twice.value.code == "already_started"
        await hub.close()
        hub.store.close()

    run(scenario())


def test_a_seat_change_that_could_not_be_stored_is_not_kept_in_memory(database_url):
    async def scenario():
        clock = FakeClock()
        hub = Hub(Store(database_url), Settings(database_url=database_url), clock)
        host, _ = await hub.store.create_player("Host")
        await hub.store.create_room("r", "jekyll-vs-hyde", {}, True, host.id)
        table = await hub.table("r")
        real = hub.store.repo.replace_seats

        def away(*args):
            raise OSError("database unreachable")

        hub.store.repo.replace_seats = away
        with pytest.raises(HubError):
            await table.join(host.id, "Host")
        hub.store.repo.replace_seats = real
        again = await hub.table("r")
        assert again.seats == {} and again.room_public()["seats"] == []
        assert await again.join(host.id, "Host") == 0
        await hub.close()
        hub.store.close()

    run(scenario())
