"""Players: the exact federation-ID lookup and the name search."""

from fedrank.storage.database import Database


async def test_name_search_folds_case_beyond_ascii(db: Database) -> None:
    async with db.transaction() as repos:
        fed = await repos.federations.add("UFGO", "Ukrainian Go Federation")
        await repos.players.add(fed.id, "UFGO-0025", "Олександр Савчук")
        await repos.players.add(fed.id, "UFGO-0026", "ÉMILE Zola")
    async with db.read() as repos:
        assert [p.name for p in await repos.players.find("Савчук")] == ["Олександр Савчук"]
        assert [p.name for p in await repos.players.find("САВЧУК")] == ["Олександр Савчук"]
        assert [p.name for p in await repos.players.find("émile")] == ["ÉMILE Zola"]


async def test_a_name_search_takes_wildcards_literally(db: Database) -> None:
    async with db.transaction() as repos:
        fed = await repos.federations.add("RMF", "Russian Mahjong Federation")
        await repos.players.add(fed.id, "RMF-001", "Anna_Ivanova")
        await repos.players.add(fed.id, "RMF-002", "Anna Petrova 100%")
        await repos.players.add(fed.id, "RMF-003", "Anna Ivanova")
    async with db.read() as repos:
        assert [p.name for p in await repos.players.find("a_i")] == ["Anna_Ivanova"]
        assert [p.name for p in await repos.players.find("0%")] == ["Anna Petrova 100%"]
        assert [p.name for p in await repos.players.find("%")] == ["Anna Petrova 100%"]


async def test_the_exact_federation_id_in_any_case_in_one_or_every_federation(
    db: Database,
) -> None:
    """``by_exact_id`` is the one exact-ID lookup: any case, spaces trimmed, never a part of an
    ID or of a name; an ID two federations use names both players unless the federation is
    given. ``by_federation_id`` and ``find`` answer the same."""
    async with db.transaction() as repos:
        rmf = await repos.federations.add("RMF", "Russian Mahjong Federation")
        emp = await repos.federations.add("EMP", "Empty Federation")
        anna = await repos.players.add(rmf.id, "RMF-001", "Anna Ivanova")
        same = await repos.players.add(emp.id, "rmf-001", "Same ID Elsewhere")
        await repos.players.add(rmf.id, "RMF-0011", "Longer ID")
        await repos.players.add(rmf.id, "RMF-002", "Named RMF-001")
    async with db.read() as repos:
        assert [p.id for p in await repos.players.by_exact_id(None, " Rmf-001 ")] == [
            anna.id,
            same.id,
        ]
        assert [p.id for p in await repos.players.by_exact_id(rmf.id, "rmf-001")] == [anna.id]
        assert [p.id for p in await repos.players.by_exact_id(emp.id, "RMF-001")] == [same.id]
        assert await repos.players.by_exact_id(None, "RMF-00") == []
        assert await repos.players.by_exact_id(emp.id, "RMF-002") == []
        found = await repos.players.by_federation_id(rmf.id, "rmf-001")
        assert found is not None and found.id == anna.id
        assert await repos.players.by_federation_id(rmf.id, "RMF-003") is None
        assert [p.id for p in await repos.players.find("rmf-001")] == [anna.id, same.id]
