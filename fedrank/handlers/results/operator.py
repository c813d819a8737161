"""The operator's tournament files: ``fedrank calc`` (an engine's JSON, or the chat's preview
computed on its own), ``fedrank import`` (the preview, then the write), ``fedrank round`` (an
Othello round as ``/round`` enters it) and ``fedrank export-ratings`` (a list for the pairing
programs).

A file is read as /submit reads an attachment (:func:`read_text`) and prepared by the same
adapters; the operator acts with the server's authority (no account). Refusals are raised as
:class:`OperatorError` in English; an engine's own refusal goes up as it is
(:data:`fedrank.handlers.operator.INPUT_ERRORS`).
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import Any

from fedrank.engines.kernel import EngineError
from fedrank.engines.registry import SYSTEMS, calc_document
from fedrank.formats.spreadsheet import SheetError
from fedrank.formats.uploads import read_upload
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.operator import OperatorError
from fedrank.handlers.publication.pairing_export import Exported, export_list
from fedrank.handlers.results.corrections import identical_version, stored_version
from fedrank.handlers.results.fitting import best_refusal, disciplines_to_try
from fedrank.handlers.results.names import StaleNamesError, prepare_named, register_and_prepare
from fedrank.handlers.results.othello import preview_round
from fedrank.handlers.results.submission import MAX_UPLOAD, confirm_prepared, preview_reply
from fedrank.handlers.systems import NoAdapterError, SystemRegistry, all_systems
from fedrank.handlers.systems.base import SystemAdapter
from fedrank.handlers.systems.facts import read_assignments
from fedrank.handlers.systems.players import Names, UnresolvedNamesError
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Reply
from fedrank.storage.database import Database
from fedrank.storage.models import Discipline
from fedrank.storage.records import Prepared
from fedrank.storage.repos import Repos

#: The operator at the terminal, as a chat's request context (English, private).
CONSOLE = RequestContext(platform="console", user_id="cli", chat_id="cli")

#: The disciplines a scratch federation gets for a system: (code, name). RMF keeps two lists,
#: told apart by the discipline's name; the file decides which one takes it.
SCRATCH_DISCIPLINES: dict[str, tuple[tuple[str, str], ...]] = {
    "mahjong_rmf": (("mcr", "Sports mahjong (MCR)"), ("sichuan", "Sichuan mahjong")),
    "bridge_ccba": (("ccba", "CCBA masterpoints"),),
    "go_ufgo": (("ufgo", "UFGO rating"),),
    "bridge_fsbr": (("fsbr", "FSBR classification"),),
    "othello_woc": (("woc", "World Othello Championship"),),
}

NAMES_HINT = (
    "nothing written: run again with --register-new to register every unknown name as a new "
    "player, --choose 'NAME=ID' (or NAME=new) for a name, or register them first with "
    "`fedrank players import`"
)


async def read_text(filename: str, content: bytes, system: str) -> tuple[str, str]:
    """The text and file name ``system``'s adapter reads, by the chats' one reading path
    (UTF-8, Windows-1251 or GB18030; ``;``/``,`` CSV; .xlsx, .xls and .ods within the same
    budgets): a file the bot accepts is accepted here too."""
    try:
        adapter = all_systems().adapter(system)
        separator, extension = adapter.sheet_separator, adapter.sheet_extension
    except NoAdapterError:
        separator, extension = None, ".txt"
    try:
        upload = await read_upload(
            filename,
            content,
            separator=separator,
            extension=extension,
            limit=MAX_UPLOAD,
            system=system,
        )
    except SheetError as exc:
        raise OperatorError(t("en", exc.key, **exc.params)) from None
    return upload.text, upload.filename


def calc_json(system: str, text: str, filename: str) -> dict[str, Any]:
    """``fedrank calc``: one engine on one file, the awards with their traces, JSON-ready."""
    return calc_document(system, text, filename=filename)


async def scratch_preview(system: str, text: str, filename: str) -> Reply:
    """``fedrank calc --format table``: the chat's preview of ``text`` computed on its own, in a
    scratch database of one federation with the system's disciplines, where every name of the
    file is a new player, numbered ``NEW-0001``… (nothing of the operator's database is read or
    written)."""
    if system not in SCRATCH_DISCIPLINES:
        raise OperatorError(
            f"unknown system '{system}'; known systems: {', '.join(sorted(SYSTEMS))}"
        )
    with tempfile.TemporaryDirectory(prefix="fedrank-calc-") as folder:
        db = Database(f"sqlite+aiosqlite:///{Path(folder) / 'scratch.db'}")
        try:
            await db.migrate()
            async with db.transaction() as repos:
                federation = await repos.federations.add("NEW", SYSTEMS[system])
                for code, name in SCRATCH_DISCIPLINES[system]:
                    await repos.federations.add_discipline(
                        federation, code, name, system, "on_demand"
                    )
            async with db.read() as repos:
                discipline, prepared, _ = await prepare_for(
                    repos, all_systems(), system, text, filename, Names(register_new=True)
                )
                # Nothing is ever registered from here: no "registered when you confirm" line.
                return preview_reply(CONSOLE, discipline, replace(prepared, new_players=[]))
        finally:
            await db.close()


async def prepare_for(
    repos: Repos,
    systems: SystemRegistry,
    target: str,
    text: str,
    filename: str,
    wanted: Names | None = None,
    assignments: Sequence[str] = (),
) -> tuple[Discipline, Prepared, Names]:
    """The discipline and prepared tournament for ``target`` (a discipline code or a system id),
    with the facts ``assignments`` give (``--set KEY=VALUE``, over the file and the
    discipline's defaults, as ``/submit``'s).

    A system id with several disciplines (RMF's sports and Sichuan mahjong) lets the file
    decide: the one discipline whose adapter accepts it is taken.
    """
    found = await repos.federations.discipline_by_code(target)
    disciplines = await repos.federations.disciplines()
    candidates = [found] if found is not None else [d for d in disciplines if d.system == target]
    if not candidates:
        known = ", ".join(f"{d.code} ({d.system})" for d in disciplines) or "none"
        raise OperatorError(f"unknown discipline '{target}'; disciplines: {known}")
    accepted: list[tuple[Discipline, Prepared, Names]] = []
    refusals: list[tuple[Discipline, Exception]] = []
    if found is not None and found.disabled:
        raise OperatorError(
            f"discipline {found.code} is disabled: it takes no tournaments "
            "(`fedrank discipline enable` brings it back)"
        )
    candidates = [d for d in candidates if not d.disabled] or candidates
    candidates = disciplines_to_try(systems, candidates, text)  # the lists the file names
    for discipline in candidates:
        if discipline.disabled:
            raise OperatorError(f"every {target} discipline is disabled: it takes no tournaments")
        try:
            engine = systems.adapter(discipline.system)
        except NoAdapterError:
            raise OperatorError(f"{discipline.system} results cannot be imported yet") from None
        names = Names.from_json(wanted.to_json()) if wanted is not None else Names()
        facts = given_facts(engine, assignments)
        try:
            prepared = await prepare_named(
                engine, repos, discipline, text, filename, names, facts=facts
            )
            accepted.append((discipline, prepared, names))
        except UnresolvedNamesError as exc:
            if len(candidates) == 1:
                raise OperatorError(f"{filename}: {exc.report()}\n{NAMES_HINT}") from None
            refusals.append((discipline, exc))
        except EngineError as exc:
            if len(candidates) == 1:
                raise
            refusals.append((discipline, exc))
    if len(accepted) == 1:
        return accepted[0]
    if not accepted:
        # One refusal, not each problem once per list tried (issue 33).
        refused, reason = best_refusal(refusals)
        said = reason.report() if isinstance(reason, UnresolvedNamesError) else str(reason)
        raise OperatorError(f"no discipline accepts this file: {refused.code}: {said}")
    codes = ", ".join(d.code for d, _, _ in accepted)
    raise OperatorError(f"the file fits several disciplines ({codes}); name one of them")


def given_facts(adapter: SystemAdapter, assignments: Sequence[str]) -> dict[str, str]:
    """``--set KEY=VALUE`` read as the system's facts; a bad one refused naming its key."""
    if not assignments:
        return {}
    try:
        return read_assignments(adapter.facts, assignments, "en")
    except UserError as exc:
        raise OperatorError(exc.message) from None


@dataclass(frozen=True, slots=True)
class ImportPreview:
    """What ``fedrank import`` showed, kept to write exactly that once confirmed."""

    discipline_id: int
    prepared: Prepared
    names: Names
    text: str
    filename: str
    reply: Reply
    #: The facts ``--set`` gave, to prepare the same tournament again when writing.
    facts: dict[str, str] = field(default_factory=dict)


async def preview_import(
    services: Services,
    target: str,
    filename: str,
    content: bytes,
    wanted: Names,
    assignments: Sequence[str] = (),
) -> ImportPreview | str:
    """``fedrank import``'s preview of a file for ``target`` (a discipline code or a system
    id); writes nothing. A file the stored tournament already holds exactly is said as one
    line instead."""
    async with services.db.read() as repos:
        named = await repos.federations.discipline_by_code(target)
        system = named.system if named is not None else target
        text, name = await read_text(filename, content, system)
        discipline, prepared, names = await prepare_for(
            repos, services.systems, target, text, name, wanted, assignments
        )
        same = await identical_version(repos, discipline, prepared)
        if same is not None:
            return t("en", "corrections.identical", name=prepared.name, version=same)
        stored = await stored_version(repos, discipline, prepared.code)
        members_only = services.systems.adapter(discipline.system).supports_qualification
        reply = preview_reply(CONSOLE, discipline, prepared, stored, members_only=members_only)
        adapter = services.systems.adapter(discipline.system)
        facts = given_facts(adapter, assignments)
        return ImportPreview(discipline.id, prepared, names, text, name, reply, facts)


async def store_import(services: Services, seen: ImportPreview) -> str:
    """Write the previewed tournament in one transaction, prepared again; refused when the
    players or the data changed since the preview."""
    async with services.db.transaction() as repos:
        found = await repos.federations.discipline(seen.discipline_id)
        assert found is not None
        adapter = services.systems.adapter(found.system)
        if seen.prepared.new_players:
            try:
                again = await register_and_prepare(
                    adapter,
                    repos,
                    found,
                    seen.text,
                    seen.filename,
                    seen.names,
                    seen.prepared,
                    now=services.now(),
                    account_id=None,
                    facts=seen.facts,
                )
            except StaleNamesError as exc:
                raise OperatorError(
                    f"{exc} since the preview; nothing written, run again"
                ) from None
        else:
            again = await adapter.prepare_given(
                repos, found, seen.text, seen.filename, seen.names, facts=seen.facts
            )
            if again.to_json() != seen.prepared.to_json():
                raise OperatorError(
                    "the data changed since the preview; nothing written, run again"
                )
        version = await confirm_prepared(
            repos,
            found,
            again,
            now=services.now(),
            by=None,
            source_name=seen.filename,
            source_text=seen.text,
        )
        return f"saved {again.name} ({again.code}), version {version}"


async def round_preview(services: Services, tournament: str, text: str) -> tuple[Prepared, Reply]:
    """``fedrank round``'s preview of a round of the Othello tournament ``tournament`` (its
    code or name): the new standings and the next pairing; writes nothing."""
    try:
        async with services.db.read() as repos:
            _, prepared, reply, _ = await preview_round(
                repos, CONSOLE, tournament, lambda: text, None
            )
    except UserError as exc:
        raise OperatorError(exc.message) from None
    return prepared, reply


async def store_round(services: Services, tournament: str, text: str, seen: Prepared) -> str:
    """Write the previewed round in one transaction; refused when the tournament changed."""
    async with services.db.transaction() as repos:
        try:
            discipline, again, _, name = await preview_round(
                repos, CONSOLE, tournament, lambda: text, None
            )
        except UserError as exc:
            raise OperatorError(f"{exc.message}; nothing written") from None
        if again.to_json() != seen.to_json():
            raise OperatorError("the tournament changed since the preview; nothing written")
        version = await confirm_prepared(
            repos,
            discipline,
            again,
            now=services.now(),
            by=None,
            source_name=name,
            source_text=str(again.params["document"]),
        )
    return f"saved {again.name}, version {version}"


async def pairing_list(services: Services, discipline: str, fmt: str, on: date | None) -> Exported:
    """``fedrank export-ratings``: the official figures of a published list, for the pairing
    programs (:mod:`fedrank.handlers.publication.pairing_export`)."""
    async with services.db.read() as repos:
        return await export_list(repos, discipline, fmt, on)
