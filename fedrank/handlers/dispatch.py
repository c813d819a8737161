"""The one entry point of every transport: a command line in, a :class:`Reply` out.

Transports call :func:`dispatch` with the text the user sent (or a button's action); it finds
the use case in the registry (:mod:`fedrank.handlers.commands`), applies the user's chosen
language, and turns refusals into answers (a refusal of access is also counted in the audit
log as ``access.denied``: :mod:`fedrank.handlers.denials`). Nothing a user types can raise out
of here: unexpected errors are logged (without secrets) and answered.
"""

from __future__ import annotations

import logging
from dataclasses import replace

from fedrank.handlers.commands import COMMANDS
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.denials import record_denial
from fedrank.handlers.errors import AccessDeniedError, UserError
from fedrank.handlers.i18n import t
from fedrank.handlers.reply import Reply
from fedrank.storage.repos import account_language

log = logging.getLogger(__name__)


def parse_command(text: str) -> tuple[str, str] | None:
    """``"/top@fedrank_bot rmf 5"`` -> ``("top", "rmf 5")``; None if not a command."""
    stripped = text.strip()
    if not stripped.startswith("/") or len(stripped) == 1:
        return None
    head, _, rest = stripped[1:].partition(" ")
    name = head.split("@", 1)[0].lower()
    return name, rest.strip()


async def _language(services: Services, ctx: RequestContext) -> RequestContext:
    cache = services.languages
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
    name = ""
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
                services.languages.clear((ctx.platform, ctx.user_id))
        return await command.handler(services, ctx, args)
    except AccessDeniedError as exc:
        await record_denial(services, ctx, name, exc)
        return Reply.text(exc.message)
    except UserError as exc:
        return Reply.text(exc.message)
    except Exception:
        log.exception("handler failed for %s:%s", ctx.platform, ctx.user_id)
        return Reply.text(t(ctx.language, "error.internal"))
