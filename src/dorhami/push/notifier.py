"""The notifier: tell a player something on their devices, from anywhere, without waiting.

`tell` puts the notice on a bounded queue and returns; one worker task takes them off in order,
reads the player's settings and devices, and hands each delivery to a task of its own (at most
SENDING at once), so a slow push service holds up no one. A full queue drops the notice and counts
it: a push is a courtesy, and the table that told it must never wait. A notice in the player's
quiet hours is held (in memory; one per player and room, the newest) until they end, and sent
then if it is still worth sending (a turn before its deadline). Held notices die with the process.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Protocol

import orjson

from ..config import Settings
from ..storage import push_store
from ..storage.repository import Store
from . import payload, prefs, vapid
from .sender import URGENCY, Outcome, Sender, ttl_s

log = logging.getLogger(__name__)

QUEUE_SIZE = 1000
SENDING = 16
HELD_MOST = 10_000
RETRY_DELAYS_S = (1.0, 5.0, 25.0)


class Clock(Protocol):
    def now_ms(self) -> int: ...
    async def sleep_until(self, when_ms: int) -> None: ...


@dataclass(frozen=True)
class Notice:
    kind: str  # one of prefs.KINDS
    url: str  # the page a tap opens, e.g. "/t/<code>"; never a token
    game: str | None  # the game's slug, for its title in the player's language
    args: dict[str, Any] = field(default_factory=dict)  # {"deadline_ms": ...} or {"from": "Sara"}


class Notifier:
    def __init__(
        self, store: Store, settings: Settings, clock: Clock, *, retry_delays_s: tuple[float, ...] = RETRY_DELAYS_S
    ) -> None:
        self.store, self.settings, self.clock = store, settings, clock
        self.retry_delays_s = retry_delays_s
        self.queue: asyncio.Queue[tuple[str, Notice, int]] = asyncio.Queue(QUEUE_SIZE)
        self.counts: Counter[str] = Counter()  # what became of the notices told (docs/NOTIFICATIONS.md)
        self.key: vapid.ServerKey | None = None
        self.sender: Sender | None = None
        self._held: dict[tuple[str, str], tuple[int, Notice, int]] = {}
        self._held_changed = asyncio.Event()
        self._sending = asyncio.Semaphore(SENDING)
        self._deliveries: set[asyncio.Task[None]] = set()
        self._tasks: list[asyncio.Task[None]] = []

    @property
    def public_key(self) -> str:
        """The key browsers subscribe with (GET /api/push/key); known once `start` returned."""
        assert self.key is not None, "Notifier.start() first"
        return self.key.public_key

    async def start(self) -> None:
        """Load (or make) the VAPID key, then start the worker and the quiet hours' release."""
        self.key = await self.store.run(
            vapid.load, self.store.repo, self.settings.vapid_private_key, self.clock.now_ms()
        )
        self.sender = Sender(
            self.key, self.settings.vapid_subject, self.settings.push_test_origins, self.retry_delays_s
        )
        self._tasks = [
            asyncio.create_task(self._work(), name="push-worker"),
            asyncio.create_task(self._release(), name="push-quiet-hours"),
        ]

    async def close(self) -> None:
        for task in [*self._tasks, *self._deliveries]:
            task.cancel()
        await asyncio.gather(*self._tasks, *self._deliveries, return_exceptions=True)
        if self.sender is not None:
            await self.sender.close()

    def tell(self, player_id: str, notice: Notice) -> None:
        """Queue a notice for the player's devices; never blocks, never raises."""
        try:
            if notice.kind not in prefs.KINDS:
                raise ValueError(f"no notice kind {notice.kind!r}")
            self.queue.put_nowait((player_id, notice, self.clock.now_ms()))
            self.counts["told"] += 1
        except asyncio.QueueFull:
            self.counts["dropped_full"] += 1
            log.warning("push queue full: a %s notice dropped", notice.kind)
        except Exception:
            self.counts["failed"] += 1
            log.exception("a notice could not be queued")

    async def idle(self) -> None:
        """Wait until every queued notice is delivered or held (for tests and a graceful stop)."""
        await self.queue.join()
        while self._deliveries:
            await asyncio.gather(*self._deliveries, return_exceptions=True)

    async def _work(self) -> None:
        while True:
            player_id, notice, told_ms = await self.queue.get()
            try:
                await self._sending.acquire()
                task = asyncio.create_task(self._deliver(player_id, notice, told_ms))
                self._deliveries.add(task)
                task.add_done_callback(self._delivered)
            finally:
                self.queue.task_done()

    def _delivered(self, task: asyncio.Task[None]) -> None:
        self._deliveries.discard(task)
        self._sending.release()

    async def _deliver(self, player_id: str, notice: Notice, told_ms: int) -> None:
        try:
            await self._deliver_now(player_id, notice, told_ms)
        except Exception:
            self.counts["failed"] += 1
            log.exception("a %s notice was not delivered", notice.kind)

    async def _deliver_now(self, player_id: str, notice: Notice, told_ms: int) -> None:
        target = await self.store.run(push_store.target, self.store.repo, player_id)
        reader = target.settings
        if not target.devices:
            self.counts["no_device"] += 1
            return
        if notice.kind in (reader.notices_off or ()):
            self.counts["turned_off"] += 1
            return
        now_ms = self.clock.now_ms()
        until = prefs.quiet_until(now_ms, reader.time_zone, reader.quiet_start_min, reader.quiet_end_min)
        if until is not None:
            self._hold(player_id, notice, told_ms, until)
            return
        ttl = ttl_s(notice.kind, notice.args, told_ms, now_ms)
        if ttl <= 0:
            self.counts["expired"] += 1
            return
        body = payload.compose(notice.kind, notice.url, notice.game, notice.args, reader, now_ms)
        data = orjson.dumps(body)
        assert self.sender is not None
        sender = self.sender
        outcomes = await asyncio.gather(
            *(
                sender.send(d.endpoint, d.p256dh, d.auth, data, ttl, URGENCY[notice.kind], body["tag"])
                for d in target.devices
            )
        )
        sent = [d.id for d, outcome in zip(target.devices, outcomes, strict=True) if outcome is Outcome.SENT]
        for device, outcome in zip(target.devices, outcomes, strict=True):
            self.counts[outcome.value] += 1
            if outcome is Outcome.GONE:
                await self.store.run(push_store.drop_gone, self.store.repo, device.id, device.endpoint)
        await self.store.run(push_store.mark_sent, self.store.repo, sent, self.clock.now_ms())

    def _hold(self, player_id: str, notice: Notice, told_ms: int, until_ms: int) -> None:
        key = (player_id, notice.url)
        if key not in self._held and len(self._held) >= HELD_MOST:
            self.counts["dropped_held"] += 1
            return
        self._held[key] = (until_ms, notice, told_ms)  # the newest of a room replaces the older
        self.counts["held"] += 1
        self._held_changed.set()

    async def _release(self) -> None:
        """Put held notices back on the queue when their quiet hours end (their settings are read
        again then: the player may have changed them)."""
        while True:
            self._held_changed.clear()
            if not self._held:
                await self._held_changed.wait()
                continue
            first = min(until for until, _, _ in self._held.values())
            sleeping = asyncio.create_task(self.clock.sleep_until(first))
            changed = asyncio.create_task(self._held_changed.wait())
            try:
                await asyncio.wait({sleeping, changed}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                sleeping.cancel()
                changed.cancel()
            now_ms = self.clock.now_ms()
            for key, (until, notice, told_ms) in list(self._held.items()):
                if until <= now_ms:
                    del self._held[key]
                    try:
                        self.queue.put_nowait((key[0], notice, told_ms))
                    except asyncio.QueueFull:
                        self.counts["dropped_full"] += 1
