"""A stored game replayed from its log: the table's recovery and the per-viewer replays share it,
so what a replay shows is what the table itself rebuilds after a restart."""

from __future__ import annotations

from ..engine import Engine, Event, State, events_for


def initial_state(engine: Engine, record) -> State:
    """The game as `setup` made it (record: a GameRecord)."""
    return engine.setup(
        record.players, record.seed, record.config, now_ms=record.started_ms, previous_result=record.previous_result
    )


def replay_row(engine: Engine, state: State, row) -> tuple[State, list[Event]]:
    """One stored row applied to `state`: a timer's `advance` when its seat is null, else the
    action; a race's evidence (what the row's timing kept) is part of its events, as it was live."""
    if row.seat is None:
        return engine.advance(state, row.server_ms)
    state, events = engine.apply(state, row.seat, row.action, row.server_ms)
    if row.timing and row.timing.get("race"):
        events = [*events, row.timing["race"]]
    return state, events


def viewer_frames(
    engine: Engine, record, rows: list, seat: int | None, after: int = -1, limit: int | None = None
) -> list[dict]:
    """What `seat` (None: a spectator) saw at each version after `after`, at most `limit` of them:
    its view and the events it heard. Earlier versions are applied but never viewed (a view costs
    more than the move), and nothing past the page is replayed."""
    state = initial_state(engine, record)
    frames = []
    if after < 0:
        frames.append(
            {
                "version": 0,
                "server_ms": record.started_ms,
                "view": engine.view(state, seat),
                "events": events_for(engine.start_events(state), seat),
            }
        )
    for row in rows:
        if limit is not None and len(frames) >= limit:
            break
        state, events = replay_row(engine, state, row)
        if row.seq > after:
            frames.append(
                {
                    "version": row.seq,
                    "server_ms": row.server_ms,
                    "view": engine.view(state, seat),
                    "events": events_for(events, seat),
                }
            )
    return frames
