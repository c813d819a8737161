"""``fedrank federation add | list`` and ``fedrank discipline add | list | disable | enable``:
the set-up use cases of :mod:`fedrank.handlers.federation.setup`, with the operator's authority.

A refusal is one line on standard error (exit code 2), writes nothing, and is kept in the
audit log (``federation.add.refused``, ``discipline.add.refused``, …).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer

from fedrank.engines.registry import SYSTEMS

if TYPE_CHECKING:
    from fedrank.bootstrap import Root
    from fedrank.handlers.federation.setup import Actor
    from fedrank.storage.repos import Repos

T = TypeVar("T")

#: What ``fedrank run`` and an empty ``federation list`` say on a database without federations.
CREATE_HINT = (
    'no federation yet: create one with fedrank federation add CODE "NAME" --timezone Area/City'
)

federation_app = typer.Typer(
    name="federation", help="Federations: add one, list them.", no_args_is_help=True
)
discipline_app = typer.Typer(
    name="discipline",
    help="Disciplines (rating lists): add, list, disable or remove, enable.",
    no_args_is_help=True,
)


def _error(message: str) -> Exception:
    from fedrank.cli.app import CliError

    return CliError(message)


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    lines = [headers, *rows]
    return "\n".join(
        "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(line)).rstrip() for line in lines
    )


def _write(action: str, subject: str, work: Callable[[Root, Repos, Actor], Awaitable[T]]) -> T:
    """Run ``work`` in one transaction as the operator; a refusal is audited, then one line."""
    from fedrank.bootstrap import opened
    from fedrank.cli.app import _run, _settings
    from fedrank.handlers.errors import UserError
    from fedrank.handlers.federation.setup import Actor, audit_refusal

    async def go() -> T:
        async with opened(_settings()) as root:
            if not await root.db.is_migrated():
                raise _error("the database is not initialised; run `fedrank init` first")
            actor = Actor(None, "en", root.services.now())
            try:
                async with root.db.transaction() as repos:
                    return await work(root, repos, actor)
            except UserError as exc:
                await audit_refusal(root.db, actor, action, subject, exc.message)
                raise _error(exc.message) from None

    return _run(go())


def _read(work: Callable[[Repos], Awaitable[T]]) -> T:
    from fedrank.bootstrap import opened
    from fedrank.cli.app import _run, _settings

    async def go() -> T:
        async with opened(_settings()) as root:
            if not await root.db.is_migrated():
                raise _error("the database is not initialised; run `fedrank init` first")
            async with root.db.read() as repos:
                return await work(repos)

    return _run(go())


@federation_app.command("add")
def federation_add(
    code: Annotated[str, typer.Argument(help="the federation's code, e.g. UFGO")],
    name: Annotated[str, typer.Argument(help='its name, e.g. "Ukrainian Go Federation"')],
    timezone: Annotated[
        str, typer.Option("--timezone", help="IANA zone of its list dates, e.g. Europe/Kyiv")
    ] = "UTC",
    language: Annotated[
        str, typer.Option("--language", help="language of its announcements: en, ru, uk, zh")
    ] = "en",
) -> None:
    """Add a federation (its admins are then given with `fedrank grant`)."""
    from fedrank.handlers.federation.setup import add_federation
    from fedrank.handlers.wording.i18n import t

    async def work(root: Root, repos: Repos, actor: Actor) -> str:
        added = await add_federation(repos, actor, code, name, timezone=timezone, language=language)
        return t(
            "en",
            "setup.federation_added",
            code=added.code,
            name=added.name,
            timezone=added.timezone,
            language=added.language,
        )

    typer.echo(_write("federation.add", code, work))


@federation_app.command("list")
def federation_list() -> None:
    """List the federations with their time zone, language and disciplines."""

    async def work(repos: Repos) -> str:
        rows = []
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
        if not rows:
            return CREATE_HINT
        return _table(("code", "name", "timezone", "language", "disciplines"), rows)

    typer.echo(_read(work))


@discipline_app.command("add")
def discipline_add(
    federation: Annotated[str, typer.Argument(help="the federation's code, e.g. UFGO")],
    code: Annotated[str, typer.Argument(help="the discipline's code, unique, e.g. ufgo")],
    system: Annotated[str, typer.Argument(help=f"its rulebook: {', '.join(SYSTEMS)}")],
    name: Annotated[str, typer.Argument(help='its name, e.g. "UFGO rating"')],
    calendar: Annotated[
        str | None,
        typer.Option(
            "--calendar",
            help="monthly, quarterly, yearly or on_demand (default: the system's own)",
        ),
    ] = None,
) -> None:
    """Add a discipline: a rating list bound to one system, published on its calendar."""
    from fedrank.handlers.federation.setup import add_discipline, federation_named
    from fedrank.handlers.wording.i18n import t

    async def work(root: Root, repos: Repos, actor: Actor) -> str:
        found = await federation_named(repos, actor, federation)
        added = await add_discipline(
            repos, root.systems, actor, found, code, system, name, calendar=calendar
        )
        return t(
            "en",
            "setup.discipline_added",
            code=added.code,
            name=added.name,
            federation=found.code,
            system=added.system,
            calendar=added.calendar,
        )

    typer.echo(_write("discipline.add", f"{federation} {code}", work))


@discipline_app.command("list")
def discipline_list(
    federation: Annotated[
        str | None, typer.Argument(help="only this federation's (default: all)")
    ] = None,
) -> None:
    """List the disciplines: federation, code, system, calendar, state, tournaments, name."""

    async def work(repos: Repos) -> str:
        federations = list(await repos.federations.all())
        if federation is not None:
            federations = [f for f in federations if f.code.lower() == federation.lower()]
            if not federations:
                raise _error(f"unknown federation '{federation}'")
        rows = []
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
        if not rows:
            return "no disciplines yet" if federations else CREATE_HINT
        headers = ("federation", "code", "system", "calendar", "state", "tournaments", "name")
        return _table(headers, rows)

    typer.echo(_read(work))


@discipline_app.command("disable")
def discipline_disable(
    federation: Annotated[str, typer.Argument(help="the federation's code")],
    code: Annotated[str, typer.Argument(help="the discipline's code")],
    remove: Annotated[
        bool,
        typer.Option(
            "--remove",
            help="delete it instead; only a discipline that has stored nothing (a typo)",
        ),
    ] = False,
) -> None:
    """Disable a discipline (history kept, no scheduled lists, no submissions), or remove one
    without any history with --remove."""
    from fedrank.handlers.federation.setup import disable_discipline, federation_named

    async def work(root: Root, repos: Repos, actor: Actor) -> str:
        found = await federation_named(repos, actor, federation)
        return await disable_discipline(repos, actor, found, code, remove=remove)

    action = "discipline.remove" if remove else "discipline.disable"
    typer.echo(_write(action, f"{federation} {code}", work))


@discipline_app.command("enable")
def discipline_enable(
    federation: Annotated[str, typer.Argument(help="the federation's code")],
    code: Annotated[str, typer.Argument(help="the discipline's code")],
) -> None:
    """Enable a disabled discipline again."""
    from fedrank.handlers.federation.setup import enable_discipline, federation_named

    async def work(root: Root, repos: Repos, actor: Actor) -> str:
        found = await federation_named(repos, actor, federation)
        return await enable_discipline(repos, actor, found, code)

    typer.echo(_write("discipline.enable", f"{federation} {code}", work))


async def empty_hint(root: Root) -> str | None:
    """:data:`CREATE_HINT` when the database holds no federation (``fedrank run`` prints it)."""
    if await root.db.is_migrated():
        async with root.db.read() as repos:
            if await repos.federations.all():
                return None
    return CREATE_HINT
