"""``fedrank federation add | edit | list``, ``fedrank discipline add | list | disable | enable``,
``fedrank grant`` and ``fedrank demo``: setting a federation up, with the operator's authority.

The use cases are :mod:`fedrank.handlers.federation.operator` (over
:mod:`fedrank.handlers.federation.setup`)
and :func:`fedrank.handlers.accounts.grants.operator_grant`. A refusal is one line on standard
error (exit code 2), writes nothing, and is kept in the audit log (``federation.add.refused``,
``discipline.add.refused``, …).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer

from fedrank.cli.common import CliError, ensure_initialised, read_settings, run_coroutine
from fedrank.cli.progress import Quiet, progress
from fedrank.handlers.operator import SYSTEM_IDS

if TYPE_CHECKING:
    from fedrank.bootstrap import Root
    from fedrank.handlers.context import Services

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


NameEn = Annotated[str | None, typer.Option("--name-en", help="its name in English")]
NameRu = Annotated[str | None, typer.Option("--name-ru", help="its name in Russian")]
NameUk = Annotated[str | None, typer.Option("--name-uk", help="its name in Ukrainian")]
NameZh = Annotated[str | None, typer.Option("--name-zh", help="its name in Chinese")]


def _names(en: str | None, ru: str | None, uk: str | None, zh: str | None) -> dict[str, str]:
    """The names given per language (an empty one clears that language's)."""
    given = {"en": en, "ru": ru, "uk": uk, "zh": zh}
    return {lang: name for lang, name in given.items() if name is not None}


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    lines = [headers, *rows]
    return "\n".join(
        "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(line)).rstrip() for line in lines
    )


def _with_services(work: Callable[[Services], Awaitable[T]]) -> T:
    """Run ``work`` with the services of the configured database, once it is initialised."""
    from fedrank.bootstrap import opened

    async def go() -> T:
        async with opened(read_settings()) as root:
            await ensure_initialised(root)
            return await work(root.services)

    return run_coroutine(go())


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
    name_en: NameEn = None,
    name_ru: NameRu = None,
    name_uk: NameUk = None,
    name_zh: NameZh = None,
) -> None:
    """Add a federation (its admins are then given with `fedrank grant`)."""
    from fedrank.handlers.federation import operator as op_setup

    names = _names(name_en, name_ru, name_uk, name_zh)
    typer.echo(
        _with_services(
            lambda services: op_setup.federation_add(
                services, code, name, timezone=timezone, language=language, names=names
            )
        )
    )


@federation_app.command("edit")
def federation_edit(
    code: Annotated[str, typer.Argument(help="the federation's code, e.g. UFGO")],
    name_en: NameEn = None,
    name_ru: NameRu = None,
    name_uk: NameUk = None,
    name_zh: NameZh = None,
    logo: Annotated[
        Path | None,
        typer.Option("--logo", help="a PNG, JPEG or SVG file (at most 256 KiB) for its pages"),
    ] = None,
    no_logo: Annotated[bool, typer.Option("--no-logo", help="remove its logo")] = False,
    accent: Annotated[
        str | None, typer.Option("--accent", help="its accent colour, #rgb or #rrggbb")
    ] = None,
    contact: Annotated[
        str | None, typer.Option("--contact", help="a contact line for its pages and files")
    ] = None,
    footer: Annotated[
        str | None, typer.Option("--footer", help="a footer for its pages and files")
    ] = None,
) -> None:
    """Show or set a federation's names per language and its identity on the site and in
    list files (an empty value clears one); as an admin's /identity."""
    from fedrank.handlers.federation import operator as op_setup

    data: bytes | None = None
    if logo is not None:
        try:
            data = logo.read_bytes()
        except OSError as exc:
            raise CliError(f"cannot read the logo {logo}: {exc.strerror}") from None
    names = _names(name_en, name_ru, name_uk, name_zh)
    typer.echo(
        _with_services(
            lambda services: op_setup.federation_edit(
                services,
                code,
                names=names,
                accent=accent,
                contact=contact,
                footer=footer,
                logo=data,
                clear_logo=no_logo,
            )
        )
    )


@federation_app.command("list")
def federation_list() -> None:
    """List the federations with their time zone, language and disciplines."""
    from fedrank.handlers.federation import operator as op_setup

    rows = _with_services(op_setup.federation_rows)
    if not rows:
        typer.echo(CREATE_HINT)
        return
    typer.echo(_table(("code", "name", "timezone", "language", "disciplines"), rows))


@discipline_app.command("add")
def discipline_add(
    federation: Annotated[str, typer.Argument(help="the federation's code, e.g. UFGO")],
    code: Annotated[str, typer.Argument(help="the discipline's code, unique, e.g. ufgo")],
    system: Annotated[str, typer.Argument(help=f"its rulebook: {', '.join(SYSTEM_IDS)}")],
    name: Annotated[str, typer.Argument(help='its name, e.g. "UFGO rating"')],
    calendar: Annotated[
        str | None,
        typer.Option(
            "--calendar",
            help="monthly, quarterly, yearly or on_demand (default: the system's own)",
        ),
    ] = None,
    name_en: NameEn = None,
    name_ru: NameRu = None,
    name_uk: NameUk = None,
    name_zh: NameZh = None,
) -> None:
    """Add a discipline: a rating list bound to one system, published on its calendar."""
    from fedrank.handlers.federation import operator as op_setup

    names = _names(name_en, name_ru, name_uk, name_zh)
    typer.echo(
        _with_services(
            lambda services: op_setup.discipline_add(
                services, federation, code, system, name, calendar=calendar, names=names
            )
        )
    )


@discipline_app.command("list")
def discipline_list(
    federation: Annotated[
        str | None, typer.Argument(help="only this federation's (default: all)")
    ] = None,
) -> None:
    """List the disciplines: federation, code, system, calendar, state, tournaments, name."""
    from fedrank.handlers.federation import operator as op_setup

    rows, federations = _with_services(
        lambda services: op_setup.discipline_rows(services, federation)
    )
    if not rows:
        typer.echo("no disciplines yet" if federations else CREATE_HINT)
        return
    headers = ("federation", "code", "system", "calendar", "state", "tournaments", "name")
    typer.echo(_table(headers, rows))


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
    from fedrank.handlers.federation import operator as op_setup

    typer.echo(
        _with_services(
            lambda services: op_setup.discipline_disable(services, federation, code, remove=remove)
        )
    )


@discipline_app.command("enable")
def discipline_enable(
    federation: Annotated[str, typer.Argument(help="the federation's code")],
    code: Annotated[str, typer.Argument(help="the discipline's code")],
) -> None:
    """Enable a disabled discipline again."""
    from fedrank.handlers.federation import operator as op_setup

    typer.echo(
        _with_services(lambda services: op_setup.discipline_enable(services, federation, code))
    )


@discipline_app.command("edit")
def discipline_edit(
    federation: Annotated[str, typer.Argument(help="the federation's code")],
    code: Annotated[str, typer.Argument(help="the discipline's code")],
    facts: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            help="KEY=VALUE, a default for a fact files lack (official=no, board=19 ...); "
            "KEY= clears it; repeatable",
        ),
    ] = None,
    name_en: NameEn = None,
    name_ru: NameRu = None,
    name_uk: NameUk = None,
    name_zh: NameZh = None,
) -> None:
    """Show or set the discipline's defaults of the tournament facts a file may lack (as an
    admin's /discipline facts): a file's own value wins, a submission's --set wins over both."""
    from fedrank.handlers.federation import operator as op_setup

    typer.echo(
        _with_services(
            lambda services: op_setup.discipline_edit(
                services, federation, code, facts or [], _names(name_en, name_ru, name_uk, name_zh)
            )
        )
    )


def grant(
    account: Annotated[str, typer.Argument(help="platform:user, e.g. telegram:123456")],
    federation: Annotated[str, typer.Argument(help="federation code, e.g. RMF")],
    role: Annotated[str, typer.Argument(help="player, director or admin")],
) -> None:
    """Give a chat account a role in a federation (the operator bootstraps the first admins)."""
    if role not in ("player", "director", "admin"):
        raise CliError(f"role must be player, director or admin, not '{role}'")
    if ":" not in account:
        raise CliError(f"account must be platform:user, e.g. telegram:123456, not '{account}'")
    platform, user_id = account.split(":", 1)
    if platform not in ("telegram", "discord", "console"):
        raise CliError(f"platform must be telegram, discord or console, not '{platform}'")
    from fedrank.bootstrap import opened
    from fedrank.handlers.accounts.grants import operator_grant

    settings = read_settings()

    async def go() -> None:
        async with opened(settings) as root:
            if await operator_grant(root.services, platform, user_id, federation, role) is None:
                raise CliError(f"unknown federation '{federation}'")

    run_coroutine(go())
    typer.echo(f"{account} is now {role} of {federation}")


def demo(quiet: Quiet = False) -> None:
    """Load the demo federations, players and tournaments (idempotent)."""
    from fedrank.bootstrap import opened
    from fedrank.demo import load_demo

    settings = read_settings()

    async def go() -> str:
        async with opened(settings) as root:
            await root.db.migrate()
            with progress("loading the demo", quiet=quiet) as step:
                return await load_demo(
                    root.db, root.systems, console_user=settings.console_user, progress=step
                )

    typer.echo(run_coroutine(go()))


async def empty_hint(root: Root) -> str | None:
    """:data:`CREATE_HINT` when the database holds no federation (``fedrank run`` prints it)."""
    from fedrank.handlers.federation.operator import has_federation

    return None if await has_federation(root.services) else CREATE_HINT
