"""The stored state a go_ufgo tournament starts from, and the replay of later tournaments.

Corrections make new versions and re-rate what they change; a tournament dated before stored
ones re-rates them; a tournament this engine did not rate is not replayed. Every test runs on
SQLite and, with FEDRANK_TEST_DATABASE_URL, on PostgreSQL.
"""

from __future__ import annotations

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from tests.conftest import user
from tests.handlers.systems.go_ufgo.support import chain, games_csv, seed, submit


async def test_a_correction_makes_version_2_and_replays_later_tournaments(
    services: Services, db: Database
) -> None:
    discipline_id = await seed(db)
    start = {"UFGO-0001": 2000, "UFGO-0002": 1900, "UFGO-0003": 1800, "UFGO-0004": 1200}
    start |= {"UFGO-0005": 1100}
    t1 = games_csv("autumn-a", "2026-10-10", [("UFGO-0001", "UFGO-0002", "1-0")], start)
    t2 = games_csv("autumn-b", "2026-10-20", [("UFGO-0002", "UFGO-0003", "1-0")], start)
    t3 = games_csv("autumn-c", "2026-10-25", [("UFGO-0004", "UFGO-0005", "0-1")], start)
    for text in (t1, t2, t3):
        await submit(services, text)
    fixed = t1.replace("1-0", "0-1")
    preview = await submit(services, fixed)
    assert "Stored tournaments re-rated because of this submission: autumn-b" in preview.plain
    assert "autumn-c" not in preview.plain

    # The engine, tournament after tournament over the corrected history, gives the ledger's IK.
    expected = chain([fixed, t2, t3], start)
    async with db.read() as repos:
        versions = {}
        for code in ("autumn-a", "autumn-b", "autumn-c"):
            t = await repos.ledger.tournament(discipline_id, code)
            assert t is not None
            v = await repos.ledger.current_version(t.id)
            assert v is not None
            versions[code] = (v.version, v.reason)
        assert versions == {
            "autumn-a": (2, "correction of version 1"),
            "autumn-b": (2, "replayed after correction of autumn-a"),
            "autumn-c": (1, ""),
        }
    for fid in start:
        rating = (await dispatch(services, user("u1"), f"/rating {fid}")).plain
        assert f"Points: IK {expected[fid]:f}" in rating, (fid, rating)
    # 0002 won autumn-a after the correction, so he started autumn-b higher than before.
    assert expected["UFGO-0002"] != chain([t1, t2], start)["UFGO-0002"]
    assert expected["UFGO-0003"] != chain([t1, t2], start)["UFGO-0003"]


async def test_a_tournament_dated_before_stored_ones_replays_them(
    services: Services, db: Database
) -> None:
    discipline_id = await seed(db)
    # R12 of the late game: 95 (table 2 row 92) without the early game, 89 (row 84) with it.
    start = {"UFGO-0001": 2000, "UFGO-0002": 1900, "UFGO-0003": 1805}
    t2 = games_csv("late", "2026-10-20", [("UFGO-0002", "UFGO-0003", "1-0")], start)
    await submit(services, t2)
    t1 = games_csv("early", "2026-10-10", [("UFGO-0001", "UFGO-0002", "1-0")], start)
    preview = await submit(services, t1)
    assert "re-rated because of this submission: late" in preview.plain
    expected = chain([t1, t2], start)
    assert expected["UFGO-0003"] != chain([t2], start)["UFGO-0003"]
    async with db.read() as repos:
        late = await repos.ledger.tournament(discipline_id, "late")
        assert late is not None
        version = await repos.ledger.current_version(late.id)
        assert version is not None and version.version == 2
        assert version.reason == "replayed after early was added before it"
    rating = (await dispatch(services, user("u1"), "/rating UFGO-0003")).plain
    assert f"Points: IK {expected['UFGO-0003']:f}" in rating


async def test_a_tournament_open_for_game_reports_does_not_block_earlier_submissions(
    services: Services, db: Database
) -> None:
    """A club league opened for /report holds no IK of ours: nothing of it is re-rated."""
    await seed(db)
    opened = await dispatch(services, user("boss"), "/openreports ufgo club-league-2026")
    assert "club-league-2026" in opened.plain
    start = {"UFGO-0001": 2000, "UFGO-0002": 1900}
    early = games_csv("early", "2026-10-10", [("UFGO-0001", "UFGO-0002", "1-0")], start)
    preview = await submit(services, early)
    assert "re-rated" not in preview.plain
    rating = (await dispatch(services, user("u1"), "/rating UFGO-0002")).plain
    assert f"Points: IK {chain([early], start)['UFGO-0002']:f}" in rating


async def test_a_correction_that_removes_a_player_takes_back_his_figures(
    services: Services, db: Database
) -> None:
    await seed(db)
    start = {"UFGO-0001": 2000, "UFGO-0002": 1900, "UFGO-0003": 1850, "UFGO-0004": 1750}
    both = [("UFGO-0001", "UFGO-0002", "1-0"), ("UFGO-0003", "UFGO-0004", "1-0")]
    await submit(services, games_csv("club-a", "2026-10-10", both, start))
    before = (await dispatch(services, user("u1"), "/rating UFGO-0003")).plain
    assert "Title: 3 kyu (since 2026-10-10)" in before and "Points: IK" in before
    await submit(services, games_csv("club-a", "2026-10-10", both[:1], start))
    after = (await dispatch(services, user("u1"), "/rating UFGO-0003")).plain
    # No IK line counts any more, and the title of the superseded version no longer counts
    # either: he is again a player without history.
    assert "Points:" not in after and "Title:" not in after
    assert "No results are recorded for Andrii Shevchenko yet." in after
