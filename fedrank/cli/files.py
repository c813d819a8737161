"""The director's files at the operator's terminal: readable previews, Othello rounds, and the
rating lists the pairing programs import.

* ``fedrank calc SYSTEM FILE --format table``: the preview the chat shows for the file, drawn
  for a terminal (:mod:`fedrank.bot.terminal`). The file is computed on its own, as ``calc``'s
  JSON is: in a scratch database of one federation with the system's disciplines, where every
  name of the file is a new player, numbered ``NEW-0001``… (nothing of the operator's
  database is read or written).
* ``fedrank round TOURNAMENT FILE``: an Othello round entered as ``/round`` enters it (the same
  preview, built by :func:`fedrank.handlers.results.othello.preview_round`), written once confirmed.
* ``fedrank export-ratings DISCIPLINE``: :mod:`fedrank.handlers.publication.pairing_export`.
"""

from __future__ import annotations

import sys
import tempfile
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from fedrank.handlers.wording.reply import Reply

#: The disciplines a scratch federation gets for a system: (code, name). RMF keeps two lists,
#: told apart by the discipline's name; the file decides which one takes it.
SCRATCH_DISCIPLINES: dict[str, tuple[tuple[str, str], ...]] = {
    "mahjong_rmf": (("mcr", "Sports mahjong (MCR)"), ("sichuan", "Sichuan mahjong")),
    "bridge_ccba": (("ccba", "CCBA masterpoints"),),
    "go_ufgo": (("ufgo", "UFGO rating"),),
    "bridge_fsbr": (("fsbr", "FSBR classification"),),
    "othello_woc": (("woc", "World Othello Championship"),),
}


async def scratch_preview(system: str, text: str, filename: str) -> Reply:
    """The chat's preview of ``text`` computed on its own (module docstring)."""
    from fedrank.cli.app import CliError, _prepare_for
    from fedrank.engines.registry import SYSTEMS
    from fedrank.handlers.context import RequestContext
    from fedrank.handlers.results.submission import preview_reply
    from fedrank.handlers.systems import all_systems
    from fedrank.handlers.systems.players import Names
    from fedrank.storage.database import Database

    if system not in SCRATCH_DISCIPLINES:
        raise CliError(f"unknown system '{system}'; known systems: {', '.join(sorted(SYSTEMS))}")
    ctx = RequestContext(platform="console", user_id="cli", chat_id="cli")
    with tempfile.TemporaryDirectory(prefix="fedrank-calc-") as folder:
        db = Database(f"sqlite+aiosqlite:///{Path(folder) / 'scratch.db'}")
        try:
            await db.migrate()
            async with db.transaction() as repos:
                federation = await repos.federations.add("NEW", SYSTEMS[system])
                for code, name in SCRATCH_DISCIPLINES[system]:
                    await repos.federations.add_discipline(
                        federation, code, name, system, "on_demand"
                    )
            async with db.read() as repos:
                discipline, prepared, _ = await _prepare_for(
                    repos, all_systems(), system, text, filename, Names(register_new=True)
                )
                # Nothing is ever registered from here: no "registered when you confirm" line.
                return preview_reply(ctx, discipline, replace(prepared, new_players=[]))
        finally:
            await db.close()


def calc_table(system: str, text: str, filename: str) -> None:
    """``calc --format table``: the preview on standard output."""
    import asyncio

    from fedrank.bot.terminal import print_reply

    print_reply(asyncio.run(scratch_preview(system, text, filename)), sys.stdout)


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
    from fedrank.cli.app import CliError, _read, _run, _settings
    from fedrank.handlers.context import RequestContext
    from fedrank.handlers.errors import UserError
    from fedrank.handlers.results.othello import preview_round
    from fedrank.handlers.results.submission import confirm_prepared

    text = _read(file, "othello_woc")
    ctx = RequestContext(platform="console", user_id="cli", chat_id="cli")

    async def go() -> str:
        async with opened(_settings()) as root:
            if not await root.db.is_migrated():
                raise CliError("the database is not initialised; run `fedrank init` first")
            try:
                async with root.db.read() as repos:
                    _, prepared, reply, _ = await preview_round(
                        repos, ctx, tournament, lambda: text, None
                    )
            except UserError as exc:
                raise CliError(exc.message) from None
            print_reply(reply, sys.stdout)
            if not yes:
                if not sys.stdin.isatty():
                    raise CliError("nothing written: confirm with --yes when not at a terminal")
                if not typer.confirm("Write this round?", default=False):
                    return "nothing written"
            async with root.db.transaction() as repos:
                try:
                    discipline, again, _, name = await preview_round(
                        repos, ctx, tournament, lambda: text, None
                    )
                except UserError as exc:
                    raise CliError(f"{exc.message}; nothing written") from None
                if again.to_json() != prepared.to_json():
                    raise CliError("the tournament changed since the preview; nothing written")
                version = await confirm_prepared(
                    repos,
                    discipline,
                    again,
                    now=root.services.now(),
                    by=None,
                    source_name=name,
                    source_text=str(again.params["document"]),
                )
            return f"saved {again.name}, version {version}"

    typer.echo(_run(go()))


def export_ratings(
    discipline: Annotated[str, typer.Argument(help="discipline code, e.g. ufgo")],
    out: Annotated[Path, typer.Option("--out", help="the file to write")],
    fmt: Annotated[
        str, typer.Option("--format", help="egd (Go: an EGD rating list) or csv")
    ] = "csv",
    on: Annotated[
        str | None,
        typer.Option("--date", help="the list in force on YYYY-MM-DD (default: the latest)"),
    ] = None,
) -> None:
    """Write the official figures of a published list for the pairing programs to import."""
    from fedrank.bootstrap import opened
    from fedrank.cli.app import CliError, _run, _settings
    from fedrank.handlers.publication.pairing_export import FORMATS, ExportError, export_list

    if fmt not in FORMATS:
        raise CliError(f"--format must be one of {', '.join(FORMATS)}, not '{fmt}'")
    try:
        when = date.fromisoformat(on) if on else None
    except ValueError:
        raise CliError(f"--date must be YYYY-MM-DD, not '{on}'") from None

    async def go() -> tuple[bytes, int, date]:
        async with opened(_settings()) as root:
            if not await root.db.is_migrated():
                raise CliError("the database is not initialised; run `fedrank init` first")
            async with root.db.read() as repos:
                try:
                    exported = await export_list(repos, discipline, fmt, when)
                except ExportError as exc:
                    raise CliError(str(exc)) from None
        return exported.content, exported.players, exported.list_date

    content, players, list_date = _run(go())
    out.write_bytes(content)
    count = "1 player" if players == 1 else f"{players} players"
    typer.echo(f"{out}: {discipline} list of {list_date.isoformat()}, {count} ({fmt})")
