"""/rating and /top read the latest list, the title history and the current ledger."""

from datetime import date
from decimal import Decimal

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from fedrank.storage.repositories import NewAward
from tests.conftest import user
from tests.factories import NOW, make_director, seed_federation


async def test_rating_of_a_named_player(services: Services, db: Database) -> None:
    await seed_federation(db)
    reply = await dispatch(services, user("u1"), "/rating Anna")
    text = reply.plain
    assert "Anna Ivanova (RMF-001) — Russian Mahjong Federation" in text
    assert "Position 1 of 3 in the list of 2026-11-01" in text
    assert "Rating: 750.5" in text
    assert "Title: 1 dan (since 2026-03-01)" in text
    assert "Points: NRKT 1000" in text


async def test_own_rating_needs_a_link(services: Services, db: Database) -> None:
    await seed_federation(db)
    reply = await dispatch(services, user("u1"), "/rating")
    assert "not linked" in reply.plain
    await make_director(db, "boss")
    await dispatch(services, user("u1"), "/link RMF-002")
    await dispatch(services, user("boss"), "/approve 1")
    own = await dispatch(services, user("u1"), "/rating")
    assert "Boris Petrov (RMF-002)" in own.plain
    assert "Position 2 of 3" in own.plain


async def test_ambiguous_and_unknown_names(services: Services, db: Database) -> None:
    await seed_federation(db)
    several = await dispatch(services, user("u1"), "/rating ov")
    assert "Several players match" in several.plain
    assert "RMF-001 — Anna Ivanova" in several.plain
    none = await dispatch(services, user("u1"), "/rating Zed")
    assert none.plain == "No player matches “Zed”."
    # LIKE wildcards in user text are literal, not patterns.
    assert "No player matches" in (await dispatch(services, user("u1"), "/rating %")).plain


async def test_a_correction_replaces_the_previous_version(services: Services, db: Database) -> None:
    seeded = await seed_federation(db)
    anna = seeded.players["RMF-001"]
    async with db.transaction() as repos:
        version = await repos.ledger.record_tournament(
            discipline_id=seeded.discipline_id,
            code="moscow-open-2026",
            name="Moscow Open 2026",
            held_on=date(2026, 10, 10),
            params={},
            entries=[],
            games=[],
            awards=[NewAward(anna, "NRKT", Decimal("900"), [])],
            now=NOW,
            reason="place corrected",
        )
        assert version.version == 2
    reply = await dispatch(services, user("u1"), "/rating RMF-001")
    assert "Points: NRKT 900" in reply.plain
    async with db.read() as repos:
        # Version 1 is still in the ledger: nothing was edited.
        lines = await repos.ledger.awards(anna)
        assert [a.amount for a, _ in lines] == [Decimal("900")]


async def test_top_lists_the_latest_snapshot(services: Services, db: Database) -> None:
    await seed_federation(db)
    reply = await dispatch(services, user("u1"), "/top rmf-mcr 2")
    assert "Sports mahjong: list of 2026-11-01 (top 2 of 3)" in reply.plain
    assert "1 | Anna Ivanova (RMF-001) | 750.5 | 1 dan" in reply.plain
    assert "Ivan Sidorov" not in reply.plain
    assert "whole number from 1 to 50" in (await dispatch(services, user("u1"), "/top 0")).plain
    unknown = await dispatch(services, user("u1"), "/top chess")
    assert unknown.plain == "Unknown discipline “chess”. Disciplines: rmf-mcr."
