"""Table ownership for several processes on one PostgreSQL: one lease row per live table.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_leases",
        sa.Column("room_id", sa.Integer, sa.ForeignKey("rooms.id"), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=True),
        sa.Column("epoch", sa.Integer, nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("wanted_by", sa.String(64), nullable=True),
    )
    op.create_index("ix_table_leases_owner", "table_leases", ["owner"])


def downgrade() -> None:
    op.drop_index("ix_table_leases_owner", table_name="table_leases")
    op.drop_table("table_leases")
