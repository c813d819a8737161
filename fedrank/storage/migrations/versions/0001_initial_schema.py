"""initial schema

Revision ID: 0001
Revises: (none)
Create Date: 2026-11-21
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import fedrank.storage.types

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "federation",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("timezone", sa.String(length=64), nullable=False),
        sa.Column("reports_need_approval", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_federation")),
        sa.UniqueConstraint("code", name=op.f("uq_federation_code")),
    )
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("dedup_key", sa.String(length=200), nullable=False),
        sa.Column("platform", sa.String(length=16), nullable=False),
        sa.Column("chat_id", sa.String(length=64), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("error", sa.String(length=500), nullable=True),
        sa.CheckConstraint(
            "platform IN ('telegram', 'discord', 'console')", name=op.f("ck_outbox_platform")
        ),
        sa.CheckConstraint(
            "state IN ('pending', 'sending', 'sent', 'failed', 'blocked')",
            name=op.f("ck_outbox_state"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_outbox")),
        sa.UniqueConstraint("dedup_key", name=op.f("uq_outbox_dedup_key")),
    )
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.create_index("ix_outbox_state_due", ["state", "due_at"], unique=False)

    op.create_table(
        "discipline",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("federation_id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("system", sa.String(length=32), nullable=False),
        sa.Column("calendar", sa.String(length=16), nullable=False),
        sa.CheckConstraint(
            "calendar IN ('monthly', 'quarterly', 'yearly', 'on_demand')",
            name=op.f("ck_discipline_calendar"),
        ),
        sa.CheckConstraint(
            "system IN ('mahjong_rmf', 'bridge_ccba', 'go_ufgo', 'bridge_fsbr', 'othello_woc')",
            name=op.f("ck_discipline_system"),
        ),
        sa.ForeignKeyConstraint(
            ["federation_id"],
            ["federation.id"],
            name=op.f("fk_discipline_federation_id_federation"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_discipline")),
        sa.UniqueConstraint("federation_id", "code", name=op.f("uq_discipline_federation_id")),
    )
    op.create_table(
        "player",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("federation_id", sa.Integer(), nullable=False),
        sa.Column("federation_player_id", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("country", sa.String(length=3), nullable=True),
        sa.Column("birth_date", sa.Date(), nullable=True),
        sa.Column("gender", sa.String(length=1), nullable=True),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["federation_id"], ["federation.id"], name=op.f("fk_player_federation_id_federation")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player")),
        sa.UniqueConstraint(
            "federation_id", "federation_player_id", name=op.f("uq_player_federation_id")
        ),
    )
    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.create_index("ix_player_name", ["federation_id", "name"], unique=False)

    op.create_table(
        "account",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("platform", sa.String(length=16), nullable=False),
        sa.Column("platform_user_id", sa.String(length=64), nullable=False),
        sa.Column("display_name", sa.String(length=200), nullable=False),
        sa.Column("language", sa.String(length=8), nullable=True),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("unreachable_since", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "platform IN ('telegram', 'discord', 'console')", name=op.f("ck_account_platform")
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_account_player_id_player")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_account")),
        sa.UniqueConstraint("platform", "platform_user_id", name=op.f("uq_account_platform")),
    )
    with op.batch_alter_table("account", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_account_player_id"), ["player_id"], unique=False)

    op.create_table(
        "list_snapshot",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("discipline_id", sa.Integer(), nullable=False),
        sa.Column("list_date", sa.Date(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("on_demand", sa.Boolean(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["discipline_id"],
            ["discipline.id"],
            name=op.f("fk_list_snapshot_discipline_id_discipline"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_list_snapshot")),
        sa.UniqueConstraint(
            "discipline_id", "list_date", name=op.f("uq_list_snapshot_discipline_id")
        ),
    )
    op.create_table(
        "membership",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("starts_on", sa.Date(), nullable=False),
        sa.Column("ends_on", sa.Date(), nullable=True),
        sa.CheckConstraint(
            "ends_on IS NULL OR ends_on >= starts_on", name=op.f("ck_membership_dates")
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_membership_player_id_player")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_membership")),
    )
    with op.batch_alter_table("membership", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_membership_player_id"), ["player_id"], unique=False)

    op.create_table(
        "subscription",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("platform", sa.String(length=16), nullable=False),
        sa.Column("chat_id", sa.String(length=64), nullable=False),
        sa.Column("discipline_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("language", sa.String(length=8), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("kind IN ('lists', 'personal')", name=op.f("ck_subscription_kind")),
        sa.CheckConstraint(
            "platform IN ('telegram', 'discord', 'console')", name=op.f("ck_subscription_platform")
        ),
        sa.ForeignKeyConstraint(
            ["discipline_id"],
            ["discipline.id"],
            name=op.f("fk_subscription_discipline_id_discipline"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_subscription")),
        sa.UniqueConstraint(
            "platform", "chat_id", "discipline_id", "kind", name=op.f("uq_subscription_platform")
        ),
    )
    op.create_table(
        "tournament",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("discipline_id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=300), nullable=False),
        sa.Column("held_on", sa.Date(), nullable=False),
        sa.Column("open_for_reports", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["discipline_id"],
            ["discipline.id"],
            name=op.f("fk_tournament_discipline_id_discipline"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament")),
        sa.UniqueConstraint("discipline_id", "code", name=op.f("uq_tournament_discipline_id")),
    )
    with op.batch_alter_table("tournament", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_tournament_held_on"), ["held_on"], unique=False)

    op.create_table(
        "account_role",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("federation_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.CheckConstraint(
            "role IN ('player', 'director', 'admin')", name=op.f("ck_account_role_role")
        ),
        sa.ForeignKeyConstraint(
            ["account_id"], ["account.id"], name=op.f("fk_account_role_account_id_account")
        ),
        sa.ForeignKeyConstraint(
            ["federation_id"],
            ["federation.id"],
            name=op.f("fk_account_role_federation_id_federation"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_account_role")),
        sa.UniqueConstraint("account_id", "federation_id", name=op.f("uq_account_role_account_id")),
    )
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=True),
        sa.Column("federation_id", sa.Integer(), nullable=True),
        sa.Column("action", sa.String(length=64), nullable=False),
        sa.Column("subject", sa.String(length=200), nullable=False),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"], ["account.id"], name=op.f("fk_audit_log_account_id_account")
        ),
        sa.ForeignKeyConstraint(
            ["federation_id"], ["federation.id"], name=op.f("fk_audit_log_federation_id_federation")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_log")),
    )
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_audit_log_at"), ["at"], unique=False)

    op.create_table(
        "game_report",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("reporter_id", sa.Integer(), nullable=False),
        sa.Column("opponent_id", sa.Integer(), nullable=False),
        sa.Column("result", sa.String(length=16), nullable=False),
        sa.Column("score1", sa.Integer(), nullable=True),
        sa.Column("score2", sa.Integer(), nullable=True),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint(
            "result IN ('win1', 'win2', 'draw', 'bye', 'unplayed')",
            name=op.f("ck_game_report_result"),
        ),
        sa.CheckConstraint(
            "state IN ('reported', 'confirmed', 'approved', 'disputed', 'rejected')",
            name=op.f("ck_game_report_state"),
        ),
        sa.ForeignKeyConstraint(
            ["opponent_id"], ["player.id"], name=op.f("fk_game_report_opponent_id_player")
        ),
        sa.ForeignKeyConstraint(
            ["reporter_id"], ["player.id"], name=op.f("fk_game_report_reporter_id_player")
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournament.id"],
            name=op.f("fk_game_report_tournament_id_tournament"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_report")),
    )
    with op.batch_alter_table("game_report", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_game_report_tournament_id"), ["tournament_id"], unique=False
        )

    op.create_table(
        "link_code",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("issued_by", sa.Integer(), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("used_by", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["issued_by"], ["account.id"], name=op.f("fk_link_code_issued_by_account")
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_link_code_player_id_player")
        ),
        sa.ForeignKeyConstraint(
            ["used_by"], ["account.id"], name=op.f("fk_link_code_used_by_account")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_link_code")),
        sa.UniqueConstraint("code_hash", name=op.f("uq_link_code_code_hash")),
    )
    with op.batch_alter_table("link_code", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_link_code_player_id"), ["player_id"], unique=False)

    op.create_table(
        "link_request",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("decided_by", sa.Integer(), nullable=True),
        sa.CheckConstraint(
            "state IN ('pending', 'approved', 'rejected', 'cancelled')",
            name=op.f("ck_link_request_state"),
        ),
        sa.ForeignKeyConstraint(
            ["account_id"], ["account.id"], name=op.f("fk_link_request_account_id_account")
        ),
        sa.ForeignKeyConstraint(
            ["decided_by"], ["account.id"], name=op.f("fk_link_request_decided_by_account")
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_link_request_player_id_player")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_link_request")),
    )
    with op.batch_alter_table("link_request", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_link_request_account_id"), ["account_id"], unique=False
        )

    op.create_table(
        "list_row",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("snapshot_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("rating", fedrank.storage.types.ExactDecimal(), nullable=False),
        sa.Column("title", sa.String(length=64), nullable=True),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_list_row_player_id_player")
        ),
        sa.ForeignKeyConstraint(
            ["snapshot_id"],
            ["list_snapshot.id"],
            name=op.f("fk_list_row_snapshot_id_list_snapshot"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_list_row")),
        sa.UniqueConstraint("snapshot_id", "player_id", name=op.f("uq_list_row_snapshot_id")),
    )
    with op.batch_alter_table("list_row", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_list_row_player_id"), ["player_id"], unique=False)
        batch_op.create_index(
            "ix_list_row_snapshot_position", ["snapshot_id", "position"], unique=False
        )

    op.create_table(
        "pending_submission",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token", sa.String(length=32), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("discipline_id", sa.Integer(), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("done_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["account_id"], ["account.id"], name=op.f("fk_pending_submission_account_id_account")
        ),
        sa.ForeignKeyConstraint(
            ["discipline_id"],
            ["discipline.id"],
            name=op.f("fk_pending_submission_discipline_id_discipline"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_pending_submission")),
        sa.UniqueConstraint("token", name=op.f("uq_pending_submission_token")),
    )
    op.create_table(
        "qualification",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("discipline_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=300), nullable=False),
        sa.Column("event_date", sa.Date(), nullable=False),
        sa.Column("qualification_date", sa.Date(), nullable=False),
        sa.Column("quota", sa.Integer(), nullable=False),
        sa.Column("created_by", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("frozen_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("quota >= 1", name=op.f("ck_qualification_quota")),
        sa.ForeignKeyConstraint(
            ["created_by"], ["account.id"], name=op.f("fk_qualification_created_by_account")
        ),
        sa.ForeignKeyConstraint(
            ["discipline_id"],
            ["discipline.id"],
            name=op.f("fk_qualification_discipline_id_discipline"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_qualification")),
    )
    op.create_table(
        "tournament_version",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("held_on", sa.Date(), nullable=False),
        sa.Column("params", sa.JSON(), nullable=False),
        sa.Column("source_name", sa.String(length=300), nullable=False),
        sa.Column("source_text", sa.Text(), nullable=False),
        sa.Column("reason", sa.String(length=500), nullable=False),
        sa.Column("submitted_by", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("version >= 1", name=op.f("ck_tournament_version_version")),
        sa.ForeignKeyConstraint(
            ["submitted_by"],
            ["account.id"],
            name=op.f("fk_tournament_version_submitted_by_account"),
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournament.id"],
            name=op.f("fk_tournament_version_tournament_id_tournament"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament_version")),
        sa.UniqueConstraint(
            "tournament_id", "version", name=op.f("uq_tournament_version_tournament_id")
        ),
    )
    op.create_table(
        "award",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("version_id", sa.Integer(), nullable=False),
        sa.Column("discipline_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("amount", fedrank.storage.types.ExactDecimal(), nullable=False),
        sa.Column("colour", sa.String(length=16), nullable=True),
        sa.Column("awarded_on", sa.Date(), nullable=False),
        sa.Column("trace", sa.JSON(), nullable=False),
        sa.CheckConstraint(
            "colour IS NULL OR colour IN ('platinum', 'gold', 'silver', 'red', 'blue')",
            name=op.f("ck_award_colour"),
        ),
        sa.ForeignKeyConstraint(
            ["discipline_id"], ["discipline.id"], name=op.f("fk_award_discipline_id_discipline")
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_award_player_id_player")
        ),
        sa.ForeignKeyConstraint(
            ["version_id"],
            ["tournament_version.id"],
            name=op.f("fk_award_version_id_tournament_version"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_award")),
    )
    with op.batch_alter_table("award", schema=None) as batch_op:
        batch_op.create_index(
            "ix_award_player_discipline", ["player_id", "discipline_id"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_award_version_id"), ["version_id"], unique=False)

    op.create_table(
        "entry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("version_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("team", sa.String(length=200), nullable=True),
        sa.Column("place", fedrank.storage.types.ExactDecimal(), nullable=True),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_entry_player_id_player")
        ),
        sa.ForeignKeyConstraint(
            ["version_id"],
            ["tournament_version.id"],
            name=op.f("fk_entry_version_id_tournament_version"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_entry")),
        sa.UniqueConstraint("version_id", "player_id", name=op.f("uq_entry_version_id")),
    )
    with op.batch_alter_table("entry", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_entry_player_id"), ["player_id"], unique=False)

    op.create_table(
        "game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("version_id", sa.Integer(), nullable=False),
        sa.Column("round_no", sa.Integer(), nullable=False),
        sa.Column("player1_id", sa.Integer(), nullable=False),
        sa.Column("player2_id", sa.Integer(), nullable=True),
        sa.Column("result", sa.String(length=16), nullable=False),
        sa.Column("score1", sa.Integer(), nullable=True),
        sa.Column("score2", sa.Integer(), nullable=True),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.CheckConstraint(
            "result IN ('win1', 'win2', 'draw', 'bye', 'unplayed')", name=op.f("ck_game_result")
        ),
        sa.ForeignKeyConstraint(
            ["player1_id"], ["player.id"], name=op.f("fk_game_player1_id_player")
        ),
        sa.ForeignKeyConstraint(
            ["player2_id"], ["player.id"], name=op.f("fk_game_player2_id_player")
        ),
        sa.ForeignKeyConstraint(
            ["version_id"],
            ["tournament_version.id"],
            name=op.f("fk_game_version_id_tournament_version"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game")),
    )
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_game_version_id"), ["version_id"], unique=False)

    op.create_table(
        "qualification_slot",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("qualification_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("source", sa.String(length=16), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("informed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("deadline", sa.Date(), nullable=True),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint(
            "source IN ('presidium', 'rating')", name=op.f("ck_qualification_slot_source")
        ),
        sa.CheckConstraint(
            "state IN ('waiting', 'invited', 'confirmed', 'declined', 'expired', 'reserve')",
            name=op.f("ck_qualification_slot_state"),
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_qualification_slot_player_id_player")
        ),
        sa.ForeignKeyConstraint(
            ["qualification_id"],
            ["qualification.id"],
            name=op.f("fk_qualification_slot_qualification_id_qualification"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_qualification_slot")),
        sa.UniqueConstraint(
            "qualification_id", "player_id", name=op.f("uq_qualification_slot_qualification_id")
        ),
    )
    op.create_table(
        "title",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("discipline_id", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(length=64), nullable=False),
        sa.Column("value", fedrank.storage.types.ExactDecimal(), nullable=True),
        sa.Column("since", sa.Date(), nullable=False),
        sa.Column("reason", sa.String(length=300), nullable=False),
        sa.Column("version_id", sa.Integer(), nullable=True),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["discipline_id"], ["discipline.id"], name=op.f("fk_title_discipline_id_discipline")
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_title_player_id_player")
        ),
        sa.ForeignKeyConstraint(
            ["version_id"],
            ["tournament_version.id"],
            name=op.f("fk_title_version_id_tournament_version"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_title")),
    )
    with op.batch_alter_table("title", schema=None) as batch_op:
        batch_op.create_index(
            "ix_title_player_discipline", ["player_id", "discipline_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("title", schema=None) as batch_op:
        batch_op.drop_index("ix_title_player_discipline")

    op.drop_table("title")
    op.drop_table("qualification_slot")
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_game_version_id"))

    op.drop_table("game")
    with op.batch_alter_table("entry", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_entry_player_id"))

    op.drop_table("entry")
    with op.batch_alter_table("award", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_award_version_id"))
        batch_op.drop_index("ix_award_player_discipline")

    op.drop_table("award")
    op.drop_table("tournament_version")
    op.drop_table("qualification")
    op.drop_table("pending_submission")
    with op.batch_alter_table("list_row", schema=None) as batch_op:
        batch_op.drop_index("ix_list_row_snapshot_position")
        batch_op.drop_index(batch_op.f("ix_list_row_player_id"))

    op.drop_table("list_row")
    with op.batch_alter_table("link_request", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_link_request_account_id"))

    op.drop_table("link_request")
    with op.batch_alter_table("link_code", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_link_code_player_id"))

    op.drop_table("link_code")
    with op.batch_alter_table("game_report", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_game_report_tournament_id"))

    op.drop_table("game_report")
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_audit_log_at"))

    op.drop_table("audit_log")
    op.drop_table("account_role")
    with op.batch_alter_table("tournament", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tournament_held_on"))

    op.drop_table("tournament")
    op.drop_table("subscription")
    with op.batch_alter_table("membership", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_membership_player_id"))

    op.drop_table("membership")
    op.drop_table("list_snapshot")
    with op.batch_alter_table("account", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_account_player_id"))

    op.drop_table("account")
    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.drop_index("ix_player_name")

    op.drop_table("player")
    op.drop_table("discipline")
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.drop_index("ix_outbox_state_due")

    op.drop_table("outbox")
    op.drop_table("federation")
