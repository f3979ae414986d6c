"""The chaos run: live games of every title, bots and scripted socket players, the server killed with
SIGKILL, and the audit of every log afterwards. bench/reliability/chaos.py runs it at full size (its
docstring has the method and the invariants); tests/hub/test_chaos.py runs it reduced.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import socket
import statistics
import subprocess
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import orjson
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from dorhami.catalogue import get_engine
from dorhami.engine import IllegalAction
from dorhami.engine.actions import without_step
from dorhami.games.double_connect.components import common
from dorhami.games.double_connect.strategy import targets_for
from dorhami.games.twin_it.strategy import true_claims
from dorhami.storage.db import make_engine
from dorhami.storage.repository import Repository
from tests.support import forked
from tests.support.processes import log_problems, stop_process

# Short games that still last long enough for kills to land mid-game; timers short or off.
CONFIGS = {
    "jekyll-vs-hyde": ({"timers_enabled": False}, (2, 2)),
    "camel-up-cards": ({"races": 2, "track_length": 8, "turn_timer_s": 15}, (2, 4)),
    "queendomino": ({"rounds": 5, "turn_seconds": 0}, (2, 3)),
    "twin-it": ({"target_sets": 4, "start_countdown_ms": 500, "flip_timeout_ms": 3000, "last_call_ms": 3000}, (2, 3)),
    "double-connect": ({"countdown_ms": 500, "final_chance_ms": 1000}, (2, 3)),
}
BOT_SHARE = 0.4
BOT_LEVELS = ("easy", "normal", "hard")
BOT_DELAY_MS = "100,400"  # the server's think time for turn-based bots (real-time bots keep their reaction)
THINK_S = {"turn": (0.1, 0.4), "realtime": (0.4, 1.2)}  # scripted players: about as quick as the bots
BACKOFF_S = (0.05, 0.5)  # first retry, cap: doubling, with jitter
ACK_TIMEOUT_S = 10.0  # an action unanswered this long on an open socket: the socket is given up
SILENCE_S = 30.0  # no message at all this long: the socket is given up
KILL_GAP_S = (1.0, 4.0)  # from a restart (or the first move) to the next kill
SEND_WAIT_S, AFTER_SEND_S = 2.0, (0.0, 0.01)  # then the kill follows the next action sent by this much
START_TIMEOUT_S = 60.0
REST_CONCURRENCY = 8
HTTP_TIMEOUT_S = 10.0
LOG_PAGE = 100
PG_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres"


def normal(value) -> bytes:
    """JSON with sorted keys, int keys turned to strings as the server sends them: equal values, equal bytes."""
    return orjson.dumps(orjson.loads(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)), option=orjson.OPT_SORT_KEYS)


def canon(message: dict) -> bytes:
    """The comparable part of a state message (its events depend on how the socket came to it)."""
    return normal({"view": message["view"], "legal_actions": message["legal_actions"], "result": message["result"]})


# -- the server under test ------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """`dorhami serve` as a child on one port and database; `kill` is SIGKILL, `start` (re)starts it in place."""

    def __init__(self, database_url: str, log_path: Path, core: int | None, env: dict | None = None) -> None:
        self.database_url, self.log_path, self.core = database_url, log_path, core
        self.env = env or {}  # more of the server's environment (bench/reliability/cluster.py: Redis, the lease time)
        self.port = free_port()
        self.proc: forked.Forked | subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def cores(self) -> list[int]:
        return sorted(os.sched_getaffinity(self.proc.pid))

    async def start(self) -> None:
        # REST limits off: one address makes every guest of the run (as in tests/support/servers.py).
        env = {
            **os.environ,
            "DATABASE_URL": self.database_url,
            "DORHAMI_BOT_DELAY_MS": BOT_DELAY_MS,
            "DORHAMI_RATE_LIMITS": "off",
            **self.env,
        }
        with open(self.log_path, "ab") as log:
            log.write(f"--- start {time.strftime('%H:%M:%S')}\n".encode())
        argv = ["serve", "--host", "127.0.0.1", "--port", str(self.port)]
        self.proc = forked.start(argv, env, str(self.log_path), self.core, new_session=True)
        await self._wait_ready()

    async def _wait_ready(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        async with httpx.AsyncClient(timeout=1) as http:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"the server exited with {self.proc.returncode}:\n{self.log_tail()}")
                try:
                    # The port opens before the lifespan (migrations, recovery) has run; this answers after.
                    if (await http.get(f"{self.url}/api/games")).status_code == 200:
                        return
                except httpx.TransportError:
                    pass
                await asyncio.sleep(0.02)
        raise RuntimeError(f"the server did not answer within {START_TIMEOUT_S:.0f} s:\n{self.log_tail()}")

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc:
            stop_process(self.proc)

    def log_tail(self, lines: int = 30) -> str:
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])

    def problems(self) -> list[str]:
        """Each ERROR line and traceback of the server's log (every start of it)."""
        return log_problems(self.log_path.read_text(errors="replace").splitlines())


# -- what a scripted player sends ----------------------------------------------------------------


def choose(message: dict, slug: str, rng: random.Random) -> dict | None:
    """An action from a state message, or None to wait for the next one."""
    legal, view, seat = message["legal_actions"], message["view"], message["seat"]
    if not legal or message["result"] is not None:
        return None
    types = {a["type"] for a in legal}
    # Real-time games list the action types only: the claim itself is read off the view.
    if slug == "double-connect":  # any hand card fits any target: the skill is finding the symbol
        card, target = rng.choice(view["hands"][seat]), rng.choice(targets_for(view, seat))
        return {"type": "claim", "card": card, "target": target, "symbol": common(card, target)}
    if slug == "twin-it":
        claims = true_claims(view, seat) if "claim" in types else []
        if claims:
            return {"type": "claim", "cards": rng.choice(claims)}
        return {"type": "flip"} if "flip" in types else None
    action = rng.choice(legal)
    return {**action, "step": view["step"]} if "step" in view else action


class Stalled(Exception):
    """The socket went quiet (no answer to an action, or no message at all): give it up and reconnect."""


@dataclass
class Player:
    """One person's seat over a socket: plays, reconnects after a crash, resends what was unanswered."""

    run: Run
    code: str
    token: str
    slug: str
    rng: random.Random
    seat: int | None = None
    seq: int = 0
    pending: dict[int, dict] = field(default_factory=dict)  # client_seq -> action, sent, not answered
    acks: dict[int, tuple[int, dict]] = field(default_factory=dict)  # client_seq -> (version, action)
    refused: dict[int, str] = field(default_factory=dict)  # client_seq -> error code
    seen: dict[int, set[bytes]] = field(default_factory=dict)  # version -> the states seen at it
    odd: list[str] = field(default_factory=list)  # answers that fit no pending action
    reconnects: list[float] = field(default_factory=list)
    sessions: int = 0  # sockets opened (more than one: it reconnected, after a kill or a table's move)
    resent: dict[int, int] = field(default_factory=dict)  # client_seq -> epoch ms of the kill before its resend
    stalls: int = 0
    state: dict | None = None
    finished: bool = False
    dropped_by: float | None = None  # the kill that broke the last socket, until the next state
    acted_on: int | None = None
    sent_at: float = 0.0

    async def play(self) -> None:
        attempt = 0
        while not self.finished and not self.run.over():
            opened = None
            try:
                async with connect(
                    f"{self.run.ws_url}/ws/rooms/{self.code}",
                    open_timeout=5,
                    close_timeout=1,
                    max_size=None,
                    ping_interval=None,
                ) as ws:
                    opened, attempt = time.monotonic(), 0
                    self.sessions += 1
                    await self._session(ws)
            except (OSError, WebSocketException, TimeoutError, Stalled) as exc:
                self.stalls += isinstance(exc, Stalled)
            kill = self.run.kills[-1] if self.run.kills else None
            if opened is not None and kill is not None and kill >= opened and not self.finished:
                self.dropped_by = kill
            if not self.finished:
                low, high = BACKOFF_S
                await asyncio.sleep(min(high, low * 2**attempt) * self.rng.uniform(0.5, 1.0))
                attempt += 1

    async def _session(self, ws) -> None:
        await ws.send(orjson.dumps({"type": "hello", "token": self.token, "full_states": True}).decode())
        # Whatever went unanswered before the drop goes first, under its old number: applied once.
        for client_seq, action in self.pending.items():
            self.resent[client_seq] = self.run.kill_ms[-1] if self.run.kill_ms else 0
            await self._send(ws, client_seq, action)
        self.acted_on, act_at, heard = None, None, time.monotonic()
        while not self.run.over():
            now = time.monotonic()
            wake = min(
                act_at or now + SILENCE_S,
                heard + SILENCE_S,
                self.sent_at + ACK_TIMEOUT_S if self.pending else now + SILENCE_S,
            )
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.0, wake - now))
            except TimeoutError:
                now = time.monotonic()
                if self.pending and now >= self.sent_at + ACK_TIMEOUT_S or now >= heard + SILENCE_S:
                    raise Stalled(f"{self.code} seat {self.seat}: silent") from None
                act_at = None
                await self._act(ws)
                continue
            heard = time.monotonic()
            self._receive(orjson.loads(raw))
            if self.state and self.state["result"] is not None and not self.pending:
                self.finished = True
                return
            if act_at is None and self._may_act():
                act_at = time.monotonic() + self.rng.uniform(*self.think_s)

    @property
    def think_s(self) -> tuple[float, float]:
        return THINK_S["realtime" if get_engine(self.slug).realtime else "turn"]

    def _may_act(self) -> bool:
        state = self.state
        return (
            state is not None
            and not self.pending
            and state["result"] is None
            and bool(state["legal_actions"])
            and self.acted_on != state["version"]
        )

    async def _act(self, ws) -> None:
        if not self._may_act():
            return
        self.acted_on = self.state["version"]
        action = choose(self.state, self.slug, self.rng)
        if action is None:
            return  # nothing worth sending at this version: wait for the next state
        self.seq += 1
        self.pending[self.seq] = action
        await self._send(ws, self.seq, action)

    async def _send(self, ws, client_seq: int, action: dict) -> None:
        self.sent_at = time.monotonic()
        await ws.send(orjson.dumps({"type": "action", "action": action, "client_seq": client_seq}).decode())
        self.run.sent.set()

    def _receive(self, message: dict) -> None:
        kind = message["type"]
        if kind == "state":
            self.state, self.seat = message, message["seat"]
            self.seen.setdefault(message["version"], set()).add(canon(message))
            if self.dropped_by is not None:
                self.reconnects.append(time.monotonic() - self.dropped_by)
                self.dropped_by = None
        elif kind in ("ack", "error"):
            self._answer(message)

    def _answer(self, message: dict) -> None:
        client_seq = message.get("client_seq")
        action = self.pending.pop(client_seq, None)
        if action is None:
            self.odd.append(f"{self.code} seat {self.seat}: {message['type']} for no pending action: {message}")
        elif message["type"] == "ack":
            self.acks[client_seq] = (message["version"], action)
        else:
            self.refused[client_seq] = message["code"]
            self.acted_on = None  # the game may not have moved: try again from the same state


# -- the run ------------------------------------------------------------------------------------


@dataclass
class Game:
    code: str
    slug: str
    kinds: list[str]  # per seat: "player" or a bot level
    players: list[Player] = field(default_factory=list)

    def finished(self) -> bool:
        return all(p.finished for p in self.players)


@dataclass
class Run:
    server: Server
    deadline: float
    kills: list[float] = field(default_factory=list)  # monotonic time of each SIGKILL
    kill_ms: list[int] = field(default_factory=list)  # the same in epoch ms, the log's clock
    restarts: list[float] = field(default_factory=list)  # seconds from each SIGKILL to HTTP answering
    sent: asyncio.Event = field(default_factory=asyncio.Event)  # set by every action sent

    @property
    def ws_url(self) -> str:
        return self.server.url.replace("http", "ws", 1)

    def over(self) -> bool:
        return time.monotonic() > self.deadline


def plan_games(count: int, rng: random.Random) -> list[tuple[str, list[str]]]:
    """(slug, seat kinds) of each game: the titles in turn, some seats bots, at least one seat ours."""
    slugs = list(CONFIGS)
    plans = []
    for i in range(count):
        slug = slugs[i % len(slugs)]
        low, high = CONFIGS[slug][1]
        kinds = [
            rng.choice(BOT_LEVELS) if rng.random() < BOT_SHARE else "player" for _ in range(rng.randint(low, high))
        ]
        if "player" not in kinds:
            kinds[rng.randrange(len(kinds))] = "player"
        plans.append((slug, kinds))
    return plans


async def open_game(http: httpx.AsyncClient, run: Run, slug: str, kinds: list[str], rng: random.Random) -> Game:
    """Create the room, seat its bots and players, start it."""

    async def post(path: str, token: str | None = None, body: dict | None = None) -> dict:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = await http.post(path, json=body or {}, headers=headers)
        response.raise_for_status()
        return response.json()

    people = [seat for seat, kind in enumerate(kinds) if kind == "player"]
    tokens = [(await post("/api/players", body={"name": f"seat {seat}"}))["token"] for seat in people]
    code = (await post("/api/rooms", tokens[0], {"game": slug, "config": CONFIGS[slug][0]}))["code"]
    for seat, kind in enumerate(kinds):
        if kind != "player":
            await post(f"/api/rooms/{code}/bots", tokens[0], {"level": kind, "seat": seat})
    for token in tokens:  # each takes the lowest free seat, so they fill the seats left for people
        await post(f"/api/rooms/{code}/join", token)
    await post(f"/api/rooms/{code}/start", tokens[0])
    game = Game(code, slug, kinds)
    game.players = [Player(run, code, token, slug, random.Random(rng.random())) for token in tokens]
    return game


async def kill_now_and_then(run: Run, games: list[Game], kills: int, rng: random.Random) -> None:
    """SIGKILL the server at random moments while games run, restarting it each time in place."""
    while len(run.kills) < kills and not run.over():
        await asyncio.sleep(rng.uniform(*KILL_GAP_S))
        if all(g.finished() for g in games) or run.over():
            return
        # Within a few ms of a send, the kill often falls between an action's commit and its ack:
        # the case where only the server's memory of its replies keeps a resend from applying twice.
        run.sent.clear()
        try:
            await asyncio.wait_for(run.sent.wait(), SEND_WAIT_S)
        except TimeoutError:
            pass
        await asyncio.sleep(rng.uniform(*AFTER_SEND_S))
        run.kills.append(time.monotonic())
        run.kill_ms.append(time.time_ns() // 1_000_000)
        run.server.kill()
        await run.server.start()
        run.restarts.append(time.monotonic() - run.kills[-1])


async def get_json(http: httpx.AsyncClient, path: str, **kwargs) -> dict:
    """A GET, again while the room's table moves between processes (503 table_elsewhere,
    bench/reliability/cluster.py)."""
    for _ in range(60):
        response = await http.get(path, **kwargs)
        if response.status_code != 503:
            return response.json()
        await asyncio.sleep(0.5)
    raise RuntimeError(f"{path} still answers 503")


async def final_views(http: httpx.AsyncClient, game: Game) -> dict:
    """What the server says at the end: the room, each scripted seat's and a spectator's state, the log."""
    room = await get_json(http, f"/api/rooms/{game.code}")
    states = {None: await get_json(http, f"/api/rooms/{game.code}/state")}
    for player in game.players:
        headers = {"Authorization": f"Bearer {player.token}"}
        state = await get_json(http, f"/api/rooms/{game.code}/state", headers=headers)
        states[state["seat"]] = state
    entries, after = [], 0
    while after is not None:
        page = await get_json(http, f"/api/rooms/{game.code}/log", params={"after": after, "limit": LOG_PAGE})
        entries += page["entries"]
        after = page["next_after"]
    return {"room": room, "states": states, "log": entries}


# -- the audit --------------------------------------------------------------------------------


@dataclass
class Audit:
    lost: int = 0
    doubled: int = 0
    refused_applied: int = 0
    resent_applied: int = 0  # resends of actions the killed process had already logged
    finished: bool = False
    replay_equal: bool = False
    states_checked: int = 0
    states_unequal: int = 0
    problems: list[str] = field(default_factory=list)


def audit(game: Game, final: dict, record, rows: list) -> Audit:
    """Check one game's answers, log and states against its log and its replay."""
    found = Audit()
    if record is None:
        found.problems.append(f"{game.code}: no game in the database")
        return found
    by_seq = {row.seq: row for row in rows}
    if sorted(by_seq) != list(range(1, len(rows) + 1)):
        found.problems.append(f"{game.code}: log seqs are not 1..{len(rows)}")
    public = [(e["seq"], e["seat"], e["action"], e["server_ms"]) for e in final["log"]]
    if public != [(r.seq, r.seat, r.action, r.server_ms) for r in rows]:
        found.problems.append(f"{game.code}: GET /log differs from the database's log")
    check_answers(game, by_seq, found)
    check_replay(game, final, record, by_seq, found)
    return found


def check_answers(game: Game, by_seq: dict, found: Audit) -> None:
    """Every ack is its seat's row at its version, as sent; no (seat, client_seq) twice; no refusal logged."""
    say, engine = found.problems.append, get_engine(game.slug)
    logged = Counter((r.seat, r.client_seq) for r in by_seq.values() if r.client_seq is not None)
    for player in game.players:
        for client_seq, (version, action) in player.acks.items():
            row = by_seq.get(version)
            if (
                row is None
                or (row.seat, row.client_seq) != (player.seat, client_seq)
                or row.action not in (action, logged_form(engine, action))
            ):
                found.lost += 1
                say(
                    f"{game.code} ({game.slug}): ack of seat {player.seat} #{client_seq} v{version} {action} "
                    f"-> log row {row and (row.seat, row.client_seq, row.action)}"
                )
        for client_seq, killed_ms in player.resent.items():
            row = by_seq.get(player.acks.get(client_seq, (0,))[0])
            found.resent_applied += row is not None and row.server_ms <= killed_ms
        for client_seq, code in player.refused.items():
            if logged[(player.seat, client_seq)]:
                found.refused_applied += 1
                say(
                    f"{game.code} ({game.slug}): seat {player.seat} #{client_seq} was refused ({code}) "
                    "yet is in the log"
                )
        found.problems += player.odd
    for (seat, client_seq), times in logged.items():
        if times > 1:
            found.doubled += times - 1
            say(f"{game.code} ({game.slug}): seat {seat} #{client_seq} is in the log {times} times")


def check_replay(game: Game, final: dict, record, by_seq: dict, found: Audit) -> None:
    """Replay the log; compare it with every state a player saw, and the end with the server's final word."""
    say, engine = found.problems.append, get_engine(game.slug)
    state = engine.setup(
        record.players, record.seed, record.config, now_ms=record.started_ms, previous_result=record.previous_result
    )
    seen_at: dict[int, list[tuple[int, set[bytes]]]] = {}
    for player in game.players:
        for version, states in player.seen.items():
            seen_at.setdefault(version, []).append((player.seat, states))
    for version in range(len(by_seq) + 1):
        if version:
            try:
                state = replay_row(engine, state, by_seq[version])
            except Exception as exc:  # a row the engine refuses (or a gap): a log that does not replay
                say(f"{game.code} ({game.slug}): row {version} does not replay: {exc!r}")
                return
        for seat, states in seen_at.pop(version, []):
            found.states_checked += len(states)
            unequal = len(states - {replayed_message(engine, state, seat)})
            found.states_unequal += unequal
            if unequal:
                say(f"{game.code} ({game.slug}): seat {seat} saw a state at v{version} other than the replay's")
    for version, seats in seen_at.items():
        found.states_unequal += sum(len(states) for _, states in seats)
        say(f"{game.code} ({game.slug}): players saw v{version}, past the end of the log (v{len(by_seq)})")

    result = engine.result(state)
    found.finished = result is not None and final["room"]["status"] == "finished"
    found.replay_equal = normal(record.result) == normal(result) and all(
        canon(message) == replayed_message(engine, state, seat) and message["version"] == len(by_seq)
        for seat, message in final["states"].items()
    )
    if not found.replay_equal:
        say(f"{game.code} ({game.slug}): final state unequal to the replay of its {len(by_seq)} log rows")


def logged_form(engine, action: dict) -> dict:
    """What a log keeps of an action as sent: its normal form, without the `step` that was only
    checked against the state it was judged on."""
    try:
        return without_step(engine.actions.normalise(action))
    except IllegalAction:
        return action  # refused by the schema, so never logged: comparing it as sent fails as it should


def replay_row(engine, state: dict, row) -> dict:
    """As the hub replays a log: a null seat is a timer's `advance`, anything else an `apply`."""
    if row.seat is None:
        return engine.advance(state, row.server_ms)[0]
    return engine.apply(state, row.seat, row.action, row.server_ms)[0]


def replayed_message(engine, state: dict, seat: int | None) -> bytes:
    legal = engine.compact_legal_actions(state, seat) if seat is not None else []
    return canon({"view": engine.view(state, seat), "legal_actions": legal, "result": engine.result(state)})


def read_logs(database_url: str, game_ids: list[int | None]) -> dict:
    """game id -> (record, rows), straight from the database."""
    db = make_engine(database_url)
    try:
        repo = Repository(db)
        return {gid: (repo.game(gid), repo.actions(gid)) for gid in game_ids if gid is not None}
    finally:
        db.dispose()


# -- figures ------------------------------------------------------------------------------------


def percentile(values: list[float], share: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]


def rounded(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds, 3)


def figures(games: list[Game], audits: list[Audit], run: Run, wall_s: float, server_problems: list[str]) -> dict:
    players = [p for g in games for p in g.players]
    reconnects = [s for p in players for s in p.reconnects]
    return {
        "games": len(games),
        "kills": len(run.kills),
        "acked": sum(len(p.acks) for p in players),
        "refused": sum(len(p.refused) for p in players),
        "resent": sum(len(p.resent) for p in players),
        "resent_applied": sum(a.resent_applied for a in audits),
        "stalls": sum(p.stalls for p in players),
        "odd_answers": sum(len(p.odd) for p in players),
        "lost": sum(a.lost for a in audits),
        "doubled": sum(a.doubled for a in audits),
        "refused_but_applied": sum(a.refused_applied for a in audits),
        "finished": sum(a.finished for a in audits),
        "replay_equal": sum(a.replay_equal for a in audits),
        "states_checked": sum(a.states_checked for a in audits),
        "states_unequal": sum(a.states_unequal for a in audits),
        "restart_median_s": rounded(statistics.median(run.restarts) if run.restarts else None),
        "restart_max_s": rounded(max(run.restarts, default=None)),
        "reconnects": len(reconnects),
        "reconnect_p95_s": rounded(percentile(reconnects, 0.95)),
        "wall_s": round(wall_s, 1),
        "server_errors": len(server_problems),
        "problems": [p for a in audits for p in a.problems],
    }


def failures(fig: dict, kills: int) -> list[str]:
    """Every invariant the figures break."""
    checks = [
        (fig["lost"] == 0, "acknowledged actions lost"),
        (fig["doubled"] == 0, "actions applied twice"),
        (fig["refused_but_applied"] == 0, "refused actions applied"),
        (fig["finished"] == fig["games"], "games unfinished"),
        (fig["replay_equal"] == fig["games"], "final states unequal to their replay"),
        (fig["states_unequal"] == 0, "states seen unequal to the replay"),
        (fig["kills"] >= kills, f"fewer than {kills} kills"),
    ]
    return [what for ok, what in checks if not ok]


async def chaos(
    database_url: str,
    games: int,
    kills: int,
    seed: int,
    scratch: Path,
    core: int | None = None,
    timeout_s: float = 600.0,
) -> dict:
    """Play `games` games through at least `kills` SIGKILLs of the server; return the figures."""
    rng = random.Random(seed)
    started = time.monotonic()
    server = Server(database_url, scratch / "server.log", core)
    run = Run(server, started + timeout_s)
    await server.start()
    try:
        async with httpx.AsyncClient(base_url=server.url, timeout=HTTP_TIMEOUT_S) as http:
            gate = asyncio.Semaphore(REST_CONCURRENCY)

            async def opened(slug, kinds, game_rng):
                async with gate:
                    return await open_game(http, run, slug, kinds, game_rng)

            table = await asyncio.gather(
                *(opened(slug, kinds, random.Random(rng.random())) for slug, kinds in plan_games(games, rng))
            )
            cores = {"server": server.cores(), "driver": sorted(os.sched_getaffinity(0))}
            plays = [asyncio.create_task(p.play()) for g in table for p in g.players]
            try:
                await kill_now_and_then(run, table, kills, rng)
                await asyncio.gather(*plays)
            finally:
                for task in plays:
                    task.cancel()  # only if a restart failed: every play ends by itself at the deadline
                await asyncio.gather(*plays, return_exceptions=True)
        wall = time.monotonic() - started
        async with httpx.AsyncClient(base_url=server.url, timeout=HTTP_TIMEOUT_S) as http:
            finals = [await final_views(http, g) for g in table]
    finally:
        server.stop()
    logs = read_logs(database_url, [f["room"]["game_id"] for f in finals])
    audits = [audit(g, f, *logs.get(f["room"]["game_id"], (None, []))) for g, f in zip(table, finals)]
    server_problems = server.problems()
    result = figures(table, audits, run, wall, server_problems)
    result.update(
        cores=cores,
        titles=dict(Counter(g.slug for g in table)),
        server_problems=server_problems[:10],
        seats=dict(Counter("player" if k == "player" else "bot" for g in table for k in g.kinds)),
    )
    return result
