"""The schema: the domain words of DESIGN.md as SQLAlchemy 2 typed models.

The tables that deliver messages (subscriptions, the outbox, where a player's notices go,
Discord DM channels) are in :mod:`.delivery`, and re-exported here. Points are an append-only
ledger: an :class:`Award` is never updated or deleted; a correction is
a new :class:`TournamentVersion` whose awards replace the previous version's when read.
:class:`Title` is likewise a history (the current title is the latest row). Check constraints
keep enumerations honest on both SQLite and PostgreSQL.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    JSON,
    CheckConstraint,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    false,
    func,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from fedrank.engines.registry import SYSTEMS
from fedrank.storage.delivery import NOTICE_CHANNELS as NOTICE_CHANNELS
from fedrank.storage.delivery import OUTBOX_STATES as OUTBOX_STATES
from fedrank.storage.delivery import SUBSCRIPTION_KINDS as SUBSCRIPTION_KINDS
from fedrank.storage.delivery import DiscordDmChannel as DiscordDmChannel
from fedrank.storage.delivery import NoticeChoice as NoticeChoice
from fedrank.storage.delivery import Outbox as Outbox
from fedrank.storage.delivery import Subscription as Subscription
from fedrank.storage.orm import NAMING as NAMING
from fedrank.storage.orm import PLATFORMS as PLATFORMS
from fedrank.storage.orm import Base as Base
from fedrank.storage.orm import _in

# The engines' list, in its order: migration 0001's check constraint spells the same ids.
SYSTEM_IDS = tuple(SYSTEMS)
CALENDARS = ("monthly", "quarterly", "yearly", "on_demand")
ROLES = ("player", "director", "admin")
LINK_STATES = ("pending", "approved", "rejected", "cancelled")
COLOURS = ("platinum", "gold", "silver", "red", "blue")
GAME_RESULTS = ("win1", "win2", "draw", "bye", "unplayed")
REPORT_STATES = ("reported", "confirmed", "approved", "disputed", "rejected")
SLOT_SOURCES = ("presidium", "rating")
SLOT_STATES = ("waiting", "invited", "confirmed", "declined", "expired", "reserve")


class Federation(Base):
    __tablename__ = "federation"

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(32), unique=True)
    name: Mapped[str] = mapped_column(String(200))
    timezone: Mapped[str] = mapped_column(String(64), default="UTC")
    # The language of its public announcements when a chat chose none (en, ru, uk, zh).
    language: Mapped[str] = mapped_column(String(8), default="en", server_default="en")
    # Whether a director must approve games that players report (``/report``).
    reports_need_approval: Mapped[bool] = mapped_column(default=False)
    # Its name in each language (en, ru, uk, zh) where one is set; ``name`` where not.
    names: Mapped[dict[str, str]] = mapped_column(JSON, default=dict, server_default=text("'{}'"))
    # Its identity on the site and in list files (``fedrank federation edit``, /identity).
    accent: Mapped[str | None] = mapped_column(String(7))
    contact: Mapped[str | None] = mapped_column(String(300))
    footer: Mapped[str | None] = mapped_column(String(500))
    logo: Mapped[bytes | None] = mapped_column(LargeBinary, deferred=True)
    logo_type: Mapped[str | None] = mapped_column(String(16))


class Discipline(Base):
    """A rating list bound to one engine (RULES.md system id)."""

    __tablename__ = "discipline"
    __table_args__ = (
        UniqueConstraint("federation_id", "code"),
        CheckConstraint(_in("system", SYSTEM_IDS), name="system"),
        CheckConstraint(_in("calendar", CALENDARS), name="calendar"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    federation_id: Mapped[int] = mapped_column(ForeignKey("federation.id"))
    code: Mapped[str] = mapped_column(String(32))
    name: Mapped[str] = mapped_column(String(200))
    system: Mapped[str] = mapped_column(String(32))
    calendar: Mapped[str] = mapped_column(String(16), default="monthly")
    # A retired list: kept with its history, skipped by the scheduler, refusing submissions.
    disabled: Mapped[bool] = mapped_column(default=False, server_default=false())
    # Defaults of the tournament facts its system declares (``SystemAdapter.facts``), by key,
    # as text: what a submission uses where neither its file nor its KEY=VALUE gives one.
    facts: Mapped[dict[str, Any]] = mapped_column(default=dict, server_default=text("'{}'"))
    # Its name in each language where one is set; ``name`` where not.
    names: Mapped[dict[str, str]] = mapped_column(JSON, default=dict, server_default=text("'{}'"))


class Player(Base):
    __tablename__ = "player"
    __table_args__ = (UniqueConstraint("federation_id", "federation_player_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    federation_id: Mapped[int] = mapped_column(ForeignKey("federation.id"))
    # The federation's own ID of the player (what /link and result files use).
    federation_player_id: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(200))
    country: Mapped[str | None] = mapped_column(String(3))
    birth_date: Mapped[date | None] = mapped_column(Date)
    gender: Mapped[str | None] = mapped_column(String(1))
    data: Mapped[dict[str, Any]] = mapped_column(default=dict)
    # The registry's facts (``fedrank players import``): the name in Latin letters, the club,
    # and the European Go Database PIN (unique in a federation when set).
    latin_name: Mapped[str | None] = mapped_column(String(200))
    club: Mapped[str | None] = mapped_column(String(200))
    egd_pin: Mapped[str | None] = mapped_column(String(16))


Index("ix_player_name", Player.federation_id, Player.name)
Index("ix_player_egd_pin", Player.federation_id, Player.egd_pin, unique=True)
Index("ix_player_fpid_upper", func.upper(Player.federation_player_id))


class Membership(Base):
    __tablename__ = "membership"
    __table_args__ = (CheckConstraint("ends_on IS NULL OR ends_on >= starts_on", name="dates"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    starts_on: Mapped[date] = mapped_column(Date)
    ends_on: Mapped[date | None] = mapped_column(Date)


class Account(Base):
    """A Telegram, Discord or console user; linked to a Player only through verification."""

    __tablename__ = "account"
    __table_args__ = (
        UniqueConstraint("platform", "platform_user_id"),
        CheckConstraint(_in("platform", PLATFORMS), name="platform"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    platform: Mapped[str] = mapped_column(String(16))
    platform_user_id: Mapped[str] = mapped_column(String(64))
    display_name: Mapped[str] = mapped_column(String(200), default="")
    language: Mapped[str | None] = mapped_column(String(8))
    # Set when the platform says the user blocked the bot or closed DMs: do not retry.
    unreachable_since: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AccountLink(Base):
    """An account linked to a player: at most one player per federation for an account (one
    person may play in several federations), and at most one account per platform for a
    player (the unique index is the last word when two approvals race)."""

    __tablename__ = "account_link"
    __table_args__ = (
        UniqueConstraint("account_id", "federation_id"),
        CheckConstraint(_in("platform", PLATFORMS), name="platform"),
        Index("ix_account_link_player_platform", "player_id", "platform", unique=True),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    # The player's federation and the account's platform, copied so that the two rules above
    # are plain unique constraints.
    federation_id: Mapped[int] = mapped_column(ForeignKey("federation.id"))
    platform: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AccountRole(Base):
    """An account's role in one federation; every write checks it."""

    __tablename__ = "account_role"
    __table_args__ = (
        UniqueConstraint("account_id", "federation_id"),
        CheckConstraint(_in("role", ROLES), name="role"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id"))
    federation_id: Mapped[int] = mapped_column(ForeignKey("federation.id"))
    role: Mapped[str] = mapped_column(String(16))


class LinkRequest(Base):
    """A request to link an account to a federation player ID, until a director decides."""

    __tablename__ = "link_request"
    __table_args__ = (CheckConstraint(_in("state", LINK_STATES), name="state"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    state: Mapped[str] = mapped_column(String(16), default="pending")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    decided_by: Mapped[int | None] = mapped_column(ForeignKey("account.id"))


class LinkCode(Base):
    """A one-time code a director issued for a player; only its hash is stored."""

    __tablename__ = "link_code"

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    issued_by: Mapped[int] = mapped_column(ForeignKey("account.id"))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    used_by: Mapped[int | None] = mapped_column(ForeignKey("account.id"))


class LinkAttempts(Base):
    """Wrong link codes of one account or aimed at one player, counted in a window: one row
    per subject updated in place (never a row per attempt), and the lockout they caused."""

    __tablename__ = "link_attempts"
    __table_args__ = (
        UniqueConstraint("scope", "subject_id"),
        CheckConstraint("scope IN ('account', 'player')", name="scope"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    scope: Mapped[str] = mapped_column(String(16))
    subject_id: Mapped[int] = mapped_column(Integer)
    window_start: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    failures: Mapped[int] = mapped_column(Integer, default=0)
    locked_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class ServerSecret(Base):
    """A random secret made once per database (the link codes' HMAC key when the operator set
    no ``FEDRANK_SECRET_KEY``, and mixed into it when he did)."""

    __tablename__ = "server_secret"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))


class Tournament(Base):
    __tablename__ = "tournament"
    __table_args__ = (UniqueConstraint("discipline_id", "code"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    discipline_id: Mapped[int] = mapped_column(ForeignKey("discipline.id"))
    code: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(300))
    held_on: Mapped[date] = mapped_column(Date, index=True)
    # Open for players to report games (club leagues, Othello/Go rounds).
    open_for_reports: Mapped[bool] = mapped_column(default=False)
    # The highest version, kept by LedgerRepo.record_tournament in the same transaction, so the
    # ledger's "current versions only" is a plain indexed lookup.
    current_version_id: Mapped[int | None] = mapped_column(
        Integer, index=True, name="current_version_id"
    )


class TournamentVersion(Base):
    """One confirmed submission of a tournament; the highest version is current."""

    __tablename__ = "tournament_version"
    __table_args__ = (
        UniqueConstraint("tournament_id", "version"),
        CheckConstraint("version >= 1", name="version"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id"))
    version: Mapped[int] = mapped_column(Integer)
    held_on: Mapped[date] = mapped_column(Date)
    params: Mapped[dict[str, Any]] = mapped_column(default=dict)
    source_name: Mapped[str] = mapped_column(String(300), default="")
    source_text: Mapped[str] = mapped_column(Text, default="")
    reason: Mapped[str] = mapped_column(String(500), default="")
    submitted_by: Mapped[int | None] = mapped_column(ForeignKey("account.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Entry(Base):
    """A player's line in a tournament version (pairs and teams share ``team``)."""

    __tablename__ = "entry"
    __table_args__ = (UniqueConstraint("version_id", "player_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    version_id: Mapped[int] = mapped_column(ForeignKey("tournament_version.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    team: Mapped[str | None] = mapped_column(String(200))
    place: Mapped[Decimal | None]
    data: Mapped[dict[str, Any]] = mapped_column(default=dict)


class Game(Base):
    """A game of a tournament version (Go, Othello); ``player2_id`` is empty for a bye."""

    __tablename__ = "game"
    __table_args__ = (CheckConstraint(_in("result", GAME_RESULTS), name="result"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    version_id: Mapped[int] = mapped_column(ForeignKey("tournament_version.id"), index=True)
    round_no: Mapped[int] = mapped_column(Integer)
    player1_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    player2_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"))
    result: Mapped[str] = mapped_column(String(16))
    score1: Mapped[int | None]
    score2: Mapped[int | None]
    data: Mapped[dict[str, Any]] = mapped_column(default=dict)


class GameReport(Base):
    """A game a player reported; it counts only once the opponent (and maybe a director) agree."""

    __tablename__ = "game_report"
    __table_args__ = (
        CheckConstraint(_in("state", REPORT_STATES), name="state"),
        CheckConstraint(_in("result", GAME_RESULTS), name="result"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id"), index=True)
    reporter_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    opponent_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    result: Mapped[str] = mapped_column(String(16))
    score1: Mapped[int | None]
    score2: Mapped[int | None]
    state: Mapped[str] = mapped_column(String(16), default="reported")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class Award(Base):
    """One ledger line. Never updated: corrections come as a new tournament version."""

    __tablename__ = "award"
    __table_args__ = (
        CheckConstraint(f"colour IS NULL OR {_in('colour', COLOURS)}", name="colour"),
        Index("ix_award_player_discipline", "player_id", "discipline_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    version_id: Mapped[int] = mapped_column(ForeignKey("tournament_version.id"), index=True)
    discipline_id: Mapped[int] = mapped_column(ForeignKey("discipline.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    kind: Mapped[str] = mapped_column(String(32))
    amount: Mapped[Decimal]
    colour: Mapped[str | None] = mapped_column(String(16))
    awarded_on: Mapped[date] = mapped_column(Date)
    trace: Mapped[list[Any]] = mapped_column(default=list)


class Title(Base):
    """A rank, kyu/dan, evolution level or rank coefficient from a date on; a history."""

    __tablename__ = "title"
    __table_args__ = (Index("ix_title_player_discipline", "player_id", "discipline_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    discipline_id: Mapped[int] = mapped_column(ForeignKey("discipline.id"))
    title: Mapped[str] = mapped_column(String(64))
    value: Mapped[Decimal | None]
    since: Mapped[date] = mapped_column(Date)
    reason: Mapped[str] = mapped_column(String(300), default="")
    version_id: Mapped[int | None] = mapped_column(ForeignKey("tournament_version.id"))
    data: Mapped[dict[str, Any]] = mapped_column(default=dict)


class ListSnapshot(Base):
    """A published list; unique per discipline and date so nothing is published twice."""

    __tablename__ = "list_snapshot"
    __table_args__ = (UniqueConstraint("discipline_id", "list_date"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    discipline_id: Mapped[int] = mapped_column(ForeignKey("discipline.id"))
    list_date: Mapped[date] = mapped_column(Date)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    on_demand: Mapped[bool] = mapped_column(default=False)
    data: Mapped[dict[str, Any]] = mapped_column(default=dict)


class ListRow(Base):
    __tablename__ = "list_row"
    __table_args__ = (
        UniqueConstraint("snapshot_id", "player_id"),
        Index("ix_list_row_snapshot_position", "snapshot_id", "position"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    snapshot_id: Mapped[int] = mapped_column(ForeignKey("list_snapshot.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    rating: Mapped[Decimal]
    title: Mapped[str | None] = mapped_column(String(64))
    data: Mapped[dict[str, Any]] = mapped_column(default=dict)


class Qualification(Base):
    __tablename__ = "qualification"
    __table_args__ = (CheckConstraint("quota >= 1", name="quota"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    discipline_id: Mapped[int] = mapped_column(ForeignKey("discipline.id"))
    name: Mapped[str] = mapped_column(String(300))
    event_date: Mapped[date] = mapped_column(Date)
    qualification_date: Mapped[date] = mapped_column(Date)
    quota: Mapped[int] = mapped_column(Integer)
    created_by: Mapped[int | None] = mapped_column(ForeignKey("account.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    frozen_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # The Presidium's places and tie order, the list frozen on the qualification date and the
    # engine's state (fedrank.engines.mahjong_rmf.qualification) as JSON (migration 0002).
    data: Mapped[dict[str, Any]] = mapped_column(default=dict, server_default="{}")


class QualificationSlot(Base):
    __tablename__ = "qualification_slot"
    __table_args__ = (
        UniqueConstraint("qualification_id", "player_id"),
        CheckConstraint(_in("source", SLOT_SOURCES), name="source"),
        CheckConstraint(_in("state", SLOT_STATES), name="state"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    qualification_id: Mapped[int] = mapped_column(ForeignKey("qualification.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    position: Mapped[int] = mapped_column(Integer)
    source: Mapped[str] = mapped_column(String(16))
    state: Mapped[str] = mapped_column(String(16), default="waiting")
    informed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    deadline: Mapped[date | None] = mapped_column(Date)
    answered_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # The place's details: offered on, inform by, whom it replaces, reminder sent (0002).
    data: Mapped[dict[str, Any]] = mapped_column(default=dict, server_default="{}")


class PublicationFailure(Base):
    """A scheduled list whose publication failed: its error, its retries, its one report.

    One row per discipline and list date while it keeps failing; removed when the list is
    published (the audit log keeps both events)."""

    __tablename__ = "publication_failure"
    __table_args__ = (UniqueConstraint("discipline_id", "list_date"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    discipline_id: Mapped[int] = mapped_column(ForeignKey("discipline.id"))
    list_date: Mapped[date] = mapped_column(Date)
    attempts: Mapped[int] = mapped_column(Integer, default=1)
    error: Mapped[str] = mapped_column(String(500))
    first_failed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_failed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    next_attempt_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


PROPOSAL_STATES = ("waiting", "accepted", "rejected")


class ResultProposal(Base):
    """A club's result sheet a player sent (``/propose``): written only when a director of
    the discipline's federation accepts it; its text is prepared again then."""

    __tablename__ = "result_proposal"
    __table_args__ = (CheckConstraint(_in("state", PROPOSAL_STATES), name="state"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    discipline_id: Mapped[int] = mapped_column(ForeignKey("discipline.id"), index=True)
    proposer_id: Mapped[int] = mapped_column(ForeignKey("account.id"))
    filename: Mapped[str] = mapped_column(String(300), default="")
    text: Mapped[str] = mapped_column(Text, default="")
    state: Mapped[str] = mapped_column(String(16), default="waiting")
    reason: Mapped[str] = mapped_column(String(500), default="")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    decided_by: Mapped[int | None] = mapped_column(ForeignKey("account.id"))
    version_id: Mapped[int | None] = mapped_column(ForeignKey("tournament_version.id"))


class AuditLog(Base):
    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("account.id"))
    federation_id: Mapped[int | None] = mapped_column(ForeignKey("federation.id"))
    action: Mapped[str] = mapped_column(String(64))
    subject: Mapped[str] = mapped_column(String(200), default="")
    details: Mapped[dict[str, Any]] = mapped_column(default=dict)


class PendingSubmission(Base):
    """A parsed, validated submission shown as a preview and waiting for its confirmation.

    Nothing of it reaches the ledger until it is confirmed; then it is written in one transaction.
    """

    __tablename__ = "pending_submission"

    id: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(String(32), unique=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id"))
    discipline_id: Mapped[int] = mapped_column(ForeignKey("discipline.id"))
    payload: Mapped[dict[str, Any]] = mapped_column(default=dict)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    done_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class DiscordRoleRule(Base):
    """A guild's rule: members whose title in a discipline matches ``title_key`` get ``role_id``.

    ``title_key`` is a title's name ("2 dan"), a value ("1.5") or a threshold (">=1.5").
    """

    __tablename__ = "discord_role_rule"
    __table_args__ = (UniqueConstraint("guild_id", "discipline_id", "title_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    guild_id: Mapped[str] = mapped_column(String(32))
    discipline_id: Mapped[int] = mapped_column(ForeignKey("discipline.id"), index=True)
    title_key: Mapped[str] = mapped_column(String(64))
    role_id: Mapped[str] = mapped_column(String(32))
    created_by: Mapped[int | None] = mapped_column(ForeignKey("account.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
