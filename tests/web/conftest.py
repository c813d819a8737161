"""The website's fixtures: the live routes on a loopback port, and Debian's Chromium."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from aiohttp import web

from fedrank.handlers.context import Services
from fedrank.web.site import add_site_routes

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


@pytest.fixture
async def live_site(services: Services) -> AsyncIterator[str]:
    """The site's routes served on 127.0.0.1 (a free port); its base URL."""
    app = web.Application()
    add_site_routes(app, services)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        await runner.cleanup()


@pytest.fixture
def chromium() -> Iterator[object]:
    """Headless Chromium driven by Selenium: Debian's browser and driver, nothing downloaded
    (Selenium Manager stays offline). Missing ones fail the test, saying what to install."""
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    if missing:
        pytest.fail(
            f"{', '.join(missing)} not found: install Debian's chromium and chromium-driver"
            " (apt-get install -y chromium chromium-driver)"
        )
    os.environ["SE_OFFLINE"] = "true"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1000,1400"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    try:
        yield driver
    finally:
        driver.quit()
