"""A stored game replayed from its log: the table's recovery and the per-viewer replays share it,
so what a replay shows is what the table itself rebuilds after a restart."""

from __future__ import annotations

from ..engine import Engine, Event, State, events_for


def initial_state(engine: Engine, record) -> State:
    """The game as `setup` made it (record: a GameRecord)."""
    return engine.setup(record.players, record.seed, record.config, now_ms=record.started_ms,
                        previous_result=record.previous_result)


def replay_row(engine: Engine, state: State, row) -> tuple[State, list[Event]]:
    """One stored row applied to `state`: a timer's `advance` when its seat is null, else the
    action; a race's evidence (what the row's timing kept) is part of its events, as it was live."""
    if row.seat is None:
        return engine.advance(state, row.server_ms)
    state, events = engine.apply(state, row.seat, row.action, row.server_ms)
    if row.timing and row.timing.get("race"):
        events = [*events, row.timing["race"]]
    return state, events


def viewer_frames(engine: Engine, record, rows: list, seat: int | None) -> list[dict]:
    """What `seat` (None: a spectator) saw at every version: its view and the events it heard."""
    state = initial_state(engine, record)
    frames = [{"version": 0, "server_ms": record.started_ms, "view": engine.view(state, seat),
               "events": events_for(engine.start_events(state), seat)}]
    for row in rows:
        state, events = replay_row(engine, state, row)
        frames.append({"version": row.seq, "server_ms": row.server_ms, "view": engine.view(state, seat),
                       "events": events_for(events, seat)})
    return frames
