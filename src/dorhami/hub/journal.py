"""Group commit of the action log: one writer batches the appends of every table.

A durable commit costs one fsync (SQLite, `synchronous=FULL`) or one WAL flush (PostgreSQL)
whatever it holds, so committing each action alone caps the whole server at the database's
commit rate. Here every table hands its append to one writer; appends that arrive while a
commit is running wait for it to return and then go together in the next transaction. At low
load a batch holds one append and starts at once (no added latency); under load batches grow by
themselves and the commit rate stops being the limit.

Each append's future resolves only after the transaction holding it has committed, so a table
still acknowledges and broadcasts an action only once it is durable.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy import Connection

from ..storage.repository import ActionRow, Store

log = logging.getLogger(__name__)

Write = Callable[[Connection], Any]  # a statement or two run inside a batch's transaction
Fence = tuple[int, int]  # (room id, lease epoch): the table lease its write needs (storage/leases.py)


def together(first: Write, *more: Write | None) -> Write:
    """One write of `first` and then each of `more` (None skipped), answering `first`'s result."""

    def run(connection: Connection) -> Any:
        result = first(connection)
        for write in more:
            if write is not None:
                write(connection)
        return result

    return run


# A batch larger than this is split: one transaction stays short, and a crash loses no more.
MAX_BATCH = 1000


class Journal:
    """The one writer of the action log; `append` returns once the action is committed.

    Game starts and results go through it too (`write`, `append(..., then=)`): on SQLite a
    second writing connection would wait for the journal's transactions in SQLite's busy handler,
    which sleeps for up to 100 ms at a time, and every such write would cost a commit of its own.
    A game's result shares the transaction of its last action."""

    def __init__(self, store: Store, owner: str | None = None) -> None:
        self.store = store
        # The process whose table leases the fences name (several processes, storage/leases.py).
        self.owner = owner
        self.pending: list[tuple[ActionRow | None, Write | None, asyncio.Future, Fence | None]] = []
        self.wake = asyncio.Event()
        self.task: asyncio.Task | None = None
        # Its own thread: an append never queues behind a slow read of the API.
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="dorhami-journal")
        self.committing = False
        self.batches = 0
        self.appends = 0
        # Told each batch's commit time in seconds (the metrics' histogram), if anyone listens.
        self.on_commit: Callable[[float], None] | None = None

    async def append(self, row: ActionRow, then: Write | None = None, fence: Fence | None = None) -> Any:
        """Commit `row`, and `then(connection)` after it in the same transaction; `then`'s result.
        With a `fence` (room id, lease epoch) the transaction first checks that this process still
        holds that lease, or fails with LeaseLost and writes nothing."""
        return await self._submit(row, then, fence)

    async def write(self, fn: Write, fence: Fence | None = None) -> Any:
        """Run `fn(connection)` in the next batch's transaction; its result once committed."""
        return await self._submit(None, fn, fence)

    def _submit(self, row: ActionRow | None, fn: Write | None, fence: Fence | None) -> asyncio.Future:
        if self.task is None:
            # A context of its own: the journal serves every table, and would otherwise name in its
            # log lines the room of whichever table happened to start it.
            self.task = asyncio.create_task(self._run(), name="journal", context=contextvars.Context())
        future = asyncio.get_running_loop().create_future()
        self.pending.append((row, fn, future, fence))
        self.wake.set()
        return future

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await self.wake.wait()
            self.wake.clear()
            # One turn of the loop lets the tables woken by the same socket reads join this batch.
            await asyncio.sleep(0)
            batch, self.pending = self.pending[:MAX_BATCH], self.pending[MAX_BATCH:]
            if self.pending:
                self.wake.set()
            if not batch:
                continue
            self.committing = True
            began = time.perf_counter()
            try:
                results = await loop.run_in_executor(self.executor, self._commit, batch)
            except Exception as exc:
                if len(batch) == 1:
                    if not batch[0][2].done():
                        batch[0][2].set_exception(exc)
                else:
                    # One bad row (say, a seq another process already wrote) must not fail the others.
                    log.warning("journal: a batch of %d failed; committing its items one by one", len(batch))
                    await self._one_by_one(batch)
            else:
                if self.on_commit is not None:
                    self.on_commit(time.perf_counter() - began)
                for (_, _, future, _), result in zip(batch, results):
                    if not future.done():
                        future.set_result(result)
            self.committing = False
            self.batches += 1
            self.appends += len(batch)

    def _commit(self, batch: list) -> list[Any]:
        """On the journal's thread: one transaction for the whole batch; each item's result."""
        rows = [row for row, _, _, _ in batch if row is not None]
        writes = [fn for _, fn, _, _ in batch if fn is not None]
        fences = dict(fence for _, _, _, fence in batch if fence is not None)
        fenced = (fences, self.owner) if fences else ()  # one process (SQLite): no leases to check
        results = iter(self.store.repo.write_batch(rows, writes, *fenced))
        return [next(results) if fn is not None else None for _, fn, _, _ in batch]

    async def _one_by_one(self, batch: list) -> None:
        loop = asyncio.get_running_loop()
        for item in batch:
            future = item[2]
            try:
                [result] = await loop.run_in_executor(self.executor, self._commit, [item])
            except Exception as exc:
                if not future.done():
                    future.set_exception(exc)
            else:
                if not future.done():
                    future.set_result(result)

    async def close(self) -> None:
        """Commit what is pending, then stop the writer."""
        while self.pending or self.committing:
            await asyncio.sleep(0.001)
        if self.task:
            self.task.cancel()
            try:
                await self.task
            except asyncio.CancelledError:
                pass
        self.executor.shutdown(wait=True)
