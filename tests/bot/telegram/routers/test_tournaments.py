"""Telegram answers /tournaments and /results (with its page buttons) through the
fallback router: the commands need no router of their own."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from fedrank.handlers.context import Services
from fedrank.storage.records import NewEntry
from tests.bot.telegram.fake_api import FakeTelegram
from tests.factories import NOW

USER = 300


async def _tournament(services: Services) -> None:
    async with services.db.transaction() as repos:
        fed = await repos.federations.add("UFGO", "Ukrainian Go Federation")
        go = await repos.federations.add_discipline(fed, "ufgo", "UFGO", "go_ufgo", "quarterly")
        ids = [
            (await repos.players.add(fed.id, f"UFGO-{n:04d}", f"<b>Player {n:02d}</b>")).id
            for n in range(1, 24)
        ]
        await repos.ledger.record_tournament(
            discipline_id=go.id,
            code="kyiv-open-2026",
            name="Kyiv Open 2026",
            held_on=date(2026, 5, 1),
            params={},
            entries=[NewEntry(pid, Decimal(i + 1)) for i, pid in enumerate(ids)],
            games=[],
            awards=[],
            now=NOW,
        )


async def test_results_page_by_page_with_the_buttons(
    telegram: FakeTelegram, services: Services
) -> None:
    await _tournament(services)
    anna = telegram.user(USER, "Anna")
    await telegram.send(anna, "/tournaments")
    (listed,) = await telegram.replies(USER)
    assert "kyiv-open-2026" in listed.text and "Kyiv Open 2026" in listed.text
    await telegram.send(anna, "/results kyiv open 2026")
    (first,) = await telegram.replies(USER, after=1)
    assert first.text.startswith("Kyiv Open 2026 — UFGO, 2026-05-01, version 1 · kyiv-open-2026")
    assert "<b>Player 20</b> (UFGO-0020)" in first.text  # a name is text, never markup
    assert "Player 21" not in first.text
    [(label, data)] = first.buttons
    assert label == "Next ›"
    await telegram.press(anna, first, data)
    (second,) = await telegram.replies(USER, after=2)
    assert "<b>Player 23</b> (UFGO-0023)" in second.text
    assert "Page 2 of 2." in second.text
