"""What ``/submit`` makes of a CCBA event file as directors write it (issue 33), from a
federation with no event stored, through ``dispatch``: an entry marked absent earns nothing and
brings nothing (no opening holding from its lines, nobody registered from it), and a player
registered from a file that gives no name is said so in the preview, then named by the
registry once it is imported."""

from __future__ import annotations

from datetime import UTC, datetime

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.federation.registry.importing import prepare_import, write_import
from fedrank.handlers.site.pages import list_data
from fedrank.storage.database import Database
from tests.conftest import user
from tests.handlers.systems.bridge_ccba.helpers import ALL_300, event_file, seed

#: P08 (C9001, not registered, and CCBA-0016, a member without history) marked absent, each
#: with an opening of 9,000 in the file.
ABSENT = (
    event_file(mp={**ALL_300, 16: "9000"}, pairs={8: ("C9001", "CCBA-0016")})
    .replace("entry P08 place=8", "entry P08 status=absent")
    .replace("  player C9001", "  player C9001 mp=9000")
)


async def test_an_absent_entry_earns_nothing_and_registers_nobody(
    services: Services, db: Database
) -> None:
    await seed(db)
    preview = await dispatch(services, user("boss"), "/submit ccba --register-new\n" + ABSENT)
    text = preview.plain
    assert preview.buttons, text
    assert "absent C9001 · P08 | guest | — | absent and not in the database: not registered" in (
        text
    )
    assert (
        "absent Player 16 (CCBA-0016) · P08 | mp 0 | mp 0 | no award; absent: the file's "
        "holding is not taken (seed 001 §2.9.4)"
    ) in text
    assert "⚠ players of absent entries not in the database, not registered: C9001" in text
    assert "New players" not in text and "opening mp" in text  # the others' openings stand
    saved = await dispatch(services, user("boss"), preview.buttons[0].action)
    assert saved.plain.startswith("Saved:")
    async with db.read() as repos:
        federation = await repos.federations.by_code("CCBA")
        assert federation is not None
        assert await repos.players.by_federation_ids(federation.id, ["C9001"]) == {}
    await dispatch(services, user("boss"), "/publish ccba 2026-10-01")
    top = (await dispatch(services, user("u1"), "/top ccba 20")).plain
    assert "9000" not in top
    # Seven pairs count (N = 7), all holding 300: M = 3.00, R(1) = lg 7 - lg 2 = 0.54.
    assert "| Player 01 (CCBA-0001) | 301.62 |" in top
    assert "CCBA-0016" not in top  # holds nothing: no opening, no award
    rating = (await dispatch(services, user("u1"), "/rating CCBA-0016")).plain
    assert "opening" not in rating


async def test_a_player_registered_without_a_name_is_said_and_named_by_the_registry(
    services: Services, db: Database
) -> None:
    await seed(db)
    text = event_file(mp=ALL_300, pairs={7: ("C9003", "CCBA-0014")}).replace(
        "  player C9003", "  player C9003 mp=100"
    )
    preview = await dispatch(services, user("boss"), "/submit ccba --register-new\n" + text)
    said = preview.plain
    assert "New players, registered when you confirm (1): C9003 (C9003)" in said
    assert (
        "No name in the file for C9003: each is registered with the ID as the name until the "
        "registry gives one"
    ) in said
    await dispatch(services, user("boss"), preview.buttons[0].action)
    await dispatch(services, user("boss"), "/publish ccba 2026-10-01")
    assert "| C9003 (C9003) | 100 |" in (await dispatch(services, user("u1"), "/top ccba 20")).plain

    async with db.transaction() as repos:
        plan = await prepare_import(
            repos, services.systems, "CCBA", "registry.csv", b"id,name\nC9003,Wang Fang\n"
        )
        await write_import(repos, plan, now=datetime(2026, 10, 2, tzinfo=UTC))
    top = (await dispatch(services, user("u1"), "/top ccba 20")).plain
    assert "| Wang Fang (C9003) | 100 |" in top
    async with db.read() as repos:
        federation = await repos.federations.by_code("CCBA")
        discipline = await repos.federations.discipline_by_code("ccba")
        assert federation is not None and discipline is not None
        page = await list_data(repos, federation, discipline, datetime(2026, 10, 1).date())
    assert page is not None
    assert "Wang Fang" in repr(page) and "'C9003'" in repr(page)


async def test_a_named_new_player_is_not_said_to_lack_a_name(
    services: Services, db: Database
) -> None:
    """Only a line without a name is said: RMF's name-only lines register named players."""
    from tests.handlers.systems.mahjong_rmf.helpers import seed as rmf_seed
    from tests.handlers.systems.mahjong_rmf.helpers import sheet

    await rmf_seed(db)
    text = sheet().replace("RMF-0016", "Wang Fang")
    said = (await dispatch(services, user("boss"), "/submit rmf-mcr --register-new\n" + text)).plain
    assert "New players, registered when you confirm (1): Wang Fang (RMF-0017)" in said
    assert "No name in the file" not in said
