"""Each player's progress through the games' tutorials (docs/TUTORIALS.md): small synchronous
functions over a `Repository`, run off the event loop with `Store.run`."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from .records import TutorialProgressRecord
from .repository import Repository


def progress_of(repo: Repository, player_id: str) -> list[TutorialProgressRecord]:
    with repo.sessions() as session:
        query = select(TutorialProgressRecord).where(TutorialProgressRecord.player_id == player_id)
        return list(session.scalars(query.order_by(TutorialProgressRecord.game)))


def save_progress(
    repo: Repository, player_id: str, game: str, step: int, done: bool, now_ms: int
) -> TutorialProgressRecord:
    """Record the step to resume at; `done` marks the tutorial finished (once: the first time is kept)."""
    for attempt in range(2):
        try:
            with repo.sessions.begin() as session:
                row = session.get(TutorialProgressRecord, (player_id, game))
                if row is None:
                    row = TutorialProgressRecord(
                        player_id=player_id, game=game, step=step, done_ms=None, updated_ms=now_ms
                    )
                    session.add(row)
                row.step, row.updated_ms = step, now_ms
                if done and row.done_ms is None:
                    row.done_ms = now_ms
            return row
        except IntegrityError:
            # Two first saves at once (two tabs): the second updates the row the first made.
            if attempt:
                raise
    raise AssertionError("unreachable")
