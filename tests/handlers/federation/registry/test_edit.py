"""/playeradd and /playeredit: one player, a director's, checked like an import, audited."""

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from tests.conftest import user
from tests.factories import NOW


async def _fsbr(db: Database) -> None:
    async with db.transaction() as repos:
        fed = await repos.federations.add("FSBR", "Russian Bridge Federation", "Europe/Moscow")
        await repos.federations.add_discipline(fed, "fsbr", "FSBR", "bridge_fsbr", "monthly")
        await repos.players.add(fed.id, "FSBR-0007", "Olga Smirnova")
        boss = await repos.accounts.get_or_create(
            "console", "boss", display_name="boss", language=None, now=NOW
        )
        await repos.accounts.set_role(boss.id, fed.id, "director")


async def test_a_director_adds_a_player_with_the_next_id(services: Services, db: Database) -> None:
    await _fsbr(db)
    added = await dispatch(
        services,
        user("boss"),
        '/playeradd FSBR name="Иван Петров" birth_date=01.02.1990 sex=m'
        " bridge_fsbr.initial_rk=-2.5",
    )
    assert added.plain == "Added Иван Петров (FSBR-0008) to the registry."
    async with db.read() as repos:
        player = await repos.players.by_federation_id(1, "FSBR-0008")
        assert player is not None
        assert (player.gender, player.data) == ("M", {"bridge_fsbr": {"initial_rk": -2.5}})
        logged = [e.account_id for e in await repos.audit.entries("player.registry_imported")]
    assert logged and logged[0] is not None
    again = await dispatch(services, user("boss"), "/playeradd FSBR id=FSBR-0008 name=X")
    assert again.plain == "The registry already has FSBR-0008; change it with /playeredit."


async def test_a_director_edits_one_player_audited(services: Services, db: Database) -> None:
    await _fsbr(db)
    saved = await dispatch(
        services, user("boss"), '/playeredit FSBR-0007 club="Club A" egd_pin=12345678'
    )
    assert saved.plain == "Saved Olga Smirnova (FSBR-0007): club, egd_pin."
    same = await dispatch(services, user("boss"), '/playeredit FSBR-0007 club="Club A"')
    assert same.plain == "Nothing changes for Olga Smirnova (FSBR-0007)."
    async with db.read() as repos:
        (entry,) = await repos.audit.entries("player.registry_changed")
        assert entry.subject == "FSBR-0007"
        assert entry.details["before"] == {"club": None, "egd_pin": None}
        assert entry.details["after"] == {"club": "Club A", "egd_pin": "12345678"}


async def test_refusals_write_nothing(services: Services, db: Database) -> None:
    await _fsbr(db)
    bad = await dispatch(
        services, user("boss"), "/playeredit FSBR-0007 sex=X bridge_fsbr.initial_rk=7 colour=red"
    )
    assert bad.plain.startswith("Not accepted, nothing was written:")
    assert "colour" in bad.plain and "sex" in bad.plain
    player_only = await dispatch(services, user("nobody"), "/playeredit FSBR-0007 club=X")
    assert "director" in player_only.plain
    usage = await dispatch(services, user("boss"), "/playeredit FSBR-0007")
    assert usage.plain.startswith("Usage: /playeredit")
    async with db.read() as repos:
        player = await repos.players.by_federation_id(1, "FSBR-0007")
        assert player is not None and player.club is None
        assert not await repos.audit.entries("player.registry_changed")
