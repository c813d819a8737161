"""``fedrank site build``: the whole website written to a folder, incrementally.

The manifest also records where the data stood (:func:`.changes.marks`); the next build
reads only the pages the changes since touch (:func:`.changes.changes`: the index, the
archives, new lists, changed tournaments, the profiles of players whose own figures changed)
and keeps every other page's entry, or reads the whole site when it cannot tell. Each page's
data is hashed (its JSON, with the design's hash: templates, style sheet,
languages); a page whose hash is the one the folder's manifest (``.fedrank-site.json``)
recorded, and whose files are still there, is neither rendered nor written. Pages that no
longer exist (a withdrawn list) are removed. Files are replaced atomically, so a web server
serving the folder never sends half a page.
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
import shutil
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from fedrank.handlers.context import Services
from fedrank.handlers.site import changes, identity, live, paging, paths
from fedrank.handlers.site.finding import search_json
from fedrank.handlers.site.pages import page_json
from fedrank.handlers.wording.languages import LANGUAGES
from fedrank.web.crawl import robots_txt, sitemap_xml
from fedrank.web.site import STATIC, Renderer, design_hash

MANIFEST = ".fedrank-site.json"
#: The collector's first threshold while a build runs (Python's is 700 new objects).
BUILDING_THRESHOLD = 50_000


@dataclass(slots=True)
class BuildReport:
    written: int = 0
    unchanged: int = 0
    removed: int = 0

    @property
    def pages(self) -> int:
        return self.written + self.unchanged


def _write(path: Path, body: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    _replace(str(path), body)


def _replace(target: str, body: bytes) -> None:
    """``target`` replaced by ``body`` atomically (a temporary beside it, then renamed), in
    plain system calls: a full build writes some 150,000 files."""
    temporary = target + ".tmp"
    _create(temporary, body)
    os.replace(temporary, target)


def _create(target: str, body: bytes) -> None:
    """``target`` written in place: a fresh build writes into a folder nobody serves yet
    (:func:`_fresh_folder`), so no temporary and no rename."""
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        view = memoryview(body)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)


def _fresh_folder(out: Path) -> Path | None:
    """Where a build into ``out`` writes when ``out`` is missing or empty: a new folder beside
    it, moved into place whole when the build is done (:func:`_swap`), so a web server
    serving ``out`` never sees half a site and each file is written once, in place. None
    when ``out`` has anything in it (the build then replaces files one by one)."""
    try:
        if out.exists() and (not out.is_dir() or any(out.iterdir())):
            return None
    except OSError:
        return None
    folder = out.parent / f".{out.name}.building-{os.getpid()}"
    shutil.rmtree(folder, ignore_errors=True)
    try:
        folder.mkdir(parents=True)
    except OSError:
        return None
    return folder


def _swap(folder: Path, out: Path) -> None:
    """The freshly built ``folder`` put at ``out`` (missing or empty): renamed in one step;
    when that cannot be (``out`` a mount point, another file system), its entries moved in
    one by one, the manifest last."""
    try:
        os.replace(folder, out)
        return
    except OSError:
        pass
    out.mkdir(parents=True, exist_ok=True)
    for entry in sorted(folder.iterdir(), key=lambda p: p.name == MANIFEST):
        shutil.move(str(entry), str(out / entry.name))
    shutil.rmtree(folder, ignore_errors=True)


def _present(out: Path, targets: Iterable[str]) -> bool:
    return all((out / unquote(x)).exists() for x in targets)


def _write_all(
    out: Path, files: Iterable[tuple[str, bytes]], made: set[str], *, fresh: bool = False
) -> None:
    root = str(out)
    put = _create if fresh else _replace
    for path, body in files:
        target = f"{root}/{unquote(path)}"
        folder = target.rpartition("/")[0]
        if folder not in made:  # a folder made once, not asked for each file
            os.makedirs(folder, exist_ok=True)
            made.add(folder)
        put(target, body)


def _remove(out: Path, gone: Iterable[str]) -> int:
    for path in gone:
        (out / unquote(path)).unlink(missing_ok=True)
    return len(list(gone)) if not isinstance(gone, set) else len(gone)


def _copy_static(out: Path) -> None:
    for name in sorted(p.name for p in STATIC.iterdir()):
        target = out / "static" / name
        if not target.exists() or target.read_bytes() != (STATIC / name).read_bytes():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(STATIC / name, target)


def _write_logos(out: Path, logos: list[tuple[str, bytes]]) -> None:
    """The federations' logos in ``static/`` (each page's header links its own)."""
    for name, data in logos:
        target = out / "static" / name
        if not target.exists() or target.read_bytes() != data:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)


#: Builds running in this process (the threshold is restored when the last one ends).
_building = [0]


@contextmanager
def _collecting_seldom() -> Iterator[None]:
    """The cyclic collector run less often while pages are made: a full build makes some
    ten million short-lived dicts and strings (none in a cycle) while it holds a
    discipline's 2.4 million history rows, and at Python's threshold it ran 28,000
    collections, nine of them walking everything held (4.5 s of a 20,000-player build).
    Objects are still collected, only in larger batches; the threshold is restored when
    the last build running in the process ends."""
    before = gc.get_threshold()
    if _building[0] == 0:
        _building.append(before[0])
        gc.set_threshold(max(before[0], BUILDING_THRESHOLD), *before[1:])
    _building[0] += 1
    try:
        yield
    finally:
        _building[0] -= 1
        if _building[0] == 0:
            gc.set_threshold(_building.pop(), *gc.get_threshold()[1:])


def _load_manifest(out: Path) -> dict[str, Any]:
    try:
        data = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) and isinstance(data.get("pages"), dict) else {}


async def build_site(
    services: Services,
    out: Path,
    *,
    languages: tuple[str, ...] = LANGUAGES,
    progress: Callable[[int, int | None], None] | None = None,
) -> BuildReport:
    """Write (or bring up to date) the site in ``out``; what was written and left alone.
    ``progress(pages, None)`` is called after each page is checked (their number is known
    only at the end)."""
    with _collecting_seldom():
        return await _build(services, out, languages=languages, progress=progress)


async def _build(
    services: Services,
    out: Path,
    *,
    languages: tuple[str, ...] = LANGUAGES,
    progress: Callable[[int, int | None], None] | None = None,
) -> BuildReport:
    federation_languages, default = await live.languages(services)
    renderer = Renderer(federation_languages, default)
    names_and_identity, logos = await identity.for_build(services)
    design = design_hash(federation_languages) + names_and_identity
    state = [*await live.state(services), *languages, design]
    marks = await changes.marks(services)
    manifest = _load_manifest(out)
    before: dict[str, str] = manifest.get("pages", {})
    report = BuildReport()
    present = _present(out, before)
    if manifest.get("state") == state and present:
        # Nothing a page shows changed since the last build: no page is even read.
        report.unchanged = len({digest for digest in before.values()})
        return report
    found = None
    if (
        present  # a file removed by hand is written again by a whole comparison
        and manifest.get("design") == [*languages, design]
        and isinstance(manifest.get("marks"), dict)
    ):
        found = await changes.changes(services, manifest["marks"])
    final, building = out, _fresh_folder(out) if not before else None
    if building is not None:
        out = building
    _copy_static(out)
    _write_logos(out, logos)
    if found is not None:
        # Only the pages the changes touch are read; every other page stays as it is.
        pages = changes.changed_pages(services, found)
        after = dict(before)
    else:
        pages = live.all_pages(services)
        after = {}
    made: set[str] = set()
    design_bytes = design.encode()
    checked = 0
    try:
        async for page in pages:
            checked += 1
            if progress is not None:
                progress(checked, None)
            body = page_json(page)
            hashed = hashlib.sha256(body)
            hashed.update(design_bytes)
            digest = hashed.hexdigest()[:32]
            api = paths.api(page["page"])
            # a list is written as its pages (:mod:`.paging`), its JSON as one whole file
            parts = list(paging.slices(page)) if page["kind"] == "list" else [page]
            targets = [api] + [renderer.path(p["page"], lang) for p in parts for lang in languages]
            if page["kind"] == "players":  # the federation's search index, once a build
                targets.append(paths.search(page["federation"]["code"]))
            for target in targets:
                after[target] = digest
            if all(before.get(x) == digest for x in targets) and _present(out, targets):
                continue
            report.written += 1
            files = [(api, body)] + [renderer.render(p, lang) for p in parts for lang in languages]
            if page["kind"] == "players":
                files.append((targets[-1], search_json(page)))
            _write_all(out, files, made, fresh=building is not None)
        report.unchanged = len({x for x in after if x.startswith(paths.API + "/")}) - report.written
        report.removed = _remove(out, set(before) - set(after))
        # for crawlers: the pages in their own language (each links its other copies)
        put = _create if building is not None else _replace
        put(str(out / "robots.txt"), robots_txt())
        put(str(out / "sitemap.xml"), sitemap_xml(after))
        manifest_body = json.dumps(
            {"state": state, "design": [*languages, design], "marks": marks, "pages": after},
            indent=0,
        ).encode()
        if building is not None:
            _create(str(out / MANIFEST), manifest_body)
        else:
            _write(out / MANIFEST, manifest_body)
        if building is not None:
            _swap(building, final)
    except BaseException:
        if building is not None:  # a build that failed leaves nothing beside the folder
            shutil.rmtree(building, ignore_errors=True)
        raise
    return report
