"""Every file under examples/ imports as shipped on a fresh database (no demo), its players
registered from the preview with the file's own starting values (``fedrank import
--register-new``); without the option the refusal lists every unknown name and writes nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from datetime import date
from pathlib import Path
from typing import Any, TypeVar

import pytest
from typer.testing import CliRunner

from fedrank.cli.app import app
from fedrank.cli.common import CliError
from fedrank.storage.database import Database
from fedrank.storage.repos import Repos

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
T = TypeVar("T")

#: federation -> (name, its disciplines as (code, system, name, calendar))
FEDERATIONS = {
    "UFGO": ("Ukrainian Go Federation", [("ufgo", "go_ufgo", "UFGO rating", "quarterly")]),
    "RMF": (
        "Russian Mahjong Federation",
        [
            ("rmf-mcr", "mahjong_rmf", "Sports mahjong (MCR)", "monthly"),
            ("rmf-sichuan", "mahjong_rmf", "Sichuan mahjong", "monthly"),
        ],
    ),
    "CCBA": ("Chinese Contract Bridge Association", [("ccba", "bridge_ccba", "CCBA", "yearly")]),
    "FSBR": ("Russian Bridge Federation", [("fsbr", "bridge_fsbr", "FSBR", "monthly")]),
    "WOF": ("World Othello Federation", [("woc", "othello_woc", "WOC", "on_demand")]),
}

#: example file -> (discipline, tournament code, players it registers)
CASES = {
    "go_ufgo/kharkiv_autumn_cup_2026.h9": ("ufgo", "2026-10-18-kharkiv-autumn-cup", 10),
    "go_ufgo/kyiv_kids_cup_9x9.json": ("ufgo", "2026-11-14-kyiv-kids-cup-9x9", 4),
    "go_ufgo/lviv_club_league_13x13.csv": ("ufgo", "2026-11-07-lviv-club-autumn", 4),
    "mahjong_rmf/moscow_spring_open_2026.rmf": ("rmf-mcr", "msk-spring-open-2026", 24),
    "mahjong_rmf/sichuan_european_championship_2026.rmf": ("rmf-sichuan", "escmc-2026", 16),
    "bridge_ccba/chengdu_club_online_pairs_2026_03.ccba": (
        "ccba",
        "2026-03-14-ccba-2026-3",
        23,
    ),  # the absent pair registers nobody
    "bridge_ccba/sichuan_team_championship_2026.ccba": ("ccba", "2026-04-18-ccba-2026", 82),
    "bridge_fsbr/club_match_2025.fsbr": ("fsbr", "club-match-2025-10", 9),
    "bridge_fsbr/ru_teams_2025_final.fsbr": ("fsbr", "ru-teams-2025-final", 45),
    "bridge_fsbr/spb_pairs_2025.fsbr": ("fsbr", "spb-pairs-2025", 36),
    "othello_woc/round_robin_complete.txt": (
        "woc",
        "othello-invitational-2026-first-two-days",
        10,
    ),
    "othello_woc/swiss_in_progress.txt": (
        "woc",
        "world-othello-championship-2026-first-two-days",
        30,
    ),
}


async def _federations(repos: Repos) -> None:
    """What `fedrank federation add` and `discipline add` make, written directly."""
    for code, (name, disciplines) in FEDERATIONS.items():
        federation = await repos.federations.add(code, name)
        for discipline, system, title, calendar in disciplines:
            await repos.federations.add_discipline(federation, discipline, title, system, calendar)


def _on(url: str, work: Callable[[Repos], Coroutine[Any, Any, T]]) -> T:
    async def go() -> T:
        db = Database(url)
        try:
            async with db.transaction() as repos:
                return await work(repos)
        finally:
            await db.close()

    return asyncio.run(go())


@pytest.fixture
def fresh(no_env: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A migrated database with the five federations and their disciplines, nobody else."""
    url = f"sqlite+aiosqlite:///{no_env / 'fedrank.db'}"
    monkeypatch.setenv("FEDRANK_DATABASE_URL", url)
    assert CliRunner().invoke(app, ["init"]).exit_code == 0
    _on(url, _federations)
    return url


def _imported(url: str, discipline: str, code: str | None) -> tuple[int, int]:
    """(players of the discipline's federation, current version of the tournament)."""

    async def read(repos: Repos) -> tuple[int, int]:
        found = await repos.federations.discipline_by_code(discipline)
        assert found is not None
        players = await repos.players.count(found.federation_id)
        versions = await repos.ledger.current_versions(found.id)
        if code is not None:
            versions = [(t, v) for t, v in versions if t.code == code]
        return players, max((v.version for _, v in versions), default=0)

    return _on(url, read)


@pytest.mark.parametrize("example", sorted(CASES))
def test_each_example_imports_with_its_players_registered(fresh: str, example: str) -> None:
    discipline, code, registered = CASES[example]
    path = str(EXAMPLES / example)
    runner = CliRunner()
    result = runner.invoke(app, ["import", discipline, path, "--yes", "--register-new"])
    assert result.exit_code == 0, result.output
    assert f"New players, registered when you confirm ({registered}): " in result.output
    assert result.output.strip().endswith(", version 1")
    assert _imported(fresh, discipline, code) == (registered, 1)
    # The same file again finds every player it registered: nobody twice.
    again = runner.invoke(app, ["import", discipline, path, "--yes", "--register-new"])
    assert again.exit_code == 0, again.output
    assert "New players" not in again.output
    assert _imported(fresh, discipline, code)[0] == registered


def test_the_refusal_lists_every_unknown_name_and_writes_nothing(fresh: str) -> None:
    result = CliRunner().invoke(
        app, ["import", "ufgo", str(EXAMPLES / "go_ufgo/kharkiv_autumn_cup_2026.h9"), "--yes"]
    )
    assert isinstance(result.exception, CliError)
    message = str(result.exception).splitlines()
    assert message[0] == "kharkiv_autumn_cup_2026.h9: 10 name(s) not settled in UFGO:"
    assert message[1] == "  1. line 13: Bondarenko Olena: not registered"
    assert message[10] == "  10. line 22: Rudenko Sofiia: not registered"
    assert message[11].startswith("nothing written: run again with --register-new")
    assert _imported(fresh, "ufgo", None) == (0, 0)


def test_a_registered_player_is_suggested_and_chosen_by_the_operator(fresh: str) -> None:
    async def register(repos: Repos) -> None:
        ufgo = await repos.federations.by_code("UFGO")
        assert ufgo is not None
        await repos.players.add(ufgo.id, "UFGO-0042", "Olena Bondarenko")
        await repos.players.add(ufgo.id, "UFGO-0043", "Taras Kovalenko-Sydorenko")

    _on(fresh, register)
    path = str(EXAMPLES / "go_ufgo/kharkiv_autumn_cup_2026.h9")
    runner = CliRunner()
    refused = runner.invoke(app, ["import", "ufgo", path, "--yes"])
    lines = str(refused.exception).splitlines()
    # Olena is found by her name written the other way round; Taras is only close.
    assert lines[0] == "kharkiv_autumn_cup_2026.h9: 9 name(s) not settled in UFGO:"
    assert lines[1] == (
        "  1. line 14: Kovalenko Taras: not registered; closest: "
        "Taras Kovalenko-Sydorenko (UFGO-0043)"
    )
    chosen = runner.invoke(
        app,
        [
            "import",
            "ufgo",
            path,
            "--yes",
            "--register-new",
            "--choose",
            "Kovalenko Taras=UFGO-0043",
        ],
    )
    assert chosen.exit_code == 0, chosen.output
    assert "Bondarenko Olena" not in chosen.output
    assert "Olena Bondarenko (UFGO-0042)" in chosen.output
    assert "Taras Kovalenko-Sydorenko (UFGO-0043)" in chosen.output
    assert "New players, registered when you confirm (8): Shevchenko Andrii (UFGO-0044)" in (
        chosen.output
    )


def test_the_new_players_carry_the_files_starting_values(fresh: str) -> None:
    runner = CliRunner()
    for example in (
        "go_ufgo/kharkiv_autumn_cup_2026.h9",
        "mahjong_rmf/moscow_spring_open_2026.rmf",
        "bridge_fsbr/club_match_2025.fsbr",
        "bridge_ccba/chengdu_club_online_pairs_2026_03.ccba",
        "othello_woc/round_robin_complete.txt",
    ):
        discipline = CASES[example][0]
        args = ["import", discipline, str(EXAMPLES / example), "--yes", "--register-new"]
        assert runner.invoke(app, args).exit_code == 0

    async def read(repos: Repos) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for fed, fpid in (
            ("UFGO", "UFGO-0001"),
            ("RMF", "RMF-0001"),
            ("FSBR", "30001"),
            ("CCBA", "CCBA20011"),
            ("WOF", "JPN1"),
        ):
            federation = await repos.federations.by_code(fed)
            assert federation is not None
            player = await repos.players.by_federation_id(federation.id, fpid)
            assert player is not None, fpid
            members = await repos.players.memberships(player.id)
            out[fed] = (
                player.name,
                player.country,
                player.gender,
                player.club,
                player.data,
                [(m.starts_on, m.ends_on) for m in members],
            )
        ufgo = await repos.federations.discipline_by_code("ufgo")
        assert ufgo is not None
        awards = await repos.ledger.discipline_awards(ufgo.id)
        first = await repos.players.by_federation_id(ufgo.federation_id, "UFGO-0001")
        assert first is not None
        out["IK"] = sum(a.amount for a in awards if a.player_id == first.id)
        return out

    found = _on(fresh, read)
    assert found["UFGO"] == ("Bondarenko Olena", "UA", None, "Kyiv", {}, [])
    # Her IK starts at the file's ik=2215 (§3.2) and the tournament adds 7.
    assert found["IK"] == 2222
    assert found["RMF"] == (
        "Ivanov Ivan",
        None,
        None,
        None,
        {"mahjong_rmf": {"levels": {"mcr": ["D2+", "2026-03-14"]}}},
        [],
    )
    assert found["FSBR"] == (
        "Белова Е.",
        None,
        None,
        None,
        {"bridge_fsbr": {"initial_rk": 1.0}},
        [],
    )
    # A CCBA line without member=no says he is a member: from the event's date.
    assert found["CCBA"] == ("CCBA20011", None, None, None, {}, [(date(2026, 3, 14), None)])
    assert found["WOF"] == ("Kenta Aoyama", "JPN", "M", None, {}, [])
