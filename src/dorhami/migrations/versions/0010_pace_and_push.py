"""Games at the players' pace, and notifications to their devices.

`rooms.pace` is `live` (everyone at once) or `daily` (turns of hours); a daily table leaves memory
when nobody is at it, and `rooms.wake_ms` says when it must come back by itself (its next deadline,
or the reminder before it). `rooms.turn` is what "my games" shows of a game without loading it:
whose move it is, until when, and the last move. `push_subscriptions` are a player's devices (Web
Push), signed with the server's VAPID key kept in `server_keys` (one key for every process);
`player_settings` what a player chose about notices, language, time zone and calendar.

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("pace", sa.String(8), nullable=False, server_default="live"))
        batch.add_column(sa.Column("wake_ms", sa.BigInteger, nullable=True))
        batch.add_column(sa.Column("turn", sa.JSON, nullable=True))
        # The waker's question (playing daily rooms due by a time) and the daily bound's (rooms a player hosts).
        batch.create_index("ix_rooms_wake", ["status", "pace", "wake_ms"])
        batch.create_index("ix_rooms_host_id", ["host_id"])
    # "My games" and the daily bound: the seats a player holds.
    op.create_index("ix_seats_player_id", "seats", ["player_id"])
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False, index=True),
        sa.Column("endpoint_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("endpoint", sa.Text, nullable=False),
        sa.Column("p256dh", sa.String(128), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("created_ms", sa.BigInteger, nullable=False),
        sa.Column("last_sent_ms", sa.BigInteger, nullable=True),
    )
    op.create_table(
        "server_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
        sa.Column("created_ms", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "player_settings",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("lang", sa.String(8), nullable=False, server_default="fa"),
        sa.Column("time_zone", sa.String(64), nullable=False, server_default="Asia/Tehran"),
        sa.Column("calendar", sa.String(16), nullable=False, server_default="persian"),
        sa.Column("quiet_start_min", sa.Integer, nullable=True),
        sa.Column("quiet_end_min", sa.Integer, nullable=True),
        sa.Column("notices_off", sa.JSON, nullable=True),
    )


def downgrade() -> None:
    op.drop_index("ix_seats_player_id", "seats")
    op.drop_table("player_settings")
    op.drop_table("server_keys")
    op.drop_table("push_subscriptions")
    with op.batch_alter_table("rooms") as batch:
        batch.drop_index("ix_rooms_host_id")
        batch.drop_index("ix_rooms_wake")
        batch.drop_column("turn")
        batch.drop_column("wake_ms")
        batch.drop_column("pace")
