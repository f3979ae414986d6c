"""The engine contract every game implements (see ARCHITECTURE.md, "The engine contract").

A game state is a plain JSON-safe dict (str keys, lists, ints, bools, None, str) so that it
round-trips through `json` unchanged and replays exactly. `Engine` supplies the parts that are
the same in every game — copying before a change, firing due timers before an action, the stale
step check, config validation — and each game fills in the `_`-prefixed hooks, which may mutate
the copy they are given.
"""

from __future__ import annotations

from typing import Any, ClassVar, cast

import orjson

from .actions import ActionSchema, split_reaction, without_step
from .errors import IllegalAction

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]

# An event carrying this key is private to the listed seats; every other event is public.
# (Reserved: a rules file may use "to" for its own fields, as in `trick_stolen {from, to}`.)
PRIVATE_TO = "private_to"
# More timers than this in one `advance` means a `_fire` that never moves its deadline.
MAX_FIRES_PER_ADVANCE = 100_000
# The turn lengths of a room at the daily pace (hub/pace.py): 1 h, 12 h, 24 h and 72 h, in seconds.
DAILY_TURNS_S = (3_600, 43_200, 86_400, 259_200)


def is_daily_turn(value: Any) -> bool:
    return type(value) is int and value in DAILY_TURNS_S


def clone(state: State) -> State:
    """A deep copy of a JSON-safe state.

    An orjson round trip is about twice as fast as pickle's (and many times copy.deepcopy's), and
    it refuses what is not JSON (a non-str key, a set), so a state that would not replay fails here.
    """
    return cast("State", orjson.loads(orjson.dumps(state)))


def events_for(events: list[Event], seat: int | None) -> list[Event]:
    """The events `seat` may see (spectators: seat None), private markers stripped."""
    seen = []
    for event in events:
        private = event.get(PRIVATE_TO)
        if private is None:
            seen.append(event)
        elif seat is not None and seat in private:
            seen.append({k: v for k, v in event.items() if k != PRIVATE_TO})
    return seen


class Engine:
    """Base class of every game engine; subclasses set the class attributes and the `_` hooks."""

    slug: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    # Real-time games take claims from every seat at any moment; the hub sends them the compact
    # action list and skips the stale-step check.
    realtime: ClassVar[bool] = False
    # The rules' code for an action from someone with no seat (a spectator), where they name one;
    # otherwise the table's own `not_seated`.
    spectator_refusal: ClassVar[str | None] = None
    # The actions of a real-time game that are turns, not races (Twin It's flip): they keep the
    # stale-step check, against `step(state, seat)`.
    turn_actions: ClassVar[frozenset[str]] = frozenset()
    # The shape of every action a seat may send (see `actions.py`); the hub normalises each
    # client's action with it before `apply`, and logs only that normal form.
    actions: ClassVar[ActionSchema]
    # The config keys that hold a turn's seconds (the rules' timers), which a room at the daily pace
    # sets to its turn of hours, and what else such a room's config holds (its timers on). A game
    # without them has no daily pace. The deadlines and automatic actions stay the rules' own.
    turn_keys: ClassVar[tuple[str, ...]] = ()
    daily_config: ClassVar[dict[str, Any]] = {}

    # -- config ---------------------------------------------------------------------------

    def default_config(self) -> dict[str, Any]:
        """Every key of the rules file's "Modes and variants" table with its default."""
        raise NotImplementedError

    def validate_config(self, config: dict[str, Any] | None) -> dict[str, Any]:
        """The full config (defaults filled in); raises IllegalAction('invalid_config')."""
        full = self.default_config()
        for key, value in (config or {}).items():
            if key not in full:
                raise IllegalAction("invalid_config", f"unknown config key {key!r}")
            full[key] = value
        # A daily turn is hours, beyond the rules' range for a live clock: the rules' own check sees
        # their default in its place, so every other value is judged as the rules say.
        defaults = self.default_config()
        self._check_config({**full, **{k: defaults[k] for k in self.turn_keys if is_daily_turn(full[k])}})
        return full

    def config_options(self) -> dict[str, dict[str, Any]]:
        """How each config key may be set, for forms: {"choices": [...]} or {"min": a, "max": b}."""
        return {
            key: {"choices": [True, False]} for key, value in self.default_config().items() if isinstance(value, bool)
        }

    def presets(self) -> dict[str, dict[str, Any]]:
        """Named sets of config values the lobby offers (a rules file's presets), by name."""
        return {}

    def _check_config(self, config: dict[str, Any]) -> None:
        """Raise IllegalAction('invalid_config', ...) for a value the rules do not allow."""

    def player_range(self, config: dict[str, Any] | None = None) -> tuple[int, int]:
        """(min, max) seats for this config; setup refuses other counts."""
        return self.min_players, self.max_players

    def player_counts(self, config: dict[str, Any] | None = None) -> list[int]:
        """Every seat count setup accepts for this config (a team mode may skip odd counts)."""
        low, high = self.player_range(config)
        return list(range(low, high + 1))

    # -- ratings (dorhami/ratings.py) ---------------------------------------------------------

    def rated(self, config: dict[str, Any]) -> bool:
        """Whether a game of this config ranks its players against each other (a coop mode does not)."""
        return True

    def placings(self, result: dict[str, Any], players: int) -> list[tuple[list[int], int]]:
        """The result as (seats of one side, its rank) for rating: rank 1 is best, equal ranks tie.

        Each seat is its own side. The rank is the result's own `ranks` when it has them; else
        the winners share rank 1 and the others follow in `ranking` order, one rank each."""
        ranks = result.get("ranks")
        if isinstance(ranks, dict):
            return [([seat], int(ranks[str(seat)])) for seat in range(players)]
        winners = list(result.get("winners") or [])
        others = [seat for seat in result.get("ranking") or range(players) if seat not in winners]
        placed = [([seat], 1) for seat in winners]
        return placed + [([seat], 1 + len(winners) + i) for i, seat in enumerate(others)]

    # -- lifecycle ------------------------------------------------------------------------

    def setup(
        self,
        players: int,
        seed: int,
        config: dict[str, Any] | None = None,
        now_ms: int = 0,
        previous_result: dict[str, Any] | None = None,
    ) -> State:
        """A new game; the same arguments give the same state."""
        full = self.validate_config(config)
        low, high = self.player_range(full)
        if not isinstance(players, int) or not low <= players <= high:
            raise IllegalAction("invalid_players", f"expected {low} to {high} players, but got {players}")
        state = self._setup(players, seed, full, now_ms, previous_result)
        state.setdefault("step", 0)
        return state

    def start_events(self, state: State) -> list[Event]:
        """The events a new game announces with its first state (a countdown's end, say)."""
        return []

    def apply(self, state: State, seat: int, action: Action, now_ms: int) -> tuple[State, list[Event]]:
        """Fire due timers, then judge `action` by `seat`; never mutates `state`."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("unknown_action", "expected an object with a string 'type'")
        new, events = self.advance(state, now_ms)
        if new is state:
            new = self.copy_state(state)
        step = action.get("step")
        if step is not None and (not isinstance(step, int) or isinstance(step, bool)):
            raise IllegalAction("unknown_action", f"expected 'step' to be an integer, but got {step!r}")
        if step is not None and (not self.realtime or action["type"] in self.turn_actions):
            if step != self.step(new, seat):
                raise IllegalAction(
                    "stale_step",
                    f"this action was meant for step {step}, but the game is at step {self.step(new, seat)}",
                )
            action = {k: v for k, v in action.items() if k != "step"}
        events = events + self._apply(new, seat, action, now_ms)
        return new, events

    def advance(self, state: State, now_ms: int) -> tuple[State, list[Event]]:
        """Fire every timer due at or before `now_ms`, each as if at its due time."""
        events: list[Event] = []
        new = state
        for _ in range(MAX_FIRES_PER_ADVANCE):
            due = self.next_deadline(new)
            if due is None or due > now_ms:
                return new, events
            if new is state:
                new = self.copy_state(state)
            events += self._fire(new, due)
        raise RuntimeError(f"{self.slug}: a timer at {due} keeps firing without moving on")

    def step(self, state: State, seat: int | None) -> int:
        """A counter that moves on whenever a decision point closes (the stale-step rule)."""
        return cast("int", state.get("step", 0))

    def copy_state(self, state: State) -> State:
        """The copy the `_apply`/`_fire` hooks may mutate. A game may share the parts its hooks never
        mutate in place (structural sharing) instead of this whole deep copy."""
        return clone(state)

    # -- hooks each game implements -------------------------------------------------------

    def _setup(
        self, players: int, seed: int, config: dict[str, Any], now_ms: int, previous_result: dict[str, Any] | None
    ) -> State:
        raise NotImplementedError

    def _apply(self, state: State, seat: int, action: Action, now_ms: int) -> list[Event]:
        """Judge and apply `action` to `state` in place; raise IllegalAction before mutating."""
        raise NotImplementedError

    def _fire(self, state: State, due_ms: int) -> list[Event]:
        """Apply the earliest timer (due at `due_ms`) to `state` in place."""
        raise NotImplementedError

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every action `apply` accepts from `seat` now ([] if none)."""
        raise NotImplementedError

    def compact_legal_actions(self, state: State, seat: int) -> list[Action]:
        """What the API sends as the legal-action list (real-time games send types only)."""
        return self.legal_actions(state, seat)

    def next_deadline(self, state: State) -> int | None:
        """When the earliest pending timer fires (ms), if any."""
        return None

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """JSON-safe view for `seat` (None: spectator), with nothing that seat may not know."""
        raise NotImplementedError

    def result(self, state: State) -> dict[str, Any] | None:
        """None while running, else {"winners": [...], "scores": {"seat": n}, "ranking": [...], ...}."""
        raise NotImplementedError

    def public_action(self, seat: int | None, action: Action) -> Action:
        """How a logged action appears in the public log of a running game (secrets removed)."""
        return action


def sides_of(rows: list[dict[str, Any]]) -> list[tuple[list[int], int]]:
    """Placings from result rows that carry a `rank` and a `seat` (or a team's `seats`)."""
    return [(list(row["seats"]) if "seats" in row else [row["seat"]], int(row["rank"])) for row in rows]


def judge(
    engine: Engine, state: dict[str, Any], seat: int, action: Any, now_ms: int
) -> tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]]]:
    """(the action's normal form as a log keeps it, the new state, its events), or IllegalAction:
    how the table and the sandbox judge what a client sends.

    An action outside its game's schema is refused, but the engine judges it first: a move that is
    wrong twice over (malformed from a seat whose turn it is not) gets the refusal its rules file
    puts first, and the schema's code only if the rules themselves accept it.
    """
    try:
        normal = engine.actions.normalise(action)
    except IllegalAction as refusal:
        if isinstance(action, dict):
            engine.apply(state, seat, action, now_ms)  # raises the rules' own refusal, if any
        raise refusal from None
    normal = split_reaction(normal)[0]  # a race's report is the hub's (hub/claims.py), not the rules'
    state, events = engine.apply(state, seat, normal, now_ms)
    return without_step(normal), state, events
