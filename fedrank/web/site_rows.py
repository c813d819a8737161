"""The bulk of the website's pages, rendered without a template engine: a list's rows (20,000
on a large list) and a profile's history rows. The same markup a Jinja2 template would write,
every text escaped exactly as Jinja2's autoescape escapes it (:func:`esc`); only what fedrank
itself formats (positions, ISO dates, figures written by ``fmt``) is written as it is, and
even those go through :func:`esc` where they come from stored text.

A template loop costs several microseconds a row in escaping and attribute lookups; these are
a tenth of that, which is most of a full build's time at 20,000 players.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from fedrank.handlers.site.paging import page_of


def esc(text: object) -> str:
    """``text`` escaped for HTML text and attribute values, as ``markupsafe.escape`` does
    (the same five characters, the same entities)."""
    return (
        str(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&#34;")
        .replace("'", "&#39;")
    )


def list_rows(rows: Iterable[dict[str, Any]], prefix: str, new: str) -> str:
    """A list's ``<tr>`` rows: position, ID, name linking the profile, rating, title, change
    since the previous list (``new`` for a player who was not on it)."""
    prefix = esc(prefix)
    out = []
    for row in rows:
        if row["new"]:
            change = new
        elif row["moved"]:
            change = f"{row['moved']:+d}"
        else:
            change = ""
        out.append(
            f'<tr><td class="num">{int(row["position"])}</td><td>{esc(row["id"])}</td>'
            f'<td><a href="{prefix}{esc(row["page"])}">{esc(row["name"])}</a></td>'
            f'<td class="num">{esc(row["rating"])}</td><td>{esc(row["title"] or "")}</td>'
            f'<td class="num">{change}</td></tr>\n'
        )
    out.append("\n")
    return "".join(out)


def history_rows(history: list[dict[str, Any]], prefix: str, now: str) -> str:
    """A profile's runs of lists, newest first: from (linking the page of its list that
    holds the player, :mod:`fedrank.handlers.site.paging`), until (its last list's first
    page, or ``now`` while the run holds), position in the first list, rating, title."""
    prefix = esc(prefix)
    out = []
    for row in reversed(history):
        day = esc(row["date"])
        until = (
            f'<a href="{prefix}{esc(row["until"])}.html">{esc(row["until"])}</a>'
            if row["until"]
            else now
        )
        number = page_of(row["position"])
        at = f"{day}/page-{number}.html" if number > 1 else f"{day}.html"  # paging.path_of
        out.append(
            f'<tr><td><a href="{prefix}{at}">{day}</a></td><td>{until}</td>'
            f'<td class="num">{int(row["position"])}</td><td class="num">{esc(row["rating"])}</td>'
            f"<td>{esc(row['title'] or '')}</td></tr>\n"
        )
    return "".join(out)
