"""The RMF mahjong adapter: import through /submit and /confirm, corrections with replays,
lists computed from the replayed history, the one-year check at publication, and the demo.

Hand-worked tournament used throughout (16 players, all 12 kyu before it, CHUT 16, CHS 6):
KT = KT_CHS 0.6 + KT_CHUT(16) -0.1 + KT_EU 0 + KT_W 0 = 0.50; NR at place p is
1000 * (16 - p) / 15, so NR*KT is 500 for place 1 (norm 6k = 500), 466.67 for place 2
(norm 7k = 250), ... and 16.67 for the two players sharing places 15-16 (mean place 15.5).
After it the players hold 6k, 7k x7, 8k x2, 9k, 10k x2, 11k, 12k x2: EU sum 3050.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from decimal import Decimal

import pytest

from fedrank.demo import load_demo
from fedrank.engines import mahjong_rmf as rmf
from fedrank.engines.kernel import InputError, half_up
from fedrank.handlers.context import IncomingFile, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.systems import all_systems
from fedrank.handlers.systems.mahjong_rmf import ADAPTER, next_text, parse_import
from fedrank.storage.database import Database
from tests.conftest import user
from tests.factories import NOW, make_director

PLAYERS = 16


def sheet(
    *,
    code: str = "tula-autumn-2026",
    name: str = "Tula Autumn Cup 2026",
    held: str = "2026-09-05",
    discipline: str = "mcr",
    chs: int = 6,
    chut: int = 16,
    kind: str = "regular",
    levels: dict[int, str] | None = None,
) -> str:
    """A sheet of the 16 players in ID order, the last two sharing places 15-16."""
    head = [
        "# RMF tournament sheet",
        f"name: {name}",
        f"id: {code}",
        f"date: {held}",
        f"discipline: {discipline}",
        f"type: {kind}",
        f"chut: {chut}",
        f"chs: {chs}",
        "",
        "place; player; level" if levels is not None else "place; player",
    ]
    rows = []
    for number in range(1, PLAYERS + 1):
        place = min(number, 15)
        row = f"{place}; RMF-{number:04d}"
        if levels is not None:
            row += f"; {levels.get(number, '12k')}"
        rows.append(row)
    return "\n".join(head + rows) + "\n"


async def seed(db: Database) -> dict[str, int]:
    """RMF with both disciplines and 16 players RMF-0001 ... RMF-0016; a director "boss"."""
    async with db.transaction() as repos:
        fed = await repos.federations.add("RMF", "Russian Mahjong Federation", "Europe/Moscow")
        await repos.federations.add_discipline(
            fed, "rmf-mcr", "Sports mahjong (MCR)", "mahjong_rmf", "monthly"
        )
        await repos.federations.add_discipline(
            fed, "rmf-sichuan", "Sichuan mahjong", "mahjong_rmf", "monthly"
        )
        ids = {}
        for number in range(1, PLAYERS + 1):
            player = await repos.players.add(fed.id, f"RMF-{number:04d}", f"Player {number:02d}")
            ids[player.federation_player_id] = player.id
    await make_director(db, "boss")
    return ids


async def submit_and_confirm(services: Services, text: str) -> str:
    preview = await dispatch(services, user("boss"), "/submit rmf-mcr\n" + text)
    assert preview.buttons, preview.plain
    saved = await dispatch(services, user("boss"), preview.buttons[0].action)
    return saved.plain


async def version_of(db: Database, code: str) -> tuple[int, dict[str, object], str]:
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code("rmf-mcr")
        assert discipline is not None
        tournament = await repos.ledger.tournament(discipline.id, code)
        if tournament is None:
            return 0, {}, ""
        current = await repos.ledger.current_version(tournament.id)
        assert current is not None
        return current.version, dict(current.params), current.reason


async def test_file_submit_preview_confirm_rating_and_list(
    services: Services, db: Database
) -> None:
    await seed(db)
    attached = replace(user("boss"), attachment=IncomingFile("tula.rmf", sheet().encode("utf-8")))
    preview = await dispatch(services, attached, "/submit rmf-mcr")
    text = preview.plain
    assert "Preview: Tula Autumn Cup 2026 — Sports mahjong (MCR), 2026-09-05" in text
    assert (
        "KT (CHUT 16, CHS 6) |  | 0.5 | KT_CHS 0.6 + KT_CHUT -0.1 (row 16) + KT_EU 0 "
        "(mean EU 0) + KT_W 0"
    ) in text
    assert (
        "1. Player 01 (RMF-0001) | 12k | 6k | NR*KT 500 (NR 1000), norm 6k; "
        "level raised (kyu levels are for life)"
    ) in text
    assert "2. Player 02 (RMF-0002) | 12k | 7k | NR*KT 466.67 (NR 933.33), norm 7k" in text
    assert "15-16. Player 16 (RMF-0016) | 12k | 12k | NR*KT 16.67 (NR 33.33), norm 12k" in text
    assert await version_of(db, "tula-autumn-2026") == (0, {}, "")  # the preview wrote nothing

    saved = await dispatch(services, user("boss"), preview.buttons[0].action)
    assert saved.plain == "Saved: Tula Autumn Cup 2026, version 1."
    version, params, _ = await version_of(db, "tula-autumn-2026")
    assert (version, params["KT"], params["KT_EU"], params["chs"]) == (1, "0.50", "0.00", 6)
    rating = (await dispatch(services, user("u1"), "/rating RMF-0001")).plain
    assert "Title: 6k (since 2026-09-05)" in rating
    assert "Points: NRKT 500" in rating
    why = (await dispatch(services, user("u1"), "/why tula-autumn-2026 RMF-0002")).plain
    assert "NRKT = 466.67" in why
    assert "KT_CHUT = -0.10" in why and "KT = 0.50" in why
    assert "NR = 933.3333333333333333333333333" in why

    published = await dispatch(services, user("boss"), "/publish rmf-mcr 2026-10-01")
    assert published.plain.endswith("16 players.")
    # VT = 1.00 (0 whole months); Rating = 0.25 * 500 + 0.75 * (500 / 5) = 200.
    first = (await dispatch(services, user("u1"), "/rating RMF-0001")).plain
    assert "Position 1 of 16 in the list of 2026-10-01" in first
    assert "Rating: 200" in first
    assert "Next: 5k: NR*KT ≥ 750 in one tournament" in first
    top = (await dispatch(services, user("u1"), "/top rmf-mcr 16")).plain
    # 0.25 * 250 + 0.75 * (1400/3) / 5 = 62.5 + 70 = 132.5
    assert "2 | Player 02 (RMF-0002) | 132.5 | 7k" in top
    # Shared places, equal ratings, shared position: 0.75 * (50/3) / 5 = 2.5.
    assert "15 | Player 15 (RMF-0015) | 2.5 | 12k" in top
    assert "15 | Player 16 (RMF-0016) | 2.5 | 12k" in top


async def test_pasted_table_with_levels_uses_the_database(services: Services, db: Database) -> None:
    await seed(db)
    pasted = sheet(levels={1: "D2", 3: "12k"})
    preview = await dispatch(services, user("boss"), "/submit rmf-mcr\n" + pasted)
    text = preview.plain
    # The level column is not trusted: everybody is 12k in the database, so KT is still 0.50.
    assert "| 0.5 |" in text
    assert "1. Player 01 (RMF-0001) | 12k | 6k |" in text
    assert "the file says D2" in text
    assert (
        "⚠ line 11: RMF-0001 has level D2 in the file but 12k in the database; "
        "the database's level is used"
    ) in text
    saved = await dispatch(services, user("boss"), preview.buttons[0].action)
    assert saved.plain == "Saved: Tula Autumn Cup 2026, version 1."


async def test_non_director_is_refused_and_nothing_written(
    services: Services, db: Database
) -> None:
    await seed(db)
    reply = await dispatch(services, user("u1"), "/submit rmf-mcr\n" + sheet())
    assert reply.plain == "Only a director of RMF may do this."
    assert not reply.buttons
    assert await version_of(db, "tula-autumn-2026") == (0, {}, "")


async def test_unknown_player_and_wrong_discipline_are_refused(
    services: Services, db: Database
) -> None:
    await seed(db)
    unknown = sheet().replace("7; RMF-0007", "7; RMF-0099")
    reply = await dispatch(services, user("boss"), "/submit rmf-mcr\n" + unknown)
    # Line 17 of the sheet (line 1 is the comment); the command line is not part of it.
    assert reply.plain == (
        "Not accepted, nothing was written: line 17, field 'player': "
        "unknown player ID 'RMF-0099' in RMF"
    )
    sichuan = sheet(discipline="sichuan")
    wrong = await dispatch(services, user("boss"), "/submit rmf-mcr\n" + sichuan)
    assert wrong.plain == (
        "Not accepted, nothing was written: line 5, field 'discipline': this is a Sichuan "
        "mahjong tournament but rmf-mcr is the sports mahjong (MCR) list; submit it to "
        "rmf-sichuan"
    )
    assert not wrong.buttons
    assert await version_of(db, "tula-autumn-2026") == (0, {}, "")


async def test_a_tournament_below_the_table_is_refused(services: Services, db: Database) -> None:
    await seed(db)
    head, _, _ = sheet(chut=11).partition("place; player\n")
    small = head + "place; player\n" + "".join(f"{n}; RMF-{n:04d}\n" for n in range(1, 12))
    reply = await dispatch(services, user("boss"), "/submit rmf-mcr\n" + small)
    assert reply.plain.startswith(
        "Not accepted, nothing was written: line 7: CHUT 11 is below 12: the tournament is "
        "not ratable"
    )
    assert await version_of(db, "tula-autumn-2026") == (0, {}, "")


def test_parse_import_checks_the_two_column_table() -> None:
    parsed = parse_import(sheet())
    assert not parsed.levels_given
    assert parsed.sheet.tournament.entries[0] == rmf.Entry("RMF-0001", 1)
    bad = sheet().replace("3; RMF-0003", "3; RMF-0003; 2k")
    with pytest.raises(InputError) as caught:
        parse_import(bad)
    assert (caught.value.line, caught.value.field) == (13, "players")


async def test_correction_makes_version_2_and_replays_later_tournaments(
    services: Services, db: Database
) -> None:
    """T2 (2026-10-10, same field and order) has KT_EU from the levels after T1: mean EU
    3050 / 16 = 190.6 -> 0.15, KT = 0.65. Correcting T1 to CHS 2 (KT 0.10: NR*KT 100 for the
    winner, norm 10k; 93.33 ... 53.33 for places 2-8, norm 11k; below 50 for the rest) leaves
    EU sum 100 + 7 * 50 = 450, mean 28.1 -> KT_EU 0.00, so T2 is re-rated with KT 0.50."""
    await seed(db)
    first = await submit_and_confirm(services, sheet())
    second = await submit_and_confirm(
        services, sheet(code="kazan-cup-2026", name="Kazan Cup 2026", held="2026-10-10")
    )
    assert (first, second) == (
        "Saved: Tula Autumn Cup 2026, version 1.",
        "Saved: Kazan Cup 2026, version 1.",
    )
    version, params, _ = await version_of(db, "kazan-cup-2026")
    assert (version, params["KT_EU"], params["KT"]) == (1, "0.15", "0.65")

    preview = await dispatch(services, user("boss"), "/submit rmf-mcr\n" + sheet(chs=2))
    text = preview.plain
    assert "tula-autumn-2026 is stored (version 1): this correction becomes version 2" in text
    assert "Stored tournaments re-rated because of this submission: Kazan Cup 2026" in text
    assert "1. Player 01 (RMF-0001) | 12k | 10k | NR*KT 100 (NR 1000), norm 10k" in text
    saved = await dispatch(services, user("boss"), preview.buttons[0].action)
    assert saved.plain == "Saved: Tula Autumn Cup 2026, version 2."

    assert (await version_of(db, "tula-autumn-2026"))[:2][0] == 2
    version, params, reason = await version_of(db, "kazan-cup-2026")
    assert (version, params["KT_EU"], params["KT"]) == (2, "0.00", "0.50")
    assert reason == "replayed after correction of tula-autumn-2026"
    rating = (await dispatch(services, user("u1"), "/rating RMF-0001")).plain
    assert "Points: NRKT 600" in rating  # 100 (T1 v2) + 500 (T2 v2)
    assert "Title: 6k (since 2026-10-10)" in rating

    # A correction that changes no later KT replays nothing.
    again = await dispatch(
        services, user("boss"), "/submit rmf-mcr\n" + sheet(chs=2, name="Tula Autumn Cup")
    )
    assert "re-rated" not in again.plain
    assert "this correction becomes version 3" in again.plain


async def test_a_correction_moving_the_date_replays_what_it_left(
    services: Services, db: Database
) -> None:
    """T1 moved from 2026-09-05 to 2026-10-20, after T2 (2026-10-10): T2's players are all
    12k at its start again, so T2's KT_EU falls from 0.15 to 0 and T2 is re-rated (KT 0.50)."""
    await seed(db)
    await submit_and_confirm(services, sheet())
    await submit_and_confirm(
        services, sheet(code="kazan-cup-2026", name="Kazan Cup 2026", held="2026-10-10")
    )
    moved = await submit_and_confirm(services, sheet(held="2026-10-20"))
    assert moved == "Saved: Tula Autumn Cup 2026, version 2."
    version, params, reason = await version_of(db, "kazan-cup-2026")
    assert (version, params["KT_EU"], params["KT"]) == (2, "0.00", "0.50")
    assert reason == "replayed after correction of tula-autumn-2026"
    version, params, _ = await version_of(db, "tula-autumn-2026")
    # T1 now follows T2: its players hold the levels T2 gave (the same field): KT_EU 0.15.
    assert (version, params["KT_EU"]) == (2, "0.15")


async def test_compute_list_by_hand(services: Services, db: Database) -> None:
    """List of 2027-01-01 after T1 (2026-09-05, KT 0.50) and T2 (2026-10-10, KT 0.65).

    T1 is 3 whole months old (VT 0.92), T2 is 2 (VT 1.00).
    RMF-0001: NR*KT 500 and 650; level 6k (650 meets 6k again) = 500.
      T5 = (650 + 0.92 * 500) / 5 = 1110 / 5 = 222; Rating = 125 + 166.5 = 291.5.
    RMF-0002: 466.67 and 933.33 * 0.65 = 606.67 (norm 6k) -> 6k = 500.
      T5 = (1820/3 + 0.92 * 1400/3) / 5 = 1036 / 5 = 207.2; Rating = 125 + 155.4 = 280.4.
    """
    ids = await seed(db)
    await submit_and_confirm(services, sheet())
    await submit_and_confirm(
        services, sheet(code="kazan-cup-2026", name="Kazan Cup 2026", held="2026-10-10")
    )
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code("rmf-mcr")
        assert discipline is not None
        computed = (
            await all_systems()
            .adapter("mahjong_rmf")
            .compute_list(repos, discipline, date(2027, 1, 1))
        )
    rows = {row.player_id: row for row in computed.rows}
    one, two = rows[ids["RMF-0001"]], rows[ids["RMF-0002"]]
    assert (one.position, one.rating, one.title) == (1, Decimal("291.5"), "6k")
    assert (two.position, two.rating, two.title) == (2, Decimal("280.4"), "6k")
    assert one.data is not None and two.data is not None
    assert [(c["tournament"], c["VT"], c["NRKT"], c["NRKTVT"]) for c in one.data["counted"]] == [
        ("kazan-cup-2026", "1.00", "650.00", "650.00"),
        ("tula-autumn-2026", "0.92", "500.00", "460.00"),
    ]
    assert [c["NR"] for c in two.data["counted"]] == ["933.33", "933.33"]
    # The exact figures are in the row's trace (what /why and /history rest on).
    steps = {step["name"]: step["value"] for step in two.data["trace"]}
    assert steps["NRKTVT_1"] == "606.6666666666666666666666667"
    assert steps["Rating"] == "280.4"
    assert one.data["T5"] == "222"
    assert Decimal(two.data["T5"]) == Decimal("207.2")
    assert one.data["next"] == "5k: NR*KT ≥ 750 in one tournament"
    # Shared places 15-16 in both: equal ratings share position 15.
    assert rows[ids["RMF-0015"]].position == rows[ids["RMF-0016"]].position == 15
    # Levels already titled by the tournaments: the list adds no title.
    assert computed.titles == []
    # The other discipline has its own (empty) list.
    async with db.read() as repos:
        sichuan = await repos.federations.discipline_by_code("rmf-sichuan")
        assert sichuan is not None
        empty = await ADAPTER.compute_list(repos, sichuan, date(2027, 1, 1))
    assert empty.rows == []


async def test_one_year_check_at_publication(services: Services, db: Database) -> None:
    """A world championship (KT_W 1) of CHUT 40, CHS 10: KT = 1.0 + 0.5 + 0 + 1.0 = 2.5.
    The winner's NR*KT 2500 lifts him to 1 dan and adds one '+' (D1+); second place
    974.36 * 2.5 = 2435.9 gives 1 dan (for life). On the list of 2026-07-01, a year after
    2025-06-14 with no confirmation, the '+' is cancelled by a '-': D1, titled that day.
    His rating: 0.25 * 2000 + 0.75 * (2500 * VT 0.68 (12 months)) / 5 = 500 + 255 = 755."""
    ids = await seed(db)
    await submit_and_confirm(
        services,
        sheet(
            code="wmc-2025",
            name="World Championship 2025",
            held="2025-06-14",
            chut=40,
            chs=10,
            kind="world_championship",
        ),
    )
    rating = (await dispatch(services, user("u1"), "/rating RMF-0001")).plain
    assert "Title: D1+ (since 2025-06-14)" in rating
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code("rmf-mcr")
        assert discipline is not None
        before = await ADAPTER.compute_list(repos, discipline, date(2026, 6, 1))
    row = next(r for r in before.rows if r.player_id == ids["RMF-0001"])
    assert row.title == "D1+" and before.titles == []
    assert row.data is not None
    assert row.data["next"] == (
        "D2: NR*KT ≥ 2500 in one tournament; to keep D1+: NR*KT ≥ 2000 before 2026-06-14"
    )

    await dispatch(services, user("boss"), "/publish rmf-mcr 2026-07-01")
    after = (await dispatch(services, user("u1"), "/rating RMF-0001")).plain
    assert "Title: D1 (since 2026-07-01)" in after
    assert "Rating: 755" in after
    assert "Next: D1+: NR*KT ≥ 2500 in one tournament; D1 is kept for life" in after
    second = (await dispatch(services, user("u1"), "/rating RMF-0002")).plain
    assert "Title: D1 (since 2025-06-14)" in second


def test_next_text_at_the_top_level() -> None:
    top = rmf.Level(len(rmf.LEVEL_VALUES) - 1, 0, date(2026, 3, 1))
    assert next_text(rmf.level_needs(top)) == (
        "D12 is the highest level; to keep D12: NR*KT ≥ 7500 before 2027-03-01"
    )


@pytest.mark.slow
async def test_demo_loads_a_list(services: Services, db: Database) -> None:
    await load_demo(db, all_systems())
    top = (await dispatch(services, user("u1"), "/top rmf-mcr 3")).plain
    assert "Sports mahjong (MCR): list of 2026-11-01 (top 3 of" in top
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code("rmf-mcr")
        assert discipline is not None
        snapshot = await repos.lists.latest(discipline.id)
        assert snapshot is not None
        rows = await repos.lists.top(snapshot.id, 3)
        best, player = rows[0]
        label = f"{player.name} ({player.federation_player_id})"
        fpid, rating_value, data = player.federation_player_id, best.rating, dict(best.data)
    # The rating is what its counted tournaments say: 0.25 EU + 0.75 * sum(NRKT * VT) / 5.
    counted = data["counted"]
    assert 1 <= len(counted) <= 5
    for c in counted:
        # Both shown to hundredths: equal up to that rounding.
        assert abs(Decimal(c["NRKTVT"]) - Decimal(c["NRKT"]) * Decimal(c["VT"])) < Decimal("0.01")
    exact = [
        Decimal(str(step["value"]))
        for step in data["trace"]
        if str(step["name"]).startswith("NRKTVT_")
    ]
    assert len(exact) == len(counted)
    t5 = sum(exact, Decimal(0)) / 5
    assert rating_value == half_up(Decimal(data["EU"]) / 4 + t5 * 3 / 4, 2)
    assert rating_value > 1000  # two years of results give dan players at the top
    assert f"1 | {label} | {rating_value.normalize():f} | " in top
    rating = await dispatch(services, user("u1"), f"/rating {fpid}")
    assert f"Rating: {rating_value.normalize():f}" in rating.plain
    assert "Next: " in rating.plain
    async with db.read() as repos:
        sichuan = await repos.federations.discipline_by_code("rmf-sichuan")
        assert sichuan is not None
        assert await repos.lists.latest(sichuan.id) is not None
    assert NOW.year == 2026
