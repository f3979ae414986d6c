"""Provably fair shuffles: a commitment before the deal, a seed nobody picked alone, and a check
that names what a tampered game breaks."""

from __future__ import annotations

import hashlib
import hmac
import json
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from .factories import new_player, new_room, play_to_the_end
from .test_socket import hello, receive_until

sys.path.insert(0, str(Path(__file__).parents[2] / "scripts"))
import verify_game  # noqa: E402  (the standalone checker, run as written)


def started(client, config=None, seeds=("alpha-1", "beta-2")):
    host, guest = new_player(client, "Host"), new_player(client, "Guest")
    code = new_room(client, host, config=config or {"timers_enabled": False})["code"]
    for person, seed in zip((host, guest), seeds):
        body = {"client_seed": seed} if seed else None
        assert client.post(f"/api/rooms/{code}/join", json=body, headers=person["headers"]).status_code == 200
    return code, host, guest


@contextmanager
def database(url, write=False):
    """A connection straight to the test database (a transaction when `write`), closed after."""
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.begin() if write else engine.connect() as connection:
            yield connection
    finally:
        engine.dispose()


def test_the_commitment_comes_first_and_the_seed_is_checkable_from_what_is_revealed(client):
    code, host, guest = started(client)
    conn, socket = hello(client, code, guest)
    assert client.post(f"/api/rooms/{code}/start", headers=host["headers"]).status_code == 200
    first = receive_until(socket, "state")
    commitment = first["commitment"]
    assert len(commitment) == 64 and client.get(f"/api/rooms/{code}").json()["commitment"] == commitment
    conn.__exit__(None, None, None)
    game_id = first["game_id"]
    assert client.get(f"/api/games/{game_id}/verify").json()["code"] == "not_finished"
    play_to_the_end(client, code, [host, guest])
    log = client.get(f"/api/rooms/{code}/log").json()
    revealed = log["fairness"]
    # The documented derivation, with the standard library alone (as scripts/verify_game.py does it).
    server_seed = bytes.fromhex(revealed["server_seed"])
    assert hashlib.sha256(server_seed).hexdigest() == commitment == revealed["commitment"]
    answer = client.get(f"/api/games/{game_id}/verify").json()
    assert answer["seed_scheme"] == "room-id"
    signed = json.dumps(
        [answer["room_id"], 1, ["alpha-1", "beta-2"], log["config"]],
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    ).encode()
    assert int.from_bytes(hmac.new(server_seed, signed, hashlib.sha256).digest()[:8], "big") >> 1 == log["seed"]
    assert answer["passed"] and [c["name"] for c in answer["checks"]] == ["commitment", "seed", "replay", "result"]


def seed_from(server_seed: str, room, number: int, client_seeds: list[str], config: dict) -> int:
    signed = json.dumps(
        [room, number, sorted(client_seeds), config], sort_keys=True, separators=(",", ":"), ensure_ascii=False
    ).encode()
    return int.from_bytes(hmac.new(bytes.fromhex(server_seed), signed, hashlib.sha256).digest()[:8], "big") >> 1


def test_a_finished_private_game_reveals_no_room_code(client):
    """Game ids are sequential and finished games are public: their check must not hand out the
    private room's code, which is its invitation (chat, seats, the rematch)."""
    code, host, guest = started(client)
    client.post(f"/api/rooms/{code}/start", headers=host["headers"])
    game_id = client.get(f"/api/rooms/{code}/state", headers=host["headers"]).json()["game_id"]
    play_to_the_end(client, code, [host, guest])
    public = [
        client.get(f"/api/games/{game_id}/verify").text,
        client.get(f"/api/games/{game_id}/replay").text,
        client.get(f"/api/players/{host['id']}").text,
    ]
    assert all(code not in answer for answer in public)
    assert client.get(f"/api/games/{game_id}/verify").json()["passed"]


def test_a_game_dealt_from_its_room_code_still_passes_without_revealing_it(client, database_url):
    """Games dealt before the room id replaced the code in the seed's message: the server still
    checks them, and says the scheme, but the code stays private."""
    code, host, guest = started(client)
    client.post(f"/api/rooms/{code}/start", headers=host["headers"])
    game_id = client.get(f"/api/rooms/{code}/state", headers=host["headers"]).json()["game_id"]
    with database(database_url) as db:
        server_seed, config = db.execute(
            text("SELECT server_seed, config FROM games WHERE id = :id"), {"id": game_id}
        ).one()
    old_seed = seed_from(
        server_seed, code, 1, ["alpha-1", "beta-2"], json.loads(config) if isinstance(config, str) else config
    )
    with database(database_url, write=True) as db:  # as the old scheme would have dealt it, with no move made
        db.execute(
            text("UPDATE games SET seed = :seed, result = :result WHERE id = :id"),
            {"seed": old_seed, "id": game_id, "result": json.dumps({"winners": [], "scores": {}})},
        )
    answer = client.get(f"/api/games/{game_id}/verify")
    assert code not in answer.text
    checks = {c["name"]: c["passed"] for c in answer.json()["checks"]}
    assert answer.json()["seed_scheme"] == "room-code" and checks["commitment"] and checks["seed"]


def test_a_running_game_reveals_no_server_seed_anywhere(client, database_url):
    code, host, guest = started(client)
    client.post(f"/api/rooms/{code}/start", headers=host["headers"])
    state = client.get(f"/api/rooms/{code}/state", headers=host["headers"]).json()
    with database(database_url) as db:
        secret = db.execute(text("SELECT server_seed FROM games WHERE id = :id"), {"id": state["game_id"]}).scalar()
    assert secret and len(secret) == 64
    answers = [client.get(f"/api/rooms/{code}/state", headers=who["headers"]).text for who in (host, guest)]
    answers += [
        client.get(f"/api/rooms/{code}").text,
        client.get(f"/api/rooms/{code}/log").text,
        client.get(f"/api/games/{state['game_id']}/replay", params={"seat": 0}, headers=host["headers"]).text,
        client.get(f"/api/games/{state['game_id']}/verify").text,
    ]
    assert all(secret not in answer for answer in answers)


@pytest.mark.parametrize(
    "tamper, failing",
    [
        ("UPDATE games SET server_seed = :other WHERE id = :id", ["commitment", "seed"]),
        ("UPDATE games SET client_seeds = :seeds WHERE id = :id", ["seed"]),
        ("UPDATE games SET seed = seed + 1 WHERE id = :id", ["seed", "replay", "result"]),
        ("UPDATE actions SET action = :bogus WHERE game_id = :id AND seq = 2", ["replay", "result"]),
    ],
)
def test_a_tampered_game_fails_the_check_that_its_change_breaks(client, database_url, tamper, failing):
    code, host, guest = started(client)
    client.post(f"/api/rooms/{code}/start", headers=host["headers"])
    game_id = client.get(f"/api/rooms/{code}/state", headers=host["headers"]).json()["game_id"]
    play_to_the_end(client, code, [host, guest])
    assert client.get(f"/api/games/{game_id}/verify").json()["passed"]
    with database(database_url, write=True) as db:
        db.execute(
            text(tamper),
            {
                "id": game_id,
                "other": "00" * 32,
                "seeds": json.dumps(["mallory"]),
                "bogus": json.dumps({"type": "exchange_cards", "cards": [999]}),
            },
        )
    answer = client.get(f"/api/games/{game_id}/verify").json()
    assert not answer["passed"]
    assert [c["name"] for c in answer["checks"] if not c["passed"]] == failing


def test_client_seeds_are_optional_and_checked(client):
    code, host, guest = started(client, seeds=(None, "only-one"))
    client.post(f"/api/rooms/{code}/start", headers=host["headers"])
    play_to_the_end(client, code, [host, guest])
    assert client.get(f"/api/rooms/{code}/log").json()["fairness"]["client_seeds"] == ["only-one"]
    other = new_room(client, host)["code"]
    for bad in ("has space", "x" * 65, "", "نه"):
        response = client.post(f"/api/rooms/{other}/join", json={"client_seed": bad}, headers=host["headers"])
        assert response.status_code == 422, bad


def test_the_standalone_script_checks_a_finished_game(client, monkeypatch, capsys):
    """scripts/verify_game.py, stdlib only, against this server: every line passes, and a wrong
    remembered commitment fails."""
    code, host, guest = started(client)
    client.post(f"/api/rooms/{code}/start", headers=host["headers"])
    first = client.get(f"/api/rooms/{code}/state", headers=host["headers"]).json()
    play_to_the_end(client, code, [host, guest])
    monkeypatch.setattr(verify_game, "fetch", lambda url: client.get(url.replace("http://testserver", "")).json())
    for commitment, expected in ((first["commitment"], 0), ("ab" * 32, 1)):
        monkeypatch.setattr(
            sys, "argv", ["verify_game.py", f"http://testserver/verify/{first['game_id']}", "--commitment", commitment]
        )
        assert verify_game.main() == expected
    out = capsys.readouterr().out
    assert out.count("PASS") >= 6 and out.count("FAIL") == 1
