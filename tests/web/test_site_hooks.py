"""The website kept current: the scheduler's site job after a publication or a stored
tournament, and the announcement's link to the list's page when the site's address is set."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from fedrank.handlers.context import Services
from fedrank.handlers.publication.announcements import announce_in
from fedrank.handlers.site.links import set_site_url
from fedrank.handlers.wording.reply import Reply
from fedrank.scheduler.jobs import rebuild_site
from fedrank.storage.records import NewAward, NewEntry
from tests.factories import NOW
from tests.web.sitedata import LONG, seed_site


async def test_the_site_job_rebuilds_what_a_stored_tournament_changed(
    services: Services, tmp_path: Path
) -> None:
    seed = await seed_site(services.db, months=3)
    assert await rebuild_site(services.db, NOW, out=tmp_path, systems=services.systems) == 16
    assert await rebuild_site(services.db, NOW, out=tmp_path, systems=services.systems) == 0
    async with services.db.transaction() as repos:
        await repos.ledger.record_tournament(
            discipline_id=seed.discipline_id,
            code="spring-cup",
            name="Spring Cup",
            held_on=date(2021, 4, 2),
            params={},
            entries=[NewEntry(seed.players[LONG], Decimal(1))],
            games=[],
            awards=[NewAward(seed.players[LONG], "rating", Decimal(5), [])],
            now=NOW,
        )
    # the federation's page and the archive (their tournaments), the new tournament's page
    # and its player's profile
    assert await rebuild_site(services.db, NOW, out=tmp_path, systems=services.systems) == 4
    assert (tmp_path / "ZGO/zgo/t/spring-cup.html").exists()
    assert "Spring Cup" in (tmp_path / "ZGO/players/P-001.html").read_text()


@pytest.fixture
def site_url() -> Iterator[str]:
    set_site_url("https://ratings.example.org/")
    try:
        yield "https://ratings.example.org/"
    finally:
        set_site_url(None)


async def test_announcements_link_the_lists_page(services: Services, site_url: str) -> None:
    seed = await seed_site(services.db, months=2)
    async with services.db.transaction() as repos:
        await repos.subscriptions.add("telegram", "-100", seed.discipline_id, "lists", NOW)
        snapshot = await repos.lists.snapshot(seed.discipline_id, seed.dates[1])
        assert snapshot is not None
        await announce_in(repos, snapshot, NOW)
    async with services.db.read() as repos:
        [row] = await repos.outbox.by_prefix("announce:")
        text = Reply.from_json(row.payload["reply"]).plain
    # the federation's language (zh), and the page's address
    assert f"网站上的排名表：{site_url}ZGO/zgo/2021-02-01.html" in text


async def test_no_site_address_no_link(services: Services) -> None:
    seed = await seed_site(services.db, months=1)
    async with services.db.transaction() as repos:
        await repos.subscriptions.add("telegram", "-100", seed.discipline_id, "lists", NOW)
        snapshot = await repos.lists.snapshot(seed.discipline_id, seed.dates[0])
        assert snapshot is not None
        await announce_in(repos, snapshot, NOW)
    async with services.db.read() as repos:
        [row] = await repos.outbox.by_prefix("announce:")
        assert "http" not in Reply.from_json(row.payload["reply"]).plain
