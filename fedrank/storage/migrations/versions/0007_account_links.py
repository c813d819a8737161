"""account links: an account linked to one player per federation (account_link replaces
account.player_id), wrong link codes counted for a lockout, and a per-database secret

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-24

Data: every ``account.player_id`` becomes an ``account_link`` row. Where two accounts of one
platform held one player (the race the unique index now forbids), the earliest account keeps
the link and the later ones lose it. Down again, an account keeps the first of its links.
"""

import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Literal

import sqlalchemy as sa
from alembic import op
from alembic.operations import BatchOperations

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_PLATFORMS = "platform IN ('telegram', 'discord', 'console')"


@contextmanager
def _account_batch(recreate: Literal["auto", "always"] = "auto") -> Iterator[BatchOperations]:
    """The account table in batch mode (SQLite copies it: ``storage.database.migrate`` runs
    with foreign keys off for that). The copy reflects the player table the foreign key
    names, and warns that it cannot see player's expression index: harmless here (player is
    not copied), so that one warning is silenced."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Skipped unsupported reflection of expression-based")
        with op.batch_alter_table("account", recreate=recreate) as batch:
            yield batch


def upgrade() -> None:
    op.create_table(
        "account_link",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("federation_id", sa.Integer(), nullable=False),
        sa.Column("platform", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(_PLATFORMS, name=op.f("ck_account_link_platform")),
        sa.ForeignKeyConstraint(
            ["account_id"], ["account.id"], name=op.f("fk_account_link_account_id_account")
        ),
        sa.ForeignKeyConstraint(
            ["federation_id"],
            ["federation.id"],
            name=op.f("fk_account_link_federation_id_federation"),
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_account_link_player_id_player")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_account_link")),
        sa.UniqueConstraint("account_id", "federation_id", name=op.f("uq_account_link_account_id")),
    )
    op.create_index(
        "ix_account_link_player_platform", "account_link", ["player_id", "platform"], unique=True
    )
    op.create_table(
        "link_attempts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("scope", sa.String(length=16), nullable=False),
        sa.Column("subject_id", sa.Integer(), nullable=False),
        sa.Column("window_start", sa.DateTime(timezone=True), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("locked_until", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("scope IN ('account', 'player')", name=op.f("ck_link_attempts_scope")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_link_attempts")),
        sa.UniqueConstraint("scope", "subject_id", name=op.f("uq_link_attempts_scope")),
    )
    op.create_table(
        "server_secret",
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("value", sa.String(length=128), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_server_secret")),
    )
    # The earliest account of each platform keeps a player's link.
    op.execute(
        """
        INSERT INTO account_link (account_id, player_id, federation_id, platform, created_at)
        SELECT a.id, a.player_id, p.federation_id, a.platform, a.created_at
        FROM account a JOIN player p ON p.id = a.player_id
        WHERE a.id = (
            SELECT MIN(b.id) FROM account b
            WHERE b.player_id = a.player_id AND b.platform = a.platform
        )
        """
    )
    with _account_batch() as batch:
        batch.drop_index("ix_account_player_id")
        batch.drop_constraint("fk_account_player_id_player", type_="foreignkey")
        batch.drop_column("player_id")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.add_column("account", sa.Column("player_id", sa.Integer(), nullable=True))
        # PostgreSQL adds a column at the end: the two that 0001 put after it move behind it.
        for name, nullable in (("unreachable_since", True), ("created_at", False)):
            op.alter_column("account", name, new_column_name=f"{name}_old")
            op.add_column("account", sa.Column(name, sa.DateTime(timezone=True), nullable=True))
            old: sa.ColumnClause[object] = sa.column(f"{name}_old")
            op.execute(sa.table("account", sa.column(name), old).update().values({name: old}))
            op.drop_column("account", f"{name}_old")
            op.alter_column("account", name, nullable=nullable)
        op.create_foreign_key(
            "fk_account_player_id_player", "account", "player", ["player_id"], ["id"]
        )
        op.create_index("ix_account_player_id", "account", ["player_id"], unique=False)
    else:
        with _account_batch("always") as batch:
            batch.add_column(
                sa.Column("player_id", sa.Integer(), nullable=True), insert_after="language"
            )
            batch.create_foreign_key("fk_account_player_id_player", "player", ["player_id"], ["id"])
            batch.create_index("ix_account_player_id", ["player_id"], unique=False)
    op.execute(
        """
        UPDATE account SET player_id = (
            SELECT l.player_id FROM account_link l WHERE l.account_id = account.id
            ORDER BY l.id LIMIT 1
        )
        """
    )
    op.drop_table("server_secret")
    op.drop_table("link_attempts")
    op.drop_index("ix_account_link_player_platform", table_name="account_link")
    op.drop_table("account_link")
