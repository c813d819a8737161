"""Preparing a director's sheet through /submit and /confirm: the preview, the players, the
refusals (nothing written). The sheet is the hand-worked one of :mod:`.helpers`."""

from __future__ import annotations

from dataclasses import replace

from fedrank.handlers.context import IncomingFile, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from tests.conftest import user
from tests.handlers.systems.mahjong_rmf.helpers import seed, sheet, version_of


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
    assert saved.plain == "Saved: Tula Autumn Cup 2026, version 1, code tula-autumn-2026."
    version, params, _ = await version_of(db, "tula-autumn-2026")
    assert (version, params["KT"], params["KT_EU"], params["chs"]) == (1, "0.50", "0.00", 6)
    rating = (await dispatch(services, user("u1"), "/rating RMF-0001")).plain
    assert "Title: 6k (since 2026-09-05)" in rating
    assert "Points: NRKT 500" in rating
    why = (await dispatch(services, user("u1"), "/why tula-autumn-2026 RMF-0002")).plain
    assert "NRKT = 466.67" in why
    assert "KT_CHUT = -0.10" in why and "KT = 0.50" in why
    # NR at six places for reading (issue 33); the stored trace keeps every digit.
    assert "NR = 933.333333  [" in why and "933.3333333" not in why

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
    ids = await seed(db)
    async with db.transaction() as repos:  # the registry holds 12k for him
        data = {"mahjong_rmf": {"levels": {"mcr": ["12k"]}}}
        await repos.players.update_registry(ids["RMF-0001"], {"data": data})
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
    assert saved.plain == "Saved: Tula Autumn Cup 2026, version 1, code tula-autumn-2026."


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
    assert reply.plain.startswith(
        "1 name in pasted.txt is not settled in the RMF registry; nothing is written yet:\n"
        "1. line 17: RMF-0099 — not registered"
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


async def test_a_player_listed_twice_is_refused(services: Services, db: Database) -> None:
    await seed(db)
    twice = sheet().replace("7; RMF-0007", "7; rmf-0003")
    reply = await dispatch(services, user("boss"), "/submit rmf-mcr\n" + twice)
    assert reply.plain == (
        "Not accepted, nothing was written: line 17, field 'player': "
        "rmf-0003 is listed twice (first on line 13)"
    )
