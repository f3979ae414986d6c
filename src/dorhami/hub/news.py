"""What every process must hear, over Redis pub/sub (docs/SCALING.md): a player's new name, and
that some of a player's sessions ended (their sockets must close wherever they are).

A rename is a request about a player, not a room, so the proxy may send it to any process, while
the tables that show that name run on others. The process that stored the name tells the rest;
each applies it to its own live tables. A process cut off from Redis misses the news, and its
tables show the old name until they are next loaded from the database, which holds the new one:
nothing of a game depends on it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import orjson
import redis.asyncio as redis

log = logging.getLogger(__name__)

CHANNEL = "dorhami:renames"
RETRY_S = 2.0


class News:
    def __init__(self, client: redis.Redis, url: str, sender: str) -> None:
        self.sender = sender
        self.redis = client  # the hub's, for publishing
        # The listener blocks on its connection for as long as nothing is said, so it has a client
        # of its own, without the read timeout of the hub's.
        self.listening = redis.from_url(url, socket_connect_timeout=2, health_check_interval=30)
        self.subscribed = asyncio.Event()

    async def tell_rename(self, player_id: str, name: str) -> None:
        """Tell the other processes; a failure is logged and costs only a stale name elsewhere."""
        try:
            await self.redis.publish(CHANNEL, orjson.dumps({"from": self.sender, "player": player_id, "name": name}))
        except Exception as exc:
            log.warning("could not tell the other processes of a rename (%s)", exc)

    async def tell_sessions_ended(self, player_id: str, ended: str | None, keep: str | None) -> None:
        """Tell the other processes to close the sockets of sessions that ended; a failure is logged
        (those sockets stay until they drop, and cannot open again)."""
        try:
            await self.redis.publish(
                CHANNEL, orjson.dumps({"from": self.sender, "player": player_id, "ended": ended, "keep": keep})
            )
        except Exception as exc:
            log.warning("could not tell the other processes of ended sessions (%s)", exc)

    async def listen_forever(
        self,
        on_rename: Callable[[str, str], Awaitable[None]],
        on_sessions_ended: Callable[[str, str | None, str | None], Awaitable[None]],
    ) -> None:
        """Apply the other processes' renames for the life of the process, resubscribing after
        Redis goes away."""
        while True:
            try:
                async with self.listening.pubsub() as pubsub:
                    await pubsub.subscribe(CHANNEL)
                    self.subscribed.set()
                    async for message in pubsub.listen():
                        if message["type"] == "message":
                            await self._apply(message["data"], on_rename, on_sessions_ended)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("lost the rename channel (%s); resubscribing in %s s", exc, RETRY_S)
            self.subscribed.clear()
            await asyncio.sleep(RETRY_S)

    async def _apply(
        self,
        data: bytes,
        on_rename: Callable[[str, str], Awaitable[None]],
        on_sessions_ended: Callable[[str, str | None, str | None], Awaitable[None]],
    ) -> None:
        try:
            news = orjson.loads(data)
            sender, player_id = news["from"], news["player"]
            name, ended, keep = news.get("name"), news.get("ended"), news.get("keep")
        except (ValueError, KeyError, TypeError, AttributeError):
            log.warning("ignored a malformed message on %s", CHANNEL)
            return
        if sender == self.sender or not isinstance(player_id, str):
            return
        try:
            if isinstance(name, str):
                await on_rename(player_id, name)
            elif all(isinstance(x, (str, type(None))) for x in (ended, keep)) and (ended or keep):
                await on_sessions_ended(player_id, ended, keep)
            else:
                log.warning("ignored a malformed message on %s", CHANNEL)
        except Exception:  # one table's trouble must not end the subscription
            log.exception("could not apply news about player %s", player_id)

    async def close(self) -> None:
        await self.listening.aclose()
