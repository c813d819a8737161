"""What a site tells crawlers: ``robots.txt`` (everything may be read; where the sitemap is)
and ``sitemap.xml`` (the pages in their own language; each page links its other copies)."""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import escape

from fedrank.handlers.site import links, paths
from fedrank.handlers.wording.languages import LANGUAGES

#: A sitemap file holds at most this many addresses (sitemaps.org).
MOST = 50_000


def robots_txt() -> bytes:
    url = links.site_url()
    lines = ["User-agent: *", "Allow: /"]
    if url:
        lines.append(f"Sitemap: {url}sitemap.xml")
    return ("\n".join(lines) + "\n").encode()


def _listed(path: str) -> bool:
    """A page in its own language (no language folder), not a later page of a list."""
    if not path.endswith(".html") or path.startswith(paths.API + "/"):
        return False
    if path.partition("/")[0] in LANGUAGES:
        return False
    return "/page-" not in path


def sitemap_xml(pages: Iterable[str]) -> bytes:
    """The sitemap of ``pages`` (paths relative to the root, as the build writes them):
    absolute addresses under FEDRANK_SITE_URL when set, else relative to the sitemap."""
    base = links.site_url() or ""
    chosen = sorted(
        (p for p in pages if _listed(p)), key=lambda p: (p != paths.INDEX, p.count("/"), p)
    )
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
    ]
    parts += [f"<url><loc>{escape(base + p)}</loc></url>\n" for p in chosen[:MOST]]
    parts.append("</urlset>\n")
    return "".join(parts).encode()
