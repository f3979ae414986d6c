"""Check a finished game from what was stored (GET /api/games/{id}/verify): the revealed server seed
matches the commitment published before the deal, the game seed is the one the scheme derives
(hub/fairness.py), and the log replays from that seed's setup to the stored result. Each check is
named, so a tampered record says which part does not hold."""

from __future__ import annotations

from ..engine import Engine, IllegalAction
from . import fairness
from .replay import initial_state, replay_row


def seed_scheme(record, room_code: str) -> str | None:
    """Which message gave the game its seed (hub/fairness.py): the room's id, or its code for a game
    dealt before the id replaced it; None when neither does (a tampered record)."""
    if record.server_seed is None:
        return None
    for scheme, room in ((fairness.ROOM_ID, record.room_id), (fairness.ROOM_CODE, room_code)):
        signed = fairness.message(room, record.game_number, record.client_seeds or [], record.config)
        if fairness.game_seed(record.server_seed, signed) == record.seed:
            return scheme
    return None


def revealed(record, room_code: str) -> dict | None:
    """What a finished game reveals for checking; None for a game without a commitment. Never the
    room's code: for a private room it is the invitation, and finished games are public."""
    if record.commitment is None:
        return None
    return {
        "room_id": record.room_id,
        "seed_scheme": seed_scheme(record, room_code),
        "game_number": record.game_number,
        "server_seed": record.server_seed,
        "commitment": record.commitment,
        "client_seeds": record.client_seeds or [],
        "config": record.config,
    }


def checks(engine: Engine, record, rows: list, room_code: str) -> list[dict]:
    """[{name, passed, detail}] for commitment, seed, replay and result, in that order."""
    found = []

    def check(name: str, passed: bool, detail: str) -> None:
        found.append({"name": name, "passed": bool(passed), "detail": detail})

    if record.commitment is None or record.server_seed is None:
        check("commitment", False, "this game was dealt without a commitment")
    else:
        check(
            "commitment",
            fairness.commitment(record.server_seed) == record.commitment,
            "SHA-256 of the revealed server seed equals the commitment published at the start",
        )
        scheme = seed_scheme(record, room_code)
        check(
            "seed",
            scheme is not None,
            "HMAC-SHA256(server seed, [room id, game number, client seeds, config]) gives the game's seed"
            if scheme != fairness.ROOM_CODE
            else "HMAC-SHA256(server seed, [room code, game number, client seeds, config]) gives the game's seed "
            "(a game dealt before the room's id replaced its code; the code stays private, so only the server "
            "can redo this check)",
        )
    try:
        state = initial_state(engine, record)
        for row in rows:
            state, _ = replay_row(engine, state, row)
    except (IllegalAction, KeyError, TypeError, ValueError) as exc:
        check("replay", False, f"the log does not replay from the seed's setup: {exc}")
        check("result", False, "no result without a replay")
        return found
    check("replay", True, f"all {len(rows)} log rows replay from the setup of that seed")
    check("result", engine.result(state) == record.result, "the replay ends with the stored result")
    return found
