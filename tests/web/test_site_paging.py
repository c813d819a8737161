"""Lists as pages in the built site and on the live server: pages of three positions over
the test federation's eight players (three pages a list), each page's rows, the links between
them, a profile linking the page that holds the player, the list's JSON one whole file."""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path

import aiohttp
import pytest

from fedrank.handlers.context import Services
from fedrank.handlers.site import live, paging, paths
from fedrank.handlers.site.pages import list_data
from fedrank.storage.records import NewListRow
from fedrank.web.site_build import build_site
from tests.factories import NOW
from tests.web.htmlcheck import html_problems
from tests.web.sitedata import LONG, seed_site
from tests.web.test_site_build import broken_links

SIZE = 3
ROW_ID = re.compile(r"<tr><td>(\d+)</td><td>([^<]*)</td>")


@pytest.fixture(autouse=True)
def small_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(paging, "SIZE", SIZE)


def _rows(html: str) -> list[tuple[int, str]]:
    return [(int(position), fpid) for position, fpid in ROW_ID.findall(html)]


async def test_a_built_list_is_written_as_its_pages_and_every_link_resolves(
    services: Services, tmp_path: Path
) -> None:
    seed = await seed_site(services.db)
    await build_site(services, tmp_path)
    day = seed.dates[-1]
    first = paths.list_page("ZGO", "zgo", day)
    whole = json.loads((tmp_path / paths.api(first)).read_text())
    assert whole["size"] == len(whole["rows"]) == 8 and "paging" not in whole  # one JSON file
    assert not (tmp_path / paths.api(paging.path_of(first, 2))).exists()
    expected = [(row["position"], row["id"]) for row in whole["rows"]]
    seen = []
    for number in (1, 2, 3):
        page = paging.path_of(first, number)
        for copy in (page, f"en/{page}"):
            html = (tmp_path / copy).read_text(encoding="utf-8")
            assert html_problems(html) == []
            rows = _rows(html)
            assert all(paging.page_of(p, SIZE) == number for p, _ in rows)
            if copy == page:
                seen += rows
        english = (tmp_path / f"en/{page}").read_text(encoding="utf-8")
        last = min(number * SIZE, 8)
        assert f"Positions {(number - 1) * SIZE + 1}–{last} of 8" in english
        assert ('rel="prev"' in english.split("<table")[0]) == (
            number > 1 or bool(whole["previous"])
        )
        assert ("Next page" in english) == (number < 3)
    assert seen == expected
    assert not (tmp_path / paging.path_of(first, 4)).exists()
    assert broken_links(tmp_path) == []


async def test_a_profile_links_the_page_of_the_list_that_holds_the_player(
    services: Services, tmp_path: Path
) -> None:
    await seed_site(services.db)
    await build_site(services, tmp_path)
    profile = paths.player("ZGO", LONG)
    data = json.loads((tmp_path / paths.api(profile)).read_text())
    html = (tmp_path / profile).read_text(encoding="utf-8")
    history = data["disciplines"][0]["history"]
    assert {paging.page_of(h["position"], SIZE) for h in history} >= {1, 2}  # he climbed
    for entry in history:
        number = paging.page_of(entry["position"], SIZE)
        target = paging.path_of(f"ZGO/zgo/{entry['date']}.html", number)
        assert f'href="../{target.removeprefix("ZGO/")}"' in html
        page = (tmp_path / target).read_text(encoding="utf-8")
        assert (entry["position"], LONG) in _rows(page)


async def test_a_new_list_writes_its_pages_and_leaves_the_older_ones(
    services: Services, tmp_path: Path
) -> None:
    seed = await seed_site(services.db, months=2)
    await build_site(services, tmp_path)
    older = paging.path_of(paths.list_page("ZGO", "zgo", seed.dates[-1]), 2)
    stamp = (tmp_path / older).stat().st_mtime_ns
    day = date(2021, 3, 1)
    async with services.db.transaction() as repos:
        latest = await repos.lists.latest(seed.discipline_id)
        assert latest is not None
        rows = await repos.lists.top(latest.id, 100)
        await repos.lists.add_snapshot(
            seed.discipline_id,
            day,
            [NewListRow(r.player_id, r.position, r.rating + 1, r.title) for r, _ in rows],
            now=NOW,
        )
    report = await build_site(services, tmp_path)
    assert report.written >= 1
    first = paths.list_page("ZGO", "zgo", day)
    for number in (1, 2, 3):
        assert (tmp_path / paging.path_of(first, number)).is_file()
        assert (tmp_path / "en" / paging.path_of(first, number)).is_file()
    assert (tmp_path / older).stat().st_mtime_ns == stamp
    assert broken_links(tmp_path) == []


async def test_the_live_server_serves_the_same_pages(services: Services, live_site: str) -> None:
    seed = await seed_site(services.db)
    first = paths.list_page("ZGO", "zgo", seed.dates[-1])
    async with aiohttp.ClientSession() as http:

        async def get(path: str) -> tuple[int, str]:
            async with http.get(f"{live_site}/{path}") as response:
                return response.status, await response.text()

        rows = []
        for number in (1, 2, 3):
            status, html = await get(paging.path_of(first, number))
            assert status == 200 and html_problems(html) == []
            rows += _rows(html)
        assert [p for p, _ in rows] == list(range(1, 9))
        for missing in (paging.path_of(first, 4), first.replace(".html", "/page-1.html")):
            assert (await get(missing))[0] == 404
        status, text = await get(paths.api(first))
        assert status == 200 and len(json.loads(text)["rows"]) == 8
        assert (await get(paths.api(paging.path_of(first, 2))))[0] == 404
        status, english = await get(f"en/{paging.path_of(first, 2)}")
        assert status == 200 and "Positions 4–6 of 8" in english


async def test_the_live_server_reads_one_page_as_the_whole_list_gives_it(
    services: Services,
) -> None:
    """A list page read alone (its rows, the previous list's rows of its players) is the
    same data as that page cut from the whole list, ties and an emptied range included."""
    seed = await seed_site(services.db, months=2)
    async with services.db.transaction() as repos:
        latest = await repos.lists.latest(seed.discipline_id)
        assert latest is not None
        rows = await repos.lists.top(latest.id, 100)
        # positions 1, 1, 1, 1, 5, ...: a tie across a page's end, then positions 2-4 empty
        await repos.lists.add_snapshot(
            seed.discipline_id,
            date(2021, 3, 1),
            [
                NewListRow(r.player_id, 1 if k < 4 else k + 1, r.rating, r.title)
                for k, (r, _) in enumerate(rows)
            ],
            now=NOW,
        )
    async with services.db.read() as repos:
        federation = await repos.federations.by_code("ZGO")
        assert federation is not None
        discipline = next(
            d for d in await repos.federations.disciplines(federation.id) if d.code == "zgo"
        )
        days = [s[2] for s in await repos.site.snapshots(discipline.id)]
        assert len(days) >= 3
        for day in days:
            whole = await list_data(repos, federation, discipline, day)
            assert whole is not None
            for number in range(1, paging.count(whole) + 2):
                alone = await live.list_page_data(repos, federation, discipline, day, number)
                assert alone == paging.one(whole, number), (day, number)
