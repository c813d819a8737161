"""/player: everyone sees the public card; the federation's directors see it whole, privately."""

from datetime import date

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from tests.conftest import user
from tests.factories import NOW


async def _registry(db: Database) -> None:
    async with db.transaction() as repos:
        fed = await repos.federations.add("UFGO", "Ukrainian Go Federation", "Europe/Kyiv")
        other = await repos.federations.add("RMF", "Russian Mahjong Federation")
        olena = await repos.players.add(
            fed.id, "UFGO-0043", "Бондаренко Олена", country="UA", birth_date=date(1999, 4, 2)
        )
        olena.club, olena.latin_name, olena.egd_pin, olena.gender = (
            "Kyiv Go Club",
            "Bondarenko Olena",
            "18400123",
            "F",
        )
        await repos.players.add_membership(olena.id, date(2020, 1, 1), date(2025, 12, 31))
        for name, federation, role in (("boss", fed, "director"), ("stranger", other, "director")):
            account = await repos.accounts.get_or_create(
                "console", name, display_name=name, language=None, now=NOW
            )
            await repos.accounts.set_role(account.id, federation.id, role)


async def test_a_player_sees_the_public_part(services: Services, db: Database) -> None:
    await _registry(db)
    card = await dispatch(services, user("someone"), "/player UFGO-0043")
    assert not card.private
    assert card.plain.splitlines() == [
        "Бондаренко Олена (UFGO-0043)",
        "Federation: UFGO — Ukrainian Go Federation",
        "In Latin letters: Bondarenko Olena",
        "Club: Kyiv Go Club",
        "Country: UA",
    ]
    # A director of another federation is a player here.
    assert (await dispatch(services, user("stranger"), "/player Бондаренко")).plain == card.plain


async def test_a_director_sees_the_whole_card_privately(services: Services, db: Database) -> None:
    await _registry(db)
    card = await dispatch(services, user("boss", language="ru"), "/player UFGO-0043")
    assert card.private
    assert card.plain.splitlines()[-4:] == [
        "Дата рождения: 1999-04-02",
        "Пол: F",
        "EGD PIN: 18400123",
        "Членство: 2020-01-01 – 2025-12-31",
    ]


async def test_usage_and_unknown_player(services: Services, db: Database) -> None:
    await _registry(db)
    assert "/player <ID or name>" in (await dispatch(services, user("x"), "/player")).plain
    unknown = await dispatch(services, user("x"), "/player Nobody")
    assert "Nobody" in unknown.plain
