"""``fedrank players import | export | merge``: the federation's player registry, through
:mod:`fedrank.handlers.federation.registry.operator`, with the operator's authority."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from fedrank.cli.common import CliError, ensure_initialised, read_settings, run_coroutine
from fedrank.cli.output import Out, extension, resolve_out
from fedrank.cli.progress import Quiet, progress

players_app = typer.Typer(
    name="players",
    help="The federation's player registry: import and export.",
    no_args_is_help=True,
)


@players_app.command("import")
def import_players(
    federation: Annotated[str, typer.Argument(help="federation code, e.g. UFGO")],
    file: Annotated[Path, typer.Argument(help="the registry: CSV (comma or semicolon) or XLSX")],
    yes: Annotated[
        bool, typer.Option("--yes", help="write without asking after the preview")
    ] = False,
    quiet: Quiet = False,
) -> None:
    """Add and update players from a file: show the preview, then write in one transaction
    (with --yes --quiet, the summary line only)."""
    from fedrank.bootstrap import opened
    from fedrank.handlers.federation.registry import operator as op_players
    from fedrank.handlers.federation.registry.fileformat import RegistryFileError
    from fedrank.handlers.federation.registry.importing import (
        UnknownFederationError,
        preview_lines,
    )

    try:
        content = file.read_bytes()
    except FileNotFoundError:
        raise CliError(f"no such file: {file}") from None
    except IsADirectoryError:
        raise CliError(f"{file} is a directory, not a file") from None

    async def go() -> str:
        async with opened(read_settings()) as root:
            await ensure_initialised(root)
            try:
                seen = None
                if not yes:
                    with progress(f"checking {file.name}", quiet=quiet):
                        seen = await op_players.registry_preview(
                            root.services, federation, file.name, content
                        )
                    typer.echo("\n".join(preview_lines(seen)))
                    if not seen.new and not seen.changed:
                        return "nothing to change"
                    if not sys.stdin.isatty():
                        raise CliError("nothing written: confirm with --yes when not at a terminal")
                    if not typer.confirm("Write these players?", default=False):
                        return "nothing written"
                with progress(f"writing {file.name}", quiet=quiet):
                    result = await op_players.registry_import(
                        root.services,
                        federation,
                        file.name,
                        content,
                        seen=seen,
                        show=_quietly if quiet else typer.echo,
                    )
            except RegistryFileError as exc:
                raise CliError(exc.report()) from None
            except UnknownFederationError as exc:
                raise CliError(str(exc)) from None
            return (
                f"{federation}: {result.added} added, {result.updated} updated, "
                f"{result.unchanged} unchanged"
            )

    typer.echo(run_coroutine(go()))


def _quietly(_text: str) -> None:
    """With --quiet, the preview of a --yes import is not shown."""


@players_app.command("export")
def export_players(
    federation: Annotated[str, typer.Argument(help="federation code, e.g. UFGO")],
    fmt: Annotated[str | None, typer.Option("--format", help="csv (the default) or xlsx")] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="a file (.csv, .xlsx), or a folder to write FEDERATION-players.FORMAT into "
            "(default: CSV on standard output)",
        ),
    ] = None,
) -> None:
    """Write the registry in the columns `players import` reads."""
    from fedrank.bootstrap import opened
    from fedrank.handlers.federation.registry import operator as op_players
    from fedrank.handlers.federation.registry.exporting import FORMATS
    from fedrank.handlers.federation.registry.importing import UnknownFederationError

    where: Out | None = None
    if out is not None:
        where = resolve_out(out, fmt, FORMATS, "csv")
    elif fmt not in (None, *FORMATS):
        raise CliError(f"--format must be one of {', '.join(FORMATS)}, not '{fmt}'")
    elif fmt == "xlsx":
        raise CliError("an xlsx export needs --out FILE (or a folder)")
    kind = where.fmt if where is not None else "csv"

    async def go() -> bytes:
        async with opened(read_settings()) as root:
            await ensure_initialised(root)
            try:
                return await op_players.registry_export(root.services, federation, kind)
            except UnknownFederationError as exc:
                raise CliError(str(exc)) from None

    content = run_coroutine(go())
    if where is None:
        sys.stdout.buffer.write(content)
        sys.stdout.buffer.flush()
    else:
        target = where.write(f"{federation}-players{extension(kind)}", content)
        typer.echo(f"wrote {target}")


@players_app.command("merge")
def merge_players(
    federation: Annotated[str, typer.Argument(help="federation code, e.g. UFGO")],
    keep: Annotated[str, typer.Argument(help="the ID that stays")],
    drop: Annotated[str, typer.Argument(help="the ID whose rows move to KEEP; it is deleted")],
) -> None:
    """Join two records of one person: ledger, titles, links and reports move to KEEP."""
    from fedrank.bootstrap import opened
    from fedrank.handlers.federation.registry import operator as op_players

    async def go() -> str:
        async with opened(read_settings()) as root:
            await ensure_initialised(root)
            moved = await op_players.registry_merge(root.services, federation, keep, drop)
            rows = ", ".join(f"{table} {count}" for table, count in moved.items()) or "no rows"
            return f"{drop} merged into {keep}: moved {rows}"

    typer.echo(run_coroutine(go()))
