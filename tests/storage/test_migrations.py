"""Every Alembic revision, one step at a time (the stairway): upgrade, downgrade, upgrade again,
each downgrade giving back exactly the schema before the step; and the test databases the
fixtures copy are exactly the migrated schema."""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import SAWarning

from fedrank.storage.database import Database, alembic_config, downgrade, migrate
from tests.conftest import Backends

Schema = dict[str, Any]


def _snapshot(conn: Connection) -> Schema:
    """Tables with their columns, keys, indexes and checks, as the database reports them (one
    catalog query per kind, for all tables at once)."""
    found = inspect(conn)
    columns = found.get_multi_columns()
    keys = found.get_multi_pk_constraint()
    foreign = found.get_multi_foreign_keys()
    unique = found.get_multi_unique_constraints()
    checks = found.get_multi_check_constraints()
    indexes = _indexes(conn)
    schema: Schema = {}
    for (_, table), table_columns in sorted(columns.items()):
        if table == "alembic_version":
            continue
        name = (None, table)
        schema[table] = {
            "columns": [
                (c["name"], str(c["type"]), c["nullable"], str(c.get("default")))
                for c in table_columns
            ],
            "primary key": keys[name]["constrained_columns"],
            "foreign keys": sorted(
                (fk["name"] or "", str(fk["constrained_columns"]), fk["referred_table"])
                for fk in foreign[name]
            ),
            "indexes": sorted(indexes.get(table, [])),
            "unique": sorted((u["name"] or "", str(u["column_names"])) for u in unique[name]),
            "checks": sorted(
                (c["name"] or "", " ".join(c["sqltext"].split())) for c in checks[name]
            ),
        }
    return schema


def _indexes(conn: Connection) -> dict[str, list[tuple[str, ...]]]:
    """Each table's indexes. SQLAlchemy does not reflect SQLite's expression indexes; SQLite
    keeps each index's own CREATE statement, compared here without quotes and extra spaces."""
    found: dict[str, list[tuple[str, ...]]] = {}
    if conn.dialect.name == "sqlite":
        rows = conn.execute(
            text("SELECT tbl_name, name, sql FROM sqlite_master WHERE type = 'index'")
        )
        for table, name, sql in rows:
            found.setdefault(table, []).append(
                (name, " ".join((sql or "").replace('"', "").split()))
            )
        return found
    for (_, table), indexes in inspect(conn).get_multi_indexes().items():
        found[table] = [
            (i["name"] or "", str(i["column_names"]), str(i.get("expressions")), str(i["unique"]))
            for i in indexes
        ]
    return found


def _version(conn: Connection) -> list[str]:
    if not inspect(conn).has_table("alembic_version"):
        return []
    return [row[0] for row in conn.execute(text("SELECT version_num FROM alembic_version"))]


async def _schema(database: Database) -> Schema:
    async with database.engine.connect() as conn:
        with warnings.catch_warnings():
            # Said of SQLite's expression index; _indexes reads it from sqlite_master instead.
            warnings.filterwarnings("ignore", "Skipped unsupported reflection", SAWarning)
            return await conn.run_sync(_snapshot)


async def _at(database: Database) -> list[str]:
    """The revision Alembic records (none before the first upgrade and after the last downgrade)."""
    async with database.engine.connect() as conn:
        return await conn.run_sync(_version)


def _revisions() -> list[tuple[str, str]]:
    """(revision, the one before it or "base"), from the first to the head."""
    script = ScriptDirectory.from_config(alembic_config())
    steps = [
        (rev.revision, str(rev.down_revision or "base"))
        for rev in script.walk_revisions("base", "heads")
    ]
    return list(reversed(steps))


def test_the_revisions_form_one_line() -> None:
    script = ScriptDirectory.from_config(alembic_config())
    assert len(script.get_heads()) == 1
    steps = _revisions()
    assert steps[0][1] == "base"
    assert [before for _, before in steps[1:]] == [rev for rev, _ in steps[:-1]]
    assert steps[-1][0] == script.get_current_head()


@pytest.mark.slow
async def test_stairway_each_revision_up_down_up(backends: Backends) -> None:
    database = (await backends.empty()).database()
    try:
        before = await _schema(database)
        assert before == {}
        for revision, previous in _revisions():
            await migrate(database.engine, revision)
            after = await _schema(database)
            assert await _at(database) == [revision]
            assert after != before, f"{revision} changes nothing"
            await downgrade(database.engine, previous)
            assert await _schema(database) == before, f"{revision} down"
            assert await _at(database) == ([] if previous == "base" else [previous])
            await migrate(database.engine, revision)
            assert await _schema(database) == after, f"{revision} up again"
            assert await _at(database) == [revision]
            before = after
    finally:
        await database.close()


async def test_the_fixture_database_is_the_migrated_schema(
    backends: Backends, db: Database
) -> None:
    """The ``db`` fixture copies a template (SQLite) or replays Alembic's offline SQL
    (PostgreSQL); either way it must be what ``fedrank init`` makes."""
    reference = (await backends.empty()).database()
    try:
        await reference.migrate()
        assert await _schema(db) == await _schema(reference)
        assert await _at(db) == await _at(reference) == [_revisions()[-1][0]]
    finally:
        await reference.close()
