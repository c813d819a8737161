"""``fedrank publish`` (a discipline's list on a date, or with ``--due`` the scheduler's tick),
``fedrank export`` (one published list as CSV, XLSX, HTML or JSON) and ``fedrank site build``
(the federation's website as a static folder, incremental): the published lists.

The use cases are :mod:`fedrank.handlers.publication.publish`, :mod:`fedrank.handlers.site.export`
and the website's build (:mod:`fedrank.web.site_build`); ``--due`` is
:mod:`fedrank.cli.schedule`'s.
"""

from __future__ import annotations

import asyncio
from datetime import date
from pathlib import Path
from typing import Annotated

import typer

from fedrank.cli.common import CliError, ensure_initialised, read_settings, run_coroutine
from fedrank.cli.output import folder_out, resolve_out
from fedrank.cli.progress import Quiet, progress
from fedrank.cli.schedule import publish_due_command

site_app = typer.Typer(name="site", help="The federation's website.", no_args_is_help=True)


def _fail(message: str) -> typer.Exit:
    typer.echo(f"fedrank: {message}", err=True)
    return typer.Exit(2)


@site_app.command("build")
def build(
    out: Annotated[Path, typer.Option("--out", help="the folder to write the site into")],
    quiet: Quiet = False,
) -> None:
    """Write the whole site (every list, player and tournament, in four languages, with
    JSON); a page whose data did not change since the last build is left as it is."""
    from fedrank.bootstrap import opened
    from fedrank.web.site_build import build_site

    folder_out(out)

    async def go() -> str:
        async with opened() as root:
            with progress("building the site: pages", quiet=quiet) as step:
                report = await build_site(root.services, out, progress=step)
        return (
            f"site in {out}: {report.written} page(s) written, {report.unchanged} unchanged,"
            f" {report.removed} file(s) removed"
        )

    typer.echo(asyncio.run(go()))


def export(
    discipline: Annotated[str, typer.Argument(help="discipline code, e.g. ufgo")],
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            help="a file (its extension gives the format: .csv, .xlsx, .html, .json), "
            "or a folder to write DISCIPLINE-DATE.FORMAT into",
        ),
    ],
    kind: Annotated[
        str | None,
        typer.Option("--format", help="csv (the default in a folder), xlsx, html or json"),
    ] = None,
    on: Annotated[
        str | None, typer.Option("--date", help="the list's date YYYY-MM-DD (default: latest)")
    ] = None,
) -> None:
    """Write one published list as a file (the latest, or the one of --date)."""
    from fedrank.bootstrap import opened
    from fedrank.handlers.site.export import FORMATS, ExportError, export_list

    where = resolve_out(out, kind, FORMATS, "csv")

    try:
        day = date.fromisoformat(on) if on is not None else None
    except ValueError:
        raise _fail(f"--date must be YYYY-MM-DD, not {on!r}") from None

    async def go() -> Path:
        async with opened() as root:
            name, body = await export_list(root.services, discipline, day, where.fmt)
        return where.write(name, body)

    try:
        target = asyncio.run(go())
    except ExportError as exc:
        raise _fail(str(exc)) from None
    typer.echo(f"written: {target}")


def publish(
    discipline: Annotated[
        str | None, typer.Argument(help="discipline code, e.g. ufgo (not with --due)")
    ] = None,
    on: Annotated[
        str | None, typer.Option("--date", help="list date YYYY-MM-DD (default: today, UTC)")
    ] = None,
    due: Annotated[
        bool, typer.Option("--due", help="run the scheduler's tick once: every list due")
    ] = False,
    today: Annotated[
        str | None, typer.Option("--today", help="with --due: as if at 12:00 UTC that day")
    ] = None,
    quiet: Quiet = False,
) -> None:
    """Publish a discipline's list on a date (once: a second call reports the stored list),
    or with --due everything the scheduler would run now (or --today), once."""
    if due:
        if discipline is not None or on is not None:
            raise CliError("--due publishes every list due; it takes no discipline or --date")
        typer.echo(publish_due_command(today, quiet=quiet))
        return
    if discipline is None:
        raise CliError("name a discipline, or use --due")
    if today is not None:
        raise CliError("--today goes with --due; a single list takes --date")
    from datetime import UTC, datetime

    from fedrank.bootstrap import opened
    from fedrank.handlers.publication.publish import publish_list
    from fedrank.handlers.systems import NoAdapterError

    try:
        list_date = date.fromisoformat(on) if on else datetime.now(UTC).date()
    except ValueError:
        raise CliError(f"--date must be YYYY-MM-DD, not '{on}'") from None
    settings = read_settings()

    async def go() -> str:
        async with opened(settings) as root:
            await ensure_initialised(root)
            try:
                _, created, size = await publish_list(
                    root.db,
                    root.systems,
                    discipline,
                    list_date,
                    now=root.services.now(),
                    on_demand=True,
                    announce=True,
                )
            except ValueError as exc:
                raise CliError(str(exc)) from None
            except LookupError as exc:
                if isinstance(exc, NoAdapterError):
                    raise CliError(f"lists of {exc} cannot be computed yet") from None
                raise CliError(str(exc)) from None
            state = "published" if created else "already published"
            players = "1 player" if size == 1 else f"{size} players"
            return f"{discipline} {list_date.isoformat()}: {state}, {players}"

    typer.echo(run_coroutine(go()))
