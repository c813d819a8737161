"""federation identity: names per language, a logo, an accent colour, a contact and a footer

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-28

A federation's and a discipline's name in each of the four languages (``names``: language ->
name; the ``name`` column stays the one used where a language has none), and the federation's
identity on its site and list files: a logo (PNG, JPEG or SVG, stored with its type, copied
into each build), an accent colour, a contact line and a footer.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("federation") as batch:
        batch.add_column(
            sa.Column("names", sa.JSON(), nullable=False, server_default=sa.text("'{}'"))
        )
        batch.add_column(sa.Column("accent", sa.String(7), nullable=True))
        batch.add_column(sa.Column("contact", sa.String(300), nullable=True))
        batch.add_column(sa.Column("footer", sa.String(500), nullable=True))
        batch.add_column(sa.Column("logo", sa.LargeBinary(), nullable=True))
        batch.add_column(sa.Column("logo_type", sa.String(16), nullable=True))
    with op.batch_alter_table("discipline") as batch:
        batch.add_column(
            sa.Column("names", sa.JSON(), nullable=False, server_default=sa.text("'{}'"))
        )


def downgrade() -> None:
    with op.batch_alter_table("discipline") as batch:
        batch.drop_column("names")
    with op.batch_alter_table("federation") as batch:
        for column in ("logo_type", "logo", "footer", "contact", "accent", "names"):
            batch.drop_column(column)
