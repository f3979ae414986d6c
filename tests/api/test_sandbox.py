"""The rules sandbox: whole games of every title over HTTP, and tokens that cannot be forged."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dorhami.api.rate import RateLimits
from dorhami.app import create_app
from dorhami.catalogue import GAMES, get_engine
from dorhami.config import Settings
from dorhami.engine import events_for

sys.path.insert(0, str(Path(__file__).parents[2] / "scripts"))
from sandbox_bot import play  # noqa: E402  (docs/API.md's bot, run as written)

QUICK = {"jekyll-vs-hyde": {"timers_enabled": False}, "queendomino": {"rounds": 4}, "camel-up-cards": {"races": 1}}


@pytest.fixture
def unlimited(database_url):
    """A whole game is hundreds of calls: no rate limit here (the limit has its own test)."""
    with TestClient(create_app(Settings(database_url=database_url, rate_limits=False))) as client:
        yield client


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_the_readme_bot_plays_a_whole_game_of_every_title(unlimited, slug):
    client = unlimited
    players = max(2, GAMES[slug].player_range(GAMES[slug].validate_config(QUICK.get(slug, {})))[0])
    result = play(client, slug, players=players, seed=3, config=QUICK.get(slug))
    assert set(result) >= {"winners", "scores", "ranking"}


def test_answers_are_the_engine_s_own_views_legal_actions_and_events(client):
    engine = get_engine("camel-up-cards")
    state = engine.setup(3, 9, {})
    answer = client.post("/api/sandbox/camel-up-cards/new", json={"players": 3, "seed": 9}).json()
    rng = random.Random(4)
    for step in range(6):
        for seat in range(3):
            assert answer["seats"][seat]["view"] == engine.view(state, seat)
            assert answer["seats"][seat]["legal_actions"] == engine.legal_actions(state, seat)
        assert answer["spectator"]["view"] == engine.view(state, None)
        seat = next(s for s in range(3) if engine.legal_actions(state, s))
        action = rng.choice(engine.legal_actions(state, seat))
        state, events = engine.apply(state, seat, action, step)
        answer = client.post(
            "/api/sandbox/camel-up-cards/apply",
            json={"state": answer["state"], "seat": seat, "action": action, "now_ms": step},
        ).json()
        assert answer["seats"][seat]["events"] == events_for(events, seat)
        assert answer["spectator"]["events"] == events_for(events, None)


def test_a_refused_action_gets_the_rules_code_and_the_token_still_works(client):
    answer = client.post("/api/sandbox/jekyll-vs-hyde/new", json={"players": 2, "seed": 1}).json()
    token = answer["state"]
    card = answer["seats"][0]["view"]["hand"][0]
    response = client.post(
        "/api/sandbox/jekyll-vs-hyde/apply",
        json={"state": token, "seat": 0, "action": {"type": "play_card", "card": card, "named_color": None}},
    )
    assert response.status_code == 409 and response.json()["code"] == "wrong_phase"  # the exchange comes first
    assert (
        client.post(
            "/api/sandbox/jekyll-vs-hyde/apply", json={"state": token, "seat": 2, "action": {"type": "x"}}
        ).json()["code"]
        == "no_such_seat"
    )
    legal = answer["seats"][0]["legal_actions"][0]
    assert (
        client.post("/api/sandbox/jekyll-vs-hyde/apply", json={"state": token, "seat": 0, "action": legal}).status_code
        == 200
    )


def tampered(token: str) -> list[str]:
    """The token with one character changed in its payload, and in its signature."""
    body, _, signature = token.rpartition(".")
    flip = {"A": "B"}.get(body[5], "A")
    return [body[:5] + flip + body[6:] + "." + signature, body + "." + signature[::-1]]


def test_forged_tampered_foreign_and_oversized_tokens_are_refused(client, database_url):
    token = client.post("/api/sandbox/twin-it/new", json={"players": 2, "seed": 1}).json()["state"]
    for bad in tampered(token):
        response = client.post("/api/sandbox/twin-it/advance", json={"state": bad, "now_ms": 5000})
        assert response.status_code == 400 and response.json()["code"] == "bad_token"
    # Another game's token, and a token another server (another secret) signed.
    response = client.post("/api/sandbox/double-connect/advance", json={"state": token, "now_ms": 1})
    assert response.json()["code"] == "bad_token"
    with TestClient(create_app(Settings(database_url=database_url, secret="another"))) as other:
        foreign = other.post("/api/sandbox/twin-it/new", json={"players": 2, "seed": 1}).json()["state"]
    assert (
        client.post("/api/sandbox/twin-it/advance", json={"state": foreign, "now_ms": 1}).json()["code"] == "bad_token"
    )
    response = client.post("/api/sandbox/twin-it/advance", json={"state": "x" * 50_000, "now_ms": 1})
    assert response.status_code == 422
    assert client.post("/api/sandbox/twin-it/advance", json={"state": token, "now_ms": 5000}).status_code == 200


def test_the_same_secret_signs_for_every_process(database_url):
    """With DORHAMI_SECRET set, a token made by one process is good on another (a restart)."""
    settings = Settings(database_url=database_url, secret="shared")
    with TestClient(create_app(settings)) as first:
        token = first.post("/api/sandbox/queendomino/new", json={"players": 2}).json()["state"]
    with TestClient(create_app(settings)) as second:
        assert second.post("/api/sandbox/queendomino/advance", json={"state": token}).status_code == 200


def test_the_sandbox_is_rate_limited_per_address(database_url):
    with TestClient(create_app(Settings(database_url=database_url))) as client:
        # A frozen clock: the buckets never refill, however slowly this machine answers.
        client.app.state.rate_limits = RateLimits(True, clock=lambda: 0.0)
        codes = [client.post("/api/sandbox/twin-it/new", json={"players": 2}).status_code for _ in range(101)]
    assert codes == [200] * 100 + [429]


def test_bad_bodies_and_unknown_games_get_typed_errors(client):
    assert client.post("/api/sandbox/chess/new", json={"players": 2}).json()["code"] == "unknown_game"
    assert client.post("/api/sandbox/twin-it/new", json={"players": 9}).status_code == 422
    response = client.post("/api/sandbox/twin-it/new", json={"players": 2, "config": {"mode": "duel"}})
    assert response.status_code == 400 and response.json()["code"] == "invalid_config"
    response = client.post("/api/sandbox/jekyll-vs-hyde/new", json={"players": 3})
    assert response.status_code == 400 and response.json()["code"] == "invalid_players"


def test_the_schema_has_a_worked_example_per_game_and_each_one_works(client):
    schema = client.get("/openapi.json").json()
    for verb in ("new", "apply"):
        examples = schema["paths"][f"/api/sandbox/{{game}}/{verb}"]["post"]["requestBody"]["content"][
            "application/json"
        ]["examples"]
        assert set(examples) == set(GAMES)
    for slug, example in examples.items():  # apply's: run each on the game its /new example makes
        made = schema["paths"]["/api/sandbox/{game}/new"]["post"]["requestBody"]["content"]["application/json"][
            "examples"
        ][slug]["value"]
        token = client.post(f"/api/sandbox/{slug}/new", json=made).json()["state"]
        response = client.post(f"/api/sandbox/{slug}/apply", json={**example["value"], "state": token})
        assert response.status_code == 200, (slug, response.text)


def test_an_action_is_judged_as_a_table_judges_it_schema_first_then_rules(client):
    """The sandbox refuses what a room refuses: a field the action does not have is malformed, and
    the race report fields (seen_version, reaction_ms) are the hub's, stripped before the rules."""
    answer = client.post("/api/sandbox/twin-it/new", json={"players": 2, "config": {"start_countdown_ms": 0}}).json()
    answer = client.post("/api/sandbox/twin-it/advance", json={"state": answer["state"], "now_ms": 0}).json()
    seat = next(s["seat"] for s in answer["seats"] if {"type": "flip"} in s["legal_actions"])
    token = answer["state"]
    response = client.post(
        "/api/sandbox/twin-it/apply",
        json={"state": token, "seat": seat, "action": {"type": "flip", "face": 1}, "now_ms": 10},
    )
    assert response.status_code == 400 and response.json()["code"] == "malformed"
    pair = next(a for a in answer["seats"][seat]["legal_actions"] if a["type"] == "claim")
    reported = {**pair, "seen_version": 0, "reaction_ms": 250}
    response = client.post(
        "/api/sandbox/twin-it/apply", json={"state": token, "seat": seat, "action": reported, "now_ms": 10}
    )
    assert response.status_code == 200, response.text  # a set or a mistake: judged either way
