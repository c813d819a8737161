"""Fixtures the CLI's test modules share."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.cli.test_app import Cli
from tests.conftest import Templates


@pytest.fixture
def demo(
    no_env: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    templates: Templates,
) -> Cli:
    """The CLI on a copy of the demo (SQLite: the CLI opens the database by its URL)."""
    path = no_env / "demo.db"
    shutil.copyfile(templates.sqlite_demo(), path)
    monkeypatch.setenv("FEDRANK_DATABASE_URL", f"sqlite+aiosqlite:///{path}")
    return Cli(no_env, monkeypatch, capsys)
