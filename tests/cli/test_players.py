"""``fedrank players import | export`` on an empty database (no demo), through Typer's runner."""

import asyncio
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fedrank.cli.app import app
from fedrank.cli.common import CliError
from fedrank.storage.database import Database

FILE = "id,name,sex,club\n,Бондаренко Олена,F,=Kyiv\nUFGO-0042,Hnatiuk Vasyl,M,\n"


@pytest.fixture
def empty(no_env: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A migrated database with one federation and no player."""
    url = f"sqlite+aiosqlite:///{no_env / 'fedrank.db'}"
    monkeypatch.setenv("FEDRANK_DATABASE_URL", url)
    assert CliRunner().invoke(app, ["init"]).exit_code == 0

    async def federation() -> None:
        db = Database(url)
        try:
            async with db.transaction() as repos:
                await repos.federations.add("UFGO", "Ukrainian Go Federation", "Europe/Kyiv")
        finally:
            await db.close()

    asyncio.run(federation())
    (no_env / "players.csv").write_text(FILE, encoding="utf-8")
    return no_env


def test_import_previews_writes_and_imports_again_unchanged(empty: Path) -> None:
    runner = CliRunner()
    first = runner.invoke(app, ["players", "import", "UFGO", "players.csv", "--yes"])
    assert first.exit_code == 0, first.output
    assert "players.csv → UFGO: 2 new, 0 changed, 0 unchanged" in first.output
    assert "+ UFGO-0043 Бондаренко Олена (line 2)" in first.output
    assert first.output.strip().endswith("UFGO: 2 added, 0 updated, 0 unchanged")
    again = runner.invoke(app, ["players", "import", "UFGO", "players.csv", "--yes"])
    assert again.output.strip().endswith("UFGO: 0 added, 0 updated, 2 unchanged")


def test_import_without_yes_away_from_a_terminal_writes_nothing(empty: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["players", "import", "UFGO", "players.csv"])
    assert isinstance(result.exception, CliError)
    assert "confirm with --yes" in str(result.exception)
    assert "2 new" in result.output
    export = runner.invoke(app, ["players", "export", "UFGO"])
    assert export.output.strip().splitlines()[1:] == []


def test_export_round_trips_through_csv_and_xlsx(empty: Path) -> None:
    runner = CliRunner()
    runner.invoke(app, ["players", "import", "UFGO", "players.csv", "--yes"])
    shown = runner.invoke(app, ["players", "export", "UFGO"])
    assert shown.exit_code == 0
    assert "UFGO-0043,Бондаренко Олена,,,F,,'=Kyiv,,," in shown.output.splitlines()
    for fmt in ("csv", "xlsx"):
        out = empty / f"export.{fmt}"
        written = runner.invoke(
            app, ["players", "export", "UFGO", "--format", fmt, "--out", str(out)]
        )
        assert written.exit_code == 0, written.output
        back = runner.invoke(app, ["players", "import", "UFGO", str(out), "--yes"])
        assert back.output.strip().endswith("UFGO: 0 added, 0 updated, 2 unchanged"), back.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["players", "import", "XX", "players.csv", "--yes"],
            "unknown federation 'XX'; federations: UFGO",
        ),
        (["players", "import", "UFGO", "missing.csv"], "no such file: missing.csv"),
        (
            ["players", "export", "UFGO", "--format", "ods"],
            "--format must be one of csv, xlsx, not 'ods'",
        ),
        (
            ["players", "export", "UFGO", "--format", "xlsx"],
            "an xlsx export needs --out FILE (or a folder)",
        ),
    ],
)
def test_operator_errors_are_named(empty: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, args)
    assert isinstance(result.exception, CliError)
    assert str(result.exception).startswith(message)


def test_a_bad_file_names_every_problem_and_writes_nothing(empty: Path) -> None:
    (empty / "bad.csv").write_text("id,name,sex,colour\nA,,X,red\n", encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(app, ["players", "import", "UFGO", "bad.csv", "--yes"])
    assert isinstance(result.exception, CliError)
    report = str(result.exception)
    assert report.startswith("bad.csv: 3 problem(s), nothing written")
    assert "bad.csv, line 1, field 'colour': unknown column; accepted: id, name" in report
    assert "bad.csv, line 2, field 'name'" in report and "bad.csv, line 2, field 'sex'" in report
    export = runner.invoke(app, ["players", "export", "UFGO"])
    assert export.output.strip().splitlines()[1:] == []


def test_an_uninitialised_database_is_named(no_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FEDRANK_DATABASE_URL", f"sqlite+aiosqlite:///{no_env / 'none.db'}")
    (no_env / "p.csv").write_text(FILE, encoding="utf-8")
    result = CliRunner().invoke(app, ["players", "import", "UFGO", "p.csv", "--yes"])
    assert "run `fedrank init` first" in str(result.exception)


def test_merge_joins_two_records_and_names_refusals(empty: Path) -> None:
    runner = CliRunner()
    runner.invoke(app, ["players", "import", "UFGO", "players.csv", "--yes"])
    merged = runner.invoke(app, ["players", "merge", "UFGO", "UFGO-0042", "UFGO-0043"])
    assert merged.exit_code == 0, merged.output
    assert merged.output.strip() == "UFGO-0043 merged into UFGO-0042: moved no rows"
    again = runner.invoke(app, ["players", "merge", "UFGO", "UFGO-0042", "UFGO-0043"])
    assert isinstance(again.exception, CliError)
    assert str(again.exception) == "UFGO has no player UFGO-0043"
    export = runner.invoke(app, ["players", "export", "UFGO"])
    assert export.output.splitlines()[1:] == ["UFGO-0042,Hnatiuk Vasyl,,,M,,'=Kyiv,,,"]
    unknown = runner.invoke(app, ["players", "merge", "NOPE", "A", "B"])
    assert str(unknown.exception) == "unknown federation 'NOPE'; federations: UFGO"

    async def audit() -> list[tuple[str, str, str]]:
        db = Database(f"sqlite+aiosqlite:///{empty / 'fedrank.db'}")
        try:
            async with db.read() as repos:
                return [
                    (e.action, e.subject, str(e.details.get("reason", "")))
                    for e in await repos.audit.entries()
                    if e.action.startswith("player.merge")
                ]
        finally:
            await db.close()

    assert asyncio.run(audit()) == [
        ("player.merged", "UFGO-0042", ""),
        ("player.merge_refused", "UFGO-0042 UFGO-0043", "UFGO has no player UFGO-0043"),
        ("player.merge_refused", "A B", "unknown federation 'NOPE'; federations: UFGO"),
    ]
