"""How far each player got in each game's tutorial (storage/tutorials.py, docs/TUTORIALS.md).

Revision ID: 0012
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tutorial_progress",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("done_ms", sa.BigInteger, nullable=True),
        sa.Column("updated_ms", sa.BigInteger, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("tutorial_progress")
