"""Hostile input, reduced from bench/reliability/hostile.py: no 5xx, no traceback, no game changed by illegal input.

The live test sends a couple of hundred frames of every kind in `tests.support.hostile.KINDS` to a real
server (raw frames need a real socket: invalid UTF-8, cut-off frames, protocol violations) and
reads the server's log; the schemathesis test fuzzes every operation of the app in-process, with
room codes of live rooms, on whichever database the fixture gives.
"""

from __future__ import annotations

import asyncio
import logging
import random

import pytest
import requests
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from schemathesis.config import SchemathesisConfig

from dorhami.app import create_app
from dorhami.config import Settings
from tests.support import hostile

from .factories import new_player, new_room, seated_game

FRAMES = 200 * len(hostile.KINDS)  # a couple of hundred of each kind
EXAMPLES = 25  # schemathesis examples per operation and phase


@pytest.mark.slow
def test_hostile_frames_and_requests_get_typed_answers_and_change_no_game(database_url, tmp_path):
    log_path = tmp_path / "server.log"
    with hostile.live_server(database_url, log_path) as server:
        result = asyncio.run(hostile.attack(server, FRAMES, seed=3, silent=1, extra_rounds=2))
    log, tally = hostile.read_log(log_path), result["tally"]
    short = {
        kind.name: tally.frames[kind.name]
        for kind in hostile.KINDS
        if tally.frames[kind.name] < FRAMES // len(hostile.KINDS)
    }
    problems = [
        *(f"too few frames of {name}: {count}" for name, count in short.items()),
        *(f"5xx: {line}" for line in hostile.counted(tally.server_errors)),
        *(f"5xx in the access log: {line}" for line in hostile.counted(log.five_xx, alike=True)),
        # A traceback by its exception, however often it was logged.
        *(f"server log: {line}" for line in hostile.counted((e.splitlines()[-1] for e in log.errors), alike=True)),
        *(f"changed by illegal input: {change}" for change in result["changed"] + tally.acked),
        *(f"unexpected close: {surprise}" for surprise in hostile.counted(tally.surprises)),
        *(f"{count} frames of {kind} got no answer" for kind, count in tally.unanswered.items() if count),
    ]
    # Each kind ends the way the protocol says: a flood is closed 4429, a forged token 4401, and so on.
    for kind in hostile.KINDS:
        if kind.style != "greeted" and not tally.closes[kind.name]:
            problems.append(f"no socket of {kind.name} was closed at all")
    if problems:
        pytest.fail(f"{len(problems)} problems:\n" + "\n".join(p[:500] for p in problems[:40]), pytrace=False)


# -- schemathesis over every operation, in-process ----------------------------------------------

# Loaded at import, so that each operation is a test of its own. (schemathesis.pytest.from_fixture,
# which would build the schema from a fixture's live rooms, reads `request.node._nodeid`, which
# pytest 9 no longer has; live room codes go into each case below instead.)
SCHEMA = schemathesis.openapi.from_dict(
    create_app(Settings()).openapi(), config=SchemathesisConfig.from_dict(hostile.schemathesis_config(EXAMPLES))
)
TRANSPORT_FIELDS = ("method", "url", "headers", "params", "cookies", "json", "data", "files", "auth")


@pytest.fixture
def fuzzed_client(settings):
    # REST rate limits off: each generated request must reach the operation it targets, not a 429.
    # A 500 comes back as a response, which schemathesis reports with the request that caused it.
    app = create_app(settings.model_copy(update={"rate_limits": False}))
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


@pytest.fixture
def live_rooms(fuzzed_client) -> tuple[list[str], dict]:
    """Codes of rooms in every state, all hosted by one player (and that player's headers): waiting
    with a person and a bot (so seats can be moved and freed), playing, and playing with bots."""
    fuzzer = new_player(fuzzed_client, "schemathesis")
    codes = [
        new_room(fuzzed_client, fuzzer, game)["code"] for game in ("jekyll-vs-hyde", "queendomino", "camel-up-cards")
    ]
    for code in codes:
        assert fuzzed_client.post(f"/api/rooms/{code}/join", headers=fuzzer["headers"]).status_code == 200
        assert fuzzed_client.post(f"/api/rooms/{code}/bots", json={}, headers=fuzzer["headers"]).status_code == 201
    for code in codes[1:]:
        assert fuzzed_client.post(f"/api/rooms/{code}/start", headers=fuzzer["headers"]).status_code == 200
    return codes, fuzzer["headers"]


def aim_at_live_rooms(case, codes: list[str], headers: dict) -> None:
    """Nine cases in ten name a live room and carry the fuzzer's token in place of the generated one
    (a random code only meets a 404, a random token a 401); the choice follows from the case, so a
    rerun repeats it."""
    rng = random.Random(repr((case.operation.label, case.path_parameters, case.query, case.body)))
    if case.path_parameters and "code" in case.path_parameters and rng.random() < 0.9:
        case.path_parameters["code"] = rng.choice(codes)
    if rng.random() < 0.9:
        kept = {k: v for k, v in (case.headers or {}).items() if k.lower() != "authorization"}
        case.headers = {**kept, **headers}


@SCHEMA.parametrize()
@hypothesis_settings(
    max_examples=EXAMPLES, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck)
)
def test_every_operation_answers_any_input_without_a_server_error(case, fuzzed_client, live_rooms, caplog):
    aim_at_live_rooms(case, *live_rooms)
    # Sent through the fixture's client, so the request meets the app whose lifespan (hub,
    # database) the fixture owns; schemathesis's own ASGI transport would start one of its own.
    kwargs = case.as_transport_kwargs(base_url=str(fuzzed_client.base_url))
    prepared = requests.Request(**{k: v for k, v in kwargs.items() if k in TRANSPORT_FIELDS}).prepare()
    seen = len(caplog.records)
    response = fuzzed_client.request(
        prepared.method, prepared.url, headers=dict(prepared.headers), content=prepared.body
    )
    case.validate_response(response, checks=[schemathesis.checks.not_a_server_error])
    logged = [r for r in caplog.records[seen:] if r.levelno >= logging.ERROR or r.exc_info]
    assert not logged, f"{prepared.method} {prepared.url} logged: {logged[0].getMessage()}"


# -- unknown fields on a legal action -----------------------------------------------------------


@pytest.mark.parametrize("junk", [{"junk": 1}, {"seat": 1}, {"x": "\u0000"}, {"note": hostile.PERSIAN}])
def test_a_legal_action_with_unknown_fields_is_refused_with_a_typed_error(client, junk):
    code, host, guest = seated_game(client)
    before = client.get(f"/api/rooms/{code}/state", headers=host["headers"]).json()
    action = {**before["legal_actions"][0], "step": before["view"]["step"], **junk}
    answer = client.post(f"/api/rooms/{code}/actions", json={"action": action}, headers=host["headers"])
    assert 400 <= answer.status_code < 500 and set(answer.json()) == {"code", "message"}, answer.text
    after = client.get(f"/api/rooms/{code}/state", headers=host["headers"]).json()
    assert (after["version"], after["view"]) == (before["version"], before["view"])


# -- booleans are booleans ----------------------------------------------------------------------


@pytest.mark.parametrize("value", [0, 1, "false", "yes", "on", 0.0])
def test_a_boolean_field_takes_only_true_or_false(client, value):
    host = new_player(client)
    answer = client.post("/api/rooms", json={"game": "jekyll-vs-hyde", "private": value}, headers=host["headers"])
    assert answer.status_code == 422 and answer.json()["code"] == "invalid_request", answer.text
    code = new_room(client, host)["code"]
    answer = client.post(f"/api/rooms/{code}/chat/settings", json={"spectators": value}, headers=host["headers"])
    assert answer.status_code == 422 and answer.json()["code"] == "invalid_request", answer.text
    assert client.get(f"/api/rooms/{code}").json()["spectator_chat"] is False


def test_a_real_boolean_is_taken(client):
    host = new_player(client)
    answer = client.post("/api/rooms", json={"game": "jekyll-vs-hyde", "private": False}, headers=host["headers"])
    assert answer.status_code == 201 and answer.json()["private"] is False


# -- attacks of their own (issue 27), the quick ones ----------------------------------------------

# The others (harvest, forwarded, replays) take 7 to 18 s each: bench/reliability/hostile.py --attacks.
QUICK_ATTACKS = ["slow_body", "watchers", "names"]


@pytest.mark.slow
def test_bodies_that_never_come_a_crowd_of_anonymous_watchers_and_blank_names_are_refused(database_url, tmp_path):
    found = hostile.run_attacks(QUICK_ATTACKS, database_url, tmp_path)
    failed = {name: figures["failed"] for name, figures in found.items() if figures["failed"]}
    assert sorted(found) == sorted(QUICK_ATTACKS) and not failed, f"{failed}: {found}"
