"""Settings from the environment (DATABASE_URL, DORHAMI_*), read once at start."""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass

DEFAULT_DATABASE_URL = "sqlite:///./dorhami.db"


def metrics_networks(text: str) -> tuple[str, ...]:
    """Comma-separated IPs or CIDR networks, each checked at start: a typo fails then, not silently later."""
    return tuple(str(ipaddress.ip_network(part.strip(), strict=False)) for part in text.split(",") if part.strip())


@dataclass(frozen=True)
class Settings:
    """What a server process needs to know about its surroundings."""

    database_url: str = DEFAULT_DATABASE_URL
    # Bots think for a while, like a person; tests shorten it.
    bot_delay_ms: tuple[int, int] = (700, 1600)
    # A socket whose send queue holds this many unsent messages is too slow and is closed.
    send_queue_limit: int = 256
    max_message_bytes: int = 16 * 1024
    # Every REST request body (JSON of a few hundred bytes at most) is refused with 413 beyond
    # this, before it is read: a client must not make the server hold what it sends.
    max_body_bytes: int = 64 * 1024
    # ...and must arrive within this long once its head has (then 408, and the connection closes).
    body_timeout_s: float = 15.0
    # Pages of these origins may open room sockets, besides the server's own (a browser always
    # sends Origin on a WebSocket handshake; CORS does not cover sockets, so we check it).
    allowed_origins: tuple[str, ...] = ()
    # Token bucket per socket: sustained messages per second and the burst allowed.
    messages_per_second: float = 20.0
    # Sockets without a player (anonymous watchers) from one address, and in one room: watching
    # costs nothing to start, so these bound what one script can make the server hold and send.
    anonymous_sockets_per_address: int = 20
    anonymous_sockets_per_room: int = 300
    message_burst: int = 40
    # REST limits per client address and per player (api/rate.py). Off only for load generators,
    # which make a thousand players from one address.
    rate_limits: bool = True
    # A table nobody is at, with no game running, leaves memory after this long (it reloads on
    # demand); a waiting room no one but its host joined expires this long after it was made.
    idle_table_s: int = 600
    waiting_room_ttl_s: int = 3600
    # Lag compensation (hub/claims.py): the most one claim is compensated, and so the longest a
    # contested race is held open.
    lag_cap_ms: int = 350
    # Signs the rules sandbox's state tokens (api/state_token.py); empty: a random key per process.
    secret: str = ""
    # Several processes (docs/SCALING.md): Redis for what the lobby shows of other processes'
    # rooms (empty: none, everything stays in this process); how long a table's lease lasts
    # unrenewed (a dead owner's tables move after this); this process's name in the leases
    # (empty: a random one; a fixed one lets a restarted process take its own tables back at once).
    redis_url: str = ""
    lease_ttl_s: float = 5.0
    instance_id: str = ""
    # GET /metrics answers only peers in these IPs or CIDR networks (anyone else gets 404), and by
    # default only requests that came through no proxy (api/routes/health.py says why).
    metrics_allowed: tuple[str, ...] = ("127.0.0.1", "::1")
    metrics_via_proxy: bool = False
    # The addresses of the proxies in front (nginx, `dorhami proxy`): only a connection from one of
    # these may say who the client is (X-Forwarded-For). Empty: nobody, so a client on loopback or
    # anywhere else cannot pick its own address, and with it a fresh rate-limit bucket.
    trusted_proxies: tuple[str, ...] = ()
    # A session (a player's token, storage/player_sessions.py) unused this many days ends; 0: never.
    session_idle_days: int = 90

    @classmethod
    def from_env(cls) -> Settings:
        low, high = (int(x) for x in os.environ.get("DORHAMI_BOT_DELAY_MS", "700,1600").split(","))
        return cls(database_url=os.environ.get("DATABASE_URL", DEFAULT_DATABASE_URL),
                   bot_delay_ms=(low, high),
                   max_body_bytes=int(os.environ.get("DORHAMI_MAX_BODY_BYTES", cls.max_body_bytes)),
                   anonymous_sockets_per_address=int(os.environ.get("DORHAMI_ANONYMOUS_SOCKETS_PER_ADDRESS",
                                                                     cls.anonymous_sockets_per_address)),
                   anonymous_sockets_per_room=int(os.environ.get("DORHAMI_ANONYMOUS_SOCKETS_PER_ROOM",
                                                                  cls.anonymous_sockets_per_room)),
                   body_timeout_s=float(os.environ.get("DORHAMI_BODY_TIMEOUT_S", cls.body_timeout_s)),
                   rate_limits=os.environ.get("DORHAMI_RATE_LIMITS", "on") != "off",
                   idle_table_s=int(os.environ.get("DORHAMI_IDLE_TABLE_S", cls.idle_table_s)),
                   lag_cap_ms=int(os.environ.get("DORHAMI_LAG_CAP_MS", cls.lag_cap_ms)),
                   secret=os.environ.get("DORHAMI_SECRET", ""),
                   redis_url=os.environ.get("REDIS_URL", ""),
                   lease_ttl_s=float(os.environ.get("DORHAMI_LEASE_TTL_S", cls.lease_ttl_s)),
                   instance_id=os.environ.get("DORHAMI_INSTANCE_ID", ""),
                   trusted_proxies=tuple(p.strip() for p in os.environ.get(
                       "DORHAMI_TRUSTED_PROXIES", os.environ.get("FORWARDED_ALLOW_IPS", "")).split(",") if p.strip()),
                   metrics_allowed=metrics_networks(os.environ.get("DORHAMI_METRICS_ALLOW", "127.0.0.1,::1")),
                   metrics_via_proxy=os.environ.get("DORHAMI_METRICS_VIA_PROXY", "off") == "on",
                   session_idle_days=int(os.environ.get("DORHAMI_SESSION_IDLE_DAYS", cls.session_idle_days)),
                   waiting_room_ttl_s=int(os.environ.get("DORHAMI_WAITING_ROOM_TTL_S", cls.waiting_room_ttl_s)),
                   allowed_origins=tuple(o.strip().rstrip("/") for o in
                                         os.environ.get("DORHAMI_ALLOWED_ORIGINS", "").split(",") if o.strip()))
