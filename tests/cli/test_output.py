"""One meaning of ``--out``: a path ending in a known extension is a file of that format
(``--format`` agrees or is refused), any other path a folder the command writes its file into."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from fedrank.cli.common import CliError
from fedrank.cli.output import resolve_out
from tests.cli.test_app import Cli


def test_export_ufgo_out_xlsx_writes_an_xlsx_file(demo: Cli) -> None:
    done = demo(["export", "ufgo", "--out", "ufgo.xlsx"])
    assert done.returncode == 0, done.stderr
    assert done.stdout == "written: ufgo.xlsx\n"
    file = demo.cwd / "ufgo.xlsx"
    assert file.is_file()
    with zipfile.ZipFile(file) as book:
        assert "xl/workbook.xml" in book.namelist()


def test_a_path_without_an_extension_is_a_folder(demo: Cli) -> None:
    done = demo(["export", "ufgo", "--out", "lists", "--format", "json"])
    assert done.returncode == 0, done.stderr
    [written] = (demo.cwd / "lists").iterdir()
    assert written.suffix == ".json" and written.name.startswith("ufgo-")
    ratings = demo(["export-ratings", "ufgo", "--out", "lists", "--format", "egd"])
    assert ratings.returncode == 0, ratings.stderr
    assert ratings.stdout.startswith(f"{Path('lists') / written.stem}.txt: ufgo list of ")
    players = demo(["players", "export", "UFGO", "--out", "lists"])
    assert players.stdout == f"wrote {Path('lists') / 'UFGO-players.csv'}\n"
    xlsx = demo(["players", "export", "UFGO", "--out", "reg.xlsx"])
    assert xlsx.returncode == 0, xlsx.stderr
    assert (demo.cwd / "reg.xlsx").read_bytes()[:2] == b"PK"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["export", "ufgo", "--out", "ufgo.xlsx", "--format", "csv"],
            "--out ufgo.xlsx names a xlsx file but --format is csv: drop --format, "
            "or make them agree",
        ),
        (
            ["players", "export", "UFGO", "--out", "reg.xlsx", "--format", "csv"],
            "--out reg.xlsx names a xlsx file but --format is csv",
        ),
        (
            ["players", "export", "UFGO", "--out", "reg.html"],
            "--out reg.html: this command writes .csv (csv), .xlsx (xlsx) files, or into a "
            "folder; not .html (html)",
        ),
        (
            ["export-ratings", "ufgo", "--out", "u.json"],
            "--out u.json: this command writes .txt (egd), .csv",
        ),
        (["site", "build", "--out", "site.html"], "--out site.html names a .html file; the site"),
    ],
)
def test_a_disagreement_is_refused_and_nothing_written(
    demo: Cli, args: list[str], message: str
) -> None:
    result = demo(args)
    assert result.returncode == 2
    assert result.stderr.startswith(f"fedrank: error: {message}")
    assert result.stderr.count("\n") == 1
    assert [p.name for p in demo.cwd.iterdir() if not p.name.startswith("demo.db")] == []


def test_the_rule_itself(tmp_path: Path) -> None:
    formats = ("csv", "xlsx")
    assert resolve_out(tmp_path / "a.CSV", None, formats, "csv").file == tmp_path / "a.CSV"
    folder = resolve_out(tmp_path / "out", "xlsx", formats, "csv")
    assert (folder.folder, folder.fmt, folder.path("r.xlsx")) == (
        tmp_path / "out",
        "xlsx",
        tmp_path / "out" / "r.xlsx",
    )
    (tmp_path / "plain").write_text("x")
    with pytest.raises(CliError, match="is a file, not a folder"):
        resolve_out(tmp_path / "plain", None, formats, "csv")
    (tmp_path / "odd.csv").mkdir()
    with pytest.raises(CliError, match=r"is a folder, but a name ending in \.csv is a file"):
        resolve_out(tmp_path / "odd.csv", None, formats, "csv")
    with pytest.raises(CliError, match="--format must be one of csv, xlsx, not 'ods'"):
        resolve_out(tmp_path / "out", "ods", formats, "csv")
