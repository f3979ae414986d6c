"""The lobby's view of the rooms other processes run, kept in Redis (docs/SCALING.md).

Only a room's owner knows who is at its table (its sockets). With several processes, each owner
writes the public form of its waiting rooms to Redis as they change; the lobby of any process
reads the rooms it does not run from there. The entries expire on their own (an owner that died
stops refreshing them), and Redis holds nothing else: losing it loses no game, only the lobby's
presence dots until the owners write again.
"""

from __future__ import annotations

import asyncio
import logging

import orjson
import redis.asyncio as redis

log = logging.getLogger(__name__)

KEY = "dorhami:room:"
TTL_S = 60  # owners write on every change and at least every REFRESH_S
REFRESH_S = 20


class RoomBoard:
    def __init__(self, client: redis.Redis) -> None:
        self.redis = client  # the hub's
        self.writing: set[asyncio.Task] = set()

    def publish(self, code: str, public: dict) -> None:
        """Write a room's public form; never waits, and a failure only costs the lobby a dot."""
        task = asyncio.get_running_loop().create_task(self._set(code, orjson.dumps(public)))
        self.writing.add(task)
        task.add_done_callback(self.writing.discard)

    async def _set(self, code: str, body: bytes) -> None:
        try:
            await self.redis.set(KEY + code, body, ex=TTL_S)
        except Exception as exc:
            log.warning("room board: could not write room %s (%s)", code, exc)

    async def many(self, codes: list[str]) -> dict[str, dict]:
        """The public forms Redis has of `codes` (none if Redis is away: the caller builds them)."""
        if not codes:
            return {}
        try:
            bodies = await self.redis.mget([KEY + code for code in codes])
        except Exception as exc:
            log.warning("room board: could not read (%s)", exc)
            return {}
        return {code: orjson.loads(body) for code, body in zip(codes, bodies) if body is not None}

    async def ping(self) -> bool:
        return bool(await self.redis.ping())

    async def close(self) -> None:
        """Finish the writes under way (the hub then closes the client)."""
        if self.writing:
            await asyncio.gather(*self.writing, return_exceptions=True)
