"""player registry: a player's Latin name, club and EGD PIN (unique in a federation when set)

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


# SQLite's batch mode copies the table from its reflection, which cannot see an expression
# index: ix_player_fpid_upper (0004) is dropped first and made again after.
_FPID_UPPER = "ix_player_fpid_upper"


def upgrade() -> None:
    op.drop_index(_FPID_UPPER, table_name="player")
    with op.batch_alter_table("player") as batch:
        batch.add_column(sa.Column("latin_name", sa.String(200), nullable=True))
        batch.add_column(sa.Column("club", sa.String(200), nullable=True))
        batch.add_column(sa.Column("egd_pin", sa.String(16), nullable=True))
    # NULLs are distinct in a unique index on SQLite and PostgreSQL: unique only when set.
    op.create_index("ix_player_egd_pin", "player", ["federation_id", "egd_pin"], unique=True)
    op.create_index(_FPID_UPPER, "player", [sa.text("upper(federation_player_id)")])


def downgrade() -> None:
    op.drop_index("ix_player_egd_pin", table_name="player")
    op.drop_index(_FPID_UPPER, table_name="player")
    with op.batch_alter_table("player") as batch:
        batch.drop_column("egd_pin")
        batch.drop_column("club")
        batch.drop_column("latin_name")
    op.create_index(_FPID_UPPER, "player", [sa.text("upper(federation_player_id)")])
