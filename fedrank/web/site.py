"""The federation's website rendered: Jinja2 templates (autoescaped) over the page data of
:mod:`fedrank.handlers.site`, and the live routes that serve it from the database.

A page is in its federation's language at its plain path and in each other language under
``<language>/``; every page links the other three. Links are relative, so a built folder works
behind any web server, at any depth. The JSON of a page is the page's data as it is.

Live serving (:func:`add_site_routes`) renders a page once per state of the database (a cheap
token read at most once a second) and answers with its ETag, ``Cache-Control`` and 304 to a
matching ``If-None-Match``; two hundred requests for one page render it once.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from collections.abc import Callable
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any
from urllib.parse import quote

from aiohttp import web
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

from fedrank.handlers.context import LANGUAGES, Services
from fedrank.handlers.i18n import t
from fedrank.handlers.site import live, paths
from fedrank.handlers.site.pages import Page, page_json
from fedrank.web.site_chart import rating_svg

HERE = Path(__file__).parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"
TEMPLATE_OF = {
    "index": "index.html",
    "archive": "archive.html",
    "list": "list.html",
    "player": "player.html",
    "tournament": "tournament.html",
}
#: Stand-ins for the words of a part rendered once for every language (control characters:
#: never in escaped data, and replaced by the language's escaped words).
NEW = "\x01new\x01"
NOW = "\x01now\x01"
LABEL = "\x01label\x01"
#: How long the live server trusts the database's state token before reading it again.
STATE_TTL = 1.0
CACHE_CONTROL = "public, max-age=60"


def design_hash(federation_languages: dict[str, str]) -> str:
    """What every page also depends on besides its data: the templates, the style sheet and
    which language each federation's pages are in."""
    digest = hashlib.sha256()
    for path in sorted([*TEMPLATES.iterdir(), *STATIC.iterdir()]):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    digest.update(json.dumps(federation_languages, sort_keys=True).encode())
    return digest.hexdigest()[:16]


class Renderer:
    """Renders page data into HTML in any of the four languages."""

    def __init__(self, federation_languages: dict[str, str], default: str) -> None:
        self.default = default
        self.by_segment = {paths.seg(code): lang for code, lang in federation_languages.items()}
        self.env = Environment(
            loader=FileSystemLoader(TEMPLATES),
            autoescape=True,
            undefined=StrictUndefined,
            keep_trailing_newline=True,
        )
        self.fragments = {
            name: self.env.get_template(name)
            for name in ("list_rows.html", "player_history.html", "tournament_trace.html")
        }
        # The parts of the current page that are the same in every language, rendered once.
        self._memo: tuple[str, dict[str, str]] = ("", {})

    def _once(self, page: Page, key: str, make: Callable[[], str]) -> str:
        if self._memo[0] != page["page"]:
            self._memo = (page["page"], {})
        memo = self._memo[1]
        if key not in memo:
            memo[key] = make()
        return memo[key]

    def language_of(self, page: str) -> str:
        """The language of the copy at a page's plain path (its federation's)."""
        segment = paths.federation_of(page)
        return self.by_segment.get(segment, self.default) if segment else self.default

    def path(self, page: str, language: str) -> str:
        """Where the ``language`` copy of ``page`` lives."""
        return paths.in_language(page, language, self.language_of(page))

    def render(self, page: Page, language: str) -> tuple[str, bytes]:
        """(path, HTML) of the page's copy in ``language``."""
        here = self.path(page["page"], language)

        def link(target: str) -> str:
            return paths.relative(self.path(target, language), here)

        def static(name: str) -> str:
            return paths.relative(f"static/{name}", here)

        def words(key: str, **values: object) -> str:
            return t(language, key, **values)

        alternates = [
            {
                "lang": other,
                "name": t(other, "site.language_name"),
                "href": paths.relative(self.path(page["page"], other), here),
            }
            for other in LANGUAGES
            if other != language
        ]
        extra: dict[str, Any] = {}
        if page["kind"] == "list":
            # The rows are the bulk of a list: rendered once for the four languages (every
            # link in them is to the list's own federation, the same in every copy).
            rows = self._once(
                page,
                "rows",
                lambda: self.fragments["list_rows.html"].render(
                    rows=page["rows"], prefix=paths.relative(".", page["page"]) + "/", new=NEW
                ),
            )
            extra["rows"] = Markup(rows.replace(NEW, str(escape(words("site.new")))))  # noqa: S704
        if page["kind"] == "tournament":
            traced = [r for r in page["results"] if any(a["trace"] for a in r["awards"])]
            extra["has_team"] = any(r["team"] for r in page["results"])
            extra["traced"] = bool(traced)
            extra["trace"] = Markup(  # noqa: S704 (rendered by the autoescaping template)
                self._once(
                    page,
                    "trace",
                    lambda: self.fragments["tournament_trace.html"].render(traced=traced),
                )
            )
        if page["kind"] == "player":
            name = page["player"]["name"]

            def chart(section: Page) -> Markup:
                svg = self._once(
                    page,
                    f"chart {section['code']}",
                    lambda: str(
                        rating_svg(
                            [
                                (date.fromisoformat(h["date"]), Decimal(h["rating"]))
                                for h in section["history"]
                            ],
                            [(x["title"], Decimal(x["rating"])) for x in section["thresholds"]],
                            LABEL,
                        )
                    ),
                )
                label = words("site.chart_label", player=name, discipline=section["name"])
                return Markup(svg.replace(LABEL, str(escape(label))))  # noqa: S704

            def history(section: Page) -> Markup:
                prefix = paths.relative(
                    paths.archive(page["federation"]["code"], section["code"]), page["page"]
                ).removesuffix("index.html")
                rows = self._once(
                    page,
                    f"history {section['code']}",
                    lambda: self.fragments["player_history.html"].render(
                        history=section["history"], prefix=prefix, now=NOW
                    ),
                )
                # rendered by the autoescaping template
                return Markup(rows.replace(NOW, str(escape(words("site.until_now")))))  # noqa: S704

            extra["chart"] = chart
            extra["history"] = history
        html = self.env.get_template(TEMPLATE_OF[page["kind"]]).render(
            page=page,
            lang=language,
            _=words,
            link=link,
            static=static,
            api=paths.relative(paths.api(page["page"]), here),
            alternates=alternates,
            **extra,
        )
        return here, html.encode()


def _etag(body: bytes) -> str:
    return '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


class LiveSite:
    """Pages rendered on demand and kept per database state."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self._state: tuple[int, ...] | None = None
        self._state_at = 0.0
        self._renderer: Renderer | None = None
        self._cache: dict[str, tuple[str, bytes, str]] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._checking = asyncio.Lock()

    async def _current(self) -> Renderer:
        if self._renderer is not None and time.monotonic() - self._state_at <= STATE_TTL:
            return self._renderer
        async with self._checking:  # one state read for all the requests that need it
            if self._renderer is None or time.monotonic() - self._state_at > STATE_TTL:
                state = await live.state(self.services)
                if state != self._state or self._renderer is None:
                    languages, default = await live.languages(self.services)
                    self._renderer = Renderer(languages, default)
                    self._cache.clear()
                    self._state = state
                self._state_at = time.monotonic()
        return self._renderer

    async def answer(self, path: str) -> tuple[str, bytes, str] | None:
        """(content type, body, ETag) of a path of the site; None if it names nothing."""
        renderer = await self._current()
        if path in self._cache:
            return self._cache[path]
        lock = self._locks.setdefault(path, asyncio.Lock())
        async with lock:
            if path in self._cache:
                return self._cache[path]
            made = await self._make(renderer, path)
            if made is not None:
                self._cache[path] = made
            self._locks.pop(path, None)
            return made

    async def _make(self, renderer: Renderer, path: str) -> tuple[str, bytes, str] | None:
        if path.startswith(paths.API + "/") and path.endswith(".json"):
            page = await live.page_at(self.services, path[len(paths.API) + 1 : -5] + ".html")
            if page is None:
                return None
            body = page_json(page)
            return "application/json", body, _etag(body)
        language, rest = paths.split_language(path)
        page = await live.page_at(self.services, rest)
        if page is None:
            return None
        if language is None:
            language = renderer.language_of(rest)
        elif language == renderer.language_of(rest):
            return None  # the plain path is the page in its own language
        _, body = renderer.render(page, language)
        return "text/html", body, _etag(body)


def add_site_routes(app: web.Application, services: Services) -> None:
    """The website, live from the database: pages, their JSON and the style sheet."""
    site = LiveSite(services)
    css = (STATIC / "site.css").read_bytes()
    css_etag = _etag(css)

    def respond(request: web.Request, kind: str, body: bytes, etag: str) -> web.StreamResponse:
        headers = {"ETag": etag, "Cache-Control": CACHE_CONTROL}
        if etag in request.headers.get("If-None-Match", ""):
            return web.Response(status=304, headers=headers)
        return web.Response(body=body, content_type=kind, charset="utf-8", headers=headers)

    async def static_css(request: web.Request) -> web.StreamResponse:
        return respond(request, "text/css", css, css_etag)

    async def page(request: web.Request) -> web.StreamResponse:
        # one quoting, ours, whatever a client quoted: the cache key and the route
        raw = "/".join(quote(part, safe="") for part in request.path.lstrip("/").split("/"))
        if raw == "":
            raw = paths.INDEX
        elif raw.endswith("/"):
            raw += "index.html"
        found = await site.answer(raw)
        if found is None:
            raise web.HTTPNotFound()
        return respond(request, *found)

    # No catch-all: one-segment paths (``/healthz``, ``/metrics``) stay free for the app.
    app.router.add_get("/static/site.css", static_css)
    app.router.add_get("/", page)
    app.router.add_get("/index.html", page)
    app.router.add_get("/{first}/{rest:.+}", page)
