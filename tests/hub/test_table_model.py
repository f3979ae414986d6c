"""A stateful model of one table: Hypothesis drives seats, sockets, the clock, failed commits and
restarts through the real hub, and after every step checks what must always hold.

Rules (each only where it makes sense): join, add a bot, leave (a seat before the start, a bot takes
it during a game), start and rematch; act with a legal action, or with an illegal or malformed one;
resend an answered (seat, client_seq) and an unanswered one after a failed commit; connect,
disconnect and reconnect a socket; move the fake clock (timers fire, bots move); make the next log
writes or the next seat write fail (or land with their answer lost: a room write in doubt makes the
table leave memory, and the next request rebuilds it from the database); kill the hub (or close it)
and load the table again from the database; and wait while only bots and timers can move.

Invariants: the live game equals a replay of its stored log (state, every seat's view and legal
actions, result); the log's seq numbers are 1..n with no gap and its times never run back; the cards
of the game are conserved; the seats, room status and result in the database are the live ones;
presence is what the sockets say; and nothing stalls: while the game runs someone can act or a timer
is pending, and every bot that can act has a plan.

DORHAMI_MODEL_EXAMPLES and DORHAMI_MODEL_STEPS enlarge the run (the defaults take about half a minute).
"""

from __future__ import annotations

import asyncio
import copy
import json
import os
import random
from collections import Counter
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from dorhami.config import Settings
from dorhami.engine import IllegalAction
from dorhami.engine.actions import without_step
from dorhami.hub.audience import SOCKETS_PER_PLAYER
from dorhami.hub.bots import BOT_LEVELS
from dorhami.hub.clock import FakeClock
from dorhami.hub.errors import HubError
from dorhami.hub.fanout import Outbound, Subscriber
from dorhami.hub.hub import Hub
from dorhami.hub.presence import Presence
from dorhami.hub.table import ADVANCE, Table
from dorhami.storage.repository import Store

from ..conftest import reset_postgres
from .test_table import settle

JVH, CAMEL = "jekyll-vs-hyde", "camel-up-cards"
CODE = "model"
PEOPLE = 6  # the host and five others: enough for every seat of Camel Up Cards, and spectators
SEND_LIMIT = 100_000  # the model drains every socket after each step; none may be dropped as slow
EXAMPLES = int(os.environ.get("DORHAMI_MODEL_EXAMPLES", "60"))
STEPS = int(os.environ.get("DORHAMI_MODEL_STEPS", "50"))

# Short timers and short games: a whole game fits in a few dozen steps (bounded time).
SETUPS = st.one_of(
    st.fixed_dictionaries(
        {
            "match_mode": st.sampled_from(["single", "single", "return_match"]),
            "jekyll_seat": st.sampled_from([0, 1, "random"]),
            "greed_exchange_count": st.sampled_from([1, 2]),
            "timers_enabled": st.sampled_from([True, True, False]),
            "exchange_timeout_s": st.just(20),
            "play_timeout_s": st.just(10),
            "greed_timeout_s": st.just(10),
        }
    ).map(lambda config: (JVH, config)),
    st.fixed_dictionaries(
        {
            "races": st.just(1),
            "max_tricks_per_race": st.sampled_from([10, 12]),
            "track_length": st.sampled_from([6, 8]),
            "start_order": st.sampled_from(["fixed", "random"]),
            "turn_timer_s": st.just(15),
        }
    ).map(lambda config: (CAMEL, config)),
)
CLOCK_STEPS = st.sampled_from([1, 100, 999, 1_000, 5_000, 10_000, 20_000, 60_000, 600_000, 3_600_000])
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 60),
    st.text(max_size=6),
    st.lists(st.integers(-1, 55), max_size=4),
    st.sampled_from(["purple", "red", "blue", "x" * 40]),
    st.floats(allow_nan=False, allow_infinity=False),
)
FIELDS = ["type", "card", "cards", "named_color", "camel", "step", "junk"]


# -- the game's own facts ---------------------------------------------------------------------


def jvh_cards(state: dict) -> list[int]:
    """Every card of a Jekyll vs. Hyde state: hands, the set-aside cards, the trick, the won tricks."""
    won = (card for pile in state["won"] for pair in pile for card in pair)
    return [*chain(*state["hands"]), *state["set_aside"], *(play["card"] for play in state["trick"]), *won]


def camel_cards(state: dict) -> list[int]:
    """Every card of a Camel Up Cards state: hands, draw and discard piles, commitments."""
    committed = (choice["card"] for choice in state["committed"] if choice is not None)
    return [*chain(*state["hands"]), *state["draw_pile"], *state["discard_pile"], *committed]


DECKS = {JVH: (jvh_cards, 25), CAMEL: (camel_cards, 50)}


def canonical(action: dict) -> str:
    """An action as a comparable key; lists of card ids are sets to the rules."""
    return json.dumps({k: sorted(v) if isinstance(v, list) else v for k, v in action.items()}, sort_keys=True)


def differences(a: dict, b: dict) -> dict:
    """The keys (one level down for a game state) where two pictures of a table differ."""
    found = {}
    for key in sorted(a.keys() | b.keys()):
        x, y = a.get(key), b.get(key)
        if x != y:
            found[key] = differences(x, y) if isinstance(x, dict) and isinstance(y, dict) else (x, y)
    return found


def replay(engine, record, rows) -> dict:
    """setup(seed) + every logged row, as `Table.restore` does, written again here on purpose."""
    state = engine.setup(
        record.players, record.seed, record.config, now_ms=record.started_ms, previous_result=record.previous_result
    )
    for row in rows:
        if row.seat is None:
            assert row.action == ADVANCE, row.action
            state, _ = engine.advance(state, row.server_ms)
        else:
            state, _ = engine.apply(state, row.seat, row.action, row.server_ms)
    return state


# -- the world around the table ---------------------------------------------------------------


class Databases:
    """A fresh, empty database for every example: a new SQLite file, or the test PostgreSQL reset."""

    def __init__(self, folder: Path, postgres_url: str) -> None:
        self.folder, self.postgres_url, self.count = folder, postgres_url, 0

    def fresh(self) -> str:
        if self.postgres_url:
            reset_postgres(self.postgres_url)
            return self.postgres_url
        self.count += 1
        return f"sqlite:///{self.folder / f'model{self.count}.db'}"


class Outage:
    """Installed as one write of the repository: the next `left` calls fail, after landing if `lose_answer`."""

    def __init__(self, repo, write: str) -> None:
        self.real, self.left, self.lose_answer, self.tries = getattr(repo, write), 0, False, 0
        setattr(repo, write, self)

    def arm(self, count: int, lose_answer: bool) -> None:
        self.left, self.lose_answer = count, lose_answer

    def __call__(self, *args):
        if self.left <= 0:
            return self.real(*args)
        self.left -= 1
        self.tries += 1
        if self.lose_answer:
            self.real(*args)
        raise OSError("database unreachable (model outage)")


@dataclass
class Socket:
    """One subscriber as the model follows it: what it was last told."""

    sub: Subscriber
    person: str | None
    alive: bool = True
    fresh: bool = True  # subscribed since its last state message
    moved: bool = False  # its person's seat changed since its last state message
    game_id: int | None = None
    version: int | None = None
    last_state: dict | None = None
    last_room: dict | None = None


@dataclass
class Sent:
    """An action a client sent with a client_seq, and what it was answered (None: storage_unavailable)."""

    game_id: int
    seat: int
    person: str
    client_seq: int
    action: object
    reply: dict | None
    epoch: int
    landed: bool = False
    version_before: int = 0


@dataclass
class Model:
    """What the model expects of the room, independently of the table's own bookkeeping."""

    seats: dict[int, tuple[str | None, str | None]] = field(default_factory=dict)  # seat -> (player, bot)
    status: str = "waiting"
    sockets: Counter = field(default_factory=Counter)
    dropped_at: dict[str, int] = field(default_factory=dict)


# -- the machine ------------------------------------------------------------------------------


class TableModel(RuleBasedStateMachine):
    """One room through the real hub, on one event loop, one fake clock and one fresh database."""

    def __init__(self, databases: Databases) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        self.url = databases.fresh()
        self.hub: Hub | None = None
        self.table: Table | None = None
        self.model = Model()
        self.sockets: list[Socket] = []
        self.sent: list[Sent] = []
        self.client_seq = Counter()
        self.epoch = 0
        self.seen: dict[int, int] = {}  # game id -> the highest version any client was told
        self._legal_cache: dict = {}

    def run(self, coro):
        return self.loop.run_until_complete(coro)

    # -- opening, closing, crashing ---------------------------------------------------------

    @initialize(
        setup=SETUPS,
        seed=st.integers(0, 2**62),
        seated=st.integers(2, 4),
        bots=st.integers(0, 4),
        start_now=st.sampled_from([True, True, True, False]),
    )
    def open_room(self, setup, seed, seated, bots, start_now):
        """A room of one game, with `seated` seats of which `bots` are bots, started or not."""
        self.slug, config = setup
        self.seed = seed
        self.clock = FakeClock()
        self.run(self._open(config))
        seated = min(seated, self.table.rules.max_seats)
        bots = min(bots, seated)
        for person in self.people[: seated - bots]:
            self.run(self._join(person))
        for _ in range(bots):
            self.run(self._add_bot(self.host, "normal"))
        if start_now:
            self.run(self._start(self.host, False))

    async def _open(self, config: dict) -> None:
        self._connect_hub()
        store = self.hub.store
        self.people = [(await store.create_player(f"P{i}"))[0].id for i in range(PEOPLE)]
        self.host = self.people[0]
        await store.create_room(CODE, self.slug, config, True, self.host)
        await self._load_table()

    def _connect_hub(self) -> None:
        store = Store(self.url)
        self.outage = Outage(store.repo, "write_batch")  # the log, game starts and results
        self.seat_outage = Outage(store.repo, "replace_seats")
        seeds = iter(range(self.seed, self.seed + 1000))
        # One name across restarts, as `dorhami serve` restarted on its port has: after a crash on
        # PostgreSQL it takes its own tables' leases back at once instead of waiting for their expiry.
        settings = Settings(database_url=self.url, bot_delay_ms=(1000, 1000), instance_id="model-server")
        self.hub = Hub(store, settings, self.clock, seeds=lambda: next(seeds))

    async def _load_table(self) -> dict:
        """Load the room's table as a restarted server does; returns its picture as loaded, before
        its timers and bots had a chance to move."""
        self.table = await self.hub.table(CODE)
        loaded = self.picture()  # nothing ran since the load: `Hub.table` returns right after `resume`
        # What a restarted server runs; its timers may meanwhile finish the game, so it counts 0 or 1.
        assert await self.hub.recover() in (0, 1) and self.hub.tables[CODE] is self.table
        # Bots draw from the table's RNG: seeded, so an example replays exactly. A restored game's
        # bots were planned with the unseeded one: plan them again.
        self.table.bot_seats.rng = random.Random(self.seed + self.epoch)
        for _, task in self.table.bot_seats.plans.values():
            task.cancel()
        self.table.bot_seats.plans.clear()
        self.table.schedule_bots()
        await self.quiesce()
        return loaded

    def teardown(self):
        try:
            if self.hub is not None:
                try:
                    self.run(asyncio.wait_for(self._close(), 30))
                except Exception:  # the example failed mid-step: let the hub go as in a crash
                    self.run(self._crash())
        finally:
            self.run(self._cancel_the_rest())
            self.run(self.loop.shutdown_default_executor())
            self.loop.close()

    @staticmethod
    async def _cancel_the_rest() -> None:
        tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _close(self) -> None:
        self.outage.left = self.seat_outage.left = 0
        await self.quiesce()
        await self.hub.close()
        self.hub.store.close()

    async def _crash(self) -> None:
        """The process dies: no task finishes its work, no socket is told; the database stays."""
        await self._cancel_the_rest()  # every task on this loop is the hub's: actor, journal, timers, bots
        self.hub.journal.executor.shutdown(wait=True)
        self.hub.store.close()
        self.forget_sockets()

    def forget_sockets(self) -> None:
        """Every socket went with the old process; the new one has seen nobody yet."""
        for sock in self.sockets:
            sock.alive = False
        self.model.sockets.clear()
        self.model.dropped_at.clear()

    # -- waiting for the table --------------------------------------------------------------

    async def quiesce(self, limit_s: float = 30) -> None:
        """Until the actor waits on an empty inbox and the journal is idle, twice in a row."""
        calm, loop = 0, asyncio.get_running_loop()
        give_up = loop.time() + limit_s
        while loop.time() < give_up:
            await settle()
            table, journal = self.table, self.hub.journal
            idle = (
                (table is None or (table.waiter is not None and not table.inbox))
                and not journal.pending
                and not journal.committing
            )
            if idle:
                calm += 1
                if calm >= 2:
                    return
            else:
                calm = 0
                await asyncio.sleep(0.0005)
        raise AssertionError("the table never settled: it keeps working without input (a livelock)")

    async def step_done(self) -> None:
        await self.quiesce()
        await self.drain_all()
        if self.model.status == "playing" and self.game is not None and self.game.result is not None:
            self.model.status = "finished"
            event(f"{self.slug}: a game finished")

    # -- reading the table ------------------------------------------------------------------

    @property
    def engine(self):
        return self.table.engine

    @property
    def game(self):
        return self.table.game

    def running(self) -> bool:
        return self.game is not None and self.game.result is None and self.table.room.status == "playing"

    def legal(self, seat: int) -> list[dict]:
        key = (self.epoch, self.game.id, self.game.version, seat)
        if key not in self._legal_cache:
            if len(self._legal_cache) > 256:
                self._legal_cache.clear()
            self._legal_cache[key] = self.engine.legal_actions(self.game.state, seat)
        return self._legal_cache[key]

    def human_seats(self) -> dict[int, str]:
        return {seat: player for seat, (player, _) in self.model.seats.items() if player is not None}

    def bot_seats(self) -> list[int]:
        return [seat for seat, (_, bot) in self.model.seats.items() if bot is not None]

    def game_seats(self) -> range:
        return range(self.game.players) if self.game else range(0)

    def movers(self) -> list[int]:
        """Human seats of the running game with something to do."""
        if not self.running():
            return []
        return [seat for seat in self.human_seats() if seat in self.game_seats() and self.legal(seat)]

    def timer_due(self) -> bool:
        """A deadline has passed that the table has not fired yet (it retries after a failed commit)."""
        due = self.engine.next_deadline(self.game.state) if self.game else None
        return due is not None and due <= self.clock.now_ms()

    def snapshots(self) -> list[dict]:
        return [self.table.snapshot(seat) for seat in [None, *self.game_seats()]]

    async def rows(self) -> list:
        return await self.hub.store.actions(self.game.id) if self.game else []

    def next_seq(self, seat: int) -> int:
        self.client_seq[seat] += 1
        return self.client_seq[seat]

    # -- sockets ----------------------------------------------------------------------------

    async def drain_all(self) -> None:
        durable = len(await self.rows())
        for sock in self.sockets:
            if sock.alive:
                self.drain(sock, durable)

    def drain(self, sock: Socket, durable: int) -> None:
        """Read what the socket was sent; check each state message, then that it is up to date."""
        while sock.sub.items:
            item = sock.sub.items.popleft()
            assert isinstance(item, Outbound), f"a live socket was closed: {sock.sub.closed_reason}"
            assert "private_to" not in item.text, "a private event's marker reached a socket"
            self.read(sock, json.loads(item.text), durable)
        game = self.game
        if sock.last_room is not None:
            room = self.table.room_public()
            assert (sock.last_room["status"], sock.last_room["seats"]) == (room["status"], room["seats"])
        if game is None:
            return
        last = sock.last_state
        assert last is not None and (last["game_id"], last["version"]) == (game.id, game.version), (
            f"socket of {sock.person} was left at {last and (last['game_id'], last['version'])}, "
            f"the table is at {(game.id, game.version)}"
        )
        seat = last["seat"]
        if not sock.moved:
            assert seat == self.table.seat_of(sock.person), (seat, self.table.seat_of(sock.person))
        assert last["view"] == self.engine.view(game.state, seat)
        expected_legal = self.engine.compact_legal_actions(game.state, seat) if seat is not None else []
        assert last["legal_actions"] == expected_legal and last["result"] == game.result

    def read(self, sock: Socket, message: dict, durable: int) -> None:
        kind = message["type"]
        if kind == "room":
            sock.last_room = message["room"]
        elif kind == "history":
            assert sock.fresh, "a move log is sent only to a socket that just subscribed"
            versions = [entry["version"] for entry in message["entries"]]
            assert versions == sorted(set(versions)) and all(v <= self.game.version for v in versions)
        elif kind == "state":
            self.read_state(sock, message, durable)
        else:
            raise AssertionError(f"unexpected message {kind!r}")

    def read_state(self, sock: Socket, message: dict, durable: int) -> None:
        game_id, version = message["game_id"], message["version"]
        if game_id == sock.game_id and sock.version is not None:
            if sock.fresh:
                assert version >= sock.version, f"a reconnect went back from {sock.version} to {version}"
            else:
                assert version == sock.version + 1, f"a connected socket jumped from {sock.version} to {version}"
        if game_id == self.game.id:
            assert version <= durable, f"version {version} was sent before it was stored ({durable} rows)"
        sock.fresh, sock.moved, sock.game_id, sock.version, sock.last_state = False, False, game_id, version, message
        self.seen[game_id] = max(self.seen.get(game_id, -1), version)

    async def subscribe(self, person: str | None) -> Socket:
        sock = Socket(Subscriber(person, SEND_LIMIT), person)
        await self.table.subscribe(sock.sub)
        self.sockets.append(sock)
        self.model.sockets[person] += 1
        self.model.dropped_at.pop(person, None)
        return sock

    async def unsubscribe(self, sock: Socket) -> None:
        await self.table.unsubscribe(sock.sub)
        sock.alive = False
        self.model.sockets[sock.person] -= 1
        if self.model.sockets[sock.person] <= 0:
            del self.model.sockets[sock.person]
            if sock.person is not None:
                self.model.dropped_at[sock.person] = self.clock.now_ms()

    def alive(self) -> list[Socket]:
        return [sock for sock in self.sockets if sock.alive]

    @rule(data=st.data())
    def connect(self, data):
        person = data.draw(st.sampled_from([None, *self.people]), label="person")
        self.run(self._connect(person))

    async def _connect(self, person: str | None) -> None:
        if person is not None and self.model.sockets[person] >= SOCKETS_PER_PLAYER:
            with pytest.raises(HubError, match="connections"):
                await self.table.subscribe(Subscriber(person, SEND_LIMIT))
        else:
            await self.subscribe(person)
        await self.step_done()

    @precondition(lambda self: self.alive())
    @rule(data=st.data())
    def disconnect(self, data):
        sock = data.draw(st.sampled_from(self.alive()), label="socket")
        self.run(self._disconnect(sock))

    async def _disconnect(self, sock: Socket) -> None:
        await self.drain_all()
        await self.unsubscribe(sock)
        await self.step_done()

    @precondition(lambda self: self.sockets)
    @rule(data=st.data())
    def reconnect(self, data):
        """A socket drops (or died with the server) and its client opens a new one."""
        old = data.draw(st.sampled_from(self.sockets), label="socket")
        self.run(self._reconnect(old))

    async def _reconnect(self, old: Socket) -> None:
        await self.drain_all()
        if old.alive:
            await self.unsubscribe(old)
        if old.person is not None and self.model.sockets[old.person] >= SOCKETS_PER_PLAYER:
            return await self.step_done()
        new = await self.subscribe(old.person)
        # The client keeps what it knew: the new socket must never take it back in time.
        new.game_id, new.version = old.game_id, old.version
        await self.step_done()

    # -- seats ------------------------------------------------------------------------------

    def seat_moved(self, person: str) -> None:
        """A seat change is told in a room message; the person's sockets keep their last state till the next."""
        for sock in self.alive():
            if sock.person == person:
                sock.moved = True

    def free_seats(self) -> list[int]:
        return [s for s in range(self.table.rules.max_seats) if s not in self.model.seats]

    def seat_of(self, person: str) -> int | None:
        return next((s for s, (p, _) in self.model.seats.items() if p == person), None)

    async def expect(self, refusal: str | None, fn, *args):
        """Call `fn` in the actor; it must raise HubError(`refusal`), or succeed when refusal is None."""
        if refusal is None:
            return await self.table.call(fn, *args)
        with pytest.raises(HubError) as raised:
            await self.table.call(fn, *args)
        assert raised.value.code == refusal, (raised.value.code, refusal)
        return None

    async def room_write(self, refusal: str | None, fn, *args) -> tuple[object, bool]:
        """`expect` for a command that writes the room (seats, a start): (its answer, whether it was
        in doubt). A write that failed may have landed: the table must leave memory, and the
        model loads it again as the next request would."""
        tries = self.outage.tries + self.seat_outage.tries
        try:
            return await self.expect(refusal, fn, *args), False
        except HubError as exc:
            if exc.code != "storage_unavailable":
                raise
        assert refusal is None and self.outage.tries + self.seat_outage.tries > tries
        assert self.table.retired, "a room write in doubt left the table in memory"
        for sock in self.alive():
            assert sock.sub.closed_reason, "a socket of a table that left memory was not told to reconnect"
        self.forget_sockets()
        self.epoch += 1  # the answers the old table remembered are gone; only the log's remain
        durable = await self.durable()
        loaded = await self._load_table()
        assert loaded == durable, f"the reloaded table is not the database: {differences(loaded, durable)}"
        event("a room write in doubt, reloaded")
        return None, True

    def adopt(self, *candidates: tuple[str, dict]) -> None:
        """After a room write in doubt: the table must be as before it or as after it; the model follows."""
        found = (self.table.room.status, {s.seat: (s.player_id, s.bot_level) for s in self.table.seats.values()})
        if (
            found[0] == "finished"
            and self.game is not None
            and self.game.result is not None
            and self.model.status == "playing"
        ):
            # The reloaded table fired the timers that fell due while its commits were failing,
            # and they ended the game: `step_done` accepts the same of a table that stayed.
            candidates = tuple(("finished", seats) for status, seats in candidates if status == "playing")
            event("a room write in doubt, and the reload's due timers ended the game")
        assert found in candidates, f"after a room write in doubt the table is {found}, expected one of {candidates}"
        self.model.status, self.model.seats = found

    @rule(data=st.data())
    def join(self, data):
        person = data.draw(st.sampled_from(self.people), label="person")
        self.run(self._join(person))

    async def _join(self, person: str) -> None:
        mine, free = self.seat_of(person), self.free_seats()
        refusal = None
        if mine is None and self.model.status == "playing":
            refusal = "game_running"
        elif (
            mine is None
            and self.model.status == "finished"
            and person != self.host
            and not self.model.sockets[self.host]
        ):
            refusal = "host_away"  # the room is private: after its game, newcomers sit while the host is here
        elif mine is None and not free:
            refusal = "room_full"
        before = (self.model.status, dict(self.model.seats))
        seat, in_doubt = await self.room_write(refusal, self.table.join, person, "name")
        if in_doubt:
            self.adopt(before, (before[0], {**before[1], free[0]: (person, None)}))
        elif refusal is None:
            assert seat == (mine if mine is not None else free[0])
            if mine is None:
                self.model.seats[seat] = (person, None)
                self.seat_moved(person)
        await self.step_done()

    @rule(by_host=st.booleans(), level=st.sampled_from(["easy", "normal", "nonsense"]))
    def add_bot(self, by_host, level):
        self.run(self._add_bot(self.host if by_host else self.people[1], level))

    async def _add_bot(self, caller: str, level: str) -> None:
        free = self.free_seats()
        refusal = None
        if caller != self.host:
            refusal = "not_host"
        elif level not in BOT_LEVELS:
            refusal = "invalid_level"
        elif self.model.status == "playing":
            refusal = "game_running"
        elif not free:
            refusal = "seat_taken"
        before = (self.model.status, dict(self.model.seats))
        seat, in_doubt = await self.room_write(refusal, self.table.add_bot, caller, level, None)
        if in_doubt:
            self.adopt(before, (before[0], {**before[1], free[0]: (None, level)}))
        elif refusal is None:
            assert seat == free[0]
            self.model.seats[seat] = (None, level)
        await self.step_done()

    @rule(data=st.data())
    def leave(self, data):
        person = data.draw(st.sampled_from(self.people), label="person")
        self.run(self._leave(person))

    async def _leave(self, person: str) -> None:
        seat = self.seat_of(person)
        playing = self.model.status == "playing"
        before = (self.model.status, dict(self.model.seats))
        after = dict(self.model.seats)
        if seat is not None and playing:
            after[seat] = (None, "normal")
        elif seat is not None:
            del after[seat]
        answer, in_doubt = await self.room_write(None if seat is not None else "not_seated", self.table.leave, person)
        if in_doubt:
            self.adopt(before, (before[0], after))
        elif seat is not None:
            assert answer == {"seat": seat, "handed_to_bot": playing}
            self.model.seats = after
            self.seat_moved(person)
        await self.step_done()

    def host_refusal(self, caller: str, seat: int) -> str | None:
        """Why the host's seat commands refuse, in the table's order (None: they do not)."""
        if caller != self.host:
            return "not_host"
        if self.model.status == "playing":
            return "game_running"
        return None if seat in self.model.seats else "seat_empty"

    @rule(by_host=st.booleans(), seat=st.integers(0, 6))
    def remove_seat(self, by_host, seat):
        """The host frees a seat while no game runs."""
        self.run(self._remove_seat(self.host if by_host else self.people[1], seat))

    async def _remove_seat(self, caller: str, seat: int) -> None:
        refusal = self.host_refusal(caller, seat)
        before = (self.model.status, dict(self.model.seats))
        _, in_doubt = await self.room_write(refusal, self.table.remove_seat, caller, seat)
        if in_doubt:
            self.adopt(before, (before[0], {s: o for s, o in before[1].items() if s != seat}))
        elif refusal is None:
            person, _ = self.model.seats.pop(seat)
            if person is not None:
                self.seat_moved(person)
        await self.step_done()

    @rule(by_host=st.booleans(), seat=st.integers(0, 6), to=st.integers(0, 6))
    def move_seat(self, by_host, seat, to):
        """The host moves a seat's occupant before the start; whoever sat there takes the old seat."""
        self.run(self._move_seat(self.host if by_host else self.people[1], seat, to))

    async def _move_seat(self, caller: str, seat: int, to: int) -> None:
        refusal = self.host_refusal(caller, seat)
        if refusal is None and to >= self.table.rules.max_seats:
            refusal = "no_such_seat"
        before = (self.model.status, dict(self.model.seats))
        after = dict(self.model.seats)
        if refusal is None and to != seat:
            moving, other = after.pop(seat), after.pop(to, None)
            after[to] = moving
            if other is not None:
                after[seat] = other
        _, in_doubt = await self.room_write(refusal, self.table.move_seat, caller, seat, to)
        if in_doubt:
            self.adopt(before, (before[0], after))
        elif refusal is None:
            # After a finished game its last state still names the old seats: the move is told in a
            # room message, as a removed seat is.
            for moved in {seat, to}:
                person = self.model.seats.get(moved, (None, None))[0]
                if person is not None:
                    self.seat_moved(person)
            self.model.seats = after
        await self.step_done()

    @rule(by_host=st.booleans(), rematch=st.booleans())
    def start(self, by_host, rematch):
        self.run(self._start(self.host if by_host else self.people[1], rematch))

    async def _start(self, caller: str, rematch: bool) -> None:
        low, high = self.engine.player_range(self.table.config)
        status = self.model.status
        refusal = None
        if caller != self.host:
            refusal = "not_host"
        elif rematch and status != "finished":
            refusal = "not_finished"
        elif not rematch and status != "waiting":
            refusal = "already_started"
        elif not low <= len(self.model.seats) <= high:
            refusal = "wrong_player_count"
        before, game_before = (status, dict(self.model.seats)), self.game and self.game.id
        # Seats are renumbered 0..n-1 in their order.
        after = ("playing", {i: occupant for i, (_, occupant) in enumerate(sorted(self.model.seats.items()))})
        answer, in_doubt = await self.room_write(refusal, self.table.start_game, caller, rematch)
        if in_doubt:
            self.adopt(before, after)
            started = self.model.status == "playing"
            assert (
                (self.game and self.game.id) != game_before if started else (self.game and self.game.id) == game_before
            )
        elif refusal is None:
            assert answer == {"game_id": self.game.id} and self.game.version == 0
            self.model.status, self.model.seats = after
        else:
            return await self.step_done()
        if self.model.status == "playing" and (self.game and self.game.id) != game_before:
            self.client_seq.clear()
        await self.step_done()

    # -- actions ----------------------------------------------------------------------------

    @precondition(lambda self: self.movers())
    @rule(data=st.data())
    def act(self, data):
        """A seated person plays one of its legal actions (with or without its step, its client_seq)."""
        seat = data.draw(st.sampled_from(self.movers()), label="seat")
        action = dict(data.draw(st.sampled_from(self.legal(seat)), label="action"))
        if not self.engine.realtime and data.draw(st.booleans(), label="with step"):
            action["step"] = self.engine.step(self.game.state, seat)
        with_seq = data.draw(st.sampled_from([True, True, True, False]), label="with client_seq")
        self.run(self._act(seat, action, self.next_seq(seat) if with_seq else None))

    async def in_doubt(self) -> bool:
        """Whether the log holds a row the live game has not applied (a commit whose answer was lost)."""
        return len(await self.rows()) > self.game.version

    async def _act(self, seat: int, action: dict, client_seq: int | None) -> None:
        unsure, due = await self.in_doubt(), self.timer_due()
        before, version = self.snapshots(), self.game.version
        tries = self.outage.tries
        try:
            reply = await self.table.act(seat, action, self.clock.now_ms(), client_seq)
        except HubError as exc:
            assert exc.code == "storage_unavailable" and self.outage.tries > tries, exc.code
            event("a client's commit failed")
            if not unsure:
                assert self.snapshots() == before, "a failed commit changed the game"
            await self.quiesce()
            if client_seq is not None:
                landed = len(await self.rows()) > self.game.version
                event(f"a client's commit failed ({'landed' if landed else 'not stored'})")
                self.sent.append(
                    Sent(
                        self.game.id,
                        seat,
                        self.human_seats()[seat],
                        client_seq,
                        action,
                        None,
                        self.epoch,
                        landed,
                        self.game.version,
                    )
                )
            await self.step_done()
            return
        if not (unsure or due):
            assert reply["type"] == "ack", f"a legal action was refused: {reply}"
        self.check_reply(reply, client_seq, before, version)
        if client_seq is not None:
            self.sent.append(Sent(self.game.id, seat, self.human_seats()[seat], client_seq, action, reply, self.epoch))
        await self.step_done()

    def check_reply(self, reply: dict, client_seq: int | None, before: list[dict], version: int) -> None:
        assert reply["client_seq"] == client_seq
        if reply["type"] == "ack":
            assert reply["version"] == self.game.version > version
            self.seen[self.game.id] = max(self.seen.get(self.game.id, -1), reply["version"])
        else:
            assert reply["type"] == "error" and reply["code"] and reply["message"]
            if self.game.version == version:
                assert self.snapshots() == before, "a refused action changed the game"

    def candidate(self, data, seat: int) -> object:
        """An action that is probably not legal: junk, a legal one spoiled, another seat's, a stale step."""
        kind = data.draw(st.sampled_from(["junk", "spoiled", "other_seat", "stale", "not_an_object"]), label="kind")
        legal = [a for s in self.game_seats() for a in self.legal(s)] if self.running() else []
        if kind == "not_an_object":
            return data.draw(JUNK, label="action")
        if kind == "junk" or not legal:
            types = st.sampled_from([*self.engine.actions.types, "advance", "flip", ""])
            body = data.draw(st.dictionaries(st.sampled_from(FIELDS), JUNK, max_size=4), label="fields")
            return {"type": data.draw(types, label="type"), **body}
        action = dict(data.draw(st.sampled_from(legal), label="legal action"))
        if kind == "spoiled":
            key = data.draw(st.sampled_from(sorted({*action, "junk"})), label="field")
            if data.draw(st.booleans(), label="drop it"):
                action.pop(key, None)
            else:
                action[key] = data.draw(JUNK, label="value")
        elif kind == "stale":
            action["step"] = self.engine.step(self.game.state, seat) + data.draw(st.sampled_from([-1, 1, 7]))
        return action

    def accepts(self, seat: int, action: object) -> bool:
        """Whether the contract says `apply` accepts it: its normal form is one of `seat`'s legal actions."""
        try:
            normal = self.engine.actions.normalise(action)
        except IllegalAction:
            return False
        step = normal.get("step")
        if step is not None and not self.engine.realtime and step != self.engine.step(self.game.state, seat):
            return False
        return canonical(without_step(normal)) in {canonical(a) for a in self.legal(seat)}

    @precondition(lambda self: self.table is not None)
    @rule(data=st.data())
    def act_wrongly(self, data):
        """An illegal or malformed action, or one from a spectator: refused, and nothing changes."""
        seats = [s for s in self.human_seats() if s in self.game_seats()]
        seat = data.draw(st.sampled_from([None, *seats]), label="seat")
        action = self.candidate(data, seat) if self.game is not None else {"type": "anything"}
        client_seq = self.next_seq(seat) if seat is not None and data.draw(st.booleans(), label="seq") else None
        self.run(self._act_wrongly(seat, action, client_seq))

    async def _act_wrongly(self, seat: int | None, action: object, client_seq: int | None) -> None:
        if self.game is None or self.table.room.status == "waiting":
            await self.expect("not_started", self.table.act, seat, action, self.clock.now_ms(), client_seq)
            return await self.step_done()
        if seat is None:
            refusal = self.engine.spectator_refusal or "not_seated"  # the rules' code where they name one
            await self.expect(refusal, self.table.act, seat, action, self.clock.now_ms(), client_seq)
            return await self.step_done()
        accepted = self.running() and self.accepts(seat, action)
        unsure, due = await self.in_doubt(), self.timer_due()
        before, version, tries = self.snapshots(), self.game.version, self.outage.tries
        try:
            reply = await self.table.act(seat, action, self.clock.now_ms(), client_seq)
        except HubError as exc:
            assert exc.code == "storage_unavailable" and self.outage.tries > tries, exc.code
            assert accepted or unsure or due, f"{action!r} from seat {seat} was judged legal"
            return await self.step_done()
        if not (unsure or due):
            assert (reply["type"] == "ack") == accepted, f"{action!r} from seat {seat}: {reply}"
        self.check_reply(reply, client_seq, before, version)
        if client_seq is not None:
            self.sent.append(Sent(self.game.id, seat, self.human_seats()[seat], client_seq, action, reply, self.epoch))
        await self.step_done()

    def answered(self) -> list[Sent]:
        """Answers the table must still give again: every ack, and errors given since the last restart,
        for seats still held by the person who sent them."""
        if self.game is None:
            return []
        humans = self.human_seats()
        return [
            s
            for s in self.sent
            if s.reply is not None
            and s.game_id == self.game.id
            and humans.get(s.seat) == s.person
            and (s.reply["type"] == "ack" or s.epoch == self.epoch)
        ]

    @precondition(lambda self: self.answered())
    @rule(data=st.data())
    def resend(self, data):
        """A client resends an action it was answered (a reconnect): the first answer again, no new row."""
        sent = data.draw(st.sampled_from(self.answered()), label="sent")
        self.run(self._resend(sent))

    async def _resend(self, sent: Sent) -> None:
        rows = len(await self.rows())
        reply = await self.table.act(sent.seat, sent.action, self.clock.now_ms(), sent.client_seq)
        assert reply == sent.reply, f"resent client_seq {sent.client_seq}: {reply} != {sent.reply}"
        # (The live version may move on: a row in doubt is read back before any answer.)
        assert len(await self.rows()) == rows == self.game.version, "a resend added a row"
        await self.step_done()

    def unanswered(self) -> list[Sent]:
        humans = self.human_seats()
        return [
            s
            for s in self.sent
            if s.reply is None and self.game and s.game_id == self.game.id and humans.get(s.seat) == s.person
        ]

    @precondition(lambda self: self.unanswered())
    @rule(data=st.data())
    def resend_unanswered(self, data):
        """The client of a storage_unavailable resends: a row that landed answers it from the log."""
        sent = data.draw(st.sampled_from(self.unanswered()), label="sent")
        self.run(self._resend_unanswered(sent))

    async def _resend_unanswered(self, sent: Sent) -> None:
        tries, version = self.outage.tries, self.game.version
        unchanged = version == sent.version_before and not self.timer_due() and not await self.in_doubt()
        try:
            reply = await self.table.act(sent.seat, sent.action, self.clock.now_ms(), sent.client_seq)
        except HubError as exc:
            assert exc.code == "storage_unavailable" and self.outage.tries > tries and not sent.landed
            return await self.step_done()
        event(f"a resend after a failed commit ({'landed' if sent.landed else 'not stored'})")
        if sent.landed:
            assert reply["type"] == "ack" and reply["version"] == sent.version_before + 1, reply
            rows = await self.rows()
            row = rows[sent.version_before]
            assert (row.seat, row.client_seq) == (sent.seat, sent.client_seq)
            assert len(rows) == self.game.version, "a resend of a landed action added a row"
        elif unchanged:
            assert reply["type"] == "ack" and reply["version"] == version + 1, reply
        sent.reply, sent.epoch = reply, self.epoch
        await self.step_done()

    # -- time, outages, restarts ------------------------------------------------------------

    @precondition(lambda self: self.table is not None)
    @rule(ms=CLOCK_STEPS)
    def advance_clock(self, ms):
        self.clock.advance(ms)
        self.run(self.step_done())

    @precondition(lambda self: self.table is not None and self.outage.left == 0)
    @rule(count=st.integers(1, 3), lose_answer=st.booleans())
    def fail_next_writes(self, count, lose_answer):
        """The next `count` log commits (an action, a timer, a bot, a game start) fail; with
        `lose_answer` each lands but its answer is lost."""
        self.outage.arm(count, lose_answer)

    @precondition(lambda self: self.table is not None and self.seat_outage.left == 0)
    @rule(lose_answer=st.booleans())
    def fail_next_seat_write(self, lose_answer):
        """The next write of the seats (a join, a bot, a leave, a move) fails, or lands unanswered."""
        self.seat_outage.arm(1, lose_answer)

    @precondition(lambda self: self.table is not None)
    @rule(crash=st.sampled_from([True, True, False]))
    def restart(self, crash):
        """Kill the hub (or close it, if not `crash`) and load the table again from the database."""
        self.run(self._restart(crash))

    async def _restart(self, crash: bool) -> None:
        await self.quiesce()
        await self.drain_all()
        durable = await self.durable()
        live = None if self.game and await self.in_doubt() else self.picture()
        if crash:
            await self._crash()
        else:
            await self.hub.close()
            self.hub.store.close()
            self.forget_sockets()
        self.epoch += 1
        self._connect_hub()
        restored = await self._load_table()
        event(f"a restart ({restored['status']})")
        assert restored == durable, f"the restored table is not what the log says: {differences(restored, durable)}"
        if live is not None:
            assert restored == live, f"the restored table is not the live one: {differences(restored, live)}"
        if self.game:
            assert self.game.version >= self.seen.get(self.game.id, -1), "a version clients saw was lost"
            humans = self.human_seats()
            for sent in self.sent:
                if (
                    sent.game_id == self.game.id
                    and sent.reply
                    and sent.reply["type"] == "ack"
                    and humans.get(sent.seat) == sent.person
                ):
                    assert self.game.replies[sent.seat][sent.client_seq] == sent.reply
        await self.step_done()

    def picture(self) -> dict:
        """What a restart must keep of the live table."""
        game = self.game
        seats = {s.seat: (s.player_id, s.bot_level) for s in self.table.seats.values()}
        if game is None:
            return {"status": self.table.room.status, "seats": seats}
        return {
            "status": self.table.room.status,
            "seats": seats,
            "game": game.id,
            "version": game.version,
            "state": copy.deepcopy(game.state),
            "result": copy.deepcopy(game.result),
            "history": [version for version, _ in game.history],
        }

    async def durable(self) -> dict:
        """The same picture, read from the database alone."""
        store = self.hub.store
        room = await store.room(CODE)
        seats = {s.seat: (s.player_id, s.bot_level) for s in await store.seats(room.id)}
        if room.game_id is None:
            return {"status": room.status, "seats": seats}
        record, rows = await store.game(room.game_id), await store.actions(room.game_id)
        state = replay(self.engine, record, rows)
        status = "finished" if self.engine.result(state) is not None else room.status
        return {
            "status": status,
            "seats": seats,
            "game": record.id,
            "version": len(rows),
            "state": state,
            "result": self.engine.result(state),
            "history": [row.seq for row in rows],
        }

    @precondition(lambda self: self.running() and not self.movers())
    @rule()
    def wait_for_the_table(self):
        """Only bots and timers can move: advancing the clock far enough must make something happen."""
        self.run(self._wait_for_the_table())

    async def _wait_for_the_table(self) -> None:
        game, version = self.game, self.game.version
        # Up to 100 steps of at most a minute: every timer, bot think time and retry back-off
        # (RETRY_MAX_MS) is far shorter, so a table that needs longer has stalled.
        for _ in range(100):
            now = self.clock.now_ms()
            due = [self.engine.next_deadline(game.state), *(p.at_ms for p, _ in self.table.bot_seats.plans.values())]
            wake = min((t for t in due if t is not None and t > now), default=now + 500)
            self.clock.advance(min(max(wake - now, 100), 60_000))
            await self.quiesce()
            if self.game is not game or game.version > version:
                event("only bots and timers could move, and did")
                return await self.step_done()
        raise AssertionError("the table stalled: nobody can act and the clock brings nothing")

    # -- invariants -------------------------------------------------------------------------

    @invariant()
    def log_replays_to_the_live_game(self):
        if self.table is not None and self.game is not None:
            self.run(self._log_replays())

    async def _log_replays(self) -> None:
        game, engine = self.game, self.engine
        rows = await self.hub.store.actions(game.id)
        assert [row.seq for row in rows] == list(range(1, len(rows) + 1)), "the log has a gap or a repeat"
        times = [row.server_ms for row in rows]
        record = await self.hub.store.game(game.id)
        assert times == sorted(times) and all(t >= record.started_ms for t in times), "log times ran back"
        # One action is in flight per table: after a commit whose answer was lost, at most one row
        # is ahead of the live game, until the table reads it back.
        ahead = len(rows) - game.version
        assert ahead == 0 or (ahead == 1 and self.table.unsure), f"{len(rows)} rows, live version {game.version}"
        state = replay(engine, record, rows[: game.version])
        assert state == game.state, "the live state is not the replay of its log"
        for seat in [None, *self.game_seats()]:
            assert engine.view(state, seat) == engine.view(game.state, seat)
            if seat is not None:
                assert engine.legal_actions(state, seat) == engine.legal_actions(game.state, seat)
        assert engine.result(state) == game.result
        if game.result is not None and ahead == 0:
            assert record.result == game.result and record.ended_ms is not None, "the result was not stored"

    @invariant()
    def cards_are_conserved(self):
        if self.table is not None and self.game is not None:
            cards, count = DECKS[self.slug]
            held = Counter(cards(self.game.state))
            deck = Counter(range(count))
            assert held == deck, f"cards appeared {held - deck} or vanished {deck - held}"

    @invariant()
    def seats_and_status_are_the_models_and_stored(self):
        if self.table is None:
            return
        seats = {s.seat: (s.player_id, s.bot_level) for s in self.table.seats.values()}
        assert seats == self.model.seats, (seats, self.model.seats)
        status = self.table.room.status
        assert status == self.model.status, (status, self.model.status)
        self.run(self._stored_seats(seats, status))

    async def _stored_seats(self, seats: dict, status: str) -> None:
        room = await self.hub.store.room(CODE)
        stored = {s.seat: (s.player_id, s.bot_level) for s in await self.hub.store.seats(room.id)}
        assert stored == seats, f"stored seats {stored}, live seats {seats}"
        if not (self.game and await self.in_doubt()):
            assert room.status == status, f"stored status {room.status}, live status {status}"

    @invariant()
    def presence_is_what_the_sockets_say(self):
        if self.table is None:
            return
        now, grace = self.clock.now_ms(), self.table.roster.grace_ms
        expected = {}
        for seat, (person, _) in self.model.seats.items():
            if person is None:
                continue
            if self.model.sockets.get(person, 0) > 0:
                expected[seat] = Presence.CONNECTED.value
            elif person in self.model.dropped_at and now - self.model.dropped_at[person] < grace:
                expected[seat] = Presence.RECONNECTING.value
            else:
                expected[seat] = Presence.AWAY.value
        room = self.table.room_public()
        assert room["presence"] == expected, (room["presence"], expected)
        seated = {person for person, _ in self.model.seats.values() if person}
        watching = sum(n for person, n in self.model.sockets.items() if person not in seated)
        assert room["spectators"] == watching

    @invariant()
    def nothing_stalls(self):
        if self.table is None or not self.running():
            return
        game, engine = self.game, self.engine
        players = self.game_seats()
        bots = [seat for seat in self.bot_seats() if seat in players and self.legal(seat)]
        humans = [seat for seat in self.human_seats() if seat in players and self.legal(seat)]
        deadline = engine.next_deadline(game.state)
        assert humans or bots or deadline is not None, "the game runs, but nobody can act and no timer is set"
        if deadline is not None:
            assert self.table.timer is not None and not self.table.timer.done(), "a deadline without a timer"
        for seat in bots:
            assert seat in self.table.bot_seats.plans and not self.table.bot_seats.plans[seat][1].done(), (
                f"bot {seat} has no plan"
            )


def test_a_table_keeps_every_invariant_whatever_happens_to_it(tmp_path, postgres_url):
    databases = Databases(tmp_path, postgres_url)
    run_state_machine_as_test(
        lambda: TableModel(databases),
        settings=settings(
            max_examples=EXAMPLES, stateful_step_count=STEPS, deadline=None, suppress_health_check=list(HealthCheck)
        ),
    )
