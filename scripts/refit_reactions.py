"""Refit the race bots' reaction model (docs/bots-race-model.md) to the reactions real players reported.

    DATABASE_URL=postgresql://… .venv/bin/python scripts/refit_reactions.py [twin-it double-connect]
        [--min-reports 10]

A race claim held in a lag-compensation window keeps, in the action log's `timing` column, the
reaction its client reported (`reported_ms`) and the state version it reacted to (`seen_version`);
a race it won also keeps the losers' reports (`race.contenders`). This script reads only those
figures, the games' seeds and configs and the logged actions (to replay each game and count what
was on view at that version), and never a player id or name: a (game, seat) is grouped only in
memory, to see how players' speeds spread, and is never printed.

It prints, per game, the parameters of the model each strategy.py keeps: reaction = ex-Gaussian
with mu = base + slope × items, spread sigma × mu and tail tau × mu; a slip chance
base + per_item × items; and the levels as players' speed percentiles (hard the 80th, normal the
50th, easy the 25th). Bots' claims report nothing, so they never enter the fit.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from sqlalchemy import select  # noqa: E402

from dorhami.catalogue import get_engine  # noqa: E402
from dorhami.games.double_connect import strategy as double_connect  # noqa: E402
from dorhami.games.twin_it import strategy as twin_it  # noqa: E402
from dorhami.hub.replay import initial_state, replay_row  # noqa: E402
from dorhami.storage.db import make_engine  # noqa: E402
from dorhami.storage.records import ActionRecord, GameRecord, RoomRecord  # noqa: E402

GAMES = ("twin-it", "double-connect")
MISTAKES = {"twin-it": "mistake", "double-connect": "claim_wrong"}
LEVELS = {"hard": 0.8, "normal": 0.5, "easy": 0.25}  # speed percentile each level plays at


class Sample(NamedTuple):
    game_seat: tuple[int, int]  # grouping only; never printed
    items: int
    reaction_ms: int
    slipped: bool | None  # None: a race loser's report, whose claim was refused


def items_on_view(slug: str, engine: Any, state: dict, seat: int) -> int:
    view = engine.view(state, seat)
    if slug == "twin-it":
        return twin_it.items_on_view(view)
    return double_connect.items_on_view(double_connect.targets_for(view, seat))


def reports(timing: dict | None, seat: int) -> list[tuple[int, int, bool]]:
    """(seat, reported ms, is the row's own claim) of every human report a row's timing keeps."""
    if not timing or timing.get("seen_version") is None:
        return []
    found = [(seat, timing["reported_ms"], True)] if timing.get("reported_ms") is not None else []
    for other in (timing.get("race") or {}).get("contenders", [])[1:]:
        if other.get("reported_ms") is not None:
            found.append((other["seat"], other["reported_ms"], False))
    return found


def samples(db: Any, slug: str) -> list[Sample]:
    """Every reported reaction of `slug` with what was on view at the version it reacted to."""
    engine = get_engine(slug)
    out: list[Sample] = []
    with db.connect() as connection:
        games = connection.execute(
            select(
                GameRecord.id,
                GameRecord.seed,
                GameRecord.config,
                GameRecord.players,
                GameRecord.started_ms,
                GameRecord.previous_result,
            )
            .join(RoomRecord, RoomRecord.id == GameRecord.room_id)
            .where(RoomRecord.game == slug)
            .order_by(GameRecord.id)
        ).all()
        for game in games:
            rows = connection.execute(
                select(
                    ActionRecord.seq,
                    ActionRecord.seat,
                    ActionRecord.action,
                    ActionRecord.server_ms,
                    ActionRecord.timing,
                )
                .where(ActionRecord.game_id == game.id)
                .order_by(ActionRecord.seq)
            ).all()
            wanted = {row.timing["seen_version"] for row in rows if reports(row.timing, row.seat)}
            if wanted:
                out += game_samples(slug, engine, game, rows, wanted)
    return out


def game_samples(slug: str, engine: Any, game: Any, rows: list, wanted: set[int]) -> list[Sample]:
    """Replay one game, noting the states at the versions players reacted to."""
    state = initial_state(engine, game)
    states = {0: state} if 0 in wanted else {}
    out = []
    for row in rows:
        after, events = replay_row(engine, state, row)
        for seat, reported, own in reports(row.timing, row.seat):
            seen = states.get(row.timing["seen_version"])
            if seen is not None:
                slipped = any(event.get("type") == MISTAKES[slug] for event in events) if own else None
                out.append(Sample((game.id, seat), items_on_view(slug, engine, seen, seat), reported, slipped))
        state = after
        if row.seq in wanted:
            states[row.seq] = state
    return out


def line(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """Least squares y = a + b x (b = 0 when x never varies)."""
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx if sxx else 0.0
    return my - b * mx, b


def ex_gaussian(zs: list[float]) -> tuple[float, float, float]:
    """(mu, sigma, tau) by the method of moments (skew 2 tau³ / s³; a skew ≥ 2 is all tail)."""
    m, s = statistics.fmean(zs), statistics.pstdev(zs)
    skew = sum((z - m) ** 3 for z in zs) / len(zs) / s**3 if s else 0.0
    tau = s * min(1.0, max(skew, 0.0) / 2) ** (1 / 3)
    return m - tau, (max(s * s - tau * tau, 0.0)) ** 0.5, tau


def refit(found: list[Sample], min_reports: int) -> dict[str, Any]:
    """The model's parameters fitted to `found` (see the module's docstring)."""
    xs, ys = [float(s.items) for s in found], [float(s.reaction_ms) for s in found]
    a, b = line(xs, ys)
    mean_at = [max(a + b * x, 1.0) for x in xs]
    mu, sigma, tau = ex_gaussian([y / m for y, m in zip(ys, mean_at, strict=True)])
    model = {"base": round(a * mu), "slope": round(b * mu, 1), "sigma": round(sigma / mu, 3), "tau": round(tau / mu, 3)}
    by_seat: dict[tuple[int, int], list[float]] = defaultdict(list)
    for sample, y, m in zip(found, ys, mean_at, strict=True):
        by_seat[sample.game_seat].append(y / m)
    speeds = sorted(statistics.median(v) for v in by_seat.values() if len(v) >= min_reports)
    levels = {}
    for level, percentile in LEVELS.items():
        if speeds:
            factor = speeds[min(len(speeds) - 1, int((1 - percentile) * len(speeds)))]
            levels[level] = {**model, "base": round(model["base"] * factor), "slope": round(model["slope"] * factor, 1)}
    judged = [s for s in found if s.slipped is not None]
    slip = {}
    if judged:
        base, per_item = line([float(s.items) for s in judged], [float(s.slipped) for s in judged])
        slip = {"base": round(base, 4), "per_item": round(per_item, 5), "claims": len(judged)}
    return {
        "reports": len(found),
        "items": [min(xs), max(xs)],
        "all_players": model,
        "players_with_enough_reports": len(speeds),
        "levels": levels,
        "slip": slip,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES), choices=GAMES)
    parser.add_argument("--min-reports", type=int, default=10, help="reports a seat needs to count as a player")
    args = parser.parse_args(argv)
    url = os.environ.get("DATABASE_URL")
    if not url:
        parser.error("set DATABASE_URL to the server's database")
    db = make_engine(url)
    for slug in args.games:
        found = samples(db, slug)
        fitted = refit(found, args.min_reports) if len(found) >= 3 else {"reports": len(found)}
        print(json.dumps({"game": slug, **fitted}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
