"""Who is asking, from where, in which language: built by each transport, read by handlers.

:class:`Services` is what the composition root (:mod:`fedrank.bootstrap`) builds once and hands
to every use case; tests build their own with fakes.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import NamedTuple

from fedrank.handlers.systems.registry import SystemRegistry
from fedrank.storage.database import Database


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
    # The thread of the chat the request came from (a Telegram forum topic), where every part
    # of the answer goes; None outside threads. Transports read it; use cases never need it.
    thread_id: str | None = None


# How long what a user's account says (the language chosen with /lang, the unreachable mark)
# may be taken from memory. A change made in this process is seen at once (/lang and the marks
# clear the user's entry); one made by another process (several bot processes behind a
# webhook, the outbox's sender) is seen after at most this many seconds.
LANGUAGE_TTL = 10.0
LANGUAGE_CACHE_SIZE = 100_000


class AccountState(NamedTuple):
    """What every update needs of the user's account before its use case runs."""

    #: Chosen with /lang (None: not chosen, or no account yet).
    language: str | None = None
    #: Marked when a message to him was refused (he blocked the bot, closed his DMs).
    unreachable: bool = False


NO_ACCOUNT = AccountState()


class LanguageCache:
    """Each user's :class:`AccountState` (the language he chose with /lang, his unreachable
    mark), for LANGUAGE_TTL seconds.

    Every update needs it before its use case runs; reading it from the database cost a query
    of its own per update. Only /lang and the marks change it, and they clear the entry.
    One cache per :class:`Services` (so tests with their own database don't share one).
    """

    def __init__(self, ttl: float = LANGUAGE_TTL, size: int = LANGUAGE_CACHE_SIZE) -> None:
        self.ttl = ttl
        self.size = size
        self.clock: Callable[[], float] = time.monotonic
        self._entries: OrderedDict[tuple[str, str], tuple[AccountState, float]] = OrderedDict()
        # Bumped by every clear: a read that started before a clear does not store its answer.
        self.generation = 0
        #: By platform: the states of every account whose state is not NO_ACCOUNT, read at once
        #: (read time, generation when the read began), None when there were more than
        #: ``size``. A user it does not name has NO_ACCOUNT: a new user's first update needs
        #: no query of his own (:func:`fedrank.handlers.accounts.presence.account_state`).
        self.marked: dict[str, tuple[dict[str, AccountState] | None, float, int]] = {}
        #: Users cleared (by generation) since: the marked states read before do not answer
        #: for them.
        self.cleared: dict[tuple[str, str], int] = {}
        self.marked_lock = asyncio.Lock()

    def get(self, key: tuple[str, str]) -> AccountState | None:
        """The user's state, or None when it must be read."""
        entry = self._entries.get(key)
        if entry is None:
            return None
        state, read_at = entry
        if self.clock() - read_at >= self.ttl:
            del self._entries[key]
            return None
        return state

    def put(
        self, key: tuple[str, str], state: AccountState, read_at: float, generation: int
    ) -> None:
        if generation != self.generation:
            return
        self._entries[key] = (state, read_at)
        self._entries.move_to_end(key)
        if len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def clear(self, key: tuple[str, str]) -> None:
        self.generation += 1
        self._entries.pop(key, None)
        self.cleared[key] = self.generation

    def from_marked(self, key: tuple[str, str]) -> tuple[AccountState | None, float]:
        """The user's state from the platform's marked states and when they were read; None
        when they are older than ``ttl``, were too many to keep, or the user was cleared."""
        platform, user_id = key
        marked = self.marked.get(platform)
        if marked is None:
            return None, 0.0
        states, read_at, generation = marked
        if states is None or self.clock() - read_at >= self.ttl:
            return None, 0.0
        if self.cleared.get(key, 0) > generation:
            return None, 0.0
        return states.get(user_id, NO_ACCOUNT), read_at

    def keep_marked(
        self, platform: str, states: dict[str, AccountState] | None, read_at: float, generation: int
    ) -> None:
        """Keep the platform's marked states read at ``read_at`` (begun at ``generation``)."""
        self.marked[platform] = (states, read_at, generation)
        done = min(g for _, _, g in self.marked.values())
        self.cleared = {k: g for k, g in self.cleared.items() if g > done}


def _utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass(slots=True)
class TransportState:
    """A chat transport as ``fedrank run`` last saw it, for ``/healthz``: running, or down
    since ``since`` for ``error`` (the kind of failure and the platform's words, never a
    token) while it is tried again."""

    up: bool = True
    error: str = ""
    since: datetime | None = None


@dataclass(slots=True)
class Services:
    """What every use case may use: the database, the systems, the clock and what the users'
    accounts say before each update (all injected, so tests control time and hand in fake
    systems)."""

    db: Database
    #: The systems it runs: :func:`fedrank.handlers.systems.all_systems` in the service, fakes
    #: in tests (a value, so this module never imports the systems, which import it).
    systems: SystemRegistry
    clock: Callable[[], datetime] = field(default=_utcnow)
    default_language: str = "en"
    languages: LanguageCache = field(default_factory=LanguageCache)
    #: Lists computed for /rating's "since the list" block, by discipline, date and ledger
    #: state (:mod:`fedrank.handlers.questions.since`).
    live_lists: dict[tuple[object, ...], object] = field(default_factory=dict)
    # The operator's FEDRANK_SECRET_KEY (link codes' HMAC key, with the database's own secret).
    secret_key: str | None = None
    #: Called with (platform, user id) after a role (or a director's language) of that account
    #: changed in this process
    #: (:func:`fedrank.handlers.accounts.menus.role_changed`): Telegram refreshes the account's
    #: menu.
    role_listeners: list[Callable[[str, str], Awaitable[None]]] = field(default_factory=list)
    #: The chat transports this process runs, by name (``telegram``, ``discord``).
    transports: dict[str, TransportState] = field(default_factory=dict)

    def now(self) -> datetime:
        return self.clock()
