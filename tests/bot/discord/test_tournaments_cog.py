"""Discord's /tournaments, /results, /h2h and /top's date: typed options make the command line
the dispatcher reads, and a real answer comes back."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from fedrank.bot.discord import FedrankBot, make_bot
from fedrank.bot.discord.cogs import Players, Tournaments
from fedrank.handlers.context import Services
from fedrank.handlers.wording.reply import Reply
from fedrank.storage.database import Database
from tests.bot.discord.conftest import FakeInteraction, discord_settings, guild, user
from tests.factories import seed_federation

ANNA = user(101, "anna")


@pytest.fixture
async def client(services: Services) -> AsyncIterator[FedrankBot]:
    bot = make_bot(services, discord_settings(role_sync=False))
    await bot.setup_hook()
    yield bot


def cog(client: FedrankBot, kind: type[Any]) -> Any:
    found = client.get_cog(kind.__name__)
    assert isinstance(found, kind)
    return found


@pytest.mark.parametrize(
    ("kind", "command", "options", "line"),
    [
        (Tournaments, "tournaments", {}, "/tournaments"),
        (Tournaments, "tournaments", {"discipline": "ufgo", "page": 2}, "/tournaments ufgo 2"),
        (Tournaments, "results", {"tournament": "Kyiv Open 2026"}, "/results Kyiv Open 2026"),
        (Tournaments, "results", {"tournament": "kyiv-open", "page": 3}, "/results kyiv-open 3"),
        (
            Tournaments,
            "h2h",
            {"player": "Bondarenko Olena", "opponent": " UFGO-0002 "},
            "/h2h Bondarenko Olena; UFGO-0002",
        ),
        (
            Players,
            "top",
            {"discipline": "ufgo", "count": 5, "date": "2026-07-01"},
            "/top ufgo 5 2026-07-01",
        ),
        (
            Players,
            "whatif",
            {"tournament": "Kazan Open 2026", "place": 1},
            "/whatif Kazan Open 2026 1",
        ),
    ],
)
async def test_typed_options_make_the_command_line(
    client: FedrankBot, kind: type[Any], command: str, options: dict[str, Any], line: str
) -> None:
    seen: list[str] = []

    async def dispatch(services: Services, ctx: Any, text: str) -> Reply:
        seen.append(text)
        return Reply.text("ok")

    client.fedrank.dispatch = dispatch
    found = cog(client, kind)
    asked = FakeInteraction(ANNA, client, guild=guild(1))
    await getattr(found, command).callback(found, asked, **options)
    assert seen == [line]


async def test_results_answer_through_the_real_dispatcher(client: FedrankBot, db: Database) -> None:
    await seed_federation(db)
    found = cog(client, Tournaments)
    asked = FakeInteraction(ANNA, client, guild=guild(1))
    await found.results.callback(found, asked, tournament="moscow open 2026")
    content = asked.sent[0].content or ""
    assert "Moscow Open 2026" in content and "moscow-open-2026" in content
    assert "Anna Ivanova (RMF-001)" in content
