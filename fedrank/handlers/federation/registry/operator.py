"""The operator's player registry: ``fedrank players import | export | merge``, the use cases
of :mod:`fedrank.handlers.federation.registry` with the server's authority.

An import is planned twice, as a director's file is: once for the preview (nothing written),
again in the transaction that writes, which refuses when the registry changed in between.
"""

from __future__ import annotations

from collections.abc import Callable

from fedrank.handlers.context import Services
from fedrank.handlers.federation.registry.exporting import export_registry
from fedrank.handlers.federation.registry.importing import (
    ImportResult,
    UnknownFederationError,
    prepare_import,
    preview_lines,
    write_import,
)
from fedrank.handlers.federation.registry.merge import MergeRefusedError, audit_refusal
from fedrank.handlers.federation.registry.merge import merge_players as merge
from fedrank.handlers.federation.registry.plan import RegistryPlan
from fedrank.handlers.operator import OperatorError


async def registry_preview(
    services: Services, federation: str, filename: str, content: bytes
) -> RegistryPlan:
    """What importing the file would change; writes nothing."""
    async with services.db.read() as repos:
        return await prepare_import(repos, services.systems, federation, filename, content)


async def registry_import(
    services: Services,
    federation: str,
    filename: str,
    content: bytes,
    *,
    seen: RegistryPlan | None,
    show: Callable[[str], None],
) -> ImportResult:
    """Write the file's players in one transaction. Without a preview ``seen`` (``--yes``) the
    plan is shown first; with one, a registry that changed since is refused."""
    async with services.db.transaction() as repos:
        plan = await prepare_import(repos, services.systems, federation, filename, content)
        if seen is None:
            show("\n".join(preview_lines(plan)))
        elif plan.summary() != seen.summary():
            raise OperatorError("the registry changed since the preview; nothing written")
        return await write_import(repos, plan, now=services.now())


async def registry_export(services: Services, federation: str, fmt: str) -> bytes:
    """The federation's registry in the columns ``players import`` reads (CSV or XLSX)."""
    async with services.db.read() as repos:
        return await export_registry(repos, services.systems, federation, fmt)


async def registry_merge(
    services: Services, federation: str, keep: str, drop: str
) -> dict[str, int]:
    """Join two records of one person in one transaction: the rows moved, by table. A refusal
    is kept in the audit log and raised as :class:`OperatorError`."""
    try:
        async with services.db.transaction() as repos:
            return await merge(repos, federation, keep, drop, now=services.now())
    except (MergeRefusedError, UnknownFederationError) as exc:
        await audit_refusal(services.db, federation, keep, drop, str(exc), now=services.now())
        raise OperatorError(str(exc)) from None
