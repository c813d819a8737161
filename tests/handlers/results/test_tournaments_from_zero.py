"""The chat's tournament commands on a federation made from nothing (no demo): ``fedrank init``,
``federation add``, ``discipline add``, the Go example imported with new players, a list
published, then /tournaments, /results, /h2h and /top on a date in the console."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_app import Cli

EXAMPLE = (
    Path(__file__).resolve().parents[3] / "examples" / "go_ufgo" / "kharkiv_autumn_cup_2026.h9"
)
CODE = "2026-10-18-kharkiv-autumn-cup"


@pytest.fixture
def run(no_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(no_env, monkeypatch, capsys)


@pytest.mark.slow
def test_from_an_empty_database_to_results_and_head_to_head(run: Cli) -> None:
    assert run(["init"]).returncode == 0
    assert run(["federation", "add", "UFGO", "Ukrainian Go Federation"]).returncode == 0
    assert run(["discipline", "add", "UFGO", "ufgo", "go_ufgo", "UFGO rating"]).returncode == 0
    empty = run(["run", "--console"], stdin="/tournaments\n/tournaments ufgo\n")
    assert "No tournament has been stored yet." in empty.stdout
    assert "No tournament of UFGO rating has been stored yet." in empty.stdout
    stored = run(["import", "ufgo", str(EXAMPLE), "--yes", "--register-new"])
    assert stored.returncode == 0, stored.stderr
    assert stored.stdout.rstrip().endswith(f"saved Kharkiv Autumn Cup 2026 ({CODE}), version 1")
    assert run(["publish", "ufgo", "--date", "2026-11-01"]).returncode == 0
    answer = run(
        ["run", "--console"],
        stdin=(
            "/tournaments ufgo\n"
            "/results kharkiv autumn cup 2026\n"
            "/h2h Melnyk Iryna; Oliinyk Mariia\n"
            "/top ufgo 3 2026-11-01\n"
            "/top ufgo 3 2026-10-31\n"
        ),
    )
    assert answer.returncode == 0, answer.stderr
    out = answer.stdout
    assert "UFGO rating: stored tournaments (1 tournament), newest first" in out
    assert f"{CODE}  2026-10-18  Kharkiv Autumn Cup 2026  10       1" in out
    assert f"Kharkiv Autumn Cup 2026 — UFGO rating, 2026-10-18, version 1 · {CODE}" in out
    # Bondarenko Olena won her five games (the file's first line).
    assert "Bondarenko Olena (UFGO-0001)" in out
    # Melnyk Iryna and Oliinyk Mariia played round 1 (7=/w): a jigo.
    assert "Melnyk Iryna (UFGO-0004) — Oliinyk Mariia (UFGO-0007) (UFGO rating)" in out
    assert "1 game\n" in out and "Jigo: 1" in out
    assert f"Last meeting: 2026-10-18, Kharkiv Autumn Cup 2026 ({CODE}): draw." in out
    assert "The list in force on 2026-11-01 is the list of 2026-11-01." in out
    assert "UFGO rating: list of 2026-11-01 (top 3 of 10)" in out
    assert (
        "No list of UFGO rating was in force on 2026-10-31: the first one is of 2026-11-01." in out
    )
