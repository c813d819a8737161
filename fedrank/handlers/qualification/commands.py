"""``/qualify``: a director creates a qualification window.

Discipline, event date, quota, the Presidium's places (3.7, ``presidium=ID,ID``), optionally
the Presidium's qualification date (3.3, ``date=``) and its order of tied players (``tie=``).

A window whose qualification date has already passed (3.3), and so perhaps its 7-day limit to
inform the players too (3.4), is not created silently: the reply says so and offers the two
ways the rules allow, nothing being written until the director picks one:

- inform now (``inform=now``): the list of the qualification date is frozen and the players
  invited at once, their 15 days (3.5) counted from today;
- set another date (``date=YYYY-MM-DD``), the Presidium's decision (3.3 "unless the Presidium
  decides").
"""

from __future__ import annotations

import shlex
from datetime import date, timedelta
from zoneinfo import ZoneInfo

from fedrank.engines.kernel import RuleError
from fedrank.engines.mahjong_rmf.qualification import (
    CONSENT_DAYS,
    INFORM_DAYS,
    qualification_date,
)
from fedrank.handlers.access import caller, director_discipline
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.qualification.run import advance_one
from fedrank.handlers.qualification.state import SYSTEM, iso
from fedrank.handlers.site.identity import discipline_name
from fedrank.handlers.wording.common import is_number
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Reply, bold

USAGE = (
    "/qualify <discipline> <event date YYYY-MM-DD> <quota> <event name> "
    "[presidium=ID,ID] [date=YYYY-MM-DD] [tie=ID,ID] [inform=now]"
)
OPTIONS = ("presidium", "date", "tie", "inform")


def _ids(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def _late(lang: str, args: str, on: date, today: date) -> Reply:
    """The window's date has passed: say so, and offer the two choices (nothing written)."""
    limit = on + timedelta(days=INFORM_DAYS)
    key = "qual.late_limit_passed" if today > limit else "qual.late_within_limit"
    reply = Reply(private=True).line(bold(t(lang, "qual.late_title", date=on.isoformat())))
    reply.line(t(lang, key, date=on.isoformat(), limit=limit.isoformat(), days=(today - on).days))
    deadline = today + timedelta(days=CONSENT_DAYS)
    base = " ".join(w for w in args.split() if not w.lower().startswith("inform="))
    reply.line(t(lang, "qual.late_choice_now", deadline=deadline.isoformat()))
    reply.line(t(lang, "qual.late_choice_date", command=f"/qualify {base} date=YYYY-MM-DD"))
    reply.button(t(lang, "qual.button_inform_now"), f"/qualify {base} inform=now")
    return reply


async def qualify(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/qualify``: a director creates a qualification window (see the module's doc)."""
    lang = ctx.language
    try:
        words = shlex.split(args)
    except ValueError:
        words = args.split()
    options = {}
    rest = []
    for word in words:
        key, eq, value = word.partition("=")
        if eq and key.lower() in OPTIONS:
            options[key.lower()] = value
        else:
            rest.append(word)
    if len(rest) < 4 or options.get("inform", "now").lower() != "now":
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
            raise UserError(t(lang, "qual.no_rules", discipline=discipline_name(discipline, lang)))
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
        today = now.astimezone(ZoneInfo(federation.timezone)).date()
        inform_now = "inform" in options
        if on < today and not inform_now:
            return _late(lang, args, on, today)
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
                **({"late": today.isoformat()} if on < today else {}),
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
                "late": on < today,
                "inform_now": inform_now,
            },
        )
        fields = {
            "id": row.id,
            "event": name,
            "discipline": discipline_name(discipline, lang),
            "event_date": event_date.isoformat(),
            "date": on.isoformat(),
            "quota": quota,
            "presidium": len(places["presidium"]),
        }
        if on > today:
            return Reply.text(t(lang, "qual.created", **fields))
        # Today or (chosen) late: frozen and invited now, in this transaction.
        await advance_one(repos, services.systems, row, now)
        if "refused" in row.data:  # one answer: created, not frozen, and why (issue 33)
            reply = Reply.text(t(lang, "qual.created_refused", **fields))
            reply.line(t(lang, "qual.refused", id=row.id, error=row.data["refused"]))
            return reply.line(t(lang, "qual.refused_retry"))
        slots = await repos.qualifications.slots(row.id)
        invited = [s for s in slots if s.state == "invited"]
        reply = Reply.text(t(lang, "qual.created_now", **fields))
        deadline = today + timedelta(days=CONSENT_DAYS)
        return reply.line(
            t(lang, "qual.invited_now", count=len(invited), deadline=deadline.isoformat())
        )
