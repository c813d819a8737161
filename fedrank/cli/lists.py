"""``fedrank site build`` (the federation's website as a static folder, incremental) and
``fedrank export`` (one published list as CSV, XLSX, HTML or JSON)."""

from __future__ import annotations

import asyncio
from datetime import date
from pathlib import Path
from typing import Annotated

import typer

site_app = typer.Typer(name="site", help="The federation's website.", no_args_is_help=True)


def _fail(message: str) -> typer.Exit:
    typer.echo(f"fedrank: {message}", err=True)
    return typer.Exit(2)


@site_app.command("build")
def build(
    out: Annotated[Path, typer.Option("--out", help="the folder to write the site into")],
) -> None:
    """Write the whole site (every list, player and tournament, in four languages, with
    JSON); a page whose data did not change since the last build is left as it is."""
    from fedrank.bootstrap import opened
    from fedrank.web.site_build import build_site

    if out.exists() and not out.is_dir():
        raise _fail(f"--out {out} is a file, not a folder")

    async def go() -> str:
        async with opened() as root:
            report = await build_site(root.services, out)
        return (
            f"site in {out}: {report.written} page(s) written, {report.unchanged} unchanged,"
            f" {report.removed} file(s) removed"
        )

    typer.echo(asyncio.run(go()))


def export(
    discipline: Annotated[str, typer.Argument(help="discipline code, e.g. ufgo")],
    out: Annotated[Path, typer.Option("--out", help="the folder to write the file into")],
    kind: Annotated[str, typer.Option("--format", help="csv, xlsx, html or json")] = "csv",
    on: Annotated[
        str | None, typer.Option("--date", help="the list's date YYYY-MM-DD (default: latest)")
    ] = None,
) -> None:
    """Write one published list as a file (the latest, or the one of --date)."""
    from fedrank.bootstrap import opened
    from fedrank.handlers.site.export import ExportError, export_list

    try:
        day = date.fromisoformat(on) if on is not None else None
    except ValueError:
        raise _fail(f"--date must be YYYY-MM-DD, not {on!r}") from None

    async def go() -> Path:
        async with opened() as root:
            name, body = await export_list(root.services, discipline, day, kind)
        out.mkdir(parents=True, exist_ok=True)
        target = out / name
        target.write_bytes(body)
        return target

    try:
        target = asyncio.run(go())
    except ExportError as exc:
        raise _fail(str(exc)) from None
    except OSError as exc:  # a folder that cannot be made or written
        raise _fail(f"cannot write into {out}: {exc.strerror or exc}") from None
    typer.echo(f"written: {target}")
