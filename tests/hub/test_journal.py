"""Group commit: the appends of many games share one transaction, and none returns before it is durable."""

from __future__ import annotations

import asyncio
import threading
from functools import partial

from dorhami.hub.journal import Journal
from dorhami.storage.records import GameRecord
from dorhami.storage.repository import ActionRow, Repository, Store


async def games(store: Store, count: int) -> list[int]:
    host, _ = await store.create_player("Host")
    ids = []
    for i in range(count):
        room = await store.create_room(f"room{i}", "jekyll-vs-hyde", {}, True, host.id)
        record = GameRecord(room_id=room.id, seed=i, config={}, players=2, started_ms=0)
        ids.append((await store.start_game(room.id, record, [])).id)
    return ids


def test_appends_that_arrive_during_a_commit_share_the_next_transaction(database_url):
    async def scenario():
        store = Store(database_url)
        journal = Journal(store)
        ids = await games(store, 20)
        real, gate, batches = store.repo.write_batch, threading.Event(), []

        def gated(rows, writes):
            batches.append(len(rows))
            gate.wait(10)  # the first commit is slow: everyone else arrives meanwhile
            return real(rows, writes)

        store.repo.write_batch = gated
        first = asyncio.create_task(journal.append(ActionRow(ids[0], 1, 0, {"type": "a"}, 5, 1)))
        while not batches:
            await asyncio.sleep(0.001)
        rest = [
            asyncio.create_task(journal.append(ActionRow(g, 1, 1, {"type": "b", "n": i}, 6, None)))
            for i, g in enumerate(ids[1:])
        ]
        await asyncio.sleep(0.05)
        assert not first.done() and not any(t.done() for t in rest), "nothing returns before its commit"
        gate.set()
        await asyncio.gather(first, *rest)
        assert batches == [1, 19], "the 19 appends that waited went in one transaction"
        stored = [await store.actions(g) for g in ids]
        assert [(r.seq, r.seat, r.action, r.server_ms) for r in stored[0]] == [(1, 0, {"type": "a"}, 5)]
        assert [r.action["n"] for rows in stored[1:] for r in rows] == list(range(19))
        await journal.close()
        store.close()

    asyncio.run(scenario())


def test_a_row_that_cannot_be_stored_fails_alone(database_url):
    async def scenario():
        store = Store(database_url)
        journal = Journal(store)
        ids = await games(store, 3)
        await journal.append(ActionRow(ids[1], 1, 0, {"type": "first"}, 1, None))
        # seq 1 of game ids[1] exists already, so that row breaks its batch; the others still land.
        results = await asyncio.gather(
            journal.append(ActionRow(ids[0], 1, 0, {"type": "ok"}, 2, None)),
            journal.append(ActionRow(ids[1], 1, 0, {"type": "duplicate"}, 2, None)),
            journal.append(ActionRow(ids[2], 1, 0, {"type": "ok"}, 2, None)),
            return_exceptions=True,
        )
        assert results[0] is None and results[2] is None and isinstance(results[1], Exception)
        assert [[r.action["type"] for r in await store.actions(g)] for g in ids] == [["ok"], ["first"], ["ok"]]
        await journal.close()
        store.close()

    asyncio.run(scenario())


def test_a_games_result_commits_with_its_last_action_and_writes_share_batches(database_url):
    async def scenario():
        store = Store(database_url)
        journal = Journal(store)
        ids = await games(store, 2)
        real, seen = store.repo.write_batch, []

        def counted(rows, writes):
            seen.append((len(rows), len(writes)))
            return real(rows, writes)

        store.repo.write_batch = counted
        room = await store.create_room("later", "jekyll-vs-hyde", {}, True, (await store.create_player("H"))[0].id)
        new_game = GameRecord(room_id=room.id, seed=9, config={}, players=2, started_ms=0)
        finish = partial(Repository.finish_game_in, game_id=ids[0], result={"winner": 0}, ended_ms=7)
        started, last, other = await asyncio.gather(
            journal.write(partial(Repository.start_game_in, room_id=room.id, game=new_game, seats=[])),
            journal.append(ActionRow(ids[0], 1, 0, {"type": "last"}, 7, None), finish),
            journal.append(ActionRow(ids[1], 1, 0, {"type": "any"}, 7, None)),
        )
        assert seen == [(2, 2)], "two rows and two writes, one transaction"
        assert started.id and (await store.room("later")).game_id == started.id and last is None
        ended = await store.game(ids[0])
        assert (ended.result, ended.ended_ms) == ({"winner": 0}, 7)
        assert [r.action["type"] for r in await store.actions(ids[0])] == ["last"]

        def fails(rows, writes):
            raise OSError("disk full")

        store.repo.write_batch = fails
        try:
            await journal.append(
                ActionRow(ids[1], 2, 0, {"type": "lost"}, 8, None),
                partial(Repository.finish_game_in, game_id=ids[1], result={"winner": 1}, ended_ms=8),
            )
        except OSError:
            pass
        else:
            raise AssertionError("expected the failed commit to reach the caller")
        store.repo.write_batch = real
        assert (await store.game(ids[1])).result is None and len(await store.actions(ids[1])) == 1
        await journal.close()
        store.close()

    asyncio.run(scenario())
