"""The tables that deliver messages: who is subscribed, what waits in the outbox, where a
player's personal notices go, and the Discord DM channels already opened.

Re-exported by :mod:`.models`, the schema's one entry point.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from fedrank.storage.orm import PLATFORMS, Base, _in

OUTBOX_STATES = ("pending", "sending", "sent", "failed", "blocked")
SUBSCRIPTION_KINDS = ("lists", "personal")


class Subscription(Base):
    """A chat that receives a discipline's announcements (``lists``) or a player's own news."""

    __tablename__ = "subscription"
    __table_args__ = (
        UniqueConstraint("platform", "chat_id", "discipline_id", "kind"),
        CheckConstraint(_in("platform", PLATFORMS), name="platform"),
        CheckConstraint(_in("kind", SUBSCRIPTION_KINDS), name="kind"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    platform: Mapped[str] = mapped_column(String(16))
    chat_id: Mapped[str] = mapped_column(String(64))
    discipline_id: Mapped[int] = mapped_column(ForeignKey("discipline.id"))
    kind: Mapped[str] = mapped_column(String(16), default="lists")
    language: Mapped[str | None] = mapped_column(String(8))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Outbox(Base):
    """A message to deliver, one row per recipient; ``dedup_key`` makes enqueueing idempotent."""

    __tablename__ = "outbox"
    __table_args__ = (
        CheckConstraint(_in("platform", PLATFORMS), name="platform"),
        CheckConstraint(_in("state", OUTBOX_STATES), name="state"),
        Index("ix_outbox_state_due", "state", "due_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    dedup_key: Mapped[str] = mapped_column(String(200), unique=True)
    platform: Mapped[str] = mapped_column(String(16))
    chat_id: Mapped[str] = mapped_column(String(64))
    payload: Mapped[dict[str, Any]] = mapped_column(default=dict)
    state: Mapped[str] = mapped_column(String(16), default="pending")
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    due_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    error: Mapped[str | None] = mapped_column(String(500))
    # How many of the message's parts (API calls: texts, then files) were delivered: a retry
    # resumes after them, so a part is never sent twice because a later one failed.
    parts_done: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


#: Where a player's personal notices go (``/notify``): one platform, or every linked account.
NOTICE_CHANNELS = ("telegram", "discord", "both")


class NoticeChoice(Base):
    """A player's choice of where his personal notices go; no row: every linked account."""

    __tablename__ = "notice_choice"
    __table_args__ = (CheckConstraint(_in("channel", NOTICE_CHANNELS), name="channel"),)

    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), primary_key=True)
    channel: Mapped[str] = mapped_column(String(16))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class DiscordDmChannel(Base):
    """The DM channel opened for a Discord user (the outbox's sender opens it once)."""

    __tablename__ = "discord_dm_channel"

    user_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    channel_id: Mapped[str] = mapped_column(String(32))
    opened_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
