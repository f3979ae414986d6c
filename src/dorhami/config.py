"""Settings: one pydantic-settings model, read from the environment once at start (docs/CONFIGURATION.md).

`Settings(...)` is exactly its arguments and the defaults (tests build it so, whatever the environment
holds); `Settings.from_env()` reads every field from its variable (DATABASE_URL, REDIS_URL, DORHAMI_*),
and a value that does not parse stops the start with a message naming the variable.
"""

from __future__ import annotations

import ipaddress
from contextvars import ContextVar
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AliasChoices, Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, NoDecode, PydanticBaseSettingsSource, SettingsConfigDict

from .push.vapid import parse_private_key

DEFAULT_DATABASE_URL = "sqlite:///./dorhami.db"

# Set only while from_env() builds a Settings: the environment is a source then, and only then.
_reading_environment: ContextVar[bool] = ContextVar("reading_environment", default=False)


class SettingsError(ValueError):
    """A variable of the environment holds a value its setting cannot take."""


def metrics_networks(text: str) -> tuple[str, ...]:
    """Comma-separated IPs or CIDR networks, each checked at start: a typo fails then, not silently later."""
    return tuple(str(ipaddress.ip_network(part.strip(), strict=False)) for part in text.split(",") if part.strip())


def comma_separated(text: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in text.split(",") if part.strip())


def env(name: str, *more: str, **field: Any) -> Any:
    """A field read from the variable `name` (or, when it is unset, from each of `more` in turn)."""
    return Field(validation_alias=AliasChoices(name, *more), **field)


# A tuple written in the environment as comma-separated text (not JSON, pydantic-settings' default).
CommaTuple = Annotated[tuple[str, ...], NoDecode]


class Settings(BaseSettings):
    """What a server process needs to know about its surroundings."""

    model_config = SettingsConfigDict(
        frozen=True, case_sensitive=True, validate_by_name=True, validate_by_alias=True, extra="forbid"
    )

    database_url: str = env("DATABASE_URL", default=DEFAULT_DATABASE_URL, min_length=1)
    # Bots think for a while, like a person; tests shorten it. In the environment: "700,1600".
    bot_delay_ms: Annotated[tuple[int, int], NoDecode] = env("DORHAMI_BOT_DELAY_MS", default=(700, 1600))
    # A socket whose send queue holds this many unsent messages is too slow and is closed.
    send_queue_limit: int = env("DORHAMI_SEND_QUEUE_LIMIT", default=256, gt=0)
    # A socket message (JSON text) longer than this is refused; uvicorn closes the socket on a frame
    # above 64 KiB before it is read (cli.SOCKET_SETTINGS), so no larger limit could take effect.
    max_message_bytes: int = env("DORHAMI_MAX_MESSAGE_BYTES", default=16 * 1024, gt=0, le=64 * 1024)
    # Every REST request body (JSON of a few hundred bytes at most) is refused with 413 beyond
    # this, before it is read: a client must not make the server hold what it sends.
    max_body_bytes: int = env("DORHAMI_MAX_BODY_BYTES", default=64 * 1024, gt=0)
    # ...and must arrive within this long once its head has (then 408, and the connection closes).
    body_timeout_s: float = env("DORHAMI_BODY_TIMEOUT_S", default=15.0, gt=0)
    # Pages of these origins may open room sockets, besides the server's own (a browser always
    # sends Origin on a WebSocket handshake; CORS does not cover sockets, so we check it).
    allowed_origins: CommaTuple = env("DORHAMI_ALLOWED_ORIGINS", default=())
    # Token bucket per socket: sustained messages per second and the burst allowed.
    messages_per_second: float = env("DORHAMI_MESSAGES_PER_SECOND", default=20.0, gt=0)
    # Sockets without a player (anonymous watchers) from one address, and in one room: watching
    # costs nothing to start, so these bound what one script can make the server hold and send.
    anonymous_sockets_per_address: int = env("DORHAMI_ANONYMOUS_SOCKETS_PER_ADDRESS", default=20, ge=0)
    anonymous_sockets_per_room: int = env("DORHAMI_ANONYMOUS_SOCKETS_PER_ROOM", default=300, ge=0)
    message_burst: int = env("DORHAMI_MESSAGE_BURST", default=40, gt=0)
    # REST limits per client address and per player (api/rate.py). Off only for load generators,
    # which make a thousand players from one address. In the environment: on or off.
    rate_limits: bool = env("DORHAMI_RATE_LIMITS", default=True)
    # A table nobody is at, with no game running, leaves memory after this long (it reloads on
    # demand); a waiting room no one but its host joined expires this long after it was made.
    idle_table_s: int = env("DORHAMI_IDLE_TABLE_S", default=600, ge=0)
    waiting_room_ttl_s: int = env("DORHAMI_WAITING_ROOM_TTL_S", default=3600, ge=0)
    # Lag compensation (hub/claims.py): the most one claim is compensated, and so the longest a
    # contested race is held open.
    lag_cap_ms: int = env("DORHAMI_LAG_CAP_MS", default=350, ge=0)
    # Signs the rules sandbox's state tokens (api/state_token.py); empty: a random key per process.
    secret: str = env("DORHAMI_SECRET", default="")
    # Several processes (docs/SCALING.md): Redis for what the lobby shows of other processes'
    # rooms (empty: none, everything stays in this process); how long a table's lease lasts
    # unrenewed (a dead owner's tables move after this); this process's name in the leases
    # (empty: `dorhami serve` uses hostname:port; a fixed one lets a restarted process take its
    # own tables back at once).
    redis_url: str = env("REDIS_URL", default="")
    lease_ttl_s: float = env("DORHAMI_LEASE_TTL_S", default=5.0, gt=0)
    instance_id: str = env("DORHAMI_INSTANCE_ID", default="")
    # GET /metrics answers only peers in these IPs or CIDR networks (anyone else gets 404), and by
    # default only requests that came through no proxy (api/routes/health.py says why).
    metrics_allowed: CommaTuple = env("DORHAMI_METRICS_ALLOW", default=("127.0.0.1", "::1"))
    metrics_via_proxy: bool = env("DORHAMI_METRICS_VIA_PROXY", default=False)
    # The addresses of the proxies in front (nginx, `dorhami proxy`): only a connection from one of
    # these may say who the client is (X-Forwarded-For). Empty: nobody, so a client on loopback or
    # anywhere else cannot pick its own address, and with it a fresh rate-limit bucket. uvicorn's
    # FORWARDED_ALLOW_IPS is read when DORHAMI_TRUSTED_PROXIES is unset.
    trusted_proxies: CommaTuple = env("DORHAMI_TRUSTED_PROXIES", "FORWARDED_ALLOW_IPS", default=())
    # A session (a player's token, storage/player_sessions.py) unused this many days ends; 0: never.
    session_idle_days: int = env("DORHAMI_SESSION_IDLE_DAYS", default=90, ge=0)
    # `dorhami` logs one JSON object per line, or plain text lines (logs.py).
    log_format: Literal["json", "text"] = env("DORHAMI_LOG_FORMAT", default="json")
    # The browser client's files; None: those shipped in the package (app.STATIC_DIR).
    static_dir: Path | None = env("DORHAMI_STATIC", default=None)
    # Web Push (docs/NOTIFICATIONS.md): the VAPID private key every process signs pushes with (raw
    # base64url or PEM; empty: one made once and kept in the database), the contact the push
    # services may write to (`sub` of RFC 8292), and origins a test's local push-service double
    # may have besides the https:// endpoints of real push services (never set in production).
    vapid_private_key: str = env("DORHAMI_VAPID_PRIVATE_KEY", default="", repr=False)
    vapid_subject: str = env("DORHAMI_VAPID_SUBJECT", default="mailto:push@dorhami.invalid")
    push_test_origins: CommaTuple = env("DORHAMI_PUSH_TEST_ORIGINS", default=())

    @field_validator("bot_delay_ms", mode="before")
    @classmethod
    def _delay_range(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = tuple(part.strip() for part in value.split(","))
            if len(value) != 2:
                raise ValueError("two whole numbers of milliseconds, the shortest and the longest: 700,1600")
        return value

    @field_validator("bot_delay_ms")
    @classmethod
    def _delay_order(cls, value: tuple[int, int]) -> tuple[int, int]:
        if not 0 <= value[0] <= value[1]:
            raise ValueError("the shortest delay comes first, and neither is negative")
        return value

    @field_validator("allowed_origins", mode="before")
    @classmethod
    def _origins(cls, value: Any) -> Any:
        return tuple(origin.rstrip("/") for origin in comma_separated(value)) if isinstance(value, str) else value

    @field_validator("vapid_private_key")
    @classmethod
    def _vapid_key(cls, value: str) -> str:
        if value:
            parse_private_key(value)  # a key that cannot sign stops the start, not every push later
        return value

    @field_validator("vapid_subject")
    @classmethod
    def _vapid_subject(cls, value: str) -> str:
        if not value.startswith(("mailto:", "https://")):
            raise ValueError("a mailto: or https: URL (RFC 8292's `sub`)")
        return value

    @field_validator("push_test_origins", mode="before")
    @classmethod
    def _push_origins(cls, value: Any) -> Any:
        return tuple(origin.rstrip("/") for origin in comma_separated(value)) if isinstance(value, str) else value

    @field_validator("trusted_proxies", mode="before")
    @classmethod
    def _proxies(cls, value: Any) -> Any:
        return comma_separated(value) if isinstance(value, str) else value

    @field_validator("metrics_allowed", mode="before")
    @classmethod
    def _networks(cls, value: Any) -> Any:
        return metrics_networks(value) if isinstance(value, str) else value

    @field_validator("rate_limits", "metrics_via_proxy", mode="before")
    @classmethod
    def _on_off(cls, value: Any) -> Any:
        if isinstance(value, str) and value.strip().lower() not in {"on", "off", "true", "false", "1", "0"}:
            raise ValueError("on or off")
        return value

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        # No .env file and no secrets directory: the process's environment is the only one.
        return (init_settings, env_settings) if _reading_environment.get() else (init_settings,)

    @classmethod
    def from_env(cls) -> Settings:
        """Every setting from its variable, the default where it is unset. Raises SettingsError, naming
        each variable whose value does not parse."""
        token = _reading_environment.set(True)
        try:
            return cls()
        except ValidationError as exc:
            raise SettingsError(describe(exc)) from None
        finally:
            _reading_environment.reset(token)

    @classmethod
    def variables(cls, name: str) -> tuple[str, ...]:
        """The environment variables a field is read from, the first one first."""
        alias = cls.model_fields[name].validation_alias
        assert isinstance(alias, AliasChoices)
        return tuple(str(choice) for choice in alias.choices)


def describe(exc: ValidationError) -> str:
    """One line per bad variable: its name, what it holds, and what it should hold."""
    lines = []
    for error in exc.errors(include_url=False):
        where = str(error["loc"][0]) if error["loc"] else "?"
        field = next((name for name in Settings.model_fields if where in (name, *Settings.variables(name))), None)
        variable = Settings.variables(field)[0] if field else where
        lines.append(f"{variable}={error['input']!r}: {error['msg']}")
    return "bad settings in the environment (docs/CONFIGURATION.md):\n  " + "\n  ".join(lines)
