"""/playerdata: directors set the player facts a rulebook reads; bad values are refused."""

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from tests.conftest import user
from tests.factories import NOW


async def _fsbr(db: Database) -> None:
    async with db.transaction() as repos:
        fed = await repos.federations.add("FSBR", "Russian Bridge Federation", "Europe/Moscow")
        await repos.federations.add_discipline(fed, "fsbr", "FSBR", "bridge_fsbr", "monthly")
        await repos.players.add(fed.id, "FSBR-0001", "Olga Smirnova")
        boss = await repos.accounts.get_or_create(
            "console", "boss", display_name="boss", language=None, now=NOW
        )
        await repos.accounts.set_role(boss.id, fed.id, "director")


async def test_set_show_and_refuse(services: Services, db: Database) -> None:
    await _fsbr(db)
    saved = await dispatch(
        services, user("boss"), '/playerdata FSBR-0001 bridge_fsbr.ebl_points [["2025-05-01", 12]]'
    )
    assert saved.plain == "Saved bridge_fsbr.ebl_points for Olga Smirnova (FSBR-0001)."
    shown = await dispatch(services, user("boss"), "/playerdata FSBR-0001")
    assert shown.private
    assert '"ebl_points"' in shown.plain and "2025-05-01" in shown.plain

    refused = await dispatch(
        services, user("boss"), "/playerdata FSBR-0001 bridge_fsbr.initial_rk 7"
    )
    assert refused.plain.startswith("Not accepted, nothing was written:")
    assert "initial_rk" in refused.plain
    bad_json = await dispatch(services, user("boss"), "/playerdata FSBR-0001 bridge_fsbr.titles [x")
    assert bad_json.plain.startswith("The value is not valid JSON")
    async with db.read() as repos:
        player = (await repos.players.find("FSBR-0001"))[0]
        assert player.data == {"bridge_fsbr": {"ebl_points": [["2025-05-01", 12]]}}
        changes = [a.details for a in await repos.audit.entries("player.data_changed")]
    assert changes == [
        {"key": "bridge_fsbr.ebl_points", "before": None, "after": [["2025-05-01", 12]]}
    ]

    removed = await dispatch(
        services, user("boss"), "/playerdata FSBR-0001 bridge_fsbr.ebl_points -"
    )
    assert removed.plain.startswith("Saved")
    async with db.read() as repos:
        assert (await repos.players.find("FSBR-0001"))[0].data == {"bridge_fsbr": {}}


async def test_only_directors(services: Services, db: Database) -> None:
    await _fsbr(db)
    reply = await dispatch(services, user("u1"), "/playerdata FSBR-0001 bridge_fsbr.initial_rk 1")
    assert reply.plain == "Only a director of FSBR may do this."
    async with db.read() as repos:
        assert (await repos.players.find("FSBR-0001"))[0].data == {}


async def test_an_unknown_key_is_refused_naming_the_valid_ones(
    services: Services, db: Database
) -> None:
    """A typo is not kept silently: the key nobody reads is refused, the valid ones listed;
    removing a key already stored (an old typo) is allowed."""
    await _fsbr(db)
    typo = await dispatch(
        services, user("boss"), '/playerdata FSBR-0001 bridge_fsbr.ebl_point [["2025-05-01", 12]]'
    )
    assert typo.plain == (
        "No rulebook of this federation reads “bridge_fsbr.ebl_point”, so it is not saved. "
        "Keys: bridge_fsbr.ebl_points, bridge_fsbr.initial_rk, bridge_fsbr.points, "
        "bridge_fsbr.rk_history, bridge_fsbr.titles."
    )
    other = await dispatch(services, user("boss"), "/playerdata FSBR-0001 go_ufgo.ik 5")
    assert other.plain.startswith("No rulebook of this federation reads “go_ufgo.ik”")
    async with db.transaction() as repos:
        player = (await repos.players.find("FSBR-0001"))[0]
        assert player.data in (None, {})
        player.data = {"bridge_fsbr": {"old_typo": 1}}
    removed = await dispatch(services, user("boss"), "/playerdata FSBR-0001 bridge_fsbr.old_typo -")
    assert removed.plain.startswith("Saved")


async def test_rmf_levels_are_a_key_of_playerdata(services: Services, db: Database) -> None:
    """The registry's ``mahjong_rmf.levels`` is /playerdata's key too (issue 33): a dan needs
    the date it was awarded or last confirmed, a kyu takes none, a discipline is mcr or
    sichuan; a refusal writes nothing."""
    async with db.transaction() as repos:
        fed = await repos.federations.add("RMF", "Russian Mahjong Federation", "Europe/Moscow")
        await repos.federations.add_discipline(fed, "rmf-mcr", "MCR", "mahjong_rmf", "monthly")
        await repos.players.add(fed.id, "RMF-0001", "Ivan Ivanov")
        boss = await repos.accounts.get_or_create(
            "console", "boss", display_name="boss", language=None, now=NOW
        )
        await repos.accounts.set_role(boss.id, fed.id, "director")
    saved = await dispatch(
        services,
        user("boss"),
        '/playerdata RMF-0001 mahjong_rmf.levels {"mcr": ["D2+", "2026-03-14"], "sichuan": ["3k"]}',
    )
    assert saved.plain == "Saved mahjong_rmf.levels for Ivan Ivanov (RMF-0001)."
    for value, why in [
        ('{"mcr": ["D2+"]}', "a dan level needs the date"),
        ('{"mcr": ["3k", "2026-03-14"]}', "3k is kept for life and takes no date"),
        ('{"riichi": ["3k"]}', "names 'riichi', not a discipline"),
        ('{"mcr": ["D2", "14.03.2026"]}', "'14.03.2026' is not a date"),
        ('{"mcr": ["D2++", "2026-03-14"]}', "at most one mark"),
    ]:
        refused = await dispatch(
            services, user("boss"), f"/playerdata RMF-0001 mahjong_rmf.levels {value}"
        )
        assert refused.plain.startswith("Not accepted, nothing was written:"), value
        assert why in refused.plain, refused.plain
    async with db.read() as repos:
        player = (await repos.players.find("RMF-0001"))[0]
        assert player.data == {
            "mahjong_rmf": {"levels": {"mcr": ["D2+", "2026-03-14"], "sichuan": ["3k"]}}
        }
