"""The scheduler's steps of a qualification window: freeze, invite, remind, expire, pass down.

:func:`advance_all` (every scheduler tick) runs :func:`advance_one` for each window whose event
has not passed, each in its own transaction: on the qualification date the list is frozen
(3.1, 3.2: members only) and the slots opened; invitations go out the same day (3.4); a
reminder :data:`REMIND_DAYS` days before the consent deadline (3.5); on expiry the player is
told he is in the reserve and the place passes down with a new invitation (3.6); the directors
get a summary when the quota is filled or the reserve is exhausted. :class:`QualificationRun`
is one such step, also used by the players' answers (:mod:`.commands`).

Every step is in the audit log; every message goes through the outbox with a key that names
the step (``qual:<id>:invite:<player>:<offered on>`` …), so a re-run never sends twice.
"""

from __future__ import annotations

import logging
from datetime import date, datetime, timedelta
from functools import partial
from typing import Any
from zlib import crc32
from zoneinfo import ZoneInfo

from fedrank.engines.kernel import RuleError
from fedrank.engines.mahjong_rmf.qualification import (
    CONSENT_DAYS,
    Notification,
    PlayersRefusedError,
    Qualification,
    Slot,
    SlotStatus,
    Step,
    advance,
    open_qualification,
    record_informed,
)
from fedrank.handlers.notify import Build, Notifier, player_accounts, to_accounts
from fedrank.handlers.qualification import messages
from fedrank.handlers.qualification.places import successor
from fedrank.handlers.qualification.state import (
    event_of,
    iso,
    memberships,
    rating_list_on,
    slot_of,
    state_from_json,
    state_to_json,
    window_of,
)
from fedrank.handlers.site.identity import names_of
from fedrank.handlers.systems import SystemRegistry
from fedrank.handlers.wording.reply import Reply
from fedrank.storage.database import Database
from fedrank.storage.models import Discipline, Federation
from fedrank.storage.models import Qualification as QualificationRow
from fedrank.storage.repos import Repos

log = logging.getLogger(__name__)

#: A reminder goes this many days before the consent deadline.
REMIND_DAYS = 3
#: The outbox kinds of the notices a player gets himself (an undelivered one is shown to the
#: directors).
PLAYER_KINDS = ("invitation", "reminder", "qualification", "recorded")


class QualificationRun:
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
        self.zone = ZoneInfo(federation.timezone)
        self.today = now.astimezone(self.zone).date()
        self.event = event_of(row, discipline)
        self.notices = Notifier(repos, now)
        self.names: dict[str, str] = dict(row.data.get("names", {}))

    async def load_names(self, q: Qualification) -> None:
        for s in q.slots:
            if s.player not in self.names:
                self.names[s.player] = await messages.player_name(self.repos, s.player)

    async def audit(self, action: str, subject: str, **details: Any) -> None:
        await self.repos.audit.log(
            f"qualification.{action}",
            at=self.now,
            federation_id=self.federation.id,
            subject=f"qualification {self.row.id} {subject}".strip(),
            details=details,
        )

    async def tell_directors(self, key: str, build: Build) -> None:
        directors = await messages.directors(self.repos, self.federation.id)
        self.notices.tell(directors, f"qual:{self.row.id}:{key}", build, kind="director")

    async def tell_player(self, player: str, key: str, build: Build, kind: str) -> int:
        """Queue ``build`` for the player's accounts as he chose (``/notify``); how many they
        are (0: the bot cannot reach him)."""
        accounts = await player_accounts(self.repos, int(player))
        self.notices.tell(accounts, f"qual:{self.row.id}:{key}", build, kind=kind)
        return len(accounts)

    async def fpid(self, player: str) -> str:
        """The player's federation ID (what ``/qrecord`` takes)."""
        row = await self.repos.players.get(int(player))
        return row.federation_player_id if row is not None else player

    def round_key(self) -> str:
        """A suffix that keeps a place offered again after a restore from reusing the key of
        the first offer (``:r<n>``; empty before any restore)."""
        restored = int(self.row.data.get("restores", 0))
        return f":r{restored}" if restored else ""

    async def invite(self, q: Qualification, player: str) -> Qualification:
        """Enqueue the invitation (3.4) and start the player's 15 days (3.5) today."""
        slot = slot_of(q, player)
        deadline = self.today + timedelta(days=CONSENT_DAYS)
        name = await messages.player_name(self.repos, player)
        key = f"invite:{player}:{slot.offered_on.isoformat()}{self.round_key()}"
        row, named = self.row, names_of(self.discipline)  # each reader's own language

        def build(language: str) -> Reply:
            return messages.invitation(row, named[language], name, deadline, language)

        reached = await self.tell_player(player, key, build, "invitation")
        if not reached:
            fpid = await self.fpid(player)

            def pass_on(language: str) -> Reply:
                return messages.invitation_to_pass_on(
                    row, named[language], name, fpid, deadline, language
                )

            await self.tell_directors(key, pass_on)
        q = record_informed(q, player, self.today)
        await self.audit(
            "informed",
            f"player {player}",
            deadline=deadline.isoformat(),
            accounts=reached,
            rule="seed 000 section 3.4",
        )
        return q

    async def handle(self, q: Qualification, notes: tuple[Notification, ...]) -> Qualification:
        """Do what the engine says is due: invite, tell of the reserve, summarise."""
        for note in notes:
            if note.kind == "inform" and note.player is not None:
                q = await self.invite(q, note.player)
            elif note.kind == "moved_to_reserve" and note.player is not None:
                slot = q.slot(note.player)
                closed = slot.closed_on if slot is not None else self.today
                key = f"expired:{note.player}:{closed}"
                build = partial(messages.moved_to_reserve, self.row)
                await self.tell_player(note.player, key, build, "qualification")
                after = successor(q, note.player)
                name = await messages.player_name(self.repos, note.player)
                deadline = (slot.consent_by if slot is not None else None) or closed or self.today
                next_name = (
                    await messages.player_name(self.repos, after.player)
                    if after is not None
                    else None
                )
                told = partial(messages.expired_for_directors, self.row, name, deadline, next_name)
                await self.tell_directors(key, told)
            elif note.kind == "quota_unfilled":
                unfilled = q.unfilled
                await self.load_names(q)
                await self.audit("reserve_exhausted", "", unfilled=unfilled)
                await self.tell_directors(
                    f"exhausted:{unfilled}",
                    partial(self._summary, q, exhausted=True),
                )
        return q

    def _summary(self, q: Qualification, language: str, *, exhausted: bool) -> Reply:
        return messages.summary(self.row, q, self.names, language, exhausted=exhausted)

    async def transitions(self, step: Step) -> None:
        for tr in step.transitions:
            await self.audit(
                tr.after.value,
                f"player {tr.player}",
                before=tr.before.value if tr.before else None,
                on=tr.on.isoformat(),
                rule=tr.rule,
            )

    def _remind_today(self, slot: Slot) -> date | None:
        """The consent deadline when the player is to be reminded today, else None."""
        if slot.status is not SlotStatus.INVITED or slot.consent_by is None:
            return None
        deadline = slot.consent_by
        if deadline - timedelta(days=REMIND_DAYS) <= self.today <= deadline:
            return deadline
        return None

    async def reminders(self, q: Qualification) -> None:
        for slot in q.slots:
            deadline = self._remind_today(slot)
            if deadline is None:
                continue
            accounts = await player_accounts(self.repos, int(slot.player))
            step = f"remind:{slot.player}:{slot.informed_on}"
            key = f"qual:{self.row.id}:{step}"
            kind, to = "reminder", "player"
            if accounts:
                build = partial(messages.reminder, self.row, deadline)
            else:  # no linked account: the directors remind him (seed 000 3.5)
                name = await messages.player_name(self.repos, slot.player)
                fpid = await self.fpid(slot.player)
                build = partial(messages.reminder_to_pass_on, self.row, name, fpid, deadline)
                accounts = await messages.directors(self.repos, self.federation.id)
                kind, to = "director", "directors"
            added = to_accounts(accounts, key, build, kind=kind)
            if added and step not in self.row.data.get("reminded", []):
                self.row.data = {
                    **self.row.data,
                    "reminded": [*self.row.data.get("reminded", []), step],
                }
                await self.audit("reminded", f"player {slot.player}", deadline=str(deadline), to=to)
            self.notices.add(added)

    async def undelivered(self) -> None:
        """Tell the directors of each qualification notice to a player that the outbox could
        not deliver (blocked bot, chat gone), once per undelivered row, with the buttons to
        record the player's answer themselves."""
        prefix = f"qual:{self.row.id}:"
        rows = await self.repos.outbox.by_prefix(prefix)
        told = set(self.row.data.get("undelivered", []))
        for r in rows:
            parts = r.dedup_key.split(":")
            if (
                r.state not in ("failed", "blocked")
                or r.payload.get("kind") not in PLAYER_KINDS
                or r.id in told
                or len(parts) < 4
                or not parts[3].isdigit()
            ):
                continue
            player = parts[3]
            name = await messages.player_name(self.repos, player)
            fpid = await self.fpid(player)
            build = partial(messages.undelivered, self.row, name, fpid, r.platform, r.error or "")
            await self.tell_directors(f"lost:{r.id}", build)
            self.row.data = {**self.row.data, "undelivered": [*sorted(told), r.id]}
            told.add(r.id)
            await self.audit(
                "undelivered",
                f"player {player}",
                outbox=r.id,
                platform=r.platform,
                state=r.state,
                error=r.error,
            )

    async def filled(self, q: Qualification) -> None:
        confirmed = [s for s in q.holders if s.status is SlotStatus.CONFIRMED]
        if len(confirmed) == q.event.quota and "filled" not in self.row.data:
            await self.load_names(q)
            self.row.data = {**self.row.data, "filled": self.now.isoformat()}
            await self.audit("quota_filled", "", players=[s.player for s in confirmed])
            await self.tell_directors("filled", partial(self._summary, q, exhausted=False))

    async def save(self, q: Qualification) -> None:
        """Store the state, project it onto one slot row per player asked, and enqueue the
        step's messages."""
        await self.load_names(q)
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
                    "informed_on": iso(s.informed_on),
                    "closed_on": iso(s.closed_on),
                    "replaces": s.replaces,
                },
            )
        self.row.data = {**self.row.data, "state": state_to_json(q), "names": self.names}
        await self.notices.flush()


async def _freeze(run: QualificationRun, systems: SystemRegistry) -> Qualification | None:
    """Open the window on the list of the qualification date; None when the rules refuse (the
    directors are told once, and the row keeps the refusal)."""
    repos, row = run.repos, run.row
    try:
        ratings = await rating_list_on(repos, systems, run.discipline, row.qualification_date)
        q = open_qualification(run.event, ratings, await memberships(repos, run.federation.id))
    except RuleError as exc:
        said = str(exc)
        if isinstance(exc, PlayersRefusedError):  # named as directors know them, not by row id
            said = exc.naming({p: await messages.player_name(repos, p) for p in exc.players})
        if row.data.get("refused") != said:
            row.data = {**row.data, "refused": said}
            await run.audit("refused", "", error=said, rule=exc.rule)
            await run.tell_directors(
                f"refused:{crc32(said.encode())}",
                partial(messages.refused, row.id, said),
            )
            await run.notices.flush()
        return None
    row.frozen_at = run.now
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
    return q


async def advance_one(
    repos: Repos, systems: SystemRegistry, row: QualificationRow, now: datetime
) -> None:
    """Everything due for one qualification by ``now``, in the caller's transaction."""
    discipline, federation = await window_of(repos, row)
    run = QualificationRun(repos, row, discipline, federation, now)
    if run.today > row.event_date:
        return
    if "state" not in row.data:
        if run.today < row.qualification_date:
            return
        frozen = await _freeze(run, systems)
        if frozen is None:
            return
        q = frozen
    else:
        q = state_from_json(run.event, row.data["state"])
    step = advance(q, run.today)
    await run.transitions(step)
    q = await run.handle(step.qualification, step.notifications)
    await run.reminders(q)
    await run.filled(q)
    await run.undelivered()
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
