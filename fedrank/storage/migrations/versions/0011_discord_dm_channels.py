"""discord dm channels: the DM channel opened for each user, kept across restarts

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-24

The outbox opens a user's DM channel once (a request to Discord) and stores its id, so that
neither a second message nor a restart of the process costs the request again.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "discord_dm_channel",
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("channel_id", sa.String(length=32), nullable=False),
        sa.Column("opened_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_discord_dm_channel")),
    )


def downgrade() -> None:
    op.drop_table("discord_dm_channel")
