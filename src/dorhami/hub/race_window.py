"""The race window of a table whose room compensates lag (hub/claims.py says how claims are ordered).

A race action someone could still win with an earlier reaction waits in a window; while a window
is open every action waits in it, so the engine still gets one ordered stream. When it closes, what
it held is judged in compensated order, each at its compensated time, and the table's own `act`
commits it: this module orders, the engine judges. The rules judge each action once: the check
that decides whether a window opens, and the judging of a window's actions at its close (which
must know who wins each race before the winner is committed), are the verdicts `act` uses, as
long as the action meets the state and time they were made for. Everything here runs inside the
table's actor.
"""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Any

from ..engine import IllegalAction
from ..engine.actions import split_reaction
from ..errors import ErrorCode
from . import claims, messages
from .audience import Audience
from .fanout import Subscriber
from .leavers import StandIns
from .live_game import LiveGame
from .room_rules import RoomRules
from .seating import Seating
from .services import TableEffects, TableServices


class RaceWindow:
    """The referee of one table's contested claims, its window's release and its round-trip probes."""

    def __init__(
        self,
        rules: RoomRules,
        seating: Seating,
        stand_ins: StandIns,
        audience: Audience,
        services: TableServices,
        table: TableEffects,
    ) -> None:
        self.engine, self.clock = rules.engine, services.clock
        self.referee = claims.Referee(rules.engine, services.settings.lag_cap_ms)
        self.seating, self.stand_ins, self.subscribers = seating, stand_ins, audience.subscribers
        self.table = table  # the table's weak proxy (hub/services.py)
        self.release: asyncio.Task | None = None
        self.prober: asyncio.Task | None = None

    def holds(self, seat: int | None, client_seq: int | None) -> bool:
        """Whether an action of `seat` goes through the window (else straight to `act`)."""
        game = self.table.game
        return not (
            game is None
            or game.result is not None
            or seat is None
            or self.seating.room.status != "playing"
            or (client_seq is not None and client_seq in game.replies.get(seat, {}))
        )

    async def offer(
        self,
        seat: int,
        action: Any,
        stamp_ms: int,
        client_seq: int | None,
        meter: claims.LagMeter | None = None,
        bot: bool = False,
    ) -> dict | asyncio.Future:
        """`act` now, or a future of its reply when the action must wait in a window."""
        referee, game, act = self.referee, self.table.game, self.table.act
        assert game is not None
        try:
            normal = self.engine.actions.normalise(action)
        except IllegalAction:
            normal = None  # refused by `act`, at once or at the window's release
        _, seen, reported = split_reaction(normal) if normal is not None else (None, None, None)
        if seen is not None and seen > game.version:
            # It reacted to a version this game never had: a claim of the previous game, still on
            # its way when the rematch began, must not land on this one.
            return messages.error(
                ErrorCode.STALE_VERSION,
                f"this game is at version {game.version}, but the action reacted to version {seen}",
                client_seq,
            )
        rtt = meter.rtt_ms() if meter is not None else None
        held = referee.entry(seat, action, normal, seen, reported, rtt, stamp_ms, client_seq, bot)
        if referee.held is not None:
            referee.held.append(held)
            return self._pending(held)
        if held.cards is None:
            return await act(seat, action, stamp_ms, client_seq, bot)
        # As `act` would judge it now: a refused one opens no window.
        held.verdict = claims.verdict(self.engine, game.state, seat, action, max(stamp_ms, game.last_ms))
        if not held.verdict.accepted:
            return await self._act(held.verdict, seat, action, stamp_ms, client_seq, bot)
        rivals = max(
            (referee.most(other, self._rtt_of(other), stamp_ms) for other in self._racers(game, seat)), default=0
        )
        if rivals <= held.compensation_ms:
            # Nobody's claim could count earlier than this one: no wait.
            return await self._act(held.verdict, seat, action, stamp_ms, client_seq, bot)
        referee.open(held, held.compensated_ms + rivals)
        self.release = asyncio.create_task(self._release_at(referee.ends_ms))
        return self._pending(held)

    async def _act(self, verdict: claims.Verdict | None, *args: Any) -> dict:
        """The table's `act`, given the rules' verdict on the action (see LiveGame.judge)."""
        game = self.table.game
        assert game is not None
        game.ahead = verdict
        try:
            return await self.table.act(*args)
        finally:
            game.ahead = None  # `act` may answer without judging (a resent client_seq)

    def _racers(self, game: LiveGame, seat: int) -> list[int]:
        """The other seats a person plays that may send a race action now."""
        races = self.engine.actions.races
        return [
            other
            for other, record in self.seating.seats.items()
            if other != seat
            and record.player_id
            and other not in self.stand_ins.seats
            and any(a.get("type") in races for a in self.engine.compact_legal_actions(game.state, other))
        ]

    def _rtt_of(self, seat: int) -> int | None:
        """The largest RTT estimate among the seat's probed sockets (any of them may claim)."""
        player = self.seating.seats[seat].player_id
        rtts = [
            rtt
            for sub in self.subscribers
            if sub.player_id == player
            and sub.meter is not None
            and sub.meter.samples
            and (rtt := sub.meter.rtt_ms()) is not None
        ]
        return max(rtts) if rtts else None

    def _pending(self, held: claims.Held) -> asyncio.Future:
        future = asyncio.get_running_loop().create_future()
        held.answer = partial(settle, future)
        return future

    async def _release_at(self, ends_ms: int) -> None:
        await self.clock.sleep_until(ends_ms)
        self.table.post(self.release_now)

    async def release_now(self) -> None:
        """The window closes: judge what it held in compensated order, each at its compensated
        time, the winner of each contested race carrying the evidence."""
        referee = self.referee
        if referee.held is None:
            return
        ordered = referee.close()
        verdicts = self._judged_in_order(ordered)
        accepted = {held.order: held.order in verdicts and verdicts[held.order].accepted for held in ordered}
        races = claims.evidence(ordered, accepted)
        for held in ordered:
            race = races.get(held.order)
            try:
                reply = await self._act(
                    verdicts.get(held.order),
                    held.seat,
                    held.action,
                    held.compensated_ms,
                    held.client_seq,
                    held.bot,
                    held.timing(race) if held.cards is not None else None,
                    race,
                )
            except Exception as exc:
                held.answer(exc)
                continue
            if reply["type"] == "ack" and held.compensation_ms:
                referee.quota(held.seat, held.received_ms).spend(held.compensation_ms, held.received_ms)
            held.answer(reply)
        self.table.schedule_timer()

    def _judged_in_order(self, ordered: list[claims.Held]) -> dict[int, claims.Verdict]:
        """The rules' verdict on each held action, by its order, as `act` will meet it: in judging
        order, each on the state the ones before it leave, at its compensated time. The winners of
        the races need them all before the first is committed. An action `act` answers from memory
        (its client_seq answered before) has none; the check that opened the window counts if its
        action still meets the state and time it was made for."""
        game = self.table.game
        assert game is not None
        state, last = game.state, game.last_ms
        verdicts: dict[int, claims.Verdict] = {}
        sent = {(seat, seq) for seat, replies in game.replies.items() for seq in replies}
        for held in ordered:
            now = max(held.compensated_ms, last)
            if held.client_seq is not None:
                if (held.seat, held.client_seq) in sent:
                    continue
                sent.add((held.seat, held.client_seq))
            verdict = held.verdict
            if verdict is None or not verdict.fits(state, held.seat, held.action, now):
                verdict = claims.verdict(self.engine, state, held.seat, held.action, now)
            verdicts[held.order] = verdict
            if verdict.accepted:
                state, last = verdict.after, now
        return verdicts

    def probe(self, sub: Subscriber) -> None:
        """Measure a seated socket's round trips, for lag compensation."""
        if sub.player_id is None:
            return
        sub.meter = claims.LagMeter()
        if self.prober is None or self.prober.done():
            self.prober = asyncio.create_task(self._probe_forever())

    async def _probe_forever(self) -> None:
        while any(sub.meter is not None for sub in self.subscribers) and not self.table.retired:
            now = self.clock.now_ms()
            claims.probe(self.subscribers, now)
            await self.clock.sleep_until(now + claims.PROBE_FIRST_MS)

    def cancel(self) -> None:
        """Call off the window's release and the probes; whatever waits in the window is told to
        ask again (the table left memory)."""
        for task in (self.release, self.prober):
            if task:
                task.cancel()

    def close_held(self, why: BaseException) -> None:
        for held in self.referee.close():
            held.answer(why)


def settle(future: asyncio.Future, reply: dict | BaseException) -> None:
    """Answer a held action's waiter, if it still waits (its socket may have gone)."""
    if future.done():
        return
    if isinstance(reply, BaseException):
        future.set_exception(reply)
    else:
        future.set_result(reply)
