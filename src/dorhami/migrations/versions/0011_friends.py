"""Friends, blocks and invitations (storage/friends.py, docs/FRIENDS.md).

`friendships` holds one row per pair of players: a request (`pending`) until its addressee
accepts it (`accepted`); `blocks` who blocked whom; `invitations` a friend's invitation to a room,
named by a random id so that a notice's link carries no room code.

Revision ID: 0011
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "friendships",
        sa.Column("requester_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("addressee_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True, index=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_ms", sa.BigInteger, nullable=False),
        sa.Column("answered_ms", sa.BigInteger, nullable=True),
    )
    op.create_table(
        "blocks",
        sa.Column("blocker_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("blocked_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True, index=True),
        sa.Column("created_ms", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "invitations",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("inviter_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False, index=True),
        sa.Column("invitee_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("room_id", sa.Integer, sa.ForeignKey("rooms.id"), nullable=False, index=True),
        sa.Column("created_ms", sa.BigInteger, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("answered_ms", sa.BigInteger, nullable=True),
    )
    op.create_index("ix_invitations_invitee", "invitations", ["invitee_id", "status"])


def downgrade() -> None:
    op.drop_index("ix_invitations_invitee", table_name="invitations")
    op.drop_table("invitations")
    op.drop_table("blocks")
    op.drop_table("friendships")
