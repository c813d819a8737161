"""The demo's static build in Debian's Chromium as a 390-px phone (chromedriver's mobile
emulation: a desktop window cannot be made that narrow) and at 1280 px: no page wider than
the device, the search box finds Cyrillic and Chinese names; issue 34's Done-when.

With FEDRANK_SCREENSHOTS=<folder> (``docs/guide/img`` for the operators' guide) the tests
also save what they saw of a list and a profile on each device there.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from fedrank.handlers.context import Services
from fedrank.web.site import add_site_routes
from fedrank.web.site_build import build_site
from tests.web.conftest import CHROMEDRIVER, CHROMIUM
from tests.web.htmlcheck import html_problems

pytestmark = pytest.mark.slow

PHONE = 390
DESKTOP = 1280


@pytest.fixture
async def demo_static(demo_services: Services, tmp_path: Path) -> AsyncIterator[tuple[str, Path]]:
    """The demo built with ``build_site`` and served as plain files (no fedrank route): the
    search works without a server of ours. (base URL, folder)."""
    folder = tmp_path / "site"
    await build_site(demo_services, folder)
    app = web.Application()
    app.router.add_static("/", folder)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}", folder
    finally:
        await runner.cleanup()


def _driver(width: int) -> Any:
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    if missing:
        pytest.fail(f"{', '.join(missing)} not found: apt-get install -y chromium chromium-driver")
    os.environ["SE_OFFLINE"] = "true"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--lang=en"):
        options.add_argument(argument)
    if width == PHONE:
        metrics = {"width": PHONE, "height": 844, "pixelRatio": 2}
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
    else:
        options.add_argument(f"--window-size={width},900")
    return webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone-390", "desktop-1280"])
def device(request: pytest.FixtureRequest) -> Iterator[tuple[int, Any]]:
    driver = _driver(request.param)
    try:
        yield request.param, driver
    finally:
        driver.quit()


def _pages(folder: Path) -> dict[str, str]:
    """A list and a tournament of the demo's RMF Sports mahjong and a profile drawn with a
    chart (the first such in the Go federation, whose demo has a year of lists): paths
    relative to the root."""
    archive = sorted((folder / "RMF" / "rmf-mcr").glob("20*.html"))
    tournament = sorted((folder / "RMF" / "rmf-mcr" / "t").glob("*.html"))[0]
    profile = next(
        p
        for p in sorted((folder / "UFGO" / "players").glob("*.html"))
        if '<svg class="chart"' in p.read_text(encoding="utf-8")
    )
    return {
        "list": str(archive[-1].relative_to(folder)),
        "profile": str(profile.relative_to(folder)),
        "tournament": str(tournament.relative_to(folder)),
    }


def _shots() -> Path | None:
    folder = os.environ.get("FEDRANK_SCREENSHOTS")
    return Path(folder) if folder else None


async def test_list_profile_and_tournament_fit_the_device(
    demo_static: tuple[str, Path], device: tuple[int, Any]
) -> None:
    base, folder = demo_static
    width, driver = device
    pages = _pages(folder)
    shots = _shots()
    for kind, path in pages.items():
        await asyncio.to_thread(driver.get, f"{base}/{path}")
        wide = await asyncio.to_thread(
            driver.execute_script,
            "return [document.documentElement.scrollWidth, window.innerWidth]",
        )
        assert wide[1] == width, (kind, wide)  # the device's width, not a zoomed-out page
        assert wide[0] <= width, (kind, wide)
        if kind == "list":
            # the list's table scrolls inside its own box, its position and name stay
            table = await asyncio.to_thread(
                driver.execute_script,
                "const t = document.querySelector('table.list');"
                "t.scrollLeft = 1000;"
                "const c = t.querySelector('tbody tr td:nth-child(3)');"
                "const r = c.getBoundingClientRect(), b = t.getBoundingClientRect();"
                "const first = t.querySelector('td');"
                "return [t.scrollWidth, t.clientWidth, r.left - b.left,"
                " getComputedStyle(c).position, getComputedStyle(first).whiteSpace];",
            )
            assert table[3] == "sticky" and table[4] == "nowrap"
            if width == PHONE:
                assert table[0] > table[1]  # the box scrolls
                # and the name still at its left, just after the position (3.2rem)
                assert 45 <= table[2] <= 56
            await asyncio.to_thread(
                driver.execute_script,
                "window.scrollTo(0, 0);document.querySelector('table.list').scrollLeft = 0;",
            )
        if kind == "profile":
            size = await asyncio.to_thread(
                driver.execute_script,
                "const t = document.querySelector('svg.chart text.tick.y');"
                "return t.getBoundingClientRect().height;",
            )
            assert size >= 9  # the chart's labels readable at either width (not ~6 px)
        if shots is not None and kind in ("list", "profile"):
            shots.mkdir(parents=True, exist_ok=True)
            name = f"site-{kind}-{'phone' if width == PHONE else 'desktop'}.png"
            await asyncio.to_thread(driver.save_screenshot, str(shots / name))


async def _search(driver: Any, base: str, page: str, typed: str) -> list[str]:
    """Open ``page``, type ``typed`` into the search box, wait for hits; their texts."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    def run() -> list[str]:
        driver.get(f"{base}/{page}")
        box = driver.find_element(By.CSS_SELECTOR, "form.search input")
        box.send_keys(typed)
        WebDriverWait(driver, 10).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "form.search ol.hits a")
        )
        return [a.text for a in driver.find_elements(By.CSS_SELECTOR, "form.search ol.hits a")]

    return await asyncio.to_thread(run)


async def _follow_first(driver: Any) -> tuple[str, str]:
    from selenium.webdriver.common.by import By

    def run() -> tuple[str, str]:
        driver.find_element(By.CSS_SELECTOR, "form.search ol.hits a").click()
        return driver.current_url, driver.find_element(By.TAG_NAME, "h1").text

    return await asyncio.to_thread(run)


async def test_the_search_box_finds_cyrillic_and_chinese_names_on_the_static_build(
    demo_static: tuple[str, Path],
) -> None:
    base, folder = demo_static
    driver = _driver(PHONE)
    try:
        rmf = json.loads((folder / "RMF" / "search.json").read_text(encoding="utf-8"))
        names = [row[1] for row in rmf["players"]]
        # a unique name with ё, typed in small letters and with е
        fid, name, _, href = next(
            row for row in rmf["players"] if "ё" in row[1] and names.count(row[1]) == 1
        )
        typed = name.lower().replace("ё", "е")
        list_page = _pages(folder)["list"]
        hits = await _search(driver, base, list_page, typed)
        assert hits[0] == name
        url, heading = await _follow_first(driver)
        assert url == f"{base}/RMF/{href}" and heading == name
        # by ID too
        assert (await _search(driver, base, list_page, fid.lower()))[0] == name
        # Chinese, from the CCBA federation's own page
        ccba = json.loads((folder / "CCBA" / "search.json").read_text(encoding="utf-8"))
        chinese = [row[1] for row in ccba["players"]]
        fid, name, _, href = next(row for row in ccba["players"] if chinese.count(row[1]) == 1)
        hits = await _search(driver, base, "CCBA/index.html", name)
        assert hits[0] == name
        url, heading = await _follow_first(driver)
        assert url == f"{base}/CCBA/{href}" and heading == name
    finally:
        driver.quit()


@pytest.fixture
async def demo_live(demo_services: Services) -> AsyncIterator[str]:
    """The site's live routes on the demo (a loopback port); its base URL."""
    app = web.Application()
    add_site_routes(app, demo_services)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}"
    finally:
        await runner.cleanup()


async def test_each_federation_page_answers_live(demo_services: Services, demo_live: str) -> None:
    live_site = demo_live
    async with aiohttp.ClientSession() as http:
        async with demo_services.db.read() as repos:
            codes = [f.code for f in await repos.federations.all()]
        for code in codes:
            async with http.get(f"{live_site}/{code}/") as response:
                assert response.status == 200, code
                assert "players.html" in await response.text()
            async with http.get(f"{live_site}/{code}/search.json") as response:
                assert response.status == 200
                assert (await response.json())["federation"] == code
        async with http.get(f"{live_site}/robots.txt") as response:
            assert response.status == 200 and (await response.text()).startswith("User-agent")
        async with http.get(f"{live_site}/sitemap.xml") as response:
            assert response.status == 200 and "<loc>RMF/index.html</loc>" in await response.text()
        async with http.get(f"{live_site}/static/favicon.svg") as response:
            assert response.status == 200 and response.content_type == "image/svg+xml"
        async with http.get(f"{live_site}/search", params={"q": "федоров"}) as response:
            assert response.status == 200
            found = await response.text()
        assert "Фёдоров" in found and 'class="found"' in found
        assert html_problems(found) == []
        async with http.get(f"{live_site}/search", params={"q": "<b>x"}) as response:
            refused = await response.text()
        assert "&lt;b&gt;x" in refused and "<b>x" not in refused
        assert "Фёдоров" not in refused and 'class="found"' not in refused  # its own page
        # bidi overrides and other invisible controls are taken out before the query is read
        async with http.get(f"{live_site}/search", params={"q": "\u202eфедо\u200bров"}) as response:
            cleaned = await response.text()
        assert "\u202e" not in cleaned and "\u200b" not in cleaned
        assert "Фёдоров" in cleaned and 'class="found"' in cleaned
        # a shared profile link's preview: the player's name and current figure
        async with http.get(f"{live_site}/api/v1/UFGO/players/UFGO-0001.json") as response:
            data = await response.json()
        async with http.get(f"{live_site}/UFGO/players/UFGO-0001.html") as response:
            profile = await response.text()
        name = data["player"]["name"]
        figure = data["disciplines"][0]["current"]["rating"]
        title = re.search(r'<meta property="og:title" content="([^"]*)"', profile)
        preview = re.search(r'<meta property="og:description" content="([^"]*)"', profile)
        assert title is not None and title.group(1).startswith(f"{name} (UFGO-0001)")
        assert preview is not None and name in preview.group(1) and figure in preview.group(1)
        assert '<meta name="description" content="' + preview.group(1) + '">' in profile
