"""The operator's CLI: every failure is one line and a non-zero exit code.

The commands run in-process through the console script's own ``main()`` (argv, stdin, stdout
and stderr swapped for the call), so they are fast and covered; one test runs the real process.
"""

import io
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from fedrank.cli import main

FEDRANK = [sys.executable, "-c", "from fedrank.cli import main; main()"]


@dataclass
class Result:
    returncode: int
    stdout: str
    stderr: str


class Cli:
    """``fedrank ARGS`` in this process, in a working directory without .env or FEDRANK_*."""

    def __init__(
        self, cwd: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        self.cwd = cwd
        self.monkeypatch = monkeypatch
        self.capsys = capsys

    def __call__(self, args: list[str], stdin: str = "") -> Result:
        self.capsys.readouterr()
        with self.monkeypatch.context() as patch:
            patch.setattr(sys, "argv", ["fedrank", *args])
            patch.setattr(sys, "stdin", io.StringIO(stdin))
            try:
                main()
                code = 0
            except SystemExit as stop:
                code = stop.code if isinstance(stop.code, int) else 1
        out, err = self.capsys.readouterr()
        return Result(code, out, err)


@pytest.fixture
def run(no_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(no_env, monkeypatch, capsys)


def run_process(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """The console script as the operator starts it: its own interpreter, warnings as errors."""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(cwd), "PYTHONWARNINGS": "error"}
    return subprocess.run(  # noqa: S603 (our own interpreter and module)
        FEDRANK + args,
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["calc", "nosuch_system", "x.csv"], "fedrank: error: no such file: x.csv"),
        (["calc", "go_ufgo", "missing.h"], "fedrank: error: no such file: missing.h"),
        (["grant", "telegram-1", "RMF", "director"], "fedrank: error: account must be"),
        (["grant", "telegram:1", "RMF", "king"], "fedrank: error: role must be"),
    ],
)
def test_errors_are_one_line(run: Cli, args: list[str], message: str) -> None:
    result = run(args)
    assert result.returncode == 2
    assert result.stderr.startswith(message)
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_unknown_system_is_named(run: Cli) -> None:
    (run.cwd / "t.csv").write_text("x\n")
    result = run(["calc", "chess_fide", "t.csv"])
    assert result.returncode == 2
    assert "unknown system 'chess_fide'; known systems:" in result.stderr


def test_malformed_env_is_one_line(run: Cli) -> None:
    (run.cwd / ".env").write_text("FEDRANK_WEBHOOK_PORT=99999\n")
    result = run(["init"])
    assert result.returncode == 2
    assert result.stderr.startswith("fedrank: error: invalid configuration: FEDRANK_WEBHOOK_PORT")


def test_bad_arguments_exit_non_zero(tmp_path: Path) -> None:
    """In a process of its own: the exit code and stderr the shell sees."""
    result = run_process(["calc"], tmp_path)
    assert result.returncode == 2
    assert "Missing argument" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_init_demo_and_console_rating(run: Cli) -> None:
    tmp_path = run.cwd
    assert run(["init"]).returncode == 0
    first = run(["demo"])
    assert first.returncode == 0, first.stderr
    assert first.stdout.startswith("demo loaded: 5 federations")
    again = run(["demo"])
    assert again.returncode == 0
    assert "already loaded" in again.stdout
    session = run(["run"], stdin="/top ufgo 3\n/rating UFGO-0001\n")
    assert session.returncode == 0, session.stderr
    assert "list of" in session.stdout
    assert "UFGO-0001" in session.stdout
    assert "Rating:" in session.stdout

    # import: the system id is enough when the file says which of RMF's disciplines it is.
    rows = "\n".join(f"{place}; RMF-{place:04d}" for place in range(1, 13))
    sheet = tmp_path / "cup.rmf"
    sheet.write_text(
        "name: CLI Cup\nid: cli-cup\ndate: 2026-11-15\ndiscipline: sichuan\nchs: 6\n\n"
        f"place; player\n{rows}\n"
    )
    unconfirmed = run(["import", "mahjong_rmf", str(sheet)])
    assert unconfirmed.returncode == 2
    assert "confirm with --yes" in unconfirmed.stderr
    assert "Preview: CLI Cup" in unconfirmed.stdout
    saved = run(["import", "mahjong_rmf", str(sheet), "--yes"])
    assert saved.returncode == 0, saved.stderr
    assert saved.stdout.strip().endswith("saved CLI Cup (cli-cup), version 1")
    # The same file again: identical to the stored version, nothing written.
    same = run(["import", "mahjong_rmf", str(sheet), "--yes"])
    assert same.returncode == 0, same.stderr
    assert same.stdout.strip() == (
        "CLI Cup is identical to the stored version 1: nothing to confirm, nothing written."
    )
    wrong = run(["import", "rmf-mcr", str(sheet), "--yes"])
    assert wrong.returncode == 2
    assert "discipline" in wrong.stderr
    published = run(["publish", "rmf-sichuan", "--date", "2026-11-15"])
    assert published.stdout.strip().startswith("rmf-sichuan 2026-11-15: published")
    again = run(["publish", "rmf-sichuan", "--date", "2026-11-15"])
    assert "already published" in again.stdout
    bad_date = run(["publish", "rmf-sichuan", "--date", "1.12.2026"])
    assert bad_date.returncode == 2
    assert "--date must be YYYY-MM-DD" in bad_date.stderr
    unknown = run(["publish", "nosuch"])
    assert unknown.returncode == 2
    assert "unknown discipline 'nosuch'" in unknown.stderr  # the closing quote is kept
    early = run(["publish", "ufgo", "--date", "2020-01-01"])
    assert early.returncode == 2
    assert "a list of ufgo cannot be dated 2020-01-01, before the discipline's first" in (
        early.stderr
    )


def test_calc_prints_json_for_every_example(run: Cli) -> None:
    from fedrank.engines.registry import available_systems

    root = Path(__file__).resolve().parents[2] / "examples"
    checked = 0
    for system in available_systems():
        for example in sorted((root / system).glob("*")):
            result = run(["calc", system, str(example)])
            assert result.returncode == 0, (example, result.stderr)
            data = json.loads(result.stdout)
            assert data["system"] == system
            checked += 1
    assert checked >= len(available_systems())


def test_help_groups_the_commands_in_panels(run: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    shown = run(["--help"])
    assert shown.returncode == 0
    panels: dict[str, list[str]] = {}
    current = ""
    for line in shown.stdout.splitlines():
        if line.startswith("╭─ "):
            current = line.removeprefix("╭─ ").split(" ─", 1)[0]
            panels[current] = []
        elif line.startswith("│ ") and current != "Options" and line[2] != " ":
            panels[current].append(line[2:].split()[0])
    assert panels == {
        "Options": [],
        "Setup": ["init", "grant", "demo", "federation", "discipline"],
        "Players": ["players"],
        "Results": ["calc", "import", "round"],
        "Lists and site": ["publish", "unpublish", "schedule", "export", "export-ratings", "site"],
        "Database": ["db"],
        "Run": ["run"],
    }
