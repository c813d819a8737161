"""Merging two records of one person: everything moves to KEEP, audited; refused when both
played one tournament."""

from datetime import date
from decimal import Decimal

import pytest
from sqlalchemy import select

from fedrank.handlers.federation.registry.merge import MergeRefusedError, merge_players
from fedrank.storage.database import Database
from fedrank.storage.models import (
    AccountLink,
    Award,
    Entry,
    GameReport,
    LinkRequest,
    Membership,
    Title,
)
from fedrank.storage.records import NewAward, NewEntry
from tests.factories import NOW, seed_federation


async def _second_record(db: Database) -> int:
    """RMF-009: the same person as RMF-001, with a tournament (where RMF-002 reported a game
    against him), a title, a membership, a linked account with a pending request, and a link
    code."""
    async with db.transaction() as repos:
        fed = await repos.federations.by_code("RMF")
        assert fed is not None
        (discipline,) = [d for d in await repos.federations.disciplines(fed.id)]
        dup = await repos.players.add(
            fed.id, "RMF-009", "Anna Ivanova", birth_date=date(1990, 1, 2)
        )
        dup.egd_pin = "777"
        await repos.players.add_membership(dup.id, date(2025, 1, 1), None)
        version = await repos.ledger.record_tournament(
            discipline_id=discipline.id,
            code="tula-2026",
            name="Tula 2026",
            held_on=date(2026, 9, 9),
            params={},
            entries=[NewEntry(dup.id, Decimal(1))],
            games=[],
            awards=[NewAward(dup.id, "NRKT", Decimal(300), [])],
            now=NOW,
        )
        await repos.ledger.add_title(dup.id, discipline.id, "2 kyu", date(2026, 10, 1))
        await repos.game_reports.add(
            tournament_id=version.tournament_id,
            reporter_id=2,
            opponent_id=dup.id,
            result="win1",
            score1=None,
            score2=None,
            now=NOW,
        )
        account = await repos.accounts.get_or_create(
            "console", "anna", display_name="anna", language=None, now=NOW
        )
        await repos.accounts.link(account, dup.id)
        other = await repos.accounts.get_or_create(
            "telegram", "anna", display_name="anna", language=None, now=NOW
        )
        await repos.accounts.add_link_request(other.id, dup.id, NOW)
        return dup.id


async def test_everything_moves_to_keep_audited(db: Database) -> None:
    seeded = await seed_federation(db)
    dropped = await _second_record(db)
    keep = seeded.players["RMF-001"]
    async with db.transaction() as repos:
        moved = await merge_players(repos, "RMF", "RMF-001", "RMF-009", now=NOW)
    assert moved == {
        "membership.player_id": 1,
        "account_link.player_id": 1,
        "link_request.player_id": 1,
        "entry.player_id": 1,
        "game_report.opponent_id": 1,
        "award.player_id": 1,
        "title.player_id": 1,
    }
    async with db.read() as repos:
        assert await repos.players.get(dropped) is None
        player = await repos.players.get(keep)
        assert player is not None
        assert (player.egd_pin, player.birth_date) == ("777", date(1990, 1, 2))
        session = repos.session
        links = await session.execute(
            select(AccountLink.platform, AccountLink.player_id).order_by(AccountLink.platform)
        )
        assert links.all() == [("console", keep)]
        assert (await session.scalars(select(LinkRequest.player_id))).all() == [keep]
        assert set((await session.scalars(select(Award.player_id))).all()) <= set(
            seeded.players.values()
        )
        titles = await session.execute(select(Title.player_id, Title.title).order_by(Title.id))
        assert titles.all() == [(keep, "1 dan"), (keep, "2 kyu")]
        assert (await session.scalars(select(GameReport.opponent_id))).all() == [keep]
        assert (await session.scalars(select(Membership.player_id))).all() == [keep]
        (entry,) = await repos.audit.entries("player.merged")
        assert entry.subject == "RMF-001"
        assert entry.details["dropped"]["id"] == "RMF-009"
        assert entry.details["moved"] == moved


async def test_a_correction_that_replaced_drop_by_keep_is_one_person(db: Database) -> None:
    """Version 1 of Tula 2026 named RMF-009, its correction (version 2) RMF-001: the two never
    played together, so the records merge; both versions then name RMF-001."""
    seeded = await seed_federation(db)
    await _second_record(db)
    async with db.transaction() as repos:
        await repos.ledger.record_tournament(
            discipline_id=seeded.discipline_id,
            code="tula-2026",
            name="Tula 2026",
            held_on=date(2026, 9, 9),
            params={},
            entries=[NewEntry(seeded.players["RMF-001"], Decimal(1))],
            games=[],
            awards=[],
            now=NOW,
            reason="RMF-009 was RMF-001",
        )
        moved = await merge_players(repos, "RMF", "RMF-001", "RMF-009", now=NOW)
    assert moved["entry.player_id"] == 1
    async with db.read() as repos:
        entries = await repos.session.scalars(select(Entry.player_id))
        assert set(entries.all()) == set(seeded.players.values())


async def test_two_players_of_one_tournament_are_not_merged(db: Database) -> None:
    await seed_federation(db)
    with pytest.raises(MergeRefusedError) as refused:
        async with db.transaction() as repos:
            await merge_players(repos, "RMF", "RMF-001", "RMF-002", now=NOW)
    assert str(refused.value) == (
        "RMF-001 and RMF-002 are not merged: both played in moscow-open-2026;"
        " both stand in 1 published list(s)"
    )
    async with db.read() as repos:
        assert len(await repos.players.of_federation(1)) == 3
        assert not await repos.audit.entries("player.merged")


@pytest.mark.parametrize(
    ("keep", "drop", "message"),
    [("RMF-001", "RMF-404", "RMF has no player RMF-404"), ("RMF-001", "rmf-001", "same player")],
)
async def test_unknown_or_same_ids_are_refused(
    db: Database, keep: str, drop: str, message: str
) -> None:
    await seed_federation(db)
    with pytest.raises(MergeRefusedError, match=message):
        async with db.transaction() as repos:
            await merge_players(repos, "RMF", keep, drop, now=NOW)


async def test_two_players_held_by_accounts_of_one_platform_are_not_merged(db: Database) -> None:
    """The link moves with the merge; two links of one platform would break the rule that
    one account of a platform holds a player, so that merge is refused."""
    seeded = await seed_federation(db)
    dropped = await _second_record(db)  # held by console:anna
    async with db.transaction() as repos:
        other = await repos.accounts.get_or_create(
            "console", "boris", display_name="boris", language=None, now=NOW
        )
        await repos.accounts.link(other, seeded.players["RMF-003"])
    with pytest.raises(MergeRefusedError, match="each is linked to its own console account"):
        async with db.transaction() as repos:
            await merge_players(repos, "RMF", "RMF-003", "RMF-009", now=NOW)
    async with db.read() as repos:
        assert await repos.players.get(dropped) is not None
