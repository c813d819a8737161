"""``fedrank site build``: the whole site in a folder, rewritten only where data changed;
every internal link of the demo's site resolves; ``fedrank export`` writes one list."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import re
from datetime import date
from decimal import Decimal
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from fedrank.handlers.context import Services
from fedrank.storage.database import Database
from fedrank.storage.records import NewAward, NewEntry, NewListRow
from fedrank.web.site_build import MANIFEST, build_site
from tests.cli.test_app import Cli
from tests.cli.test_app import run as run
from tests.factories import NOW
from tests.web.htmlcheck import html_problems
from tests.web.sitedata import LONG, MONTHS, SCRIPT_NAME, seed_site

LINK = re.compile(r'(?:href|src)="([^"]*)"')


def broken_links(root: Path) -> list[str]:
    """Every href/src of every page that names no file of the folder."""
    broken = []
    for page in root.rglob("*.html"):
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            parts = urlsplit(target)
            if parts.scheme or parts.netloc:
                broken.append(f"{page}: external {target}")
                continue
            resolved = (page.parent / unquote(parts.path)).resolve()
            if not resolved.is_file() or root.resolve() not in resolved.parents:
                broken.append(f"{page.relative_to(root)}: {target}")
    return broken


async def test_build_writes_every_page_then_only_what_changed(
    services: Services, tmp_path: Path
) -> None:
    seed = await seed_site(services.db)
    # the index, the federation's page and player index, the archive, the lists, the
    # tournament, the profiles
    pages = 1 + 2 + 1 + MONTHS + 1 + len(seed.players)
    first = await build_site(services, tmp_path)
    assert (first.written, first.unchanged) == (pages, 0)
    # each page in four languages and its JSON; the federation's language at the plain path
    profile = (tmp_path / "ZGO/players/P-001.html").read_text()
    assert '<html lang="zh">' in profile and 'href="../../en/ZGO/players/P-001.html"' in profile
    assert (tmp_path / "en/ZGO/players/P-001.html").exists()
    data = json.loads((tmp_path / "api/v1/ZGO/players/P-002.json").read_text())
    assert data["player"]["name"] == SCRIPT_NAME
    again = await build_site(services, tmp_path)
    assert (again.written, again.unchanged) == (0, pages)
    # one more list in which only one player's figures changed: the index, the federation's
    # page (its latest list), the archive, the new list and that player's profile; older
    # lists, the tournament, the player index, other profiles stay
    async with services.db.transaction() as repos:
        latest = await repos.lists.latest(seed.discipline_id)
        assert latest is not None
        rows = await repos.lists.top(latest.id, 100)
        await repos.lists.add_snapshot(
            seed.discipline_id,
            date(2026, 1, 1),
            [
                NewListRow(
                    r.player_id,
                    r.position,
                    Decimal(2500) if r.player_id == seed.players[LONG] else r.rating,
                    r.title,
                )
                for r, _ in rows
            ],
            now=NOW,
        )
    kept = tmp_path / f"ZGO/zgo/{seed.dates[-1].isoformat()}.html"
    stamp = kept.stat().st_mtime_ns
    stamps = _stamps(tmp_path)
    after = await build_site(services, tmp_path)
    assert (after.written, after.unchanged) == (5, pages - 4)
    assert _rewritten(tmp_path, stamps) == _copies(
        "index.html",
        "ZGO/index.html",
        "ZGO/zgo/index.html",
        "ZGO/zgo/2026-01-01.html",
        "ZGO/players/P-001.html",
    )
    assert (tmp_path / "ZGO/zgo/2026-01-01.html").exists()
    assert kept.stat().st_mtime_ns == stamp
    assert broken_links(tmp_path) == []
    assert set(json.loads((tmp_path / MANIFEST).read_text())["pages"]) >= {
        "ZGO/zgo/2026-01-01.html"
    }


def _stamps(root: Path) -> dict[str, int]:
    return {
        str(p.relative_to(root)): p.stat().st_mtime_ns
        for p in root.rglob("*")
        if p.suffix in (".html", ".json")
    }


def _rewritten(root: Path, before: dict[str, int]) -> set[str]:
    """The pages written since ``before`` (new or with a new modification time)."""
    return {
        path
        for path, stamp in _stamps(root).items()
        if before.get(path) != stamp and path != MANIFEST
    }


def _copies(*pages: str) -> set[str]:
    """Each page's files: its copy in the federation's language (Chinese), in the three
    others, and its JSON."""
    return {
        copy
        for page in pages
        for copy in (
            page,
            *(f"{lang}/{page}" for lang in ("en", "ru", "uk")),
            f"api/v1/{page.removesuffix('.html')}.json",
        )
    }


async def test_a_stored_tournament_rewrites_its_page_and_its_players(
    services: Services, tmp_path: Path
) -> None:
    seed = await seed_site(services.db, months=3)
    await build_site(services, tmp_path)
    stamps = _stamps(tmp_path)
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
    report = await build_site(services, tmp_path)
    assert report.written == 4  # the federation's page lists its recent tournaments
    assert _rewritten(tmp_path, stamps) == _copies(
        "ZGO/index.html", "ZGO/zgo/index.html", "ZGO/zgo/t/cup-2.html", "ZGO/players/P-004.html"
    )
    # a full comparison (no record of where the data stood) finds the same site
    manifest = json.loads((tmp_path / MANIFEST).read_text())
    del manifest["marks"], manifest["state"]
    (tmp_path / MANIFEST).write_text(json.dumps(manifest))
    assert (await build_site(services, tmp_path)).written == 0


async def test_a_file_removed_by_hand_is_written_again(services: Services, tmp_path: Path) -> None:
    seed = await seed_site(services.db, months=2)
    out = tmp_path / "site"
    await build_site(services, out)
    (out / "en/ZGO/players/P-005.html").unlink()
    async with services.db.transaction() as repos:
        await repos.ledger.add_title(seed.players["P-003"], seed.discipline_id, "1d", NOW.date())
    await build_site(services, out)
    assert (out / "en/ZGO/players/P-005.html").exists()


async def test_a_page_that_is_gone_is_removed(services: Services, tmp_path: Path) -> None:
    seed = await seed_site(services.db, months=2)
    await build_site(services, tmp_path)
    gone = tmp_path / f"ZGO/zgo/{seed.dates[1].isoformat()}.html"
    assert gone.exists()
    async with services.db.transaction() as repos:
        snapshot = await repos.lists.snapshot(seed.discipline_id, seed.dates[1])
        assert snapshot is not None
        await repos.publications.withdraw(snapshot, NOW)
    report = await build_site(services, tmp_path)
    assert report.removed == 5  # four languages and the JSON
    assert not gone.exists()
    assert broken_links(tmp_path) == []


def _invalid_pages(root: Path) -> dict[str, list[str]]:
    return {
        str(page.relative_to(root)): found
        for page in root.rglob("*.html")
        if (found := html_problems(page.read_text(encoding="utf-8")))
    }


@pytest.mark.slow
async def test_the_demo_site_is_valid_and_every_link_resolves(
    demo_services: Services, tmp_path: Path
) -> None:
    report = await build_site(demo_services, tmp_path)
    assert report.written > 400
    assert broken_links(tmp_path) == []
    assert _invalid_pages(tmp_path) == {}
    # issue 34: a page, a player index and a search index for each federation; the files
    # crawlers ask for; and no internal wording on any public page (the JSON, for programs,
    # keeps each trace as stored)
    async with demo_services.db.read() as repos:
        codes = [f.code for f in await repos.federations.all()]
    assert len(codes) == 5
    for code in codes:
        assert (tmp_path / code / "index.html").is_file()
        assert (tmp_path / code / "players.html").is_file()
        found = json.loads((tmp_path / code / "search.json").read_text(encoding="utf-8"))
        assert found["federation"] == code and len(found["players"]) > 10
        assert all((tmp_path / code / row[3]).is_file() for row in found["players"])
    assert (tmp_path / "robots.txt").read_text().startswith("User-agent: *")
    sitemap = (tmp_path / "sitemap.xml").read_text()
    assert "<loc>RMF/index.html</loc>" in sitemap and "/en/" not in sitemap
    assert _internal_words(tmp_path) == {}


def _internal_words(root: Path) -> dict[str, list[str]]:
    """Each page of ``root`` that shows the project's internal references, with them."""
    internal = {}
    for page in root.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        hits = [word for word in ("RULES.md", "Decision", "seed 0") if word in text]
        if hits:
            internal[str(page.relative_to(root))] = hits
    return internal


def _seeded_sqlite(path: Path) -> str:
    url = f"sqlite+aiosqlite:///{path}"

    async def prepare() -> None:
        db = Database(url)
        try:
            await db.migrate()
            await seed_site(db, months=3)
        finally:
            await db.close()

    asyncio.run(prepare())
    return url


def test_cli_site_build_and_export(
    run: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FEDRANK_DATABASE_URL", _seeded_sqlite(tmp_path / "site.db"))
    built = run(["site", "build", "--out", str(tmp_path / "site")])
    assert built.returncode == 0, built.stderr
    assert built.stdout.strip() == (
        f"site in {tmp_path / 'site'}: 16 page(s) written, 0 unchanged, 0 file(s) removed"
    )
    assert (
        run(["site", "build", "--out", str(tmp_path / "site")])
        .stdout.strip()
        .endswith("0 page(s) written, 16 unchanged, 0 file(s) removed")
    )
    out = tmp_path / "export"
    for kind in ("csv", "xlsx", "html", "json"):
        done = run(["export", "zgo", "--format", kind, "--date", "2021-02-01", "--out", str(out)])
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == f"written: {out / f'zgo-2021-02-01.{kind}'}"
    rows = list(csv.reader(io.StringIO((out / "zgo-2021-02-01.csv").read_text("utf-8-sig"))))
    assert len(rows) == 9 and rows[0][0] == "名次"
    assert json.loads((out / "zgo-2021-02-01.json").read_text())["size"] == 8
    assert "&lt;script&gt;" in (out / "zgo-2021-02-01.html").read_text()
    assert (out / "zgo-2021-02-01.xlsx").read_bytes()[:2] == b"PK"
    latest = run(["export", "zgo", "--format", "json", "--out", str(out)])
    assert latest.stdout.strip().endswith("zgo-2021-03-01.json")
    # A path ending in a known extension is a file of that format.
    named = run(["export", "zgo", "--out", str(tmp_path / "zgo.html")])
    assert named.stdout.strip() == f"written: {tmp_path / 'zgo.html'}"
    assert "&lt;script&gt;" in (tmp_path / "zgo.html").read_text()
    for args, message in (
        (["export", "nope", "--out", str(out)], "fedrank: no discipline 'nope'"),
        (["export", "zgo", "--date", "2020-01-01", "--out", str(out)], "no published list"),
        (["export", "zgo", "--format", "pdf", "--out", str(out)], "--format must be one of"),
        (["export", "zgo", "--date", "soon", "--out", str(out)], "--date must be YYYY-MM-DD"),
        (
            ["export", "zgo", "--out", str(out / "zgo-2021-02-01.csv"), "--format", "json"],
            "names a csv file but --format is json",
        ),
        (
            ["site", "build", "--out", str(out / "zgo-2021-02-01.csv")],
            "names a .csv file; the site is written into a folder",
        ),
    ):
        failed = run(args)
        assert failed.returncode == 2 and message in failed.stderr, failed.stderr


def _files(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in root.rglob("*")
        if p.is_file() and p.name != MANIFEST
    }


async def test_a_fresh_build_is_written_beside_and_moved_in_whole(
    services: Services, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build into a missing or empty folder writes each file in place into a new folder
    beside it, then renames that folder into place: the same files as a build that replaces
    them one by one in a folder already holding something, and nothing left beside."""
    from fedrank.web import site_build

    await seed_site(services.db)
    root = tmp_path / "w"  # tmp_path holds the database
    root.mkdir()
    missing, empty, busy = root / "a" / "site", root / "b", root / "c"
    empty.mkdir()
    busy.mkdir()
    (busy / "README").write_text("kept")
    renamed: list[str] = []
    replace = site_build.os.replace
    monkeypatch.setattr(site_build.os, "replace", lambda a, b: renamed.append(b) or replace(a, b))
    for folder in (missing, empty):
        renamed.clear()
        await build_site(services, folder)
        assert renamed == [folder]  # the whole folder, no file renamed one by one
    renamed.clear()
    await build_site(services, busy)
    assert len(renamed) > 10 and all(not str(x).endswith(".tmp") for x in renamed)
    assert (busy / "README").read_text() == "kept"
    built = _files(empty)
    assert built == _files(missing)
    assert built == {k: v for k, v in _files(busy).items() if k != "README"}
    assert sorted(p.name for p in root.iterdir()) == ["a", "b", "c"]
    assert sorted(p.name for p in (root / "a").iterdir()) == ["site"]


async def test_a_fresh_build_that_fails_leaves_nothing(
    services: Services, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fedrank.web import site_build

    await seed_site(services.db)
    root = tmp_path / "w"  # tmp_path holds the database
    root.mkdir()

    def broken(*_: object, **__: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(site_build, "_write_all", broken)
    with pytest.raises(OSError, match="disk full"):
        await build_site(services, root / "site")
    assert list(root.iterdir()) == []


async def test_a_fresh_build_into_a_mount_point_moves_its_entries_in(
    services: Services, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the new folder cannot be renamed onto the empty one (a mount point, another file
    system), its entries are moved in: the same files."""
    from fedrank.web import site_build

    await seed_site(services.db)
    root = tmp_path / "w"  # tmp_path holds the database
    root.mkdir()
    await build_site(services, root / "plain")
    target = root / "mounted"
    target.mkdir()
    replace = site_build.os.replace

    def no_folder_rename(a: object, b: object) -> None:
        if Path(str(b)) == target:
            raise OSError(16, "Device or resource busy")
        replace(a, b)  # type: ignore[arg-type]

    monkeypatch.setattr(site_build.os, "replace", no_folder_rename)
    await build_site(services, target)
    assert _files(target) == _files(root / "plain") and (target / MANIFEST).exists()
    assert sorted(p.name for p in root.iterdir()) == ["mounted", "plain"]
