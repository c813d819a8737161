"""The live website: pages, their JSON and the style sheet from the database, with caching
headers; every page valid HTML, every name escaped."""

from __future__ import annotations

import aiohttp
from multidict import CIMultiDict

from fedrank.handlers.context import Services
from fedrank.handlers.site import paths
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
