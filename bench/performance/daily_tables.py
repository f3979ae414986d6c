"""What a daily game costs a process: in memory while someone is at it, out of memory while it sleeps.

Run: .venv/bin/python -m bench.performance.daily_tables [--tables 200] [--sleeping 10000,50000]
     [--postgres postgresql://postgres@127.0.0.1:5432/test] [--json out.json]

Three measurements, each in a fresh child process (RSS is a high-water mark: one child, one figure):

1. In memory. A hub on a FakeClock and a temporary SQLite file loads `--tables` daily Jekyll vs. Hyde
   tables (two human players, no sockets), each started and played `--actions` random legal actions
   through `Table.act`; then as many live ones, for comparison. Bytes per table = growth / tables,
   by tracemalloc (Python's own allocations, after gc) in one child and by VmRSS in another (tracing
   costs memory of its own). A few tables of each pace load first, so imports and caches are paid.
2. Out of memory. The clock moves past the idle time and `Hub.sweep` retires the daily tables: what
   tracemalloc still holds per game after gc (should be ~0), and what the database keeps per game
   (SQLite file growth after a checkpoint / games; rows in rooms, seats, games, actions).
3. Sleeping games. `--sleeping` counts (cumulative) of sleeping daily games are put in a database
   directly: one prototype game is played through the hub, then its rows (room with `turn` and
   `wake_ms`, seats, game, its log) are copied with Core bulk inserts, each copy shifted in time so
   its deadline falls in the next 24 h (wake_ms the 6-hour reminder while it is still to come, else
   the deadline, as the journal writes it). A pool of players sits in them (20 games each on
   average); one "keen" player sits in 30. A child then starts a hub on that database and reports
   its RSS once idle (after `Hub.recover`, which skips daily games), the time of the `wake_due`
   query (`storage.daily.due_daily_rooms`), of `Hub.recover`, of `hub.my_games.games_of` for the
   keen player (the query of GET /api/players/me/games), and of one `Hub.wake_due` that loads the
   games actually due in the next 30 s. Against SQLite always, and against PostgreSQL with
   `--postgres` (a scratch database created next to the one named, dropped at the end).

Pin it to one core (`taskset -c 1 ...`) and repeat it; the figures of one run are single samples.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JVH = "jekyll-vs-hyde"
HOUR_MS = 3_600_000
DAY_MS = 24 * HOUR_MS
WARM = 3  # tables of each pace loaded before the baseline
GAMES_PER_PLAYER = 20  # the pool's average: under the bound of 30 daily games
KEEN_GAMES = 30
QUERY_REPEATS = 15


def rss_bytes() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def settings(url: str):
    from dorhami.config import Settings

    return Settings(database_url=url, bot_delay_ms=(1000, 1000), idle_table_s=600, waiting_room_ttl_s=3600)


async def settle() -> None:
    """Let the tables' tasks run, and the journal's commits (on its own thread) come back."""
    for _ in range(5):
        await asyncio.sleep(0.005)


async def played_table(hub, code: str, host, guest, pace: str, actions: int, rng: random.Random) -> None:
    """A room of two players, started and played `actions` random legal actions (as test_daily.py does)."""
    from dorhami.catalogue import get_engine
    from dorhami.hub.room_rules import split_config

    options = {"pace": "daily", "turn_hours": 24} if pace == "daily" else {}
    rules, table_options = split_config(get_engine(JVH), options)
    await hub.store.create_room(code, JVH, {**rules, **table_options}, True, host.id, 60, pace)
    table = await hub.table(code)
    for player in (host, guest):
        await table.join(player.id, player.name)
    await table.start_game(host.id, False)
    engine = table.engine
    for _ in range(actions):
        state = table.game.state
        if table.game.result is not None:
            break
        seat = next(s for s in range(table.game.players) if engine.legal_actions(state, s))
        reply = await table.act(seat, rng.choice(engine.legal_actions(state, seat)), hub.clock.now_ms(), None)
        assert reply["type"] == "ack", reply


def sqlite_bytes(engine, path: Path) -> int:
    from sqlalchemy import text

    with engine.connect() as connection:
        connection.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))
    return sum(p.stat().st_size for p in (path, Path(f"{path}-wal")) if p.exists())


def rows_of(engine, codes: list[str]) -> dict[str, int]:
    from sqlalchemy import func, select

    from dorhami.storage.repository import ACTIONS, GAMES, ROOMS, SEATS

    ids = select(ROOMS.c.id).where(ROOMS.c.code.in_(codes))
    games = select(GAMES.c.id).where(GAMES.c.room_id.in_(ids))
    with engine.connect() as connection:
        return {
            "rooms": connection.scalar(select(func.count()).select_from(ROOMS).where(ROOMS.c.code.in_(codes))),
            "seats": connection.scalar(select(func.count()).select_from(SEATS).where(SEATS.c.room_id.in_(ids))),
            "games": connection.scalar(select(func.count()).select_from(GAMES).where(GAMES.c.room_id.in_(ids))),
            "actions": connection.scalar(select(func.count()).select_from(ACTIONS).where(ACTIONS.c.game_id.in_(games))),
        }


# -- 1 and 2: one table in memory, and out of it -----------------------------------------------


async def memory(pace: str, tables: int, actions: int, trace: bool) -> dict:
    """`tables` tables of `pace` loaded and played: bytes per table; a daily round is then swept
    out of memory, and a second round is loaded and swept, to tell a leak from a container's slack."""
    import tracemalloc

    from dorhami.hub.clock import FakeClock
    from dorhami.hub.hub import Hub
    from dorhami.storage.repository import Store

    def used() -> int:
        gc.collect()
        return tracemalloc.get_traced_memory()[0] if trace else rss_bytes()

    path = Path(tempfile.mkdtemp(prefix="daily-bench-")) / "bench.db"
    url = f"sqlite:///{path}"
    store = Store(url)
    clock = FakeClock(int(time.time() * 1000))
    hub = Hub(store, settings(url), clock)
    rng = random.Random(1)
    rounds = 2 if pace == "daily" else 1
    pairs = [
        ((await store.create_player(f"A{n}"))[0], (await store.create_player(f"B{n}"))[0])
        for n in range(WARM + rounds * tables)
    ]

    # Warm-up: imports, caches, the sweep's path. Daily ones leave memory before the baseline;
    # live ones stay (a live game in progress is never unloaded), in the baseline.
    for n in range(WARM):
        await played_table(hub, f"w{n}", *pairs[n], pace, actions, rng)
    if pace == "daily":
        clock.advance(601_000)
        await hub.sweep()
    await settle()

    db_before = sqlite_bytes(store.engine, path)
    tasks_before = len(asyncio.all_tasks())
    before = used()
    codes = [f"t{n}" for n in range(tables)]
    for n, code in enumerate(codes):
        await played_table(hub, code, *pairs[WARM + n], pace, actions, rng)
    await settle()
    loaded = used()
    assert all(code in hub.tables for code in codes)
    figures = {"pace": pace, "trace": trace, "per_table": (loaded - before) / tables}
    if pace == "daily":
        clock.advance(601_000)
        _, unloaded = await hub.sweep()
        await settle()
        retired = used()
        db_after = sqlite_bytes(store.engine, path)
        rows = rows_of(store.engine, codes)
        for n in range(tables):  # a second round: what stays must not grow with it
            await played_table(hub, f"r{n}", *pairs[WARM + tables + n], pace, actions, rng)
        clock.advance(601_000)
        _, again = await hub.sweep()
        await settle()
        figures |= {
            "unloaded": len(set(unloaded) & set(codes)),
            "left_per_game": (retired - before) / tables,
            "left_after_second_round": (used() - before) / (2 * tables),
            "unloaded_second_round": len(again),
            "tables_in_memory": len(hub.tables),
            "tasks_alive": len(asyncio.all_tasks()) - tasks_before,
            "db_per_game": (db_after - db_before) / tables,
            "rows_per_game": {k: v / tables for k, v in rows.items()},
        }
    await hub.close()
    store.close()
    shutil.rmtree(path.parent)
    return figures


# -- 3: sleeping games in the database -------------------------------------------------------


def now_for(proto_last_ms: int) -> int:
    """The clock of the sleeping-games hub: a minute after the prototype's last move."""
    return proto_last_ms + 60_000


async def prototype(url: str, actions: int) -> dict:
    """Play one daily game through the hub; returns its rows, and the keen player's id."""
    from dorhami.hub.clock import FakeClock
    from dorhami.hub.hub import Hub
    from dorhami.storage.repository import Store

    store = Store(url)
    clock = FakeClock(int(time.time() * 1000))
    hub = Hub(store, settings(url), clock)
    keen, _ = await store.create_player("Keen")
    other, _ = await store.create_player("Other")
    await played_table(hub, "proto", keen, other, "daily", actions, random.Random(2))
    await settle()
    await hub.close()
    store.close()
    return {"keen": keen.id}


def populate(url: str, have: int, want: int, players: list[str], keen: str, rng: random.Random) -> None:
    """Copy the prototype's rows until the database holds `want` sleeping daily games."""
    from sqlalchemy import insert, select, text

    from dorhami.hub.pace import reminder_lead_ms
    from dorhami.storage.db import make_engine
    from dorhami.storage.repository import ACTIONS, GAMES, ROOMS, SEATS

    engine = make_engine(url)
    with engine.begin() as connection:
        room = dict(connection.execute(select(ROOMS).where(ROOMS.c.code == "proto")).one()._mapping)
        game = dict(connection.execute(select(GAMES).where(GAMES.c.id == room["game_id"])).one()._mapping)
        seats = [dict(r._mapping) for r in connection.execute(select(SEATS).where(SEATS.c.room_id == room["id"]))]
        log = [dict(r._mapping) for r in connection.execute(select(ACTIONS).where(ACTIONS.c.game_id == game["id"]))]
        room_id = connection.scalar(text("SELECT max(id) FROM rooms")) or 0
        game_id = connection.scalar(text("SELECT max(id) FROM games")) or 0
    turn = room["turn"]
    now = now_for(turn["last"]["ms"])
    lead = reminder_lead_ms(DAY_MS)
    keen_every = max(1, want // KEEN_GAMES) if have == 0 else 0
    batch = 2000
    for start in range(have, want, batch):
        rooms, games, seat_rows, action_rows = [], [], [], []
        for n in range(start, min(want, start + batch)):
            room_id += 1
            game_id += 1
            # This copy's deadline falls uniformly in the next day: every time of its log moves with it.
            shift = rng.randrange(-DAY_MS + 60_000, 0)
            deadline = turn["deadline_ms"] + shift
            reminded = turn["version"] if deadline - lead <= now else None
            copy_turn = {
                **turn,
                "deadline_ms": deadline,
                "last": {**turn["last"], "ms": turn["last"]["ms"] + shift},
                "reminded": reminded,
            }
            seated = rng.sample(players, 2)
            if keen_every and n % keen_every == 0 and n // keen_every < KEEN_GAMES:
                seated[0] = keen
            rooms.append(
                {
                    **room,
                    "id": room_id,
                    "code": f"s{uuid.uuid4().hex[:12]}",
                    "host_id": seated[0],
                    "game_id": game_id,
                    "created_at": datetime.fromtimestamp((now + shift - 120_000) / 1000, UTC),
                    "turn": copy_turn,
                    "wake_ms": deadline if reminded is not None else deadline - lead,
                }
            )
            games.append(
                {
                    **game,
                    "id": game_id,
                    "room_id": room_id,
                    "started_ms": game["started_ms"] + shift,
                    "seat_players": seated,
                    "owner": None,
                }
            )
            seat_rows += [{**s, "room_id": room_id, "player_id": seated[s["seat"]]} for s in seats]
            action_rows += [{**a, "game_id": game_id, "server_ms": a["server_ms"] + shift} for a in log]
        with engine.begin() as connection:
            connection.execute(insert(ROOMS), rooms)
            connection.execute(insert(GAMES), games)
            connection.execute(insert(SEATS), seat_rows)
            connection.execute(insert(ACTIONS), action_rows)
    if engine.dialect.name == "postgresql":
        with engine.begin() as connection:  # ids were given: the sequences catch up
            for table in ("rooms", "games"):
                connection.execute(
                    text(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), max(id)) FROM {table}")
                )
            connection.execute(text("ANALYZE"))
    engine.dispose()


def add_players(url: str, count: int) -> list[str]:
    from sqlalchemy import insert

    from dorhami.storage.db import make_engine
    from dorhami.storage.repository import PlayerRecord

    ids = [uuid.uuid4().hex for _ in range(count)]
    engine = make_engine(url)
    with engine.begin() as connection:
        connection.execute(
            insert(PlayerRecord.__table__),
            [{"id": pid, "name": f"P{n}", "created_at": datetime.now(UTC)} for n, pid in enumerate(ids)],
        )
    engine.dispose()
    return ids


def database_bytes(url: str) -> int:
    from sqlalchemy import text

    from dorhami.storage.db import make_engine

    engine = make_engine(url)
    try:
        if engine.dialect.name == "postgresql":
            with engine.connect() as connection:
                return int(connection.scalar(text("SELECT pg_database_size(current_database())")))
        return sqlite_bytes(engine, Path(engine.url.database))
    finally:
        engine.dispose()


def timed(fn, repeats: int = QUERY_REPEATS) -> float:
    """Median seconds of `fn()` over `repeats` calls (after one untimed call)."""
    fn()
    samples = []
    for _ in range(repeats):
        started = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


async def sleeping(url: str, keen: str) -> dict:
    """A hub started on a database of sleeping daily games: its idle RSS and its queries' times."""
    from sqlalchemy import func, select

    from dorhami.hub.clock import FakeClock
    from dorhami.hub.hub import WAKE_PAGE, WAKE_S, Hub
    from dorhami.hub.my_games import games_of
    from dorhami.storage import daily
    from dorhami.storage.repository import ROOMS, Store

    started = rss_bytes()
    store = Store(url)
    with store.engine.connect() as connection:
        proto_last = connection.scalar(select(ROOMS.c.turn).where(ROOMS.c.code == "proto"))["last"]["ms"]
        count = connection.scalar(
            select(func.count()).select_from(ROOMS).where(ROOMS.c.pace == "daily", ROOMS.c.status == "playing")
        )
    clock = FakeClock(now_for(proto_last))
    hub = Hub(store, settings(url), clock)
    t0 = time.perf_counter()
    resumed = await hub.recover()
    recover_s = time.perf_counter() - t0
    await settle()
    gc.collect()
    idle = rss_bytes()

    ahead = clock.now_ms() + WAKE_S * 1000
    due_s = timed(lambda: daily.due_daily_rooms(store.engine, ahead, WAKE_PAGE))
    due = len(daily.due_daily_rooms(store.engine, ahead, WAKE_PAGE))
    loop = asyncio.get_running_loop()
    listed = await games_of(store, hub.tables, keen, clock.now_ms())
    samples = []
    for _ in range(QUERY_REPEATS):
        t0 = time.perf_counter()
        await games_of(store, hub.tables, keen, clock.now_ms())
        samples.append(time.perf_counter() - t0)
    bound_s = timed(lambda: daily.daily_games_of(store.engine, keen))
    t0 = time.perf_counter()
    woken = await hub.wake_due()
    wake_s = time.perf_counter() - t0
    await settle()
    gc.collect()
    after_wake = rss_bytes()
    plans = await loop.run_in_executor(None, query_plans, store.engine, ahead, keen)
    await hub.close()
    store.close()
    return {
        "games": count,
        "resumed": resumed,
        "rss_start": started,
        "rss_idle": idle,
        "rss_after_wake": after_wake,
        "recover_s": recover_s,
        "due_query_s": due_s,
        "due": due,
        "my_games_s": statistics.median(samples),
        "my_games_listed": len(listed["games"]),
        "daily_bound_s": bound_s,
        "wake_due_s": wake_s,
        "woken": len(woken),
        "plans": plans,
    }


def query_plans(engine, ahead: int, keen: str) -> dict[str, str]:
    """The database's plan of each query: which index it uses, or a scan of a whole table."""
    from sqlalchemy import select, text

    from dorhami.hub.hub import WAKE_PAGE
    from dorhami.storage.daily import ROOMS, SEATS, daily_bound_queries

    queries = {
        "due": select(ROOMS.c.code)
        .where(ROOMS.c.status == "playing", ROOMS.c.pace == "daily", ROOMS.c.wake_ms <= ahead)
        .order_by(ROOMS.c.wake_ms)
        .limit(WAKE_PAGE),
        "my_games": select(ROOMS.c.code).join(SEATS, SEATS.c.room_id == ROOMS.c.id).where(SEATS.c.player_id == keen),
        **dict(zip(("daily_bound_hosted", "daily_bound_seated"), daily_bound_queries(keen), strict=True)),
    }
    plans = {}
    sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as connection:
        for name, query in queries.items():
            sql = str(query.compile(engine, compile_kwargs={"literal_binds": True}))
            if sqlite:
                plans[name] = "; ".join(row[-1] for row in connection.execute(text(f"EXPLAIN QUERY PLAN {sql}")))
            else:
                lines = [row[0] for row in connection.execute(text(f"EXPLAIN (COSTS OFF) {sql}"))]
                plans[name] = "; ".join(line.strip(" ->") for line in lines if "Scan" in line)
    return plans


# -- the parent: children, databases, the report ----------------------------------------------


def child(*args: str) -> dict:
    """Run this module with `args` in a fresh interpreter (same CPU affinity); its JSON answer."""
    done = subprocess.run(
        [sys.executable, "-m", "bench.performance.daily_tables", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
        raise SystemExit(f"child {args[:2]} failed ({done.returncode})")
    return json.loads(done.stdout.strip().splitlines()[-1])


def describe() -> str:
    git = ["git", "-C", str(ROOT)]
    commit = subprocess.run([*git, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(
        [*git, "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True
    ).stdout.strip()
    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if "model name" in line
        ),
        platform.machine(),
    )
    return (
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, commit {commit or '?'}{'+changes' if dirty else ''}, "
        f"Python {platform.python_version()}, {os.cpu_count()} cores ({cpu}), "
        f"pinned to {sorted(os.sched_getaffinity(0))}, load average {os.getloadavg()[0]:.1f}"
    )


def scratch_postgres(url: str, create: bool) -> str:
    """A database of this run's own next to `url` (dropped first; left dropped if not `create`)."""
    import psycopg
    from sqlalchemy.engine import make_url

    base = make_url(url)
    name = f"{base.database}_daily_bench"
    admin = base.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if create:
            connection.execute(f'CREATE DATABASE "{name}"')
    return base.set(database=name).render_as_string(hide_password=False)


def sleeping_series(url: str, counts: list[int], actions: int) -> list[dict]:
    from dorhami.storage.db import migrate

    migrate(url)
    empty = database_bytes(url)
    keen = child("--child", "prototype", "--url", url, "--actions", str(actions))["keen"]
    pool = add_players(url, max(2, 2 * max(counts) // GAMES_PER_PLAYER))
    rng, have, series = random.Random(3), 0, []
    baseline = child("--child", "sleeping", "--url", url, "--keen", keen)  # the prototype alone
    baseline["filled_s"], baseline["db_bytes"] = 0.0, database_bytes(url) - empty
    series.append(baseline)
    for count in counts:
        t0 = time.perf_counter()
        populate(url, have, count, pool, keen, rng)
        filled = time.perf_counter() - t0
        have = count
        figures = child("--child", "sleeping", "--url", url, "--keen", keen)
        figures["filled_s"], figures["db_bytes"] = filled, database_bytes(url) - empty
        series.append(figures)
    return series


def kib(n: float) -> str:
    return f"{n / 1024:,.1f} KiB"


def report(memory_figures: dict, series: dict[str, list[dict]]) -> None:
    traced, rss = memory_figures[("daily", True)], memory_figures[("daily", False)]
    print("1. one table in memory (Jekyll vs. Hyde, 2 players, no sockets; each pace in a process of its own):")
    for pace in ("daily", "live"):
        print(
            f"   {pace:5}  tracemalloc {kib(memory_figures[(pace, True)]['per_table'])}/table   "
            f"RSS {kib(memory_figures[(pace, False)]['per_table'])}/table"
        )
    rows = ", ".join(f"{k} {v:g}" for k, v in traced["rows_per_game"].items())
    print(
        f"2. after Hub.sweep: {traced['unloaded']} daily tables unloaded; "
        f"after a second round as large, {traced['tables_in_memory']} tables in memory and "
        f"{traced['tasks_alive']} more tasks than before the first"
    )
    print(
        f"   left in memory {traced['left_per_game']:,.0f} B/game (tracemalloc, after gc), "
        f"{traced['left_after_second_round']:,.0f} B/game over both rounds; "
        f"RSS {kib(rss['left_per_game'])}/game (freed, not given back to the OS)"
    )
    print(f"   in SQLite {traced['db_per_game']:,.0f} B/game (file growth); rows per game: {rows}")
    print("3. sleeping daily games, a hub started on them:")
    print(
        f"   {'database':10} {'games':>7} {'fill s':>7} {'DB B/game':>9} {'RSS idle':>9} {'recover':>9} "
        f"{'wake q':>8} {'due':>4} {'wake_due':>9} {'my games':>9} {'bound q':>8} {'RSS woken':>9}"
    )
    for name, rows_ in series.items():
        for s in rows_:
            per_game = s["db_bytes"] / s["games"] if s["games"] > 1 else float("nan")
            print(
                f"   {name:10} {s['games']:>7} {s['filled_s']:>7.1f} {per_game:>9,.0f} "
                f"{s['rss_idle'] / 2**20:>7.1f}MB {1000 * s['recover_s']:>7.2f}ms {1000 * s['due_query_s']:>6.2f}ms "
                f"{s['due']:>4} {1000 * s['wake_due_s']:>7.1f}ms {1000 * s['my_games_s']:>7.2f}ms "
                f"{1000 * s['daily_bound_s']:>6.2f}ms {s['rss_after_wake'] / 2**20:>7.1f}MB"
            )
        if rows_ and rows_[-1]["plans"]:
            for query, plan in rows_[-1]["plans"].items():
                print(f"   {name} plan of {query}: {plan}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200, help="tables of each pace in memory (1, 2)")
    parser.add_argument("--actions", type=int, default=10, help="actions played in each game")
    parser.add_argument("--sleeping", default="10000,50000", help="cumulative counts of sleeping games (3)")
    parser.add_argument("--postgres", default=None, help="also measure 3 on a scratch database of this server")
    parser.add_argument("--json", default=None, help="write every figure to this file")
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--trace", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--pace", default="daily", help=argparse.SUPPRESS)
    parser.add_argument("--url", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--keen", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.child:
        if args.child == "memory":
            if args.trace:
                import tracemalloc

                tracemalloc.start()
            answer = asyncio.run(memory(args.pace, args.tables, args.actions, args.trace))
        elif args.child == "prototype":
            answer = asyncio.run(prototype(args.url, args.actions))
        else:
            answer = asyncio.run(sleeping(args.url, args.keen))
        print(json.dumps(answer))
        return

    print(describe())
    t0 = time.perf_counter()
    common = ["--tables", str(args.tables), "--actions", str(args.actions)]
    memory_figures = {
        (pace, trace): child("--child", "memory", "--pace", pace, *(["--trace"] if trace else []), *common)
        for pace in ("daily", "live")
        for trace in (True, False)
    }
    counts = [int(c) for c in args.sleeping.split(",") if c]
    series = {}
    with tempfile.TemporaryDirectory(prefix="daily-bench-") as folder:
        series["SQLite"] = sleeping_series(f"sqlite:///{folder}/sleeping.db", counts, args.actions)
    if args.postgres:
        url = scratch_postgres(args.postgres, create=True)
        try:
            series["PostgreSQL"] = sleeping_series(url, counts, args.actions)
        finally:
            scratch_postgres(args.postgres, create=False)
    report(memory_figures, series)
    print(f"({time.perf_counter() - t0:.0f} s)")
    if args.json:
        memory_list = list(memory_figures.values())
        Path(args.json).write_text(json.dumps({"memory": memory_list, "sleeping": series}, indent=1))


if __name__ == "__main__":
    main()
