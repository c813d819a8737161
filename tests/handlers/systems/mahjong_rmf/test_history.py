"""The stored history: corrections and late results re-rate the later tournaments whose KT
changes; versions not stored by this adapter are skipped; the unit of work reads each once."""

from __future__ import annotations

from datetime import date

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.systems.mahjong_rmf import stored_history
from fedrank.storage.database import Database
from tests.conftest import user
from tests.factories import NOW
from tests.handlers.systems.mahjong_rmf.helpers import seed, sheet, submit_and_confirm, version_of


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
        "Saved: Tula Autumn Cup 2026, version 1, code tula-autumn-2026.",
        "Saved: Kazan Cup 2026, version 1, code kazan-cup-2026.",
    )
    version, params, _ = await version_of(db, "kazan-cup-2026")
    assert (version, params["KT_EU"], params["KT"]) == (1, "0.15", "0.65")

    preview = await dispatch(services, user("boss"), "/submit rmf-mcr\n" + sheet(chs=2))
    text = preview.plain
    assert "tula-autumn-2026 is stored (version 1): this correction becomes version 2" in text
    assert "Stored tournaments re-rated because of this submission: Kazan Cup 2026" in text
    assert "1. Player 01 (RMF-0001) | 12k | 10k | NR*KT 100 (NR 1000), norm 10k" in text
    saved = await dispatch(services, user("boss"), preview.buttons[0].action)
    assert saved.plain == "Saved: Tula Autumn Cup 2026, version 2, code tula-autumn-2026."

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
    assert "re-rated because" not in again.plain
    assert "No other stored tournament is re-rated." in again.plain
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
    assert moved == "Saved: Tula Autumn Cup 2026, version 2, code tula-autumn-2026."
    version, params, reason = await version_of(db, "kazan-cup-2026")
    assert (version, params["KT_EU"], params["KT"]) == (2, "0.00", "0.50")
    assert reason == "replayed after correction of tula-autumn-2026"
    version, params, _ = await version_of(db, "tula-autumn-2026")
    # T1 now follows T2: its players hold the levels T2 gave (the same field): KT_EU 0.15.
    assert (version, params["KT_EU"]) == (2, "0.15")


async def test_stored_history_skips_foreign_versions_and_reads_each_once(
    services: Services, db: Database
) -> None:
    await seed(db)
    await submit_and_confirm(services, sheet())
    async with db.transaction() as repos:
        discipline = await repos.federations.discipline_by_code("rmf-mcr")
        assert discipline is not None
        await repos.ledger.record_tournament(
            discipline_id=discipline.id,
            code="imported-elsewhere",
            name="Imported elsewhere",
            held_on=date(2026, 8, 1),
            params={},
            entries=[],
            games=[],
            awards=[],
            now=NOW,
        )
        stored, skipped = await stored_history(repos, discipline)
        assert [s.code for s in stored] == ["tula-autumn-2026"]
        assert skipped == ["imported-elsewhere"]
        assert (stored[0].version, stored[0].held_on) == (1, date(2026, 9, 5))
        again, _ = await stored_history(repos, discipline)
        assert again[0] is stored[0]  # the unit of work's memo, not a second conversion
        sichuan = await repos.federations.discipline_by_code("rmf-sichuan")
        assert sichuan is not None
        assert await stored_history(repos, sichuan) == ([], [])
    preview = await dispatch(
        services, user("boss"), "/submit rmf-mcr\n" + sheet(code="kazan", held="2026-10-10")
    )
    assert "not counted (stored without RMF parameters): imported-elsewhere" in preview.plain


async def test_a_correction_keeps_the_titles_its_tournament_still_gives(
    services: Services, db: Database
) -> None:
    """Only the name corrected: the same levels. The version 1 rows stop counting with it, so
    version 2 must write them again (its titles are not compared with the rows it replaces)."""
    await seed(db)
    await submit_and_confirm(services, sheet())
    before = (await dispatch(services, user("u1"), "/rating RMF-0001")).plain
    assert "Title: " in before and "(since 2026-09-05)" in before
    saved = await submit_and_confirm(services, sheet(name="Tula Autumn Cup 2026 (Kremlin)"))
    assert saved == "Saved: Tula Autumn Cup 2026 (Kremlin), version 2, code tula-autumn-2026."
    after = (await dispatch(services, user("u1"), "/rating RMF-0001")).plain
    title = next(line for line in before.splitlines() if "Title: " in line)
    assert title in after
