"""Each shared check once: roles, typed lookups, things named by the user, the subject of a
question, one tournament by code or name."""

from __future__ import annotations

from datetime import date

import pytest

from fedrank.handlers import access
from fedrank.handlers.context import Services
from fedrank.handlers.errors import AccessDeniedError, NotFoundError, UserError
from fedrank.storage.database import Database
from tests.conftest import user
from tests.factories import NOW, Seeded, make_director, seed_federation


@pytest.fixture
async def seeded(db: Database) -> Seeded:
    """RMF (three players, director "boss"), and UGF whose player reuses the ID RMF-001."""
    seeded = await seed_federation(db)
    await make_director(db, "boss")
    async with db.transaction() as repos:
        ugf = await repos.federations.add("UGF", "Ukrainian Go Federation")
        await repos.federations.add_discipline(ugf, "ugf-go", "Go", "go_ufgo", "monthly")
        await repos.players.add(ugf.id, "RMF-001", "Taras Shevchuk")
    return seeded


async def test_caller_is_created_once(db: Database, services: Services) -> None:
    async with db.transaction() as repos:
        first = await access.caller(repos, services, user("u1", "Anna"))
        again = await access.caller(repos, services, user("u1", "Anna"))
        assert await repos.accounts.players_of(first.id) == []
    assert first.id == again.id and first.display_name == "Anna"


async def test_roles(db: Database, services: Services, seeded: Seeded) -> None:
    async with db.transaction() as repos:
        boss = await access.caller(repos, services, user("boss"))
        player = await access.caller(repos, services, user("u1"))
        rmf = await access.stored_federation(repos, seeded.federation_id)
        await access.require_role(repos, user("boss"), boss, rmf, "director")
        with pytest.raises(AccessDeniedError) as refused:
            await access.require_role(repos, user("boss"), boss, rmf, "admin")
        assert refused.value.message == "Only an administrator of RMF may do this."
        with pytest.raises(AccessDeniedError):
            await access.require_role(repos, user("u1"), player, rmf, "director")
        assert [f.code for f in await access.directed_federations(repos, boss)] == ["RMF"]
        assert await access.directed_federations(repos, player) == []


async def test_stored_lookups_refuse_clearly(db: Database, seeded: Seeded) -> None:
    async with db.read() as repos:
        assert (await access.stored_discipline(repos, seeded.discipline_id)).code == "rmf-mcr"
        player = await access.stored_player(repos, seeded.players["RMF-002"])
        assert player.name == "Boris Petrov"
        for lookup, what in (
            (access.stored_federation, "Federation"),
            (access.stored_discipline, "Discipline"),
            (access.stored_player, "Player"),
            (access.stored_account, "Account"),
            (access.stored_tournament, "Tournament"),
        ):
            with pytest.raises(NotFoundError) as missing:
                await lookup(repos, 4242, "en")
            assert (missing.value.what, missing.value.key) == (what, 4242)
            assert missing.value.message == (
                f"Nothing was done: the record {what} 4242 is not stored (any more)."
            )
        with pytest.raises(NotFoundError) as in_russian:
            await access.stored_player(repos, 4242, "ru")
        assert in_russian.value.message.startswith("Ничего не сделано")
        tournament = await repos.ledger.tournament(seeded.discipline_id, "moscow-open-2026")
        assert tournament is not None
        assert (await access.current_version(repos, tournament)).version == 1


async def test_named_discipline_and_federation(db: Database, seeded: Seeded) -> None:
    async with db.read() as repos:
        assert (await access.known_discipline(repos, user("u1"), "rmf-mcr")).name == (
            "Sports mahjong"
        )
        with pytest.raises(UserError) as unknown:
            await access.known_discipline(repos, user("u1"), "chess")
        assert unknown.value.message == "Unknown discipline “chess”. Disciplines: rmf-mcr, ugf-go."
        assert (await access.known_federation(repos, user("u1"), "UGF")).code == "UGF"
        with pytest.raises(UserError) as no_federation:
            await access.known_federation(repos, user("u1"), "FIDE")
        assert "RMF, UGF" in no_federation.value.message


async def test_director_discipline(db: Database, services: Services, seeded: Seeded) -> None:
    async with db.transaction() as repos:
        boss = await access.caller(repos, services, user("boss"))
        discipline, federation = await access.director_discipline(
            repos, user("boss"), boss, "rmf-mcr"
        )
        assert (discipline.code, federation.code) == ("rmf-mcr", "RMF")
        with pytest.raises(AccessDeniedError) as other:
            await access.director_discipline(repos, user("boss"), boss, "ugf-go")
        assert other.value.message == "Only a director of UGF may do this."
        with pytest.raises(UserError, match="Unknown discipline"):
            await access.director_discipline(repos, user("boss"), boss, "nope")
        assert (await access.director_of(repos, user("boss"), boss, federation.id)).code == "RMF"


async def test_player_by_exact_id(db: Database, seeded: Seeded) -> None:
    async with db.read() as repos:
        ctx = user("boss")
        assert (await access.player_by_exact_id(repos, ctx, "rmf-002")).name == "Boris Petrov"
        with pytest.raises(UserError, match="No player matches “Boris”"):
            await access.player_by_exact_id(repos, ctx, "Boris")  # a name never matches
        with pytest.raises(UserError, match="RMF-001"):
            await access.player_by_exact_id(repos, ctx, "RMF-001")  # two federations use it
        mine = await access.player_by_exact_id(repos, ctx, "RMF-001", prefer={seeded.federation_id})
        assert mine.name == "Anna Ivanova"


async def test_the_subject_of_a_question(db: Database, services: Services, seeded: Seeded) -> None:
    async with db.transaction() as repos:
        account = await access.caller(repos, services, user("u1"))
        with pytest.raises(UserError, match="not linked"):
            await access.subject_player(repos, user("u1"), "")
        with pytest.raises(UserError, match="Link your account"):
            await access.linked_players(repos, user("u1"), account, unlinked="report.unlinked")
        await repos.accounts.link(account, seeded.players["RMF-003"])
    async with db.read() as repos:
        mine = await access.subject_player(repos, user("u1"), "")
        named = await access.subject_player(repos, user("u1"), "Boris")
        assert (mine.name, named.name) == ("Ivan Sidorov", "Boris Petrov")
        with pytest.raises(UserError) as several:
            await access.find_one_player(repos, user("u1"), "Iv")
        assert several.value.message.splitlines() == [
            "Several players match “Iv”; ask again with an ID:",
            "RMF-001 — Anna Ivanova",
            "RMF-003 — Ivan Sidorov",
        ]


async def test_one_tournament(db: Database, seeded: Seeded) -> None:
    async with db.transaction() as repos:
        await repos.ledger.record_tournament(
            discipline_id=seeded.discipline_id,
            code="open",
            name="Moscow Open autumn cup",
            held_on=date(2026, 9, 1),
            params={},
            entries=[],
            games=[],
            awards=[],
            now=NOW,
        )
    keys = {"unknown": "why.no_tournament", "choose": "why.choose"}
    async with db.read() as repos:
        ctx = user("u1")
        by_code = await access.one_tournament(repos, ctx, "OPEN", **keys)
        assert by_code.name == "Moscow Open autumn cup"  # the code wins over two names
        with pytest.raises(UserError) as several:
            await access.one_tournament(repos, ctx, "moscow", **keys)
        assert several.value.message.splitlines() == [
            "Several tournaments match “moscow”; ask again with a code:",
            "moscow-open-2026 — Moscow Open 2026 (2026-10-10)",
            "open — Moscow Open autumn cup (2026-09-01)",
        ]
        with pytest.raises(UserError, match="No tournament matches “moscow”"):
            await access.one_tournament(repos, ctx, "moscow", disciplines=[], **keys)
        assert (await access.one_tournament(repos, ctx, "2026", **keys)).code == (
            "moscow-open-2026"
        )
