"""Lists: /rating's and /top's one-query reads give what the single-purpose reads give, on a
bare connection or in a unit of work (one copy of each query)."""

from datetime import date
from decimal import Decimal

from sqlalchemy import update

from fedrank.storage.database import Database
from fedrank.storage.models import ListSnapshot
from fedrank.storage.records import NewListRow, PointTotal
from fedrank.storage.repos import (
    account_language,
    discipline_by_code,
    latest_top,
    rating_cards,
)
from tests.factories import NOW, seed_federation


async def test_rating_card_and_latest_top_match_the_single_reads(db: Database) -> None:
    """The one-query reads of /rating and /top give the figures the single-purpose methods
    give (latest list, row, size, current title, totals; top rows), and a player outside the
    list still gets his title and totals."""
    seeded = await seed_federation(db)
    anna, boris = seeded.players["RMF-001"], seeded.players["RMF-002"]
    async with db.transaction() as repos:
        newcomer = await repos.players.add(seeded.federation_id, "RMF-004", "Dora New")
        await repos.ledger.add_title(newcomer.id, seeded.discipline_id, "3 kyu", date(2026, 1, 1))
        await repos.ledger.add_title(anna, seeded.discipline_id, "2 dan", date(2026, 9, 1))
        # An older list must not be taken for the latest one.
        await repos.lists.add_snapshot(
            seeded.discipline_id, date(2026, 6, 1), [NewListRow(boris, 1, Decimal(1))], now=NOW
        )
    async with db.read() as repos:
        for player in (anna, boris, newcomer.id):
            [card] = await repos.lists.rating_cards(player_id=player)
            assert (card.player_id, card.federation_id) == (player, seeded.federation_id)
            assert card.federation_name == "Russian Mahjong Federation"
            [standing] = card.standings
            latest = await repos.lists.latest(seeded.discipline_id)
            assert latest is not None
            row = await repos.lists.row(latest.id, player)
            title = await repos.ledger.current_title(player, seeded.discipline_id)
            assert (standing.snapshot_id, standing.list_date, standing.list_size) == (
                latest.id,
                latest.list_date,
                await repos.lists.size(latest.id),
            )
            assert (standing.position, standing.rating, standing.row_data) == (
                (row.position, row.rating, row.data) if row else (None, None, None)
            )
            assert (standing.title, standing.title_since) == (
                (title.title, title.since) if title else (None, None)
            )
            assert standing.totals == await repos.ledger.totals(player, seeded.discipline_id)
        [card] = await repos.lists.rating_cards(federation_player_id=" rmf-001 ")
        assert (card.player_id, card.player_name) == (anna, "Anna Ivanova")
        assert card.standings[0].title == "2 dan"
        assert card.standings[0].totals == [PointTotal("NRKT", None, Decimal(1000))]
        top = await repos.lists.latest_top(seeded.discipline_id, 2)
        assert top is not None and latest is not None
        assert (top.snapshot_id, top.size) == (latest.id, 3)
        assert [(r.position, r.player_name, r.rating) for r in top.rows] == [
            (row.position, player.name, row.rating)
            for row, player in await repos.lists.top(latest.id, 2)
        ]


async def test_linked_player_and_an_empty_federation(db: Database) -> None:
    seeded = await seed_federation(db)
    async with db.transaction() as repos:
        account = await repos.accounts.get_or_create(
            "console", "u", display_name="u", language=None, now=NOW
        )
        empty = await repos.federations.add("EMP", "Empty Federation")
        lonely = await repos.players.add(empty.id, "RMF-001", "Same ID Elsewhere")
    async with db.read() as repos:
        assert await repos.accounts.linked_player("console", "u") is None
        assert await repos.accounts.linked_player("console", "nobody") is None
        assert await repos.lists.rating_cards(account=("console", "u")) == []
        assert await repos.lists.rating_cards(account=("console", "nobody")) == []
        [card] = await repos.lists.rating_cards(player_id=lonely.id)
        assert (card.federation_name, card.standings) == ("Empty Federation", [])
        # An ID two federations share: both players.
        both = await repos.lists.rating_cards(federation_player_id="RMF-001")
        assert sorted(c.federation_name for c in both) == [
            "Empty Federation",
            "Russian Mahjong Federation",
        ]
        assert await repos.lists.latest_top(seeded.discipline_id + 1, 5) is None
    async with db.transaction() as repos:
        account = await repos.accounts.get_or_create(
            "console", "u", display_name="u", language=None, now=NOW
        )
        await repos.accounts.link(account, seeded.players["RMF-002"])
    async with db.read() as repos:
        player = await repos.accounts.linked_player("console", "u")
        assert player is not None and player.federation_player_id == "RMF-002"
        [card] = await repos.lists.rating_cards(account=("console", "u"))
        assert (card.player_id, card.standings[0].position) == (player.id, 2)


async def test_bare_connection_reads_match_the_session_reads(db: Database) -> None:
    """The dispatcher's and /rating's and /top's reads on ``Database.connection`` give what
    the repositories give in a unit of work; a code two federations use finds the first."""
    seeded = await seed_federation(db)
    async with db.transaction() as repos:
        other = await repos.federations.add("XMF", "Other Federation")
        await repos.federations.add_discipline(other, "RMF-MCR", "Other", "mahjong_rmf", "monthly")
        account = await repos.accounts.get_or_create(
            "telegram", "7", display_name="u", language="uk", now=NOW
        )
        await repos.accounts.link(account, seeded.players["RMF-003"])
    async with db.connection() as conn:
        assert await account_language(conn, "telegram", "7") == "uk"
        assert await account_language(conn, "telegram", "8") is None
        assert await discipline_by_code(conn, "rmf-MCR") == (
            seeded.discipline_id,
            "Sports mahjong",
            "mahjong_rmf",
            {},
        )
        assert await discipline_by_code(conn, "chess") is None
        top = await latest_top(conn, seeded.discipline_id, 3)
        cards = await rating_cards(conn, account=("telegram", "7"))
    async with db.read() as repos:
        found = await repos.federations.discipline_by_code("RMF-mcr")
        assert found is not None and found.id == seeded.discipline_id
        assert await repos.accounts.language("telegram", "7") == "uk"
        assert top == await repos.lists.latest_top(seeded.discipline_id, 3)
        assert cards == await repos.lists.rating_cards(player_id=seeded.players["RMF-003"])


async def test_a_list_stored_without_its_size_is_counted(db: Database) -> None:
    """Lists stored before the size was kept in the snapshot: ``size``, /top and /rating count
    the rows instead, and agree."""
    seeded = await seed_federation(db)
    async with db.transaction() as repos:
        latest = await repos.lists.latest(seeded.discipline_id)
        assert latest is not None
        await repos.session.execute(
            update(ListSnapshot).where(ListSnapshot.id == latest.id).values(data={})
        )
    async with db.read() as repos:
        assert await repos.lists.size(latest.id) == 3
        assert await repos.lists.size(latest.id + 100) == 0
        top = await repos.lists.latest_top(seeded.discipline_id, 1)
        assert top is not None and (top.size, len(top.rows)) == (3, 1)
        [card] = await repos.lists.rating_cards(player_id=seeded.players["RMF-002"])
        assert card.standings[0].list_size == 3


async def test_the_latest_list_on_a_date(db: Database) -> None:
    seeded = await seed_federation(db)
    anna = seeded.players["RMF-001"]
    async with db.transaction() as repos:
        june = await repos.lists.add_snapshot(
            seeded.discipline_id, date(2026, 6, 1), [NewListRow(anna, 1, Decimal(1))], now=NOW
        )
    async with db.read() as repos:
        latest = await repos.lists.latest(seeded.discipline_id)
        assert latest is not None and latest.list_date == date(2026, 11, 1)
        before = await repos.lists.latest(seeded.discipline_id, on=date(2026, 10, 31))
        assert before is not None and before.id == june.id
        assert await repos.lists.latest(seeded.discipline_id, on=date(2026, 5, 31)) is None
        assert await repos.lists.latest(seeded.discipline_id + 1) is None


async def test_rating_cards_through_plain_rows_match_a_connection(db: Database) -> None:
    """/rating's read through ``Database.plain_rows`` (one thread hop on SQLite, with the
    columns' conversions done there) gives the cards a connection gives, the counted list size
    of an old list included."""
    seeded = await seed_federation(db)
    async with db.transaction() as repos:
        await repos.accounts.get_or_create("console", "u", display_name="U", language=None, now=NOW)
        # A list stored before its size was kept in its data: the size is counted.
        await repos.session.execute(update(ListSnapshot).values(data=None))
    for choice in (
        {"player_id": seeded.players["RMF-001"]},
        {"player_id": seeded.players["RMF-002"]},
        {"federation_player_id": " rmf-003 "},
        {"federation_player_id": "NOBODY"},
        {"account": ("console", "u")},
    ):
        async with db.connection() as conn:
            expected = await rating_cards(conn, **choice)  # type: ignore[arg-type]
        assert await rating_cards(db, **choice) == expected  # type: ignore[arg-type]
    [card] = await rating_cards(db, player_id=seeded.players["RMF-001"])
    assert card.standings[0].list_size is not None and card.standings[0].list_size > 0
    assert isinstance(card.standings[0].list_date, date)
