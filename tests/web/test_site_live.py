"""The live website: pages, their JSON and the style sheet from the database, with caching
headers; every page valid HTML, every name escaped."""

from __future__ import annotations

import asyncio
import gzip
from datetime import date
from decimal import Decimal
from typing import Any

import aiohttp
import pytest
from multidict import CIMultiDict

from fedrank.handlers.context import Services
from fedrank.handlers.site import paths
from fedrank.storage.records import NewAward, NewEntry, NewListRow
from fedrank.web import site
from tests.factories import NOW
from tests.web.htmlcheck import html_problems
from tests.web.sitedata import CODE, LONG_NAME, SCRIPT_NAME, seed_site


async def _get(url: str, **headers: str) -> tuple[int, CIMultiDict[str], str]:
    async with aiohttp.ClientSession() as http, http.get(url, headers=headers) as response:
        return response.status, response.headers.copy(), await response.text()


async def test_pages_are_served_in_the_federations_language_with_the_others_linked(
    services: Services, live_site: str
) -> None:
    await seed_site(services.db)
    status, headers, text = await _get(f"{live_site}/")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert '<html lang="zh">' in text  # the federation's language
    assert "围棋等级分" in text
    for other in ("en", "ru", "uk"):
        assert f'href="{other}/index.html" hreflang="{other}"' in text
    status, _, english = await _get(f"{live_site}/en/index.html")
    assert status == 200 and '<html lang="en">' in english and "All federations" in english
    # the plain path is the federation's own copy; no second copy of it under zh/
    assert (await _get(f"{live_site}/zh/index.html"))[0] == 404


async def test_every_page_is_valid_html_and_escapes_names(
    services: Services, live_site: str
) -> None:
    seed = await seed_site(services.db)
    pages = [
        "index.html",
        "ZGO/zgo/index.html",
        f"ZGO/zgo/{seed.dates[-1].isoformat()}.html",
        "ZGO/players/P-001.html",
        "ZGO/players/P-002.html",
        paths.tournament("ZGO", "zgo", CODE),
    ]
    for page in pages:
        for prefix in ("", "ru/"):
            status, _, text = await _get(f"{live_site}/{prefix}{page}")
            assert status == 200, page
            assert html_problems(text) == [], page
            assert "<script>" not in text and "<b>决赛" not in text and "<i>note" not in text
    _, _, profile = await _get(f"{live_site}/ZGO/players/P-002.html")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in profile
    _, _, tournament = await _get(f"{live_site}/{paths.tournament('ZGO', 'zgo', CODE)}")
    assert "&lt;i&gt;note&lt;/i&gt;" in tournament and LONG_NAME in tournament


async def test_json_of_each_page(services: Services, live_site: str) -> None:
    await seed_site(services.db)
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{live_site}/api/v1/ZGO/players/P-002.json") as response:
            assert response.status == 200
            assert response.headers["Content-Type"].startswith("application/json")
            data = await response.json()
        assert data["player"]["name"] == SCRIPT_NAME
        url = f"{live_site}/{paths.api(paths.tournament('ZGO', 'zgo', CODE))}"
        async with http.get(url) as response:
            assert (await response.json())["tournament"]["code"] == CODE
        async with http.get(f"{live_site}/api/v1/index.json") as response:
            assert (await response.json())["federations"][0]["code"] == "ZGO"


async def test_caching_headers_and_not_modified(services: Services, live_site: str) -> None:
    await seed_site(services.db)
    status, headers, _ = await _get(f"{live_site}/ZGO/players/P-001.html")
    assert status == 200
    etag = headers["ETag"]
    assert "max-age" in headers["Cache-Control"]
    again, headers2, body = await _get(
        f"{live_site}/ZGO/players/P-001.html", **{"If-None-Match": etag}
    )
    assert (again, body, headers2["ETag"]) == (304, "", etag)
    css, headers3, sheet = await _get(f"{live_site}/static/site.css")
    assert css == 200 and "svg.chart" in sheet and headers3["ETag"]


async def test_unknown_paths_are_404(services: Services, live_site: str) -> None:
    await seed_site(services.db)
    for path in (
        "ZGO/players/P-404.html",
        "NOPE/zgo/index.html",
        "ZGO/zgo/2030-01-01.html",
        "ZGO/zgo/not-a-date.html",
        "ZGO/zgo/t/none.html",
        "api/v1/ZGO/players/P-404.json",
        "ZGO/players/P-001.txt",
    ):
        assert (await _get(f"{live_site}/{path}"))[0] == 404, path


async def test_a_publication_or_a_stored_tournament_empties_the_cache(
    services: Services, live_site: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seed = await seed_site(services.db, months=3)
    monkeypatch.setattr(site, "STATE_TTL", 0.0)  # every request reads the database's state
    index = f"{live_site}/index.html"
    profile = f"{live_site}/ZGO/players/P-004.html"
    _, first, before = await _get(index)
    _, profile_headers, _ = await _get(profile)
    # unchanged data: the same page from the cache, 304 to either conditional request
    assert (await _get(index, **{"If-None-Match": first["ETag"]}))[0] == 304
    assert (await _get(index, **{"If-Modified-Since": first["Last-Modified"]}))[0] == 304
    async with services.db.transaction() as repos:
        latest = await repos.lists.latest(seed.discipline_id)
        assert latest is not None
        rows = await repos.lists.top(latest.id, 100)
        await repos.lists.add_snapshot(
            seed.discipline_id,
            date(2026, 1, 1),
            [NewListRow(r.player_id, r.position, r.rating, r.title) for r, _ in rows],
            now=NOW,
        )
    status, second, after = await _get(index, **{"If-None-Match": first["ETag"]})
    assert status == 200 and second["ETag"] != first["ETag"]
    assert "2026-01-01" in after and "2026-01-01" not in before
    async with services.db.transaction() as repos:
        await repos.ledger.record_tournament(
            discipline_id=seed.discipline_id,
            code="cup-2",
            name="Cup 2",
            held_on=date(2026, 4, 1),
            params={},
            entries=[NewEntry(seed.players["P-004"], Decimal(1))],
            games=[],
            awards=[NewAward(seed.players["P-004"], "rating", Decimal(5), [])],
            now=NOW,
        )
    status, _, text = await _get(profile, **{"If-None-Match": profile_headers["ETag"]})
    assert status == 200 and "Cup 2" in text


async def test_a_large_page_is_gzipped_for_a_client_that_takes_it(
    services: Services, live_site: str
) -> None:
    await seed_site(services.db)
    url = f"{live_site}/ZGO/players/P-001.html"
    async with aiohttp.ClientSession(auto_decompress=False) as http:
        async with http.get(url, headers={"Accept-Encoding": "gzip"}) as response:
            packed = await response.read()
            assert response.headers["Content-Encoding"] == "gzip"
            assert response.headers["Vary"] == "Accept-Encoding"
            etag = response.headers["ETag"]
        async with http.get(url, headers={"Accept-Encoding": "identity"}) as response:
            plain = await response.read()
            assert "Content-Encoding" not in response.headers
            assert response.headers["ETag"] != etag
        async with http.get(url, headers={"Accept-Encoding": "gzip", "If-None-Match": etag}) as r:
            assert r.status == 304
    assert gzip.decompress(packed) == plain and len(packed) < len(plain) / 3


async def test_simultaneous_requests_share_one_state_read_and_one_render(
    services: Services, live_site: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fifty requests at once for a page not yet made: one read of the state, one read of
    the page's data, fifty identical answers."""
    await seed_site(services.db)
    reads = {"state": 0, "page": 0}
    state, page_at = site.live.state, site.live.page_at

    async def counted_state(services: Services) -> tuple[int, ...]:
        reads["state"] += 1
        return await state(services)

    async def counted_page_at(services: Services, page: str, **options: Any) -> object:
        reads["page"] += 1
        return await page_at(services, page, **options)

    monkeypatch.setattr(site.live, "state", counted_state)
    monkeypatch.setattr(site.live, "page_at", counted_page_at)
    monkeypatch.setattr(site, "STATE_TTL", 3600.0)  # no read ahead during the test
    url = f"{live_site}/ZGO/players/P-001.html"
    async with aiohttp.ClientSession() as http:

        async def one() -> tuple[int, str, str]:
            async with http.get(url) as response:
                return response.status, response.headers["ETag"], await response.text()

        answers = await asyncio.gather(*(one() for _ in range(50)))
    assert {a[0] for a in answers} == {200} and len(set(answers)) == 1
    assert reads == {"state": 1, "page": 1}
