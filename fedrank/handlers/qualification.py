"""Qualification windows for international events (RMF seed 000 section 3), stored and run.

The rules are the engine's (:mod:`fedrank.engines.mahjong_rmf.qualification`): who is in the
quota, who is informed by when, who consents within 15 days, where a refused or expired place
goes. This module stores its state and does what it says is due:

- ``/qualify`` (a director) creates a window: discipline, event date, quota, the Presidium's
  places, optionally the Presidium's qualification date (3.3) and its order of tied players.
- :func:`advance_all` (the scheduler, every tick) freezes the list on the qualification date
  (3.1, 3.2: members only), opens the slots, and enqueues the invitations at once (3.4: within
  7 days) with Confirm / Decline buttons and the 15-day deadline (3.5); a reminder
  :data:`REMIND_DAYS` days before it; on expiry the player is told he is in the reserve and the
  place passes down with a new invitation (3.6); the directors get a summary when the quota is
  filled or the reserve is exhausted.
- ``/qconfirm <id>``, ``/qdecline <id>`` (the buttons' actions) record the player's answer with
  its time; a refusal passes the place down at once.
- ``/qualification <id>`` shows a director the frozen list, the reserve and every slot.

Every step is written to the audit log. All messages go through the outbox with keys that name
the step (``qual:<id>:invite:<player>:<offered on>`` …), so a re-run never sends twice.

Decisions (tested in ``tests/handlers/test_qualification.py``):

- A player is *informed* on the day his invitation is enqueued (the outbox delivers it within
  minutes); his 15 days run from that day. A player with no linked account cannot be reached by
  the bot: the directors get the invitation to pass on, and the same day counts.
- Dates are days in the federation's time zone; answers are recorded with their time, and the
  consent deadline is inclusive (an answer on the 15th day counts).
- The list is frozen from the ledger as it stands when the scheduler first runs on or after the
  qualification date, computed for that date; a tie the Presidium did not order (engine
  RuleError 3.1) stops the freeze, the directors are told once, and ``/qualify`` with
  ``tie=`` on a new window is the way out.
"""

from __future__ import annotations

import logging
import shlex
from collections.abc import Callable
from datetime import date, datetime, timedelta
from decimal import Decimal
from functools import partial
from typing import Any
from zoneinfo import ZoneInfo

from fedrank.engines import mahjong_rmf as rmf
from fedrank.engines.kernel import RuleError, half_up
from fedrank.engines.mahjong_rmf.qualification import (
    CONSENT_DAYS,
    Candidate,
    Notification,
    Qualification,
    QualificationEvent,
    Skipped,
    Slot,
    SlotStatus,
    Step,
    advance,
    open_qualification,
    qualification_date,
    record_answer,
    record_informed,
)
from fedrank.handlers.common import caller, fmt, player_label, require_role
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.i18n import t
from fedrank.handlers.reply import Reply, bold
from fedrank.handlers.systems import SystemRegistry
from fedrank.scheduler.outbox import new_message
from fedrank.storage.database import Database
from fedrank.storage.models import Account, Discipline, Federation
from fedrank.storage.models import Qualification as QualificationRow
from fedrank.storage.records import NewMessage
from fedrank.storage.repositories import Repos

log = logging.getLogger(__name__)

SYSTEM = "mahjong_rmf"
#: A reminder goes this many days before the consent deadline.
REMIND_DAYS = 3
USAGE = (
    "/qualify <discipline> <event date YYYY-MM-DD> <quota> <event name> "
    "[presidium=ID,ID] [date=YYYY-MM-DD] [tie=ID,ID]"
)


# --- the engine's state as JSON ---------------------------------------------------------------


def _d(value: date | None) -> str | None:
    return value.isoformat() if value is not None else None


def _date(value: str | None) -> date | None:
    return date.fromisoformat(value) if value else None


def state_to_json(q: Qualification) -> dict[str, Any]:
    return {
        "on": q.on.isoformat(),
        "unfilled": q.unfilled,
        "candidates": [[c.player, c.position, str(c.rating)] for c in q.candidates],
        "skipped": [[s.player, s.position, s.reason, s.rule] for s in q.skipped],
        "slots": [
            {
                "player": s.player,
                "basis": s.basis,
                "status": s.status.value,
                "offered_on": s.offered_on.isoformat(),
                "inform_by": s.inform_by.isoformat(),
                "informed_on": _d(s.informed_on),
                "consent_by": _d(s.consent_by),
                "closed_on": _d(s.closed_on),
                "replaces": s.replaces,
            }
            for s in q.slots
        ],
    }


def state_from_json(event: QualificationEvent, data: dict[str, Any]) -> Qualification:
    slots = []
    for s in data["slots"]:
        offered, inform_by = _date(s["offered_on"]), _date(s["inform_by"])
        assert offered is not None and inform_by is not None
        slots.append(
            Slot(
                s["player"],
                s["basis"],
                SlotStatus(s["status"]),
                offered,
                inform_by,
                _date(s["informed_on"]),
                _date(s["consent_by"]),
                _date(s["closed_on"]),
                s["replaces"],
            )
        )
    return Qualification(
        event,
        date.fromisoformat(data["on"]),
        tuple(Candidate(p, pos, Decimal(r)) for p, pos, r in data["candidates"]),
        tuple(Skipped(p, pos, reason, rule) for p, pos, reason, rule in data["skipped"]),
        tuple(slots),
        int(data["unfilled"]),
    )


def event_of(row: QualificationRow, discipline: Discipline) -> QualificationEvent:
    from fedrank.handlers.systems.mahjong_rmf import engine_discipline

    data = row.data
    return QualificationEvent(
        id=str(row.id),
        discipline=engine_discipline(discipline),
        starts=row.event_date,
        quota=row.quota,
        presidium_places=tuple(str(p) for p in data.get("presidium", [])),
        qualification_date=_date(data.get("override")),
        tie_order=tuple(str(p) for p in data.get("tie_order", [])),
        name=row.name,
    )


# --- the list on the qualification date -------------------------------------------------------


async def rating_list_on(
    repos: Repos, systems: SystemRegistry, discipline: Discipline, on: date
) -> rmf.RatingList:
    """The discipline's list on ``on`` as its system's qualification rules freeze it."""
    return await systems.adapter(discipline.system).qualification_list(repos, discipline, on)


async def _memberships(repos: Repos, federation_id: int) -> list[rmf.Membership]:
    return [
        rmf.Membership(str(m.player_id), m.starts_on, m.ends_on)
        for m in await repos.qualifications.memberships(federation_id)
    ]


# --- messages ---------------------------------------------------------------------------------


async def _player_name(repos: Repos, player: str) -> str:
    row = await repos.players.get(int(player))
    return player_label(row) if row is not None else player


async def _directors(repos: Repos, federation_id: int) -> list[Account]:
    return list(await repos.qualifications.directors(federation_id))


Build = Callable[[str], Reply]


def _to_accounts(
    accounts: list[Account], key: str, build: Build, kind: str, *, language: str | None = None
) -> list[NewMessage]:
    out = []
    for account in accounts:
        lang = language or account.language or "en"
        out.append(
            new_message(
                f"{key}:{account.platform}:{account.platform_user_id}",
                account.platform,
                account.platform_user_id,
                build(lang),
                language=lang,
                kind=kind,
                direct=True,
            )
        )
    return out


class _Run:
    """One qualification's step: the row, its event, and the messages and audit it produces."""

    def __init__(
        self,
        repos: Repos,
        row: QualificationRow,
        discipline: Discipline,
        federation: Federation,
        now: datetime,
    ) -> None:
        self.repos = repos
        self.row = row
        self.discipline = discipline
        self.federation = federation
        self.now = now
        self.today = now.astimezone(ZoneInfo(federation.timezone)).date()
        self.event = event_of(row, discipline)
        self.messages: list[NewMessage] = []
        self.names: dict[str, str] = dict(row.data.get("names", {}))

    async def load_names(self, q: Qualification) -> None:
        for s in q.slots:
            if s.player not in self.names:
                self.names[s.player] = await _player_name(self.repos, s.player)

    async def audit(self, action: str, subject: str, **details: Any) -> None:
        await self.repos.audit.log(
            f"qualification.{action}",
            at=self.now,
            federation_id=self.federation.id,
            subject=f"qualification {self.row.id} {subject}".strip(),
            details=details,
        )

    async def tell_directors(self, key: str, build: Build) -> None:
        directors = await _directors(self.repos, self.federation.id)
        self.messages += _to_accounts(directors, f"qual:{self.row.id}:{key}", build, "director")

    async def invite(self, q: Qualification, player: str) -> Qualification:
        """Enqueue the invitation (3.4) and start the player's 15 days (3.5) today."""
        slot = q.slot(player)
        assert slot is not None
        deadline = self.today + timedelta(days=CONSENT_DAYS)
        name = await _player_name(self.repos, player)
        accounts = list(await self.repos.accounts.for_player(int(player)))
        row = self.row

        def build(language: str) -> Reply:
            reply = Reply(private=True).line(
                bold(t(language, "qual.invite_title", event=row.name, date=row.event_date))
            )
            reply.line(
                t(
                    language,
                    "qual.invite_text",
                    player=name,
                    discipline=self.discipline.name,
                    deadline=deadline.isoformat(),
                    id=row.id,
                )
            )
            reply.button(t(language, "qual.button_confirm"), f"/qconfirm {row.id}")
            reply.button(t(language, "qual.button_decline"), f"/qdecline {row.id}")
            return reply

        key = f"qual:{row.id}:invite:{player}:{slot.offered_on.isoformat()}"
        if accounts:
            self.messages += _to_accounts(accounts, key, build, "invitation")
        else:

            def for_director(language: str) -> Reply:
                return build(language).line(t(language, "qual.no_account", player=name))

            await self.tell_directors(
                f"invite:{player}:{slot.offered_on.isoformat()}", for_director
            )
        q = record_informed(q, player, self.today)
        await self.audit(
            "informed",
            f"player {player}",
            deadline=deadline.isoformat(),
            accounts=len(accounts),
            rule="seed 000 section 3.4",
        )
        return q

    async def notify(self, q: Qualification, notes: tuple[Notification, ...]) -> Qualification:
        for note in notes:
            if note.kind == "inform" and note.player is not None:
                q = await self.invite(q, note.player)
            elif note.kind == "moved_to_reserve" and note.player is not None:
                accounts = list(await self.repos.accounts.for_player(int(note.player)))
                row = self.row

                def build(language: str, _row: QualificationRow = row) -> Reply:
                    return Reply.text(
                        t(language, "qual.expired", event=_row.name, id=_row.id), private=True
                    )

                slot = q.slot(note.player)
                closed = slot.closed_on if slot is not None else self.today
                key = f"qual:{row.id}:expired:{note.player}:{closed}"
                self.messages += _to_accounts(accounts, key, build, "qualification")
            elif note.kind == "quota_unfilled":
                unfilled = q.unfilled
                await self.load_names(q)
                await self.audit("reserve_exhausted", "", unfilled=unfilled)
                await self.tell_directors(
                    f"exhausted:{unfilled}", partial(self.summary, q, exhausted=True)
                )
        return q

    async def transitions(self, step: Step) -> None:
        for tr in step.transitions:
            await self.audit(
                tr.after.value,
                f"player {tr.player}",
                before=tr.before.value if tr.before else None,
                on=tr.on.isoformat(),
                rule=tr.rule,
            )

    async def reminders(self, q: Qualification) -> None:
        for slot in q.slots:
            if (
                slot.status is not SlotStatus.INVITED
                or slot.consent_by is None
                or not slot.consent_by - timedelta(days=REMIND_DAYS) <= self.today
                or self.today > slot.consent_by
            ):
                continue
            accounts = list(await self.repos.accounts.for_player(int(slot.player)))
            row, deadline = self.row, slot.consent_by
            build = partial(self.reminder, deadline)
            key = f"qual:{row.id}:remind:{slot.player}:{slot.informed_on}"
            added = _to_accounts(accounts, key, build, "reminder")
            if added and f"remind:{slot.player}:{slot.informed_on}" not in self.row.data.get(
                "reminded", []
            ):
                self.row.data = {
                    **self.row.data,
                    "reminded": [
                        *self.row.data.get("reminded", []),
                        f"remind:{slot.player}:{slot.informed_on}",
                    ],
                }
                await self.audit("reminded", f"player {slot.player}", deadline=str(deadline))
            self.messages += added

    def reminder(self, deadline: date, language: str) -> Reply:
        row = self.row
        reply = Reply.text(
            t(language, "qual.reminder", event=row.name, deadline=deadline.isoformat(), id=row.id),
            private=True,
        )
        reply.button(t(language, "qual.button_confirm"), f"/qconfirm {row.id}")
        reply.button(t(language, "qual.button_decline"), f"/qdecline {row.id}")
        return reply

    async def filled(self, q: Qualification) -> None:
        confirmed = [s for s in q.holders if s.status is SlotStatus.CONFIRMED]
        if len(confirmed) == q.event.quota and "filled" not in self.row.data:
            await self.load_names(q)
            self.row.data = {**self.row.data, "filled": self.now.isoformat()}
            await self.audit("quota_filled", "", players=[s.player for s in confirmed])
            await self.tell_directors("filled", partial(self.summary, q, exhausted=False))

    def summary(self, q: Qualification, language: str, *, exhausted: bool) -> Reply:
        key = "qual.summary_exhausted" if exhausted else "qual.summary_filled"
        reply = Reply(private=True).line(
            bold(t(language, key, event=self.row.name, id=self.row.id, unfilled=q.unfilled))
        )
        names = self.names
        reply.table(
            (t(language, "qual.col_player"), t(language, "qual.col_state")),
            [
                (names.get(s.player, s.player), t(language, f"qual.state_{s.status.value}"))
                for s in q.holders
            ],
        )
        return reply

    async def save(self, q: Qualification) -> None:
        """Store the state and project it onto one slot row per player asked."""
        await self.load_names(q)
        names = self.names
        latest: dict[str, Slot] = {}
        for s in q.slots:
            latest[s.player] = s
        positions = {c.player: c.position for c in q.candidates}
        for player, s in latest.items():
            await self.repos.qualifications.put_slot(
                self.row.id,
                int(player),
                position=positions.get(player, 0),
                source=s.basis,
                state="reserve" if s.status is SlotStatus.RESERVE else s.status.value,
                informed_at=self.now if s.informed_on == self.today else None,
                deadline=s.consent_by,
                answered_at=None,
                data={
                    "offered_on": s.offered_on.isoformat(),
                    "inform_by": s.inform_by.isoformat(),
                    "informed_on": _d(s.informed_on),
                    "closed_on": _d(s.closed_on),
                    "replaces": s.replaces,
                },
            )
        self.row.data = {**self.row.data, "state": state_to_json(q), "names": names}
        await self.repos.outbox.enqueue(self.messages, self.now)
        self.messages = []


def _refused(qualification_id: int, error: str, language: str) -> Reply:
    return Reply.text(t(language, "qual.refused", id=qualification_id, error=error), private=True)


async def _context(repos: Repos, row: QualificationRow) -> tuple[Discipline, Federation]:
    discipline = await repos.federations.discipline(row.discipline_id)
    assert discipline is not None
    federation = await repos.federations.get(discipline.federation_id)
    assert federation is not None
    return discipline, federation


async def advance_one(
    repos: Repos, systems: SystemRegistry, row: QualificationRow, now: datetime
) -> None:
    """Everything due for one qualification by ``now``, in the caller's transaction."""
    discipline, federation = await _context(repos, row)
    run = _Run(repos, row, discipline, federation, now)
    if run.today > row.event_date:
        return
    if "state" not in row.data:
        if run.today < row.qualification_date:
            return
        try:
            ratings = await rating_list_on(repos, systems, discipline, row.qualification_date)
            q = open_qualification(run.event, ratings, await _memberships(repos, federation.id))
        except RuleError as exc:
            if "refused" not in row.data:
                row.data = {**row.data, "refused": str(exc)}
                await run.audit("refused", "", error=str(exc), rule=exc.rule)
                await run.tell_directors("refused", partial(_refused, row.id, str(exc)))
                await repos.outbox.enqueue(run.messages, now)
            return
        row.frozen_at = now
        row.data = {
            **{k: v for k, v in row.data.items() if k != "refused"},
            "list": [[r.player, r.position, str(r.rating)] for r in ratings.rows],
        }
        await run.audit(
            "frozen",
            "",
            on=q.on.isoformat(),
            quota=row.quota,
            invited=[s.player for s in q.slots],
            skipped=[s.player for s in q.skipped],
            rule="seed 000 sections 3.1-3.3, 3.7",
        )
        step = advance(q, run.today)
    else:
        q = state_from_json(run.event, row.data["state"])
        step = advance(q, run.today)
    await run.transitions(step)
    q = await run.notify(step.qualification, step.notifications)
    await run.reminders(q)
    await run.filled(q)
    await run.save(q)


async def advance_all(db: Database, now: datetime, *, systems: SystemRegistry) -> int:
    """The scheduler's job: advance every qualification whose event has not passed."""
    async with db.read() as repos:
        # A day of margin: the federation's date may still be yesterday's in UTC terms.
        ids = [r.id for r in await repos.qualifications.open_ones(now.date() - timedelta(days=1))]
    for qid in ids:
        try:
            async with db.transaction() as repos:
                row = await repos.qualifications.get(qid, lock=True)
                if row is not None:
                    await advance_one(repos, systems, row, now)
        except Exception:
            log.exception("qualification %s could not be advanced; retrying next tick", qid)
    return len(ids)


# --- commands ---------------------------------------------------------------------------------


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
    if not quota_text.isdigit() or int(quota_text) < 1:
        raise UserError(t(lang, "qual.bad_quota", quota=quota_text))
    quota = int(quota_text)
    now = services.now()
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        discipline = await repos.federations.discipline_by_code(code)
        if discipline is None:
            known = ", ".join(d.code for d in await repos.federations.disciplines())
            raise UserError(t(lang, "top.unknown_discipline", query=code, known=known))
        federation = await repos.federations.get(discipline.federation_id)
        assert federation is not None
        await require_role(repos, ctx, account, federation, "director")
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
                "override": _d(override),
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
                "qual.created" if on > today else "qual.created_past",
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
    if not args.strip().isdigit():
        raise UserError(t(lang, "error.usage", usage=f"{command} <id>"))
    now = services.now()
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        row = await repos.qualifications.get(int(args), lock=True)
        if row is None or "state" not in row.data:
            raise UserError(t(lang, "qual.not_found", id=args.strip()))
        if account.player_id is None:
            raise UserError(t(lang, "rating.unlinked"))
        discipline, federation = await _context(repos, row)
        run = _Run(repos, row, discipline, federation, now)
        q = state_from_json(run.event, row.data["state"])
        step = advance(q, run.today)  # an expiry due before the answer happens first
        await run.transitions(step)
        q = await run.notify(step.qualification, step.notifications)
        try:
            answered = record_answer(q, str(account.player_id), consent=consent, on=run.today)
        except RuleError:
            await run.save(q)
            slot = q.slot(str(account.player_id))
            state = slot.status.value if slot is not None else "none"
            return Reply.text(
                t(lang, "qual.cannot_answer", id=row.id, state=t(lang, f"qual.state_{state}")),
                private=True,
            )
        await run.transitions(answered)
        q = await run.notify(answered.qualification, answered.notifications)
        await run.filled(q)
        await run.save(q)
        slot_row = next(
            s for s in await repos.qualifications.slots(row.id) if s.player_id == account.player_id
        )
        slot_row.answered_at = now
        await repos.audit.log(
            "qualification.answer",
            at=now,
            account_id=account.id,
            federation_id=federation.id,
            subject=f"qualification {row.id} player {account.player_id}",
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
    if not args.strip().isdigit():
        raise UserError(t(lang, "error.usage", usage="/qualification <id>"))
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        row = await repos.qualifications.get(int(args))
        if row is None:
            raise UserError(t(lang, "qual.not_found", id=args.strip()))
        discipline, federation = await _context(repos, row)
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
            return names.get(player) or await _player_name(repos, player)

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
                    _d(s.informed_on) or "—",
                    _d(s.consent_by) or "—",
                    _d(s.closed_on) or "—",
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
