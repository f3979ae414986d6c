"""The `dorhami` command: `dorhami serve [--host H] [--port P]`, `dorhami migrate`, `dorhami ratings rebuild`,
`dorhami proxy --upstream H:P ...`."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from . import logs

if TYPE_CHECKING:
    from .config import Settings


def main(argv: list[str] | None = None) -> None:
    args = _parser().parse_args(argv)
    if args.command == "serve":
        _serve(args.host, args.port, args.access_log)
    elif args.command == "proxy":
        _proxy(
            args.host,
            args.port,
            args.upstream,
            head_timeout_s=args.head_timeout,
            body_timeout_s=args.body_timeout,
            response_idle_s=args.response_idle,
            socket_idle_s=args.socket_idle,
        )
    elif args.command == "migrate":
        _migrate()
    elif args.command == "ratings":
        print(f"rebuilt the ratings from {_rebuild_ratings()} rated games")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dorhami", description="Dorhami game server")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the server (migrates the database first)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument(
        "--access-log",
        action="store_true",
        help="log every HTTP request (off by default: a log line per request costs more than many a request)",
    )
    commands.add_parser("migrate", help="bring the database (DATABASE_URL) to the newest schema, then exit")
    proxy = commands.add_parser("proxy", help="route rooms to several `serve` processes by their code (no nginx)")
    proxy.add_argument("--host", default="127.0.0.1")
    proxy.add_argument("--port", type=int, default=8000)
    proxy.add_argument("--upstream", action="append", required=True, help="a serve process, host:port (repeat)")
    proxy.add_argument(
        "--head-timeout",
        type=float,
        default=30.0,
        metavar="S",
        help="seconds a client has to send a request head (then 408)",
    )
    proxy.add_argument(
        "--body-timeout",
        type=float,
        default=15.0,
        metavar="S",
        help="seconds a client has to send the body its head announced (then 408)",
    )
    proxy.add_argument(
        "--response-idle",
        type=float,
        default=60.0,
        metavar="S",
        help="seconds an upstream's answer may stall (then 504, or the connection closes)",
    )
    proxy.add_argument(
        "--socket-idle",
        type=float,
        default=120.0,
        metavar="S",
        help="seconds a websocket may pass no byte either way before it is closed (the server pings every 20 s)",
    )
    ratings = commands.add_parser("ratings", help="the players' ratings (dorhami/ratings.py)")
    ratings.add_argument(
        "action", choices=["rebuild"], help="rebuild: recompute every rating from the stored results of rated games"
    )
    return parser


def settings_from_env() -> Settings:
    """The environment's settings, and logging configured as they say; a bad variable stops the
    command with a message naming it, not a traceback."""
    from .config import Settings, SettingsError

    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        raise SystemExit(f"dorhami: {exc}") from None
    logs.configure(settings.log_format)
    return settings


def _migrate() -> None:
    """What `serve` does first, on its own: for a deployment that migrates before it starts replicas."""
    from .storage.db import migrate

    migrate(settings_from_env().database_url)


def _rebuild_ratings(url: str | None = None) -> int:
    """Replay every rated game's placings from fresh ratings (the database of DATABASE_URL)."""
    from .storage.db import make_engine, migrate
    from .storage.results import rebuild_ratings

    url = url or settings_from_env().database_url
    migrate(url)
    engine = make_engine(url)
    try:
        return rebuild_ratings(engine)
    finally:
        engine.dispose()


def _proxy(host: str, port: int, upstreams: list[str], **timeouts: float) -> None:
    import asyncio

    from . import proxy

    settings_from_env()
    asyncio.run(proxy.serve(host, port, [proxy.parse_upstream(u) for u in upstreams], **timeouts))


def _serve(host: str, port: int, access_log: bool = False) -> None:
    import socket

    settings = settings_from_env()  # first: a bad variable stops the start before anything is loaded

    import uvicorn

    from .app import create_app
    from .storage import serving_lock

    if not settings.instance_id:
        # The name this process holds table leases under (docs/SCALING.md): two live processes never
        # share a host and port, and a process restarted in place takes its own tables back at once.
        settings = settings.model_copy(update={"instance_id": f"{socket.gethostname()}:{port}"})
    # Held for the process's life (the app's Store shares it): a second `serve` on the same SQLite
    # file stops here with one sentence, not a traceback from uvicorn's startup.
    try:
        serving_lock.hold(settings.database_url)
    except serving_lock.DatabaseInUse as exc:
        raise SystemExit(f"dorhami: {exc}") from None
    _calm_garbage_collector()
    # log_config=None: uvicorn keeps the logging configured above instead of installing its own.
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        log_level="info",
        access_log=access_log,
        log_config=None,
        **SOCKET_SETTINGS,
        **forwarding(settings),
    )


def forwarding(settings: Settings) -> dict[str, Any]:
    """uvicorn's reading of X-Forwarded-For: only from the configured proxies. Left to uvicorn, a
    connection from 127.0.0.1 is believed, so any client on the machine (or behind a proxy that
    passes the header on) names its own address and escapes every per-address limit."""
    if not settings.trusted_proxies:
        return {"proxy_headers": False}
    return {"proxy_headers": True, "forwarded_allow_ips": list(settings.trusted_proxies)}


def _calm_garbage_collector() -> None:
    """Fewer and shorter collection pauses on a long-running server.

    Everything imported so far lives as long as the process, so it is frozen out of every
    collection; the young generation is collected after 20,000 allocations instead of 700. A
    collection stops every table at once, and the live objects it walks (every table's state,
    history and sockets) grow with the community.

    The older generations must still be collected: that is where garbage cycles end up that were
    alive at a young collection (every closed connection leaves one in uvicorn: its HTTP protocol
    and parser, with the transport). The young count is allocations net of deallocations, so under
    a steady load, where reference counts free most objects, it fills slowly (one young collection
    every ~10 s in bench/reliability/soak.py). With (20_000, 20, 20) the middle generation was collected every
    20 of them (3 minutes) and the old one after 20 of those (an hour): +4.4 MB a minute, in
    garbage. Now the middle one is collected every 5 young collections, and threshold 0 leaves the
    old one to CPython's own rule: a full collection once what was promoted since the last one
    reaches a quarter of what that one kept, so full collections stay in proportion to the heap.
    """
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 5, 0)


# Frames above 64 KiB are refused by the server itself (close 1009) before we parse them.
# permessage-deflate is off although browsers offer it: its zlib state costs each socket ~60 KiB
# (88 KiB per idle socket with it, under 32 without) and compressing every frame costs CPU, to
# save bytes on messages of a few hundred. uvicorn's sans-I/O websockets protocol keeps about
# 8 KiB less per connection than its default (legacy) one; ours adds a frame writer to it, so
# that a table sends one frame, built once, to every socket of a seat class (api/socket_protocol.py).
SOCKET_SETTINGS = {
    "ws": "dorhami.api.socket_protocol:FrameWritingProtocol",
    "ws_max_size": 64 * 1024,
    "ws_per_message_deflate": False,
}


if __name__ == "__main__":
    main()
