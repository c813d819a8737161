"""``fedrank export``: one published list as a file for other tools, written by the same
writers as the announcement's attachments (CSV, XLSX, HTML) or as the list page's JSON."""

from __future__ import annotations

from datetime import date

from fedrank.handlers.context import Services
from fedrank.handlers.publication.announcements import (
    digest_text,
    list_csv,
    list_html,
    list_xlsx,
    load_lists,
)
from fedrank.handlers.site.identity import discipline_name, file_head
from fedrank.handlers.site.pages import list_data, page_json
from fedrank.handlers.wording.i18n import t

FORMATS = ("csv", "xlsx", "html", "json")


class ExportError(ValueError):
    """What the operator asked for does not exist: the message says what."""


async def export_list(
    services: Services, discipline_code: str, day: date | None, kind: str
) -> tuple[str, bytes]:
    """(file name, bytes) of the discipline's list of ``day`` (its latest when None)."""
    if kind not in FORMATS:
        raise ExportError(f"--format must be one of {', '.join(FORMATS)}, not {kind!r}")
    async with services.db.read() as repos:
        discipline = await repos.federations.discipline_by_code(discipline_code)
        if discipline is None:
            raise ExportError(f"no discipline {discipline_code!r}")
        federation = await repos.federations.get(discipline.federation_id)
        assert federation is not None  # a discipline's federation is a foreign key
        snapshot = (
            await repos.lists.snapshot(discipline.id, day)
            if day is not None
            else await repos.lists.latest(discipline.id)
        )
        if snapshot is None:
            when = day.isoformat() if day is not None else "any date"
            raise ExportError(f"{discipline.code} has no published list of {when}")
        stem = f"{discipline.code}-{snapshot.list_date.isoformat()}"
        language = federation.language
        if kind == "json":
            page = await list_data(repos, federation, discipline, snapshot.list_date)
            assert page is not None  # the snapshot was just found
            return f"{stem}.json", page_json(page)
        lists = await load_lists(repos, snapshot)
        if kind == "csv":
            return f"{stem}.csv", list_csv(lists.current, language, discipline.system)
        named = discipline_name(discipline, language)
        title = t(language, "ann.title", discipline=named, date=snapshot.list_date)
        head = file_head(federation, language)
        if kind == "xlsx":
            return f"{stem}.xlsx", list_xlsx(
                lists.current, language, discipline.system, head, title
            )
        return f"{stem}.html", list_html(
            title,
            lists.current,
            digest_text(lists.digest, language),
            language,
            discipline.system,
            head,
        )
