"""Who is asking, from where, in which language: built by each transport, read by handlers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from fedrank.handlers.systems import SystemRegistry, all_systems
from fedrank.storage.database import Database

LANGUAGES = ("en", "ru", "uk", "zh")


def normalize_language(code: str | None, default: str = "en") -> str:
    """Map a platform locale (``ru-RU``, ``zh-hans``, ``uk``) to one of our catalogues."""
    if not code:
        return default
    base = code.lower().replace("_", "-").split("-")[0]
    return base if base in LANGUAGES else default


@dataclass(frozen=True, slots=True)
class IncomingFile:
    """A file sent with the message (a director's results file)."""

    filename: str
    content: bytes


@dataclass(frozen=True, slots=True)
class RequestContext:
    platform: str
    user_id: str
    chat_id: str
    display_name: str = ""
    language: str = "en"
    is_private: bool = True
    # The language the user chose explicitly overrides the platform's (see /lang).
    platform_language: str | None = None
    attachment: IncomingFile | None = None


def _utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass(slots=True)
class Services:
    """What every use case may use: the database, the systems and the clock (all injected, so
    tests control time and hand in fake systems)."""

    db: Database
    clock: Callable[[], datetime] = field(default=_utcnow)
    systems: SystemRegistry = field(default_factory=all_systems)
    default_language: str = "en"

    def now(self) -> datetime:
        return self.clock()
