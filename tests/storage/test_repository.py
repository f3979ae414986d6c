"""Storage: migrations build the schema, SQLite runs in WAL mode, tokens are stored hashed."""

from __future__ import annotations

from sqlalchemy import inspect, text

from dorhami.storage.db import make_engine, migrate, normalise_url
from dorhami.storage.records import GameRecord, SeatRecord
from dorhami.storage.repository import Repository, hash_token


def test_migrations_create_every_table_and_can_run_twice(empty_database_url):
    migrate(empty_database_url)
    migrate(empty_database_url)
    engine = make_engine(empty_database_url)
    assert {"players", "rooms", "seats", "games", "actions", "alembic_version"} <= set(
        inspect(engine).get_table_names()
    )
    engine.dispose()


def test_sqlite_runs_in_wal_mode(tmp_path):
    url = f"sqlite:///{tmp_path / 'wal.db'}"
    migrate(url)
    engine = make_engine(url)
    with engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
    engine.dispose()


def test_a_token_is_stored_only_as_its_hash(database_url):
    migrate(database_url)
    engine = make_engine(database_url)
    repo = Repository(engine)
    player, token = repo.create_player("Sara")
    with engine.connect() as conn:
        stored = conn.execute(text("SELECT token_hash FROM player_sessions")).scalars().all()
    assert stored == [hash_token(token)] and token not in stored
    assert repo.player_by_token(token).player.id == player.id and repo.player_by_token("x") is None
    engine.dispose()


def test_the_action_log_keeps_order_and_json(database_url):
    migrate(database_url)
    engine = make_engine(database_url)
    repo = Repository(engine)
    host, _ = repo.create_player("Host")
    room = repo.create_room("abc", "jekyll-vs-hyde", {"match_mode": "single"}, True, host.id)
    game = repo.start_game(
        room.id,
        GameRecord(room_id=room.id, seed=2**62 - 1, config={}, players=2, started_ms=5),
        [SeatRecord(seat=0, player_id=host.id), SeatRecord(seat=1, bot_level="easy")],
    )
    for seq in (1, 2, 3):
        repo.append_action(
            game.id, seq, seq % 2, {"type": "play_card", "card": seq, "named_color": None}, 10 + seq, seq
        )
    rows = repo.actions(game.id)
    assert [r.seq for r in rows] == [1, 2, 3] and rows[0].action["named_color"] is None
    assert repo.game(game.id).seed == 2**62 - 1
    assert repo.room("abc").status == "playing" and [s.bot_level for s in repo.seats(room.id)] == [None, "easy"]
    engine.dispose()


def test_plain_postgres_urls_use_psycopg_3():
    assert normalise_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url("sqlite:///x.db") == "sqlite:///x.db"
