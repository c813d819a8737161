"""The operator's set-up: ``fedrank federation add | list``, ``fedrank discipline add | list |
disable | enable``, and whether a database holds a federation yet (``fedrank run``'s hint).

The operator acts with the server's authority: the use cases of
:mod:`fedrank.handlers.federation.setup` with no account, answering in English. Each write is
one transaction; a refusal writes nothing, is kept in the audit log
(``federation.add.refused``, …) and is raised as :class:`OperatorError`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

from fedrank.handlers.context import Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.federation import identity
from fedrank.handlers.federation.setup import (
    Actor,
    add_discipline,
    add_federation,
    audit_refusal,
    disable_discipline,
    discipline_facts_text,
    discipline_of,
    enable_discipline,
    federation_named,
    set_discipline_facts,
)
from fedrank.handlers.operator import OperatorError
from fedrank.handlers.wording.i18n import t
from fedrank.storage.repos import Repos

T = TypeVar("T")

#: A row of ``federation list``: code, name, time zone, language, its disciplines' codes.
FederationRow = tuple[str, str, str, str, str]
#: A row of ``discipline list``: federation, code, system, calendar, state, tournaments, name.
DisciplineRow = tuple[str, str, str, str, str, str, str]


async def _as_operator(
    services: Services, action: str, subject: str, work: Callable[[Repos, Actor], Awaitable[T]]
) -> T:
    """Run ``work`` in one transaction as the operator; a refusal is audited, then raised."""
    actor = Actor(None, "en", services.now())
    try:
        async with services.db.transaction() as repos:
            return await work(repos, actor)
    except UserError as exc:
        await audit_refusal(services.db, actor, action, subject, exc.message)
        raise OperatorError(exc.message) from None


async def federation_add(
    services: Services,
    code: str,
    name: str,
    *,
    timezone: str,
    language: str,
    names: dict[str, str] | None = None,
) -> str:
    """``fedrank federation add``: the federation made, said as one line."""

    async def work(repos: Repos, actor: Actor) -> str:
        added = await add_federation(repos, actor, code, name, timezone=timezone, language=language)
        if names:
            await identity.set_names(repos, actor, added, names)
        return t(
            "en",
            "setup.federation_added",
            code=added.code,
            name=added.name,
            timezone=added.timezone,
            language=added.language,
        )

    return await _as_operator(services, "federation.add", code, work)


async def federation_edit(
    services: Services,
    code: str,
    *,
    names: dict[str, str],
    accent: str | None = None,
    contact: str | None = None,
    footer: str | None = None,
    logo: bytes | None = None,
    clear_logo: bool = False,
) -> str:
    """``fedrank federation edit``: set the names and identity given (as an admin's
    /identity), then say them all; with nothing given, only say them."""

    async def work(repos: Repos, actor: Actor) -> str:
        found = await federation_named(repos, actor, code)
        await identity.set_names(repos, actor, found, names)
        await identity.set_identity(
            repos,
            actor,
            found,
            accent=accent,
            contact=contact,
            footer=footer,
            logo=logo,
            clear_logo=clear_logo,
        )
        disciplines = list(await repos.federations.disciplines(found.id))
        return identity.identity_lines("en", found, disciplines)

    return await _as_operator(services, "federation.identity", code, work)


async def federation_rows(services: Services) -> list[FederationRow]:
    """``fedrank federation list``: every federation with its disciplines' codes."""
    rows: list[FederationRow] = []
    async with services.db.read() as repos:
        for federation in await repos.federations.all():
            codes = [d.code for d in await repos.federations.disciplines(federation.id)]
            rows.append(
                (
                    federation.code,
                    federation.name,
                    federation.timezone,
                    federation.language,
                    ", ".join(codes) or "—",
                )
            )
    return rows


async def discipline_add(
    services: Services,
    federation: str,
    code: str,
    system: str,
    name: str,
    *,
    calendar: str | None,
    names: dict[str, str] | None = None,
) -> str:
    """``fedrank discipline add``: the discipline made, said as one line."""

    async def work(repos: Repos, actor: Actor) -> str:
        found = await federation_named(repos, actor, federation)
        added = await add_discipline(
            repos, services.systems, actor, found, code, system, name, calendar=calendar
        )
        if names:
            await identity.set_names(repos, actor, found, names, added)
        return t(
            "en",
            "setup.discipline_added",
            code=added.code,
            name=added.name,
            federation=found.code,
            system=added.system,
            calendar=added.calendar,
        )

    return await _as_operator(services, "discipline.add", f"{federation} {code}", work)


async def discipline_rows(
    services: Services, federation: str | None
) -> tuple[list[DisciplineRow], bool]:
    """``fedrank discipline list``: the disciplines of one federation (any case) or of all,
    and whether there is a federation to list at all."""
    rows: list[DisciplineRow] = []
    async with services.db.read() as repos:
        federations = list(await repos.federations.all())
        if federation is not None:
            federations = [f for f in federations if f.code.lower() == federation.lower()]
            if not federations:
                raise OperatorError(f"unknown federation '{federation}'")
        for fed in federations:
            for d in await repos.federations.disciplines(fed.id):
                history = await repos.federations.discipline_history(d.id)
                rows.append(
                    (
                        fed.code,
                        d.code,
                        d.system,
                        d.calendar,
                        "disabled" if d.disabled else "active",
                        str(history["tournaments"]),
                        d.name,
                    )
                )
    return rows, bool(federations)


async def discipline_disable(
    services: Services, federation: str, code: str, *, remove: bool
) -> str:
    """``fedrank discipline disable [--remove]``: what was done, as one line."""

    async def work(repos: Repos, actor: Actor) -> str:
        found = await federation_named(repos, actor, federation)
        return await disable_discipline(repos, actor, found, code, remove=remove)

    action = "discipline.remove" if remove else "discipline.disable"
    return await _as_operator(services, action, f"{federation} {code}", work)


async def discipline_enable(services: Services, federation: str, code: str) -> str:
    """``fedrank discipline enable``: what was done, as one line."""

    async def work(repos: Repos, actor: Actor) -> str:
        found = await federation_named(repos, actor, federation)
        return await enable_discipline(repos, actor, found, code)

    return await _as_operator(services, "discipline.enable", f"{federation} {code}", work)


async def discipline_edit(
    services: Services,
    federation: str,
    code: str,
    assignments: list[str],
    names: dict[str, str] | None = None,
) -> str:
    """``fedrank discipline edit``: set (``KEY=VALUE``) or clear (``KEY=``) the discipline's
    defaults of the facts a file may lack, then say them all; with no assignment, only say
    them. Audited as ``discipline.facts``, like an admin's ``/discipline facts``."""

    async def work(repos: Repos, actor: Actor) -> str:
        found = await federation_named(repos, actor, federation)
        if names:
            target = await discipline_of(repos, actor, found, code)
            await identity.set_names(repos, actor, found, names, target)
        if assignments:
            discipline = await set_discipline_facts(
                repos, services.systems, actor, found, code, assignments
            )
        else:
            discipline = await discipline_of(repos, actor, found, code)
        facts = discipline_facts_text("en", services.systems, discipline)
        named = ", ".join(f"{k}: {v}" for k, v in sorted((discipline.names or {}).items()))
        return f"names: {named}\n{facts}" if named else facts

    return await _as_operator(services, "discipline.facts", f"{federation} {code}", work)


async def has_federation(services: Services) -> bool:
    """Whether the database is migrated and holds at least one federation."""
    if not await services.db.is_migrated():
        return False
    async with services.db.read() as repos:
        return bool(await repos.federations.all())
