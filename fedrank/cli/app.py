"""The operator's entry point: ``fedrank init | demo | run | calc | import | publish | grant``.

Every command takes what it needs from the composition root (:mod:`fedrank.bootstrap`) and
calls the same use cases as the chats; the operator acts with the server's own authority (the
way back when chat roles are lost). Every failure the operator can cause (a bad argument, a
malformed ``.env``, an unreadable file, input an engine refuses) ends in one clear line on
standard error and a non-zero exit code.
"""

from __future__ import annotations

import atexit
import gc
import json
import logging
import sys
from collections.abc import Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from fedrank.cli.common import CliError as CliError
from fedrank.cli.common import read_settings, run_coroutine
from fedrank.cli.db import DbError, db_app, init, show_version
from fedrank.cli.files import export_ratings, round_command
from fedrank.cli.lists import export, site_app
from fedrank.cli.players import players_app
from fedrank.cli.run import run
from fedrank.cli.schedule import ScheduleError, publish_due_command, schedule, unpublish
from fedrank.cli.setup import demo, discipline_app, federation_app, grant
from fedrank.engines.kernel import EngineError
from fedrank.engines.registry import SYSTEMS, calc_document

# Everything heavy (pydantic, SQLAlchemy, Alembic, the bots' libraries) is imported by the
# command that needs it, so `fedrank --help` and a mistyped command answer at once.
if TYPE_CHECKING:
    from fedrank.bootstrap import Root
    from fedrank.config import Settings
    from fedrank.handlers.systems import SystemRegistry
    from fedrank.handlers.systems.players import Names
    from fedrank.storage.models import Discipline
    from fedrank.storage.records import Prepared
    from fedrank.storage.repos import Repos

T = TypeVar("T")

app = typer.Typer(
    name="fedrank",
    help="Official ratings of mind-sport federations, in Telegram, Discord and the console.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(players_app)
app.command()(schedule)
app.command()(unpublish)
app.add_typer(federation_app)
app.add_typer(discipline_app)
app.add_typer(db_app)
app.command("round")(round_command)
app.command("export-ratings")(export_ratings)
app.add_typer(site_app)
app.command()(export)


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option("--version", is_eager=True, callback=show_version, help="Show the version."),
    ] = False,
) -> None:
    pass


def _settings() -> Settings:
    return read_settings()


def _run(coro: Coroutine[Any, Any, T]) -> T:
    return run_coroutine(coro)


app.command()(init)
app.command()(demo)
app.command()(run)


@app.command()
def calc(
    system: Annotated[str, typer.Argument(help=f"one of: {', '.join(SYSTEMS)}")],
    file: Annotated[Path, typer.Argument(help="the tournament file")],
    fmt: Annotated[
        str, typer.Option("--format", help="json (the awards and traces) or table (the preview)")
    ] = "json",
) -> None:
    """Run one engine on a tournament file and print the awards with their traces as JSON,
    or with --format table the preview the chat shows."""
    if fmt not in ("json", "table"):
        raise CliError(f"--format must be json or table, not '{fmt}'")
    text = _read(file, system)
    if fmt == "table":
        from fedrank.cli.files import calc_table

        calc_table(system, text, file.name)
        return
    result = calc_document(system, text, filename=file.name)
    typer.echo(json.dumps(result, ensure_ascii=False, indent=2))


@app.command("import")
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
) -> None:
    """Store a tournament: show the preview, then write it in one transaction once confirmed."""
    from fedrank.bootstrap import opened
    from fedrank.bot.terminal import print_reply
    from fedrank.handlers.context import RequestContext
    from fedrank.handlers.results.corrections import identical_version, stored_version
    from fedrank.handlers.results.names import StaleNamesError, register_and_prepare
    from fedrank.handlers.results.submission import confirm_prepared, preview_reply
    from fedrank.handlers.systems.players import Names
    from fedrank.handlers.wording.i18n import t

    content = _file_bytes(file)
    settings = _settings()
    ctx = RequestContext(platform="console", user_id="cli", chat_id="cli")
    wanted_names = Names(register_new=register_new)
    for pair in choose or []:
        which, sep, choice = pair.rpartition("=")
        if not sep or not which.strip() or not choice.strip():
            raise typer.BadParameter(f"--choose {pair!r}: give NAME=ID or NAME=new")
        wanted_names.choose(which, choice)

    async def go(root: Root) -> str:
        if not await root.db.is_migrated():
            raise CliError("the database is not initialised; run `fedrank init` first")
        async with root.db.read() as repos:
            named = await repos.federations.discipline_by_code(target)
            system = named.system if named is not None else target
            text, filename = await _file_text(file, content, system)
            discipline, prepared, names = await _prepare_for(
                repos, root.systems, target, text, filename, wanted_names
            )
            same = await identical_version(repos, discipline, prepared)
            if same is not None:
                return t("en", "corrections.identical", name=prepared.name, version=same)
            stored = await stored_version(repos, discipline, prepared.code)
            print_reply(preview_reply(ctx, discipline, prepared, stored), sys.stdout)
            discipline_id = discipline.id
        if not yes:
            if not sys.stdin.isatty():
                raise CliError("nothing written: confirm with --yes when not at a terminal")
            if not typer.confirm("Write this tournament?", default=False):
                return "nothing written"
        async with root.db.transaction() as repos:
            found = await repos.federations.discipline(discipline_id)
            assert found is not None
            adapter = root.systems.adapter(found.system)
            if prepared.new_players:
                try:
                    again = await register_and_prepare(
                        adapter,
                        repos,
                        found,
                        text,
                        filename,
                        names,
                        prepared,
                        now=root.services.now(),
                        account_id=None,
                    )
                except StaleNamesError as exc:
                    raise CliError(f"{exc} since the preview; nothing written, run again") from None
            else:
                again = await adapter.prepare(repos, found, text, filename, names)
                if again.to_json() != prepared.to_json():
                    raise CliError("the data changed since the preview; nothing written, run again")
            version = await confirm_prepared(
                repos,
                found,
                again,
                now=root.services.now(),
                by=None,
                source_name=filename,
                source_text=text,
            )
            return f"saved {again.name} ({again.code}), version {version}"

    async def run_it() -> str:
        async with opened(settings) as root:
            return await go(root)

    typer.echo(_run(run_it()))


@app.command()
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
) -> None:
    """Publish a discipline's list on a date (once: a second call reports the stored list),
    or with --due everything the scheduler would run now (or --today), once."""
    if due:
        if discipline is not None or on is not None:
            raise CliError("--due publishes every list due; it takes no discipline or --date")
        typer.echo(publish_due_command(today))
        return
    if discipline is None:
        raise CliError("name a discipline, or use --due")
    if today is not None:
        raise CliError("--today goes with --due; a single list takes --date")
    from datetime import UTC, date, datetime

    from fedrank.bootstrap import opened
    from fedrank.handlers.publication.publish import publish_list
    from fedrank.handlers.systems import NoAdapterError

    try:
        list_date = date.fromisoformat(on) if on else datetime.now(UTC).date()
    except ValueError:
        raise CliError(f"--date must be YYYY-MM-DD, not '{on}'") from None
    settings = _settings()

    async def go() -> str:
        async with opened(settings) as root:
            if not await root.db.is_migrated():
                raise CliError("the database is not initialised; run `fedrank init` first")
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

    typer.echo(_run(go()))


async def _prepare_for(
    repos: Repos,
    systems: SystemRegistry,
    target: str,
    text: str,
    filename: str,
    wanted: Names | None = None,
) -> tuple[Discipline, Prepared, Names]:
    """The discipline and prepared tournament for ``target`` (a discipline code or a system id).

    A system id with several disciplines (RMF's sports and Sichuan mahjong) lets the file
    decide: the one discipline whose adapter accepts it is taken.
    """
    from fedrank.handlers.systems import NoAdapterError

    found = await repos.federations.discipline_by_code(target)
    disciplines = await repos.federations.disciplines()
    candidates = [found] if found is not None else [d for d in disciplines if d.system == target]
    if not candidates:
        known = ", ".join(f"{d.code} ({d.system})" for d in disciplines) or "none"
        raise CliError(f"unknown discipline '{target}'; disciplines: {known}")
    from fedrank.handlers.results.names import prepare_named
    from fedrank.handlers.systems.players import Names, UnresolvedNamesError

    accepted: list[tuple[Discipline, Prepared, Names]] = []
    refusals: list[str] = []
    if found is not None and found.disabled:
        raise CliError(
            f"discipline {found.code} is disabled: it takes no tournaments "
            "(`fedrank discipline enable` brings it back)"
        )
    candidates = [d for d in candidates if not d.disabled] or candidates
    for discipline in candidates:
        if discipline.disabled:
            raise CliError(f"every {target} discipline is disabled: it takes no tournaments")
        try:
            engine = systems.adapter(discipline.system)
        except NoAdapterError:
            raise CliError(f"{discipline.system} results cannot be imported yet") from None
        names = Names.from_json(wanted.to_json()) if wanted is not None else Names()
        try:
            prepared = await prepare_named(engine, repos, discipline, text, filename, names)
            accepted.append((discipline, prepared, names))
        except UnresolvedNamesError as exc:
            if len(candidates) == 1:
                raise CliError(f"{filename}: {exc.report()}\n{_NAMES_HINT}") from None
            refusals.append(f"{discipline.code}: {exc.report()}")
        except EngineError as exc:
            if len(candidates) == 1:
                raise
            refusals.append(f"{discipline.code}: {exc}")
    if len(accepted) == 1:
        return accepted[0]
    if not accepted:
        raise CliError("no discipline accepts this file: " + "; ".join(refusals))
    codes = ", ".join(d.code for d, _, _ in accepted)
    raise CliError(f"the file fits several disciplines ({codes}); name one of them")


_NAMES_HINT = (
    "nothing written: run again with --register-new to register every unknown name as a new "
    "player, --choose 'NAME=ID' (or NAME=new) for a name, or register them first with "
    "`fedrank players import`"
)


app.command()(grant)


def _read(file: Path, system: str) -> str:
    """The file's text, read as /submit reads an attachment (:func:`_file_text`)."""
    import asyncio

    text, _ = asyncio.run(_file_text(file, _file_bytes(file), system))
    return text


def _file_bytes(file: Path) -> bytes:
    try:
        return file.read_bytes()
    except FileNotFoundError:
        raise CliError(f"no such file: {file}") from None
    except IsADirectoryError:
        raise CliError(f"{file} is a directory, not a file") from None


async def _file_text(file: Path, content: bytes, system: str) -> tuple[str, str]:
    """The text and file name ``system``'s adapter reads, by the chats' one reading path
    (UTF-8, Windows-1251 or GB18030; ``;``/``,`` CSV; .xlsx, .xls and .ods within the same
    budgets): a file the bot accepts is accepted here too."""
    from fedrank.formats.spreadsheet import SheetError
    from fedrank.formats.uploads import read_upload
    from fedrank.handlers.results.submission import MAX_UPLOAD
    from fedrank.handlers.systems import NoAdapterError, all_systems
    from fedrank.handlers.wording.i18n import t

    try:
        adapter = all_systems().adapter(system)
        separator, extension = adapter.sheet_separator, adapter.sheet_extension
    except NoAdapterError:
        separator, extension = None, ".txt"
    try:
        upload = await read_upload(
            file.name,
            content,
            separator=separator,
            extension=extension,
            limit=MAX_UPLOAD,
            system=system,
        )
    except SheetError as exc:
        raise CliError(t("en", exc.key, **exc.params)) from None
    return upload.text, upload.filename


def main() -> None:
    """Console script: run the app, turning known failures into one line and exit code 2."""
    # At exit, leave the heap to the operating system: the interpreter's last collection pass
    # over every object loaded took ~0.4 s of CPU after a piped run's last answer (issue 18).
    atexit.unregister(gc.freeze)
    atexit.register(gc.freeze)
    try:
        app(standalone_mode=True)
    except (CliError, DbError, EngineError, ScheduleError) as exc:
        typer.echo(f"fedrank: error: {exc}", err=True)
        raise SystemExit(2) from None
    except OSError as exc:
        typer.echo(f"fedrank: error: {exc.strerror or exc}", err=True)
        raise SystemExit(2) from None
    except KeyboardInterrupt:
        raise SystemExit(130) from None
    except Exception as exc:  # a bug, not the operator's fault: still one line, no traceback
        # A ConfigError was raised by fedrank.config, so importing it here costs nothing.
        from fedrank.config import ConfigError

        if isinstance(exc, ConfigError):
            typer.echo(f"fedrank: error: {exc}", err=True)
            raise SystemExit(2) from None
        logging.getLogger("fedrank").debug("internal error", exc_info=True)
        typer.echo(f"fedrank: internal error: {type(exc).__name__}: {exc}", err=True)
        raise SystemExit(1) from None
