"""Suggestions for a search box: short reads, 25 at most, labels within 100 characters."""

from __future__ import annotations

from fedrank.handlers.context import Services
from fedrank.handlers.questions import suggest
from tests.factories import seed_federation


def test_fit_cuts_with_an_ellipsis() -> None:
    assert suggest.fit("short") == "short"
    assert suggest.fit("x" * 101) == "x" * 99 + "…"
    assert len(suggest.fit("y" * 500)) == suggest.TEXT_LIMIT


async def test_each_kind_of_suggestion(services: Services) -> None:
    await seed_federation(services.db)
    assert await suggest.disciplines(services, "") == [
        suggest.Suggestion("rmf-mcr — Sports mahjong", "rmf-mcr")
    ]
    assert await suggest.disciplines(services, "MAHJONG") == await suggest.disciplines(services, "")
    assert [s.value for s in await suggest.players(services, "RMF-002")] == ["RMF-002"]
    assert [s.value for s in await suggest.players(services, "petrov")] == ["RMF-002"]
    assert await suggest.players(services, "   ") == []
    (found,) = await suggest.tournaments(services, "open")
    assert found == suggest.Suggestion(
        "moscow-open-2026 — Moscow Open 2026 (2026-10-10)", "moscow-open-2026"
    )
    assert await suggest.tournaments(services, "%") == []  # a LIKE wildcard is a character


async def test_a_disabled_discipline_is_not_suggested(services: Services) -> None:
    await seed_federation(services.db)
    async with services.db.transaction() as repos:
        discipline = await repos.federations.discipline_by_code("rmf-mcr")
        assert discipline is not None
        discipline.disabled = True
    assert await suggest.disciplines(services, "") == []


async def test_a_discipline_is_labelled_in_the_language_asked(services: Services) -> None:
    await seed_federation(services.db)
    async with services.db.transaction() as repos:
        discipline = await repos.federations.discipline_by_code("rmf-mcr")
        assert discipline is not None
        discipline.names = {"ru": "Спортивный маджонг"}
    assert await suggest.disciplines(services, "СПОРТ", "ru") == [
        suggest.Suggestion("rmf-mcr — Спортивный маджонг", "rmf-mcr")
    ]
    assert await suggest.disciplines(services, "спорт", "en") == [
        suggest.Suggestion("rmf-mcr — Sports mahjong", "rmf-mcr")
    ]
