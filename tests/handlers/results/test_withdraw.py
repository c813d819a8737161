"""``/withdraw``: a director's withdrawal is a new version without results, previewed, confirmed,
audited, and replayed; submitting the results again restores every figure exactly."""

from __future__ import annotations

from datetime import date

import pytest

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from tests.handlers.results.corrections_support import diff, source, state, store_file
from tests.handlers.results.test_corrections import CASES, Case
from tests.handlers.systems.othello_woc.helpers import EXAMPLE, seed
from tests.helpers import make_director, user, version_of


async def _lines_of(db: Database, discipline_code: str, code: str) -> int:
    """How many counted award lines the tournament ``code`` holds."""
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code(discipline_code)
        assert discipline is not None
        versions = {
            version.id
            for tournament, version in await repos.ledger.current_versions(discipline.id)
            if tournament.code == code
        }
        awards = await repos.ledger.discipline_awards(discipline.id)
        return len([a for a in awards if a.version_id in versions])


@pytest.mark.parametrize("case", CASES, ids=[c.discipline for c in CASES])
async def test_a_withdrawal_and_its_restoration_leave_every_figure_title_and_date(
    demo_db: Database, demo_services: Services, case: Case
) -> None:
    await make_director(demo_db, "boss", case.federation)
    filename, original = await source(demo_db, case.discipline, case.code)
    before = await state(demo_db, case.discipline)
    assert await _lines_of(demo_db, case.discipline, case.code) > 0

    preview = await dispatch(demo_services, user("boss"), f"/withdraw {case.code}")
    assert preview.plain.startswith("Withdrawal: "), preview.plain
    assert "Confirming stores version 2 without results" in preview.plain
    assert "Version 1 stays in the ledger but no longer counts." in preview.plain
    # The systems with a running state re-rate the later tournaments (IK, levels, holdings);
    # FSBR's start comes from the publications only.
    replays = case.discipline != "fsbr"
    if replays:
        assert "Stored tournaments re-rated because of this submission: " in preview.plain
    else:
        assert "No other stored tournament is re-rated." in preview.plain
    # Nothing is written before the confirmation.
    assert (await version_of(demo_db, case.discipline, case.code))[0] == 1
    saved = await dispatch(demo_services, user("boss"), preview.buttons[0].action)
    assert saved.plain.startswith("Withdrawn: ") and saved.plain.endswith(", version 2.")

    number, params, reason = await version_of(demo_db, case.discipline, case.code)
    assert (number, params["withdrawn"], reason) == (
        2,
        True,
        "withdrawn (version 1 no longer counts)",
    )
    assert await _lines_of(demo_db, case.discipline, case.code) == 0
    withdrawn = await state(demo_db, case.discipline)
    assert diff(before, withdrawn)
    async with demo_db.read() as repos:
        [audit] = await repos.audit.entries("results.withdrawn")
        account = await repos.accounts.by_platform("console", "boss")
        assert account is not None
        assert (audit.account_id, audit.subject) == (account.id, case.code)
        assert audit.details["version"] == 2
        assert (audit.details["replays"] > 0) == replays
        # Append-only: the withdrawn version is still in the ledger.
        discipline = await repos.federations.discipline_by_code(case.discipline)
        assert discipline is not None
        tournament = await repos.ledger.tournament(discipline.id, case.code)
        assert tournament is not None
        assert [v.version for v in await repos.ledger.versions(tournament.id)] == [2, 1]

    again = await dispatch(demo_services, user("boss"), f"/withdraw {case.code}")
    assert "is already withdrawn (version 2)" in again.plain and not again.buttons

    await store_file(demo_services, case.discipline, filename, original)
    assert (await version_of(demo_db, case.discipline, case.code))[0] == 3
    assert diff(before, await state(demo_db, case.discipline)) == []


async def test_only_a_director_of_the_tournaments_federation_may_withdraw_it(
    demo_db: Database, demo_services: Services
) -> None:
    await make_director(demo_db, "boss", "RMF")
    code = "demo-2024-11-03-1"
    other = await dispatch(demo_services, user("boss"), f"/withdraw {code}")
    assert other.plain == "Only a director of UFGO may do this."
    player = await dispatch(demo_services, user("someone"), f"/withdraw {code}")
    assert player.plain == "Only a director of UFGO may do this."
    assert (await version_of(demo_db, "ufgo", code))[0] == 1
    async with demo_db.read() as repos:
        assert await repos.audit.entries("results.withdrawn") == []
    unknown = await dispatch(demo_services, user("boss"), "/withdraw no-such-cup")
    assert unknown.plain == "No stored tournament matches “no-such-cup”."
    usage = await dispatch(demo_services, user("boss"), "/withdraw")
    assert "/withdraw <tournament>" in usage.plain


async def test_a_withdrawn_othello_tournament_leaves_the_list(
    db: Database, services: Services
) -> None:
    await seed(db)
    await store_file(services, "woc", EXAMPLE.name, "date: 2026-08-01\n" + EXAMPLE.read_text())
    assert (await state(db, "woc", date(2026, 9, 1)))["list"]
    preview = await dispatch(services, user("boss"), "/withdraw Invitational 2026")
    assert "No other stored tournament is re-rated." in preview.plain
    await dispatch(services, user("boss"), preview.buttons[0].action)
    after = await state(db, "woc", date(2026, 9, 1))
    assert after["list"] == []
    standings = await dispatch(services, user("u1"), "/standings Invitational 2026")
    assert "No Othello tournament" in standings.plain
    assert all(figures == [] and title is None for figures, title, _ in after["players"].values())
