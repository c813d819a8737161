"""qualify: where each player wants his personal notices (/notify)

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-24
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "notice_choice",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("channel", sa.String(length=16), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "channel IN ('telegram', 'discord', 'both')", name=op.f("ck_notice_choice_channel")
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_notice_choice_player_id_player")
        ),
        sa.PrimaryKeyConstraint("player_id", name=op.f("pk_notice_choice")),
    )


def downgrade() -> None:
    op.drop_table("notice_choice")
