"""A player's history and a title's leaderboard over REST, from games played through the API."""

from __future__ import annotations

import pytest
from sqlalchemy import insert

from dorhami.ratings import PROVISIONAL_GAMES, ordinal
from dorhami.storage.records import RatingRecord

from ..hub.test_ratings import MU, SIGMA, reference
from .factories import new_player, play_to_the_end, seated_game


def test_a_finished_game_shows_in_both_players_history_with_its_rating_change(client):
    code, host, guest = seated_game(client)
    result, _ = play_to_the_end(client, code, [host, guest])
    game_id = client.get(f"/api/rooms/{code}").json()["game_id"]
    winner = 0 if result["winners"] == [0] else 1
    [[won], [lost]] = reference([[(MU, SIGMA)], [(MU, SIGMA)]], [1, 2])
    for seat, person in enumerate((host, guest)):
        body = client.get(f"/api/players/{person['id']}").json()
        assert body["min_games"] == PROVISIONAL_GAMES
        assert body["name"] == person["name"] and "token" not in str(body) and "recovery" not in str(body)
        mu, sigma = won if seat == winner else lost
        [title] = body["titles"]
        assert title["game"] == "jekyll-vs-hyde" and title["played"] == 1 and title["won"] == (seat == winner)
        assert title["rating"]["mu"] == pytest.approx(mu) and title["rating"]["sigma"] == pytest.approx(sigma)
        assert title["rating"]["provisional"] is True and title["rating"]["games"] == 1
        [recent] = body["recent"]
        assert recent["game_id"] == game_id and recent["replay_url"] == f"/replay/{game_id}"
        assert recent["rank"] == (1 if seat == winner else 2) and recent["rated"] is True
        assert recent["rating_change"] == pytest.approx(ordinal(mu, sigma) - ordinal(MU, SIGMA))
        assert [p["ordinal"] for p in body["history"]["jekyll-vs-hyde"]] == [pytest.approx(ordinal(mu, sigma))]
    # Still provisional: nobody is on the board yet.
    board = client.get("/api/leaderboards/jekyll-vs-hyde").json()
    assert board["total"] == 0 and board["players"] == [] and board["next_offset"] is None


def test_a_game_a_player_left_counts_for_nobody(client):
    code, host, guest = seated_game(client)
    assert client.post(f"/api/rooms/{code}/leave", headers=guest["headers"]).json()["handed_to_bot"]
    play_to_the_end(client, code, [host])
    body = client.get(f"/api/players/{guest['id']}").json()
    assert [r["rated"] for r in body["recent"]] == [False]
    assert body["titles"][0]["rating"] is None and body["history"] == {}


# A well-formed id that nobody has (fixed: xdist workers must collect the same tests).
@pytest.mark.parametrize("bad", ["nobody", "0" * 31, "G" * 32, "a" * 300, "5f0c3e9a1b2d4c6e8f7a9b0c1d2e3f4a"])
def test_an_unknown_player_is_a_typed_404(client, bad):
    response = client.get(f"/api/players/{bad}")
    assert response.status_code == 404 and response.json()["code"] == "player_not_found"
    assert client.get(f"/p/{bad}").status_code == 404


def test_an_unknown_game_is_a_typed_404(client):
    assert client.get("/api/leaderboards/" + "x" * 300).json()["code"] == "unknown_game"
    response = client.get("/api/leaderboards/chess")
    assert response.status_code == 404 and response.json()["code"] == "unknown_game"
    assert client.get("/leaderboard/chess").status_code == 404
    assert client.get("/leaderboard/jekyll-vs-hyde").status_code == 200


def test_the_leaderboard_orders_by_ordinal_then_games_then_id_and_pages(client):
    people = [new_player(client, f"R{i}") for i in range(7)]
    # (mu, sigma, games) for each; R5 is provisional; R1 and R2 tie on ordinal, R2 has more games.
    rows = [(30, 2, 9), (28, 3, 5), (28, 3, 8), (40, 10, 6), (20, 1, 12), (50, 1, PROVISIONAL_GAMES - 1), (26, 2, 5)]
    engine = client.app.state.hub.store.engine
    with engine.begin() as connection:
        connection.execute(
            insert(RatingRecord),
            [
                {
                    "player_id": p["id"],
                    "game": "jekyll-vs-hyde",
                    "mu": mu,
                    "sigma": s,
                    "ordinal": ordinal(mu, s),
                    "games": n,
                    "updated_ms": 1,
                }
                for p, (mu, s, n) in zip(people, rows)
            ],
        )
        connection.execute(
            insert(RatingRecord),
            [
                {
                    "player_id": people[0]["id"],
                    "game": "queendomino",
                    "mu": 99,
                    "sigma": 1,
                    "ordinal": 96,
                    "games": 9,
                    "updated_ms": 1,
                }
            ],
        )
    expected = [
        people[i]["id"]
        for i in sorted((0, 1, 2, 3, 4, 6), key=lambda i: (-ordinal(*rows[i][:2]), -rows[i][2], people[i]["id"]))
    ]
    assert expected.index(people[2]["id"]) < expected.index(people[1]["id"])
    seen, offset = [], 0
    while offset is not None:
        page = client.get(f"/api/leaderboards/jekyll-vs-hyde?offset={offset}&limit=4").json()
        assert page["total"] == 6 and page["min_games"] == PROVISIONAL_GAMES
        seen += page["players"]
        offset = page["next_offset"]
    assert [p["id"] for p in seen] == expected
    assert [p["position"] for p in seen] == [1, 2, 3, 4, 5, 6]
    assert all(not p["rating"]["provisional"] for p in seen)
    assert seen[0]["name"] == "R0" and seen[0]["rating"]["ordinal"] == pytest.approx(24)
    assert client.get("/api/leaderboards/jekyll-vs-hyde?limit=101").status_code == 422
    assert client.get("/api/leaderboards/jekyll-vs-hyde?offset=-1").status_code == 422
