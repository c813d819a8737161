"""discord role rules: role sync mappings kept across restarts

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-21
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "discord_role_rule",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.String(length=32), nullable=False),
        sa.Column("discipline_id", sa.Integer(), nullable=False),
        sa.Column("title_key", sa.String(length=64), nullable=False),
        sa.Column("role_id", sa.String(length=32), nullable=False),
        sa.Column("created_by", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["created_by"], ["account.id"], name=op.f("fk_discord_role_rule_created_by_account")
        ),
        sa.ForeignKeyConstraint(
            ["discipline_id"],
            ["discipline.id"],
            name=op.f("fk_discord_role_rule_discipline_id_discipline"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_discord_role_rule")),
        sa.UniqueConstraint(
            "guild_id", "discipline_id", "title_key", name=op.f("uq_discord_role_rule_guild_id")
        ),
    )
    with op.batch_alter_table("discord_role_rule") as batch:
        batch.create_index(
            batch.f("ix_discord_role_rule_discipline_id"), ["discipline_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("discord_role_rule") as batch:
        batch.drop_index(batch.f("ix_discord_role_rule_discipline_id"))
    op.drop_table("discord_role_rule")
