"""fast reads: a tournament points at its current version; IDs are found through an index

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-21
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("tournament") as batch:
        batch.add_column(sa.Column("current_version_id", sa.Integer(), nullable=True))
        batch.create_index("ix_tournament_current_version_id", ["current_version_id"])
    op.execute(
        "UPDATE tournament SET current_version_id = ("
        " SELECT tv.id FROM tournament_version tv WHERE tv.tournament_id = tournament.id"
        " ORDER BY tv.version DESC LIMIT 1)"
    )
    op.create_index("ix_player_fpid_upper", "player", [sa.text("upper(federation_player_id)")])


def downgrade() -> None:
    op.drop_index("ix_player_fpid_upper", table_name="player")
    with op.batch_alter_table("tournament") as batch:
        batch.drop_index("ix_tournament_current_version_id")
        batch.drop_column("current_version_id")
