"""``fedrank calc``, ``fedrank import``, ``fedrank round`` and ``fedrank export-ratings``: a
director's files at the operator's terminal, through :mod:`fedrank.handlers.results.operator`.

* ``calc SYSTEM FILE``: one engine's awards with their traces as JSON; with ``--format table``
  the preview the chat shows for the file, drawn for a terminal (:mod:`fedrank.bot.terminal`),
  computed on its own in a scratch database where every name is a new player.
* ``import TARGET FILE``: the chat's preview, then the tournament written in one transaction
  once confirmed (``--yes``, or the question at a terminal).
* ``round TOURNAMENT FILE``: an Othello round entered as ``/round`` enters it, written once
  confirmed.
* ``export-ratings DISCIPLINE``: a published list for the pairing programs to import.

A file is read as /submit reads an attachment, so a file the bot accepts is accepted here too.
"""

from __future__ import annotations

import json
import sys
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from fedrank.cli.common import CliError, ensure_initialised, read_settings, run_coroutine
from fedrank.cli.output import extension, resolve_out
from fedrank.cli.progress import Quiet, progress
from fedrank.handlers.operator import SYSTEM_IDS

if TYPE_CHECKING:
    from fedrank.bootstrap import Root


def calc(
    system: Annotated[str, typer.Argument(help=f"one of: {', '.join(SYSTEM_IDS)}")],
    file: Annotated[Path, typer.Argument(help="the tournament file")],
    fmt: Annotated[
        str, typer.Option("--format", help="json (the awards and traces) or table (the preview)")
    ] = "json",
) -> None:
    """Run one engine on a tournament file and print the awards with their traces as JSON,
    or with --format table the preview the chat shows."""
    if fmt not in ("json", "table"):
        raise CliError(f"--format must be json or table, not '{fmt}'")
    from fedrank.handlers.results import operator as op_files

    text = _read(file, system)
    if fmt == "table":
        from fedrank.bot.terminal import print_reply

        reply = run_coroutine(op_files.scratch_preview(system, text, file.name))
        print_reply(reply, sys.stdout)
        return
    result = op_files.calc_json(system, text, file.name)
    typer.echo(json.dumps(result, ensure_ascii=False, indent=2))


def import_(
    target: Annotated[
        str, typer.Argument(help="a discipline code, or a system id with one discipline")
    ],
    file: Annotated[Path, typer.Argument(help="the results file")],
    yes: Annotated[
        bool, typer.Option("--yes", help="write without asking after the preview")
    ] = False,
    register_new: Annotated[
        bool,
        typer.Option(
            "--register-new", help="register every unknown name of the file as a new player"
        ),
    ] = False,
    choose: Annotated[
        list[str] | None,
        typer.Option(
            "--choose",
            help="NAME=ID (a registered player) or NAME=new, for a name of the file; repeatable",
        ),
    ] = None,
    facts: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            help="KEY=VALUE, a fact of the tournament the file lacks or gets wrong "
            "(official=yes, board=13, kq=1.2 ...), as /submit takes it; repeatable",
        ),
    ] = None,
    quiet: Quiet = False,
) -> None:
    """Store a tournament: show the preview, then write it in one transaction once confirmed
    (with --yes --quiet, the summary line only)."""
    from fedrank.bootstrap import opened
    from fedrank.bot.terminal import print_reply
    from fedrank.handlers.results import operator as op_files
    from fedrank.handlers.systems.players import Names

    content = _file_bytes(file)
    settings = read_settings()
    wanted_names = Names(register_new=register_new)
    for pair in choose or []:
        which, sep, choice = pair.rpartition("=")
        if not sep or not which.strip() or not choice.strip():
            raise typer.BadParameter(f"--choose {pair!r}: give NAME=ID or NAME=new")
        wanted_names.choose(which, choice)

    async def go(root: Root) -> str:
        await ensure_initialised(root)
        with progress(f"checking {file.name}", quiet=quiet):
            seen = await op_files.preview_import(
                root.services, target, file.name, content, wanted_names, facts or []
            )
        if isinstance(seen, str):
            return seen
        if not (yes and quiet):
            print_reply(seen.reply, sys.stdout)
        if not yes:
            if not sys.stdin.isatty():
                raise CliError("nothing written: confirm with --yes when not at a terminal")
            if not typer.confirm("Write this tournament?", default=False):
                return "nothing written"
        with progress(f"writing {file.name}", quiet=quiet):
            return await op_files.store_import(root.services, seen)

    async def run_it() -> str:
        async with opened(settings) as root:
            return await go(root)

    typer.echo(run_coroutine(run_it()))


def round_command(
    tournament: Annotated[str, typer.Argument(help="the Othello tournament: its code or name")],
    file: Annotated[Path, typer.Argument(help="the round's results, as /round takes them")],
    yes: Annotated[
        bool, typer.Option("--yes", help="write without asking after the preview")
    ] = False,
) -> None:
    """Enter an Othello round like /round: the preview and next pairing, then write it."""
    from fedrank.bootstrap import opened
    from fedrank.bot.terminal import print_reply
    from fedrank.handlers.results import operator as op_files

    text = _read(file, "othello_woc")

    async def go() -> str:
        async with opened(read_settings()) as root:
            await ensure_initialised(root)
            prepared, reply = await op_files.round_preview(root.services, tournament, text)
            print_reply(reply, sys.stdout)
            if not yes:
                if not sys.stdin.isatty():
                    raise CliError("nothing written: confirm with --yes when not at a terminal")
                if not typer.confirm("Write this round?", default=False):
                    return "nothing written"
            return await op_files.store_round(root.services, tournament, text, prepared)

    typer.echo(run_coroutine(go()))


def export_ratings(
    discipline: Annotated[str, typer.Argument(help="discipline code, e.g. ufgo")],
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            help="a file (.txt: the EGD list, .csv), or a folder to write DISCIPLINE-DATE.FORMAT "
            "into",
        ),
    ],
    fmt: Annotated[
        str | None,
        typer.Option("--format", help="egd (Go: an EGD rating list) or csv (the default)"),
    ] = None,
    on: Annotated[
        str | None,
        typer.Option("--date", help="the list in force on YYYY-MM-DD (default: the latest)"),
    ] = None,
) -> None:
    """Write the official figures of a published list for the pairing programs to import."""
    from fedrank.bootstrap import opened
    from fedrank.handlers.publication.pairing_export import FORMATS, ExportError
    from fedrank.handlers.results import operator as op_files

    where = resolve_out(out, fmt, FORMATS, "csv")
    try:
        when = date.fromisoformat(on) if on else None
    except ValueError:
        raise CliError(f"--date must be YYYY-MM-DD, not '{on}'") from None

    async def go() -> tuple[bytes, int, date]:
        async with opened(read_settings()) as root:
            await ensure_initialised(root)
            try:
                exported = await op_files.pairing_list(root.services, discipline, where.fmt, when)
            except ExportError as exc:
                raise CliError(str(exc)) from None
        return exported.content, exported.players, exported.list_date

    content, players, list_date = run_coroutine(go())
    name = f"{discipline}-{list_date.isoformat()}{extension(where.fmt)}"
    target = where.write(name, content)
    count = "1 player" if players == 1 else f"{players} players"
    typer.echo(f"{target}: {discipline} list of {list_date.isoformat()}, {count} ({where.fmt})")


def _read(file: Path, system: str) -> str:
    """The file's text, read as /submit reads an attachment
    (:func:`fedrank.handlers.results.operator.read_text`)."""
    from fedrank.handlers.results.operator import read_text

    text, _ = run_coroutine(read_text(file.name, _file_bytes(file), system))
    return text


def _file_bytes(file: Path) -> bytes:
    try:
        return file.read_bytes()
    except FileNotFoundError:
        raise CliError(f"no such file: {file}") from None
    except IsADirectoryError:
        raise CliError(f"{file} is a directory, not a file") from None
