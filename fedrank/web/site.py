"""The federation's website rendered: Jinja2 templates (autoescaped) over the page data of
:mod:`fedrank.handlers.site`, and the live routes that serve it from the database.

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
import json
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from email.utils import format_datetime
from functools import lru_cache
from pathlib import Path
from types import FunctionType
from typing import Any
from urllib.parse import quote

from aiohttp import web
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from jinja2.runtime import Context
from markupsafe import Markup, escape
from multidict import CIMultiDict

from fedrank.charts import svg as chart_svg
from fedrank.charts.svg import rating_svg
from fedrank.handlers.context import Services
from fedrank.handlers.site import identity, live, paging, paths
from fedrank.handlers.site.pages import Page, page_json
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.languages import LANGUAGES
from fedrank.handlers.wording.words import kind_text
from fedrank.web.site_rows import history_rows, list_rows, page_index

HERE = Path(__file__).parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"
#: The modules that write markup besides the templates (part of the design's hash).
CODE = (HERE / "site_rows.py", Path(chart_svg.__file__))
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
#: How many words and links worked out for a language and folder a renderer keeps.
RESOLVED = 1 << 16
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


def design_hash(federation_languages: dict[str, str]) -> str:
    """What every page also depends on besides its data: the templates, the style sheet, the
    code that writes rows and charts, and which language each federation's pages are in."""
    digest = hashlib.sha256()
    for path in sorted([*TEMPLATES.iterdir(), *STATIC.iterdir(), *CODE]):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    digest.update(f"list pages of {paging.SIZE}".encode())
    digest.update(json.dumps(federation_languages, sort_keys=True).encode())
    return digest.hexdigest()[:16]


class PlainCallContext(Context):
    """A template context that calls a plain function (no attribute: not marked
    ``pass_context`` or the like) directly, as :meth:`Context.call` would after asking for
    each mark in turn: a full build calls words and links some 800,000 times, and the
    asking (three ``hasattr`` misses a call) cost more than most of the calls."""

    def call(__self, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        if type(__obj) is not FunctionType or __obj.__dict__:
            return Context.call(__self, __obj, *args, **kwargs)
        kwargs.pop("_block_vars", None)
        kwargs.pop("_loop_vars", None)
        try:
            return __obj(*args, **kwargs)
        except StopIteration:
            return __self.environment.undefined(
                "value was undefined because a callable raised a StopIteration exception"
            )


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
            # the templates ship with the package and change only with it: not asked for
            # each page whether their file changed (a stat a render, 1.7 % of a full build)
            auto_reload=False,
        )
        self.env.context_class = PlainCallContext
        self.fragments = {name: self.env.get_template(name) for name in ("tournament_trace.html",)}
        self.templates = {kind: self.env.get_template(name) for kind, name in TEMPLATE_OF.items()}
        # The parts of the current page that are the same in every language, rendered once.
        self._memo: tuple[str, dict[str, Any]] = ("", {})
        self._resolved: dict[tuple[str, str], dict[tuple[Any, ...], bytes]] = {}
        self._kept = 0
        # Tokens carry a nonce of this renderer, so no stored text can pass for one.
        self._nonce = secrets.token_hex(6)
        self._token = re.compile(f"\x02{self._nonce}(\\d+)\x02")

    def _once(self, page: Page, key: str, make: Callable[[], Any]) -> Any:
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
        """(path, HTML) of the page's copy in ``language``.

        The template runs once a page (:meth:`_neutral`): every word, link and language
        mark in it is a token, and each language's copy is that text with its tokens
        replaced (one pass of a regular expression), not another run of the template."""
        here = self.path(page["page"], language)
        text, specs = self._once(page, "neutral", lambda: self._neutral(page))
        folder = here.rpartition("/")[0]
        # what is the same in every page of a folder, worked out once a language and folder
        table = self._resolved.get((language, folder))
        if table is None:
            if self._kept > RESOLVED:
                self._resolved.clear()
                self._kept = 0
            table = self._resolved[language, folder] = {}
        values: list[bytes] = []
        for spec in specs:
            value = table.get(spec)
            if value is None:
                kind = spec[0]
                if kind in ("head", "nav"):
                    value = self._alternates(kind, page["page"], language, table)
                else:
                    value = self._resolve(spec, page, language, here).encode()
                    if kind != "file" or spec[1].startswith("static/"):
                        table[spec] = value  # words, links, the style sheet, the language
                        self._kept += 1
            values.append(value)
        # the text cut at its tokens and encoded once a page; each copy joins the pieces
        # and its values (UTF-8 of a joined text is the join of its parts' UTF-8)
        pieces, order = self._once(page, "pieces", lambda: self._pieces(text))
        pieces[1::2] = [values[i] for i in order]
        return here, b"".join(pieces)

    def _alternates(
        self, kind: str, page: str, language: str, table: dict[tuple[Any, ...], bytes]
    ) -> bytes:
        """The ``head`` or ``nav`` links from the ``language`` copy of ``page`` to its other
        copies: worked out once for the page's folder (kept in ``table``, the language's
        for the copy's folder), with this page's name put in."""
        folder, _, base = page.rpartition("/")
        key = (kind, folder)
        value = table.get(key)
        if value is None:
            stand_in = _in_folder(page)
            value = table[key] = self._resolve(
                (kind,), {"page": stand_in}, language, self.path(stand_in, language)
            ).encode()
        return value.replace(b"\x00", str(escape(base)).encode())

    def _pieces(self, text: str) -> tuple[list[bytes], list[int]]:
        """``text`` cut at its tokens: (the text between them, encoded, with a slot after
        each piece but the last, which token each slot takes)."""
        pieces = self._token.split(text)
        return [p.encode() for p in pieces], [int(x) for x in pieces[1::2]]

    def _resolve(self, spec: tuple[Any, ...], page: Page, language: str, here: str) -> str:
        kind = spec[0]
        if kind == "words":
            values = {
                k: (dict(v[1]).get(language) or v[2]) if isinstance(v, tuple) else v
                for k, v in spec[2]
            }
            return str(escape(t(language, spec[1], **values)))
        if kind == "link":
            return str(escape(paths.relative(self.path(spec[1], language), here)))
        if kind == "file":
            return str(escape(paths.relative(spec[1], here)))
        if kind == "lang":
            return language
        if kind == "named":  # a federation's or discipline's name in the copy's language
            return str(escape(dict(spec[1]).get(language) or spec[2]))
        if kind == "kind":  # a point kind and colour as /rating words them
            return str(escape(kind_text(language, spec[1], spec[2] or None)))
        others = [
            (other, paths.relative(self.path(page["page"], other), here))
            for other in LANGUAGES
            if other != language
        ]
        if kind == "head":
            return "".join(
                f'<link rel="alternate" hreflang="{other}" href="{escape(href)}">\n'
                for other, href in others
            )
        return "".join(  # "nav": the links to the other languages' copies
            f'<a href="{escape(href)}" hreflang="{other}" lang="{other}">'
            f"{escape(t(other, 'site.language_name'))}</a>"
            for other, href in others
        )

    def _neutral(self, page: Page) -> tuple[str, list[tuple[Any, ...]]]:
        """The page rendered once, with a token for each thing that differs by language:
        (text, what each token stands for)."""
        specs: list[tuple[Any, ...]] = []
        known: dict[tuple[Any, ...], Markup] = {}

        def token(spec: tuple[Any, ...]) -> Markup:
            if spec not in known:
                known[spec] = Markup(f"\x02{self._nonce}{len(specs)}\x02")  # noqa: S704
                specs.append(spec)
            return known[spec]

        def words(key: str, **values: object) -> Markup:
            return token(("words", key, tuple(sorted(values.items()))))

        def named(ref: Page) -> Markup:
            return token(("named", tuple(sorted(ref.get("names", {}).items())), ref["name"]))

        def names(ref: Page) -> tuple[str, tuple[tuple[str, str], ...], str]:
            # a name per language as a value of words (the copy's language picks it)
            return (NAMES, tuple(sorted(ref.get("names", {}).items())), ref["name"])

        def kind(award: Page) -> Markup:
            return token(("kind", award["kind"], award.get("colour") or ""))

        extra: dict[str, Any] = {}
        if page["kind"] == "list":
            # The rows are the bulk of a list (every link in them is to the list's own
            # federation, the same in every copy).
            rows = list_rows(page["rows"], paths.relative(".", page["page"]) + "/", NEW)
            extra["rows"] = Markup(rows.replace(NEW, words("site.new")))  # noqa: S704
            paged = "paging" in page and page["paging"]["count"] > 1
            extra["page_index"] = Markup(page_index(page) if paged else "")  # noqa: S704
        if page["kind"] == "tournament":
            traced = [r for r in page["results"] if any(a["trace"] for a in r["awards"])]
            extra["has_team"] = any(r["team"] for r in page["results"])
            extra["traced"] = bool(traced)
            extra["trace"] = Markup(  # noqa: S704 (rendered by the autoescaping template)
                self.fragments["tournament_trace.html"].render(traced=traced, kind=kind)
            )
        if page["kind"] == "player":
            name = page["player"]["name"]

            def chart(section: Page) -> Markup:
                svg = rating_svg(
                    [(_day(h["date"]), _figure(h["rating"])) for h in section["history"]],
                    [(x["title"], Decimal(x["rating"])) for x in section["thresholds"]],
                    LABEL,
                )
                label = words("site.chart_label", player=name, discipline=names(section))
                return Markup(svg.replace(LABEL, label))  # noqa: S704

            def history(section: Page) -> Markup:
                prefix = paths.relative(
                    paths.archive(page["federation"]["code"], section["code"]), page["page"]
                ).removesuffix("index.html")
                rows = history_rows(section["history"], prefix, NOW)
                return Markup(rows.replace(NOW, words("site.until_now")))  # noqa: S704

            extra["chart"] = chart
            extra["history"] = history
        html = self.templates[page["kind"]].render(
            page=page,
            lang=token(("lang",)),
            _=words,
            named=named,
            names=names,
            kind=kind,
            link=lambda target: token(("link", target)),
            static=lambda name: token(("file", f"static/{name}")),
            api=token(("file", paths.api(page.get("whole") or page["page"]))),
            alternates_head=token(("head",)),
            alternates_nav=token(("nav",)),
            **extra,
        )
        return html, specs


#: What marks a word's value as a name per language (a discipline's, in a chart's label).
NAMES = "names"


def _in_folder(page: str) -> str:
    """A stand-in for ``page`` in its folder (a NUL for its name): a link from one copy of a
    page to another is the link between their folders followed by the page's name
    (:func:`.paths.relative` never takes the name into the common part), and names are
    percent-quoted (:func:`.paths.seg`), so never hold a NUL."""
    folder, slash, _ = page.rpartition("/")
    return f"{folder}{slash}\x00"


#: A history's dates and figures as the chart takes them (the same few hundred texts in
#: every profile of a build).
_day = lru_cache(maxsize=1 << 12)(date.fromisoformat)
_figure = lru_cache(maxsize=1 << 16)(Decimal)


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
    css = Answer.of("text/css", (STATIC / "site.css").read_bytes(), site._since)

    async def static_css(request: web.Request) -> web.StreamResponse:
        return respond(request, css)

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
    app.router.add_get("/static/site.css", static_css)
    app.router.add_get(r"/static/{name:logo-[^/]+}", logo)
    app.router.add_get("/", page)
    app.router.add_get("/index.html", page)
    app.router.add_get("/{first}/{rest:.+}", page)
