"""The one entry point of every transport: a command line in, a :class:`Reply` out.

Transports call :func:`dispatch` with the text the user sent (or a button's action); it finds
the use case in the registry (:mod:`fedrank.handlers.commands`), applies the user's chosen
language, and turns refusals into answers (a refusal of access is also counted in the audit
log as ``access.denied``: :mod:`fedrank.handlers.denials`). Nothing a user types can raise out
of here: unexpected errors are logged (without secrets) and answered.
"""

from __future__ import annotations

import logging
import time
from dataclasses import replace
from typing import Any

from fedrank.handlers.accounts.presence import account_state, forget_state
from fedrank.handlers.commands import COMMANDS
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.denials import record_denial
from fedrank.handlers.errors import AccessDeniedError, UserError
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Reply
from fedrank.handlers.wording.words import usage_text
from fedrank.metrics import HANDLER_SECONDS, UPDATES

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
    language = (await account_state(services, ctx.platform, ctx.user_id)).language
    return replace(ctx, language=language) if language and language != ctx.language else ctx


async def dispatch(services: Services, ctx: RequestContext, text: str) -> Reply:
    """Answer one message or button press, counted in the metrics (updates by command and
    outcome, the handler's latency)."""
    began = time.perf_counter()
    outcome = ["ok"]
    parsed = parse_command(text)
    try:
        return await _answer(services, ctx, parsed, outcome)
    finally:
        # Only registered names become labels: what users type must not grow the series.
        command = parsed[0] if parsed is not None and parsed[0] in COMMANDS else "other"
        counted, timed = _series(ctx.platform, command, outcome[0])
        counted.inc()
        timed.observe(time.perf_counter() - began)


#: The metrics' children by (platform, command, outcome): ``labels()`` looks them up under a
#: lock, by keyword, on every call; the label sets are few (registered commands only).
_SERIES: dict[tuple[str, str, str], tuple[Any, Any]] = {}


def _series(platform: str, command: str, outcome: str) -> tuple[Any, Any]:
    key = (platform, command, outcome)
    found = _SERIES.get(key)
    if found is None:
        found = _SERIES[key] = (
            UPDATES.labels(platform=platform, command=command, outcome=outcome),
            HANDLER_SECONDS.labels(command=command),
        )
    return found


async def _answer(
    services: Services, ctx: RequestContext, parsed: tuple[str, str] | None, outcome: list[str]
) -> Reply:
    name = ""
    try:
        ctx = await _language(services, ctx)
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
                forget_state(services, ctx.platform, ctx.user_id)
        return await command.handler(services, ctx, args)
    except AccessDeniedError as exc:
        outcome[0] = "refused"
        await record_denial(services, ctx, name, exc)
        return Reply.text(exc.message)
    except UserError as exc:
        outcome[0] = "refused"
        # A usage line's <arguments> in the caller's language, whichever handler refused.
        return Reply.text(usage_text(ctx.language, exc.message))
    except Exception:
        outcome[0] = "error"
        log.exception(
            "handler failed for %s:%s", ctx.platform, ctx.user_id, extra=_fields(ctx, name)
        )
        return Reply.text(t(ctx.language, "error.internal"))


def _fields(ctx: RequestContext, name: str) -> dict[str, str]:
    """The log record's fields for a collector (:mod:`fedrank.logjson`): codes only, the
    command a registered name or "other" (never what the user typed)."""
    return {
        "platform": ctx.platform,
        "command": name if name in COMMANDS else "other",
        "chat_kind": "private" if ctx.is_private else "group",
    }
