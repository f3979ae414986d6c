"""What one action costs the server, part by part, in one process without sockets.

Run: .venv/bin/python -m bench.performance.action_path [--games 20] [--repeats 5]

The hub_load bench (bench/performance/hub_load.py) measures the whole path over real sockets;
this splits it, to say where the CPU of one action goes and what no lever on the rest can save.
Seeded random games of Jekyll vs. Hyde (timers off, as hub_load plays them) are replayed move by
move, and each part of the table's work for a move is timed on its own, as the table does it for
a table of 2 seats and spectators:

- inbound: the action frame's text validated into a message (hub/messages.py `Inbound`);
- judge: the rules' verdict and new state (engine/contract.py `judge`);
- journal: the move's log row in a batch of `--batch` rows, one SQLite transaction (WAL,
  synchronous=FULL), CPU of this thread only (the fsync's wait is no CPU);
- states: each seat class's state message (view, legal actions, events), its patch from the
  version before (or its full text) and their frames (hub/fanout.py `StateOut`);
- ack: the mover's ack, encoded and framed.

The states are timed again without their patches and frames (only the messages), to split them.

What this leaves out, the sockets' own work (reading the frame, writing seven frames, the event
loop's turns and the actor's hand-offs), is what the bare `websockets` server of hub_load does
and little else: its actions per second there are its cost for exactly that. Each part is the
median over `--repeats` passes of µs per move (CPU time of this thread).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import orjson

from bench.loadlib.report import number, table
from dorhami.catalogue import GAMES
from dorhami.engine import events_for
from dorhami.engine.contract import judge
from dorhami.hub import messages
from dorhami.hub.fanout import Outbound, StateOut, encode
from dorhami.hub.live_game import LiveGame
from dorhami.hub.views import snapshot
from dorhami.storage.repository import ActionRow, Store
from tests.support.seeded_games import Variant, play

SLUG = "jekyll-vs-hyde"
CONFIG = {"timers_enabled": False}
CLASSES: list[int | None] = [0, 1, None]  # the two seats and every spectator alike


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="seeded games replayed (default 20)")
    parser.add_argument("--repeats", type=int, default=5, help="passes per part; the median is shown (default 5)")
    parser.add_argument("--batch", type=int, default=100, help="log rows per journal transaction (default 100)")
    return parser.parse_args(argv)


def moves(games: int) -> list[tuple]:
    """(state before, seat, action as sent, now, state after, events) of every player's move."""
    engine = GAMES[SLUG]
    variant = Variant("bench", 2, CONFIG)
    found: list[tuple] = []

    def on_change(pre, seat, action, now, post, events) -> None:
        if seat is not None:
            found.append((pre, seat, {**action, "step": pre.get("step")}, now, post, events))

    for seed in range(games):
        play(engine, variant, 7_000 + seed, lambda state: None, on_change)
    return found


def timed(fn: Callable[[], None], count: int, repeats: int) -> float:
    """Median µs of CPU per item over `repeats` calls of `fn` (each handles `count` items)."""
    spent = []
    for _ in range(repeats):
        started = time.thread_time()
        fn()
        spent.append((time.thread_time() - started) / count * 1e6)
    return statistics.median(spent)


def inbound_part(found: list[tuple]) -> Callable[[], None]:
    texts = [orjson.dumps({"type": "action", "action": a, "client_seq": i}) for i, (_, _, a, *_) in enumerate(found)]

    def run() -> None:
        for text in texts:
            messages.Inbound.validate_json(text)

    return run


def judge_part(found: list[tuple]) -> Callable[[], None]:
    engine = GAMES[SLUG]

    def run() -> None:
        for pre, seat, action, now, _, _ in found:
            judge(engine, pre, seat, action, now)

    return run


def states_part(found: list[tuple], patches: bool = True) -> Callable[[], None]:
    """Every class's state after each move, as the table's fan-out builds it (one game at a time);
    without `patches`, only the messages (view, legal actions, events), neither diffed nor encoded."""
    engine = GAMES[SLUG]

    def run() -> None:
        shown: dict[int | None, StateOut] = {}
        game: LiveGame | None = None
        for pre, _, _, _, post, events in found:
            if game is None or game.state is not pre:  # a new game: its first states are whole
                game, shown = LiveGame(1, engine, 2, pre, commitment="c" * 64), {}
                for cls in CLASSES:
                    shown[cls] = StateOut(snapshot(engine, game, cls), None)
            game.state, game.version = post, game.version + 1
            for cls in CLASSES:
                message = snapshot(engine, game, cls, events)
                if patches:
                    out = shown[cls] = StateOut(message, shown[cls])
                    _ = (out.patch() or out.full()).frame

    return run


def ack_part(found: list[tuple]) -> Callable[[], None]:
    def run() -> None:
        for i, (_, seat, _, _, _, events) in enumerate(found):
            _ = Outbound(encode(messages.ack(i, i + 1, events_for(events, seat)))).frame

    return run


def journal_part(found: list[tuple], batch: int, scratch: Path) -> Callable[[], None]:
    url = f"sqlite:///{scratch / 'journal.db'}"
    store = Store(url)
    game_id = asyncio.run(_a_game(store))
    seq = iter(range(1, 10**9))

    def run() -> None:
        rows = [ActionRow(game_id, next(seq), s, action, now, i) for i, (_, s, action, now, _, _) in enumerate(found)]
        for start in range(0, len(rows), batch):
            store.repo.write_batch(rows[start : start + batch], [])

    return run


async def _a_game(store: Store) -> int:
    """A room and a started game for the rows to belong to (the log's foreign keys)."""
    from dorhami.config import Settings
    from dorhami.hub.clock import FakeClock
    from dorhami.hub.hub import Hub

    hub = Hub(store, Settings(database_url=str(store.engine.url)), FakeClock())
    host, _ = await store.create_player("Host")
    guest, _ = await store.create_player("Guest")
    await store.create_room("bench1", SLUG, CONFIG, True, host.id)
    tab = await hub.table("bench1")
    await tab.join(host.id, "Host")
    await tab.join(guest.id, "Guest")
    await tab.start_game(host.id, False)
    game_id = tab.game.id
    await hub.close()
    return game_id


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    found = moves(args.games)
    print(f"action_path: {len(found)} moves of {args.games} seeded {SLUG} games; µs of CPU per move, ", end="")
    print(f"median of {args.repeats}")
    with tempfile.TemporaryDirectory() as scratch:
        parts = {
            "inbound (validate the frame)": inbound_part(found),
            "judge (rules: copy, apply)": judge_part(found),
            f"journal (a row, batches of {args.batch})": journal_part(found, args.batch, Path(scratch)),
            "states (3 classes: view, legal, patch, frame)": states_part(found),
            "  of which the messages (view, legal, events)": states_part(found, patches=False),
            "ack (encode, frame)": ack_part(found),
        }
        costs = {name: timed(fn, len(found), args.repeats) for name, fn in parts.items()}
    rows = [[name, number(cost)] for name, cost in costs.items()]
    rows.append(["sum", number(sum(cost for name, cost in costs.items() if not name.startswith(" ")))])
    print(table(["part", "µs per move"], rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
