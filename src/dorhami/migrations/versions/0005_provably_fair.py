"""Provably fair shuffles: a seat's client seed, and a game's server seed, commitment and number.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("client_seed", sa.String(64), nullable=True))
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("game_number", sa.Integer, nullable=True))
        batch.add_column(sa.Column("server_seed", sa.String(64), nullable=True))
        batch.add_column(sa.Column("commitment", sa.String(64), nullable=True))
        batch.add_column(sa.Column("client_seeds", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        for column in ("client_seeds", "commitment", "server_seed", "game_number"):
            batch.drop_column(column)
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("client_seed")
