"""/rating and /top read the latest list, the title history and the current ledger."""

from datetime import date
from decimal import Decimal

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from fedrank.storage.records import NewAward, NewListRow
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


async def test_rating_and_top_follow_a_new_publication(services: Services, db: Database) -> None:
    """/rating and /top read the newest list on every request: a list published between two
    requests is what the second one shows (published lists are cached by id, never by date)."""
    seeded = await seed_federation(db)
    ids = list(seeded.players.values())
    before = await dispatch(services, user("u1"), "/rating RMF-003")
    assert "Position 3 of 3 in the list of 2026-11-01" in before.plain
    async with db.transaction() as repos:
        await repos.lists.add_snapshot(
            seeded.discipline_id,
            date(2026, 12, 1),
            [NewListRow(pid, i + 1, Decimal(800 - 100 * i)) for i, pid in enumerate(ids[::-1])],
            now=NOW,
        )
    after = await dispatch(services, user("u1"), "/rating RMF-003")
    assert "Position 1 of 3 in the list of 2026-12-01" in after.plain
    assert "Rating: 800" in after.plain
    top = await dispatch(services, user("u1"), "/top rmf-mcr 1")
    assert "list of 2026-12-01 (top 1 of 3)" in top.plain
    assert "1 | Ivan Sidorov (RMF-003) | 800" in top.plain


async def test_rating_of_every_discipline_with_totals_by_colour(
    services: Services, db: Database
) -> None:
    """Several disciplines in one /rating: each with its own list, title and totals; a
    discipline where the player has nothing is left out."""
    seeded = await seed_federation(db)
    anna = seeded.players["RMF-001"]
    async with db.transaction() as repos:
        federation = await repos.federations.get(seeded.federation_id)
        assert federation is not None
        riichi = await repos.federations.add_discipline(
            federation, "rmf-riichi", "Riichi", "mahjong_rmf", "monthly"
        )
        await repos.federations.add_discipline(
            federation, "rmf-empty", "Empty", "mahjong_rmf", "monthly"
        )
        await repos.ledger.record_tournament(
            discipline_id=riichi.id,
            code="riichi-cup",
            name="Riichi Cup",
            held_on=date(2026, 10, 20),
            params={},
            entries=[],
            games=[],
            awards=[
                NewAward(anna, "MP", Decimal("2.5"), [], colour="red"),
                NewAward(anna, "MP", Decimal("1"), [], colour="blue"),
                NewAward(anna, "MP", Decimal("0.5"), [], colour="red"),
            ],
            now=NOW,
        )
        await repos.ledger.add_title(anna, riichi.id, "2 kyu", date(2026, 10, 21))
    text = (await dispatch(services, user("u1"), "/rating RMF-001")).plain
    assert "Sports mahjong" in text and "Riichi" in text and "Empty" not in text
    riichi_part = text.split("Riichi", 1)[1]
    assert "Title: 2 kyu (since 2026-10-21)" in riichi_part
    assert "Points: MP blue 1, MP red 3" in riichi_part
    assert "Position" not in riichi_part


async def test_an_id_two_federations_share_asks_which_player(
    services: Services, db: Database
) -> None:
    await seed_federation(db)
    async with db.transaction() as repos:
        other = await repos.federations.add("UFGO", "Ukrainian Go Federation")
        await repos.players.add(other.id, "rmf-001", "Olena Same-ID")
    reply = await dispatch(services, user("u1"), "/rating RMF-001")
    assert "Several players match" in reply.plain
    assert "Olena Same-ID" in reply.plain and "Anna Ivanova" in reply.plain
    named = await dispatch(services, user("u1"), "/rating Olena")
    assert "Olena Same-ID (rmf-001) — Ukrainian Go Federation" in named.plain
    assert "No results are recorded for Olena Same-ID yet." in named.plain


async def test_an_exact_name_or_id_wins_over_longer_names(services: Services, db: Database) -> None:
    """Issue 33: "/rating Kid1" names Kid1 though Kid10-Kid12 contain it too; so does an
    exact Cyrillic name in any case; a part of a name still asks which player."""
    seeded = await seed_federation(db)
    async with db.transaction() as repos:
        for number in (1, 10, 11, 12):
            await repos.players.add(seeded.federation_id, f"K-{number}", f"Kid{number}")
        await repos.players.add(seeded.federation_id, "K-20", "Иван Петров")
        await repos.players.add(seeded.federation_id, "K-21", "Иван Петровский")
        await repos.players.add(seeded.federation_id, "K-2", "Kid1 the elder")
    kid = await dispatch(services, user("u1"), "/rating Kid1")
    assert "Kid1 (K-1)" in kid.plain
    assert "Several players match" not in kid.plain
    assert "Kid1 (K-1)" in (await dispatch(services, user("u1"), "/rating  kid1 ")).plain
    ivan = await dispatch(services, user("u1"), "/rating иван петров")
    assert "Иван Петров (K-20)" in ivan.plain
    assert "Several players match" not in ivan.plain
    # An ID is exact before any name: "K-1" is Kid1's ID, not a part of other names.
    assert "Kid1 (K-1)" in (await dispatch(services, user("u1"), "/rating k-1")).plain
    several = await dispatch(services, user("u1"), "/rating Kid")
    assert "Several players match" in several.plain
    assert "K-12 — Kid12" in several.plain
    assert "Several players match" in (await dispatch(services, user("u1"), "/rating Петров")).plain
