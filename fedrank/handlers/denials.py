"""Refused attempts leave a trace: ``access.denied`` rows in the audit log.

A use case refuses by raising :class:`~fedrank.handlers.errors.AccessDeniedError` inside its
transaction, which then rolls back, so the refusal cannot be written there. The dispatcher (and
any other entry point that answers a refusal) calls :func:`record_denial` afterwards, which
writes in a transaction of its own. Refusals are coalesced per account and minute
(:meth:`~fedrank.storage.repos.audit.AuditRepo.access_denied`): a flood adds at most one row
per account and minute.
"""

from __future__ import annotations

import logging

from fedrank.handlers.access import caller
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import AccessDeniedError

log = logging.getLogger(__name__)


async def record_denial(
    services: Services, ctx: RequestContext, command: str, exc: AccessDeniedError
) -> None:
    """Count the refusal of ``/command`` to the caller; never raises (a failure is logged, the
    user still gets his answer)."""
    try:
        async with services.db.transaction() as repos:
            # The caller's account may have been made by the rolled-back transaction.
            account = await caller(repos, services, ctx)
            federation = (
                await repos.federations.get(exc.federation_id)
                if exc.federation_id is not None
                else None
            )
            code = federation.code if federation is not None else "-"
            await repos.audit.access_denied(
                at=services.now(),
                account_id=account.id,
                federation_id=federation.id if federation is not None else None,
                key=f"{code} /{command}",
            )
    except Exception:
        log.exception(
            "could not record the refusal of /%s for %s:%s", command, ctx.platform, ctx.user_id
        )


async def record_refusal(
    services: Services, ctx: RequestContext, kind: str, args: str, reason: str
) -> None:
    """Keep an admin command's refused input (``kind``, e.g. ``discipline.refused``) in the
    audit log, in a transaction of its own (the command's rolled back)."""
    async with services.db.transaction() as repos:
        account = await repos.accounts.by_platform(ctx.platform, ctx.user_id)
        await repos.audit.log(
            kind,
            at=services.now(),
            account_id=account.id if account is not None else None,
            subject=args[:200],
            details={"reason": reason},
        )
