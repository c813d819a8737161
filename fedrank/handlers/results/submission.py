"""Directors submit results; they see the preview; only their confirmation writes.

``/submit <discipline>`` takes the results as the rest of the message (a pasted table) or as
an attached file. The adapter of the discipline's system parses and computes everything; the
prepared submission is kept as a pending row with a random token, and ``/confirm <token>``
writes it in one transaction (``/cancel <token>`` drops it). Every step checks the caller is a
director of the discipline's federation, and every write is in the audit log.
"""

from __future__ import annotations

import secrets
from datetime import datetime

from sqlalchemy.exc import IntegrityError

from fedrank.engines.kernel import EngineError
from fedrank.formats.spreadsheet import Sheet, SheetError
from fedrank.formats.uploads import Upload, read_upload
from fedrank.handlers.access import (
    caller,
    director_discipline,
    director_of,
    stored,
    stored_discipline,
)
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.federation.setup import refuse_disabled
from fedrank.handlers.results.corrections import correction_lines, identical_version, stored_version
from fedrank.handlers.results.facts import FACTS_USAGE, ask_fact, missing_facts
from fedrank.handlers.results.names import USAGE as NAMES_USAGE
from fedrank.handlers.results.names import (
    StaleNamesError,
    apply_answer,
    new_players_line,
    no_name_line,
    prepare_named,
    register_and_prepare,
    unresolved_reply,
)
from fedrank.handlers.site.identity import discipline_name
from fedrank.handlers.systems import NoAdapterError
from fedrank.handlers.systems.base import SystemAdapter, is_withdrawn
from fedrank.handlers.systems.facts import fact_lines, read_assignments, split_assignments
from fedrank.handlers.systems.players import Names, UnresolvedNamesError
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Reply, bold
from fedrank.handlers.wording.safetext import visible
from fedrank.handlers.wording.words import say
from fedrank.storage.models import Account, Discipline, PendingSubmission
from fedrank.storage.records import Prepared
from fedrank.storage.repos import Repos
from fedrank.storage.repos.ledger import StaleVersionError

PREVIEW_ROWS = 40
#: The /submit option that registers every unknown name of the file as a new player.
REGISTER_NEW = "--register-new"
MAX_UPLOAD = 2_000_000


_SEPARATOR_KEYS = {";": "upload.semicolons", ",": "upload.commas", "\t": "upload.tabs"}


def read_as(language: str, upload: Upload) -> str | None:
    """The preview's line saying how a file was read (None for a pasted text)."""
    if upload.encoding is None:  # a workbook: its errors name the worksheet already
        return None
    if upload.kind == "csv" and upload.separator is not None:
        cells = t(language, _SEPARATOR_KEYS.get(upload.separator, "upload.commas"))
        return t(language, "upload.read_csv", encoding=upload.encoding, separator=cells)
    return t(language, "upload.read_text", encoding=upload.encoding)


async def _text_of(
    ctx: RequestContext, rest: str, system_adapter: SystemAdapter
) -> tuple[str, str, Sheet | None, str | None]:
    """The submitted text, its file name, for a workbook or a CSV its sheet (to name cells),
    and the preview's line saying how the file was read (:func:`.uploads.read_upload`)."""
    if ctx.attachment is None:
        return rest, "pasted.txt", None, None
    if len(ctx.attachment.content) > MAX_UPLOAD:
        raise UserError(t(ctx.language, "submit.too_large", limit=MAX_UPLOAD // 1_000_000))
    try:
        upload = await read_upload(
            ctx.attachment.filename,
            ctx.attachment.content,
            separator=system_adapter.sheet_separator,
            extension=system_adapter.sheet_extension,
            limit=MAX_UPLOAD,
            system=system_adapter.system,
        )
    except SheetError as exc:
        raise UserError(t(ctx.language, exc.key, **exc.params)) from None
    return upload.text, upload.filename, upload.sheet, read_as(ctx.language, upload)


def preview_reply(
    ctx: RequestContext,
    discipline: Discipline,
    prepared: Prepared,
    stored: int = 0,
    *,
    members_only: bool = False,
) -> Reply:
    """The preview of a prepared submission; ``stored`` is the tournament's stored current
    version (0: not stored), which makes it a correction. ``members_only``: the system has
    rules for members only (its adapter's ``supports_qualification``), so new players
    registered without a membership are said to be outside them."""
    reply = Reply().line(
        bold(t(ctx.language, "submit.preview_title", name=prepared.name)),
        f" — {discipline_name(discipline, ctx.language)}, {prepared.held_on.isoformat()}",
    )
    rows = [
        tuple(say(ctx.language, v) for v in (p.label, p.before, p.after, p.note))
        for p in prepared.preview[:PREVIEW_ROWS]
    ]
    reply.table(tuple(t(ctx.language, "submit.headers").split("|")), rows)
    if len(prepared.preview) > PREVIEW_ROWS:
        reply.line(t(ctx.language, "submit.more", count=len(prepared.preview) - PREVIEW_ROWS))
    for line in fact_lines(ctx.language, prepared.params.get("facts", {})):
        reply.line(line)
    for warning in prepared.warnings:
        reply.line("⚠ " + warning)
    if prepared.new_players:
        reply.line(new_players_line(ctx.language, prepared.new_players, members_only))
        if nameless := no_name_line(ctx.language, prepared.new_players):
            reply.line(nameless)
    for line in correction_lines(ctx.language, prepared, stored):
        reply.line(line)
    return reply


async def submit(services: Services, ctx: RequestContext, args: str) -> Reply:
    head, _, rest = args.partition("\n")
    parts = head.split(maxsplit=1)
    if not parts:
        raise UserError(
            t(ctx.language, "error.usage", usage="/submit <discipline> + file or table")
        )
    names = Names()
    words = head.split()[1:]
    if words and words[0] == REGISTER_NEW:
        names.register_new = True
        words = words[1:]
    assignments, table = split_assignments(words)
    if table and table[0] == REGISTER_NEW:  # also after the KEY=VALUE facts
        names.register_new = True
        table = table[1:]
    if table:  # the table begins on the command's line
        start = head.split(maxsplit=len(head.split()) - len(table))[-1]
        rest = start + ("\n" + rest if rest else "")
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        discipline, _ = await director_discipline(repos, ctx, account, parts[0])
        refuse_disabled(discipline, ctx.language)
        try:
            system_adapter = services.systems.adapter(discipline.system)
        except NoAdapterError:
            raise UserError(
                t(ctx.language, "submit.no_adapter", system=discipline.system)
            ) from None
        facts = read_assignments(system_adapter.facts, assignments, ctx.language)
        text, filename, sheet, how = await _text_of(ctx, rest, system_adapter)
        text = visible(text)  # no bidi or other invisible control in the names it brings
        if not text.strip():
            raise UserError(t(ctx.language, "submit.empty"))
        reply = await _preview_or_names(
            services, ctx, repos, account, discipline, (text, filename, sheet), names, facts
        )
        return reply.line(how) if how and reply.buttons else reply  # a preview says how


async def _preview_or_names(
    services: Services,
    ctx: RequestContext,
    repos: Repos,
    account: Account,
    discipline: Discipline,
    source: tuple[str, str, Sheet | None],
    names: Names,
    facts: dict[str, str],
) -> Reply:
    """The preview to confirm; while names are unsettled, their list to answer; while a
    tournament fact is given nowhere, the question asking it (with buttons)."""
    text, filename, sheet = source
    shown = ctx.attachment.filename if ctx.attachment is not None else ""
    system_adapter = services.systems.adapter(discipline.system)
    try:
        prepared = await prepare_named(
            system_adapter, repos, discipline, text, filename, names, facts=facts
        )
    except UnresolvedNamesError as exc:
        token = secrets.token_hex(6)
        payload = {
            "filename": filename,
            "text": text,
            "names": names.to_json(),
            "facts": facts,
            "unresolved": [u.wanted.key for u in exc.unresolved],
        }
        await repos.submissions.add(token, account.id, discipline.id, payload, services.now())
        reply = unresolved_reply(ctx, exc, shown or filename, token)
        if sheet is not None:
            cells = "; ".join(sheet.locate(u.wanted.line, u.wanted.written) for u in exc.unresolved)
            reply.line(t(ctx.language, "sheet.where", cell=cells, sheet=sheet.name))
        return reply
    except EngineError as exc:
        wanted = missing_facts(system_adapter, exc)
        if wanted:  # only facts nobody gave are lacking: ask them, one at a time
            token = secrets.token_hex(6)
            payload = {
                "filename": filename,
                "text": text,
                "names": names.to_json(),
                "facts": facts,
                "asking": wanted,
            }
            await repos.submissions.add(token, account.id, discipline.id, payload, services.now())
            return ask_fact(ctx.language, system_adapter, wanted, token, shown or filename)
        error = str(exc)
        line = getattr(exc, "line", None)
        if sheet is not None and line is not None:
            where = sheet.locate(line, str(getattr(exc, "message", error)))
            error += " " + t(ctx.language, "sheet.where", cell=where, sheet=sheet.name)
        raise UserError(t(ctx.language, "submit.refused", error=error)) from None
    same = await identical_version(repos, discipline, prepared)
    if same is not None:
        return Reply.text(
            t(ctx.language, "corrections.identical", name=prepared.name, version=same)
        )
    token = await hold_for_confirmation(
        repos,
        account.id,
        discipline,
        prepared,
        filename,
        text,
        services.now(),
        names=names,
        facts=facts,
    )
    stored = await stored_version(repos, discipline, prepared.code)
    members_only = services.systems.adapter(discipline.system).supports_qualification
    reply = preview_reply(ctx, discipline, prepared, stored, members_only=members_only)
    reply.button(t(ctx.language, "submit.confirm"), f"/confirm {token}")
    reply.button(t(ctx.language, "submit.cancel"), f"/cancel {token}")
    return reply


async def names_answer(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/names <token> …``: the director's choices for a file's unsettled names."""
    token, _, answer = args.strip().partition(" ")
    if not token or not answer.strip():
        raise UserError(t(ctx.language, "error.usage", usage=NAMES_USAGE))
    async with services.db.transaction() as repos:
        account, pending, discipline = await _pending(services, ctx, repos, token)
        if "unresolved" not in pending.payload:
            raise UserError(t(ctx.language, "names.not_waiting"))
        names = Names.from_json(pending.payload.get("names", {}))
        apply_answer(ctx, names, list(pending.payload["unresolved"]), answer)
        source = (str(pending.payload["text"]), str(pending.payload["filename"]), None)
        facts = _facts_of(pending)
        return await _preview_or_names(
            services, ctx, repos, account, discipline, source, names, facts
        )


async def facts_answer(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/facts <token> KEY=VALUE …``: the facts a submission's file lacks (the buttons of the
    question send them), then its preview, or the next question."""
    token, _, answer = args.strip().partition(" ")
    if not token or not answer.strip():
        raise UserError(t(ctx.language, "error.usage", usage=FACTS_USAGE))
    async with services.db.transaction() as repos:
        account, pending, discipline = await _pending(services, ctx, repos, token)
        if "asking" not in pending.payload:
            raise UserError(t(ctx.language, "facts.not_waiting"))
        system_adapter = services.systems.adapter(discipline.system)
        given = read_assignments(system_adapter.facts, answer.split(), ctx.language)
        facts = {**_facts_of(pending), **given}
        names = Names.from_json(pending.payload.get("names", {}))
        source = (str(pending.payload["text"]), str(pending.payload["filename"]), None)
        return await _preview_or_names(
            services, ctx, repos, account, discipline, source, names, facts
        )


def _facts_of(pending: PendingSubmission) -> dict[str, str]:
    """The ``KEY=VALUE`` facts a pending submission was given."""
    return {str(k): str(v) for k, v in pending.payload.get("facts", {}).items()}


async def hold_for_confirmation(
    repos: Repos,
    account_id: int,
    discipline: Discipline,
    prepared: Prepared,
    filename: str,
    text: str,
    now: datetime,
    *,
    names: Names | None = None,
    facts: dict[str, str] | None = None,
) -> str:
    """Keep a prepared submission until its author confirms it; returns the token.

    The version of the tournament the preview was computed on is kept too: a confirmation
    after someone else stored a newer version is refused instead of overwriting it.
    """
    token = secrets.token_hex(6)
    payload = {
        "prepared": prepared.to_json(),
        "filename": filename,
        "text": text,
        "base_version": await stored_version(repos, discipline, prepared.code),
    }
    if names is not None:
        payload["names"] = names.to_json()
    if facts:
        payload["facts"] = facts
    await repos.submissions.add(token, account_id, discipline.id, payload, now)
    return token


async def _pending(
    services: Services, ctx: RequestContext, repos: Repos, token: str
) -> tuple[Account, PendingSubmission, Discipline]:
    """Claim the caller's pending submission (done from now on) and check he may still write."""
    account = await caller(repos, services, ctx)
    if not await repos.submissions.claim(token.strip(), account.id, services.now()):
        raise UserError(t(ctx.language, "submit.no_pending"))
    found = await repos.submissions.by_token(token.strip())
    pending = stored(found, "PendingSubmission", token.strip(), ctx.language)
    discipline = await stored_discipline(repos, pending.discipline_id, ctx.language)
    await director_of(repos, ctx, account, discipline.federation_id)
    refuse_disabled(discipline, ctx.language)
    return account, pending, discipline


async def confirm(services: Services, ctx: RequestContext, args: str) -> Reply:
    if len(args.split()) != 1:
        raise UserError(t(ctx.language, "error.usage", usage="/confirm <token>"))
    written: tuple[int, Prepared] | None = None
    try:
        async with services.db.transaction() as repos:
            account, pending, discipline = await _pending(services, ctx, repos, args)
            if "prepared" not in pending.payload:
                raise UserError(t(ctx.language, "names.unsettled", token=args.strip()))
            prepared = Prepared.from_json(pending.payload["prepared"])
            now = services.now()
            base = pending.payload.get("base_version")
            current = await stored_version(repos, discipline, prepared.code)
            if base is not None and current != base:
                raise UserError(
                    t(ctx.language, "submit.stale", name=prepared.name, version=current)
                )
            if prepared.new_players:
                try:
                    prepared = await register_and_prepare(
                        services.systems.adapter(discipline.system),
                        repos,
                        discipline,
                        str(pending.payload.get("text", "")),
                        str(pending.payload.get("filename", "")),
                        Names.from_json(pending.payload.get("names", {})),
                        prepared,
                        now=now,
                        account_id=account.id,
                        facts=_facts_of(pending),
                    )
                except StaleNamesError as exc:
                    raise UserError(t(ctx.language, "names.stale", reason=str(exc))) from None
            written = discipline.id, prepared
            version = await confirm_prepared(
                repos,
                discipline,
                prepared,
                now=now,
                by=account,
                source_name=pending.payload.get("filename", ""),
                source_text=pending.payload.get("text", ""),
                expected_version=base,
            )
    except StaleVersionError as exc:
        # Another confirmation wrote this tournament after the check above (PostgreSQL reads
        # what commits meanwhile): nothing of this one is written, its claim rolled back.
        assert written is not None
        name = written[1].name
        raise UserError(t(ctx.language, "submit.stale", name=name, version=exc.current)) from None
    except IntegrityError:
        if written is None:
            raise
        # Two previews of one tournament confirmed at once: both read the same version, the
        # other one wrote first (PostgreSQL; SQLite runs one write at a time). Nothing of this
        # one was written; its claim on the preview is rolled back with it.
        discipline_id, prepared = written  # the session's objects expired with the rollback
        async with services.db.read() as repos:
            discipline = await stored_discipline(repos, discipline_id, ctx.language)
            current = await stored_version(repos, discipline, prepared.code)
        raise UserError(
            t(ctx.language, "submit.stale", name=prepared.name, version=current)
        ) from None
    if is_withdrawn(prepared.params):
        return Reply.text(t(ctx.language, "withdraw.saved", name=prepared.name, version=version))
    return Reply.text(
        t(ctx.language, "codes.saved", name=prepared.name, version=version, code=prepared.code)
    )


async def confirm_prepared(
    repos: Repos,
    discipline: Discipline,
    prepared: Prepared,
    *,
    now: datetime,
    by: Account | None,
    source_name: str,
    source_text: str,
    expected_version: int | None = None,
) -> int:
    """Write a prepared tournament in the caller's transaction and log it; its version.

    ``by`` is the director who confirmed (his role checked by the caller), or None for the
    operator's ``fedrank import``, whose authority is the server's own. ``expected_version``:
    the stored version the preview was made against (a later one refuses the write)."""
    version = await repos.ledger.write_prepared(
        discipline,
        prepared,
        now=now,
        account_id=by.id if by is not None else None,
        source_name=source_name,
        source_text=source_text,
        expected_version=expected_version,
    )
    if is_withdrawn(prepared.params):
        action = "results.withdrawn"
        details: dict[str, object] = {"version": version.version, "replays": len(prepared.replays)}
    elif by is None:
        action = "results.imported"
        details = {"version": version.version, "by": "cli", "file": source_name}
    else:
        action = "results.confirmed"
        details = {"version": version.version, "replays": len(prepared.replays)}
    await repos.audit.log(
        action,
        at=now,
        account_id=by.id if by is not None else None,
        federation_id=discipline.federation_id,
        subject=prepared.code,
        details=details,
    )
    return version.version


async def cancel(services: Services, ctx: RequestContext, args: str) -> Reply:
    if len(args.split()) != 1:
        raise UserError(t(ctx.language, "error.usage", usage="/cancel <token>"))
    async with services.db.transaction() as repos:
        account, pending, discipline = await _pending(services, ctx, repos, args)
        await repos.audit.log(
            "results.cancelled",
            at=services.now(),
            account_id=account.id,
            federation_id=discipline.federation_id,
            subject=pending.token,
        )
        return Reply.text(t(ctx.language, "submit.cancelled"))
