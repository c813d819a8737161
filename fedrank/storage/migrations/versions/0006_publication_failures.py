"""publication failures: a failing scheduled list is recorded and retried apart; outbox parts

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-24
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "publication_failure",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("discipline_id", sa.Integer(), nullable=False),
        sa.Column("list_date", sa.Date(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("error", sa.String(length=500), nullable=False),
        sa.Column("first_failed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_failed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("next_attempt_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["discipline_id"],
            ["discipline.id"],
            name=op.f("fk_publication_failure_discipline_id_discipline"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_publication_failure")),
        sa.UniqueConstraint(
            "discipline_id", "list_date", name=op.f("uq_publication_failure_discipline_id")
        ),
    )
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(sa.Column("parts_done", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("parts_done")
    op.drop_table("publication_failure")
