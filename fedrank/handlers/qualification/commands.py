"""The chat commands of qualification windows.

- ``/qualify`` (a director) creates a window: discipline, event date, quota, the Presidium's
  places, optionally the Presidium's qualification date (3.3) and its order of tied players.
- ``/qconfirm <id>``, ``/qdecline <id>`` (the invitation's buttons) record the player's answer
  with its time; a refusal passes the place down at once.
- ``/qualification <id>`` shows a director the frozen list, the reserve and every slot.
"""

from __future__ import annotations

import shlex
from datetime import date
from zoneinfo import ZoneInfo

from fedrank.engines.kernel import RuleError, half_up
from fedrank.engines.mahjong_rmf.qualification import (
    advance,
    qualification_date,
    record_answer,
)
from fedrank.handlers.access import caller, director_discipline, require_role
from fedrank.handlers.common import fmt, is_number, row_id
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.i18n import t
from fedrank.handlers.qualification.messages import player_name
from fedrank.handlers.qualification.run import QualificationRun
from fedrank.handlers.qualification.state import (
    SYSTEM,
    event_of,
    iso,
    state_from_json,
    window_of,
)
from fedrank.handlers.reply import Reply, bold

USAGE = (
    "/qualify <discipline> <event date YYYY-MM-DD> <quota> <event name> "
    "[presidium=ID,ID] [date=YYYY-MM-DD] [tie=ID,ID]"
)


def _ids(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


async def qualify(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/qualify``: a director creates a qualification window."""
    lang = ctx.language
    try:
        words = shlex.split(args)
    except ValueError:
        words = args.split()
    options = {}
    rest = []
    for word in words:
        key, eq, value = word.partition("=")
        if eq and key.lower() in ("presidium", "date", "tie"):
            options[key.lower()] = value
        else:
            rest.append(word)
    if len(rest) < 4:
        raise UserError(t(lang, "error.usage", usage=USAGE))
    code, event_text, quota_text, name = rest[0], rest[1], rest[2], " ".join(rest[3:])
    try:
        event_date = date.fromisoformat(event_text)
        override = date.fromisoformat(options["date"]) if "date" in options else None
    except ValueError:
        raise UserError(t(lang, "publish.bad_date")) from None
    if not is_number(quota_text) or int(quota_text) < 1:
        raise UserError(t(lang, "qual.bad_quota", quota=quota_text))
    quota = int(quota_text)
    now = services.now()
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        discipline, federation = await director_discipline(repos, ctx, account, code)
        if discipline.system != SYSTEM:
            raise UserError(t(lang, "qual.no_rules", discipline=discipline.name))
        places: dict[str, list[int]] = {"presidium": [], "tie": []}
        for option in ("presidium", "tie"):
            wanted = _ids(options.get(option, ""))
            found = await repos.players.by_federation_ids(federation.id, wanted)
            missing = [w for w in wanted if w.upper() not in found]
            if missing:
                raise UserError(t(lang, "player.not_found", query=", ".join(missing)))
            places[option] = [found[w.upper()].id for w in wanted]
        if len(places["presidium"]) > quota:
            raise UserError(
                t(lang, "qual.too_many_presidium", places=len(places["presidium"]), quota=quota)
            )
        try:
            on = qualification_date(event_date, override)
        except RuleError as exc:
            raise UserError(t(lang, "qual.rule", error=str(exc))) from None
        row = await repos.qualifications.add(
            discipline_id=discipline.id,
            name=name,
            event_date=event_date,
            qualification_date=on,
            quota=quota,
            created_by=account.id,
            now=now,
            data={
                "presidium": places["presidium"],
                "tie_order": places["tie"],
                "override": iso(override),
            },
        )
        await repos.audit.log(
            "qualification.created",
            at=now,
            account_id=account.id,
            federation_id=federation.id,
            subject=f"qualification {row.id}",
            details={
                "discipline": discipline.code,
                "event": name,
                "event_date": event_date.isoformat(),
                "qualification_date": on.isoformat(),
                "quota": quota,
                "presidium": places["presidium"],
            },
        )
        today = services.now().astimezone(ZoneInfo(federation.timezone)).date()
        return Reply.text(
            t(
                lang,
                "qual.created"
                if on > today
                else "figures.qual_created_today"
                if on == today
                else "qual.created_past",
                id=row.id,
                event=name,
                discipline=discipline.name,
                event_date=event_date.isoformat(),
                date=on.isoformat(),
                quota=quota,
                presidium=len(places["presidium"]),
            )
        )


async def _answer(services: Services, ctx: RequestContext, args: str, consent: bool) -> Reply:
    lang = ctx.language
    command = "/qconfirm" if consent else "/qdecline"
    if not is_number(args.strip()):
        raise UserError(t(lang, "error.usage", usage=f"{command} <id>"))
    number = row_id(args)
    if number is None:  # beyond any row's ID
        raise UserError(t(lang, "qual.not_found", id=args.strip()))
    now = services.now()
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        row = await repos.qualifications.get(number, lock=True)
        if row is None or "state" not in row.data:
            raise UserError(t(lang, "qual.not_found", id=args.strip()))
        discipline, federation = await window_of(repos, row, lang)
        # The caller's player in the qualification's federation (one per federation).
        player = await repos.accounts.player_in(account.id, federation.id)
        if player is None:
            raise UserError(t(lang, "rating.unlinked"))
        run = QualificationRun(repos, row, discipline, federation, now)
        q = state_from_json(run.event, row.data["state"])
        step = advance(q, run.today)  # an expiry due before the answer happens first
        await run.transitions(step)
        q = await run.handle(step.qualification, step.notifications)
        try:
            answered = record_answer(q, str(player.id), consent=consent, on=run.today)
        except RuleError:
            await run.save(q)
            slot = q.slot(str(player.id))
            state = slot.status.value if slot is not None else "none"
            return Reply.text(
                t(lang, "qual.cannot_answer", id=row.id, state=t(lang, f"qual.state_{state}")),
                private=True,
            )
        await run.transitions(answered)
        q = await run.handle(answered.qualification, answered.notifications)
        await run.filled(q)
        await run.save(q)
        for slot_row in await repos.qualifications.slots(row.id):
            if slot_row.player_id == player.id:
                slot_row.answered_at = now
        await repos.audit.log(
            "qualification.answer",
            at=now,
            account_id=account.id,
            federation_id=federation.id,
            subject=f"qualification {row.id} player {player.id}",
            details={"consent": consent, "at": now.isoformat()},
        )
        key = "qual.confirmed" if consent else "qual.declined"
        return Reply.text(t(lang, key, event=row.name, id=row.id), private=True)


async def qconfirm(services: Services, ctx: RequestContext, args: str) -> Reply:
    return await _answer(services, ctx, args, consent=True)


async def qdecline(services: Services, ctx: RequestContext, args: str) -> Reply:
    return await _answer(services, ctx, args, consent=False)


async def show(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/qualification <id>``: the list, the reserve and each slot's state, for a director."""
    lang = ctx.language
    if not is_number(args.strip()):
        raise UserError(t(lang, "error.usage", usage="/qualification <id>"))
    number = row_id(args)
    if number is None:  # beyond any row's ID
        raise UserError(t(lang, "qual.not_found", id=args.strip()))
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        row = await repos.qualifications.get(number)
        if row is None:
            raise UserError(t(lang, "qual.not_found", id=args.strip()))
        discipline, federation = await window_of(repos, row, lang)
        await require_role(repos, ctx, account, federation, "director")
        reply = Reply(private=True).line(
            bold(
                t(
                    lang,
                    "qual.show_title",
                    id=row.id,
                    event=row.name,
                    discipline=discipline.name,
                    event_date=row.event_date.isoformat(),
                )
            )
        )
        reply.line(
            t(
                lang,
                "qual.show_dates",
                date=row.qualification_date.isoformat(),
                quota=row.quota,
                presidium=len(row.data.get("presidium", [])),
            )
        )
        if "state" not in row.data:
            if "refused" in row.data:
                reply.line(t(lang, "qual.refused", id=row.id, error=row.data["refused"]))
            reply.line(t(lang, "qual.not_frozen"))
            return reply
        q = state_from_json(event_of(row, discipline), row.data["state"])
        names: dict[str, str] = row.data.get("names", {})

        async def label(player: str) -> str:
            return names.get(player) or await player_name(repos, player)

        reply.line(bold(t(lang, "qual.frozen_list", date=q.on.isoformat())))
        reply.table(
            (t(lang, "ann.col_position"), t(lang, "qual.col_player"), t(lang, "ann.col_rating")),
            [
                (str(c.position), await label(c.player), fmt(half_up(c.rating, 2)))
                for c in q.candidates
            ],
        )
        rows = []
        for s in q.slots:
            rows.append(
                (
                    await label(s.player),
                    t(lang, f"qual.source_{s.basis}"),
                    t(lang, f"qual.state_{s.status.value}"),
                    iso(s.informed_on) or "—",
                    iso(s.consent_by) or "—",
                    iso(s.closed_on) or "—",
                )
            )
        reply.line(bold(t(lang, "qual.slots")))
        reply.table(
            (
                t(lang, "qual.col_player"),
                t(lang, "qual.col_source"),
                t(lang, "qual.col_state"),
                t(lang, "qual.col_informed"),
                t(lang, "qual.col_deadline"),
                t(lang, "qual.col_closed"),
            ),
            rows,
        )
        reserve = [await label(p) for p in q.reserve]
        reply.line(t(lang, "qual.reserve", players=", ".join(reserve) or "—"))
        if q.skipped:
            skipped = ", ".join([await label(s.player) for s in q.skipped])
            reply.line(t(lang, "qual.skipped", players=skipped))
        if q.unfilled:
            reply.line(t(lang, "qual.unfilled", unfilled=q.unfilled))
        return reply
