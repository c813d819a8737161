"""The bulk of the website's pages, rendered without a template engine: a list's rows (20,000
on a large list) and a profile's history rows. The same markup a Jinja2 template would write,
every text escaped exactly as Jinja2's autoescape escapes it (:func:`esc`); only what fedrank
itself formats (positions, ISO dates, figures written by ``fmt``) is written as it is, and
even those go through :func:`esc` where they come from stored text.

Numeric columns are right-aligned by the style sheet (``table.list``, ``table.history``: by
column), not by a class on each cell: a full build writes some ten million of these cells.

A template loop costs several microseconds a row in escaping and attribute lookups; these are
a tenth of that, which is most of a full build's time at 20,000 players.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from fedrank.handlers.site import paging
from fedrank.handlers.site.paths import relative


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


#: Cells already written, by what they are written from. A build writes each player's name
#: cell once for every list he is on and the same few dates, figures and titles millions of
#: times; a cell is a pure function of its key, so a kept one is always right. Emptied when
#: it grows past :data:`KEPT` entries (a long-running server sees ever new keys).
_cells: dict[tuple[object, ...], Any] = {}
KEPT = 1 << 18


def _kept() -> dict[tuple[object, ...], Any]:
    if len(_cells) > KEPT:
        _cells.clear()
    return _cells


def _table(name: tuple[object, ...]) -> dict[Any, str]:
    """One kind of cell kept (:data:`_cells`: one table a kind and link prefix, so a row
    looks its cells up by their own few fields), emptied past :data:`KEPT` entries."""
    table: dict[Any, str] | None = _kept().get(name)
    if table is None or len(table) > KEPT:
        table = _cells[name] = {}
    return table


def list_rows(
    rows: Iterable[dict[str, Any]], prefix: str, new: str, titled: Callable[[str], str] = esc
) -> str:
    """A list's ``<tr>`` rows: position, ID, name linking the profile, rating, title (as
    ``titled`` writes it: the renderer's token for its words in each copy's language), change
    since the previous list (``new`` for a player who was not on it)."""
    prefix = esc(prefix)
    players = _table(("player", prefix))
    held = _table(("rating",))
    titles: dict[str | None, str] = {}  # the title's cell of this call (``titled``'s words)
    out = []
    for row in rows:
        if row["new"]:
            change = new
        elif row["moved"]:
            change = f"{row['moved']:+d}"
        else:
            change = ""
        key = (row["id"], row["page"], row["name"])
        player = players.get(key)
        if player is None:
            player = players[key] = (
                f'<td>{esc(key[0])}</td><td><a href="{prefix}{esc(key[1])}">{esc(key[2])}</a></td>'
            )
        rating, title = row["rating"], row["title"]
        figures = held.get(rating)
        if figures is None:
            figures = held[rating] = f"<td>{esc(rating)}</td>"
        shown = titles.get(title)
        if shown is None:
            shown = titles[title] = f"<td>{titled(title) if title else ''}</td>"
        out.append(
            f"<tr><td>{int(row['position'])}</td>{player}{figures}{shown}<td>{change}</td></tr>\n"
        )
    out.append("\n")
    return "".join(out)


def history_rows(
    history: list[dict[str, Any]], prefix: str, now: str, titled: Callable[[str], str] = esc
) -> str:
    """A profile's runs of lists, newest first: from (linking the page of its list that
    holds the player, :mod:`fedrank.handlers.site.paging`), until (its last list's first
    page, or ``now`` while the run holds; empty for a run of one list, whose date and link
    the first cell already gives), position in the first list, rating, title (as
    ``titled`` writes it, as in :func:`list_rows`).

    A run of one list is the common case (a player whose figures change every month): its
    date repeated as a second link was a third of a profile's bytes."""
    prefix = esc(prefix)
    froms = _table(("from", prefix))
    untils = _table(("until", prefix))
    held = _table(("rating",))  # the same cells as a list's
    titles: dict[str | None, str] = {}
    size = paging.SIZE
    still = f"<td>{now}</td>"
    out = []
    for row in reversed(history):
        position = int(row["position"])
        number = (position - 1) // size + 1 if position > 0 else 1  # paging.page_of
        day = row["date"]
        first = froms.get((day, number))
        if first is None:
            text = esc(day)
            at = f"{text}/page-{number}.html" if number > 1 else f"{text}.html"  # paging.path_of
            first = froms[day, number] = f'<td><a href="{prefix}{at}">{text}</a></td>'
        until = row["until"]
        if until == day:
            last = "<td></td>"
        elif until:
            kept = untils.get(until)
            if kept is None:
                text = esc(until)
                kept = untils[until] = f'<td><a href="{prefix}{text}.html">{text}</a></td>'
            last = kept
        else:
            last = still
        rating, title = row["rating"], row["title"]
        figures = held.get(rating)
        if figures is None:
            figures = held[rating] = f"<td>{esc(rating)}</td>"
        shown = titles.get(title)
        if shown is None:
            shown = titles[title] = f"<td>{titled(title) if title else ''}</td>"
        out.append(f"<tr>{first}{last}<td>{position}</td>{figures}{shown}</tr>\n")
    return "".join(out)


def page_index(page: dict[str, Any]) -> str:
    """The links to every page of a paged list (:mod:`fedrank.handlers.site.paging`), the
    current one marked, one a line. Written here, not by the template: a list of 20,000 has
    100 pages, each linking all 100 (a template loop costs as much as the rows). Links
    between pages of one list are the same in every language's copy (one folder holds them
    all), so they are plain relative paths, worked out once for each folder of a list."""
    paging = page["paging"]
    here = page["page"]
    key = ("index", page["whole"], here.rpartition("/")[0], paging["count"])
    entries = _kept().get(key)
    if entries is None:
        entries = _cells[key] = tuple(
            f'<a href="{esc(relative(p["page"], here))}">{int(p["number"])}</a>\n'
            for p in paging["pages"]
        )
    parts = list(entries)
    number = int(paging["number"])
    parts[number - 1] = f'<strong aria-current="page">{number}</strong>\n'
    return "".join(parts)


def index_rows(entries: Iterable[dict[str, Any]], prefix: str, *, latin: bool = False) -> str:
    """A player index's entries under a heading for each initial: the name (the Latin name
    when ``latin``) linking the profile, the ID, the other name. ``prefix``: the profiles'
    folder relative to the index page."""
    out: list[str] = []
    initial = None
    for entry in entries:
        if entry["initial"] != initial:
            if initial is not None:
                out.append("</ul>\n")
            initial = entry["initial"]
            out.append(f'<h3>{esc(initial)}</h3>\n<ul class="players">\n')
        shown, other = (
            (entry["latin_name"], entry["name"]) if latin else (entry["name"], entry["latin_name"])
        )
        href = prefix + entry["page"].rpartition("/")[2]
        out.append(
            f'<li><a href="{esc(href)}">{esc(shown)}</a> <span class="id">{esc(entry["id"])}</span>'
            + (f" <small>{esc(other)}</small>" if other else "")
            + "</li>\n"
        )
    if initial is not None:
        out.append("</ul>\n")
    return "".join(out)
