"""The registry export: the import's columns, so an export imports back unchanged."""

import pytest

from fedrank.handlers.federation.registry.exporting import export_registry
from fedrank.handlers.federation.registry.fileformat import parse_registry
from fedrank.handlers.federation.registry.importing import prepare_import, write_import
from fedrank.handlers.systems import all_systems
from fedrank.storage.database import Database
from tests.factories import NOW
from tests.handlers.federation.registry.test_importing import FILE

SYSTEMS = all_systems()


@pytest.fixture
async def registry(db: Database) -> Database:
    async with db.transaction() as repos:
        federation = await repos.federations.add("FSBR", "Bridge")
        await repos.federations.add_discipline(federation, "fsbr", "FSBR", "bridge_fsbr", "monthly")
        text = FILE.replace("Club A", "=HYPERLINK(1)")
        plan = await prepare_import(repos, SYSTEMS, "FSBR", "p.csv", text.encode())
        await write_import(repos, plan, now=NOW)
    return db


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
async def test_an_export_imports_back_unchanged(registry: Database, fmt: str) -> None:
    async with registry.read() as repos:
        content = await export_registry(repos, SYSTEMS, "FSBR", fmt)
        plan = await prepare_import(repos, SYSTEMS, "FSBR", f"export.{fmt}", content)
    assert (len(plan.new), len(plan.changed), plan.unchanged) == (0, 0, 3)


async def test_the_csv_has_every_column_and_inert_cells(registry: Database) -> None:
    async with registry.read() as repos:
        content = await export_registry(repos, SYSTEMS, "FSBR", "csv")
    text = content.decode("utf-8-sig")
    header, first, *_ = text.splitlines()
    assert header == (
        "id,name,latin_name,birth_date,sex,country,club,member_from,member_to,egd_pin,"
        "bridge_fsbr.initial_rk"
    )
    assert first == (
        "FSBR-0009,Иванов Иван,Ivanov Ivan,1990-02-01,M,RU,'=HYPERLINK(1),2020-01-01,,"
        "12345678,'-2.5"
    )
    file = parse_registry("e.csv", content, {"bridge_fsbr"})
    assert file.lines[0].club == "=HYPERLINK(1)"


async def test_an_unknown_format_is_refused(registry: Database) -> None:
    async with registry.read() as repos:
        with pytest.raises(ValueError, match="format must be one of csv, xlsx"):
            await export_registry(repos, SYSTEMS, "FSBR", "ods")
