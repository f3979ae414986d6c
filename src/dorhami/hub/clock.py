"""Server time: epoch milliseconds that never run backwards, and sleeping until a moment."""

from __future__ import annotations

import asyncio
import time


class SystemClock:
    """Epoch ms derived from the monotonic clock, so a wall-clock jump cannot reorder stamps."""

    def __init__(self) -> None:
        self._epoch_ns = time.time_ns()
        self._mono_ns = time.monotonic_ns()

    def now_ms(self) -> int:
        return (self._epoch_ns + time.monotonic_ns() - self._mono_ns) // 1_000_000

    async def sleep_until(self, when_ms: int) -> None:
        delay = (when_ms - self.now_ms()) / 1000
        if delay > 0:
            await asyncio.sleep(delay)


class FakeClock:
    """A clock the tests move by hand; sleepers wake when it passes their moment."""

    def __init__(self, now_ms: int = 1_700_000_000_000) -> None:
        self._now = now_ms
        self._moved = asyncio.Event()

    def now_ms(self) -> int:
        return self._now

    def advance(self, ms: int) -> None:
        self._now += ms
        self._moved.set()
        self._moved = asyncio.Event()

    async def sleep_until(self, when_ms: int) -> None:
        while self._now < when_ms:
            await self._moved.wait()
