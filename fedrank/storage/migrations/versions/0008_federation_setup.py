"""federation setup: a federation's language, a discipline that is disabled

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-24
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("federation") as batch:
        batch.add_column(sa.Column("language", sa.String(8), nullable=False, server_default="en"))
    with op.batch_alter_table("discipline") as batch:
        batch.add_column(
            sa.Column("disabled", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("discipline") as batch:
        batch.drop_column("disabled")
    with op.batch_alter_table("federation") as batch:
        batch.drop_column("language")
