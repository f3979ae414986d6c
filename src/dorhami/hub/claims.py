"""Fair slaps: a contested race goes to the player who reacted first, not to the faster network.

A claim says which state version its player reacted to (`seen_version`) and how long after that
version was painted they tapped (`reaction_ms`). The server knows when it sent each version and,
from its own probes, each socket's round trip (RTT). A claim's *compensated time* is the version's
send time plus the reaction, trusted only within what the server itself observed: a reaction can
be no shorter than the elapsed time minus the socket's RTT and a small tolerance, and no longer
than the elapsed time. So the compensation a claim receives is at most its RTT plus the tolerance,
at most the cap, and drawn from a per-seat quota that refills slowly.

After the first valid claim, while another seat could still arrive with an earlier compensated
time, the table holds every action for a window, then applies them in compensated order; a claim
that nobody could beat is applied at once. This module keeps the measurements and the arithmetic;
the table's race window (hub/race_window.py) does the holding, and the engine still judges every action, one by one,
at its compensated time, once: a `Verdict` made before `act` is the one `act` uses. docs/FAIRNESS.md has the model
and its bounds.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..engine import Engine, State
from ..engine.contract import judge

OPTION = "lag_compensation"
CAP_MS = 350  # the most one claim is compensated, and so the longest a window stays open
TOLERANCE_MS = 20  # the jitter between probes and claims the clamp forgives
SAMPLES = 10  # probes kept per socket; the RTT estimate is their minimum
PROBES_PENDING = 4  # unanswered probes remembered per socket
PROBE_FIRST_MS = 500  # probes this often until a socket has PROBES_QUICK samples,
PROBES_QUICK = 4
PROBE_EVERY_MS = 2_000  # then this often
SENT_KEPT = 64  # versions whose send time is remembered
QUOTA_CAPS = 3  # a seat's quota holds three caps and refills one cap every QUOTA_REFILL_MS
QUOTA_REFILL_MS = 2_000


def options(engine: Engine) -> dict[str, Any]:
    """The table's own config keys for a game, with their defaults (the engine never sees them)."""
    return {OPTION: True} if engine.realtime else {}


def option_forms(engine: Engine) -> dict[str, dict]:
    return {OPTION: {"choices": [True, False]}} if engine.realtime else {}


class LagMeter:
    """One socket's round trips, measured by the server's own probes (a client cannot answer a
    probe it was never sent: ids are remembered, and an unknown id is ignored)."""

    __slots__ = ("pending", "samples", "next_id", "probed_ms")

    def __init__(self) -> None:
        self.pending: OrderedDict[int, int] = OrderedDict()
        self.samples: deque[int] = deque(maxlen=SAMPLES)
        self.next_id = 1
        self.probed_ms = 0

    def probe(self, now_ms: int) -> dict:
        probe_id, self.next_id = self.next_id, self.next_id + 1
        self.pending[probe_id] = now_ms
        while len(self.pending) > PROBES_PENDING:
            self.pending.popitem(last=False)
        self.probed_ms = now_ms
        return {"type": "ping", "id": probe_id}

    def answered(self, probe_id: int, now_ms: int) -> None:
        sent = self.pending.pop(probe_id, None)
        if sent is not None:
            self.samples.append(max(0, now_ms - sent))

    def rtt_ms(self) -> int | None:
        """A robust low estimate: the minimum of the last samples (queueing only ever adds)."""
        return min(self.samples) if self.samples else None


class Quota:
    """A seat's reserve of compensation, in the spirit of lichess's lag quota: a claim can be
    compensated only by what is left, and the reserve refills slowly."""

    __slots__ = ("capacity", "level", "at_ms", "refill_per_ms")

    def __init__(self, cap_ms: int, now_ms: int) -> None:
        self.capacity = QUOTA_CAPS * cap_ms
        self.level = float(self.capacity)
        self.at_ms = now_ms
        self.refill_per_ms = cap_ms / QUOTA_REFILL_MS

    def available(self, now_ms: int) -> int:
        self.level = min(self.capacity, self.level + max(0, now_ms - self.at_ms) * self.refill_per_ms)
        self.at_ms = max(self.at_ms, now_ms)
        return int(self.level)

    def spend(self, ms: int, now_ms: int) -> None:
        self.available(now_ms)
        self.level = max(0.0, self.level - ms)


def compensation(
    received_ms: int,
    sent_ms: int | None,
    reported_ms: int | None,
    rtt_ms: int | None,
    available_ms: int,
    cap_ms: int,
    tolerance_ms: int = TOLERANCE_MS,
) -> int:
    """How many ms earlier than its receipt a claim counts: received − (sent + trusted reaction).

    The trusted reaction is the reported one, raised to at least what the server observed
    (elapsed − RTT − tolerance) and lowered to at most the elapsed time; so the result is at most
    RTT + tolerance, and it is also capped by `cap_ms` and by the seat's quota. Without a report,
    a send time or an RTT there is nothing to trust, and nothing is compensated."""
    if sent_ms is None or reported_ms is None or rtt_ms is None:
        return 0
    elapsed = received_ms - sent_ms
    if elapsed <= 0:
        return 0
    reaction = min(elapsed, max(reported_ms, elapsed - rtt_ms - tolerance_ms))
    return max(0, min(elapsed - reaction, cap_ms, available_ms))


@dataclass(frozen=True, eq=False)
class Verdict:
    """The rules' judgement of one action of one seat on one state at one time: what `judge`
    returned, or what it raised. Made ahead of `act` (to decide what a window holds, or what wins
    its races), it is what `act` uses for that very action on that very state, at that time."""

    state: State  # the state it was judged on
    seat: int
    action: Any
    now_ms: int
    outcome: tuple[dict, State, list[dict]] | Exception

    @property
    def accepted(self) -> bool:
        return not isinstance(self.outcome, Exception)

    @property
    def after(self) -> State:
        """The state an accepted action leaves (the one it was judged on, if refused)."""
        return self.state if isinstance(self.outcome, Exception) else self.outcome[1]

    def fits(self, state: State, seat: int, action: Any, now_ms: int) -> bool:
        """Whether it answers this question: states are never changed in place, so the same object
        is the same state."""
        return state is self.state and seat == self.seat and action is self.action and now_ms == self.now_ms

    def result(self) -> tuple[dict, State, list[dict]]:
        """What `judge` returned; or it raises again what `judge` raised."""
        if isinstance(self.outcome, Exception):
            raise self.outcome
        return self.outcome


def verdict(engine: Engine, state: State, seat: int, action: Any, now_ms: int) -> Verdict:
    try:
        outcome: tuple[dict, State, list[dict]] | Exception = judge(engine, state, seat, action, now_ms)
    except Exception as exc:  # IllegalAction, or a rules bug that `act` logs when it uses the verdict
        outcome = exc
    return Verdict(state, seat, action, now_ms, outcome)


@dataclass
class Held:
    """An action waiting in a window: who sent it, when, what it reported, and whom to answer."""

    order: int  # receipt order, the tie-break of equal compensated times
    seat: int
    action: Any
    client_seq: int | None
    bot: bool
    received_ms: int
    compensation_ms: int
    cards: list[int] | None  # the cards a race action contends for; None: no race action
    seen_version: int | None = None
    reported_ms: int | None = None
    sent_ms: int | None = None  # when the version it reacted to was sent
    # Its check when it opened the window, used at the release if it meets that state at that time.
    verdict: Verdict | None = field(default=None, repr=False)
    answer: Callable[[dict | BaseException], None] = field(default=lambda reply: None, repr=False)

    @property
    def compensated_ms(self) -> int:
        return self.received_ms - self.compensation_ms

    def timing(self, race: dict | None) -> dict:
        """What the log keeps of it: receipt, report and compensation (and the race it won)."""
        kept: dict[str, Any] = {
            "received_ms": self.received_ms,
            "reported_ms": self.reported_ms,
            "seen_version": self.seen_version,
            "compensation_ms": self.compensation_ms,
        }
        if race is not None:
            kept["race"] = race
        return kept

    def contender(self) -> dict:
        reaction = self.compensated_ms - self.sent_ms if self.sent_ms is not None else None
        return {
            "seat": self.seat,
            "received_ms": self.received_ms,
            "reported_ms": self.reported_ms,
            "reaction_ms": reaction,
            "compensation_ms": self.compensation_ms,
            "compensated_ms": self.compensated_ms,
        }


def race_judged(winner: Held, losers: list[Held]) -> dict:
    """The public evidence of one contested race, beside the rules' own events."""
    return {
        "type": "race_judged",
        "cards": winner.cards,
        "winner": winner.seat,
        "contenders": [winner.contender(), *(loser.contender() for loser in losers)],
    }


def evidence(ordered: list[Held], accepted: dict[int, bool]) -> dict[int, dict]:
    """The `race_judged` event of each winner of a contested race, by its order, given which held
    actions (in judging order) the engine accepts: a race action it accepts wins against every
    later race action of another seat, for any of the same cards, that it then refuses."""
    races: dict[int, dict] = {}
    beaten: set[int] = set()
    for i, winner in enumerate(ordered):
        if winner.cards is None or not accepted[winner.order]:
            continue
        losers = [
            held
            for held in ordered[i + 1 :]
            if held.cards is not None
            and held.seat != winner.seat
            and not accepted[held.order]
            and held.order not in beaten
            and set(held.cards) & set(winner.cards)
        ]
        if losers:
            beaten.update(held.order for held in losers)
            races[winner.order] = race_judged(winner, losers)
    return races


def probe(subscribers: Iterable, now_ms: int) -> None:
    """Probe each measured socket that is due: quickly until it has a few samples, then now and then."""
    for sub in list(subscribers):
        meter = sub.meter
        if meter is None:
            continue
        every = PROBE_FIRST_MS if len(meter.samples) < PROBES_QUICK else PROBE_EVERY_MS
        if now_ms - meter.probed_ms >= every:
            sub.send(meter.probe(now_ms))


class Referee:
    """The lag measurements and the open window of one table."""

    def __init__(self, engine: Engine, cap_ms: int) -> None:
        self.races = engine.actions.races
        self.cap_ms = cap_ms
        self.sent: OrderedDict[int, int] = OrderedDict()
        self.quotas: dict[int, Quota] = {}
        self.held: list[Held] | None = None  # None: no window open
        self.ends_ms = 0
        self._order = 0

    def new_game(self) -> None:
        self.sent.clear()
        self.quotas.clear()

    def sent_version(self, version: int, now_ms: int) -> None:
        self.sent[version] = now_ms
        while len(self.sent) > SENT_KEPT:
            self.sent.popitem(last=False)

    def quota(self, seat: int, now_ms: int) -> Quota:
        if seat not in self.quotas:
            self.quotas[seat] = Quota(self.cap_ms, now_ms)
        return self.quotas[seat]

    def most(self, seat: int, rtt_ms: int | None, now_ms: int) -> int:
        """The most compensation a claim of `seat` could get now."""
        if rtt_ms is None:
            return 0
        return min(self.cap_ms, rtt_ms + TOLERANCE_MS, self.quota(seat, now_ms).available(now_ms))

    def entry(
        self,
        seat: int,
        action: Any,
        normal: dict | None,
        seen_version: int | None,
        reported_ms: int | None,
        rtt_ms: int | None,
        received_ms: int,
        client_seq: int | None,
        bot: bool,
    ) -> Held:
        """An action as the window would hold it, its compensation worked out."""
        self._order += 1
        cards = None
        if normal is not None and normal.get("type") in self.races:
            cards = self.races[normal["type"]](normal)
        sent = None
        if cards is not None:
            # Without a report, the version on the table when it arrived: for the evidence only.
            latest = next(reversed(self.sent), None)
            version = seen_version if seen_version is not None else latest
            sent = self.sent.get(version) if version is not None else None
        comp = 0
        if sent is not None and seen_version is not None and not bot:
            comp = compensation(
                received_ms,
                sent,
                reported_ms,
                rtt_ms,
                self.quota(seat, received_ms).available(received_ms),
                self.cap_ms,
            )
        return Held(
            self._order,
            seat,
            action,
            client_seq,
            bot,
            received_ms,
            comp,
            cards,
            seen_version if cards is not None else None,
            reported_ms if cards is not None else None,
            sent,
        )

    def open(self, first: Held, ends_ms: int) -> None:
        self.held, self.ends_ms = [first], ends_ms

    def close(self) -> list[Held]:
        """The held actions in the order the engine judges them: compensated time, then receipt."""
        held, self.held = self.held or [], None
        return sorted(held, key=lambda h: (h.compensated_ms, h.order))
