"""Tutorials as data, played on the real engine (docs/TUTORIALS.md).

A tutorial is a `Script`: a seeded deal and a list of steps. A step says what the coach says, which
control it points at, and either the one action the player is taught (the tutorial waits for it) or
nothing (the coach's Next button). After the player's action, the scripted opponents make their
`replies`. Time is the script's own: every input is stamped on a clock that moves only when the
script moves, so no timer fires while a newcomer reads and the opponents wait for them. A `race`
step is the exception the issue asks for: one opponent move that lands after real time unless the
player is faster.

Because the player can only ever make the taught action, the game before step i is a function of
the script alone. `Tutorial` replays it once and keeps every step's state: answering a try is a
lookup and one `apply`, and nothing about a player's session has to be kept on the server.

Pure, like the engines: no I/O, no clock, no global random.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from .actions import without_step
from .contract import Action, Engine, Event, State, events_for, judge
from .errors import IllegalAction


@dataclass(frozen=True)
class Move:
    """One scripted input: a seat's action, or (seat and action None) the next timer firing."""

    seat: int | None
    action: Action | None
    after_ms: int = 700  # the script's clock moves on this much before it


@dataclass(frozen=True)
class Step:
    """One thing the coach teaches. `say` and the other texts are keys of `learn.<game>.<key>`."""

    say: str
    expect: Action | None = None  # the action taught; None: the player reads and presses Next
    point: tuple[str, ...] = ()  # selectors inside the table, in the order the player touches them
    other: str | None = None  # why another legal action is not the one taught here
    refused: str | None = None  # said with the engine's own refusal of an illegal action
    replies: tuple[Move, ...] = ()  # what the scripted opponents do after it (or on Next)
    race: Move | None = None  # real speed: this move lands after `race.after_ms` of real time
    teaches: tuple[str, ...] = ()  # event types the step must produce (its test checks them)
    after_ms: int = 1000  # the script's clock before the player's action


@dataclass(frozen=True)
class Script:
    game: str
    players: int
    seed: int
    steps: tuple[Step, ...]
    config: dict[str, Any] = field(default_factory=dict)
    seat: int = 0  # the player's seat
    names: tuple[str, ...] = ()  # a key of `learn.name.<key>` for every seat but the player's
    minutes: int = 3  # what the offer promises
    start_ms: int = 0  # the script's clock at the first step (past a real-time game's countdown)


class ScriptError(Exception):
    """A script the engine does not play as written: a rules change broke the tutorial."""


@dataclass
class Frame:
    """The game after one input: what the client draws, for the player's seat."""

    version: int
    now_ms: int
    state: State
    events: list[Event]


@dataclass
class Attempt:
    """What a try answers: the taught action (and the frames it led to), another legal action (not
    applied), or the engine's refusal."""

    outcome: Literal["taught", "other", "refused", "beaten"]
    frames: list[Frame] = field(default_factory=list)
    error: IllegalAction | None = None


def same_action(normal: Action, expected: Action) -> bool:
    """The player's action is the taught one: every field the script names has its value."""
    return all(normal.get(key) == value for key, value in expected.items())


class Tutorial:
    """A script replayed once on its engine: the frame before each step and the frames after it."""

    def __init__(self, engine: Engine, script: Script) -> None:
        if engine.slug != script.game:
            raise ScriptError(f"a {script.game} script given the {engine.slug} engine")
        self.engine, self.script = engine, script
        try:
            state = engine.setup(script.players, script.seed, script.config, now_ms=0)
        except IllegalAction as refusal:
            raise ScriptError(f"{script.game}: the deal is refused: {refusal.code} {refusal.message}") from None
        state, events = engine.advance(state, script.start_ms)
        self.start = Frame(0, script.start_ms, state, engine.start_events(state) + events)
        self.before: list[Frame] = []
        self.after: list[list[Frame]] = []
        frame = self.start
        for index, step in enumerate(script.steps):
            self.before.append(frame)
            frames = []
            if step.expect is not None:
                frames.append(self._move(frame, Move(script.seat, step.expect, step.after_ms), index))
            for reply in step.replies:
                frames.append(self._move(frames[-1] if frames else frame, reply, index))
            if step.race is not None:
                self._move(frame, step.race, index)  # the opponent's move must land too
            produced = {event.get("type") for f in frames for event in f.events}
            missing = [kind for kind in step.teaches if kind not in produced]
            if missing:
                raise ScriptError(f"{script.game} step {index} ({step.say}) teaches {missing}, which it never produced")
            self.after.append(frames)
            frame = frames[-1] if frames else frame
        self.end = frame

    def _move(self, frame: Frame, move: Move, index: int) -> Frame:
        now = frame.now_ms + move.after_ms
        where = f"{self.script.game} step {index} ({self.script.steps[index].say})"
        if move.action is None:
            due = self.engine.next_deadline(frame.state)
            if due is None:
                raise ScriptError(f"{where} waits for a timer, but none is set")
            now = max(now, due)
            state, events = self.engine.advance(frame.state, now)
            return Frame(frame.version + 1, now, state, events)
        if move.seat is None:
            raise ScriptError(f"{where}: a scripted action needs a seat")
        try:
            _, state, events = judge(self.engine, frame.state, move.seat, move.action, now)
        except IllegalAction as refusal:
            raise ScriptError(
                f"{where}: seat {move.seat} {move.action} refused: {refusal.code} {refusal.message}"
            ) from None
        return Frame(frame.version + 1, now, state, events)

    # -- what the API answers -----------------------------------------------------------------

    def attempt(self, index: int, action: Any) -> Attempt:
        """Judge the player's `action` at step `index`; only the taught action moves the game on."""
        step = self.script.steps[index]
        before = self.before[index]
        if step.expect is None:
            return Attempt("taught", self.after[index]) if action is None else Attempt("other")
        if action is None:
            return Attempt("other")
        try:
            normal, state, _ = judge(self.engine, before.state, self.script.seat, action, before.now_ms + step.after_ms)
        except IllegalAction as refusal:
            return Attempt("refused", error=refusal)
        if same_action(without_step(normal), without_step(step.expect)) or self._same_effect(index, state):
            return Attempt("taught", self.after[index])
        return Attempt("other")

    def _same_effect(self, index: int, state: State) -> bool:
        """The taught move in another spelling (a claim's cards tapped in the other order): it leaves
        the game exactly as the taught one does."""
        return bool(self.after[index]) and state == self.after[index][0].state

    def beaten(self, index: int) -> Attempt:
        """A race step's real time ran out: the opponent's move, shown; the step is tried again."""
        step = self.script.steps[index]
        if step.race is None:
            return Attempt("other")
        return Attempt("beaten", [self._move(self.before[index], step.race, index)])

    def payload(self, frame: Frame) -> dict[str, Any]:
        """A frame as the player's seat sees it, in the shape of a table's state message."""
        seat = self.script.seat
        return {
            "version": frame.version,
            "now_ms": frame.now_ms,
            "seat": seat,
            "view": self.engine.view(frame.state, seat),
            "legal_actions": self.engine.compact_legal_actions(frame.state, seat),
            "events": events_for(frame.events, seat),
            "result": self.engine.result(frame.state),
        }
