"""The website in a real browser: Debian's Chromium, headless, on the live server (loopback).

Selenium's calls block, so each runs in a thread while the server answers on the test's loop.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from fedrank.handlers.context import Services
from fedrank.handlers.site import paths
from tests.web.sitedata import CODE, LONG_NAME, MONTHS, SCRIPT_NAME, seed_site

pytestmark = pytest.mark.slow


async def _open(driver: Any, url: str) -> None:
    await asyncio.to_thread(driver.get, url)


async def _texts(driver: Any, css: str) -> list[str]:
    from selenium.webdriver.common.by import By

    def read() -> list[str]:
        return [e.text for e in driver.find_elements(By.CSS_SELECTOR, css)]

    return await asyncio.to_thread(read)


async def _click(driver: Any, text: str) -> None:
    from selenium.webdriver.common.by import By

    await asyncio.to_thread(lambda: driver.find_element(By.LINK_TEXT, text).click())


async def test_index_list_profile_and_tournament_in_chromium(
    services: Services, live_site: str, chromium: Any
) -> None:
    driver = chromium
    seed = await seed_site(services.db)
    await _open(driver, f"{live_site}/")
    assert await asyncio.to_thread(lambda: driver.title) == "所有协会 · 等级分排名表"
    assert await _texts(driver, "tr.discipline time") == [seed.dates[-1].isoformat()]
    # index -> latest list
    await _click(driver, "围棋等级分")
    rows = await _texts(driver, "table.list tbody tr")
    assert len(rows) == 8
    first = await _texts(driver, "table.list tbody tr:first-child td")
    assert first[:5] == ["1", "P-001", LONG_NAME, str(1900 + 7 * (MONTHS - 1)), "1d"]
    assert SCRIPT_NAME in await _texts(driver, "table.list tbody td a")  # shown, not run
    # list -> the long history's profile, with its chart drawn
    await _click(driver, LONG_NAME)
    assert await _texts(driver, "h1") == [LONG_NAME]
    assert await _texts(driver, "p.current .rating") == [str(1900 + 7 * (MONTHS - 1))]

    def chart() -> dict[str, Any]:
        from selenium.webdriver.common.by import By

        svg = driver.find_element(By.CSS_SELECTOR, "svg.chart")
        line = svg.find_element(By.CSS_SELECTOR, "path.line")
        box = line.rect
        return {
            "d": line.get_attribute("d"),
            "width": box["width"],
            "height": box["height"],
            "points": len(svg.find_elements(By.CSS_SELECTOR, "circle.point")),
            "y": [e.text for e in svg.find_elements(By.CSS_SELECTOR, "text.tick.y")],
            "x": [e.text for e in svg.find_elements(By.CSS_SELECTOR, "text.tick.x")],
            "thresholds": [e.text for e in svg.find_elements(By.CSS_SELECTOR, "text.threshold")],
            "current": [e.text for e in svg.find_elements(By.CSS_SELECTOR, "text.current")],
        }

    drawn = await asyncio.to_thread(chart)
    assert drawn["points"] == MONTHS
    # a step to each list, then on to the right edge: the figure he still holds, marked
    assert drawn["d"].startswith("M") and drawn["d"].count("H") == MONTHS
    assert drawn["current"] == [str(1900 + 7 * (MONTHS - 1))]
    assert drawn["width"] > 300 and drawn["height"] > 100  # laid out, not collapsed
    assert drawn["y"] == ["1900", "2000", "2100", "2200", "2300", "2400"]
    assert drawn["x"] == ["2022", "2023", "2024", "2025"]
    assert "1d" in drawn["thresholds"]
    # profile -> tournament (a code with a space, a slash and Chinese), awards traced
    await _click(driver, "成都杯 <b>决赛</b>")
    assert await _texts(driver, "h1") == ["成都杯 <b>决赛</b>"]
    assert len(await _texts(driver, "table.results tbody tr")) == 3
    steps = await _texts(driver, "section.trace li")
    # the rulebook by its name and section, in the page's language (Chinese)
    assert steps[:2] == ["K = 20 [《UFGO 等级分制度》，第 3.1 条]", "delta = 20 — <i>note</i>"]
    assert CODE in (await _texts(driver, "main p"))[0]
    # another language, then back through the breadcrumb
    await _click(driver, "English")
    assert await asyncio.to_thread(lambda: driver.current_url) == (
        f"{live_site}/en/{paths.tournament('ZGO', 'zgo', CODE)}"
    )
    assert "How each award was computed" in await _texts(driver, "h2")
    await _click(driver, "All federations")
    assert await _texts(driver, "h1") == ["Rating lists"]
