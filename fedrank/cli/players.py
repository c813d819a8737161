"""``fedrank players import | export``: the registry use cases of
:mod:`fedrank.handlers.federation.registry`, called with the operator's authority."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from fedrank.bootstrap import Root

players_app = typer.Typer(
    name="players",
    help="The federation's player registry: import and export.",
    no_args_is_help=True,
)


def _error(message: str) -> Exception:
    from fedrank.cli.app import CliError

    return CliError(message)


async def _migrated(root: Root) -> None:
    if not await root.db.is_migrated():
        raise _error("the database is not initialised; run `fedrank init` first")


@players_app.command("import")
def import_players(
    federation: Annotated[str, typer.Argument(help="federation code, e.g. UFGO")],
    file: Annotated[Path, typer.Argument(help="the registry: CSV (comma or semicolon) or XLSX")],
    yes: Annotated[
        bool, typer.Option("--yes", help="write without asking after the preview")
    ] = False,
) -> None:
    """Add and update players from a file: show the preview, then write in one transaction."""
    from fedrank.bootstrap import opened
    from fedrank.cli.app import _run, _settings
    from fedrank.handlers.federation.registry.fileformat import RegistryFileError
    from fedrank.handlers.federation.registry.importing import (
        UnknownFederationError,
        prepare_import,
        preview_lines,
        write_import,
    )

    try:
        content = file.read_bytes()
    except FileNotFoundError:
        raise _error(f"no such file: {file}") from None
    except IsADirectoryError:
        raise _error(f"{file} is a directory, not a file") from None

    async def go() -> str:
        async with opened(_settings()) as root:
            await _migrated(root)
            try:
                if not yes:
                    async with root.db.read() as repos:
                        seen = await prepare_import(
                            repos, root.systems, federation, file.name, content
                        )
                    typer.echo("\n".join(preview_lines(seen)))
                    if not seen.new and not seen.changed:
                        return "nothing to change"
                    if not sys.stdin.isatty():
                        raise _error("nothing written: confirm with --yes when not at a terminal")
                    if not typer.confirm("Write these players?", default=False):
                        return "nothing written"
                async with root.db.transaction() as repos:
                    plan = await prepare_import(repos, root.systems, federation, file.name, content)
                    if yes:
                        typer.echo("\n".join(preview_lines(plan)))
                    elif plan.summary() != seen.summary():
                        raise _error("the registry changed since the preview; nothing written")
                    result = await write_import(repos, plan, now=root.services.now())
            except RegistryFileError as exc:
                raise _error(exc.report()) from None
            except UnknownFederationError as exc:
                raise _error(str(exc)) from None
            return (
                f"{federation}: {result.added} added, {result.updated} updated, "
                f"{result.unchanged} unchanged"
            )

    typer.echo(_run(go()))


@players_app.command("export")
def export_players(
    federation: Annotated[str, typer.Argument(help="federation code, e.g. UFGO")],
    fmt: Annotated[str, typer.Option("--format", help="csv or xlsx")] = "csv",
    out: Annotated[
        Path | None, typer.Option("--out", help="the file to write (default: standard output)")
    ] = None,
) -> None:
    """Write the registry in the columns `players import` reads."""
    from fedrank.bootstrap import opened
    from fedrank.cli.app import _run, _settings
    from fedrank.handlers.federation.registry.exporting import FORMATS, export_registry
    from fedrank.handlers.federation.registry.importing import UnknownFederationError

    if fmt not in FORMATS:
        raise _error(f"--format must be csv or xlsx, not '{fmt}'")
    if fmt == "xlsx" and out is None:
        raise _error("an xlsx export needs --out FILE")

    async def go() -> bytes:
        async with opened(_settings()) as root:
            await _migrated(root)
            async with root.db.read() as repos:
                try:
                    return await export_registry(repos, root.systems, federation, fmt)
                except UnknownFederationError as exc:
                    raise _error(str(exc)) from None

    content = _run(go())
    if out is None:
        sys.stdout.buffer.write(content)
        sys.stdout.buffer.flush()
    else:
        out.write_bytes(content)
        typer.echo(f"wrote {out}")


@players_app.command("merge")
def merge_players(
    federation: Annotated[str, typer.Argument(help="federation code, e.g. UFGO")],
    keep: Annotated[str, typer.Argument(help="the ID that stays")],
    drop: Annotated[str, typer.Argument(help="the ID whose rows move to KEEP; it is deleted")],
) -> None:
    """Join two records of one person: ledger, titles, links and reports move to KEEP."""
    from fedrank.bootstrap import opened
    from fedrank.cli.app import _run, _settings
    from fedrank.handlers.federation.registry.importing import UnknownFederationError
    from fedrank.handlers.federation.registry.merge import MergeRefusedError, audit_refusal
    from fedrank.handlers.federation.registry.merge import merge_players as merge

    async def go() -> str:
        async with opened(_settings()) as root:
            await _migrated(root)
            try:
                async with root.db.transaction() as repos:
                    moved = await merge(repos, federation, keep, drop, now=root.services.now())
            except (MergeRefusedError, UnknownFederationError) as exc:
                await audit_refusal(
                    root.db, federation, keep, drop, str(exc), now=root.services.now()
                )
                raise _error(str(exc)) from None
            rows = ", ".join(f"{table} {count}" for table, count in moved.items()) or "no rows"
            return f"{drop} merged into {keep}: moved {rows}"

    typer.echo(_run(go()))
