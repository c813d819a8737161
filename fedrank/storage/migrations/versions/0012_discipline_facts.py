"""discipline facts: a discipline's defaults for the tournament facts its system needs

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-28

A file may lack a fact the rulebook needs (an OpenGotha file has no "official" flag); the
discipline holds a default for it, used where neither the file nor the submission gives one.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("discipline") as batch:
        batch.add_column(
            sa.Column("facts", sa.JSON(), nullable=False, server_default=sa.text("'{}'"))
        )


def downgrade() -> None:
    with op.batch_alter_table("discipline") as batch:
        batch.drop_column("facts")
