"""Every Alembic revision, one step at a time (the stairway): upgrade, downgrade, upgrade again,
each downgrade giving back exactly the schema before the step; and the test databases the
fixtures copy are exactly the migrated schema."""

from __future__ import annotations

from typing import Any

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection

from fedrank.storage.database import Database
from fedrank.storage.db import alembic_config, downgrade, migrate
from tests.conftest import Backends

Schema = dict[str, Any]


def _snapshot(conn: Connection) -> Schema:
    """Tables with their columns, keys, indexes and checks, as the database reports them."""
    found = inspect(conn)
    schema: Schema = {}
    for table in sorted(set(found.get_table_names()) - {"alembic_version"}):
        schema[table] = {
            "columns": [
                (c["name"], str(c["type"]), c["nullable"], str(c.get("default")))
                for c in found.get_columns(table)
            ],
            "primary key": found.get_pk_constraint(table)["constrained_columns"],
            "foreign keys": sorted(
                (fk["name"] or "", fk["constrained_columns"], fk["referred_table"])
                for fk in found.get_foreign_keys(table)
            ),
            "indexes": sorted(
                (i["name"] or "", i["column_names"], str(i.get("expressions")), i["unique"])
                for i in found.get_indexes(table)
            ),
            "unique": sorted(
                (u["name"] or "", u["column_names"]) for u in found.get_unique_constraints(table)
            ),
            "checks": sorted(
                (c["name"] or "", " ".join(c["sqltext"].split()))
                for c in found.get_check_constraints(table)
            ),
        }
    return schema


def _version(conn: Connection) -> list[str]:
    if not inspect(conn).has_table("alembic_version"):
        return []
    return [row[0] for row in conn.execute(text("SELECT version_num FROM alembic_version"))]


async def _schema(database: Database) -> Schema:
    async with database.engine.connect() as conn:
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
