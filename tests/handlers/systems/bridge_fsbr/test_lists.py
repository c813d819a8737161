"""The monthly list by R, its titles and the states the next month reads back."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from fedrank.engines.bridge_fsbr.standing import STEP_DOWN_TEXT
from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.systems.bridge_fsbr import ADAPTER
from fedrank.storage.database import Database
from fedrank.storage.records import NewListRow
from tests.conftest import user
from tests.factories import NOW
from tests.handlers.systems.bridge_fsbr.helpers import (
    PLAYERS,
    ledger,
    seed,
)


async def test_compute_list_by_hand(services: Services, db: Database) -> None:
    """The list of 2026-11-01 (R0 = 2025-11-01..2026-10-31, R1, R2, R3 the years before):

    - FSBR-0001: R0 has 12 RO results, 9 without championship status (50, 45, 40, 35, 30,
      25, 20, 15, 10) and 3 championships (12, 8, 5); 8.1 counts the best 10 with at most 7
      non-championship: 50+45+40+35+30+25+20 + 12+8+5 = 270. R1 = 100, R2 = 40, R3 = 20:
      R = 270 + 0.75 100 + 0.5 40 + 0.25 20 = 370. 120 MB face to face in 2024: рк 3 for life
      (100 МБ); RO in the last year 295 >= 50: рк 1 on a one-year norm. For рк 0.5 by 2000 МБ
      he lacks 1880 MB, of them ceil(2/3 2000) - 120 = 1214 face to face (note 3).
    - FSBR-0002: one Russian championship, RO 370, PB 3 and an achievement of level 1: R = 370,
      рк 0 for life (3 ПБ; 9 ПБ with level 1 would be рк -0.5, 6 PB short).
      Tied with FSBR-0001 at 370: both are 1st; FSBR-0002 is shown first (stronger rk).
    - FSBR-0004: 60 MB face to face in June 2024 and 40 online in July 2024. 100 МБ for life
      fails note 3 (3 x 60 < 2 x 100), so his lifetime norm is 10 МБ (рк 4); but "60 МБ в
      течение последнего года" gave him рк 2 from 2024-07-01, which lapsed on 2025-07-01:
      note 2 steps him down to рк 3 for life (the full replay, no stored state for him). For
      рк 2 by 300 МБ he lacks 200 MB, ceil(2/3 300) - 60 = 140 of them face to face.
    - FSBR-0005: RO 60 on 2025-11-20 (in R0): R = 60, рк 1 on "50 РО в течение последнего
      года"; on 2026-12-01 it has left the last year: note 2 steps him down to рк 2 for life.
    - FSBR-0003: the list of 2026-10-01 (made by hand) says he held рк 2 on a one-year norm;
      with no history that norm lapses on 2026-11-01: рк 3 for life, read from that row.
    - Everyone else: R 0, рк 5. All with R 0 share position 4 (three players above), shown
      by rk: FSBR-0003 (рк 3), FSBR-0004 (рк 4), then the others."""
    disc_id = await seed(db)
    non_championship = [50, 45, 40, 35, 30, 25, 20, 15, 10]
    for i, amount in enumerate(non_championship):
        await ledger(db, f"open-{i}", date(2026, 1, 10 + i), [(1, "RO", amount)])
    for i, amount in enumerate([12, 8, 5]):
        await ledger(db, f"champ-{i}", date(2026, 3, 1 + i), [(1, "RO", amount)], championship=True)
    await ledger(db, "r1", date(2025, 6, 1), [(1, "RO", 100)])
    await ledger(db, "r2", date(2024, 6, 1), [(1, "RO", 40), (1, "MB", 120), (4, "MB", 60)])
    await ledger(db, "r2-online", date(2024, 7, 1), [(4, "MB", 40)], f2f=False)
    await ledger(db, "r3", date(2023, 6, 1), [(1, "RO", 20)])
    await ledger(
        db,
        "ru-2026",
        date(2026, 5, 1),
        [(2, "RO", 370), (2, "PB", 3), (2, "achievement 1", 1)],
        championship=True,
    )
    await ledger(db, "nov-2025", date(2025, 11, 20), [(5, "RO", 60)])
    async with db.transaction() as repos:
        disc = await repos.federations.discipline(disc_id)
        assert disc is not None
        three = await repos.players.by_federation_id(disc.federation_id, "FSBR-0003")
        assert three is not None
        state = {
            "list_date": "2026-10-01",
            "rk": "2",
            "lifetime_rk": "5",
            "temporary": True,
            "norm": "60 МБ в течение последнего года",
            "lifetime_norm": "рк 5",
        }
        await repos.lists.add_snapshot(
            disc.id,
            date(2026, 10, 1),
            [NewListRow(three.id, 1, Decimal(0), "рк 2", {"state": state})],
            now=NOW,
        )
        listed = await ADAPTER.compute_list(repos, disc, date(2026, 11, 1))
        found = await repos.players.by_federation_ids(
            disc.federation_id, [f"FSBR-{n:04d}" for n in range(1, PLAYERS + 1)]
        )
        people = {p.id: p.federation_player_id for p in found.values()}
    rows = {people[r.player_id]: r for r in listed.rows}
    assert [people[r.player_id] for r in listed.rows[:5]] == [
        "FSBR-0002",
        "FSBR-0001",
        "FSBR-0005",
        "FSBR-0003",
        "FSBR-0004",
    ]
    one, two, five = rows["FSBR-0001"], rows["FSBR-0002"], rows["FSBR-0005"]
    assert (one.position, one.rating, one.title) == (1, Decimal(370), "рк 1")
    assert (two.position, two.rating, two.title) == (1, Decimal(370), "рк 0")
    assert (five.position, five.rating, five.title) == (3, Decimal(60), "рк 1")
    assert [rows[f].position for f in ("FSBR-0003", "FSBR-0004", "FSBR-0040")] == [4, 4, 4]
    assert rows["FSBR-0040"].rating == 0
    assert two.data is not None and two.data["achievement"] == 1
    assert "6 PB [9 PB and an achievement of level 1, for life]" in two.data["next"]
    data = one.data
    assert data is not None
    assert data["R_parts"] == [270, 100, 40, 20]
    assert (data["MB"], data["RO"], data["PB"], data["RO_last_year"]) == (120, 455, 0, 295)
    counted_r0 = sorted(c["RO"] for c in data["counted"] if c["period"] == "R0")
    assert counted_r0 == [5, 8, 12, 20, 25, 30, 35, 40, 45, 50]
    assert data["state"]["temporary"] is True and data["lifetime_rk"] == "3"
    assert data["next"].startswith("рк 0.5: 1880 MB (1214 of them face to face) [2000 MB, for")
    assert "if it lapses, рк 2 for life (2.2 note 2)" in data["next"]
    four = rows["FSBR-0004"]
    assert four.title == "рк 3" and four.data is not None
    assert four.data["lifetime_rk"] == "3" and four.data["temporary"] is False
    assert four.data["next"].startswith("рк 2: 200 MB (140 of them face to face) [300 MB, for")
    three_row = rows["FSBR-0003"]
    assert three_row.title == "рк 3" and three_row.data is not None
    assert three_row.data["state"]["stepped_down"] is True
    # Titles: every coefficient that differs from the one published before (рк 5 if none).
    titles = {people[t.player_id]: (t.title, t.reason) for t in listed.titles}
    assert titles["FSBR-0001"] == ("рк 1", "2.2: 50 РО в течение последнего года")
    assert titles["FSBR-0002"] == ("рк 0", "2.2: 3 ПБ")
    assert titles["FSBR-0004"] == ("рк 3", STEP_DOWN_TEXT)
    assert titles["FSBR-0003"][0] == "рк 3" and "note 2" in titles["FSBR-0003"][1]
    assert set(titles) == {"FSBR-0001", "FSBR-0002", "FSBR-0003", "FSBR-0004", "FSBR-0005"}
    # The engine by itself agrees on every row.
    assert listed.data["previous_list"] == "2026-10-01"

    # Published, then the next month reads its states back (note 2 for FSBR-0005).
    await dispatch(services, user("boss"), "/publish fsbr 2026-11-01")
    async with db.read() as repos:
        disc = await repos.federations.discipline(disc_id)
        assert disc is not None
        december = await ADAPTER.compute_list(repos, disc, date(2026, 12, 1))
    rows = {people[r.player_id]: r for r in december.rows}
    assert december.data["previous_list"] == "2026-11-01"
    assert rows["FSBR-0005"].title == "рк 2"
    assert rows["FSBR-0005"].data is not None
    assert rows["FSBR-0005"].data["state"]["stepped_down"] is True
    assert rows["FSBR-0005"].rating == Decimal(45)  # 60 is in R1 now: 0.75 x 60
    assert {people[t.player_id]: t.title for t in december.titles} == {"FSBR-0005": "рк 2"}
    rating = (await dispatch(services, user("u1"), "/rating FSBR-0001")).plain
    assert "Position 1 of 40 in the list of 2026-11-01" in rating
    assert "Rating: 370" in rating and "Title: рк 1 (since 2026-11-01)" in rating
    assert "Points: MB 120, RO 455" in rating
