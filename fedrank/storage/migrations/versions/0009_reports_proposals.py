"""result proposals: a club's result sheet a player sends for the directors to accept

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-24
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "result_proposal",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("discipline_id", sa.Integer(), nullable=False),
        sa.Column("proposer_id", sa.Integer(), nullable=False),
        sa.Column("filename", sa.String(length=300), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("reason", sa.String(length=500), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("decided_by", sa.Integer(), nullable=True),
        sa.Column("version_id", sa.Integer(), nullable=True),
        sa.CheckConstraint(
            "state IN ('waiting', 'accepted', 'rejected')",
            name=op.f("ck_result_proposal_state"),
        ),
        sa.ForeignKeyConstraint(
            ["decided_by"],
            ["account.id"],
            name=op.f("fk_result_proposal_decided_by_account"),
        ),
        sa.ForeignKeyConstraint(
            ["discipline_id"],
            ["discipline.id"],
            name=op.f("fk_result_proposal_discipline_id_discipline"),
        ),
        sa.ForeignKeyConstraint(
            ["proposer_id"],
            ["account.id"],
            name=op.f("fk_result_proposal_proposer_id_account"),
        ),
        sa.ForeignKeyConstraint(
            ["version_id"],
            ["tournament_version.id"],
            name=op.f("fk_result_proposal_version_id_tournament_version"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_result_proposal")),
    )
    with op.batch_alter_table("result_proposal") as batch_op:
        batch_op.create_index(
            batch_op.f("ix_result_proposal_discipline_id"), ["discipline_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("result_proposal") as batch_op:
        batch_op.drop_index(batch_op.f("ix_result_proposal_discipline_id"))
    op.drop_table("result_proposal")
