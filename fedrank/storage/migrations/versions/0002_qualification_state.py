"""qualification state: the frozen list, the engine's state and each slot's details

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("qualification") as batch:
        batch.add_column(sa.Column("data", sa.JSON(), nullable=False, server_default="{}"))
    with op.batch_alter_table("qualification_slot") as batch:
        batch.add_column(sa.Column("data", sa.JSON(), nullable=False, server_default="{}"))


def downgrade() -> None:
    with op.batch_alter_table("qualification_slot") as batch:
        batch.drop_column("data")
    with op.batch_alter_table("qualification") as batch:
        batch.drop_column("data")
