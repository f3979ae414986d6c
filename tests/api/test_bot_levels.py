"""Bot levels per game, each with its measured rating (issue 32 item 4; bench/quality/bot_ratings.py)."""

from __future__ import annotations

from dorhami.bot_ratings import BOT_RATINGS
from dorhami.catalogue import GAMES
from dorhami.hub import bots
from dorhami.ratings import ordinal
from tests.api.factories import new_player, new_room


def test_every_game_lists_its_levels_with_the_ratings_the_bench_measured(client):
    listed = {game["slug"]: game["bot_levels"] for game in client.get("/api/games").json()}
    for slug, engine in GAMES.items():
        assert [row["level"] for row in listed[slug]] == list(bots.levels(engine))
        for row in listed[slug]:
            measured = BOT_RATINGS.get(slug, {}).get(row["level"])
            if measured is None:
                assert row["rating"] is None and row["mu"] is None
            else:
                assert row["mu"] == measured["mu"] and row["rating"] == round(
                    ordinal(measured["mu"], measured["sigma"]), 1
                )


def test_a_level_a_game_has_not_is_refused(client):
    host = new_player(client, "Host")
    without = next(slug for slug, engine in GAMES.items() if "expert" not in bots.levels(engine))
    code = new_room(client, host, game=without)["code"]
    refused = client.post(f"/api/rooms/{code}/bots", json={"level": "expert"}, headers=host["headers"])
    assert refused.status_code == 400 and refused.json()["code"] == "invalid_level"
    assert client.post(f"/api/rooms/{code}/bots", json={"level": "hard"}, headers=host["headers"]).status_code == 201
