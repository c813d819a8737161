"""Backups of the database and their restore, for ``fedrank db backup | restore``.

SQLite is copied through its online backup API: the copy is one read transaction, so it is
consistent while the service writes (a file copied with ``cp`` may be torn between the file and
its write-ahead log). PostgreSQL goes through ``pg_dump --format=custom`` and ``pg_restore``,
which must be installed. A restore reads the backup's schema revision first: one this fedrank
does not know (a newer version wrote it) is refused, an older one is migrated to the head after
the copy, and nothing is left half-restored (SQLite: a new file replaces the old one only at the
end; PostgreSQL: one transaction).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import subprocess
from dataclasses import dataclass
from pathlib import Path

from alembic.script import ScriptDirectory
from sqlalchemy import make_url, text

from fedrank.storage.database import alembic_config, is_sqlite, make_engine, migrate

SQLITE_MAGIC = b"SQLite format 3\x00"
PG_DUMP_MAGIC = b"PGDMP"


class BackupError(Exception):
    """What the operator can fix: one line."""


@dataclass(frozen=True)
class Restored:
    """The backup's revision and the one the restored database is at (the head)."""

    revision: str
    head: str

    @property
    def migrated(self) -> bool:
        return self.revision != self.head


def _scripts() -> ScriptDirectory:
    return ScriptDirectory.from_config(alembic_config())


def _sqlite_path(url: str) -> Path:
    database = make_url(url).database
    if not database or database == ":memory:" or "mode=memory" in url:
        raise BackupError("an in-memory database has nothing to back up or restore into")
    return Path(database)


def _read_only(path: Path) -> str:
    return f"{path.resolve().as_uri()}?mode=ro"


def _partial(target: Path) -> Path:
    return target.with_name(f".{target.name}.partial")


def _check_revision(revision: str | None, source: Path) -> str:
    """The backup's revision when this fedrank knows it; otherwise one line saying why not."""
    if revision is None:
        raise BackupError(f"{source} holds no fedrank schema (no alembic_version): not a backup")
    scripts = _scripts()
    known = {str(rev.revision) for rev in scripts.walk_revisions()}
    if revision not in known:
        raise BackupError(
            f"{source} is at schema revision {revision}, which this fedrank does not know "
            f"(its head is {scripts.get_current_head()}): it was written by a newer version; "
            "restore it with that version"
        )
    return revision


# --- SQLite -------------------------------------------------------------------------------


def _sqlite_copy(source: Path, target: Path) -> None:
    """``source`` into a new file ``target`` in one step of the backup API (one snapshot)."""
    target.unlink(missing_ok=True)
    src = sqlite3.connect(_read_only(source), uri=True)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)
            # A backup is one self-contained file, whatever journal the service uses.
            dst.execute("PRAGMA journal_mode=DELETE")
        finally:
            dst.close()
    finally:
        src.close()


def _sqlite_revision(path: Path) -> str | None:
    conn = sqlite3.connect(_read_only(path), uri=True)
    try:
        found = conn.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name='alembic_version'"
        ).fetchone()
        if found is None:
            return None
        row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        return None if row is None else str(row[0])
    finally:
        conn.close()


def _sqlite_has_tables(path: Path) -> bool:
    if not path.exists() or path.stat().st_size == 0:
        return False
    conn = sqlite3.connect(_read_only(path), uri=True)
    try:
        row = conn.execute("SELECT count(*) FROM sqlite_master WHERE type='table'").fetchone()
        return int(row[0]) > 0
    finally:
        conn.close()


def _sqlite_backup(url: str, target: Path) -> str:
    source = _sqlite_path(url)
    if not source.exists():
        raise BackupError(f"no database file {source}: nothing to back up")
    partial = _partial(target)
    try:
        _sqlite_copy(source, partial)
        revision = _sqlite_revision(partial)
        if revision is None:
            raise BackupError(
                f"{source} was never migrated (run `fedrank init`): nothing to back up"
            )
        partial.replace(target)
    finally:
        partial.unlink(missing_ok=True)
    return revision


async def _sqlite_restore(url: str, source: Path, *, force: bool) -> Restored:
    target = _sqlite_path(url)
    if await asyncio.to_thread(_sqlite_has_tables, target) and not force:
        raise BackupError(
            f"{target} already holds a database; restore into a fresh one, or stop the service "
            "and give --force to replace it"
        )
    partial = _partial(target)
    await asyncio.to_thread(target.parent.mkdir, parents=True, exist_ok=True)
    try:
        await asyncio.to_thread(_sqlite_copy, source, partial)
        problems = await asyncio.to_thread(_sqlite_quick_check, partial)
        if problems:
            raise BackupError(f"{source} is damaged: {problems}")
        revision = _check_revision(await asyncio.to_thread(_sqlite_revision, partial), source)
        engine = make_engine(f"sqlite+aiosqlite:///{partial}")
        try:
            await migrate(engine)
        finally:
            await engine.dispose()
        await asyncio.to_thread(_sqlite_put, partial, target)
    finally:
        await asyncio.to_thread(_sqlite_remove, partial)
    return Restored(revision, str(_scripts().get_current_head()))


def _sqlite_put(partial: Path, target: Path) -> None:
    """The restored file in place of the old one, whose write-ahead log must not outlive it."""
    for suffix in ("-wal", "-shm"):
        Path(f"{target}{suffix}").unlink(missing_ok=True)
    partial.replace(target)


def _sqlite_remove(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def _sqlite_quick_check(path: Path) -> str:
    conn = sqlite3.connect(path)
    try:
        rows = [str(row[0]) for row in conn.execute("PRAGMA quick_check")]
    finally:
        conn.close()
    return "" if rows == ["ok"] else "; ".join(rows[:3])


# --- PostgreSQL ---------------------------------------------------------------------------


def _pg_tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise BackupError(
            f"{name} is not installed: install PostgreSQL's client tools "
            "(Debian: apt-get install postgresql-client) of the server's major version or newer"
        )
    return found


def _pg_args(url: str) -> tuple[str, dict[str, str]]:
    """libpq's connection string (no password) and the environment carrying the password."""
    parsed = make_url(url)
    env = dict(os.environ)
    if parsed.password is not None:
        env["PGPASSWORD"] = str(parsed.password)
    plain = parsed.set(drivername="postgresql", password=None)
    return plain.render_as_string(hide_password=False), env


def _run_tool(args: list[str], env: dict[str, str]) -> str:
    done = subprocess.run(  # noqa: S603 (the tool's own path and our arguments)
        args, env=env, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        tool = Path(args[0]).name
        raise BackupError(f"{tool} failed: {lines[0] if lines else f'exit {done.returncode}'}")
    return done.stdout


def _pg_backup(url: str, target: Path) -> str:
    tool = _pg_tool("pg_dump")
    dsn, env = _pg_args(url)
    partial = _partial(target)
    try:
        _run_tool(
            [tool, "--format=custom", "--no-owner", "--no-privileges", f"--file={partial}", dsn],
            env,
        )
        revision = _pg_revision(partial)
        if revision is None:
            raise BackupError("the database was never migrated (run `fedrank init`)")
        partial.replace(target)
    finally:
        partial.unlink(missing_ok=True)
    return revision


def _pg_revision(dump: Path) -> str | None:
    """The revision in a custom-format dump: its alembic_version rows, as pg_restore prints."""
    script = _run_tool(
        [_pg_tool("pg_restore"), "--data-only", "--table=alembic_version", "--file=-", str(dump)],
        dict(os.environ),
    )
    lines = iter(script.splitlines())
    for line in lines:
        if line.startswith("COPY ") and "alembic_version" in line:
            value = next(lines, "\\.")
            return None if value == "\\." else value.strip()
    return None


async def _pg_has_tables(url: str) -> bool:
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            found = await conn.scalar(text("SELECT to_regclass('alembic_version') IS NOT NULL"))
    finally:
        await engine.dispose()
    return bool(found)


async def _pg_restore(url: str, source: Path, *, force: bool) -> Restored:
    tool = _pg_tool("pg_restore")
    revision = _check_revision(await asyncio.to_thread(_pg_revision, source), source)
    if await _pg_has_tables(url) and not force:
        raise BackupError(
            "the database already holds fedrank's tables; restore into a fresh one, or stop "
            "the service and give --force to replace them"
        )
    dsn, env = _pg_args(url)
    args = [tool, "--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction"]
    if force:
        args += ["--clean", "--if-exists"]
    await asyncio.to_thread(_run_tool, [*args, f"--dbname={dsn}", str(source)], env)
    engine = make_engine(url)
    try:
        await migrate(engine)
    finally:
        await engine.dispose()
    return Restored(revision, str(_scripts().get_current_head()))


# --- what the CLI calls -------------------------------------------------------------------


def backup(url: str, target: Path) -> str:
    """Write a consistent backup of the database at ``url`` to ``target``; its revision."""
    if target.is_dir():
        raise BackupError(f"{target} is a folder; name the backup file")
    target.parent.mkdir(parents=True, exist_ok=True)  # a nightly job's dated folder, say
    if is_sqlite(url):
        return _sqlite_backup(url, target)
    return _pg_backup(url, target)


async def restore(url: str, source: Path, *, force: bool = False) -> Restored:
    """Restore ``source`` into the database at ``url`` and migrate it to the head."""
    try:
        with source.open("rb") as file:
            magic = file.read(len(SQLITE_MAGIC))
    except FileNotFoundError:
        raise BackupError(f"no such file: {source}") from None
    except IsADirectoryError:
        raise BackupError(f"{source} is a folder, not a backup") from None
    if is_sqlite(url):
        if not magic.startswith(SQLITE_MAGIC):
            kind = "a PostgreSQL dump" if magic.startswith(PG_DUMP_MAGIC) else "not a backup"
            raise BackupError(f"{source} is {kind}; a SQLite database restores a SQLite backup")
        return await _sqlite_restore(url, source, force=force)
    if not magic.startswith(PG_DUMP_MAGIC):
        kind = "a SQLite backup" if magic.startswith(SQLITE_MAGIC) else "not a pg_dump backup"
        raise BackupError(f"{source} is {kind}; PostgreSQL restores a `fedrank db backup` of it")
    return await _pg_restore(url, source, force=force)
