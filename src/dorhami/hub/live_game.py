"""The live game of a table: its state, version and remembered answers; how it starts, and how it
is rebuilt from its log after a restart.

The table's spine (hub/table.py) commits the game's actions; this says what they build on.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from .. import ratings
from ..engine import Action, Engine, Event, State, events_for
from ..engine.contract import judge
from ..errors import ErrorCode
from ..storage.records import GameRecord, RoomRecord, SeatRecord
from ..storage.results import mark_unrated_in
from . import claims, fairness, messages
from .errors import HubError
from .journal import Journal
from .replay import initial_state, replay_row

if TYPE_CHECKING:
    from .room_rules import RoomRules

log = logging.getLogger(__name__)

REPLIES_KEPT = 256  # answers remembered per seat, for clients that resend after a reconnect


@dataclass
class LiveGame:
    """The running (or finished) game of a table, rebuilt from its log after a restart."""

    id: int
    engine: Engine
    players: int
    state: State
    version: int = 0
    last_ms: int = 0
    result: dict | None = None
    # Who played each seat (None: a bot), for passing the result on at a rematch.
    seat_players: list[str | None] | None = None
    # The room's nth game, and the SHA-256 of its server seed (hub/fairness.py), public from the start.
    number: int | None = None
    commitment: str | None = None
    # Why the game does not count for ratings (dorhami/ratings.py), or None: the first reason found.
    unrated: str | None = None
    replies: dict[int, OrderedDict] = field(default_factory=dict)
    # (version, events) of every change, for the move log of a socket that joins late or reconnects.
    history: list[tuple[int, list[Event]]] = field(default_factory=list)
    # The rules' verdict on the action the race window is handing to the table's `act` (hub/race_window.py),
    # made to decide what its window holds: `judge` uses it instead of asking the rules again.
    ahead: claims.Verdict | None = field(default=None, repr=False, compare=False)
    # The legal actions asked of one state, by seat (`legal`): a state is never changed in place.
    _legal: tuple[State | None, dict[int, list[Action]]] = field(
        default_factory=lambda: (None, {}), init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        started = self.engine.start_events(self.state)
        if started:
            self.history.append((0, started))
        # Engines that send their legal actions whole (all but the races) answer both asks from one
        # list. Asked of the bound method: a wrapper that forwards to an engine is no Engine subclass.
        compact = getattr(self.engine.compact_legal_actions, "__func__", None)
        self._compact_is_full = compact is Engine.compact_legal_actions

    def legal(self, state: State, seat: int) -> list[Action]:
        """`engine.legal_actions(state, seat)`, asked of the rules once per state and seat: after a
        change the seat's state message, the turn's announcement and a daily room's row all want
        them, and they cost as much as the view. The list is shared: nobody may change it."""
        asked, lists = self._legal
        if asked is not state:
            lists = {}
            self._legal = (state, lists)
        found = lists.get(seat)
        if found is None:
            found = lists[seat] = self.engine.legal_actions(state, seat)
        return found

    def compact_legal(self, seat: int) -> list[Action]:
        """What a state message lists as `seat`'s legal actions now (hub/views.py)."""
        if self._compact_is_full:
            return self.legal(self.state, seat)
        return self.engine.compact_legal_actions(self.state, seat)

    @classmethod
    def of(cls, record: GameRecord, engine: Engine, state: State) -> LiveGame:
        return cls(
            record.id,
            engine,
            record.players,
            state,
            last_ms=record.started_ms,
            seat_players=record.seat_players,
            number=record.game_number,
            commitment=record.commitment,
            unrated=record.unrated,
        )

    def remember(self, seat: int, client_seq: int, reply: dict) -> None:
        replies = self.replies.setdefault(seat, OrderedDict())
        replies[client_seq] = reply
        while len(replies) > REPLIES_KEPT:
            replies.popitem(last=False)

    def judge(self, seat: int, action: Any, now_ms: int) -> tuple[dict, State, list[Event]]:
        """`judge` of the action on the current state (its logged form, the new state, its events),
        or what the rules raise; a verdict made ahead on this state at this time counts as that."""
        ahead, self.ahead = self.ahead, None
        if ahead is not None and ahead.fits(self.state, seat, action, now_ms):
            return ahead.result()
        return judge(self.engine, self.state, seat, action, now_ms)

    def replay(self, state: State, row: Any) -> tuple[State, list[Event]]:
        """One stored row applied to `state`; the ack its client got is remembered, so a resend
        of its `client_seq` gets it again."""
        state, events = replay_row(self.engine, state, row)
        if row.seat is not None and row.client_seq is not None:
            self.remember(row.seat, row.client_seq, messages.ack(row.client_seq, row.seq, events_for(events, row.seat)))
        return state, events

    def advance_to(self, seq: int, now: int, state: State, events: list[Event]) -> None:
        self.state, self.version, self.last_ms = state, seq, now
        self.history.append((seq, events))


def restore(engine: Engine, record: GameRecord, log_rows: list) -> LiveGame:
    """Rebuild the game by replaying its log (after a restart, or to show a finished game)."""
    state = initial_state(engine, record)
    game = LiveGame.of(record, engine, state)
    for row in log_rows:
        state, events = game.replay(state, row)
        game.version, game.last_ms = row.seq, row.server_ms
        game.history.append((row.seq, events))
    game.state, game.result = state, engine.result(state)
    return game


async def mark_unrated(
    game: LiveGame | None, reason: str, journal: Journal, fence: tuple[int, int] | None, code: str
) -> str | None:
    """The running game stops counting for ratings ("bots", "abandoned", "rescued"...): the
    first reason stays. It is written through the journal at once (a restart keeps it), and
    the write that finishes the game carries it too, so a database that is away just now
    (when stand-ins take over, often) costs nothing: the table goes on. Returns the reason kept."""
    if game is None or game.result is not None:
        return None
    if game.unrated is None:
        game.unrated = reason
        try:
            game.unrated = await journal.write(partial(mark_unrated_in, game_id=game.id, reason=reason), fence)
        except Exception as exc:
            log.warning("table %s: could not store that its game is unrated (%s); its end will", code, exc)
    return game.unrated


def spoken_counts(counts: list[int]) -> str:
    """[2, 3, 4, 5] as "2 to 5"; [4, 6, 8] as "4, 6 or 8"."""
    if counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}"


def check_start(room: RoomRecord, seats: dict[int, SeatRecord], counts: list[int], rematch: bool) -> None:
    """Why this room's game cannot start now, as a HubError; nothing if it can."""
    if rematch and room.status != "finished":
        raise HubError(ErrorCode.NOT_FINISHED, "a rematch follows a finished game")
    if not rematch and room.status != "waiting":
        raise HubError(ErrorCode.ALREADY_STARTED, "this room's game has already started")
    if len(seats) not in counts:
        raise HubError(
            ErrorCode.WRONG_PLAYER_COUNT,
            f"this game needs {spoken_counts(counts)} players, but {len(seats)} are seated",
        )


def prepare(
    rules: RoomRules,
    room: RoomRecord,
    seated: dict[int, SeatRecord],
    last: LiveGame | None,
    fixed_seed: Callable[[], int] | None,
    owner: str,
    now: int,
) -> tuple[list[SeatRecord], State, GameRecord]:
    """A new game of this room (`last`: the game a rematch follows): its seats, numbered 0..n-1 in
    their order (an empty seat in the middle does no harm), its first state, and its row, to be
    written before anyone hears of it."""
    ordered = sorted(seated.values(), key=lambda s: s.seat)
    seats = [
        SeatRecord(room_id=room.id, seat=i, player_id=s.player_id, bot_level=s.bot_level, client_seed=s.client_seed)
        for i, s in enumerate(ordered)
    ]
    previous = previous_result(last, ordered) if last else None
    fair = fair_seed(room.id, last, seats, rules.config, fixed_seed)
    state = rules.engine.setup(len(seats), fair["seed"], rules.config, now_ms=now, previous_result=previous)
    record = new_record(rules.engine, rules.config, room, seats, previous, fair, now, owner)
    return seats, state, record


def new_record(
    engine: Engine,
    config: dict,
    room: RoomRecord,
    seats: list[SeatRecord],
    previous: dict | None,
    fair: dict,
    now: int,
    owner: str,
) -> GameRecord:
    """The row of a game about to start (`fair`: its seed's provenance, see `fair_seed`)."""
    players = [s.player_id for s in seats]
    return GameRecord(
        room_id=room.id,
        seed=fair["seed"],
        config=config,
        players=len(seats),
        previous_result=previous,
        started_ms=now,
        owner=owner,
        seat_players=players,
        unrated=ratings.unrated_reason(engine, config, len(seats), players),
        **{k: v for k, v in fair.items() if k != "seed"},
    )


def fair_seed(
    room_id: int,
    last: LiveGame | None,
    seats: list[SeatRecord],
    config: dict,
    fixed_seed: Callable[[], int] | None = None,
) -> dict:
    """The game's seed and what makes it checkable (hub/fairness.py): a fresh server seed, its
    commitment, the seated players' client seeds. A hub given a seed source (tests that need
    one deal) uses it as it is, and the game has no commitment."""
    number = (last.number or 0) + 1 if last else 1
    if fixed_seed is not None:
        return {"seed": fixed_seed(), "game_number": number}
    server_seed = fairness.new_server_seed()
    client_seeds = [s.client_seed for s in seats if s.client_seed]
    signed = fairness.message(room_id, number, client_seeds, config)
    return {
        "seed": fairness.game_seed(server_seed, signed),
        "game_number": number,
        "server_seed": server_seed,
        "commitment": fairness.commitment(server_seed),
        "client_seeds": sorted(client_seeds),
    }


def previous_result(game: LiveGame, ordered: list[SeatRecord]) -> dict | None:
    """The last game's result with its seats renumbered to the new game's (`ordered`, the
    seats in their new order): each player is found by identity, a bot by its old seat, since
    players may have left and others joined meanwhile. A seat whose player is gone is dropped."""
    if game.result is None or game.seat_players is None:
        return game.result  # a game stored before seats were recorded: passed on as it was
    new_seat = {}
    for old, player in enumerate(game.seat_players):
        for new, record in enumerate(ordered):
            same = record.player_id == player if player is not None else (record.seat == old and record.bot_level)
            if same:
                new_seat[old] = new
                break
    return renumber_result(game.result, new_seat)


def renumber_result(result: dict, new_seat: dict[int, int]) -> dict:
    """`result` with the seats in its documented keys (winners, ranking, previous_winner, scores,
    standings' `seat`) moved to their new numbers; a seat without one is dropped (or becomes None).
    Anything else is passed on as it was."""

    def seat(old: Any) -> int | None:
        return new_seat.get(old) if isinstance(old, int) and not isinstance(old, bool) else None

    moved = dict(result)
    for key in ("winners", "ranking"):
        if isinstance(result.get(key), list):
            moved[key] = [seat(s) for s in result[key] if seat(s) is not None]
    if result.get("previous_winner") is not None:
        moved["previous_winner"] = seat(result["previous_winner"])
    if isinstance(result.get("scores"), dict):
        moved["scores"] = {
            str(seat(int(s))): n for s, n in result["scores"].items() if str(s).isdigit() and seat(int(s)) is not None
        }
    if isinstance(result.get("standings"), list):
        moved["standings"] = [
            row if not (isinstance(row, dict) and "seat" in row) else {**row, "seat": seat(row["seat"])}
            for row in result["standings"]
            if not (isinstance(row, dict) and "seat" in row) or seat(row["seat"]) is not None
        ]
    return moved
