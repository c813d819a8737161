"""What ``/submit`` makes of an RMF sheet as directors write it (issue 33), from an empty
database through ``dispatch``. Level cells against the registry (RULES.md mahjong_rmf, Decision
"levels brought in"; docs/engines/mahjong_rmf.md, "Levels a sheet gives"): an empty cell is "no
level given", a cell that disagrees with the registry is a warning and the registry holds, and
a player the registry holds no level for and the federation has never rated brings the sheet's
level. A table shorter than its ``chut`` is warned."""

from __future__ import annotations

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from tests.conftest import user
from tests.handlers.systems.mahjong_rmf.helpers import PLAYERS, seed, sheet, version_of

EMPTY = {n: "" for n in range(1, PLAYERS + 1)}


async def _registry_level(db: Database, player_id: int, label: str) -> None:
    """The level the federation brought for a player, where its registry keeps it."""
    async with db.transaction() as repos:
        data = {"mahjong_rmf": {"levels": {"mcr": [label]}}}
        await repos.players.update_registry(player_id, {"data": data})


async def test_empty_level_cells_take_the_registry_level_or_12_kyu(
    services: Services, db: Database
) -> None:
    ids = await seed(db)
    await _registry_level(db, ids["RMF-0002"], "1k")
    preview = await dispatch(services, user("boss"), "/submit rmf-mcr\n" + sheet(levels=EMPTY))
    text = preview.plain
    assert preview.buttons, text  # an empty cell is no longer refused
    # Mean EU 1750 / 16 = 109.4: KT_EU 0.10, KT 0.60.
    assert "KT_EU 0.1 (mean EU 109.4)" in text
    assert "1. Player 01 (RMF-0001) | 12k | 6k |" in text  # never rated: 12 kyu (0)
    assert "2. Player 02 (RMF-0002) | 1k | 1k |" in text  # the registry's level
    assert "the file says" not in text and "⚠ line" not in text
    saved = await dispatch(services, user("boss"), preview.buttons[0].action)
    assert saved.plain.startswith("Saved: Tula Autumn Cup 2026, version 1")
    _, params, _ = await version_of(db, "tula-autumn-2026")
    assert params["KT"] == "0.60" and "levels_brought" not in params


async def test_a_cell_that_disagrees_with_the_registry_is_a_warning_and_the_registry_holds(
    services: Services, db: Database
) -> None:
    ids = await seed(db)
    await _registry_level(db, ids["RMF-0002"], "1k")
    text = (
        await dispatch(
            services, user("boss"), "/submit rmf-mcr\n" + sheet(levels={**EMPTY, 2: "D2"})
        )
    ).plain
    assert "2. Player 02 (RMF-0002) | 1k | 1k |" in text
    assert "the file says D2" in text
    assert (
        "⚠ line 12: RMF-0002 has level D2 in the file but 1k in the database; "
        "the database's level is used"
    ) in text
    assert "KT_EU 0.1 (mean EU 109.4)" in text  # D2 (2500) is not counted


async def test_a_never_rated_player_without_a_registry_level_brings_the_sheets_level(
    services: Services, db: Database
) -> None:
    ids = await seed(db)
    first = sheet(levels={**EMPTY, 1: "D2"})
    preview = await dispatch(services, user("boss"), "/submit rmf-mcr\n" + first)
    text = preview.plain
    # Mean EU 2500 / 16 = 156.3: KT_EU 0.15, KT 0.65; NR*KT 650 is below D2's norm: D2 held.
    assert "KT_EU 0.15 (mean EU 156.3)" in text
    assert "1. Player 01 (RMF-0001) | D2 | D2 |" in text
    assert (
        "⚠ line 11: RMF-0001 has no level in the registry and no tournament in rmf-mcr: the "
        "sheet's level D2 is taken as the level he brings"
    ) in text
    await dispatch(services, user("boss"), preview.buttons[0].action)
    _, params, _ = await version_of(db, "tula-autumn-2026")
    assert params["levels_brought"] == {str(ids["RMF-0001"]): ["D2", "2026-09-05"]}

    # Rated once, he is no longer "never rated": the next sheet's level cell is only compared
    # with the level his history holds, which starts from the level he brought.
    second = sheet(code="tula-winter-2026", held="2026-10-10", levels={**EMPTY, 1: "12k"})
    text = (await dispatch(services, user("boss"), "/submit rmf-mcr\n" + second)).plain
    assert "1. Player 01 (RMF-0001) | D2 |" in text
    assert (
        "⚠ line 11: RMF-0001 has level 12k in the file but D2 in the database; "
        "the database's level is used"
    ) in text
    assert "has no level in the registry" not in text

    # The list reads the brought level as the preview did.
    await dispatch(services, user("boss"), "/publish rmf-mcr 2026-10-01")
    assert "Title: D2" in (await dispatch(services, user("u1"), "/rating RMF-0001")).plain


async def test_the_registry_level_given_later_holds_over_the_brought_one(
    services: Services, db: Database
) -> None:
    ids = await seed(db)
    preview = await dispatch(
        services, user("boss"), "/submit rmf-mcr\n" + sheet(levels={**EMPTY, 1: "D2"})
    )
    await dispatch(services, user("boss"), preview.buttons[0].action)
    await _registry_level(db, ids["RMF-0001"], "3k")
    second = sheet(code="tula-winter-2026", held="2026-10-10", levels=EMPTY)
    text = (await dispatch(services, user("boss"), "/submit rmf-mcr\n" + second)).plain
    # The registry's 3k (1250) starts his history: the first tournament's norm 6k leaves him
    # 3k (kyu levels only rise), and the level the first sheet brought no longer counts.
    assert "1. Player 01 (RMF-0001) | 3k |" in text
    assert "⚠ line" not in text


async def test_a_table_shorter_than_its_chut_is_warned_in_the_preview(
    services: Services, db: Database
) -> None:
    """Issue 33: four lines for ``chut: 16`` are previewed with a warning, not stored silently."""
    await seed(db)
    short = "\n".join(sheet().splitlines()[:14]) + "\n"  # the header and players 1-4
    preview = await dispatch(services, user("boss"), "/submit rmf-mcr\n" + short)
    assert preview.buttons, preview.plain
    assert (
        "⚠ the table ranks 4 players but CHUT is 16: 12 of the players counted have no line; "
        "check the table is complete"
    ) in preview.plain
    assert await version_of(db, "tula-autumn-2026") == (0, {}, "")


async def test_a_correction_brings_the_level_again_after_later_tournaments(
    services: Services, db: Database
) -> None:
    """The level a sheet brought is the version's: a correction of that tournament (stored
    after a later one rated the player) brings it again, and the later one keeps its KT."""
    ids = await seed(db)
    first = sheet(levels={**EMPTY, 1: "D2"})
    later = sheet(code="tula-winter-2026", held="2026-10-10", levels=EMPTY)
    for text in (first, later):
        preview = await dispatch(services, user("boss"), "/submit rmf-mcr\n" + text)
        await dispatch(services, user("boss"), preview.buttons[0].action)
    corrected = first.replace("chs: 6", "chs: 7")
    preview = await dispatch(services, user("boss"), "/submit rmf-mcr\n" + corrected)
    text = preview.plain
    assert "1. Player 01 (RMF-0001) | D2 | D2 |" in text
    assert "the sheet's level D2 is taken as the level he brings" in text
    await dispatch(services, user("boss"), preview.buttons[0].action)
    version, params, _ = await version_of(db, "tula-autumn-2026")
    assert version == 2 and params["levels_brought"] == {str(ids["RMF-0001"]): ["D2", "2026-09-05"]}
    _, winter, _ = await version_of(db, "tula-winter-2026")
    assert "levels_brought" not in winter
