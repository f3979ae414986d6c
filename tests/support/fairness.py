"""The fair-slaps run: Double Connect bots behind delay proxies of 0-150 ms race for the same card,
with lag compensation off and on. bench/quality/fairness.py runs it at full size and reports (its
docstring has the whole method); tests/api/test_fairness_bench.py runs it reduced.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import tempfile
import time
from collections import Counter
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import orjson

from dorhami.games.double_connect.components import common
from tests.support.delay_proxy import DelayProxy
from tests.support.servers import core_busy_seconds, running
from tests.support.wsclient import Socket

GAME = "double-connect"
# One open tower card (a single stack), hands of 10, the game over when the first hand is empty.
CONFIG = {"hand_size": 10, "start_slots": 1, "countdown_ms": 0, "final_chance_ms": 0, "time_limit_ms": 1_800_000}
OPTION = "lag_compensation"
MODES = ("off", "on")
LINKS_MS = (0, 20, 60, 150)  # one-way delay of each seat's link; one seat per link at every table
JITTER_MS = 5
REACTION_MS = (250, 650)  # a bot's true reaction per race, uniform
CHEAT_MS = 100  # what the cheater leaves out of its reports
FAIR_GAP_MS = 2 * JITTER_MS  # races closer than this are a coin toss for any referee
TARGET_SHARE = 0.95
GAP_BUCKETS = ((0, 10), (10, 20), (20, 50), (50, 100), (100, float("inf")))
KIND_CYCLE = ("honest", "cheat", "honest", "solo", "honest", "cheat")  # the kinds of pair 0, 1, 2, ...
CHEAT_SHARE, SOLO_SHARE = 0.5, 0.2  # of --races: the cheat and solo races a mode needs too
CLAIMING_PHASES = ("playing", "final_chance")
PING_EVERY_S = 1.0
WARMUP_S = 3.0  # sockets open, probes answered, before the first game starts
DRAIN_S = 1.5  # after the last race: answers still on their way
REST_CONCURRENCY = 8
REMATCH_ATTEMPTS = 5
SETTLE_S = 3.0  # at most this long from a game's end to its rematch
loads, dumps = orjson.loads, orjson.dumps


class NoLagCompensation(RuntimeError):
    """The server refuses the `lag_compensation` config key: its compensation has not landed."""


# -- what a run records ---------------------------------------------------------------------------


@dataclass
class Claim:
    """One bot's part in one race: its true reaction, its report, and what became of its claim."""

    seat: int
    link_ms: int
    cheater: bool
    true_ms: float  # planned until sent; then measured, receipt of the state -> send
    reported_ms: int | None = None
    sent: float | None = None  # None: dropped, a newer state came first
    answer: str | None = None  # "ack", an error code, or None (unanswered)
    answer_ms: float | None = None  # send -> ack or refusal at the bot
    state_ms: float | None = None  # send -> the first state showing it accepted
    bot: Bot | None = field(default=None, repr=False, compare=False)

    def beyond_rtt_ms(self) -> float | None:
        """send -> answer, less the bot's own median ping round trip: what the server added."""
        rtt = self.bot.rtt_ms() if self.bot else None
        return None if self.answer_ms is None or rtt is None else self.answer_ms - rtt


@dataclass
class Race:
    """One state version of one game, and every claim made on it."""

    game_id: int
    version: int
    claimant: int | None = None  # solo tables: the only seat that claims
    claims: dict[int, Claim] = field(default_factory=dict)
    closed: bool = False
    winner: int | None = None
    judged: dict | None = None  # the server's race_judged event, if any

    def fastest(self) -> tuple[int, float] | None:
        """(truly fastest seat, its lead over the second in ms), for a race with two claims or more."""
        ranked = sorted(self.claims.values(), key=lambda c: c.true_ms)
        if len(ranked) < 2:
            return None
        return ranked[0].seat, ranked[1].true_ms - ranked[0].true_ms


# -- the players ----------------------------------------------------------------------------------


class Bot:
    """One seat's socket behind its own DelayProxy: it answers probes and claims after its reaction."""

    def __init__(self, table: Table, seat: int, token: str, link_ms: int, seed: str) -> None:
        self.table, self.seat, self.token, self.link_ms = table, seat, token, link_ms
        self.cheater = table.cheater == seat
        self.rng = random.Random(seed)
        self.sock: Socket | None = None
        self.greeted = asyncio.get_running_loop().create_future()
        self.latest = (0, -1)  # (game_id, version) of the newest state seen
        self.timer: asyncio.TimerHandle | None = None
        self.last_sent: Claim | None = None
        self.seq = 0
        self.by_seq: dict[int, Claim] = {}
        self.probes = 0
        self.rtts: list[float] = []
        self.ping_timer: asyncio.TimerHandle | None = None

    def on_text(self, payload: bytes, arrived: float) -> None:
        message = loads(payload)
        kind = message["type"]
        if kind == "ping" and "id" in message:
            self.sock.send(dumps({"type": "pong", "id": message["id"]}))  # the server's RTT probe: at once
            self.probes += 1
        elif kind == "state":
            if message["seat"] != self.seat:
                self.table.bench.errors[f"seat {self.seat} was sent the state of seat {message['seat']}"] += 1
            self.table.on_state(message)
            self.react(message, arrived)
        elif kind == "ack":
            self.answered(message["client_seq"], "ack", arrived)
        elif kind == "error":
            if message.get("client_seq") in self.by_seq:
                self.answered(message["client_seq"], message["code"], arrived)
            else:
                self.table.bench.errors[f"error {message['code']}"] += 1
        elif kind == "pong" and message.get("client_time") is not None:
            self.rtts.append(arrived - message["client_time"])
        if not self.greeted.done() and kind in ("room", "state"):
            self.greeted.set_result(None)

    def on_close(self, sock: Socket) -> None:
        if not sock.closing:
            self.table.bench.errors[f"socket closed ({sock.close_code})"] += 1

    def react(self, message: dict, arrived: float) -> None:
        """A new state: drop the claim not yet sent, and plan one on this version."""
        key = (message["game_id"], message["version"])
        if key <= self.latest:
            return
        self.latest = key
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self._note_acceptance(message, arrived)
        race = self.table.races.get(key)
        view = message["view"]
        if race is None or message["result"] is not None or view["phase"] not in CLAIMING_PHASES:
            return
        hand, targets = view["hands"][self.seat], view["active_targets"]
        if not hand or not targets or race.claimant not in (None, self.seat):
            return
        card, target = min(hand), min(targets)
        claim = Claim(self.seat, self.link_ms, self.cheater, self.rng.uniform(*REACTION_MS), bot=self)
        race.claims[self.seat] = claim
        action = {
            "type": "claim",
            "card": card,
            "target": target,
            "symbol": common(card, target),
            "seen_version": message["version"],
        }
        delay = max(0.0, arrived + claim.true_ms / 1000 - time.monotonic())
        self.timer = asyncio.get_running_loop().call_later(delay, self.send, claim, action, arrived)

    def send(self, claim: Claim, action: dict, arrived: float) -> None:
        self.timer = None
        now = time.monotonic()
        claim.sent, claim.true_ms = now, 1000 * (now - arrived)  # the truth is what actually happened
        claim.reported_ms = max(0, round(claim.true_ms) - (CHEAT_MS if self.cheater else 0))
        self.seq += 1
        self.by_seq[self.seq] = claim
        self.last_sent = claim
        self.sock.send(
            dumps({"type": "action", "action": {**action, "reaction_ms": claim.reported_ms}, "client_seq": self.seq})
        )

    def answered(self, client_seq: int, answer: str, arrived: float) -> None:
        claim = self.by_seq.pop(client_seq, None)
        if claim is not None:
            claim.answer, claim.answer_ms = answer, 1000 * (arrived - claim.sent)

    def _note_acceptance(self, message: dict, arrived: float) -> None:
        claim = self.last_sent
        if (
            claim is not None
            and claim.state_ms is None
            and any(e["type"] == "claim_accepted" and e["seat"] == self.seat for e in message["events"])
        ):
            claim.state_ms = 1000 * (arrived - claim.sent)

    def rtt_ms(self) -> float | None:
        return 1000 * statistics.median(self.rtts) if self.rtts else None

    def ping(self) -> None:
        if self.sock.open and not self.sock.closing:
            self.sock.send(dumps({"type": "ping", "client_time": time.monotonic()}))
        self.ping_timer = asyncio.get_running_loop().call_later(PING_EVERY_S, self.ping)

    def stop(self) -> None:
        for timer in (self.timer, self.ping_timer):
            if timer is not None:
                timer.cancel()
        if self.sock is not None:
            self.sock.close()


class Table:
    """One room: four bots, one per link; it opens a race per new version and closes the last."""

    def __init__(self, bench: Bench, pair: int, mode: str, code: str, tokens: list[str]) -> None:
        self.bench, self.pair, self.mode, self.code = bench, pair, mode, code
        self.kind = KIND_CYCLE[pair % len(KIND_CYCLE)]
        seed = bench.seed
        self.rng = random.Random(f"{seed}:solo:{pair}")
        links = [LINKS_MS[(seat + pair) % len(LINKS_MS)] for seat in range(len(LINKS_MS))]
        # The cheater's link rotates over the cheat tables, so every link cheats as often.
        cheat_tables_before = sum(KIND_CYCLE[p % len(KIND_CYCLE)] == "cheat" for p in range(pair))
        cheat_link = LINKS_MS[cheat_tables_before % len(LINKS_MS)]
        self.cheater = links.index(cheat_link) if self.kind == "cheat" else None
        self.bots = [Bot(self, seat, token, links[seat], f"{seed}:{pair}:{seat}") for seat, token in enumerate(tokens)]
        self.races: dict[tuple[int, int], Race] = {}
        self.current: tuple[tuple[int, int], Race] | None = None
        self.latest = (0, -1)

    def on_state(self, message: dict) -> None:
        """The first bot to see a version closes the race before it and opens this one."""
        key = (message["game_id"], message["version"])
        if key <= self.latest:
            return
        self.latest = key
        if self.current is not None:
            (game_id, _), race = self.current
            if game_id == message["game_id"]:
                self._close(race, message["events"])
            self.current = None
        view = message["view"]
        if message["result"] is not None:
            self.bench.rematch(self)
        elif view["phase"] in CLAIMING_PHASES and self.bench.racing:
            race = Race(message["game_id"], message["version"])
            if self.kind == "solo":
                race.claimant = self.rng.choice([s for s, hand in enumerate(view["hands"]) if hand])
            self.races[key] = race
            self.current = (key, race)

    @staticmethod
    def _close(race: Race, events: list[dict]) -> None:
        accepted = [e["seat"] for e in events if e["type"] == "claim_accepted"]
        race.closed = True
        race.winner = accepted[0] if accepted else None
        race.judged = next((e for e in events if e["type"] == "race_judged"), None)

    def settled(self) -> bool:
        """Every bot has seen the latest state, and no claim of theirs is planned or unanswered."""
        return all(b.latest >= self.latest and b.timer is None and not b.by_seq for b in self.bots)

    def closed_races(self) -> list[Race]:
        return [r for r in self.races.values() if r.closed and r.claims]


# -- one run --------------------------------------------------------------------------------------


class Bench:
    """The tables of one server, from setup to the last race."""

    def __init__(self, port: int, pairs: int, modes: tuple[str, ...], seed: int) -> None:
        self.port, self.pairs, self.modes, self.seed = port, pairs, modes, seed
        self.http = httpx.AsyncClient(
            base_url=f"http://127.0.0.1:{port}",
            timeout=30,
            limits=httpx.Limits(max_connections=REST_CONCURRENCY, keepalive_expiry=2),
        )
        self.tables: list[Table] = []
        self.errors: Counter = Counter()
        self.notes: list[str] = []
        self.racing = True
        self.background: set[asyncio.Task] = set()
        self.rematches = 0
        self.proxies: list[DelayProxy] = []

    # setup

    async def setup(self, stack: AsyncExitStack) -> None:
        """Create the rooms (pairs of off/on, interleaved), open every bot's link and socket, start."""
        gate = asyncio.Semaphore(REST_CONCURRENCY)
        specs = [(pair, mode) for pair in range(self.pairs) for mode in self.modes]
        self.tables = await asyncio.gather(*(self._room(gate, pair, mode) for pair, mode in specs))
        bots = [bot for table in self.tables for bot in table.bots]
        proxies = [
            await stack.enter_async_context(
                DelayProxy(self.port, bot.link_ms, JITTER_MS, seed=hash((self.seed, bot.table.pair, bot.seat)))
            )
            for bot in bots
        ]
        self.proxies = proxies
        await asyncio.gather(*(self._connect(gate, bot, proxy.port) for bot, proxy in zip(bots, proxies)))
        for table in self.tables:
            for bot in table.bots:
                bot.ping()
        await asyncio.sleep(WARMUP_S)
        await asyncio.gather(*(self._post(f"/api/rooms/{t.code}/start", t.bots[0].token) for t in self.tables))

    async def _connect(self, gate: asyncio.Semaphore, bot: Bot, port: int) -> None:
        async with gate:
            bot.sock = await Socket.connect("127.0.0.1", port, f"/ws/rooms/{bot.table.code}", bot.on_text, bot.on_close)
            bot.sock.send(dumps({"type": "hello", "token": bot.token, "full_states": True}))
            await asyncio.wait_for(bot.greeted, 30)

    async def _room(self, gate: asyncio.Semaphore, pair: int, mode: str) -> Table:
        async with gate:
            tokens = [
                (await self._post("/api/players", None, {"name": f"p{pair}{mode}{seat}"}))["token"]
                for seat in range(len(LINKS_MS))
            ]
            config = {**CONFIG, OPTION: mode == "on"}
            reply = await self.http.post(
                "/api/rooms", json={"game": GAME, "private": True, "config": config}, headers=_auth(tokens[0])
            )
            if reply.status_code == 400 and OPTION in reply.text:
                if mode == "on":
                    raise NoLagCompensation(f"the server refuses {OPTION}: {reply.text}")
                # Before compensation landed, off is simply the server's only behaviour.
                note = f"off: the server has no {OPTION} key; its rooms use the default (first received wins)"
                if note not in self.notes:
                    self.notes.append(note)
                reply = await self.http.post(
                    "/api/rooms", json={"game": GAME, "private": True, "config": CONFIG}, headers=_auth(tokens[0])
                )
            if reply.status_code != 201:
                raise RuntimeError(f"POST /api/rooms: {reply.status_code} {reply.text}")
            code = reply.json()["code"]
            for token in tokens:
                await self._post(f"/api/rooms/{code}/join", token)
            return Table(self, pair, mode, code, tokens)

    async def _post(self, path: str, token: str | None, body: dict | None = None) -> dict:
        reply = await self.http.post(path, json=body, headers=_auth(token) if token else {})
        if reply.status_code >= 300:
            raise RuntimeError(f"POST {path}: {reply.status_code} {reply.text}")
        return reply.json()

    # while it runs

    def rematch(self, table: Table) -> None:
        task = asyncio.create_task(self._rematch(table))
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    async def _rematch(self, table: Table) -> None:
        # A claim still on its way would otherwise be judged against the next game (its versions
        # start again at 0): wait until every bot has seen the end and had its claims answered.
        deadline = time.monotonic() + SETTLE_S
        while not table.settled() and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        for attempt in range(REMATCH_ATTEMPTS):
            try:
                reply = await self.http.post(f"/api/rooms/{table.code}/rematch", headers=_auth(table.bots[0].token))
            except httpx.TransportError as exc:
                self.errors[f"rematch {type(exc).__name__}"] += 1
            else:
                if reply.status_code == 200:
                    self.rematches += 1
                    return
                self.errors[f"rematch {reply.status_code}"] += 1
            await asyncio.sleep(0.2 * (attempt + 1))

    def counts(self) -> dict[tuple[str, str], int]:
        """Closed races so far per (mode, kind)."""
        done: Counter = Counter()
        for table in self.tables:
            done[(table.mode, table.kind)] += len(table.closed_races())
        return done

    def enough(self, races: int) -> bool:
        done = self.counts()
        need = {"honest": races, "cheat": races * CHEAT_SHARE, "solo": races * SOLO_SHARE}
        return all(done[(mode, kind)] >= n for mode in self.modes for kind, n in need.items())

    async def close(self) -> None:
        for task in list(self.background):
            task.cancel()
        await asyncio.gather(*self.background, return_exceptions=True)
        for table in self.tables:
            for bot in table.bots:
                bot.stop()
        await self.http.aclose()


def _auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


async def measure(
    races: int = 1000,
    pairs: int = 12,
    modes: tuple[str, ...] = MODES,
    seed: int = 1,
    scratch: Path | None = None,
    server_core: int | None = 0,
    max_seconds: float = 900,
    progress=print,
    dump: Path | None = None,
) -> dict:
    """Run the bench on a server of our own (pinned to `server_core`; None: to every core this
    process may use, i.e. not pinned); return its figures."""
    cores = server_core if server_core is not None else ",".join(map(str, sorted(os.sched_getaffinity(0))))
    with tempfile.TemporaryDirectory(prefix="fairness-") as spare:
        scratch = scratch or Path(spare)
        async with running("dorhami", scratch, "sqlite", "", cores, "fairness") as server:
            progress(
                f"fairness: server pid {server.pid} on cores {server.cores()}, bots on cores "
                f"{sorted(os.sched_getaffinity(0))}; {pairs} pairs of tables ({', '.join(modes)}), "
                f"links {'/'.join(map(str, LINKS_MS))} ms ± {JITTER_MS} ms"
            )
            bench = Bench(server.port, pairs, modes, seed)
            started = time.monotonic()
            async with AsyncExitStack() as stack:  # the proxies: closed after the bots' sockets
                try:
                    await bench.setup(stack)
                    progress(
                        f"  setup: {len(bench.tables)} tables, {4 * len(bench.tables)} bots in "
                        f"{time.monotonic() - started:.1f} s"
                    )
                    play_started = last_report = time.monotonic()
                    cpu0 = (server.cpu_seconds(), _own_cpu(), core_busy_seconds())
                    while not bench.enough(races) and time.monotonic() - play_started < max_seconds:
                        await asyncio.sleep(0.25)
                        if server.proc.poll() is not None:
                            raise RuntimeError(f"the server died:\n{server.log_tail()}")
                        if time.monotonic() - last_report >= 15:
                            last_report = time.monotonic()
                            progress("  " + _progress(bench.counts(), modes, time.monotonic() - play_started))
                    complete = bench.enough(races)
                    bench.racing = False
                    played_s = time.monotonic() - play_started
                    cpu = _cpu_shares(server, cpu0, played_s)
                    await asyncio.sleep(DRAIN_S)
                finally:
                    await bench.close()
            problems = server.log_problems()
        figures = summarise(bench, modes)
        if dump is not None:
            with open(dump, "wb") as out:
                for table in bench.tables:
                    for race in table.closed_races():
                        out.write(dumps(race_record(table, race)) + b"\n")
        late = [proxy.lateness for proxy in bench.proxies]
        chunks = sum(x.chunks for x in late)
        figures["proxy_lateness"] = {
            "chunks": chunks,
            "over_5_ms": sum(x.over_5_ms for x in late),
            "over_20_ms": sum(x.over_20_ms for x in late),
            "max_ms": round(max((x.max_ms for x in late), default=0.0), 1),
        }
        figures.update(
            races_target=races,
            complete=complete,
            played_s=round(played_s, 1),
            total_s=round(time.monotonic() - started, 1),
            rematches=bench.rematches,
            errors=dict(bench.errors),
            server_log_errors=len(problems),
            server_log_first_error=problems[0] if problems else None,
            notes=bench.notes,
            seed=seed,
            pairs=pairs,
            cpu_pct=cpu,
        )
        return figures


def _own_cpu() -> float:
    times = os.times()
    return times.user + times.system


def _cpu_shares(server, before: tuple, seconds: float) -> dict:
    """CPU % of one core over the play: the server, the bots (this process: bots and proxies), and
    what other processes took of the server's core and of the bots' cores (a noisy machine shows)."""
    server_s, own_s, cores = server.cpu_seconds() - before[0], _own_cpu() - before[1], core_busy_seconds()
    busy = {core: cores[core] - before[2][core] for core in cores}
    server_cores, own_cores = server.cores(), sorted(os.sched_getaffinity(0))
    others_server = sum(busy[c] for c in server_cores) - server_s - (own_s if server_cores == own_cores else 0)
    others_bots = sum(busy[c] for c in own_cores) - own_s - (server_s if server_cores == own_cores else 0)

    def pct(x: float) -> float:
        return round(100 * max(0.0, x) / seconds, 1)

    return {
        "server": pct(server_s),
        "bots": pct(own_s),
        "others_on_server_cores": pct(others_server),
        "others_on_bot_cores": pct(others_bots),
        "server_cores": server_cores,
        "bot_cores": own_cores,
    }


def _progress(done: Counter, modes: tuple[str, ...], seconds: float) -> str:
    parts = [
        f"{mode}: " + ", ".join(f"{kind} {done[(mode, kind)]}" for kind in ("honest", "cheat", "solo"))
        for mode in modes
    ]
    return f"{seconds:.0f} s: " + "; ".join(parts)


# -- the figures ----------------------------------------------------------------------------------


def _share(wins: int, races: int) -> dict:
    return {"share": wins / races if races else None, "wins": wins, "races": races}


def _quantiles(values: list[float]) -> dict:
    if not values:
        return {"n": 0, "p50": None, "p95": None}
    ordered = sorted(values)
    return {
        "n": len(ordered),
        "p50": statistics.median(ordered),
        "p95": ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))],
    }


def _bucket(gap: float) -> str:
    low, high = next(b for b in GAP_BUCKETS if b[0] <= gap < b[1])
    return f">{low}" if high == float("inf") else f"{low}-{high}"


def fastest_wins(races: list[Race]) -> dict:
    """The truly fastest bot's share of wins, per gap bucket and over gaps > FAIR_GAP_MS."""
    counts = {_bucket(low): [0, 0] for low, _ in GAP_BUCKETS}
    fair = [0, 0]
    for race in races:
        seat, gap = race.fastest()
        won = race.winner == seat
        counts[_bucket(gap)][0] += won
        counts[_bucket(gap)][1] += 1
        if gap > FAIR_GAP_MS:
            fair[0] += won
            fair[1] += 1
    return {
        "buckets": {k: _share(*v) for k, v in counts.items()},
        "gap_over_10": _share(*fair),
        "all": _share(sum(v[0] for v in counts.values()), len(races)),
    }


def link_wins(races: list[Race]) -> dict:
    """Each link's share of the races won (four links: 25 % each if the links did not matter)."""
    wins = Counter(race.claims[race.winner].link_ms for race in races)
    return {str(link): _share(wins[link], len(races)) for link in LINKS_MS}


def _cheater(race: Race) -> Claim:
    return next(c for c in race.claims.values() if c.cheater)


def latency(races: list[Race]) -> dict:
    """Claim -> ack at the winner (raw, and beyond its own ping RTT), claim -> its first state
    showing the claim, and the losers' claim -> refusal beyond their RTT."""
    won = [r.claims[r.winner] for r in races]
    lost = [c for r in races for s, c in r.claims.items() if s != r.winner and c.sent is not None and c.answer]
    return {
        "ack": _quantiles([c.answer_ms for c in won if c.answer == "ack"]),
        "ack_beyond_rtt": _quantiles([c.beyond_rtt_ms() for c in won if c.answer == "ack"]),
        "state": _quantiles([c.state_ms for c in won if c.state_ms is not None]),
        "refusal_beyond_rtt": _quantiles([c.beyond_rtt_ms() for c in lost]),
        "ack_by_link": {
            str(link): _quantiles([c.answer_ms for c in won if c.answer == "ack" and c.link_ms == link])
            for link in LINKS_MS
        },
    }


def judged(races: list[Race]) -> dict:
    """What the server's race_judged events say: how many, agreement, compensation per link."""
    with_event = [r for r in races if r.judged]
    agree = sum(r.judged.get("winner") == r.winner for r in with_event)
    by_link: dict[int, list[float]] = {link: [] for link in LINKS_MS}
    excess: dict[int, list[float]] = {link: [] for link in LINKS_MS}  # server's reaction - true reaction
    contenders = Counter()
    for race in with_event:
        contenders[len(race.judged.get("contenders", []))] += 1
        for entry in race.judged.get("contenders", []):
            claim = race.claims.get(entry.get("seat"))
            if claim is None:
                continue
            if entry.get("compensation_ms") is not None:
                by_link[claim.link_ms].append(entry["compensation_ms"])
            if entry.get("reaction_ms") is not None and claim.sent is not None:
                excess[claim.link_ms].append(entry["reaction_ms"] - claim.true_ms)
    return {
        "races": len(races),
        "with_race_judged": len(with_event),
        "winner_agrees": agree,
        "contenders": {str(k): v for k, v in sorted(contenders.items())},
        "compensation_ms_by_link": {str(k): _quantiles(v) for k, v in by_link.items()},
        "judged_minus_true_reaction_ms_by_link": {str(k): _quantiles(v) for k, v in excess.items()},
    }


LOSS_REASONS = {
    "unjudged": "no race_judged: the winner's claim was applied at once",
    "outside": "the fastest's claim was not in the window (it came after the window closed)",
    "granted_less": "the fastest was credited with a slower reaction than it reported (clamp, cap or quota)",
    "winner_credited": "the winner was credited with a faster reaction than its true one",
    "other": "none of these",
}


def losses(races: list[Race]) -> dict:
    """Why the truly fastest lost the races with a gap > FAIR_GAP_MS that it lost, by the server's
    own race_judged: the first reason that applies, and how far off the server's reactions were."""
    reasons: Counter = Counter()
    shortfall, credited = [], []  # fastest: judged − reported; winner: judged − true
    for race in races:
        seat, gap = race.fastest()
        if gap <= FAIR_GAP_MS or race.winner == seat:
            continue
        entries = {e.get("seat"): e for e in (race.judged or {}).get("contenders", [])}
        fastest, winner = entries.get(seat), entries.get(race.winner)
        if race.judged is None:
            reasons["unjudged"] += 1
        elif fastest is None:
            reasons["outside"] += 1
        elif fastest.get("reaction_ms") is not None and fastest["reaction_ms"] > race.claims[seat].reported_ms + 1:
            reasons["granted_less"] += 1
            shortfall.append(fastest["reaction_ms"] - race.claims[seat].reported_ms)
        elif (
            winner is not None
            and winner.get("reaction_ms") is not None
            and winner["reaction_ms"] < race.claims[race.winner].true_ms - 1
        ):
            reasons["winner_credited"] += 1
            credited.append(winner["reaction_ms"] - race.claims[race.winner].true_ms)
        else:
            reasons["other"] += 1
    return {
        "reasons": dict(reasons),
        "fastest_judged_minus_reported_ms": _quantiles(shortfall),
        "winner_judged_minus_true_ms": _quantiles(credited),
    }


def race_record(table: Table, race: Race) -> dict:
    """One race as `--dump` writes it (times in ms; `sent_ms` on this process's monotonic clock)."""
    claims = [
        {
            "seat": c.seat,
            "link_ms": c.link_ms,
            "cheater": c.cheater,
            "true_ms": round(c.true_ms, 2),
            "reported_ms": c.reported_ms,
            "sent_ms": None if c.sent is None else round(1000 * c.sent, 2),
            "answer": c.answer,
            "answer_ms": None if c.answer_ms is None else round(c.answer_ms, 2),
        }
        for c in race.claims.values()
    ]
    return {
        "mode": table.mode,
        "kind": table.kind,
        "pair": table.pair,
        "room": table.code,
        "game_id": race.game_id,
        "version": race.version,
        "winner": race.winner,
        "claims": claims,
        "race_judged": race.judged,
    }


def summarise(bench: Bench, modes: tuple[str, ...]) -> dict:
    figures: dict = {"modes": {}}
    for mode in modes:
        by_kind = {
            kind: [r for t in bench.tables if t.mode == mode and t.kind == kind for r in t.closed_races()]
            for kind in ("honest", "cheat", "solo")
        }
        odd = Counter()
        valid = {}
        for kind, races in by_kind.items():
            valid[kind] = []
            for race in races:
                if race.winner is None:
                    odd["no winner"] += 1
                elif race.winner not in race.claims or race.claims[race.winner].sent is None:
                    odd["won by a seat that sent no claim on that version"] += 1
                elif kind != "solo" and len(race.claims) < 2:
                    odd["contested race with one claim"] += 1
                else:
                    valid[kind].append(race)
        answers = Counter(
            c.answer or "unanswered"
            for races in by_kind.values()
            for r in races
            for c in r.claims.values()
            if c.sent is not None
        )
        bots = [b for t in bench.tables if t.mode == mode for b in t.bots]
        honest, cheat, solo = valid["honest"], valid["cheat"], valid["solo"]
        figures["modes"][mode] = {
            "races": {kind: len(v) for kind, v in valid.items()},
            "fastest_wins": fastest_wins(honest),
            "link_wins": link_wins(honest),
            "cheater": cheating_figures(honest, cheat),
            "uncontested_latency": latency(solo),
            "contested_latency": latency(honest),
            "judged": judged(honest + cheat),
            "losses": losses(honest),
            "answers": dict(answers),
            "anomalies": dict(odd),
            "client_rtt_ms_by_link": {
                str(link): _quantiles([1000 * x for b in bots if b.link_ms == link for x in b.rtts])
                for link in LINKS_MS
            },
            "probes_answered_per_bot": _quantiles([b.probes for b in bots]),
        }
    return figures


def cheating_figures(honest: list[Race], cheat: list[Race]) -> dict:
    """Per cheater link and overall: the cheater's win rate and the same link's honest win rate."""
    out = {}
    for link in LINKS_MS:
        mine = [r for r in cheat if _cheater(r).link_ms == link]
        out[str(link)] = _cheat_row(
            [(r, _cheater(r).seat) for r in mine],
            [(r, s) for r in honest for s, c in r.claims.items() if c.link_ms == link],
        )
    # Overall: every cheat race against the honest races of the same links, weighted alike.
    mine = [(r, _cheater(r).seat) for r in cheat]
    weight = Counter(_cheater(r).link_ms for r in cheat)
    base = [(r, s) for r in honest for s, c in r.claims.items() if weight[c.link_ms]]
    out["all"] = _cheat_row(mine, base, weight)
    return out


def _cheat_row(mine: list[tuple[Race, int]], base: list[tuple[Race, int]], weight: Counter | None = None) -> dict:
    def rates(pairs: list[tuple[Race, int]]) -> tuple[float | None, float | None, int]:
        if not pairs:
            return None, None, 0
        if weight is None:
            won = sum(r.winner == s for r, s in pairs) / len(pairs)
            stole = sum(r.winner == s != r.fastest()[0] for r, s in pairs) / len(pairs)
            return won, stole, len(pairs)
        # Weighted by the cheat races of each link, so a link's own win rate does not skew "all".
        total = sum(weight.values())
        won = stole = 0.0
        for link, w in weight.items():
            of_link = [(r, s) for r, s in pairs if r.claims[s].link_ms == link]
            if not of_link:
                return None, None, len(pairs)
            won += w / total * sum(r.winner == s for r, s in of_link) / len(of_link)
            stole += w / total * sum(r.winner == s != r.fastest()[0] for r, s in of_link) / len(of_link)
        return won, stole, len(pairs)

    won, stole, n = rates(mine)
    base_won, base_stole, base_n = rates(base)
    gain = won - base_won if won is not None and base_won is not None else None
    return {
        "cheater_wins": won,
        "honest_wins": base_won,
        "gain": gain,
        "cheater_stole": stole,
        "honest_stole": base_stole,
        "cheat_races": n,
        "honest_races": base_n,
    }


# -- the report -----------------------------------------------------------------------------------


def pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def share_cell(entry: dict) -> str:
    return f"{pct(entry['share'])} ({entry['wins']}/{entry['races']})"


def failures(figures: dict) -> list[str]:
    """The targets missed (compensation on only), each as a sentence."""
    missed = []
    on = figures["modes"].get("on")
    if on is None:
        return missed
    fair = on["fastest_wins"]["gap_over_10"]
    if fair["share"] is None or fair["share"] < TARGET_SHARE:
        missed.append(
            f"with compensation on, the truly fastest bot won {share_cell(fair)} of the races with a gap "
            f"> {FAIR_GAP_MS} ms; the target is {pct(TARGET_SHARE)}"
        )
    if not figures["complete"]:
        missed.append(f"only {on['races']} races were played in the time allowed")
    return missed


# -- the command ----------------------------------------------------------------------------------
