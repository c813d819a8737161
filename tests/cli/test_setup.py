"""``fedrank federation …`` and ``fedrank discipline …`` on a fresh database (no demo): what the
operator reads, each refusal as one line with exit code 2 and an audit line, nothing written."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from fedrank.storage.database import Database
from tests.cli.test_app import Cli
from tests.factories import seed_federation


@pytest.fixture
def run(no_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Cli:
    monkeypatch.setenv("FEDRANK_DATABASE_URL", f"sqlite+aiosqlite:///{no_env / 'fedrank.db'}")
    return Cli(no_env, monkeypatch, capsys)


def _audit(cwd: Path) -> list[tuple[str, str, str]]:
    async def read() -> list[tuple[str, str, str]]:
        db = Database(f"sqlite+aiosqlite:///{cwd / 'fedrank.db'}")
        try:
            async with db.read() as repos:
                return [
                    (e.action, e.subject, str(e.details.get("reason", "")))
                    for e in await repos.audit.entries()
                ]
        finally:
            await db.close()

    return asyncio.run(read())


def test_a_federation_and_its_discipline_from_nothing(run: Cli) -> None:
    assert run(["init"]).returncode == 0
    hint = 'no federation yet: create one with fedrank federation add CODE "NAME" --timezone'
    assert run(["federation", "list"]).stdout.startswith(hint)
    added = run(
        [
            "federation",
            "add",
            "UFGO",
            "Ukrainian Go Federation",
            "--timezone",
            "Europe/Kyiv",
            "--language",
            "uk",
        ]
    )
    assert added.returncode == 0, added.stderr
    assert added.stdout == (
        "Federation UFGO (Ukrainian Go Federation) added: time zone Europe/Kyiv, "
        "announcements in uk.\n"
    )
    discipline = run(["discipline", "add", "UFGO", "ufgo", "go_ufgo", "UFGO rating"])
    assert discipline.stdout == (
        "Discipline ufgo (UFGO rating) added to UFGO: system go_ufgo, lists quarterly.\n"
    )
    assert run(["federation", "list"]).stdout.splitlines() == [
        "code  name                     timezone     language  disciplines",
        "UFGO  Ukrainian Go Federation  Europe/Kyiv  uk        ufgo",
    ]
    assert run(["discipline", "list"]).stdout.splitlines() == [
        "federation  code  system   calendar   state   tournaments  name",
        "UFGO        ufgo  go_ufgo  quarterly  active  0            UFGO rating",
    ]
    assert [a[:2] for a in _audit(run.cwd)] == [
        ("federation.added", "UFGO"),
        ("discipline.added", "ufgo"),
    ]


REFUSALS = [
    (
        ["federation", "add", "UFGO", "Go", "--timezone", "Kyiv"],
        "Unknown time zone “Kyiv”: give an IANA name such as Area/City. Closest: ",
    ),
    (["federation", "add", "UFGO", "Go", "--language", "de"], "Unknown language “de”"),
    (["federation", "add", "rmf", "Again"], "Federation RMF (Russian Mahjong Federation)"),
    (
        ["discipline", "add", "RMF", "riichi", "mahjong_rmf", "Riichi"],
        "A mahjong_rmf discipline cannot be added: the RMF rulebook has two lists",
    ),
    (["discipline", "add", "RMF", "x", "chess_fide", "X"], "Unknown system “chess_fide”"),
    (
        ["discipline", "add", "RMF", "x", "go_ufgo", "X", "--calendar", "weekly"],
        "Unknown calendar “weekly”. Calendars: monthly, quarterly, yearly, on_demand.",
    ),
    (["discipline", "add", "RMF", "rmf-mcr", "go_ufgo", "X"], "A discipline with the code"),
    (["discipline", "add", "NOPE", "x", "go_ufgo", "X"], "Unknown federation “NOPE”"),
    (
        ["discipline", "disable", "RMF", "rmf-mcr", "--remove"],
        "rmf-mcr is not removed: it holds tournaments 1, published lists 1, titles 1",
    ),
    (["discipline", "disable", "RMF", "nope"], "RMF has no discipline “nope”"),
]


def test_refusals_are_one_line_write_nothing_and_are_audited(run: Cli) -> None:
    run(["init"])
    asyncio.run(_seed(run.cwd))
    before = run(["discipline", "list"]).stdout + run(["federation", "list"]).stdout
    for count, (args, error) in enumerate(REFUSALS, start=1):
        refused = run(args)
        assert refused.returncode == 2, args
        assert refused.stderr.startswith(f"fedrank: error: {error}"), refused.stderr
        assert len(refused.stderr.splitlines()) == 1
        audit = _audit(run.cwd)
        assert len(audit) == count
        assert audit[-1][0].endswith(".refused")
        assert audit[-1][2] == refused.stderr.removeprefix("fedrank: error: ").strip()
    assert run(["discipline", "list"]).stdout + run(["federation", "list"]).stdout == before


async def _seed(cwd: Path) -> None:
    db = Database(f"sqlite+aiosqlite:///{cwd / 'fedrank.db'}")
    try:
        await seed_federation(db)  # RMF: rmf-mcr with a tournament, a list and a title
    finally:
        await db.close()


def test_disable_keeps_history_remove_only_without_it(run: Cli) -> None:
    run(["init"])
    asyncio.run(_seed(run.cwd))
    off = run(["discipline", "disable", "RMF", "rmf-mcr"])
    assert off.stdout.startswith("Discipline rmf-mcr of RMF disabled: its history stays")
    assert "disabled  1" in run(["discipline", "list", "RMF"]).stdout
    sheet = run.cwd / "cup.rmf"
    sheet.write_text("name: Cup\ndate: 2026-11-15\nchs: 6\n\nplace; player\n1; RMF-001\n")
    imported = run(["import", "rmf-mcr", str(sheet), "--yes"])
    assert imported.returncode == 2
    assert imported.stderr == (
        "fedrank: error: discipline rmf-mcr is disabled: it takes no tournaments "
        "(`fedrank discipline enable` brings it back)\n"
    )
    assert run(["discipline", "enable", "RMF", "rmf-mcr"]).stdout == (
        "Discipline rmf-mcr enabled again.\n"
    )
    sichuan = run(["discipline", "add", "RMF", "rmf-sichuan", "mahjong_rmf", "Sichuan mahjong"])
    assert "lists monthly" in sichuan.stdout
    removed = run(["discipline", "disable", "RMF", "rmf-sichuan", "--remove"])
    assert removed.stdout == "Discipline rmf-sichuan removed from RMF (it had no history).\n"
    assert [a[0] for a in _audit(run.cwd)] == [
        "discipline.disabled",
        "discipline.enabled",
        "discipline.added",
        "discipline.removed",
    ]


def test_run_on_an_empty_database_says_how_to_begin(run: Cli) -> None:
    session = run(["run", "--console"], stdin="/start\n")
    assert session.returncode == 0, session.stderr
    assert session.stderr.splitlines()[0] == (
        'fedrank: no federation yet: create one with fedrank federation add CODE "NAME" '
        "--timezone Area/City"
    )
    assert "No federation is set up yet" in session.stdout
    assert "—" not in session.stdout


def test_discipline_edit_and_import_set_give_the_facts_a_file_lacks(run: Cli) -> None:
    """``fedrank discipline edit`` shows and sets a discipline's defaults (a fresh Go
    discipline's official is "no"); ``fedrank import --set`` overrides the file for one
    tournament, said in the preview; a bad value is refused naming its key."""
    assert run(["init"]).returncode == 0
    run(["federation", "add", "UFGO", "Ukrainian Go Federation", "--timezone", "Europe/Kyiv"])
    run(["discipline", "add", "UFGO", "ufgo", "go_ufgo", "UFGO rating"])
    shown = run(["discipline", "edit", "UFGO", "ufgo"])
    assert shown.returncode == 0, shown.stderr
    assert "official = no" in shown.stdout
    changed = run(["discipline", "edit", "UFGO", "ufgo", "--set", "board=13"])
    assert changed.returncode == 0, changed.stderr
    assert "board = 13" in changed.stdout and "official = no" in changed.stdout
    refused = run(["discipline", "edit", "UFGO", "ufgo", "--set", "official=maybe"])
    assert refused.returncode == 2 and "official" in refused.stderr
    audited = [(a, s) for a, s, _ in _audit(run.cwd)]
    assert ("discipline.facts", "ufgo") in audited
    assert ("discipline.facts.refused", "UFGO ufgo") in audited
    example = Path(__file__).resolve().parents[2] / "examples/go_ufgo/kharkiv_autumn_cup_2026.h9"
    imported = run(
        ["import", "ufgo", str(example), "--yes", "--register-new", "--set", "official=no"]
    )
    assert imported.returncode == 0, imported.stderr
    assert "official=no" in imported.stdout  # the file's OF[yes] replaced, and said so
    assert imported.stdout.strip().endswith(", version 1")
    bad = run(["import", "ufgo", str(example), "--yes", "--set", "colour=red"])
    assert bad.returncode == 2 and "colour" in bad.stderr
