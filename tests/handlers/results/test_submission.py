"""Submissions: parsed and previewed first; only the director's confirmation writes."""

from decimal import Decimal

import pytest

from fedrank.handlers.context import IncomingFile, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.systems import SystemRegistry
from fedrank.storage.database import Database
from tests.conftest import Clock, user
from tests.factories import make_director, seed_federation
from tests.handlers.fake_adapter import FakeAdapter

RESULTS = "spring-cup 2026-11-10\nRMF-002 1\nRMF-001 2\n"


@pytest.fixture
def services(db: Database, clock: Clock) -> Services:
    """Services whose only system is the fake one."""
    return Services(db=db, clock=clock, systems=SystemRegistry([FakeAdapter()]))


async def _versions(db: Database, code: str) -> int:
    async with db.read() as repos:
        seeded = await repos.federations.discipline_by_code("rmf-mcr")
        assert seeded is not None
        tournament = await repos.ledger.tournament(seeded.id, code)
        if tournament is None:
            return 0
        current = await repos.ledger.current_version(tournament.id)
        return current.version if current else 0


async def test_submit_preview_confirm(services: Services, db: Database) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    ctx = user("boss")
    from dataclasses import replace

    with_file = replace(ctx, attachment=IncomingFile("cup.txt", RESULTS.encode()))
    preview = await dispatch(services, with_file, "/submit rmf-mcr")
    assert "Preview: Spring-Cup" in preview.plain
    assert "Boris Petrov |  | 9 |" in preview.plain
    assert await _versions(db, "spring-cup") == 0  # nothing written by the preview
    confirm, cancel = preview.buttons
    assert confirm.action.startswith("/confirm ") and cancel.action.startswith("/cancel ")

    saved = await dispatch(services, ctx, confirm.action)
    assert saved.plain == "Saved: Spring-Cup, version 1, code spring-cup."
    assert await _versions(db, "spring-cup") == 1
    rating = await dispatch(services, user("u1"), "/rating RMF-002")
    assert "PTS 9" in rating.plain
    again = await dispatch(services, ctx, confirm.action)
    assert "no submission of yours" in again.plain
    assert await _versions(db, "spring-cup") == 1


async def test_pasted_table_and_correction(services: Services, db: Database) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    first = await dispatch(services, user("boss"), "/submit rmf-mcr\n" + RESULTS)
    await dispatch(services, user("boss"), first.buttons[0].action)
    corrected = RESULTS.replace("RMF-002 1", "RMF-002 3")
    second = await dispatch(services, user("boss"), "/submit rmf-mcr\n" + corrected)
    saved = await dispatch(services, user("boss"), second.buttons[0].action)
    assert saved.plain == "Saved: Spring-Cup, version 2, code spring-cup."
    async with db.read() as repos:
        boris = await repos.players.find("RMF-002")
        totals = await repos.ledger.totals(boris[0].id, 1)
    assert [(t.kind, t.amount) for t in totals if t.kind == "PTS"] == [("PTS", Decimal(7))]


async def test_non_director_is_refused_and_nothing_written(
    services: Services, db: Database
) -> None:
    await seed_federation(db)
    reply = await dispatch(services, user("u1"), "/submit rmf-mcr\n" + RESULTS)
    assert reply.plain == "Only a director of RMF may do this."
    assert not reply.buttons
    assert await _versions(db, "spring-cup") == 0


async def test_only_the_submitter_confirms(services: Services, db: Database) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    await make_director(db, "other")
    preview = await dispatch(services, user("boss"), "/submit rmf-mcr\n" + RESULTS)
    stolen = await dispatch(services, user("other"), preview.buttons[0].action)
    assert "no submission of yours" in stolen.plain
    cancelled = await dispatch(services, user("boss"), preview.buttons[1].action)
    assert cancelled.plain == "Cancelled; nothing was written."
    assert (
        "no submission" in (await dispatch(services, user("boss"), preview.buttons[0].action)).plain
    )
    assert await _versions(db, "spring-cup") == 0


async def test_bad_input_names_the_line(services: Services, db: Database) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    reply = await dispatch(services, user("boss"), "/submit rmf-mcr\n" + RESULTS + "RMF-999 3\n")
    assert reply.plain == (
        "Not accepted, nothing was written: line 4, field 'player': unknown player RMF-999"
    )
    from dataclasses import replace

    binary = IncomingFile("cup.xls", b"\xff\xfe\x00")
    refused = await dispatch(services, replace(user("boss"), attachment=binary), "/submit rmf-mcr")
    assert refused.plain == (
        "cup.xls is not a workbook that can be read (.xlsx, .xls or .ods); save it again or "
        "send the results as CSV or text."
    )
    binary = IncomingFile("cup.txt", b"\x81\x82 \xff\x00\x98")
    refused = await dispatch(services, replace(user("boss"), attachment=binary), "/submit rmf-mcr")
    assert refused.plain == (
        "cup.txt is not text in UTF-8, Windows-1251 or GB18030 (line 1); save it as "
        "“CSV UTF-8” or as UTF-8 text."
    )
    assert await _versions(db, "spring-cup") == 0


async def test_a_stale_preview_is_not_written(services: Services, db: Database) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    old = await dispatch(services, user("boss"), "/submit rmf-mcr\n" + RESULTS)
    corrected = RESULTS.replace("RMF-002 1", "RMF-002 3")
    new = await dispatch(services, user("boss"), "/submit rmf-mcr\n" + corrected)
    assert (await dispatch(services, user("boss"), new.buttons[0].action)).plain.startswith("Saved")
    stale = await dispatch(services, user("boss"), old.buttons[0].action)
    assert stale.plain.startswith("Not written: Spring-Cup changed since this preview")
    assert await _versions(db, "spring-cup") == 1


async def test_a_double_press_writes_once(services: Services, db: Database) -> None:
    import asyncio

    await seed_federation(db)
    await make_director(db, "boss")
    preview = await dispatch(services, user("boss"), "/submit rmf-mcr\n" + RESULTS)
    first, second = await asyncio.gather(
        dispatch(services, user("boss"), preview.buttons[0].action),
        dispatch(services, user("boss"), preview.buttons[0].action),
    )
    answers = sorted([first.plain, second.plain])
    assert answers[0].startswith("Saved: Spring-Cup, version 1, code spring-cup")
    assert "no submission of yours" in answers[1]
    assert await _versions(db, "spring-cup") == 1


async def test_confirm_and_cancel_need_a_token(services: Services, db: Database) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    assert (await dispatch(services, user("boss"), "/confirm")).plain == "Usage: /confirm <token>"
    assert (await dispatch(services, user("boss"), "/cancel a b")).plain == "Usage: /cancel <token>"


async def test_two_previews_confirmed_at_once_write_once(services: Services, db: Database) -> None:
    """Both previews read version 0 of the tournament; the one whose write comes second is
    told the tournament changed (on PostgreSQL it once got the unique index's error)."""
    import asyncio

    await seed_federation(db)
    await make_director(db, "boss")
    boss = user("boss")
    first = await dispatch(services, boss, "/submit rmf-mcr\n" + RESULTS)
    second = await dispatch(services, boss, "/submit rmf-mcr\n" + RESULTS)
    replies = await asyncio.gather(
        dispatch(services, boss, first.buttons[0].action),
        dispatch(services, boss, second.buttons[0].action),
    )
    assert sorted(r.plain for r in replies) == [
        "Not written: Spring-Cup changed since this preview (it is at version 1 now). "
        "Submit it again to see the current preview.",
        "Saved: Spring-Cup, version 1, code spring-cup.",
    ]
    assert await _versions(db, "spring-cup") == 1
