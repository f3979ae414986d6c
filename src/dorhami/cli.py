"""The `dorhami` command: `dorhami serve [--host H] [--port P]`."""

from __future__ import annotations

import argparse
import logging


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="dorhami", description="Dorhami game server")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the server (migrates the database first)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    if args.command == "serve":
        _serve(args.host, args.port)


def _serve(host: str, port: int) -> None:
    import uvicorn

    from .app import create_app

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # Frames above 64 KiB are refused by the server itself (close 1009) before we parse them.
    uvicorn.run(create_app(), host=host, port=port, ws_max_size=64 * 1024, log_level="info")


if __name__ == "__main__":
    main()
