"""Wire bytes per change, every title, without a server: what each socket class's state costs.

Reproduce:

  .venv/bin/python -m bench.performance.wire_bytes                       # 20 games of each title's first variant
  .venv/bin/python -m bench.performance.wire_bytes --games 40 --variants all twin-it queendomino

Seeded random games (tests/support/seeded_games.py `play`, the leak scanner's driver: game i of a
title is variant i mod the variants chosen, seed SEED_BASE + i) are played through the engines.
After every change (an action or a timer) the state message of each socket class — each seat,
and a spectator — is built by src/dorhami/hub/views.py `snapshot` itself (with the change's
events, on a LiveGame at that version) and encoded as the hub encodes it (hub/fanout.py
`encode`, orjson); its size is its UTF-8 text length, the WebSocket payload. Per title, variant
and class the table gives the changes, then the median and mean bytes of the full state message
per change.

"patch" columns: what a socket that takes patches gets for the same change, chosen and encoded by
the hub's own hub/fanout.py `StateOut` (the patch, or the full state where the patch would be no
shorter); "saved" is 1 - the patch mean / the full mean. The first state of a game (what a socket
gets on joining) is not a change and is in no figure.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import time

from bench.loadlib.report import number, table
from dorhami.catalogue import GAMES
from dorhami.engine import Engine
from dorhami.hub.fanout import StateOut
from dorhami.hub.live_game import LiveGame
from dorhami.hub.views import snapshot
from tests.support.seeded_games import SEED_BASE, VARIANTS, Variant, play

GAME_ID = 48_213  # a plausible game id: its digits are part of every message


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Bytes per change of each socket class's state message, per title (no server).",
        epilog=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("slugs", nargs="*", metavar="slug", default=list(VARIANTS), help="titles (default: all)")
    parser.add_argument("--games", dest="count", type=int, default=20, help="games per title (default 20)")
    parser.add_argument(
        "--variants",
        choices=["first", "all"],
        default="first",
        help="first: each title's first variant of seeded_games.VARIANTS (its default config at its "
        "smallest table); all: every variant in turn, each reported apart (default first)",
    )
    args = parser.parse_args(argv)
    unknown = [slug for slug in args.slugs if slug not in VARIANTS]
    if unknown:
        parser.error(f"unknown game: {', '.join(unknown)}")
    return args


def class_name(seat: int | None) -> str:
    return "spectator" if seat is None else f"seat {seat}"


class Sizes:
    """Bytes of each class's message, change by change, for one variant's games."""

    def __init__(self) -> None:
        self.full: dict[str, list[int]] = {}
        self.patch: dict[str, list[int]] = {}

    def add(self, cls: str, full: int, patch: int) -> None:
        self.full.setdefault(cls, []).append(full)
        self.patch.setdefault(cls, []).append(patch)


def play_one(engine: Engine, variant: Variant, seed: int, sizes: Sizes) -> int:
    """One seeded game; every change's messages into `sizes`. Returns its changes."""
    classes: list[int | None] = [*range(variant.players), None]
    game: LiveGame | None = None
    shown: dict[int | None, StateOut] = {}  # class -> its message at the version before

    def messages(events: list | None) -> dict[int | None, dict]:
        return {seat: snapshot(engine, game, seat, events) for seat in classes}

    def on_start(state) -> None:
        nonlocal game
        commitment = hashlib.sha256(seed.to_bytes(8, "big")).hexdigest()
        game = LiveGame(GAME_ID, engine, variant.players, state, commitment=commitment)
        game.result = engine.result(state)
        for seat, message in messages(None).items():
            shown[seat] = StateOut(message, None)

    def on_change(pre, seat, action, now, post, events) -> None:
        game.state, game.version, game.result = post, game.version + 1, engine.result(post)
        for cls, message in messages(events).items():
            out = shown[cls] = StateOut(message, shown[cls])
            patch = out.patch()
            full = len(out.full().text.encode())
            sizes.add(class_name(cls), full, len(patch.text.encode()) if patch else full)

    play(engine, variant, seed, on_start, on_change)
    return game.version


def rows_of(slug: str, variant: Variant, games: int, sizes: Sizes) -> list[list[str]]:
    rows = []
    for cls, full in sizes.full.items():
        row = [slug, variant.label, cls, str(games), str(len(full))]
        row += [number(statistics.median(full)), number(statistics.mean(full))]
        patch = sizes.patch[cls]
        row += [number(statistics.median(patch)), number(statistics.mean(patch))]
        row.append(f"{100 * (1 - statistics.mean(patch) / statistics.mean(full)):.0f} %")
        rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    started = time.monotonic()
    rows = []
    for slug in args.slugs:
        engine, began = GAMES[slug], time.monotonic()
        variants = VARIANTS[slug] if args.variants == "all" else VARIANTS[slug][:1]
        per_variant = {variant.label: (variant, Sizes(), []) for variant in variants}
        for i in range(args.count):
            variant = variants[i % len(variants)]
            _, sizes, played = per_variant[variant.label]
            played.append(play_one(engine, variant, SEED_BASE + i, sizes))
        for variant, sizes, played in per_variant.values():
            if played:
                rows += rows_of(slug, variant, len(played), sizes)
        print(f"{slug}: {args.count} games in {time.monotonic() - began:.1f} s", file=sys.stderr, flush=True)
    headings = [
        "game",
        "variant",
        "class",
        "games",
        "changes",
        "full p50",
        "full mean",
        "patch p50",
        "patch mean",
        "saved",
    ]
    print("bytes per change of the state message (UTF-8 payload, no frame header), per socket class")
    print(table(headings, rows))
    print(f"\ntook {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
