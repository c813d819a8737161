"""``fedrank init``, ``fedrank --version`` and ``fedrank db current | history | upgrade [REV] |
downgrade REV | backup FILE | restore FILE``: the database's own commands, the one CLI module
that reaches storage.

The schema's revisions are Alembic's (``fedrank/storage/migrations``); its environment runs only
on a connection fedrank hands over, so these commands are how an operator looks at them and
moves between them (after a failed upgrade, say). ``db upgrade`` without a revision is what
``fedrank init`` does; ``db downgrade`` always needs the revision to go back to, and refuses on
a database that was never migrated. Every step runs in one transaction
(:func:`fedrank.storage.database.migrate`). SQLAlchemy and Alembic are imported only when a
command runs, so ``fedrank --help`` stays quick.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from fedrank.cli.common import read_settings, run_coroutine

if TYPE_CHECKING:
    from alembic.script import ScriptDirectory
    from sqlalchemy.ext.asyncio import AsyncEngine

db_app = typer.Typer(
    name="db",
    help="The database: its schema revision, up and down; backup and restore.",
    no_args_is_help=True,
)


class DbError(Exception):
    """An operator error of ``fedrank db``: one line, exit code 2."""


def init() -> None:
    """Create or upgrade the database schema (Alembic migrations)."""
    from fedrank.bootstrap import opened

    settings = read_settings()

    async def go() -> None:
        async with opened(settings) as root:
            await root.db.migrate()

    run_coroutine(go())
    from fedrank.storage.database import safe_url

    typer.echo(f"database ready: {safe_url(settings.database_url)}")


def version() -> str:
    """The installed distribution's version (the package's own when it is not installed)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("fedrank")
    except PackageNotFoundError:
        import fedrank

        return str(getattr(fedrank, "__version__", "unknown"))


def show_version(value: bool) -> None:
    """The ``--version`` option's callback: print and stop."""
    if value:
        typer.echo(f"fedrank {version()}")
        raise typer.Exit


def _script() -> ScriptDirectory:
    from alembic.script import ScriptDirectory

    from fedrank.storage.database import alembic_config

    return ScriptDirectory.from_config(alembic_config())


def _resolve(revision: str, *, allow_base: bool) -> str:
    """A revision the scripts know (an id, a unique prefix, ``head``; ``base`` to go down to an
    empty database), or one line naming the ones there are."""
    from alembic.util import CommandError

    script = _script()
    if revision == "head":
        return str(script.get_current_head())
    if revision == "base" and allow_base:
        return "base"
    try:
        found = script.get_revision(revision)
    except CommandError:
        found = None
    if found is None or revision in ("base", "heads"):
        known = ", ".join(rev.revision for rev in reversed(list(script.walk_revisions())))
        extra = ", base" if allow_base else ""
        raise DbError(f"unknown revision '{revision}'; known: {known}, head{extra}")
    return str(found.revision)


async def _current(engine: AsyncEngine) -> tuple[str, ...]:
    from alembic.runtime.migration import MigrationContext

    async with engine.connect() as conn:
        return await conn.run_sync(
            lambda sync: tuple(MigrationContext.configure(sync).get_current_heads())
        )


def _label(revision: str, head: str) -> str:
    return f"{revision} (head)" if revision == head else revision


def _with_engine(action: str, revision: str = "") -> str:
    from alembic.util import CommandError

    from fedrank.config import load_settings
    from fedrank.storage.database import downgrade, make_engine, migrate, safe_url

    settings = load_settings()
    head = str(_script().get_current_head())

    async def go() -> str:
        engine = make_engine(settings.database_url)
        try:
            before = await _current(engine)
            if action == "downgrade" and not before:
                raise DbError(
                    "the database was never migrated: nothing to downgrade "
                    "(run `fedrank init` first)"
                )
            try:
                if action == "downgrade":
                    await downgrade(engine, revision)
                elif action == "upgrade":
                    await migrate(engine, revision)
            except CommandError as exc:  # e.g. "downgrade" to a revision above the current one
                raise DbError(str(exc).splitlines()[0]) from None
            now = await _current(engine)
        finally:
            await engine.dispose()
        where = safe_url(settings.database_url)
        if action == "current":
            if not now:
                return f"{where}: not migrated (run `fedrank init`)"
            return f"{where}: " + ", ".join(_label(rev, head) for rev in now)
        was = ", ".join(before) or "none"
        at = ", ".join(_label(rev, head) for rev in now) or "base (no tables)"
        return f"{where}: {was} -> {at}"

    return asyncio.run(go())


@db_app.command()
def current() -> None:
    """Print the revision the database is at."""
    typer.echo(_with_engine("current"))


@db_app.command()
def history() -> None:
    """List every revision, oldest first, with its summary (its docstring's first paragraph)."""
    script = _script()
    head = script.get_current_head()
    for rev in reversed(list(script.walk_revisions())):
        summary = " ".join((rev.doc or "").split("\n\n", 1)[0].split())
        mark = " (head)" if rev.revision == head else ""
        typer.echo(f"{rev.revision}{mark}  {summary}")


@db_app.command()
def upgrade(
    revision: Annotated[str, typer.Argument(help="the revision to reach (default: head)")] = "head",
) -> None:
    """Migrate the schema up to REVISION (the head by default, as `fedrank init`)."""
    typer.echo(_with_engine("upgrade", _resolve(revision, allow_base=False)))


@db_app.command()
def downgrade(
    revision: Annotated[str, typer.Argument(help="the revision to go back to, or base")],
) -> None:
    """Migrate the schema down to REVISION (the revisions after it are undone, data and all)."""
    typer.echo(_with_engine("downgrade", _resolve(revision, allow_base=True)))


@db_app.command()
def backup(
    file: Annotated[Path, typer.Argument(help="the backup file to write (replaced if it exists)")],
) -> None:
    """Write a consistent backup while the service runs (SQLite: its backup API;
    PostgreSQL: pg_dump)."""
    from fedrank.storage.backup import BackupError
    from fedrank.storage.backup import backup as write_backup
    from fedrank.storage.database import safe_url

    settings = read_settings()
    try:
        revision = write_backup(settings.database_url, file)
    except BackupError as exc:
        raise DbError(str(exc)) from None
    size = file.stat().st_size
    typer.echo(
        f"{safe_url(settings.database_url)}: backup at revision {revision} "
        f"written to {file} ({size:,} bytes)"
    )


@db_app.command()
def restore(
    file: Annotated[Path, typer.Argument(help="a file `fedrank db backup` wrote")],
    force: Annotated[
        bool,
        typer.Option("--force", help="replace a database that already holds data (stop it first)"),
    ] = False,
) -> None:
    """Restore a backup into the configured database, then migrate it to this version's head
    (a backup of a newer version is refused)."""
    from fedrank.storage.backup import BackupError
    from fedrank.storage.backup import restore as read_backup
    from fedrank.storage.database import safe_url

    settings = read_settings()
    try:
        done = asyncio.run(read_backup(settings.database_url, file, force=force))
    except BackupError as exc:
        raise DbError(str(exc)) from None
    where = safe_url(settings.database_url)
    moved = f", migrated {done.revision} -> {done.head}" if done.migrated else ""
    typer.echo(f"{where}: restored {file} at revision {done.revision}{moved}")
