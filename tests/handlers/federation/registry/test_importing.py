"""The registry import: preview, one transaction, idempotent, audited, refusals write nothing."""

from datetime import date

import pytest
from sqlalchemy import func, select

from fedrank.handlers.federation.registry.fileformat import RegistryFileError
from fedrank.handlers.federation.registry.importing import (
    UnknownFederationError,
    prepare_import,
    preview_lines,
    write_import,
)
from fedrank.handlers.systems import all_systems
from fedrank.storage.database import Database
from fedrank.storage.models import AuditLog, Membership, Player
from tests.factories import NOW

SYSTEMS = all_systems()
FILE = (
    "id;name;latin_name;birth_date;sex;country;club;member_from;member_to;egd_pin;"
    "bridge_fsbr.initial_rk\n"
    "FSBR-0009;Иванов Иван;Ivanov Ivan;01.02.1990;M;RU;Club A;2020-01-01;;12345678;-2.5\n"
    ";Петрова Анна;;1985-05-05;F;RU;;;;;\n"
    ";Сидоров Пётр;;;;;;2024-01-01;2024-12-31;;\n"
)


@pytest.fixture
async def fsbr(db: Database) -> Database:
    async with db.transaction() as repos:
        federation = await repos.federations.add("FSBR", "Bridge")
        await repos.federations.add_discipline(federation, "fsbr", "FSBR", "bridge_fsbr", "monthly")
    return db


async def run_import(
    db: Database, text: str, name: str = "players.csv"
) -> tuple[list[str], object]:
    async with db.transaction() as repos:
        plan = await prepare_import(repos, SYSTEMS, "FSBR", name, text.encode())
        preview = preview_lines(plan)
        result = await write_import(repos, plan, now=NOW)
    return preview, result


async def players(db: Database) -> dict[str, Player]:
    async with db.read() as repos:
        found = {p.federation_player_id: p for p in await repos.session.scalars(select(Player))}
        repos.session.expunge_all()  # keep what was read once the read is rolled back
        return found


async def count(db: Database, model: type) -> int:
    async with db.read() as repos:
        return int(await repos.session.scalar(select(func.count()).select_from(model)) or 0)


async def test_new_players_get_ids_after_the_highest_and_every_fact(fsbr: Database) -> None:
    preview, result = await run_import(fsbr, FILE)
    assert preview[0] == "players.csv → FSBR: 3 new, 0 changed, 0 unchanged"
    assert "  + FSBR-0010 Петрова Анна (line 3)" in preview
    assert (result.added, result.updated, result.unchanged) == (3, 0, 0)
    found = await players(fsbr)
    assert sorted(found) == ["FSBR-0009", "FSBR-0010", "FSBR-0011"]
    ivanov = found["FSBR-0009"]
    assert (ivanov.latin_name, ivanov.birth_date, ivanov.gender) == (
        "Ivanov Ivan",
        date(1990, 2, 1),
        "M",
    )
    assert (ivanov.country, ivanov.club, ivanov.egd_pin) == ("RU", "Club A", "12345678")
    assert ivanov.data == {"bridge_fsbr": {"initial_rk": -2.5}}
    async with fsbr.read() as repos:
        spans = [
            (m.starts_on, m.ends_on) for m in await repos.players.memberships(found["FSBR-0011"].id)
        ]
    assert spans == [(date(2024, 1, 1), date(2024, 12, 31))]


async def test_importing_the_same_file_again_changes_nothing(fsbr: Database) -> None:
    await run_import(fsbr, FILE)
    audit = await count(fsbr, AuditLog)
    preview, result = await run_import(fsbr, FILE)
    assert preview == ["players.csv → FSBR: 0 new, 0 changed, 3 unchanged"]
    assert (result.added, result.updated, result.unchanged) == (0, 0, 3)
    assert len(await players(fsbr)) == 3
    assert await count(fsbr, Membership) == 2
    assert await count(fsbr, AuditLog) == audit + 1  # the import's own line


async def test_a_changed_line_updates_that_player_audited_before_and_after(fsbr: Database) -> None:
    await run_import(fsbr, FILE)
    changed = FILE.replace("Club A", "Club B").replace(";-2.5\n", ";-3\n")
    changed = changed.replace("2024-12-31", "2025-06-30")
    preview, result = await run_import(fsbr, changed)
    assert preview[0] == "players.csv → FSBR: 0 new, 2 changed, 1 unchanged"
    assert "club: 'Club A' → 'Club B'" in preview[1]
    assert (result.added, result.updated) == (0, 2)
    found = await players(fsbr)
    assert found["FSBR-0009"].club == "Club B"
    assert found["FSBR-0009"].data == {"bridge_fsbr": {"initial_rk": -3}}
    async with fsbr.read() as repos:
        entries = {
            e.subject: e.details for e in await repos.audit.entries("player.registry_changed")
        }
        spans = [
            (m.starts_on, m.ends_on) for m in await repos.players.memberships(found["FSBR-0011"].id)
        ]
    assert set(entries) == {"FSBR-0009", "FSBR-0011"}
    assert entries["FSBR-0009"]["before"] == {"club": "Club A", "bridge_fsbr.initial_rk": -2.5}
    assert entries["FSBR-0009"]["after"] == {"club": "Club B", "bridge_fsbr.initial_rk": -3}
    assert spans == [(date(2024, 1, 1), date(2025, 6, 30))]


async def test_a_column_left_out_is_left_as_it_is(fsbr: Database) -> None:
    await run_import(fsbr, FILE)
    _, result = await run_import(fsbr, "id,name\nFSBR-0009,Иванов Иван\n")
    assert (result.updated, result.unchanged) == (0, 1)
    assert (await players(fsbr))["FSBR-0009"].club == "Club A"


async def test_a_refused_file_lists_every_problem_and_writes_nothing(fsbr: Database) -> None:
    await run_import(fsbr, FILE)
    before = (await count(fsbr, Player), await count(fsbr, AuditLog))
    bad = (
        "id,name,sex,egd_pin,bridge_fsbr.initial_rk\n"
        "FSBR-0010,Петрова Анна,F,,7\n"
        "NEW-1,Новый,Q,12345678,\n"
        "NEW-2,Хороший,M,,\n"
    )
    with pytest.raises(RegistryFileError) as refused:
        async with fsbr.transaction() as repos:
            await prepare_import(repos, SYSTEMS, "FSBR", "bad.csv", bad.encode())
    problems = {(p.line, p.field) for p in refused.value.problems}
    assert problems == {(2, "bridge_fsbr.initial_rk"), (3, "sex"), (3, "egd_pin")}
    assert "bad.csv, line 3, field 'egd_pin': '12345678' is the PIN of player FSBR-0009" in (
        refused.value.report()
    )
    assert (await count(fsbr, Player), await count(fsbr, AuditLog)) == before


async def test_a_line_without_id_finds_its_player_by_pin_or_name_and_birth_date(
    fsbr: Database,
) -> None:
    await run_import(fsbr, FILE)
    again = (
        "id,name,birth_date,egd_pin,club\n,Other Name,,12345678,X\n,ПЕТРОВА  АННА,05.05.1985,,Y\n"
    )
    preview, result = await run_import(fsbr, again)
    assert (result.added, result.updated) == (0, 2), preview
    found = await players(fsbr)
    assert (found["FSBR-0009"].club, found["FSBR-0010"].club) == ("X", "Y")


async def test_an_unknown_federation_is_named(fsbr: Database) -> None:
    with pytest.raises(UnknownFederationError, match="unknown federation 'XX'; federations: FSBR"):
        async with fsbr.read() as repos:
            await prepare_import(repos, SYSTEMS, "XX", "p.csv", b"id,name\n")
