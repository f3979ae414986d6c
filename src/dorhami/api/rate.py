"""Rate limits: a token bucket per socket, and per client address and per player on REST.

A person at a table sends a few requests a second at most; what is limited here is a script that
makes players, rooms or actions in a loop. The limits are generous (bursts of dozens) so that a
family behind one address, or a reload storm after a network change, never meets them.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

import redis.asyncio as redis

from ..errors import ErrorCode
from ..hub.errors import HubError

log = logging.getLogger(__name__)


class TokenBucket:
    """Allows `rate` messages a second with bursts of `burst`."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.rate, self.burst, self.tokens, self.at = rate, burst, float(burst), clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def wait_s(self) -> float:
        """How long until the next token (for Retry-After)."""
        return max(0.0, (1 - self.tokens) / self.rate)


class Flood:
    """Counts refused messages over a rolling window: a socket is closed for not slowing down
    (more than `limit` refusals within `window_s`), never for bursts its average rate allows."""

    def __init__(self, limit: int, window_s: float = 10.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit, self.window_s, self.clock = limit, window_s, clock
        self.since, self.count = clock(), 0

    def refused(self) -> bool:
        """Count one refusal; True when the socket must be closed."""
        now = self.clock()
        if now - self.since > self.window_s:
            self.since, self.count = now, 0
        self.count += 1
        return self.count > self.limit


@dataclass(frozen=True)
class Limit:
    """`rate` requests a second sustained, bursts of `burst`, per address or per player."""

    rate: float
    burst: int


# Per client address: every API request, and the requests that create something.
ADDRESS_LIMITS = {
    "request": Limit(50, 200),
    "new_player": Limit(1, 60),  # guests: one a second, sixty at once (a classroom)
    "new_room": Limit(1, 60),
    "sandbox": Limit(20, 100),  # a bot playing itself through the sandbox, not a flood
    # Codes cannot be guessed (125 bits); this keeps a script from trying millions anyway.
    "restore": Limit(1 / 6, 10),
    # Replays and checks re-simulate a whole stored game: a person steps through a few at a time.
    "replay": Limit(1, 20),
}
# Per player (a token): rooms and REST actions; sockets have their own bucket.
PLAYER_LIMITS = {
    "new_room": Limit(1 / 6, 20),
    "action": Limit(20, 40),
    # Invitations (each may push a notice to someone's phone): ten at once, then one a minute.
    "invite": Limit(1 / 60, 10),
    # Friend requests and blocks: a person adds a few people after a game, not hundreds.
    "friend": Limit(1 / 10, 30),
}
# Buckets kept; the least recently used go first. A forgotten bucket was full again anyway
# unless its client came back within the last few seconds among this many others.
MAX_BUCKETS = 50_000


# With several processes (REDIS_URL) these buckets are kept in Redis, shared by every process: a
# request that names no room may reach any of them, so a bucket per process would give a client
# N times the budget. The other limits stay per process: `request` guards one process's own
# capacity, and a player's REST actions name a room, so they all reach the process running it.
SHARED = frozenset({"new_player", "new_room", "sandbox", "restore", "invite", "friend"})


class RateLimits:
    """The REST buckets of one server process, by (limit, who); some kept in Redis (`shared`)."""

    def __init__(self, enabled: bool = True, clock: Callable[[], float] = time.monotonic) -> None:
        self.enabled, self.clock = enabled, clock
        self.buckets: OrderedDict[tuple[str, str], TokenBucket] = OrderedDict()
        self.shared: SharedBuckets | None = None  # set by the app's lifespan when REDIS_URL is

    async def check(self, name: str, who: str, limit: Limit) -> None:
        """Take one token, or raise HubError('rate_limited', 429) with how long to wait."""
        if not self.enabled:
            return
        if self.shared is not None and name in SHARED:
            wait = await self.shared.take(name, who, limit)
            if wait is not None:  # None: Redis is away, and this process's own bucket decides
                if wait > 0:
                    raise _limited(wait)
                return
        self._check_here(name, who, limit)

    def _check_here(self, name: str, who: str, limit: Limit) -> None:
        key = (name, who)
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = TokenBucket(limit.rate, limit.burst, self.clock)
            if len(self.buckets) > MAX_BUCKETS:
                self.buckets.popitem(last=False)
        else:
            self.buckets.move_to_end(key)
        if not bucket.take():
            raise _limited(bucket.wait_s())

    async def address(self, name: str, address: str) -> None:
        await self.check(name, "a:" + address, ADDRESS_LIMITS[name])

    async def player(self, name: str, player_id: str) -> None:
        await self.check(name, "p:" + player_id, PLAYER_LIMITS[name])


def _limited(wait_s: float) -> HubError:
    wait = max(1, round(wait_s))
    return HubError(
        ErrorCode.RATE_LIMITED, f"too many requests; try again in {wait} s", headers={"Retry-After": str(wait)}
    )


# One token bucket in a Redis hash, refilled by Redis's own clock (the processes' clocks are never
# compared), atomically: a script runs alone. Answers 0 when a token was taken, else the seconds
# until the next one. The key expires once the bucket would be full again.
TAKE = """
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local held = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(held[1]) or burst
local at = tonumber(held[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = (1 - tokens) / rate end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('EXPIRE', KEYS[1], math.ceil(burst / rate) + 1)
return tostring(wait)
"""
KEY = "dorhami:rate:"
AWAY_S = 5.0  # after Redis fails to answer, this long on this process's own buckets
WARN_EVERY_S = 30.0


class SharedBuckets:
    """The buckets every process shares, in Redis. While Redis is away each process falls back to
    its own buckets: limits then hold per process, as with one, rather than not at all."""

    def __init__(self, client: redis.Redis) -> None:
        self.script = client.register_script(TAKE)  # on the hub's client, which closes it
        self.away_until = 0.0
        self.warned_at = -WARN_EVERY_S

    async def take(self, name: str, who: str, limit: Limit) -> float | None:
        """0 if a token was taken, else the seconds to wait; None if Redis did not answer (or did
        not a moment ago: a Redis that times out must not slow every request by its timeout)."""
        if time.monotonic() < self.away_until:
            return None
        try:
            return float(await self.script(keys=[f"{KEY}{name}:{who}"], args=[limit.rate, limit.burst]))
        except Exception as exc:
            now = time.monotonic()
            self.away_until = now + AWAY_S
            if now - self.warned_at >= WARN_EVERY_S:
                self.warned_at = now
                log.warning("rate limits: Redis did not answer (%s); each process limits on its own", exc)
            return None
