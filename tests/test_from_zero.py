"""A federation from nothing, with no demo code involved: ``fedrank init``, ``federation add``,
``discipline add``, a registry import, an example results file whose players are new
(``import --register-new``), ``publish`` and ``/rating <name>`` in the console, for each of the
five systems in a federation of its own (issue 15's "Done when")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_app import Cli

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

#: system -> (federation, its name and time zone, discipline code and name, example file,
#: list date, the name asked for, what her /rating card must say)
CASES = {
    "go_ufgo": (
        ("UFGO", "Ukrainian Go Federation", "Europe/Kyiv"),
        ("ufgo", "UFGO rating"),
        "go_ufgo/kharkiv_autumn_cup_2026.h9",
        "2026-11-01",
        "Bondarenko Olena",
        ["Position 1 of 10 in the list of 2026-11-01", "Rating: 2222", "Title: 2 dan"],
    ),
    "mahjong_rmf": (
        ("RMF", "Russian Mahjong Federation", "Europe/Moscow"),
        ("rmf-mcr", "Sports mahjong (MCR)"),
        "mahjong_rmf/moscow_spring_open_2026.rmf",
        "2026-04-01",
        "petrova maria",
        ["Petrova Maria (RMF-0003)", "in the list of 2026-04-01", "Title: D1"],
    ),
    "bridge_ccba": (
        ("CCBA", "Chinese Contract Bridge Association", "Asia/Shanghai"),
        ("ccba", "CCBA masterpoints"),
        "bridge_ccba/chengdu_club_online_pairs_2026_03.ccba",
        "2026-04-01",
        "CCBA20011",
        ["CCBA20011", "in the list of 2026-04-01", "red"],
    ),
    "bridge_fsbr": (
        ("FSBR", "Russian Bridge Federation", "Europe/Moscow"),
        ("fsbr", "FSBR classification"),
        "bridge_fsbr/spb_pairs_2025.fsbr",
        "2025-04-01",
        "Иванов А.",
        ["Иванов А. (10100)", "in the list of 2025-04-01", "MB"],
    ),
    "othello_woc": (
        ("WOF", "World Othello Federation", "Europe/Paris"),
        ("woc", "World Othello Championship"),
        "othello_woc/round_robin_complete.txt",
        "2026-08-15",
        "kenta aoyama",
        ["Kenta Aoyama (JPN1)", "in the list of 2026-08-15"],
    ),
}


@pytest.fixture
def run(no_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(no_env, monkeypatch, capsys)


@pytest.mark.slow
@pytest.mark.parametrize("system", list(CASES))
def test_from_an_empty_database_to_rating_by_name(run: Cli, system: str) -> None:
    (fed, fed_name, zone), (code, name), example, list_date, asked, card = CASES[system]
    assert run(["init"]).returncode == 0
    assert run(["federation", "add", fed, fed_name, "--timezone", zone]).returncode == 0
    added = run(["discipline", "add", fed, code, system, name])
    assert added.returncode == 0, added.stderr
    # The registry comes first (one player the file will find by name), then the file.
    registry = Path("registry.csv")
    registry.write_text("id,name\n,Someone Registered Before\n", encoding="utf-8")
    imported = run(["players", "import", fed, str(registry), "--yes"])
    assert imported.returncode == 0, imported.stderr
    # Without --register-new the file is refused, listing its names, and nothing is written.
    refused = run(["import", code, str(EXAMPLES / example), "--yes"])
    assert refused.returncode != 0
    assert "not settled" in refused.stderr and "nothing written" in refused.stderr
    stored = run(["import", code, str(EXAMPLES / example), "--yes", "--register-new"])
    assert stored.returncode == 0, stored.stderr
    assert "New players, registered when you confirm" in stored.stdout
    assert stored.stdout.rstrip().splitlines()[-1].endswith("version 1")
    published = run(["publish", code, "--date", list_date])
    assert published.returncode == 0, published.stderr
    assert f"{code} {list_date}: published" in published.stdout
    # No scheduler: it would publish the lists due since (up to today's) while /rating runs.
    answer = run(["run", "--console", "--no-scheduler"], stdin=f"/rating {asked}\n")
    assert answer.returncode == 0, answer.stderr
    for expected in card:
        assert expected in answer.stdout, answer.stdout
    if system == "mahjong_rmf":
        # The console published nothing: the monthly list due after April's is still due.
        due = run(["publish", "--due", "--today", "2026-05-02"])
        assert due.returncode == 0, due.stderr
        assert f"{code} 2026-05-01: published" in due.stdout, due.stdout


def test_an_empty_database_says_how_a_discipline_is_added(run: Cli) -> None:
    """Before any discipline exists, /top (with or without a code) does not list an empty set
    ("Disciplines: .") but says how an operator adds one."""
    assert run(["init"]).returncode == 0
    answer = run(["run", "--console", "--no-scheduler"], stdin="/top\n/top ufgo\n")
    assert answer.returncode == 0, answer.stderr
    assert answer.stdout.count("fedrank discipline add") == 2, answer.stdout
    assert "Disciplines: ." not in answer.stdout
