"""Actions per second through one table: judge, commit to the log, broadcast — as a client sees it.

Run: .venv/bin/python -m bench.performance.table_throughput [--actions 2000] [--url postgresql://...]
Plays Jekyll vs. Hyde (timers off) with random legal actions, one at a time, through
`Table.act`, against SQLite in a temporary folder, or the database at --url (emptied first).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time

from dorhami.config import Settings
from dorhami.hub.fanout import Subscriber
from dorhami.hub.hub import Hub
from dorhami.storage.repository import Store


async def run(url: str, actions: int, watchers: int) -> dict:
    store = Store(url)
    hub = Hub(store, Settings(database_url=url))
    players = [(await store.create_player(f"P{i}"))[0] for i in range(2)]
    rng, played, latencies = random.Random(1), 0, []
    room = 0
    while played < actions:
        room += 1
        code = f"bench{room}"
        await store.create_room(code, "jekyll-vs-hyde", {"timers_enabled": False}, True, players[0].id)
        table = await hub.table(code)
        for p in players:
            await table.join(p.id, p.name)
        for _ in range(watchers):
            sub = Subscriber(None, 10_000)
            await table.subscribe(sub)
        await table.start_game(players[0].id, False)
        while table.game.result is None and played < actions:
            seat = next(s for s in (0, 1) if table.engine.legal_actions(table.game.state, s))
            action = rng.choice(table.engine.legal_actions(table.game.state, seat))
            started = time.perf_counter()
            reply = await table.act(seat, action, hub.clock.now_ms(), None)
            latencies.append(time.perf_counter() - started)
            assert reply["type"] == "ack", reply
            played += 1
    await hub.close()
    store.close()
    latencies.sort()
    return {
        "actions": played,
        "per_s": played / sum(latencies),
        "p50_ms": 1000 * statistics.median(latencies),
        "p99_ms": 1000 * latencies[int(0.99 * len(latencies))],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--watchers", type=int, default=4, help="spectator sockets per table")
    parser.add_argument("--url", default=None)
    args = parser.parse_args()
    if args.url:
        from tests.support.databases import reset_postgres

        reset_postgres(args.url)
        url = args.url
    else:
        url = f"sqlite:///{tempfile.mkdtemp()}/bench.db"
    figures = asyncio.run(run(url, args.actions, args.watchers))
    print(
        f"{url.split(':')[0]:10} actions={figures['actions']} per_s={figures['per_s']:.0f} "
        f"p50={figures['p50_ms']:.2f}ms p99={figures['p99_ms']:.2f}ms"
    )


if __name__ == "__main__":
    main()
