"""A community: identity recovery, ratings and history, room chat, and which games count.

- `players.recovery_hash`: the SHA-256 of a player's recovery code (shown once, never stored).
- `player_tokens`: further bearer tokens of one player (a browser restored with the code).
- `games.unrated`: why a game does not count for ratings (bots, coop, rescued, abandoned).
- `game_players`: each person's seat, rank and rating change in each finished game.
- `ratings`: each person's current rating per title.
- `rooms.spectator_chat`, `rooms.muted`, `chat_messages`: the room's chat.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("recovery_hash", sa.String(64), nullable=True))
    op.create_index("ix_players_recovery_hash", "players", ["recovery_hash"], unique=True)
    op.create_table(
        "player_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False, index=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("unrated", sa.String(16), nullable=True))
    op.create_table(
        "game_players",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("ended_ms", sa.BigInteger, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=True),
        sa.Column("sigma_before", sa.Float, nullable=True),
        sa.Column("mu_after", sa.Float, nullable=True),
        sa.Column("sigma_after", sa.Float, nullable=True),
    )
    op.create_index("ix_game_players_player", "game_players", ["player_id", "ended_ms"])
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("ordinal", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_ms", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_ratings_board", "ratings", ["game", "ordinal"])
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("spectator_chat", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("muted", sa.JSON, nullable=True))
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("room_id", sa.Integer, sa.ForeignKey("rooms.id"), nullable=False),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("body", sa.String(800), nullable=False),
        sa.Column("sent_ms", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_chat_messages_room", "chat_messages", ["room_id", "id"])


def downgrade() -> None:
    op.drop_table("chat_messages")
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("muted")
        batch.drop_column("spectator_chat")
    op.drop_table("ratings")
    op.drop_table("game_players")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("unrated")
    op.drop_table("player_tokens")
    op.drop_index("ix_players_recovery_hash", "players")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("recovery_hash")
