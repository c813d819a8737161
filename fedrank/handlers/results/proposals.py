"""A player proposes his club's result sheet; a director of the federation accepts or rejects it.

Place-based systems (RMF mahjong, FSBR and CCBA bridge) take no game reports: a club's
results are a sheet of places. ``/propose <discipline>`` with the sheet pasted below the command
(or attached) is prepared as a director's ``/submit`` would be (every error at once, nothing
written), kept as a proposal and sent to the discipline's directors as a ready preview with
Accept / Reject buttons (:mod:`fedrank.handlers.notify`). ``/proposals`` lists what waits;
``/proposalaccept <n>`` prepares the sheet again (the history may have changed since) and writes
it in one transaction, audited with the proposer and the director; ``/proposalreject <n>
[reason]`` refuses it. The proposer is told the outcome either way. Only a linked player of the
federation proposes; only its directors decide.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from fedrank.engines.kernel import EngineError
from fedrank.handlers.access import (
    caller,
    directed_federations,
    known_discipline,
    linked_players,
    require_role,
    stored_discipline,
    stored_federation,
)
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.federation.setup import refuse_disabled
from fedrank.handlers.notify import notify_accounts
from fedrank.handlers.reports.notices import directors
from fedrank.handlers.results.submission import MAX_UPLOAD, confirm_prepared, preview_reply
from fedrank.handlers.systems import NoAdapterError
from fedrank.handlers.wording.common import is_number
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Reply, bold
from fedrank.handlers.wording.safetext import visible
from fedrank.storage.models import Account, Discipline, ResultProposal
from fedrank.storage.records import Prepared
from fedrank.storage.repos import Repos

KIND = "proposal"
USAGE = "/propose <discipline> + table or file"


def _sheet(ctx: RequestContext, rest: str) -> tuple[str, str]:
    """The proposed text and its file name (a pasted table is ``pasted.txt``)."""
    if ctx.attachment is None:
        return rest, "pasted.txt"
    if len(ctx.attachment.content) > MAX_UPLOAD:
        raise UserError(t(ctx.language, "submit.too_large", limit=MAX_UPLOAD // 1_000_000))
    try:
        return ctx.attachment.content.decode("utf-8-sig"), ctx.attachment.filename
    except UnicodeDecodeError:
        raise UserError(t(ctx.language, "submit.not_text", file=ctx.attachment.filename)) from None


async def _prepare(
    services: Services, repos: Repos, discipline: Discipline, text: str, filename: str, lang: str
) -> Prepared:
    try:
        adapter = services.systems.adapter(discipline.system)
    except NoAdapterError:
        raise UserError(t(lang, "submit.no_adapter", system=discipline.system)) from None
    try:
        return await adapter.prepare(repos, discipline, text, filename)
    except EngineError as exc:
        raise UserError(t(lang, "submit.refused", error=str(exc))) from None


def _preview(
    ctx: RequestContext, language: str, discipline: Discipline, row: ResultProposal, p: Prepared
) -> Reply:
    """The directors' preview of a proposal, with its Accept / Reject buttons."""
    seen = replace(ctx, language=language)
    reply = Reply().line(bold(t(language, "proposal.title", proposal=row.id)))
    for block in preview_reply(seen, discipline, p).blocks:
        reply.blocks.append(block)
    reply.button(t(language, "proposal.accept"), f"/proposalaccept {row.id}")
    reply.button(t(language, "proposal.reject"), f"/proposalreject {row.id}")
    return reply


async def propose(services: Services, ctx: RequestContext, args: str) -> Reply:
    lang = ctx.language
    head, _, rest = args.partition("\n")
    parts = head.split(maxsplit=1)
    if not parts:
        raise UserError(t(lang, "error.usage", usage=USAGE))
    if len(parts) == 2:
        rest = parts[1] + ("\n" + rest if rest else "")
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        mine = await linked_players(repos, ctx, account, unlinked="report.unlinked")
        discipline = await known_discipline(repos, ctx, parts[0])
        federation = await stored_federation(repos, discipline.federation_id, lang)
        if not any(p.federation_id == federation.id for p in mine):
            raise UserError(t(lang, "proposal.not_member", federation=federation.code))
        refuse_disabled(discipline, lang)
        text, filename = _sheet(ctx, rest)
        text = visible(text)
        if not text.strip():
            raise UserError(t(lang, "submit.empty"))
        prepared = await _prepare(services, repos, discipline, text, filename, lang)
        now = services.now()
        row = await repos.proposals.add(
            discipline_id=discipline.id,
            proposer_id=account.id,
            filename=filename,
            text=text,
            now=now,
        )
        await repos.audit.log(
            "proposal.sent",
            at=now,
            account_id=account.id,
            federation_id=federation.id,
            subject=prepared.code,
            details={"proposal": row.id, "discipline": discipline.code},
        )
        await notify_accounts(
            repos,
            await directors(repos, federation.id),
            f"proposal:{row.id}:decide",
            lambda language: _preview(ctx, language, discipline, row, prepared),
            now,
            kind=KIND,
            skip=account,
        )
        reply = Reply.text(
            t(lang, "proposal.sent", proposal=row.id, federation=federation.code), private=True
        )
        for block in preview_reply(ctx, discipline, prepared).blocks:
            reply.blocks.append(block)
        return reply


async def proposals(services: Services, ctx: RequestContext, args: str) -> Reply:
    """The proposals waiting for the caller's decision, each as a ready preview."""
    lang = ctx.language
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        federations = await directed_federations(repos, account)
        rows = await repos.proposals.waiting([f.id for f in federations])
        if not rows:
            return Reply.text(t(lang, "proposal.none"), private=True)
        reply = Reply(private=True)
        for row in rows:
            discipline = await stored_discipline(repos, row.discipline_id, lang)
            try:
                prepared = await _prepare(services, repos, discipline, row.text, row.filename, lang)
            except UserError as exc:
                reply.line(bold(t(lang, "proposal.title", proposal=row.id)))
                reply.line(str(exc))
                reply.button(t(lang, "proposal.reject"), f"/proposalreject {row.id}")
                continue
            shown = _preview(ctx, lang, discipline, row, prepared)
            reply.blocks.extend(shown.blocks)
            reply.buttons.extend(shown.buttons)
        return reply


def _proposal_id(lang: str, text: str, usage: str) -> int:
    word = text.strip().lstrip("#")
    if not is_number(word) or len(word) > 12:
        raise UserError(t(lang, "error.usage", usage=usage))
    return int(word)


async def _decidable(
    repos: Repos, ctx: RequestContext, account: Account, proposal_id: int
) -> tuple[ResultProposal, Discipline]:
    """The waiting proposal, once the caller is known to direct its federation."""
    lang = ctx.language
    row = await repos.proposals.get(proposal_id, lock=True)
    if row is None:
        raise UserError(t(lang, "proposal.unknown", proposal=proposal_id))
    discipline = await stored_discipline(repos, row.discipline_id, lang)
    federation = await stored_federation(repos, discipline.federation_id, lang)
    await require_role(repos, ctx, account, federation, "director")
    if row.state != "waiting":
        raise UserError(
            t(lang, "proposal.decided", proposal=row.id, state=t(lang, f"proposal.{row.state}"))
        )
    return row, discipline


async def _tell_proposer(
    repos: Repos, row: ResultProposal, key: str, now: datetime, **values: object
) -> None:
    proposer = await repos.accounts.get(row.proposer_id)
    if proposer is not None:
        await notify_accounts(
            repos,
            [proposer],
            f"proposal:{row.id}:{row.state}",
            lambda language: Reply.text(t(language, key, proposal=row.id, **values), private=True),
            now,
            kind=KIND,
        )


async def proposalaccept(services: Services, ctx: RequestContext, args: str) -> Reply:
    lang = ctx.language
    proposal_id = _proposal_id(lang, args, "/proposalaccept <proposal>")
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        row, discipline = await _decidable(repos, ctx, account, proposal_id)
        refuse_disabled(discipline, lang)
        prepared = await _prepare(services, repos, discipline, row.text, row.filename, lang)
        now = services.now()
        version = await confirm_prepared(
            repos,
            discipline,
            prepared,
            now=now,
            by=account,
            source_name=row.filename,
            source_text=row.text,
        )
        current = await repos.ledger.tournament(discipline.id, prepared.code)
        stored = await repos.ledger.current_version(current.id) if current is not None else None
        row.state = "accepted"
        row.decided_at = now
        row.decided_by = account.id
        row.version_id = stored.id if stored is not None else None
        await repos.audit.log(
            "proposal.accepted",
            at=now,
            account_id=account.id,
            federation_id=discipline.federation_id,
            subject=prepared.code,
            details={
                "proposal": row.id,
                "proposer": row.proposer_id,
                "director": account.id,
                "version": version,
            },
        )
        await _tell_proposer(repos, row, "proposal.accepted_notice", now, name=prepared.name)
        return Reply.text(
            t(
                lang,
                "proposal.accepted_reply",
                proposal=row.id,
                name=prepared.name,
                version=version,
                code=prepared.code,
            )
        )


async def proposalreject(services: Services, ctx: RequestContext, args: str) -> Reply:
    lang = ctx.language
    number, _, reason = args.strip().partition(" ")
    proposal_id = _proposal_id(lang, number, "/proposalreject <proposal> [reason]")
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        row, discipline = await _decidable(repos, ctx, account, proposal_id)
        now = services.now()
        row.state = "rejected"
        row.decided_at = now
        row.decided_by = account.id
        row.reason = reason.strip()[:500]
        await repos.audit.log(
            "proposal.rejected",
            at=now,
            account_id=account.id,
            federation_id=discipline.federation_id,
            subject=str(row.id),
            details={
                "proposal": row.id,
                "proposer": row.proposer_id,
                "director": account.id,
                "reason": row.reason,
            },
        )
        why = row.reason or "—"
        await _tell_proposer(repos, row, "proposal.rejected_notice", now, reason=why)
        return Reply.text(t(lang, "proposal.rejected_reply", proposal=row.id))
