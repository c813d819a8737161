"""What goes out after a list is published: the announcement to every subscribed chat and the
personal messages of players who asked for them (``/subscribe <discipline> me``).

The announcement carries the top of the list, a digest of what changed since the previous list
of the discipline (promotions and demotions, new titles, the largest movers, new entrants and the
players whose results left the window), and the full list as CSV, XLSX and a standalone HTML
page. Everything is enqueued in the outbox with a key per snapshot and recipient
(``announce:<snapshot>:<platform>:<chat>``, ``personal:<snapshot>:<platform>:<chat>``), so however
often a publication is announced (a re-run, a catch-up, two processes) each chat gets it once.
A snapshot records when it was announced (``data["announced_at"]``) so the scheduler's sweep
(:func:`announce_recent`) only looks at the ones that were not.

The XLSX file is written with XlsxWriter (:func:`xlsx`): one sheet, its columns fitted to their
contents, the ratings as numbers with a number format.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import Decimal
from html import escape
from unicodedata import east_asian_width

from fedrank.handlers.access import stored_discipline
from fedrank.handlers.notify import new_message
from fedrank.handlers.site.identity import FileHead, discipline_name, file_head
from fedrank.handlers.site.links import list_url
from fedrank.handlers.wording.common import fmt
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.phrases import localize, wording
from fedrank.handlers.wording.reply import Attachment, Reply, bold
from fedrank.handlers.wording.safetext import csv_bytes, visible
from fedrank.storage.models import Discipline, Federation, ListRow, ListSnapshot, Player
from fedrank.storage.records import NewMessage
from fedrank.storage.repos import Repos

TOP = 10
MOVERS = 5
#: The sweep announces snapshots published at most this long ago (older ones are history).
ANNOUNCE_WITHIN = timedelta(days=7)
#: The widest column of the XLSX list, in characters.
MAX_WIDTH = 60
_CREATED = datetime(2000, 1, 1)  # a fixed stamp: the same list, the same bytes
XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@dataclass(frozen=True, slots=True)
class Line:
    """A player's line of one list, as the digest compares them."""

    player_id: int
    fpid: str
    name: str
    position: int
    rating: Decimal
    title: str | None


@dataclass(frozen=True, slots=True)
class Change:
    line: Line
    before: Line


@dataclass(slots=True)
class Digest:
    promotions: list[Change] = field(default_factory=list)
    demotions: list[Change] = field(default_factory=list)
    new_titles: list[Line] = field(default_factory=list)
    movers: list[Change] = field(default_factory=list)
    entrants: list[Line] = field(default_factory=list)
    left: list[Line] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (
            self.promotions
            or self.demotions
            or self.new_titles
            or self.movers
            or self.entrants
            or self.left
        )


_TITLE = re.compile(r"^\s*(?:(\d+)\s*(k|kyu|d|dan|p|pro)\b|([dD])\s*(\d+))", re.IGNORECASE)


def title_order(title: str | None) -> int | None:
    """A comparable value for kyu/dan titles (``3k`` < ``1k`` < ``D1``/``1 dan`` < ``D2``);
    None when the title is not a kyu/dan one (then the digest only says it changed)."""
    if not title:
        return None
    m = _TITLE.match(title)
    if m is None:
        return None
    if m.group(3):
        return 100 + int(m.group(4))
    number, unit = int(m.group(1)), m.group(2).lower()
    if unit in ("k", "kyu"):
        return -number
    if unit in ("p", "pro"):
        return 200 + number
    return 100 + number


def compare(current: list[Line], previous: list[Line]) -> Digest:
    """What changed from ``previous`` to ``current`` (each in list order)."""
    digest = Digest()
    before = {line.player_id: line for line in previous}
    now = {line.player_id: line for line in current}
    for line in current:
        old = before.get(line.player_id)
        if old is None:
            digest.entrants.append(line)
            if line.title:
                digest.new_titles.append(line)
            continue
        if line.title != old.title:
            a, b = title_order(old.title), title_order(line.title)
            if old.title is None:
                digest.new_titles.append(line)
            elif a is not None and b is not None and b < a:
                digest.demotions.append(Change(line, old))
            elif a is not None and b is not None and b > a:
                digest.promotions.append(Change(line, old))
            elif line.title is not None:
                digest.new_titles.append(line)
        if line.position != old.position:
            digest.movers.append(Change(line, old))
    digest.movers.sort(key=lambda c: (-abs(c.before.position - c.line.position), c.line.position))
    digest.movers = digest.movers[:MOVERS]
    digest.left = [line for line in previous if line.player_id not in now]
    return digest


def _lines(rows: list[tuple[ListRow, Player]]) -> list[Line]:
    return [
        Line(p.id, p.federation_player_id, p.name, r.position, r.rating, r.title) for r, p in rows
    ]


def _who(line: Line) -> str:
    return f"{line.name} ({line.fpid})"


def _columns(language: str, system: str = "") -> tuple[str, ...]:
    """The list's column headers; the figure's in the system's own words (masterpoints)."""
    return (
        t(language, "ann.col_position"),
        t(language, "ann.col_id"),
        t(language, "ann.col_player"),
        wording(language, system, "list_figure", "ann.col_rating"),
        t(language, "ann.col_title"),
    )


def _title(language: str, title: str | None) -> str:
    return localize(language, title) if title else ""


def _cells(line: Line, language: str = "en") -> tuple[str, str, str, str, str]:
    title = _title(language, line.title)
    return (str(line.position), line.fpid, line.name, fmt(line.rating), title)


def list_csv(lines: list[Line], language: str, system: str = "") -> bytes:
    """The list as CSV (UTF-8 with a BOM for Excel), every cell inert: a player named
    ``=HYPERLINK(…)`` is text, not a formula."""
    return csv_bytes(_columns(language, system), (_cells(line, language) for line in lines))


def _places(value: Decimal) -> int:
    """Decimal places a figure needs (``950.50`` -> 1, ``850`` -> 0)."""
    exponent = value.normalize().as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


def _width(text: str) -> int:
    """Columns a text takes in a spreadsheet: a wide (CJK) character counts two."""
    return sum(2 if east_asian_width(ch) in "WF" else 1 for ch in text)


def xlsx(
    headers: tuple[str, ...],
    rows: list[tuple[str | Decimal | int, ...]],
    head: FileHead | None = None,
    title: str = "",
) -> bytes:
    """A one-sheet workbook written by XlsxWriter: text always as text (a name that starts with
    ``=`` is no formula; characters XML cannot hold are escaped the way Excel does), integers
    as numbers, ratings (:class:`~decimal.Decimal`) as numbers shown with the decimals the
    finest of them needs, the header row bold and frozen, each column as wide as its widest
    cell (at most :data:`MAX_WIDTH`)."""
    import xlsxwriter  # only a publication writes a workbook: not loaded at start-up

    out = io.BytesIO()
    book = xlsxwriter.Workbook(out, {"in_memory": True, "strings_to_numbers": False})
    properties: dict[str, object] = {"created": _CREATED}
    sheet = book.add_worksheet("List")
    if title:
        properties["title"] = visible(title)
    if head is not None:
        notes = [visible(x) for x in (head.contact, head.footer) if x]
        properties["company"] = visible(head.federation)
        if notes:
            properties["comments"] = "\n".join(notes)
        # printed pages: the federation at the top, contact and footer at the foot ("&" is
        # the header's own escape character, doubled to be shown)
        sheet.set_header("&C" + _printed(head.federation))
        if notes:
            sheet.set_footer(
                "&L" + _printed(notes[0]) + ("&R" + _printed(notes[1]) if len(notes) > 1 else "")
            )
    book.set_properties(properties)
    bold = book.add_format({"bold": True})
    places = max((_places(v) for row in rows for v in row if isinstance(v, Decimal)), default=0)
    rating = book.add_format({"num_format": f"0.{'0' * places}" if places else "0"})
    widths = [0] * len(headers)
    for r, values in enumerate([headers, *rows]):
        for c, value in enumerate(values):
            if isinstance(value, Decimal):
                sheet.write_number(r, c, float(value), rating)
                shown = format(value, f".{places}f")
            elif isinstance(value, int):
                sheet.write_number(r, c, value)
                shown = str(value)
            else:
                shown = visible(value)
                sheet.write_string(r, c, shown, bold if r == 0 else None)
            widths[c] = max(widths[c], _width(shown))
    for c, width in enumerate(widths):
        sheet.set_column(c, c, min(width + 2, MAX_WIDTH))
    sheet.freeze_panes(1, 0)
    book.close()
    return out.getvalue()


def _printed(text: str) -> str:
    """Text for an XLSX page header or footer: ``&`` doubled, cut to Excel's 255 characters."""
    return visible(text).replace("&", "&&")[:120]


def list_xlsx(
    lines: list[Line],
    language: str,
    system: str = "",
    head: FileHead | None = None,
    title: str = "",
) -> bytes:
    """The list as a workbook; ``head``: the federation's name, contact and footer, in the
    file's properties and on each printed page (the table itself starts at the first row)."""
    rows: list[tuple[str | Decimal | int, ...]] = [
        (line.position, line.fpid, line.name, line.rating, _title(language, line.title))
        for line in lines
    ]
    return xlsx(_columns(language, system), rows, head, title)


def list_html(
    title: str,
    lines: list[Line],
    digest_lines: list[str],
    language: str,
    system: str = "",
    about: FileHead | None = None,
) -> bytes:
    """A standalone page (no external resource): the digest and the full list; ``about``:
    the federation's name above, its contact and footer below."""
    above = f"<p>{escape(visible(about.federation))}</p>\n" if about is not None else ""
    below = "".join(
        f"<p>{escape(visible(x))}</p>"
        for x in ((about.contact, about.footer) if about is not None else ())
        if x
    )
    head = "".join(f"<th>{escape(visible(h))}</th>" for h in _columns(language, system))
    body = "\n".join(
        "<tr>" + "".join(f"<td>{escape(visible(c))}</td>" for c in _cells(line, language)) + "</tr>"
        for line in lines
    )
    notes = "".join(f"<li>{escape(visible(d))}</li>" for d in digest_lines)
    page = f"""<!DOCTYPE html>
<html lang="{escape(language)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; padding: 0 1em; }}
table {{ border-collapse: collapse; width: 100%; }}
th, td {{ border-bottom: 1px solid #ddd; padding: .3em .6em; text-align: left; }}
th {{ background: #f4f4f4; position: sticky; top: 0; }}
td:first-child, td:nth-child(4) {{ text-align: right; font-variant-numeric: tabular-nums; }}
</style></head><body>
{above}<h1>{escape(title)}</h1>
<ul>{notes}</ul>
<table><thead><tr>{head}</tr></thead><tbody>
{body}
</tbody></table>{f"<footer>{below}</footer>" if below else ""}</body></html>
"""
    return page.encode("utf-8")


def digest_text(digest: Digest, language: str) -> list[str]:
    """The digest as lines of text (for the message and the HTML page)."""
    out: list[str] = []

    def change(c: Change) -> str:
        before = _title(language, c.before.title) or "—"
        return f"{_who(c.line)}: {before} → {_title(language, c.line.title) or '—'}"

    if digest.promotions:
        items = "; ".join(change(c) for c in digest.promotions)
        out.append(t(language, "ann.promotions", items=items))
    if digest.demotions:
        items = "; ".join(change(c) for c in digest.demotions)
        out.append(t(language, "ann.demotions", items=items))
    if digest.new_titles:
        items = "; ".join(f"{_who(x)}: {_title(language, x.title)}" for x in digest.new_titles)
        out.append(t(language, "ann.new_titles", items=items))
    if digest.movers:
        items = "; ".join(
            f"{_who(c.line)} {c.before.position} → {c.line.position}" for c in digest.movers
        )
        out.append(t(language, "ann.movers", items=items))
    if digest.entrants:
        items = "; ".join(_who(x) for x in digest.entrants)
        out.append(t(language, "ann.entrants", items=items))
    if digest.left:
        items = "; ".join(_who(x) for x in digest.left)
        out.append(t(language, "ann.left", items=items))
    if not out:
        out.append(t(language, "ann.no_changes"))
    return out


@dataclass(slots=True)
class Lists:
    discipline: Discipline
    snapshot: ListSnapshot
    current: list[Line]
    previous: list[Line]
    previous_date: str | None
    digest: Digest
    #: The discipline's federation (its name, contact and footer in the list files).
    federation: Federation | None = None


async def load_lists(repos: Repos, snapshot: ListSnapshot) -> Lists:
    discipline = await stored_discipline(repos, snapshot.discipline_id)
    size = await repos.lists.size(snapshot.id)
    current = _lines(list(await repos.lists.top(snapshot.id, size)))
    earlier = [
        s for s in await repos.lists.snapshots(discipline.id) if s.list_date < snapshot.list_date
    ]
    previous: list[Line] = []
    previous_date = None
    if earlier:
        prior = earlier[-1]
        previous = _lines(list(await repos.lists.top(prior.id, await repos.lists.size(prior.id))))
        previous_date = prior.list_date.isoformat()
    federation = await repos.federations.get(discipline.federation_id)
    return Lists(
        discipline,
        snapshot,
        current,
        previous,
        previous_date,
        compare(current, previous),
        federation,
    )


def announcement(lists: Lists, language: str, link: str | None = None) -> Reply:
    """The message a subscribed chat gets: title, digest, top, and the three files (and the
    list's page on the website, ``link``, when the site's address is set)."""
    d, day = lists.discipline, lists.snapshot.list_date.isoformat()
    title = t(language, "ann.title", discipline=discipline_name(d, language), date=day)
    head = file_head(lists.federation, language)
    reply = Reply().line(bold(title))
    if link is not None:
        reply.line(t(language, "site.list_link", url=link))
    if lists.previous_date is not None:
        reply.line(t(language, "ann.since", date=lists.previous_date))
    digest = digest_text(lists.digest, language)
    for line in digest:
        reply.line(line)
    top = lists.current[:TOP]
    reply.line(bold(t(language, "ann.top", n=len(top), size=len(lists.current))))
    reply.table(_columns(language, d.system), [_cells(line, language) for line in top])
    stem = f"{d.code}-{day}"
    csv_file = list_csv(lists.current, language, d.system)
    reply.attach(Attachment(f"{stem}.csv", csv_file, "text/csv"))
    xlsx_file = list_xlsx(lists.current, language, d.system, head, title)
    reply.attach(Attachment(f"{stem}.xlsx", xlsx_file, XLSX_MIME))
    page = list_html(title, lists.current, digest, language, d.system, head)
    reply.attach(Attachment(f"{stem}.html", page, "text/html"))
    return reply


def personal(lists: Lists, player_id: int, language: str) -> Reply | None:
    """A player's own change; None when he is on neither list."""
    now = next((x for x in lists.current if x.player_id == player_id), None)
    before = next((x for x in lists.previous if x.player_id == player_id), None)
    d, day = lists.discipline, lists.snapshot.list_date.isoformat()
    reply = Reply(private=True).line(
        bold(t(language, "ann.personal_title", discipline=discipline_name(d, language), date=day))
    )
    if now is None:
        if before is None:
            return None
        return reply.line(t(language, "ann.personal_left", position=before.position))
    reply.line(
        wording(
            language,
            d.system,
            "personal_line",
            "ann.personal_line",
            position=now.position,
            size=len(lists.current),
            rating=fmt(now.rating),
            title=_title(language, now.title) or "—",
        )
    )
    if before is None:
        reply.line(t(language, "ann.personal_new"))
    else:
        reply.line(
            wording(
                language,
                d.system,
                "personal_before",
                "ann.personal_before",
                position=before.position,
                rating=fmt(before.rating),
                title=_title(language, before.title) or "—",
            )
        )
    return reply


async def announce_in(repos: Repos, snapshot: ListSnapshot, now: datetime) -> int:
    """Enqueue the snapshot's announcement and personal messages (idempotent); rows added."""
    lists = await load_lists(repos, snapshot)
    discipline = lists.discipline
    messages: list[NewMessage] = []
    cache: dict[str, Reply] = {}
    # A chat that chose no language reads the federation's (``fedrank federation add --language``).
    federation = await repos.federations.get(discipline.federation_id)
    default = federation.language if federation is not None else "en"
    link = (
        list_url(federation.code, discipline.code, snapshot.list_date)
        if federation is not None
        else None
    )
    for sub in await repos.subscriptions.for_discipline(discipline.id, "lists"):
        language = sub.language or default
        if language not in cache:
            cache[language] = announcement(lists, language, link)
        messages.append(
            new_message(
                f"announce:{snapshot.id}:{sub.platform}:{sub.chat_id}",
                sub.platform,
                sub.chat_id,
                cache[language],
                language=language,
                kind="announcement",
                direct=False,
            )
        )
    for sub in await repos.subscriptions.for_discipline(discipline.id, "personal"):
        account = await repos.accounts.by_platform(sub.platform, sub.chat_id)
        if account is None:
            continue
        # The account's player in this discipline's federation (one per federation).
        player = await repos.accounts.player_in(account.id, discipline.federation_id)
        if player is None:
            continue
        language = sub.language or account.language or default
        reply = personal(lists, player.id, language)
        if reply is None:
            continue
        messages.append(
            new_message(
                f"personal:{snapshot.id}:{sub.platform}:{sub.chat_id}",
                sub.platform,
                sub.chat_id,
                reply,
                language=language,
                kind="personal",
                direct=True,
            )
        )
    added = await repos.outbox.enqueue(messages, now)
    snapshot.data = {**snapshot.data, "announced_at": now.isoformat()}
    await repos.audit.log(
        "list.announced",
        at=now,
        federation_id=discipline.federation_id,
        subject=f"{discipline.code} {snapshot.list_date.isoformat()}",
        details={"messages": len(messages), "new": added},
    )
    return added


async def announce_recent(repos: Repos, now: datetime) -> int:
    """Announce every list published within ANNOUNCE_WITHIN and not announced yet, each
    discipline's oldest first: lists published on demand, and each list a crash left between
    its publication and its announcement. Per list, not per discipline: a crash between two
    lists of one tick leaves the earlier one owed, and a newer list must not hide it."""
    added = 0
    for snapshot in await repos.lists.created_since(now - ANNOUNCE_WITHIN):
        if "announced_at" not in snapshot.data:
            added += await announce_in(repos, snapshot, now)
    return added
