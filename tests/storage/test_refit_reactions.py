"""scripts/refit_reactions.py: it recovers a known reaction model from a database's action log,
and prints no player's identity."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from sqlalchemy import insert

from dorhami.catalogue import get_engine
from dorhami.games.twin_it.strategy import items_on_view
from dorhami.storage.db import make_engine
from dorhami.storage.records import ActionRecord, Base, GameRecord, PlayerRecord, RoomRecord, SeatRecord
from tests.support.botsim import bot_game

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import refit_reactions  # noqa: E402

ENGINE = get_engine("twin-it")
BASE, SLOPE, SIGMA, TAU = 600, 40, 0.1, 0.3  # the "players'" model the refit should find
SECRET = "player-7f3c-secret"


def logged_games(seeds: range) -> list[tuple[int, list[dict]]]:
    """Bot games as a table would log them, each claim with a reaction drawn from the known model."""
    rng = random.Random(5)
    games = []
    for seed in seeds:
        _, log = bot_game(ENGINE, ["normal", "normal"], seed)
        state = ENGINE.setup(2, seed, {}, now_ms=0)
        rows = []
        for seq, (seat, action, now) in enumerate(log, start=1):
            timing = None
            if seat is not None and action["type"] == "claim":
                mu = BASE + SLOPE * items_on_view(ENGINE.view(state, seat))
                reported = round(rng.gauss(mu, SIGMA * mu) + rng.expovariate(1 / (TAU * mu)))
                timing = {"received_ms": now, "reported_ms": reported, "seen_version": seq - 1, "compensation_ms": 0}
            if seat is None:
                state, _ = ENGINE.advance(state, now)
            else:
                state, _ = ENGINE.apply(state, seat, action, now)
            rows.append({"seq": seq, "seat": seat, "action": dict(action or {}), "server_ms": now, "timing": timing})
        games.append((seed, rows))
    return games


def test_the_refit_recovers_the_model_and_prints_no_identity(tmp_path, monkeypatch, capsys):
    url = f"sqlite:///{tmp_path / 'reactions.db'}"
    db = make_engine(url)
    Base.metadata.create_all(db)
    with db.begin() as connection:
        connection.execute(insert(PlayerRecord.__table__), [{"id": SECRET, "name": "Sara"}])
        for game_id, (seed, rows) in enumerate(logged_games(range(8)), start=1):
            connection.execute(
                insert(RoomRecord.__table__),
                [
                    {
                        "id": game_id,
                        "code": f"R{game_id}",
                        "game": "twin-it",
                        "config": {},
                        "private": False,
                        "host_id": SECRET,
                    }
                ],
            )
            connection.execute(insert(SeatRecord.__table__), [{"room_id": game_id, "seat": 0, "player_id": SECRET}])
            connection.execute(
                insert(GameRecord.__table__),
                [
                    {
                        "id": game_id,
                        "room_id": game_id,
                        "seed": seed,
                        "config": {},
                        "players": 2,
                        "started_ms": 0,
                        "seat_players": [SECRET, None],
                    }
                ],
            )
            connection.execute(insert(ActionRecord.__table__), [{"game_id": game_id, **row} for row in rows])
    db.dispose()
    monkeypatch.setenv("DATABASE_URL", url)
    assert refit_reactions.main(["twin-it", "--min-reports", "5"]) == 0
    out = capsys.readouterr().out
    assert SECRET not in out and "Sara" not in out
    fitted = json.loads(out)
    model = fitted["all_players"]
    assert fitted["reports"] > 120, fitted
    assert abs(model["slope"] - SLOPE) < 0.25 * SLOPE and abs(model["base"] - BASE) < 0.5 * BASE, model
    assert 0.15 < model["tau"] < 0.45 and model["sigma"] < 0.25, model
    assert set(fitted["levels"]) == {"easy", "normal", "hard"}
    assert fitted["levels"]["hard"]["slope"] <= fitted["levels"]["easy"]["slope"]
