"""Where each page and its JSON live, relative to the site's root: one scheme for the static
build, the live server and every link between pages.

Codes, player IDs and tournament codes are used as stored (a slash or a leading dot
aside: :func:`name`), percent-quoted in links and JSON, unquoted in the built folder. Pages
are in the federation's language at these paths; another language's copy is under
``<language>/`` (:func:`in_language`).
"""

from __future__ import annotations

from datetime import date
from functools import lru_cache
from urllib.parse import quote, unquote

from fedrank.handlers.wording.languages import LANGUAGES

API = "api/v1"
INDEX = "index.html"


def name(text: str) -> str:
    """The file name a code or ID takes: itself, but a slash (a folder) and a leading dot
    (a hidden file, or ``..``) become ``_``. Two codes that differ only there share a name;
    the live server then serves the first."""
    text = text.replace("/", "_").replace("\\", "_") or "_"
    return "_" + text[1:] if text.startswith(".") else text


@lru_cache(maxsize=1 << 16)
def seg(text: str) -> str:
    """One path segment of a URL: the file name (:func:`name`) percent-quoted, whatever its
    script (the folder holds the file under the unquoted name; a web server unquotes)."""
    return quote(name(text), safe="")


def archive(federation: str, discipline: str) -> str:
    return f"{seg(federation)}/{seg(discipline)}/index.html"


def list_page(federation: str, discipline: str, day: date) -> str:
    return f"{seg(federation)}/{seg(discipline)}/{day.isoformat()}.html"


def player(federation: str, fpid: str) -> str:
    return f"{seg(federation)}/players/{seg(fpid)}.html"


def tournament(federation: str, discipline: str, code: str) -> str:
    return f"{seg(federation)}/{seg(discipline)}/t/{seg(code)}.html"


def federation(code: str) -> str:
    """A federation's own page: its disciplines, latest lists and recent tournaments."""
    return f"{seg(code)}/index.html"


def players(code: str) -> str:
    """A federation's player index (alphabetical, in its script and in Latin)."""
    return f"{seg(code)}/players.html"


def search(code: str) -> str:
    """A federation's search index (JSON, one per federation and build: not per language)."""
    return f"{seg(code)}/search.json"


def api(page: str) -> str:
    """The JSON of a page: the same path under ``api/v1/``, ending in ``.json``."""
    return f"{API}/{page.removesuffix('.html')}.json"


def in_language(page: str, language: str, default: str) -> str:
    """The page's copy in ``language``: the page itself in its default language."""
    return page if language == default else f"{language}/{page}"


def relative(target: str, source: str) -> str:
    """A link from the page at ``source`` to ``target`` (both relative to the root), so the
    site works from any folder of any web server. Pure string work (``posixpath.relpath``
    asks the file system for the working directory, thousands of times a page)."""
    into = source.split("/")[:-1]
    parts = [p for p in target.split("/") if p not in ("", ".")]
    common = 0
    while common < min(len(into), len(parts) - 1) and into[common] == parts[common]:
        common += 1
    up = [".."] * (len(into) - common)
    return "/".join(up + parts[common:]) or "."


def federation_of(page: str) -> str | None:
    """The federation segment of a page's path (None for the index); a language copy's
    prefix is skipped."""
    parts = page.split("/")
    if parts and parts[0] in LANGUAGES:
        parts = parts[1:]
    return parts[0] if len(parts) > 1 else None


def parse(page: str) -> tuple[str, ...] | None:
    """A page's path (language prefix removed) as the route it names, segments unquoted:
    ``("index",)``, ``("archive", fed, disc)``, ``("list", fed, disc, date)``,
    ``("player", fed, id)``, ``("tournament", fed, disc, code)``, ``("federation", fed)``,
    ``("players", fed)``; a later page of a list
    (:mod:`.paging`) is ``("list", fed, disc, date, "page-<k>")``; None for no page."""
    if not page.endswith(".html"):
        return None
    parts = [unquote(p) for p in page.removesuffix(".html").split("/")]
    if parts == ["index"]:
        return ("index",)
    if len(parts) == 2 and parts[1] in ("index", "players"):
        return ("federation" if parts[1] == "index" else "players", parts[0])
    if len(parts) == 3 and parts[1] == "players":
        return ("player", parts[0], parts[2])
    if len(parts) == 3 and parts[2] == "index":
        return ("archive", parts[0], parts[1])
    if len(parts) == 3:
        return ("list", parts[0], parts[1], parts[2])
    if len(parts) == 4 and parts[2] == "t":
        return ("tournament", parts[0], parts[1], parts[3])
    if len(parts) == 4 and parts[3].startswith("page-"):
        return ("list", parts[0], parts[1], parts[2], parts[3])
    return None


def split_language(path: str) -> tuple[str | None, str]:
    """(language, the rest) of a path that may start with a language's folder."""
    head, _, rest = path.partition("/")
    if head in LANGUAGES and rest:
        return head, rest
    return None, path
