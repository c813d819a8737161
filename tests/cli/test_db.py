"""``fedrank --version`` and ``fedrank db current | history | upgrade | downgrade`` on SQLite,
through the console script's own ``main()`` (one-line errors, exit codes)."""

from importlib.metadata import version
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory

from fedrank.storage.database import alembic_config
from tests.cli.test_app import Cli

SCRIPTS = ScriptDirectory.from_config(alembic_config())
HEAD = str(SCRIPTS.get_current_head())
#: Every revision id, oldest first (a branch's own revision may be named ``0009_<topic>``).
REVISIONS = [str(r.revision) for r in reversed(list(SCRIPTS.walk_revisions()))]


@pytest.fixture
def cli(no_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Cli:
    monkeypatch.setenv("FEDRANK_DATABASE_URL", f"sqlite+aiosqlite:///{no_env / 'fedrank.db'}")
    return Cli(no_env, monkeypatch, capsys)


def test_version_is_the_installed_distributions(cli: Cli) -> None:
    result = cli(["--version"])
    assert (result.returncode, result.stdout) == (0, f"fedrank {version('fedrank')}\n")


def test_current_after_init_is_the_head(cli: Cli) -> None:
    assert cli(["db", "current"]).stdout.strip().endswith("not migrated (run `fedrank init`)")
    assert cli(["init"]).returncode == 0
    result = cli(["db", "current"])
    assert result.returncode == 0
    assert result.stdout.strip().endswith(f": {HEAD} (head)")


def test_history_lists_every_revision_oldest_first(cli: Cli) -> None:
    lines = cli(["db", "history"]).stdout.splitlines()
    ids = [line.split()[0] for line in lines]
    assert ids == REVISIONS and ids[:8] == [f"{n:04d}" for n in range(1, 9)]
    assert lines[0] == "0001  initial schema"
    assert lines[-1].startswith(f"{HEAD} (head)  ")


def test_downgrade_then_upgrade_back(cli: Cli) -> None:
    cli(["init"])
    down = cli(["db", "downgrade", "0007"])
    assert down.returncode == 0
    assert down.stdout.strip().endswith(f": {HEAD} -> 0007")
    assert cli(["db", "current"]).stdout.strip().endswith(": 0007")
    up = cli(["db", "upgrade"])
    assert up.returncode == 0
    assert up.stdout.strip().endswith(f"0007 -> {HEAD} (head)")
    assert cli(["db", "current"]).stdout.strip().endswith(f": {HEAD} (head)")


def test_downgrade_to_base_leaves_no_fedrank_table(cli: Cli) -> None:
    cli(["init"])
    assert cli(["db", "downgrade", "base"]).stdout.strip().endswith("-> base (no tables)")
    assert cli(["db", "upgrade", "0001"]).stdout.strip().endswith("none -> 0001")


@pytest.mark.parametrize("args", [["downgrade", "9999"], ["upgrade", "nope"], ["downgrade", "000"]])
def test_an_unknown_revision_is_refused_in_one_line(cli: Cli, args: list[str]) -> None:
    cli(["init"])
    result = cli(["db", *args])
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("fedrank: error: ")
    assert cli(["db", "current"]).stdout.strip().endswith(f": {HEAD} (head)")


def test_downgrade_needs_a_revision_and_a_migrated_database(cli: Cli, no_env: Path) -> None:
    assert cli(["db", "downgrade"]).returncode != 0
    result = cli(["db", "downgrade", "0007"])
    assert result.returncode == 2
    assert result.stderr == (
        "fedrank: error: the database was never migrated: nothing to downgrade "
        "(run `fedrank init` first)\n"
    )
