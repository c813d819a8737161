"""The one entry point of every transport: a command line in, a :class:`Reply` out.

Transports call :func:`dispatch` with the text the user sent (or a button's action); it finds
the use case, applies the user's chosen language, and turns refusals into answers. Nothing a
user types can raise out of here: unexpected errors are logged (without secrets) and answered.
"""

from __future__ import annotations

import logging
import time
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace

from fedrank.handlers import (
    accounts,
    admin,
    othello,
    playerdata,
    players,
    publication,
    qualification,
    ratings,
    reports,
    results,
    subscriptions,
    whatif,
)
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.i18n import t
from fedrank.handlers.reply import Reply
from fedrank.storage.database import Database
from fedrank.storage.repositories import account_language

log = logging.getLogger(__name__)

Handler = Callable[[Services, RequestContext, str], Awaitable[Reply]]


@dataclass(frozen=True, slots=True)
class Command:
    name: str
    handler: Handler
    # "all": listed for everyone; "director": listed for directors (still checked per federation).
    audience: str = "all"


COMMANDS: dict[str, Command] = {}


def register(name: str, handler: Handler, audience: str = "all") -> None:
    """Add a use case; later issues register theirs here so every transport gets them."""
    COMMANDS[name] = Command(name, handler, audience)


register("start", accounts.start)
register("help", accounts.help_)
register("link", accounts.link)
register("rating", ratings.rating)
register("top", ratings.top)
register("why", players.why)
register("history", players.history)
register("subscribe", subscriptions.subscribe)
register("unsubscribe", subscriptions.unsubscribe)
register("lang", accounts.lang)
register("links", accounts.links, "director")
register("approve", accounts.approve, "director")
register("reject", accounts.reject, "director")
register("linkcode", accounts.linkcode, "director")
register("grant", accounts.grant, "director")
register("submit", results.submit, "director")
register("confirm", results.confirm, "director")
register("cancel", results.cancel, "director")
register("publish", publication.publish, "director")
register("pairing", othello.pairing)
register("standings", othello.standings)
register("round", othello.round_, "director")
register("report", reports.report)
register("reports", reports.reports)
register("gameok", reports.gameok)
register("gamedispute", reports.gamedispute)
register("openreports", reports.openreports, "director")
register("closereports", reports.closereports, "director")
register("gameapprove", reports.gameapprove, "director")
register("gamereject", reports.gamereject, "director")
register("disciplines", admin.disciplines)
register("discipline", admin.discipline, "director")
register("roles", admin.roles, "director")
register("unlink", admin.unlink, "director")
register("qualify", qualification.qualify, "director")
register("qualification", qualification.show, "director")
register("qconfirm", qualification.qconfirm)
register("qdecline", qualification.qdecline)
register("whatif", whatif.whatif)
register("playerdata", playerdata.playerdata, "director")


def parse_command(text: str) -> tuple[str, str] | None:
    """``"/top@fedrank_bot rmf 5"`` -> ``("top", "rmf 5")``; None if not a command."""
    stripped = text.strip()
    if not stripped.startswith("/") or len(stripped) == 1:
        return None
    head, _, rest = stripped[1:].partition(" ")
    name = head.split("@", 1)[0].lower()
    return name, rest.strip()


# How long a language chosen with /lang may be taken from memory. /lang in this process is seen
# at once (it clears the user's entry); /lang answered by another process (several bot
# processes behind a webhook) is seen after at most this many seconds.
LANGUAGE_TTL = 10.0
LANGUAGE_CACHE_SIZE = 100_000


class LanguageCache:
    """The language each user chose with /lang (or None), per database, for LANGUAGE_TTL seconds.

    Every request needs it before its use case runs; reading it from the database cost a
    transaction of its own per request. Only /lang changes it, and /lang clears the entry.
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


_LANGUAGE_CACHES: weakref.WeakKeyDictionary[Database, LanguageCache] = weakref.WeakKeyDictionary()


def language_cache(db: Database) -> LanguageCache:
    """The language cache of ``db`` (one per database, so tests with their own don't share)."""
    cache = _LANGUAGE_CACHES.get(db)
    if cache is None:
        cache = _LANGUAGE_CACHES[db] = LanguageCache()
    return cache


async def _language(services: Services, ctx: RequestContext) -> RequestContext:
    cache = language_cache(services.db)
    key = (ctx.platform, ctx.user_id)
    hit, language = cache.get(key)
    if not hit:
        read_at, generation = cache.clock(), cache.generation
        async with services.db.connection() as conn:
            language = await account_language(conn, ctx.platform, ctx.user_id)
        cache.put(key, language, read_at, generation)
    return replace(ctx, language=language) if language else ctx


async def dispatch(services: Services, ctx: RequestContext, text: str) -> Reply:
    """Answer one message or button press."""
    try:
        ctx = await _language(services, ctx)
        parsed = parse_command(text)
        if parsed is None:
            return Reply.text(t(ctx.language, "error.not_a_command"))
        name, args = parsed
        command = COMMANDS.get(name)
        if command is None:
            return Reply.text(t(ctx.language, "error.unknown_command", command=name[:32]))
        if name == "lang":
            try:
                return await command.handler(services, ctx, args)
            finally:
                language_cache(services.db).clear((ctx.platform, ctx.user_id))
        return await command.handler(services, ctx, args)
    except UserError as exc:
        return Reply.text(exc.message)
    except Exception:
        log.exception("handler failed for %s:%s", ctx.platform, ctx.user_id)
        return Reply.text(t(ctx.language, "error.internal"))
