"""The federation's website served live from the database (the pages are rendered by
:mod:`fedrank.web.site_render`, which this module re-exports for its callers).

A page is in its federation's language at its plain path and in each other language under
``<language>/``; every page links the other three. Links are relative, so a built folder works
behind any web server, at any depth. The JSON of a page is the page's data as it is.

Live serving (:func:`add_site_routes`) renders a page once per state of the database (a cheap
token read at most once a second), keeps it (and its gzip) and answers with its ETag,
``Last-Modified``, ``Cache-Control`` and 304 to a matching ``If-None-Match`` or
``If-Modified-Since``; two hundred requests for one page render it once.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import re
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from typing import Any
from urllib.parse import quote

from aiohttp import web
from multidict import CIMultiDict

from fedrank.handlers.context import Services
from fedrank.handlers.site import identity, live, paths
from fedrank.handlers.site.finding import HITS, matches, search_json
from fedrank.handlers.site.pages import Page, page_json
from fedrank.handlers.wording.languages import LANGUAGES
from fedrank.handlers.wording.safetext import visible
from fedrank.web.crawl import robots_txt, sitemap_xml
from fedrank.web.site_render import STATIC, TEMPLATES, Renderer, design_hash

__all__ = ["STATIC", "TEMPLATES", "LiveSite", "Renderer", "add_site_routes", "design_hash"]

#: How long the live server trusts the database's state token before reading it again.
STATE_TTL = 1.0
#: From which share of that age a request starts the next read in the background (a loop
#: busy with two hundred connections takes a good part of a second to finish a read).
READ_AHEAD = 0.25
CACHE_CONTROL = "public, max-age=60"
#: Bodies from this size on are also kept gzipped (compressed once, served to every client
#: that takes gzip).
GZIP_FROM = 1400
#: How many answers the live server keeps (the oldest goes first).
CACHE_PAGES = 4096
#: A path made only of characters that :func:`urllib.parse.quote` keeps (the usual case).
PLAIN_PATH = re.compile(r"[A-Za-z0-9_.~/-]*")


def _etag(body: bytes) -> str:
    return '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


@dataclass(frozen=True, slots=True)
class Answer:
    """A page as the live server keeps it: its body, gzipped once when worth it, and the
    headers of each way it is sent, worked out once (a request only copies them)."""

    kind: str
    body: bytes
    etag: str
    modified: datetime
    gzipped: bytes | None = None
    sent: dict[tuple[bool, bool], CIMultiDict[str]] = field(
        default_factory=dict, compare=False, repr=False
    )

    @classmethod
    def of(cls, kind: str, body: bytes, modified: datetime) -> Answer:
        packed = gzip.compress(body, 6, mtime=0) if len(body) >= GZIP_FROM else None
        made = cls(kind, body, _etag(body), modified, packed)
        for gzipped in (False, True):
            for full in (False, True):  # (gzipped, with a body: not a 304)
                headers = CIMultiDict(
                    {
                        "ETag": made.etag[:-1] + '-gz"' if gzipped else made.etag,
                        "Cache-Control": CACHE_CONTROL,
                        "Last-Modified": format_datetime(modified, usegmt=True),
                        "Vary": "Accept-Encoding",
                    }
                )
                if full:
                    headers["Content-Type"] = f"{kind}; charset=utf-8"
                    if gzipped:
                        headers["Content-Encoding"] = "gzip"
                made.sent[gzipped, full] = headers
        return made


class _Generation:
    """What the live server keeps for one state of the database: the renderer, the answers
    made from it, and the answers being made (one task a path, awaited by every request for
    it)."""

    def __init__(self, state: tuple[int, ...], renderer: Renderer, since: datetime) -> None:
        self.state = state
        self.renderer = renderer
        self.since = since
        self.answers: dict[str, Answer] = {}
        self.making: dict[str, asyncio.Future[Answer | None]] = {}
        self.kept: live.Kept = {}  # what many pages read alike (:class:`live.KeptReader`)


class LiveSite:
    """Pages rendered on demand and kept per database state: a new list, a stored
    tournament, a title or a registry change (:func:`live.state`) starts a new generation
    with an empty cache; until then a page is rendered once.

    No answer comes from a state read more than :data:`STATE_TTL` seconds before its request
    arrived (so a write by any process shows within that time). Requests never queue on a
    lock: the state read and each page's render are one shared task that all the requests
    needing it await together (an :class:`asyncio.Lock` hands over to its waiters one loop
    turn at a time, which under two hundred requests made a tail of most of a second), and
    the state is read again ahead, in the background, from :data:`READ_AHEAD` of its age limit."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self._now: _Generation | None = None
        self._state_at = 0.0  # when the newest applied state read began (monotonic)
        self._since = datetime.now(UTC).replace(microsecond=0)
        self._check: tuple[float, asyncio.Future[None]] | None = None

    def _start_check(self) -> asyncio.Future[None]:
        began = time.monotonic()
        task = asyncio.ensure_future(self._read_state(began))
        self._check = (began, task)

        def done(finished: asyncio.Future[None]) -> None:
            if self._check is not None and self._check[1] is finished:
                self._check = None
            if not finished.cancelled():
                finished.exception()  # a read ahead's failure: the next request reads again

        task.add_done_callback(done)
        return task

    async def _read_state(self, began: float) -> None:
        state = await live.state(self.services)
        if began <= self._state_at:  # a later read was applied meanwhile
            return
        if self._now is None or state != self._now.state:
            languages, default = await live.languages(self.services)
            if began <= self._state_at:
                return
            # a later second than the last state's, so If-Modified-Since never takes a page
            # of this state for one of the last
            self._since = max(
                datetime.now(UTC).replace(microsecond=0), self._since + timedelta(seconds=1)
            )
            self._now = _Generation(state, Renderer(languages, default), self._since)
        self._state_at = began

    async def _current(self) -> _Generation:
        arrived = time.monotonic()
        oldest = arrived - STATE_TTL  # the earliest state read this request may be answered by
        while self._now is None or self._state_at < oldest:
            check = self._check
            waiting = check[1] if check is not None and check[0] >= oldest else None
            await asyncio.shield(waiting or self._start_check())
        if self._check is None and arrived - self._state_at > STATE_TTL * READ_AHEAD:
            self._start_check()  # read ahead: the requests after this one need not wait
        return self._now

    async def close(self) -> None:
        """Stops the state read and the renders under way (the application is closing)."""
        tasks: list[asyncio.Future[Any]] = [self._check[1]] if self._check is not None else []
        if self._now is not None:
            tasks += self._now.making.values()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def answer(self, path: str) -> Answer | None:
        """A path of the site's answer; None if it names nothing."""
        now = await self._current()
        found = now.answers.get(path)
        if found is not None:
            return found
        making = now.making.get(path)
        if making is None:
            making = now.making[path] = asyncio.ensure_future(self._make(now, path))

            def keep(made: asyncio.Future[Answer | None]) -> None:
                now.making.pop(path, None)
                if made.cancelled() or made.exception() is not None:
                    return  # every request that awaited it has the error; the next one retries
                result = made.result()
                if result is not None:
                    if len(now.answers) >= CACHE_PAGES:  # the oldest out: a crawl is bounded
                        del now.answers[next(iter(now.answers))]
                    now.answers[path] = result

            making.add_done_callback(keep)
        return await asyncio.shield(making)

    async def _make(self, now: _Generation, path: str) -> Answer | None:
        """The answer at ``path`` in generation ``now``: its data is read after ``now``'s
        state, so it is never older than what that state stands for."""
        renderer = now.renderer
        if path == "sitemap.xml":
            return Answer.of("application/xml", await self._sitemap(now), now.since)
        if path.endswith("/search.json") and path.count("/") == 1:
            index = await live.page_at(
                self.services, path.replace("search.json", "players.html"), kept=now.kept
            )
            return (
                None
                if index is None
                else Answer.of("application/json", search_json(index), now.since)
            )
        if path.startswith(paths.API + "/") and path.endswith(".json"):
            page = await live.page_at(
                self.services, path[len(paths.API) + 1 : -5] + ".html", whole=True, kept=now.kept
            )
            if page is None:
                return None
            return Answer.of("application/json", page_json(page), now.since)
        language, rest = paths.split_language(path)
        page = await live.page_at(self.services, rest, kept=now.kept)
        if page is None:
            return None
        if language is None:
            language = renderer.language_of(rest)
        elif language == renderer.language_of(rest):
            return None  # the plain path is the page in its own language
        _, body = renderer.render(page, language)
        return Answer.of("text/html", body, now.since)

    async def _sitemap(self, now: _Generation) -> bytes:
        """The live sitemap: the index, each federation's page and player index, each
        discipline's archive and latest list, every profile."""
        index = await live.page_at(self.services, paths.INDEX, kept=now.kept)
        pages = [paths.INDEX]
        for federation in index["federations"] if index else []:
            pages += [federation["page"], paths.players(federation["code"])]
            for discipline in federation["disciplines"]:
                pages.append(discipline["page"])
                if discipline["latest"]:
                    pages.append(discipline["latest"]["page"])
            players = await live.page_at(
                self.services, paths.players(federation["code"]), kept=now.kept
            )
            pages += [p["page"] for p in players["players"]] if players else []
        return sitemap_xml(pages)

    async def search(self, query: str, language: str | None) -> bytes:
        """The live server's answer to ``/search?q=``: the players of every federation whose
        name, Latin name or ID holds ``query`` (not kept: each query is read afresh from the
        kept player indexes)."""
        now = await self._current()
        index = await live.page_at(self.services, paths.INDEX, kept=now.kept)
        federations = index["federations"] if index else []
        hits: list[dict[str, Any]] = []
        for federation in federations:
            found = await self._answer_data(now, paths.players(federation["code"]))
            if found is not None:
                hits += [{**h, "federation": federation["code"]} for h in matches(found, query)]
        page = {
            "kind": "search",
            "page": "search",
            "query": query,
            "hits": hits[:HITS],
            "federations": [{"code": f["code"]} for f in federations],
        }
        renderer = now.renderer
        chosen = language if language in LANGUAGES else renderer.default
        return renderer.render(page, chosen)[1]

    async def _answer_data(self, now: _Generation, page: str) -> Page | None:
        """A page's data kept for this state (the player indexes the search reads)."""
        key = ("page", page)
        if key not in now.kept:
            now.kept[key] = await live.page_at(self.services, page, kept=now.kept)
        found: Page | None = now.kept[key]
        return found


def _takes_gzip(request: web.Request) -> bool:
    for part in request.headers.get("Accept-Encoding", "").split(","):
        name, _, params = part.partition(";")
        if name.strip().lower() in ("gzip", "*"):
            quality = params.strip().removeprefix("q=").strip() if "q=" in params else "1"
            try:
                return float(quality) > 0
            except ValueError:
                return False
    return False


def _not_modified(request: web.Request, etag: str, modified: datetime) -> bool:
    """A conditional request that the cached page answers with 304: If-None-Match naming
    its ETag (either encoding's), else If-Modified-Since at or after it was made."""
    matches = request.headers.get("If-None-Match")
    if matches is not None:
        return matches.strip() == "*" or etag in matches or etag[:-1] + '-gz"' in matches
    since = request.if_modified_since
    return since is not None and modified <= since


def respond(request: web.Request, found: Answer) -> web.StreamResponse:
    """The page, its ETag, Last-Modified and Cache-Control; gzipped when the client takes
    it; 304 to a matching conditional request."""
    packed = found.gzipped is not None and _takes_gzip(request)
    if _not_modified(request, found.etag, found.modified):
        return web.Response(status=304, headers=CIMultiDict(found.sent[packed, False]))
    body = found.gzipped if packed and found.gzipped is not None else found.body
    return web.Response(body=body, headers=CIMultiDict(found.sent[packed, True]))


def add_site_routes(app: web.Application, services: Services) -> None:
    """The website, live from the database: pages, their JSON and the style sheet."""
    site = LiveSite(services)

    async def close(_: web.Application) -> None:
        await site.close()

    app.on_cleanup.append(close)
    types = {".css": "text/css", ".js": "text/javascript", ".svg": "image/svg+xml"}
    files = {
        p.name: Answer.of(types[p.suffix], p.read_bytes(), site._since)
        for p in STATIC.iterdir()
        if p.suffix in types
    }
    crawl = Answer.of("text/plain", robots_txt(), site._since)

    async def static_file(request: web.Request) -> web.StreamResponse:
        found = files.get(request.match_info["name"])
        if found is None:
            raise web.HTTPNotFound()
        return respond(request, found)

    async def robots(request: web.Request) -> web.StreamResponse:
        return respond(request, crawl)

    async def favicon(request: web.Request) -> web.StreamResponse:
        return respond(request, files["favicon.svg"])

    async def search(request: web.Request) -> web.StreamResponse:
        language = request.match_info.get("language")
        if language is not None and language not in LANGUAGES:
            raise web.HTTPNotFound()
        # a query is echoed on its page: no bidi or other invisible control survives into it
        body = await site.search(visible(request.query.get("q", "")[:200]), language)
        return web.Response(
            body=body,
            content_type="text/html",
            charset="utf-8",
            headers={"Cache-Control": "no-store"},
        )

    async def page(request: web.Request) -> web.StreamResponse:
        # one quoting, ours, whatever a client quoted: the cache key and the route
        raw = request.path.lstrip("/")
        if not PLAIN_PATH.fullmatch(raw):  # only what quoting leaves as it is: nothing to do
            raw = "/".join(quote(part, safe="") for part in raw.split("/"))
        if raw == "":
            raw = paths.INDEX
        elif raw.endswith("/"):
            raw += "index.html"
        found = await site.answer(raw)
        if found is None:
            raise web.HTTPNotFound()
        return respond(request, found)

    async def logo(request: web.Request) -> web.StreamResponse:
        # a federation's logo, as the build copies it (:mod:`fedrank.handlers.site.identity`)
        found = await identity.logo_for(services, request.match_info["name"])
        if found is None:
            raise web.HTTPNotFound()
        data, media = found
        headers = {"Cache-Control": "public, max-age=300", "X-Content-Type-Options": "nosniff"}
        if media == "image/svg+xml":  # an SVG is a document: it may run nothing
            headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'"
        return web.Response(body=data, content_type=media, headers=headers)

    # No catch-all: one-segment paths (``/healthz``, ``/metrics``) stay free for the app.
    app.router.add_get(r"/static/{name:logo-[^/]+}", logo)
    app.router.add_get("/static/{name}", static_file)
    app.router.add_get("/robots.txt", robots)
    app.router.add_get("/favicon.ico", favicon)
    app.router.add_get("/search", search)
    app.router.add_get("/{language}/search", search)
    app.router.add_get("/sitemap.xml", page)
    app.router.add_get("/", page)
    app.router.add_get("/index.html", page)
    app.router.add_get("/{first}/", page)
    app.router.add_get("/{first}/{rest:.+}", page)
