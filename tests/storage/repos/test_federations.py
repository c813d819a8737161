"""Federations: a discipline found by its code, in any case, the first one by id."""

from fedrank.storage.database import Database
from fedrank.storage.repos import discipline_by_code


async def test_a_discipline_code_two_federations_use_finds_the_first(db: Database) -> None:
    async with db.transaction() as repos:
        rmf = await repos.federations.add("RMF", "Russian Mahjong Federation")
        xmf = await repos.federations.add("XMF", "Other Federation")
        first = await repos.federations.add_discipline(
            rmf, "MCR", "Sports mahjong", "mahjong_rmf", "monthly"
        )
        await repos.federations.add_discipline(xmf, "mcr", "Other", "mahjong_rmf", "monthly")
    async with db.read() as repos:
        for code in ("MCR", "mcr", "Mcr"):
            found = await repos.federations.discipline_by_code(code)
            assert found is not None and found.id == first.id
            assert await discipline_by_code(repos.session, code) == (
                first.id,
                "Sports mahjong",
                first.system,
                {},
            )
        assert await repos.federations.discipline_by_code("go") is None
        assert await discipline_by_code(repos.session, "go") is None
