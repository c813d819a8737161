"""The website's pages rendered: Jinja2 templates (autoescaped) over the page data of
:mod:`fedrank.handlers.site`, in any of the four languages from one run of the template.

A page is in its federation's language at its plain path and in each other language under
``<language>/``; every page links the other three. Links are relative, so a built folder works
behind any web server, at any depth.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Callable, MutableMapping
from datetime import date
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from types import FunctionType
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, Template
from jinja2.runtime import Context
from markupsafe import Markup, escape

from fedrank.charts import svg as chart_svg
from fedrank.charts.svg import rating_svg
from fedrank.handlers.site import paging, paths
from fedrank.handlers.site.pages import Page
from fedrank.handlers.site.public import (
    WORDY,
    citation,
    public_note,
    public_text,
    public_value,
)
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.languages import LANGUAGES
from fedrank.handlers.wording.words import kind_text, step_name, title_text
from fedrank.web.site_rows import history_rows, index_rows, list_rows, page_index

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
    "federation": "federation.html",
    "players": "players.html",
    "search": "search.html",
}
#: What marks a word's value as a name per language (a discipline's, in a chart's label).
NAMES = "names"
#: Stand-ins for the words of a part rendered once for every language (control characters:
#: never in escaped data, and replaced by the language's escaped words).
NEW = "\x01new\x01"
NOW = "\x01now\x01"
LABEL = "\x01label\x01"
#: How many words and links worked out for a language and folder a renderer keeps.
RESOLVED = 1 << 16


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


#: The names a dict has as attributes (``page.items`` is the method, as in Jinja2).
_DICT_NAMES = frozenset(dir(dict))


def _escape(value: Any) -> Markup:
    """``markupsafe.escape`` without making a Markup again of one (a token, a row): the
    same text, one call and no copy (a profile writes some seventy)."""
    return value if type(value) is Markup else escape(value)


class PageTemplate(Template):
    """A template whose output escapes through :func:`_escape` (the name its compiled code
    calls for each ``{{ }}`` under autoescape)."""

    @classmethod
    def _from_namespace(
        cls,
        environment: Environment,
        namespace: MutableMapping[str, Any],
        globals: MutableMapping[str, Any],
    ) -> Template:
        namespace["escape"] = _escape
        return super()._from_namespace(environment, namespace, globals)


class PageEnvironment(Environment):
    """An environment whose templates read a page's dicts by key first: ``page.player``
    is ``page["player"]`` as :meth:`Environment.getattr` finds it, after asking for an
    attribute ``player`` and catching the error (a profile reads some ninety of them)."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute not in _DICT_NAMES:
            try:
                return obj[attribute]
            except KeyError:
                pass  # Jinja2's own way to its undefined
        return Environment.getattr(self, obj, attribute)


PageEnvironment.template_class = PageTemplate


class Renderer:
    """Renders page data into HTML in any of the four languages."""

    def __init__(self, federation_languages: dict[str, str], default: str) -> None:
        self.default = default
        self.by_segment = {paths.seg(code): lang for code, lang in federation_languages.items()}
        self.env = PageEnvironment(
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
        if page["kind"] == "search":  # one path, a page per query: never a kept render
            self._memo = ("", {})
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
            values = {k: _in_language(v, language) for k, v in spec[2]}
            return str(escape(t(language, spec[1], **values)))
        if kind == "named":  # a federation's or discipline's name in the copy's language
            return str(escape(dict(spec[1]).get(language) or spec[2]))
        if kind == "title":  # a title (kyu/dan) as /rating words it
            return str(escape(title_text(language, spec[1])))
        if kind == "kind":  # a point kind and colour as /rating words them
            return str(escape(kind_text(language, spec[1], spec[2] or None)))
        if kind == "link":
            return str(escape(paths.relative(self.path(spec[1], language), here)))
        if kind == "file":
            return str(escape(paths.relative(spec[1], here)))
        if kind == "lang":
            return language
        if kind == "search":
            return self._search_form(spec[1], language, here)
        if kind == "rule":
            return str(escape(citation(language, spec[1], spec[2])))
        if kind == "note":
            return str(escape(public_note(language, spec[1])))
        if kind == "step":
            # a step's name as /why words it: symbols as they are, named quantities in words
            return str(escape(step_name(language, spec[1])))
        if kind == "value":
            return str(escape(public_value(language, spec[1])))
        if kind == "reason":
            return str(escape(public_text(language, spec[1], spec[2])))
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

        def title(label: str) -> Markup:
            return token(("title", label))

        codes = self._search_codes(page)
        extra: dict[str, Any] = {"search_form": token(("search", codes)) if codes else ""}
        if page["kind"] == "players":
            extra["rows"] = Markup(index_rows(page["players"], "players/"))  # noqa: S704
            extra["latin_rows"] = Markup(  # noqa: S704
                index_rows(page["latin"], "players/", latin=True)
            )
        if page["kind"] == "list":
            # The rows are the bulk of a list (every link in them is to the list's own
            # federation, the same in every copy).
            rows = list_rows(page["rows"], paths.relative(".", page["page"]) + "/", NEW, title)
            extra["rows"] = Markup(rows.replace(NEW, words("site.new")))  # noqa: S704
            paged = "paging" in page and page["paging"]["count"] > 1
            extra["page_index"] = Markup(page_index(page) if paged else "")  # noqa: S704
        if page["kind"] == "tournament":
            traced = [r for r in page["results"] if any(a["trace"] for a in r["awards"])]
            extra["has_team"] = any(r["team"] for r in page["results"])
            extra["traced"] = bool(traced)
            system = page["discipline"]["system"]
            extra["trace"] = Markup(  # noqa: S704 (rendered by the autoescaping template)
                self.fragments["tournament_trace.html"].render(
                    traced=traced,
                    kind=kind,
                    rule=lambda text: token(("rule", system, text)),
                    note=lambda text: token(("note", text)),
                    term=lambda name: token(("step", name)),
                    # a figure is the same in every language: only words are tokens
                    value=lambda v: token(("value", v)) if WORDY.search(v) else v,
                )
            )
        if page["kind"] == "player":
            name = page["player"]["name"]

            def chart(section: Page) -> Markup:
                runs = section["history"]
                points = [(_day(h["date"]), _figure(h["rating"])) for h in runs]
                last = runs[-1]
                if last["until"] is not None and last["until"] != last["date"]:
                    points.append((_day(last["until"]), points[-1][1]))
                if len(points) < 2:  # one figure, one list or more: no line to draw
                    return Markup("")
                svg = rating_svg(
                    points,
                    [(title(x["title"]), Decimal(x["rating"])) for x in section["thresholds"]],
                    LABEL,
                    open_end=last["until"] is None,
                )
                label = words("site.chart_label", player=name, discipline=names(section))
                return Markup(svg.replace(LABEL, label))  # noqa: S704

            def history(section: Page) -> Markup:
                prefix = paths.relative(
                    paths.archive(page["federation"]["code"], section["code"]), page["page"]
                ).removesuffix("index.html")
                rows = history_rows(section["history"], prefix, NOW, title)
                return Markup(rows.replace(NOW, words("site.until_now")))  # noqa: S704

            extra["chart"] = chart
            extra["near"] = near
            extra["history"] = history
            extra["summary"] = summary(page, words, names)
            extra["titled"] = lambda label: (TITLED, label)  # a title as a value of words
            extra["reason"] = lambda text, system: token(("reason", system, text))
        html = self.templates[page["kind"]].render(
            page=page,
            lang=token(("lang",)),
            _=words,
            named=named,
            names=names,
            kind=kind,
            title=title,
            link=lambda target: token(("link", target)),
            static=lambda name: token(("file", f"static/{name}")),
            api=token(("file", paths.api(page.get("whole") or page["page"]))),
            alternates_head=token(("head",)),
            alternates_nav=token(("nav",)),
            **extra,
        )
        return html, specs

    @staticmethod
    def _search_codes(page: Page) -> tuple[str, ...]:
        """The federations whose search indexes the page's search box filters: the page's
        own, or every federation's on the index and the search page."""
        if "federation" in page:
            return (page["federation"]["code"],)
        return tuple(f["code"] for f in page.get("federations", []))

    def _search_form(self, codes: tuple[str, ...], language: str, here: str) -> str:
        """The search box (and its script) of a page at ``here`` in ``language``: the same
        for every page of a folder, so worked out once a language and folder. Each index's
        entries link relative to its player index page, which is also where the box goes
        without script."""
        if not codes:
            return ""
        bases = [
            escape(paths.relative(self.path(paths.players(code), language), here)) for code in codes
        ]
        indexes = [escape(paths.relative(paths.search(code), here)) for code in codes]
        script = escape(paths.relative("static/search.js", here))
        return (
            f'<form class="search" role="search" action="{bases[0]}" '
            f'data-index="{" ".join(indexes)}" data-base="{" ".join(bases)}">\n'
            f"<label><span>{escape(t(language, 'site.search'))}</span> "
            f'<input type="search" name="q" autocomplete="off" '
            f'placeholder="{escape(t(language, "site.search_hint"))}"></label>\n'
            f'<ol class="hits" aria-live="polite"></ol>\n</form>\n'
            f'<script src="{script}" defer></script>'
        )


def near(section: Page) -> list[Page]:
    """The title thresholds nearest the player's last figure: the highest at or below it and
    the lowest above it (what a profile with no line to draw shows instead)."""
    if not section["history"]:
        return []
    value = Decimal(section["history"][-1]["rating"])
    levels = sorted(section["thresholds"], key=lambda x: Decimal(x["rating"]))
    below = [x for x in levels if Decimal(x["rating"]) <= value][-1:]
    above = [x for x in levels if Decimal(x["rating"]) > value][:1]
    return below + above


def _in_language(value: Any, language: str) -> Any:
    """A word's value in ``language``: a name per language (``(NAMES, names, default)``) is
    the language's name, a ``(TITLED, title)`` the title's words, a ``(JOINED, parts)`` the
    parts so resolved and joined."""
    if isinstance(value, tuple) and value and value[0] == NAMES:
        return dict(value[1]).get(language) or value[2]
    if isinstance(value, tuple) and value and value[0] == TITLED:
        return title_text(language, value[1])
    if isinstance(value, tuple) and value and value[0] == JOINED:
        return "".join(str(_in_language(part, language)) for part in value[1])
    return value


#: What marks a word's value as parts to resolve and join (a profile's figures).
JOINED = "joined"
#: What marks a word's value as a title (``"5 kyu"``) to word in the copy's language.
TITLED = "titled"


def summary(
    page: Page,
    words: Callable[..., Markup],
    names: Callable[[Page], tuple[str, tuple[tuple[str, str], ...], str]],
) -> Markup:
    """A profile's description (and its shared link's preview): the name and the current
    figures of each discipline he is listed in, the disciplines named in the page's language."""
    parts: list[Any] = []
    for s in page["disciplines"]:
        if not s["current"]:
            continue
        if parts:
            parts.append("; ")
        held = s["current"]["title"]
        parts += [names(s), f": {s['current']['rating']}"]
        if held:
            parts += [" (", (TITLED, held), ")"]
    name = page["player"]["name"]
    if not parts:
        return words("site.meta_player_unlisted", name=name, federation=names(page["federation"]))
    return words("site.meta_player", name=name, figures=(JOINED, tuple(parts)))


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
