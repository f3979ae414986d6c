"""Rooms get `reconnect_grace_s`: how long a seat's player may be gone before a bot stands in.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("reconnect_grace_s", sa.Integer, nullable=False, server_default="60"))


def downgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("reconnect_grace_s")
