"""The federation's identity and names on its pages: the logo in the header (copied into the
build, served live), the accent colour as a CSS variable, contact and footer in the page's
footer, each page's names in its language, and a profile's links into the chats."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from fedrank.handlers.context import Services
from fedrank.handlers.federation import identity
from fedrank.handlers.federation.setup import Actor
from fedrank.handlers.site import links
from fedrank.web.site_build import build_site
from tests.factories import NOW
from tests.web.htmlcheck import html_problems
from tests.web.sitedata import seed_site
from tests.web.test_site_build import broken_links

SVG = (
    b'<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4">'
    b'<rect width="4" height="4"/></svg>'
)


@pytest.fixture
def chats() -> Iterator[None]:
    links.set_chat_links("zgo_bot", "https://discord.gg/zgo")
    try:
        yield
    finally:
        links.set_chat_links(None, None)


async def _identity(services: Services) -> None:
    actor = Actor(None, "en", NOW)
    async with services.db.transaction() as repos:
        fed = await repos.federations.by_code("ZGO")
        assert fed is not None
        await identity.set_names(repos, actor, fed, {"en": "Chinese Weiqi Association"})
        disc = await repos.federations.discipline_by_code("zgo")
        await identity.set_names(repos, actor, fed, {"en": "Weiqi rating"}, disc)
        await identity.set_identity(
            repos,
            actor,
            fed,
            accent="#0A5",
            contact="Contact: <office@zgo.example>",
            footer="© ZGO 2026",
            logo=SVG,
        )


async def test_the_build_carries_the_identity_and_the_names(
    services: Services, tmp_path: Path, chats: None
) -> None:
    await seed_site(services.db, months=2)
    await build_site(services, tmp_path / "before")
    await _identity(services)
    out = tmp_path / "site"
    await build_site(services, out)
    assert (out / "static/logo-ZGO.svg").read_bytes() == SVG
    profile = (out / "ZGO/players/P-001.html").read_text()
    assert '<img class="logo" src="../../static/logo-ZGO.svg"' in profile
    assert ":root{--accent:#0a5}" in profile
    assert "Contact: &lt;office@zgo.example&gt;" in profile and "© ZGO 2026" in profile
    assert 'href="https://t.me/zgo_bot?start=' in profile
    assert 'href="https://discord.gg/zgo"' in profile
    # the federation's own language (zh) keeps its name; English pages say the English one
    assert "中国围棋协会" in profile and "Chinese Weiqi Association" not in profile
    english = (out / "en/ZGO/players/P-001.html").read_text()
    assert "Chinese Weiqi Association" in english and "Weiqi rating" in english
    listing = sorted((out / "en/ZGO/zgo").glob("20*.html"))[-1].read_text()
    assert re.search(r"<h1>Weiqi rating[^<]*</h1>", listing)
    # the only links out of the folder are the two into the chats
    outside = re.compile(r".*: external https://(t\.me/zgo_bot\?start=[\w-]+|discord\.gg/zgo)")
    assert [x for x in broken_links(out) if not outside.fullmatch(x)] == []
    for page in (out / "ZGO/players/P-001.html", out / "en/ZGO/players/P-001.html"):
        assert html_problems(page.read_text()) == []
    # a change of identity alone rebuilds the pages of a folder built before it
    again = await build_site(services, tmp_path / "before")
    assert again.written > 0
    assert "--accent:#0a5" in (tmp_path / "before/ZGO/players/P-001.html").read_text()


async def test_the_live_site_serves_the_logo(services: Services, live_site: str) -> None:
    await seed_site(services.db, months=1)
    await _identity(services)
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{live_site}/static/logo-ZGO.svg") as response:
            assert response.status == 200 and await response.read() == SVG
            assert response.headers["Content-Type"] == "image/svg+xml"
            assert "default-src 'none'" in response.headers["Content-Security-Policy"]
        async with http.get(f"{live_site}/static/logo-NONE.png") as response:
            assert response.status == 404
        async with http.get(f"{live_site}/ZGO/players/P-001.html") as response:
            assert 'src="../../static/logo-ZGO.svg"' in await response.text()
