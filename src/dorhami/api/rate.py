"""Rate limits: a token bucket per socket, and per client address and per player on REST.

A person at a table sends a few requests a second at most; what is limited here is a script that
makes players, rooms or actions in a loop. The limits are generous (bursts of dozens) so that a
family behind one address, or a reload storm after a network change, never meets them.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Callable

from ..hub.errors import HubError


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
    "new_player": Limit(1, 60),   # guests: one a second, sixty at once (a classroom)
    "new_room": Limit(1, 60),
    "sandbox": Limit(20, 100),  # a bot playing itself through the sandbox, not a flood
    # Codes cannot be guessed (125 bits); this keeps a script from trying millions anyway.
    "restore": Limit(1 / 6, 10),
}
# Per player (a token): rooms and REST actions; sockets have their own bucket.
PLAYER_LIMITS = {
    "new_room": Limit(1 / 6, 20),
    "action": Limit(20, 40),
}
# Buckets kept; the least recently used go first. A forgotten bucket was full again anyway
# unless its client came back within the last few seconds among this many others.
MAX_BUCKETS = 50_000


class RateLimits:
    """The REST buckets of one server process, by (limit, who)."""

    def __init__(self, enabled: bool = True, clock: Callable[[], float] = time.monotonic) -> None:
        self.enabled, self.clock = enabled, clock
        self.buckets: OrderedDict[tuple[str, str], TokenBucket] = OrderedDict()

    def check(self, name: str, who: str, limit: Limit) -> None:
        """Take one token, or raise HubError('rate_limited', 429) with how long to wait."""
        if not self.enabled:
            return
        key = (name, who)
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = TokenBucket(limit.rate, limit.burst, self.clock)
            if len(self.buckets) > MAX_BUCKETS:
                self.buckets.popitem(last=False)
        else:
            self.buckets.move_to_end(key)
        if not bucket.take():
            wait = max(1, round(bucket.wait_s()))
            raise HubError("rate_limited", f"too many requests; try again in {wait} s", 429,
                           headers={"Retry-After": str(wait)})

    def address(self, name: str, address: str) -> None:
        self.check(name, "a:" + address, ADDRESS_LIMITS[name])

    def player(self, name: str, player_id: str) -> None:
        self.check(name, "p:" + player_id, PLAYER_LIMITS[name])
