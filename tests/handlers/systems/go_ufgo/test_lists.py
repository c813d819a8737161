"""The go_ufgo lists: positions, quarterly 4-7 dan, on-demand lists, what each row says.

Every test runs on SQLite and, with FEDRANK_TEST_DATABASE_URL, on PostgreSQL.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.systems.go_ufgo import ADAPTER
from fedrank.storage.database import Database
from tests.conftest import Clock, user
from tests.handlers.systems.go_ufgo.support import (
    confirm_token,
    preview_row,
    seed,
    ufgo_players,
)


async def test_a_pasted_csv_table_and_the_list_by_hand(
    services: Services, db: Database, clock: Clock
) -> None:
    """Hand-worked (unofficial, 19x19, so K3 = 0; table 3: K2 = 10 from 2000, 30 from 1400):

    * UFGO-0001 2500 beats UFGO-0002 2380: R12 = 120, table 2 row 114: K1 0.66 / 0.34.
      0001: dR = 10 (1 - 0.66) = 3.4 -> 2503.4 -> 2503; RA = 0.45 * 10 = 4.5 >= 3, not anomalous.
      0002: dR = 10 (0 - 0.34) = -3.4 -> 2376.6 -> 2377.
    * 0003 and 0004 (1500 each) and 0005 and 0006 (2340 each) play jigo: R12 = 0, K1 = 0.5,
      Rp = 0.5, dR = 0: unchanged.
    * 0005 and 0006 hold 5 dan from the list of 2026-10-01. At the list of 2027-01-01:
      0001 is given 5 dan (2503 >= 2500, §2.5); 0005 (36) is lowered to 4 dan
      (2340 <= 2500 - 151, §2.6); 0006 (born 1950) keeps 5 dan (over 60, §2.7).
      Positions: 2503 first, 2377 second, 2340 shared third, 1500 shared fifth.
    """
    discipline_id = await seed(db)
    async with db.transaction() as repos:
        for fid in ("UFGO-0005", "UFGO-0006"):
            fed = await repos.federations.by_code("UFGO")
            assert fed is not None
            player = await repos.players.by_federation_id(fed.id, fid)
            assert player is not None
            await repos.ledger.add_title(
                player.id, discipline_id, "5 dan", date(2026, 10, 1), reason="list of 2026-10-01"
            )
    table = "\n".join(
        [
            "name,December club evening",
            "code,kyiv-club-2026-12",
            "date,2026-12-10",
            "time_minutes,60",
            "official,no",
            "board,19",
            "",
            "player,ik",
            "UFGO-0001,2500",
            "UFGO-0002,2380",
            "UFGO-0003,1500",
            "UFGO-0004,1500",
            "UFGO-0005,2340",
            "UFGO-0006,2340",
            "",
            "round,player1,player2,result",
            "1,UFGO-0001,UFGO-0002,1-0",
            "1,UFGO-0003,UFGO-0004,=",
            "1,UFGO-0005,UFGO-0006,=",
        ]
    )
    preview = await dispatch(services, user("boss"), "/submit ufgo\n" + table)
    assert "Preview: December club evening — UFGO rating, 2026-12-10" in preview.plain
    assert "| 2500 (3 dan) | 2503 (3 dan) | +3;" in preview_row(preview, "Olena Bondarenko")
    assert "| 2380 (3 dan) | 2377 (3 dan) | -3;" in preview_row(preview, "Taras Kovalenko")
    assert "| 2340 (5 dan) | 2340 (5 dan) | 0;" in preview_row(preview, "Oleh Tkachenko")
    await dispatch(services, user("boss"), f"/confirm {confirm_token(preview)}")

    async with db.read() as repos:
        disc = await repos.federations.discipline(discipline_id)
        assert disc is not None
        # The list of the tournament's own date does not count it yet.
        assert (await ADAPTER.compute_list(repos, disc, date(2026, 12, 10))).rows == []
        quiet = await ADAPTER.compute_list(repos, disc, date(2026, 12, 15))
        assert quiet.titles == [] and quiet.data["publication"] is False
        assert [(r.position, r.rating, r.title) for r in quiet.rows] == [
            (1, Decimal(2503), "3 dan"),
            (2, Decimal(2377), "3 dan"),
            (3, Decimal(2340), "5 dan"),
            (3, Decimal(2340), "5 dan"),
            (5, Decimal(1500), "6 kyu"),
            (5, Decimal(1500), "6 kyu"),
        ]
        computed = await ADAPTER.compute_list(repos, disc, date(2027, 1, 1))
        ids = {p.id: fid for fid, p in (await ufgo_players(repos)).items()}
        rows = [(ids[r.player_id], r.position, r.rating, r.title) for r in computed.rows]
        assert rows[:2] == [
            ("UFGO-0001", 1, Decimal(2503), "5 dan"),
            ("UFGO-0002", 2, Decimal(2377), "3 dan"),
        ]
        assert sorted(rows[2:4]) == [
            ("UFGO-0005", 3, Decimal(2340), "4 dan"),
            ("UFGO-0006", 3, Decimal(2340), "5 dan"),
        ]
        assert {r.position for r in computed.rows[4:]} == {5}
        assert sorted((ids[t.player_id], t.title) for t in computed.titles) == [
            ("UFGO-0001", "5 dan"),
            ("UFGO-0005", "4 dan"),
        ]
        second = next(r for r in computed.rows if ids[r.player_id] == "UFGO-0002")
        assert second.data is not None
        assert second.data["next"] == (
            "4 dan at a quarterly list with IK 2400 or more (23 more; next list 2027-04-01)"
        )
        kept = next(r for r in computed.rows if ids[r.player_id] == "UFGO-0006")
        assert kept.data is not None and kept.data["action"] == "kept (over 60)"
        assert "never lowered (over 60" in kept.data["next"]
    clock.now = datetime(2027, 1, 1, 9, 0, tzinfo=UTC)  # lists are published on their date
    await dispatch(services, user("boss"), "/publish ufgo 2027-01-01")
    why = (await dispatch(services, user("u1"), "/why kyiv-club-2026-12 UFGO-0001")).plain
    assert "IK = 3" in why
    for step in ("IK_start = 2500", "R12 = 120", "K1 = 0.66", "K2 = 10", "K3 = 0", "dR = 3.4"):
        assert step in why, step
    assert "IK = 2503  [seed 002 §4.9]" in why
    history = (await dispatch(services, user("u1"), "/history UFGO-0002")).plain
    assert "2027-01-01 | 2 | 2377 | 3 dan" in history
    assert "date | tournament | change | IK" in history
    assert "2026-12-10 | kyiv-club-2026-12 | -3 | 2377" in history
    rating = (await dispatch(services, user("u1"), "/rating UFGO-0005")).plain
    assert "Title: 4 dan (since 2027-01-01)" in rating
    assert "Position 3 of 6 in the list of 2027-01-01" in rating
    assert "Next: 5 dan at a quarterly list with IK 2500 or more (160 more" in rating
    # A tournament after the publication starts from the held dan the list gave.
    later = table.replace("kyiv-club-2026-12", "kyiv-club-2027-01").replace(
        "2026-12-10", "2027-01-12"
    )
    again = await dispatch(services, user("boss"), "/submit ufgo\n" + later)
    assert "| 2503 (5 dan) |" in preview_row(again, "Olena Bondarenko")
    assert "| 2340 (4 dan) |" in preview_row(again, "Oleh Tkachenko")
    # The file's ik= of players with history is ignored and the preview says so.
    assert "file's ik=2500 ignored: the database holds IK 2503" in again.plain


async def test_only_members_on_the_list_date_are_listed(services: Services, db: Database) -> None:
    """Seed 002 §1.1: each member has an IK, and the list is of members. 0001 is a member since
    2020; 0002's membership ended the day before the list; 0004's starts after it; 0003 has no
    membership recorded (listed: the registry does not know him as a non-member). All four
    played, and 0002's and 0004's games still counted for their opponents."""
    await seed(db)
    table = "\n".join(
        [
            "name,Members' evening",
            "code,kyiv-members-2026-12",
            "date,2026-12-10",
            "time_minutes,60",
            "official,no",
            "board,19",
            "",
            "player,ik",
            "UFGO-0001,2500",
            "UFGO-0002,2380",
            "UFGO-0003,1500",
            "UFGO-0004,1500",
            "",
            "round,player1,player2,result",
            "1,UFGO-0001,UFGO-0002,1-0",
            "1,UFGO-0003,UFGO-0004,1-0",
        ]
    )
    preview = await dispatch(services, user("boss"), "/submit ufgo\n" + table)
    await dispatch(services, user("boss"), f"/confirm {confirm_token(preview)}")
    async with db.transaction() as repos:
        players = await ufgo_players(repos)
        for fid, start, end in (
            ("UFGO-0001", date(2020, 1, 1), None),
            ("UFGO-0002", date(2020, 1, 1), date(2026, 12, 31)),
            ("UFGO-0004", date(2027, 2, 1), None),
        ):
            await repos.players.add_membership(players[fid].id, start, end)
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("ufgo")
        assert disc is not None
        computed = await ADAPTER.compute_list(repos, disc, date(2027, 1, 1))
        by_id = {p.id: fid for fid, p in players.items()}
        assert [(by_id[r.player_id], r.position, r.rating) for r in computed.rows] == [
            ("UFGO-0001", 1, Decimal(2503)),
            ("UFGO-0003", 2, Decimal(1556)),
        ]
        # On 2026-12-31 0002 was still a member.
        earlier = await ADAPTER.compute_list(repos, disc, date(2026, 12, 31))
        assert [by_id[r.player_id] for r in earlier.rows] == ["UFGO-0001", "UFGO-0002", "UFGO-0003"]
