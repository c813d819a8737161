"""``fedrank db backup FILE`` while the database is written, then ``fedrank db restore FILE``
into a fresh database: the same rows and the same ``/rating`` answers. SQLite always; PostgreSQL
(pg_dump / pg_restore) when ``FEDRANK_TEST_DATABASE_URL`` is set, in databases of its own."""

from __future__ import annotations

import asyncio
import re
import shlex
import shutil
import sqlite3
import subprocess
import threading
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import asyncpg
import pytest
from sqlalchemy import func, insert, make_url, select

from fedrank.storage.database import make_engine
from fedrank.storage.models import AuditLog, Base
from tests.cli.test_app import FEDRANK, Cli
from tests.cli.test_db import HEAD, REVISIONS
from tests.conftest import BACKENDS, PG_URL, Templates, _asyncpg_dsn

WRITER_ACTION = "backup_test_pair"
QUESTIONS = "/rating UFGO-0001\n/rating RMF-0003\n/top ufgo 5\n"


@pytest.fixture
def cli(no_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(no_env, monkeypatch, capsys)


class Fresh:
    """Fresh databases on one backend: SQLite files, or PostgreSQL databases dropped after."""

    def __init__(self, backend: str, folder: Path) -> None:
        self.backend = backend
        self.folder = folder
        self.made: list[str] = []

    def url(self) -> str:
        return asyncio.run(self._url())

    async def _url(self) -> str:
        name = f"fr_{uuid.uuid4().hex[:12]}"
        if self.backend == "sqlite":
            (self.folder / name).mkdir()
            return f"sqlite+aiosqlite:///{self.folder / name / 'fedrank.db'}"
        conn = await asyncpg.connect(_asyncpg_dsn(PG_URL))
        try:
            await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()
        self.made.append(name)
        return make_url(PG_URL).set(database=name).render_as_string(hide_password=False)

    async def drop(self) -> None:
        conn = await asyncpg.connect(_asyncpg_dsn(PG_URL))
        try:
            for name in self.made:
                await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await conn.close()


@pytest.fixture(params=BACKENDS)
def fresh(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Fresh]:
    made = Fresh(request.param, tmp_path)
    try:
        yield made
    finally:
        if made.made:
            asyncio.run(made.drop())


def use(cli: Cli, url: str) -> None:
    cli.monkeypatch.setenv("FEDRANK_DATABASE_URL", url)


async def counts(url: str) -> dict[str, int]:
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            return {
                table.name: int(await conn.scalar(select(func.count()).select_from(table)) or 0)
                for table in Base.metadata.sorted_tables
            }
    finally:
        await engine.dispose()


async def pairs_in(url: str) -> int:
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            query = select(func.count()).where(AuditLog.action == WRITER_ACTION)
            return int(await conn.scalar(query) or 0)
    finally:
        await engine.dispose()


@contextmanager
def writing(url: str) -> Iterator[Callable[[], int]]:
    """A writer on its own thread and connection: audit rows two per transaction, until the
    block ends. Yields a function giving how many pairs it committed so far."""
    stop = threading.Event()
    started = threading.Event()
    pairs = [0]

    async def write() -> None:
        engine = make_engine(url)
        try:
            while not stop.is_set():
                async with engine.begin() as conn:
                    row = {"at": datetime.now(UTC), "action": WRITER_ACTION, "details": {}}
                    await conn.execute(insert(AuditLog), [row, row])
                pairs[0] += 1
                if pairs[0] >= 20:
                    started.set()
        finally:
            await engine.dispose()

    thread = threading.Thread(target=lambda: asyncio.run(write()))
    thread.start()
    try:
        assert started.wait(60), "the writer never committed"
        yield lambda: pairs[0]
    finally:
        stop.set()
        thread.join(60)


def demo_source(fresh: Fresh, cli: Cli, templates: Templates) -> str:
    """A database holding the demo: the session's SQLite file, or `fedrank demo` on PostgreSQL."""
    url = fresh.url()
    if fresh.backend == "sqlite":
        shutil.copyfile(templates.sqlite_demo(), make_url(url).database or "")
        return url
    use(cli, url)
    assert cli(["init"]).returncode == 0
    loaded = cli(["demo"])
    assert loaded.returncode == 0, loaded.stderr
    return url


@pytest.mark.slow
def test_backup_while_written_restores_the_same_rows_and_answers(
    fresh: Fresh, cli: Cli, templates: Templates
) -> None:
    source = demo_source(fresh, cli, templates)
    use(cli, source)
    before = cli(["run"], QUESTIONS)
    assert before.returncode == 0 and "UFGO-0001" in before.stdout, before.stderr
    file = cli.cwd / "b.db"

    with writing(source) as committed:
        at_start = committed()
        made = cli(["db", "backup", str(file)])
        assert committed() > at_start  # the writer went on while the backup was taken
    assert made.returncode == 0, made.stderr
    assert f"backup at revision {HEAD} written to {file}" in made.stdout

    target = fresh.url()
    use(cli, target)
    restored = cli(["db", "restore", str(file)])
    assert restored.returncode == 0, restored.stderr
    assert restored.stdout.strip().endswith(f"restored {file} at revision {HEAD}")

    original, copy = asyncio.run(counts(source)), asyncio.run(counts(target))
    written = copy.pop("audit_log"), original.pop("audit_log")
    assert copy == original  # every other table is the same, row for row count
    pair_rows = asyncio.run(pairs_in(target))
    assert pair_rows >= 40 and pair_rows % 2 == 0  # no torn pair
    assert written[0] <= written[1]

    after = cli(["run"], QUESTIONS)
    assert after.returncode == 0, after.stderr
    assert after.stdout == before.stdout


def _sqlite_at(cli: Cli, revision: str) -> Path:
    """A SQLite database migrated to ``revision``, and its backup."""
    use(cli, f"sqlite+aiosqlite:///{cli.cwd / 'old.db'}")
    assert cli(["db", "upgrade", revision]).returncode == 0
    file = cli.cwd / "backups" / "nightly" / "old-backup.db"  # folders made as needed
    assert cli(["db", "backup", str(file)]).returncode == 0
    return file


def test_an_older_backup_is_migrated_to_the_head(cli: Cli) -> None:
    older = REVISIONS[-3]
    file = _sqlite_at(cli, older)
    use(cli, f"sqlite+aiosqlite:///{cli.cwd / 'new' / 'fedrank.db'}")
    result = cli(["db", "restore", str(file)])
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().endswith(f"at revision {older}, migrated {older} -> {HEAD}")
    assert cli(["db", "current"]).stdout.strip().endswith(f": {HEAD} (head)")


def test_a_newer_backup_is_refused_and_nothing_written(cli: Cli) -> None:
    file = _sqlite_at(cli, "head")
    with sqlite3.connect(file) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '0099_from_the_future'")
    conn.close()
    use(cli, f"sqlite+aiosqlite:///{cli.cwd / 'new' / 'fedrank.db'}")
    result = cli(["db", "restore", str(file)])
    assert result.returncode == 2
    assert result.stderr.startswith(
        f"fedrank: error: {file} is at schema revision 0099_from_the_future, "
        "which this fedrank does not know"
    )
    assert result.stderr.count("\n") == 1
    assert list((cli.cwd / "new").iterdir()) == []  # no database, no partial copy


def test_restore_over_data_needs_force(fresh: Fresh, cli: Cli) -> None:
    use(cli, fresh.url())
    assert cli(["init"]).returncode == 0
    file = cli.cwd / "b.backup"
    assert cli(["db", "backup", str(file)]).returncode == 0
    added = cli(["federation", "add", "LATE", "Added after the backup"])
    assert added.returncode == 0, added.stderr
    assert "LATE" in cli(["federation", "list"]).stdout
    refused = cli(["db", "restore", str(file)])  # into the database it came from: not fresh
    assert refused.returncode == 2
    assert "already holds" in refused.stderr and "--force" in refused.stderr
    replaced = cli(["db", "restore", str(file), "--force"])
    assert replaced.returncode == 0, replaced.stderr
    assert cli(["db", "current"]).stdout.strip().endswith(f": {HEAD} (head)")
    assert "LATE" not in cli(["federation", "list"]).stdout  # the backup's rows, not the newer


def test_the_wrong_kind_of_file_is_named(cli: Cli) -> None:
    (cli.cwd / "notes.txt").write_text("hello\n")
    use(cli, f"sqlite+aiosqlite:///{cli.cwd / 'fedrank.db'}")
    result = cli(["db", "restore", "notes.txt"])
    assert result.returncode == 2
    assert result.stderr == (
        "fedrank: error: notes.txt is not a backup; a SQLite database restores a SQLite backup\n"
    )
    missing = cli(["db", "restore", "missing.db"])
    assert missing.stderr == "fedrank: error: no such file: missing.db\n"
    nothing = cli(["db", "backup", "b.db"])
    assert (
        nothing.stderr
        == f"fedrank: error: no database file {cli.cwd / 'fedrank.db'}: nothing to back up\n"
    )
    assert not (cli.cwd / "b.db").exists()


def test_without_pg_dump_the_message_says_what_to_install(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(cli.cwd))  # no PostgreSQL client tools on it
    use(cli, "postgresql+asyncpg://fedrank:secret@127.0.0.1:1/fedrank")
    result = cli(["db", "backup", "b.dump"])
    assert result.returncode == 2
    assert result.stderr.startswith("fedrank: error: pg_dump is not installed: install ")
    assert "secret" not in result.stderr
    (cli.cwd / "b.dump").write_bytes(b"PGDMP\x01\x0e\x00")
    restore = cli(["db", "restore", "b.dump"])
    assert restore.stderr.startswith("fedrank: error: pg_restore is not installed")


def test_the_nightly_unit_runs_db_backup_into_a_dated_file(cli: Cli) -> None:
    """deploy/fedrank-backup.service's command, run as its shell runs it (systemd's %% is %),
    with the unit's paths moved into this test's folder."""
    deploy = Path(__file__).parents[2] / "deploy"
    unit = (deploy / "fedrank-backup.service").read_text()
    timer = (deploy / "fedrank-backup.timer").read_text()
    assert "OnCalendar=*-*-* 03:17:00 UTC" in timer and "Persistent=true" in timer
    [command] = re.findall(r"^ExecStart=/bin/sh -c '(.+)'$", unit, re.M)
    assert command.startswith('exec /opt/fedrank/.venv/bin/fedrank db backup "/var/lib/fedrank/')
    use(cli, f"sqlite+aiosqlite:///{cli.cwd / 'fedrank.db'}")
    assert cli(["init"]).returncode == 0
    script = command.replace("%%", "%").replace("/var/lib/fedrank", str(cli.cwd))
    script = script.replace("/opt/fedrank/.venv/bin/fedrank", shlex.join(FEDRANK))
    done = subprocess.run(  # noqa: S603 (the unit's own command, on this test's folder)
        ["/bin/sh", "-c", script], capture_output=True, text=True, check=False, timeout=120
    )
    assert done.returncode == 0, done.stderr
    [backup] = (cli.cwd / "backups").iterdir()
    assert re.fullmatch(r"fedrank-\d{4}-\d\d-\d\d\.backup", backup.name)
    assert sqlite3.connect(backup).execute(
        "SELECT version_num FROM alembic_version"
    ).fetchone() == (HEAD,)
