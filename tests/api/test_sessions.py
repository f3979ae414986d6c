"""Sessions: every token is one, listed and ended by its player; replacing or forgetting the
recovery code ends the others; one unused for `session_idle_days` is refused and deleted; and
`last_used` is written at most hourly, so a request only reads."""

from __future__ import annotations

import re

import pytest
from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy import event, inspect, text
from starlette.websockets import WebSocketDisconnect

from dorhami.app import create_app
from dorhami.config import Settings
from dorhami.hub.clock import FakeClock
from dorhami.storage.db import alembic_config, make_engine, migrate
from dorhami.storage.repository import Repository, hash_token

from ..client.i18n_tables import error_texts
from .factories import new_player, seated_game
from .test_socket import receive_until

DAY_MS, HOUR_MS = 86_400_000, 3_600_000


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def client(settings, clock):
    with TestClient(create_app(settings, clock=clock)) as client:
        yield client


def headers(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def restored(client, player: dict) -> str:
    """A second browser's token for `player`: a recovery code made from the first, then typed."""
    code = client.post("/api/players/me/recovery", headers=player["headers"]).json()["code"]
    return client.post("/api/players/restore", json={"code": code}).json()["token"]


def refusal(client, token: str) -> tuple[int, str]:
    answer = client.get("/api/players/me", headers=headers(token))
    return answer.status_code, answer.json().get("code")


def sessions(client, token: str) -> list[dict]:
    answer = client.get("/api/players/me/sessions", headers=headers(token))
    assert answer.status_code == 200, answer.text
    return answer.json()["sessions"]


def pass_time(client, clock: FakeClock, ms: int) -> None:
    client.portal.call(clock.advance, ms)  # on the server's loop, whose sleepers the clock wakes


def socket_close(client, room: str, token: str) -> int:
    """The close code of a room socket whose hello carries `token`."""
    with client.websocket_connect(f"/ws/rooms/{room}") as socket:
        socket.send_json({"type": "hello", "token": token})
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                socket.receive_json()
        return closed.value.code


# -- listing and ending sessions ------------------------------------------------------------


def test_the_list_shows_each_session_how_it_began_and_which_one_asks(client, clock):
    sara = new_player(client)
    began = clock.now_ms()
    pass_time(client, clock, 5000)
    other = restored(client, sara)
    mine, theirs = sessions(client, sara["token"]), sessions(client, other)
    assert [(s["origin"], s["created_ms"], s["last_used_ms"], s["current"]) for s in mine] == [
        ("restored", began + 5000, began + 5000, False),
        ("created", began, began, True),
    ]
    assert [s["current"] for s in theirs] == [True, False] and [s["id"] for s in theirs] == [s["id"] for s in mine]
    assert set(mine[0]) == {"id", "origin", "created_ms", "last_used_ms", "current"}  # no token, no hash


def test_an_ended_session_is_refused_by_rest_and_by_the_socket_hello(client):
    room, host, guest = seated_game(client)
    other = restored(client, guest)
    theirs = next(s for s in sessions(client, guest["token"]) if not s["current"])
    assert client.delete(f"/api/players/me/sessions/{theirs['id']}", headers=guest["headers"]).status_code == 204
    assert refusal(client, other) == (401, "invalid_token")
    assert socket_close(client, room, other) == 4401
    assert refusal(client, guest["token"]) == (200, None)


def test_ending_a_session_closes_its_open_sockets_and_no_others(client):
    """A leaked token playing right now is cut off at once, not when its socket next drops; the
    player's own page, on another session, plays on."""
    room, host, guest = seated_game(client)
    leaked = restored(client, guest)
    with client.websocket_connect(f"/ws/rooms/{room}") as thief, client.websocket_connect(f"/ws/rooms/{room}") as own:
        for socket, token in ((thief, leaked), (own, guest["token"])):
            socket.send_json({"type": "hello", "token": token, "full_states": True})
            receive_until(socket, "state")
        theirs = next(s for s in sessions(client, guest["token"]) if not s["current"])
        assert client.delete(f"/api/players/me/sessions/{theirs['id']}", headers=guest["headers"]).status_code == 204
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                thief.receive_json()
        assert closed.value.code == 1013 and "session" in closed.value.reason
        own.send_json({"type": "ping", "client_time": 1})
        assert receive_until(own, "pong")["client_time"] == 1


def test_a_player_may_end_their_own_current_session(client):
    sara = new_player(client)
    own = sessions(client, sara["token"])[0]["id"]
    assert client.delete(f"/api/players/me/sessions/{own}", headers=sara["headers"]).status_code == 204
    assert refusal(client, sara["token"]) == (401, "invalid_token")


def test_no_one_can_end_a_session_of_another_player(client):
    sara, ali = new_player(client, "Sara"), new_player(client, "Ali")
    alis = sessions(client, ali["token"])[0]["id"]
    for session_id in (alis, "nosuchsession"):
        answer = client.delete(f"/api/players/me/sessions/{session_id}", headers=sara["headers"])
        assert answer.status_code == 404 and answer.json()["code"] == "no_such_session"
    assert refusal(client, ali["token"]) == (200, None)
    assert client.get("/api/players/me/sessions").status_code == 401


# -- the recovery code and the other sessions ----------------------------------------------


def test_replacing_the_code_as_the_browser_does_ends_the_sessions_the_old_one_restored(client):
    room, host, sara = seated_game(client)
    leaked = restored(client, sara)
    # The browser client's own call: a POST with no body.
    replaced = client.post("/api/players/me/recovery", headers=sara["headers"])
    assert replaced.status_code == 201 and replaced.json()["code"]
    assert refusal(client, leaked) == (401, "invalid_token")
    assert socket_close(client, room, leaked) == 4401
    assert [s["current"] for s in sessions(client, sara["token"])] == [True]


def test_forgetting_the_code_ends_the_other_sessions(client):
    sara = new_player(client)
    leaked = restored(client, sara)
    assert client.delete("/api/players/me/recovery", headers=sara["headers"]).status_code == 204
    assert refusal(client, leaked) == (401, "invalid_token")
    assert refusal(client, sara["token"]) == (200, None)


def test_the_other_sessions_can_be_kept_when_the_code_changes(client):
    sara = new_player(client)
    other = restored(client, sara)
    kept = client.post("/api/players/me/recovery", json={"end_other_sessions": False}, headers=sara["headers"])
    assert kept.status_code == 201
    forgot = client.delete("/api/players/me/recovery?end_other_sessions=false", headers=sara["headers"])
    assert forgot.status_code == 204
    assert refusal(client, other) == (200, None) and len(sessions(client, sara["token"])) == 2


@pytest.mark.parametrize(
    "body",
    [{"end_other_sessions": "false"}, {"end_other_sessions": 0}, {"end_other_sessions": None}, {"end_others": False}],
)
def test_the_flag_in_a_body_is_a_strict_boolean(client, body):
    sara = new_player(client)
    answer = client.post("/api/players/me/recovery", json=body, headers=sara["headers"])
    assert answer.status_code == 422, body


@pytest.mark.parametrize("flag", ["0", "no", "False", "off", ""])
def test_the_flag_in_a_query_is_true_or_false_only(client, flag):
    sara = new_player(client)
    answer = client.delete(f"/api/players/me/recovery?end_other_sessions={flag}", headers=sara["headers"])
    assert answer.status_code == 422, flag


# -- idle expiry and the throttled stamp ----------------------------------------------------


def test_a_session_unused_too_long_is_refused_then_gone(client, clock):
    room, host, sara = seated_game(client)
    pass_time(client, clock, 90 * DAY_MS + 1)
    answer = client.get("/api/players/me", headers=sara["headers"])
    assert answer.status_code == 401 and answer.json()["code"] == "session_expired"
    assert "recovery code" in answer.json()["message"] and "new player" in answer.json()["message"]
    assert refusal(client, sara["token"]) == (401, "invalid_token")  # deleted, not only refused
    assert socket_close(client, room, host["token"]) == 4401  # the socket hello refuses an idle one too


def test_a_session_in_use_does_not_expire(client, clock):
    sara = new_player(client)
    for _ in range(4):
        pass_time(client, clock, 80 * DAY_MS)
        assert refusal(client, sara["token"]) == (200, None)


def test_no_idle_limit_when_session_idle_days_is_zero(database_url, clock):
    settings = Settings(database_url=database_url, bot_delay_ms=(5, 20), session_idle_days=0)
    with TestClient(create_app(settings, clock=clock)) as client:
        sara = new_player(client)
        pass_time(client, clock, 3650 * DAY_MS)
        assert refusal(client, sara["token"]) == (200, None)


def test_last_used_is_stamped_at_most_hourly_so_requests_only_read(client, clock):
    sara = new_player(client)
    began = clock.now_ms()
    writes = []
    engine = client.app.state.hub.store.engine
    event.listen(
        engine,
        "before_cursor_execute",
        lambda *args: (
            writes.append(args[2]) if args[2].lstrip().upper().startswith(("UPDATE", "INSERT", "DELETE")) else None
        ),
    )
    for _ in range(20):
        pass_time(client, clock, 2 * 60_000)
        assert refusal(client, sara["token"]) == (200, None)  # 40 minutes of requests
    assert writes == []
    assert sessions(client, sara["token"])[0]["last_used_ms"] == began
    pass_time(client, clock, HOUR_MS)
    assert sessions(client, sara["token"])[0]["last_used_ms"] == clock.now_ms()
    assert len(writes) == 1 and "player_sessions" in writes[0]


def test_the_idle_limit_is_read_from_the_environment(monkeypatch):
    assert Settings().session_idle_days == 90
    monkeypatch.setenv("DORHAMI_SESSION_IDLE_DAYS", "7")
    assert Settings.from_env().session_idle_days == 7


# -- the migration --------------------------------------------------------------------------


def test_migrating_turns_every_token_into_a_session_and_logs_nobody_out(empty_database_url):
    config = alembic_config(empty_database_url)
    command.upgrade(config, "0007")
    engine = make_engine(empty_database_url)
    try:
        with engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO players (id, name, token_hash, created_at) VALUES "
                    "('p1', 'Sara', :first, '2025-01-02 03:04:05+00:00'), "
                    "('p2', 'Ali', :second, '2025-01-02 03:04:05+00:00')"
                ),
                {"first": hash_token("first"), "second": hash_token("second")},
            )
            conn.execute(
                text(
                    "INSERT INTO player_tokens (token_hash, player_id, created_at) "
                    "VALUES (:restored, 'p1', '2025-02-03 04:05:06+00:00')"
                ),
                {"restored": hash_token("restored")},
            )
        migrate(empty_database_url)
        repo = Repository(engine)
        owners = {
            token: repo.player_by_token(token, idle_ms=90 * DAY_MS).player.id
            for token in ("first", "second", "restored")
        }
        assert owners == {"first": "p1", "second": "p2", "restored": "p1"}
        assert [(s.origin, s.created_ms) for s in repo.sessions_of("p1", 0)] == [
            ("restored", 1738555506000),
            ("created", 1735787045000),
        ]
        assert "player_tokens" not in inspect(engine).get_table_names()
        assert "token_hash" not in {c["name"] for c in inspect(engine).get_columns("players")}
    finally:
        engine.dispose()


def test_the_migration_downgrades_with_every_session_as_a_token(empty_database_url):
    migrate(empty_database_url)
    engine = make_engine(empty_database_url)
    try:
        repo = Repository(engine)
        sara, first = repo.create_player("Sara")
        repo.set_recovery_code(sara.id)
        ali, ended = repo.create_player("Ali")
        repo.end_session(ali.id, repo.sessions_of(ali.id, 0)[0].id)
        code = repo.set_recovery_code(sara.id)
        _, second = repo.restore_player(code)
        command.downgrade(alembic_config(empty_database_url), "0007")
        with engine.connect() as conn:
            players = dict(conn.execute(text("SELECT id, token_hash FROM players")).all())
            further = conn.execute(text("SELECT player_id, token_hash FROM player_tokens")).all()
        assert players[sara.id] == hash_token(first) and not re.fullmatch("[0-9a-f]{64}", players[ali.id])
        assert [tuple(row) for row in further] == [(sara.id, hash_token(second))]
    finally:
        engine.dispose()
    migrate(empty_database_url)  # back to the head for whoever uses the database next


# -- the client's texts ---------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "fa"])
def test_the_browser_client_words_the_new_refusals_in_both_languages(language):
    strings = error_texts(language)
    for code in ("session_expired", "no_such_session"):
        assert strings.get(code, "").strip(), f"{language}/err.js has no text for {code}"


def test_the_sweep_drops_sessions_nobody_came_back_to(client, clock, database_url):
    """A token unused past the limit is refused at its next use; one never used again must not
    stay a row for ever."""
    new_player(client, "Gone")
    here = new_player(client, "Here")
    pass_time(client, clock, 60 * DAY_MS)
    assert refusal(client, here["token"]) == (200, None)  # used: stamped, and kept
    pass_time(client, clock, 31 * DAY_MS)
    hub = client.app.state.hub
    client.portal.call(hub.sweep)
    with hub.store.engine.connect() as connection:
        left = connection.scalars(text("SELECT player_id FROM player_sessions")).all()
    assert left == [here["id"]]
