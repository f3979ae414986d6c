"""The secret-leak scanner: every frame each seat and a spectator would receive during a seeded game,
checked against what that viewer may know at that moment (tests/support/knowledge.py).

The frames are the hub's own (hub/table.py), built by its code on a stand-in table:

- the state message after every change (`Table.snapshot`: view, compact legal actions, the change's
  events as `events_for(events, seat)`); a reconnect snapshot is the same message without events;
- the ack to the acting seat (`messages.ack` with that seat's events);
- the reconnect history (`messages.history`: each earlier change's events filtered for the seat);
- the public log while the game runs (`Table.public_log`: `public_action` of every seated action, the
  timer row as it is). One log is served to everyone, so it is judged as a spectator's frame.

Once the game has ended, the log, the seed and the result are published (`public_log` adds the replay
data; the rules files allow it), so the frames of the finishing change and after are built and counted
but may reveal anything.

Checks, for every viewer and version while the game runs:

- direct: no secret (a card of another hand or of a pile, a face not showing) is named in a frame's
  card fields, and the seed's digits appear nowhere in it;
- non-interference: the view and legal actions stay the same when what the viewer may not know is
  re-dealt (`scramble`); the same input replayed on a re-dealt earlier state, or another choice of the
  actor that the viewer cannot see, gives the viewer the same events, and the public log the same
  entry, whenever the viewer may know the same afterwards. A replay after which the viewer may know
  something else is inconclusive and only counted.

Why this lives in tests/support and not in bench/: it is a correctness oracle the suite runs on every
build (tests/engine/test_secrets.py); the full-size bench/quality/leak_scan.py imports the same code, so
nothing is written twice and the suite never imports from bench/.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import orjson

from dorhami.engine import Engine, IllegalAction, State, events_for
from dorhami.hub import messages, views
from dorhami.hub.live_game import LiveGame
from dorhami.hub.table import ADVANCE
from dorhami.storage.repository import ActionRow

from .knowledge import KNOWLEDGE, Knowledge
from .seeded_games import Variant, play

GAME_ID = 1
KEPT_LEAKS = 5  # examples kept per playout; every leak is counted
JSON = orjson.OPT_NON_STR_KEYS


@dataclass
class Leak:
    game: str
    variant: str
    seed: int
    version: int
    seat: int | None
    frame: str
    what: str

    def __str__(self) -> str:
        seat = "spectator" if self.seat is None else f"seat {self.seat}"
        return f"{self.game} [{self.variant}] seed {self.seed} version {self.version} {seat}: {self.frame}: {self.what}"


@dataclass
class Change:
    """One input and what it did, as the scan sees it."""

    pre: State
    actor: int | None
    action: dict | None
    logged: dict  # the log's form of the input (no step; the timer row for an advance)
    now: int
    post: State
    events: list[dict]
    version: int
    revealed: Any


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """Where two JSON values first differ, as 'path: a != b'."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            found = first_difference(a.get(key, "<absent>"), b.get(key, "<absent>"), f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b else f"{path or '.'}: {_short(a)} != {_short(b)}"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 90 else text[:87] + "..."


def _token(token: tuple) -> str:
    return f"card {token[1]}" if token[0] == "card" else f"card {token[1]}'s face {token[2]}"


# -- the hub's frames, built by its own code on a stand-in table ---------------------------------


class _LogStore:
    """The two reads `Table.public_log` makes, answered from memory."""

    def __init__(self, rows: list[ActionRow], record: SimpleNamespace) -> None:
        self.rows, self.record = rows, record

    async def actions_page(self, game_id: int, after: int, limit: int) -> list[ActionRow]:
        return [row for row in self.rows if row.seq > after][:limit]

    async def game(self, game_id: int) -> SimpleNamespace:
        return self.record


def _finished(coroutine) -> Any:
    """The value of a coroutine that never waits (the stand-in store answers at once)."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value
    raise AssertionError("the stand-in table was expected never to wait")


class StandIn:
    """What the table's views (hub/views.py) read of a table: its engine, game and store."""

    def __init__(self, engine: Engine, game: LiveGame, store: _LogStore) -> None:
        self.engine, self.game, self.store = engine, game, store

    def snapshot(self, seat: int | None, events: list[dict] | None = None) -> dict:
        return views.snapshot(self.engine, self.game, seat, events)

    def public_log(self) -> dict:
        # The finished log names its room.
        return _finished(views.public_log(self.store, self.engine, self.game, "leak-scan", 0, len(self.store.rows)))


# -- one playout's scan --------------------------------------------------------------------------


class GameScan:
    """Every frame of one playout, checked as it is played (see the module docstring)."""

    def __init__(
        self, engine: Engine, knowledge: Knowledge, variant: Variant, seed: int, replays: int = 1, alternatives: int = 3
    ) -> None:
        self.engine, self.knowledge, self.variant, self.seed = engine, knowledge, variant, seed
        self.replays, self.alternatives = replays, alternatives
        self.rng = random.Random(seed ^ 0x5EC12E7)
        self.seed_text = str(seed).encode()
        self.viewers: list[int | None] = [None, *range(variant.players)]
        self.frames: Counter = Counter()
        self.checks: Counter = Counter()
        self.leaks: list[Leak] = []
        self.leak_count = 0
        self.histories: dict[int | None, list] = {viewer: [] for viewer in self.viewers}
        self.log_entries: list[dict] = []  # the running log's entries, as checked
        self.messages: dict[int | None, dict] = {}  # the latest running state message per viewer
        # No commitment: the scan's games are dealt from a seed given outright (hub/fairness.py's
        # reveal at the end is tested in tests/api/test_fair_shuffles.py).
        record = SimpleNamespace(
            seed=seed, players=variant.players, config=variant.config, started_ms=0, commitment=None
        )
        self.store = _LogStore([], record)
        self.game: LiveGame | None = None
        self.running: tuple | None = None  # (state, version) of the latest running version
        self.memo: dict = {}  # this version's knowns, secrets and tokens (its states never change)

    def run(self) -> GameScan:
        play(self.engine, self.variant, self.seed, self.start, self.change)
        self.finish()
        return self

    # -- the versions -----------------------------------------------------------------------

    def start(self, state: State) -> None:
        self.game = LiveGame(GAME_ID, self.engine, self.variant.players, state)
        self.running, self.memo = (state, 0), {}
        self._send(state, None, [])
        self._check_views(state, 0)

    def change(
        self, pre: State, actor: int | None, action: dict | None, now: int, post: State, events: list[dict]
    ) -> None:
        game = self.game
        game.version += 1
        logged = ADVANCE if actor is None else {k: v for k, v in action.items() if k != "step"}
        self.store.rows.append(ActionRow(GAME_ID, game.version, actor, logged, now, None))
        game.state, game.last_ms, game.result = post, now, self.engine.result(post)
        if game.result is not None:
            self.frames["after the end (public)"] += len(self.viewers) + (actor is not None)
            return
        self.running, self.memo = (post, game.version), {}
        change = Change(
            pre,
            actor,
            action,
            logged,
            now,
            post,
            events,
            game.version,
            self.knowledge.revealed(self.engine, pre, actor, action, now),
        )
        self._send(post, change, events)
        if actor is not None:
            ack = messages.ack(None, game.version, events_for(events, actor))
            self.frames["ack"] += 1
            self._check_events(change, actor, ack["events"], "ack")
        self._check_log_entry(change)
        self._check_views(post, game.version)
        self._check_replays(change)
        if self.knowledge.hidden_actions and actor is not None:
            self._check_alternatives(change)

    def _send(self, state: State, change: Change | None, events: list[dict]) -> None:
        """Every viewer's state message, as the table broadcasts it, checked directly."""
        table = StandIn(self.engine, self.game, self.store)
        for viewer in self.viewers:
            message = table.snapshot(viewer, events)
            self.frames["state"] += 1
            self.messages[viewer] = message
            self._check_message(state, change, viewer, message)
            if change is not None:
                self.histories[viewer].append((change.version, message["events"]))

    def finish(self) -> None:
        """The reconnect frames and the log page of the last running version, then the published end."""
        state, version = self.running
        running = LiveGame(GAME_ID, self.engine, self.variant.players, state, version=version)
        table = StandIn(self.engine, running, _LogStore(self.store.rows[:version], self.store.record))
        for viewer in self.viewers:
            history, snapshot = messages.history(GAME_ID, self.histories[viewer]), table.snapshot(viewer)
            self.frames["reconnect"] += 2
            checked = [{"version": v, "events": e} for v, e in self.histories[viewer] if e]
            if history["entries"] != checked:
                self._leak(
                    version,
                    viewer,
                    "reconnect history",
                    "differs from the event frames checked: " + str(first_difference(history["entries"], checked)),
                )
            if snapshot != {**self.messages[viewer], "events": []}:
                self._leak(
                    version,
                    viewer,
                    "reconnect snapshot",
                    "differs from the state message checked: " + str(first_difference(snapshot, self.messages[viewer])),
                )
        page = table.public_log()
        self.frames["log page"] += 1
        if page["entries"] != self.log_entries:
            self._leak(
                version,
                None,
                "public log page",
                "differs from the entries checked: " + str(first_difference(page["entries"], self.log_entries)),
            )
        if self.game.result is not None:
            StandIn(self.engine, self.game, self.store).public_log()  # the replay, public once ended
            self.frames["after the end (public)"] += 1

    # -- what a viewer may know, memoised per version ---------------------------------------------

    def _viewpoint(self, viewer: int | None) -> int | None:
        return None if self.knowledge.shared else viewer

    def _known(self, state: State, viewer: int | None) -> Any:
        """`known` of this version's own states (pre, post), which live as long as the memo."""
        key = ("known", id(state), self._viewpoint(viewer))
        if key not in self.memo:
            self.memo[key] = self.knowledge.known(state, viewer)
        return self.memo[key]

    def _secrets(self, state: State, viewer: int | None) -> dict:
        key = ("secrets", id(state), self._viewpoint(viewer))
        if key not in self.memo:
            self.memo[key] = self.knowledge.secrets(state, viewer)
        return self.memo[key]

    def _tokens(self, value: Any) -> set:
        key = ("tokens", orjson.dumps(value, option=JSON))
        if key not in self.memo:
            self.memo[key] = self.knowledge.tokens(value)
        return self.memo[key]

    def _stable_secrets(self, change: Change, viewer: int | None) -> dict:
        """Secrets that lay in the same hidden place before and after the change, and that neither the
        input itself (as the viewer sees it) nor anything the change showed on its way names."""
        seen = self.knowledge.action_seen(change.actor, change.logged, viewer)
        key = ("stable", self._viewpoint(viewer), orjson.dumps(seen, option=JSON))
        if key not in self.memo:
            before, after = self._secrets(change.pre, viewer), self._secrets(change.post, viewer)
            told = self._tokens([seen, change.revealed])
            self.memo[key] = {
                token: place for token, place in before.items() if after.get(token) == place and token not in told
            }
        return self.memo[key]

    # -- direct checks --------------------------------------------------------------------------

    def _check_message(self, state: State, change: Change | None, viewer: int | None, message: dict) -> None:
        version = self.game.version
        if self.seed_text in orjson.dumps(message, option=JSON):
            self._leak(version, viewer, "state message", f"the seed {self.seed} appears")
        secrets = self._secrets(state, viewer)
        seen = {"view": message["view"], "legal_actions": message["legal_actions"]}
        for token in sorted(self._tokens(seen) & secrets.keys()):
            self._leak(
                version, viewer, "view", f"{self.knowledge.where(seen, token)} names {_token(token)} ({secrets[token]})"
            )
        if change is not None:
            self._check_events(change, viewer, message["events"], "events")

    def _check_events(self, change: Change, viewer: int | None, seen: list[dict], frame: str) -> None:
        if not seen:
            return
        stable = self._stable_secrets(change, viewer)
        for token in sorted(self._tokens(seen) & stable.keys()):
            self._leak(
                change.version,
                viewer,
                frame,
                f"{self.knowledge.where(seen, token)} names {_token(token)} ({stable[token]})",
            )

    def _check_log_entry(self, change: Change) -> None:
        action = ADVANCE if change.actor is None else self.engine.public_action(change.actor, change.logged)
        entry = {
            "seq": change.version,
            "seat": change.actor,
            "server_ms": change.now,
            "action": action,
            "timing": None,
        }  # only a race judged in a lag-compensation window has one
        self.log_entries.append(entry)
        self.frames["log entry"] += 1
        if self.seed_text in orjson.dumps(entry, option=JSON):
            self._leak(change.version, None, "public log", f"the seed {self.seed} appears")
        stable = self._stable_secrets(change, None)
        for token in sorted(self._tokens(action) & stable.keys()):
            self._leak(change.version, None, "public log", f"{_short(action)} names {_token(token)} ({stable[token]})")

    # -- non-interference -----------------------------------------------------------------------

    def _groups(self) -> list[tuple[int | None, list[int | None]]]:
        """(whose secrets to re-deal, the viewers that may not know them): one group when all share."""
        if self.knowledge.shared:
            return [(None, self.viewers)]
        return [(viewer, [viewer]) for viewer in self.viewers]

    def _check_views(self, state: State, version: int) -> None:
        """Re-dealing what a viewer may not know changes neither its view nor its legal actions."""
        for whose, viewers in self._groups():
            other = self.knowledge.scramble(state, whose, self.rng)
            for viewer in viewers:
                if self._known(state, viewer) != self.knowledge.known(other, viewer):
                    raise AssertionError(
                        f"{self.engine.slug}: a scramble changed what {viewer} may know: "
                        + str(first_difference(self._known(state, viewer), self.knowledge.known(other, viewer)))
                    )
                message = self.messages[viewer]
                seen = {"view": message["view"], "legal_actions": message["legal_actions"]}
                legal = self.engine.compact_legal_actions(other, viewer) if viewer is not None else []
                again = {"view": self.engine.view(other, viewer), "legal_actions": legal}
                self.checks["views compared"] += 1
                if seen != again:
                    self._leak(
                        version,
                        viewer,
                        "view",
                        "changes when hidden information is re-dealt: " + str(first_difference(seen, again)),
                    )

    def _rerun(self, state: State, actor: int | None, action: dict | None, now: int):
        """The same kind of input on another state; None when it is refused there (inconclusive)."""
        try:
            if actor is None:
                return self.engine.advance(state, now)
            return self.engine.apply(state, actor, action, now)
        except IllegalAction:
            return None
        except Exception:  # a re-dealt state may be one no game reaches; the scan is then silent
            self.checks["replays the engine failed on"] += 1
            return None

    def _check_replays(self, change: Change) -> None:
        """The same input on an earlier state re-dealt where the viewer cannot see must tell it the same."""
        knowledge = self.knowledge
        for whose, viewers in self._groups():
            for _ in range(self.replays):
                move = self.rng.choice(knowledge.moves)
                other = knowledge.scramble(change.pre, whose, self.rng, move)
                outcome = self._rerun(other, change.actor, change.action, change.now)
                revealed = knowledge.revealed(self.engine, other, change.actor, change.action, change.now)
                known: dict = {}
                for viewer in viewers:
                    self._compare_outcome(change, viewer, outcome, revealed, known, f"{move} re-dealt before the input")

    def _check_alternatives(self, change: Change) -> None:
        """Another choice the other seats cannot see must not reach them, nor the public log."""
        knowledge, actor = self.knowledge, change.actor
        others = [a for a in self.engine.legal_actions(change.pre, actor) if a != change.action]
        logged = self.engine.public_action(actor, change.logged)
        for action in self.rng.sample(others, min(self.alternatives, len(others))):
            outcome = self._rerun(change.pre, actor, action, change.now)
            revealed = knowledge.revealed(self.engine, change.pre, actor, action, change.now)
            known: dict = {}
            for viewer in self.viewers:
                if viewer == actor or knowledge.action_seen(actor, action, viewer) != knowledge.action_seen(
                    actor, change.logged, viewer
                ):
                    continue
                same = self._compare_outcome(change, viewer, outcome, revealed, known, f"the choice {_short(action)}")
                if same and viewer is None and self.engine.public_action(actor, action) != logged:
                    self._leak(
                        change.version,
                        None,
                        "public log",
                        f"{_short(logged)} tells the hidden choice "
                        f"apart from {_short(self.engine.public_action(actor, action))}",
                    )

    def _compare_outcome(self, change: Change, viewer: int | None, outcome, revealed, known: dict, how: str) -> bool:
        """True when the viewer may know the same after both; then its events must be equal. `known`
        keeps what the viewers may know after `outcome`, for the other viewers of the same replay."""
        if outcome is None or revealed != change.revealed:
            self.checks["replays inconclusive"] += 1
            return False
        point = self._viewpoint(viewer)
        if point not in known:
            known[point] = self.knowledge.known(outcome[0], viewer)
        if known[point] != self._known(change.post, viewer):
            self.checks["replays inconclusive"] += 1
            return False
        self.checks["replays compared"] += 1
        mine, theirs = events_for(change.events, viewer), events_for(outcome[1], viewer)
        if mine != theirs:
            self._leak(change.version, viewer, "events", f"differ with {how}: {first_difference(mine, theirs)}")
        return True

    def _leak(self, version: int, viewer: int | None, frame: str, what: str) -> None:
        self.leak_count += 1
        if len(self.leaks) < KEPT_LEAKS:
            self.leaks.append(Leak(self.engine.slug, self.variant.label, self.seed, version, viewer, frame, what))


def scan(engine: Engine, variant: Variant, seed: int, knowledge: Knowledge | None = None, **options) -> GameScan:
    """Play and scan one game; `engine` may wrap a registered one (a planted leak in a test)."""
    return GameScan(engine, knowledge or KNOWLEDGE[engine.slug], variant, seed, **options).run()
