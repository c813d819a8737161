"""Who is asking, from where, in which language: built by each transport, read by handlers.

:class:`Services` is what the composition root (:mod:`fedrank.bootstrap`) builds once and hands
to every use case; tests build their own with fakes.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
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
    # A link that opens a private chat with the bot and starts it with a payload, as a format
    # with ``{payload}`` (Telegram's ``https://t.me/<bot>?start={payload}``); None where the
    # platform has none. /linkcode puts the code in one, so the player links with one tap.
    start_link: str | None = None


# How long a language chosen with /lang may be taken from memory. /lang in this process is seen
# at once (it clears the user's entry); /lang answered by another process (several bot
# processes behind a webhook) is seen after at most this many seconds.
LANGUAGE_TTL = 10.0
LANGUAGE_CACHE_SIZE = 100_000


class LanguageCache:
    """The language each user chose with /lang (or None), for LANGUAGE_TTL seconds.

    Every request needs it before its use case runs; reading it from the database cost a
    transaction of its own per request. Only /lang changes it, and /lang clears the entry.
    One cache per :class:`Services` (so tests with their own database don't share one).
    """

    def __init__(self, ttl: float = LANGUAGE_TTL, size: int = LANGUAGE_CACHE_SIZE) -> None:
        self.ttl = ttl
        self.size = size
        self.clock: Callable[[], float] = time.monotonic
        self._entries: OrderedDict[tuple[str, str], tuple[str | None, float]] = OrderedDict()
        # Bumped by every clear: a read that started before a clear does not store its answer.
        self.generation = 0

    def get(self, key: tuple[str, str]) -> tuple[bool, str | None]:
        entry = self._entries.get(key)
        if entry is None:
            return False, None
        language, read_at = entry
        if self.clock() - read_at >= self.ttl:
            del self._entries[key]
            return False, None
        return True, language

    def put(
        self, key: tuple[str, str], language: str | None, read_at: float, generation: int
    ) -> None:
        if generation != self.generation:
            return
        self._entries[key] = (language, read_at)
        self._entries.move_to_end(key)
        if len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def clear(self, key: tuple[str, str]) -> None:
        self.generation += 1
        self._entries.pop(key, None)


def _utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass(slots=True)
class Services:
    """What every use case may use: the database, the systems, the clock and the users' chosen
    languages (all injected, so tests control time and hand in fake systems)."""

    db: Database
    clock: Callable[[], datetime] = field(default=_utcnow)
    systems: SystemRegistry = field(default_factory=all_systems)
    default_language: str = "en"
    languages: LanguageCache = field(default_factory=LanguageCache)
    #: Lists computed for /rating's "since the list" block, by discipline, date and ledger
    #: state (:mod:`fedrank.handlers.since`).
    live_lists: dict[tuple[object, ...], object] = field(default_factory=dict)
    # The operator's FEDRANK_SECRET_KEY (link codes' HMAC key, with the database's own secret).
    secret_key: str | None = None
    #: Called with (platform, user id) after a role (or a director's language) of that account
    #: changed in this process
    #: (:func:`fedrank.handlers.menus.role_changed`): Telegram refreshes the account's menu.
    role_listeners: list[Callable[[str, str], Awaitable[None]]] = field(default_factory=list)

    def now(self) -> datetime:
        return self.clock()
