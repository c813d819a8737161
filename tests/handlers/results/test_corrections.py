"""Corrections on the demo in every system: a correction and its exact reversal leave nothing
behind, an identical file writes nothing, and ``/withdraw`` takes a tournament out of the lists.

Each system's first demo tournament is corrected (two places swapped, or one game's result
turned round), every later tournament it changes is replayed, and then the original file is
submitted again: every player's figures, title, since-date and title history, and the list,
must be exactly what they were.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

import pytest

from fedrank.handlers.context import Services
from fedrank.storage.database import Database
from tests.handlers.results.corrections_support import diff, source, state, store_file, submit_file
from tests.handlers.systems.othello_woc.helpers import EXAMPLE, seed
from tests.helpers import make_director, version_of


def _replace(*pairs: tuple[str, str]) -> Callable[[str], str]:
    """An edit replacing each ``old`` by its ``new`` (all at once, so pairs may swap)."""

    def edit(text: str) -> str:
        for n, (old, _) in enumerate(pairs):
            assert old in text, old
            text = text.replace(old, f"\0{n}\0")
        for n, (_, new) in enumerate(pairs):
            text = text.replace(f"\0{n}\0", new)
        return text

    return edit


@dataclass(frozen=True)
class Case:
    discipline: str
    federation: str
    code: str
    edit: Callable[[str], str]
    #: The correction re-rates later stored tournaments (a running rating: IK, holdings).
    replays: bool


CASES = [
    # Game 1-2 of round 1 turned round.
    Case(
        "ufgo",
        "UFGO",
        "demo-2024-11-03-1",
        _replace(("ik=2260 2-/w", "ik=2260 2+/w"), ("ik=2130 1+/b", "ik=2130 1-/b")),
        True,
    ),
    # The first two places swapped.
    Case(
        "rmf-mcr",
        "RMF",
        "mcr-2024-11-13-00",
        _replace(("1; RMF-0012", "1; RMF-0065"), ("2; RMF-0065", "2; RMF-0012")),
        False,
    ),
    Case(
        "ccba",
        "CCBA",
        "ccba-2024-12-09-01",
        _replace(("P01 place=1", "P01 place=2"), ("P02 place=2", "P02 place=1")),
        True,
    ),
    Case(
        "fsbr",
        "FSBR",
        "fsbr-2024-12-03-01",
        _replace(("P16 | 1 |", "P16 | 2 |"), ("P20 | 2 |", "P20 | 1 |")),
        False,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c.discipline for c in CASES])
async def test_a_correction_and_its_reversal_leave_every_figure_title_and_date(
    demo_db: Database, demo_services: Services, case: Case
) -> None:
    await make_director(demo_db, "boss", case.federation)
    filename, original = await source(demo_db, case.discipline, case.code)
    before = await state(demo_db, case.discipline)
    preview, saved = await store_file(demo_services, case.discipline, filename, case.edit(original))
    assert "version 2" in saved, saved
    # Every system's preview says it is a correction, and what it re-rates.
    assert f"{case.code} is stored (version 1): this correction becomes version 2" in preview.plain
    if case.replays:
        assert "Stored tournaments re-rated because of this submission: " in preview.plain
    else:
        assert "No other stored tournament is re-rated." in preview.plain
    corrected = await state(demo_db, case.discipline)
    assert diff(before, corrected), "the correction changed nothing: the test proves nothing"
    # A player whose figures the correction leaves keeps his title and its since-date.
    kept = [
        pid
        for pid, (totals, _, _) in before["players"].items()
        if corrected["players"][pid][0] == totals
    ]
    assert [p for p in kept if corrected["players"][p][1] != before["players"][p][1]] == []
    await store_file(demo_services, case.discipline, filename, original)
    assert (await version_of(demo_db, case.discipline, case.code))[0] == 3
    assert diff(before, await state(demo_db, case.discipline)) == []


async def test_an_othello_correction_and_its_reversal_leave_every_figure_and_title(
    db: Database, services: Services
) -> None:
    """Othello has no demo file: the engine's complete example, a score changed, then restored.
    Its champions keep their titles and since-dates through both versions."""
    await seed(db)
    original = "date: 2026-08-01\n" + EXAMPLE.read_text(encoding="utf-8")
    await store_file(services, "woc", EXAMPLE.name, original)
    before = await state(db, "woc")
    champion = before["players"][await _player_id(db, "NED2")]
    assert champion[1] == ("World Othello Champion", date(2026, 8, 1), None)
    _, saved = await store_file(
        services, "woc", EXAMPLE.name, _replace(("JPN1 CZE9 32-32", "JPN1 CZE9 40-24"))(original)
    )
    assert "version 2" in saved
    corrected = await state(db, "woc")
    assert diff(before, corrected)
    assert corrected["players"][await _player_id(db, "NED2")][1] == champion[1]
    await store_file(services, "woc", EXAMPLE.name, original)
    assert diff(before, await state(db, "woc")) == []


async def _player_id(db: Database, federation_player_id: str) -> int:
    async with db.read() as repos:
        federation = await repos.federations.by_code("WOF")
        assert federation is not None
        found = await repos.players.by_federation_ids(federation.id, [federation_player_id])
        return found[federation_player_id].id


@pytest.mark.parametrize("case", CASES, ids=[c.discipline for c in CASES])
async def test_an_identical_file_writes_nothing(
    demo_db: Database, demo_services: Services, case: Case
) -> None:
    await make_director(demo_db, "boss", case.federation)
    filename, original = await source(demo_db, case.discipline, case.code)
    # Another name and trailing blank lines: the same results after parsing.
    reply = await submit_file(
        demo_services, case.discipline, "again-" + filename, original + "\n\n"
    )
    assert reply.buttons == []
    assert (
        "is identical to the stored version 1: nothing to confirm, nothing written" in reply.plain
    )
    assert (await version_of(demo_db, case.discipline, case.code))[0] == 1
    async with demo_db.read() as repos:
        assert await repos.audit.entries("results.confirmed") == []


async def test_an_identical_othello_file_writes_nothing(db: Database, services: Services) -> None:
    await seed(db)
    original = "date: 2026-08-01\n" + EXAMPLE.read_text(encoding="utf-8")
    await store_file(services, "woc", EXAMPLE.name, original)
    reply = await submit_file(services, "woc", EXAMPLE.name, original)
    assert reply.plain == (
        "Othello Invitational 2026, first two days is identical to the stored version 1: "
        "nothing to confirm, nothing written."
    )
    changed = _replace(("JPN1 CZE9 32-32", "JPN1 CZE9 40-24"))(original)
    preview = await submit_file(services, "woc", EXAMPLE.name, changed)
    assert preview.buttons
    assert "is stored (version 1): this correction becomes version 2" in preview.plain
    assert "No other stored tournament is re-rated." in preview.plain
