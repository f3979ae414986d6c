"""Player sessions: every bearer token becomes a `player_sessions` row that can be listed and ended.

The token each player was created with (`players.token_hash`) becomes a `created` session, and
every token a restore gave out (`player_tokens`) a `restored` one; the hashes move as they are,
so nobody is logged out. `last_used_ms` starts at the migration, not at the token's creation:
the idle limit counts from now, or every old token would expire at its next use.

Revision ID: 0008
Revises: 0007
"""

import time
import uuid
from datetime import datetime, UTC

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

PAGE = 1000
# Stands in, after a downgrade, for the first token of a player whose `created` session had been
# ended: not hex, so no token's SHA-256 can ever equal it.
ENDED = "ended:"

players = sa.table(
    "players",
    sa.column("id", sa.String),
    sa.column("token_hash", sa.String),
    sa.column("created_at", sa.DateTime(timezone=True)),
)
player_tokens = sa.table(
    "player_tokens",
    sa.column("token_hash", sa.String),
    sa.column("player_id", sa.String),
    sa.column("created_at", sa.DateTime(timezone=True)),
)
player_sessions = sa.table(
    "player_sessions",
    sa.column("id", sa.String),
    sa.column("player_id", sa.String),
    sa.column("token_hash", sa.String),
    sa.column("origin", sa.String),
    sa.column("created_ms", sa.BigInteger),
    sa.column("last_used_ms", sa.BigInteger),
)


def upgrade() -> None:
    op.create_table(
        "player_sessions",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("origin", sa.String(16), nullable=False),
        sa.Column("created_ms", sa.BigInteger, nullable=False),
        sa.Column("last_used_ms", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_player_sessions_player_id", "player_sessions", ["player_id"])
    op.create_index("ix_player_sessions_token_hash", "player_sessions", ["token_hash"], unique=True)
    op.create_index("ix_player_sessions_last_used_ms", "player_sessions", ["last_used_ms"])
    now_ms = time.time_ns() // 1_000_000
    _copy_pages(
        sa.select(players.c.id, players.c.token_hash, players.c.created_at), players.c.token_hash, "created", now_ms
    )
    _copy_pages(
        sa.select(player_tokens.c.player_id, player_tokens.c.token_hash, player_tokens.c.created_at),
        player_tokens.c.token_hash,
        "restored",
        now_ms,
    )
    op.drop_table("player_tokens")
    op.drop_index("ix_players_token_hash", table_name="players")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("token_hash")


def _copy_pages(query: sa.Select, token_hash: sa.ColumnElement, origin: str, now_ms: int) -> None:
    """A session for each (player id, token hash, created at) row of `query`, a page at a time in
    token hash order (unique in both sources): a large players table is never held in memory."""
    bind, after = op.get_bind(), ""
    while rows := bind.execute(query.where(token_hash > after).order_by(token_hash).limit(PAGE)).all():
        bind.execute(
            sa.insert(player_sessions),
            [
                {
                    "id": uuid.uuid4().hex,
                    "player_id": player_id,
                    "token_hash": digest,
                    "origin": origin,
                    "created_ms": _epoch_ms(created_at),
                    "last_used_ms": now_ms,
                }
                for player_id, digest, created_at in rows
            ],
        )
        after = rows[-1][1]


def _epoch_ms(moment: datetime) -> int:
    # SQLite gives back the naive UTC time it was given.
    aware = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return int(aware.timestamp() * 1000)


def downgrade() -> None:
    """Each player's oldest `created` session becomes its token again; every other session a
    `player_tokens` row. Only how each session was made, and when it was last used, is lost."""
    op.create_table(
        "player_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False, index=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("token_hash", sa.String(64), nullable=True))
    first = (
        sa.select(player_sessions.c.token_hash)
        .where(player_sessions.c.player_id == players.c.id, player_sessions.c.origin == "created")
        .order_by(player_sessions.c.created_ms)
        .limit(1)
        .scalar_subquery()
    )
    op.execute(players.update().values(token_hash=sa.func.coalesce(first, sa.literal(ENDED) + players.c.id)))
    further = (
        op.get_bind()
        .execute(
            sa.select(player_sessions.c.player_id, player_sessions.c.token_hash, player_sessions.c.created_ms).where(
                player_sessions.c.token_hash.not_in(sa.select(players.c.token_hash))
            )
        )
        .all()
    )
    if further:
        op.get_bind().execute(
            sa.insert(player_tokens),
            [
                {
                    "player_id": player_id,
                    "token_hash": digest,
                    "created_at": datetime.fromtimestamp(ms / 1000, UTC),
                }
                for player_id, digest, ms in further
            ],
        )
    with op.batch_alter_table("players") as batch:
        batch.alter_column("token_hash", existing_type=sa.String(64), nullable=False)
    op.create_index("ix_players_token_hash", "players", ["token_hash"], unique=True)
    op.drop_table("player_sessions")
