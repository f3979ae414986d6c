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
import logging
from concurrent.futures import ThreadPoolExecutor

from ..storage.repository import ActionRow, Store

log = logging.getLogger(__name__)

# A batch larger than this is split: one transaction stays short, and a crash loses no more.
MAX_BATCH = 1000


class Journal:
    """The one writer of the action log; `append` returns once the action is committed."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.pending: list[tuple[ActionRow, asyncio.Future]] = []
        self.wake = asyncio.Event()
        self.task: asyncio.Task | None = None
        # Its own thread: an append never queues behind a slow read of the API.
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="dorhami-journal")
        self.committing = False
        self.batches = 0
        self.appends = 0

    async def append(self, row: ActionRow) -> None:
        if self.task is None:
            self.task = asyncio.create_task(self._run(), name="journal")
        future = asyncio.get_running_loop().create_future()
        self.pending.append((row, future))
        self.wake.set()
        await future

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
            rows = [row for row, _ in batch]
            self.committing = True
            try:
                await loop.run_in_executor(self.executor, self.store.repo.append_actions, rows)
            except Exception:
                # One bad row (say, a seq another process already wrote) must not fail the others.
                log.warning("journal: a batch of %d failed; committing its rows one by one", len(rows))
                await self._one_by_one(batch)
            else:
                for _, future in batch:
                    if not future.done():
                        future.set_result(None)
            self.committing = False
            self.batches += 1
            self.appends += len(batch)

    async def _one_by_one(self, batch: list[tuple[ActionRow, asyncio.Future]]) -> None:
        loop = asyncio.get_running_loop()
        for row, future in batch:
            try:
                await loop.run_in_executor(self.executor, self.store.repo.append_actions, [row])
            except Exception as exc:
                if not future.done():
                    future.set_exception(exc)
            else:
                if not future.done():
                    future.set_result(None)

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
