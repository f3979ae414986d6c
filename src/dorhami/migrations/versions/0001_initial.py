"""Initial schema: players, rooms, seats, games, actions.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_players_token_hash", "players", ["token_hash"], unique=True)
    op.create_table(
        "rooms",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("code", sa.String(32), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("config", sa.JSON, nullable=False),
        sa.Column("private", sa.Boolean, nullable=False),
        sa.Column("host_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("game_id", sa.Integer, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rooms_code", "rooms", ["code"], unique=True)
    op.create_index("ix_rooms_status", "rooms", ["status"])
    op.create_table(
        "seats",
        sa.Column("room_id", sa.Integer, sa.ForeignKey("rooms.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("bot_level", sa.String(16), nullable=True),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("room_id", sa.Integer, sa.ForeignKey("rooms.id"), nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("config", sa.JSON, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("previous_result", sa.JSON, nullable=True),
        sa.Column("started_ms", sa.BigInteger, nullable=False),
        sa.Column("ended_ms", sa.BigInteger, nullable=True),
        sa.Column("result", sa.JSON, nullable=True),
        sa.Column("owner", sa.String(64), nullable=True),
    )
    op.create_index("ix_games_room_id", "games", ["room_id"])
    op.create_table(
        "actions",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("action", sa.JSON, nullable=False),
        sa.Column("server_ms", sa.BigInteger, nullable=False),
        sa.Column("client_seq", sa.BigInteger, nullable=True),
    )


def downgrade() -> None:
    for table in ("actions", "games", "seats", "rooms", "players"):
        op.drop_table(table)
