"""Answers to an invitation: the player's own (``/qconfirm``, ``/qdecline``), one a director
records for him (``/qrecord``), and a director undoing a refusal made by mistake (``/qrestore``).

- Declining a place already confirmed asks a second time, naming who gets the place
  (``/qdecline <id> yes`` is the confirmation); declining a place not yet confirmed is final
  at once, as the invitation says.
- ``/qrecord`` is for players without a linked account (or who answered by phone): the
  director's account and note are in the audit log, and the player, if the bot reaches him, is
  told what was recorded.
- ``/qrestore`` gives a declined place back while the player who got it has not answered
  (:mod:`.places`); his offer is withdrawn and he is told so.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time
from functools import partial

from fedrank.engines.kernel import RuleError
from fedrank.engines.mahjong_rmf.qualification import Qualification, SlotStatus, advance
from fedrank.engines.mahjong_rmf.qualification import record_answer as engine_answer
from fedrank.handlers.access import caller, require_role
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.qualification import messages
from fedrank.handlers.qualification.places import CannotRestoreError, next_if_declined, restore
from fedrank.handlers.qualification.run import QualificationRun
from fedrank.handlers.qualification.state import iso, state_from_json, window_of
from fedrank.handlers.wording.common import is_number, player_label, row_id
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Reply
from fedrank.storage.models import Account, Player
from fedrank.storage.repos import Repos

YES = ("yes", "y", "да", "так", "是")
#: An answer's date as typed; a note may follow it in /qrecord.
DATE = re.compile(r"\d{4}-\d{1,2}-\d{1,2}")
#: The time an answer given on an earlier day is stored with (that day in the federation's
#: time zone; only the day counts for the rules).
NOON = time(12)


def answer_date(lang: str, word: str) -> date | None:
    """An answer's date as typed (``YYYY-MM-DD``); None when ``word`` is not shaped as one."""
    if not DATE.fullmatch(word):
        return None
    try:
        return date.fromisoformat(word)
    except ValueError:
        raise UserError(t(lang, "publish.bad_date")) from None


async def open_window(
    services: Services,
    repos: Repos,
    ctx: RequestContext,
    text: str,
    on: date | None = None,
) -> tuple[QualificationRun, Qualification]:
    """The window ``text`` names, locked, with everything due before the answer's day ``on``
    (today when None) done first (an expiry comes before a late answer); refused with what
    the window's state is, or when ``on`` is in the future."""
    lang = ctx.language
    number = row_id(text) if is_number(text) else None
    row = await repos.qualifications.get(number, lock=True) if number is not None else None
    if row is None:
        raise UserError(t(lang, "qual.no_such", id=text))
    discipline, federation = await window_of(repos, row, lang)
    run = QualificationRun(repos, row, discipline, federation, services.now())
    if "state" not in row.data:
        raise UserError(
            t(lang, "qual.not_open", id=row.id, event=row.name, date=iso(row.qualification_date))
        )
    if run.today > row.event_date:
        raise UserError(t(lang, "qual.closed", id=row.id, event=row.name))
    if on is not None and on > run.today:
        raise UserError(t(lang, "qual.answer_future", date=on.isoformat(), today=run.today))
    q = state_from_json(run.event, row.data["state"])
    step = advance(q, on or run.today)
    await run.transitions(step)
    return run, await run.handle(step.qualification, step.notifications)


def _state(q: Qualification, player: str, lang: str) -> str:
    slot = q.slot(player)
    return t(lang, f"qual.state_{slot.status.value if slot is not None else 'none'}")


async def _record(
    run: QualificationRun,
    q: Qualification,
    player: Player,
    *,
    consent: bool,
    account: Account,
    note: str = "",
    director: bool = False,
    on: date | None = None,
    lang: str = "en",
) -> Qualification:
    """The answer written on its day ``on`` (today when None; never before the invitation):
    the engine's step, then what fell due since, the slot's time, the audit with who recorded
    it and when."""
    pid = str(player.id)
    before = q.slot(pid)
    day = on or run.today
    invited = (before.informed_on or before.offered_on) if before is not None else None
    if invited is not None and day < invited:
        raise UserError(
            t(
                lang,
                "qual.answer_before",
                player=player_label(player),
                date=day.isoformat(),
                invited=invited.isoformat(),
            )
        )
    answered = engine_answer(q, pid, consent=consent, on=day)
    await run.transitions(answered)
    if not consent and before is not None:
        declines = dict(run.row.data.get("declines", {}))
        declines[pid] = {"status": before.status.value, "closed_on": iso(before.closed_on)}
        # A refused place is no longer filled, whatever the quota was.
        kept = {k: v for k, v in run.row.data.items() if k != "filled"}
        run.row.data = {**kept, "declines": declines}
    q = await run.handle(answered.qualification, answered.notifications)
    if day < run.today:  # an answer given earlier: what fell due since then happens now
        since = advance(q, run.today)
        await run.transitions(since)
        q = await run.handle(since.qualification, since.notifications)
    await run.filled(q)
    await run.save(q)
    given = run.now if day == run.today else datetime.combine(day, NOON, run.zone)
    for slot_row in await run.repos.qualifications.slots(run.row.id):
        if slot_row.player_id == player.id:
            slot_row.answered_at = given
    details: dict[str, object] = {
        "consent": consent,
        "at": run.now.isoformat(),
        "answered_on": day.isoformat(),
    }
    if director:
        details |= {"recorded_by": account.id, "note": note, "by_director": True}
    await run.repos.audit.log(
        "qualification.answer",
        at=run.now,
        account_id=account.id,
        federation_id=run.federation.id,
        subject=f"qualification {run.row.id} player {player.id}",
        details=details,
    )
    return q


async def _answer(services: Services, ctx: RequestContext, args: str, consent: bool) -> Reply:
    lang = ctx.language
    command = "/qconfirm" if consent else "/qdecline"
    words = args.split()
    on = answer_date(lang, words[-1]) if len(words) > 1 else None
    if on is not None:
        words.pop()
    sure = len(words) == 2 and words[1].lower() in YES
    if not words or not is_number(words[0]) or (len(words) == 2 and not sure) or len(words) > 2:
        usage = f"{command} <id> [YYYY-MM-DD]" if consent else f"{command} <id> [yes] [YYYY-MM-DD]"
        raise UserError(t(lang, "error.usage", usage=usage))
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        run, q = await open_window(services, repos, ctx, words[0], on)
        row = run.row
        player = await repos.accounts.player_in(account.id, run.federation.id)
        if player is None:
            await run.save(q)
            raise UserError(t(lang, "qual.unlinked", federation=run.federation.code, id=row.id))
        pid = str(player.id)
        slot = q.slot(pid)
        if not consent and slot is not None and slot.status is SlotStatus.CONFIRMED and not sure:
            after = next_if_declined(q, pid, run.today)
            await run.save(q)
            await repos.audit.log(
                "qualification.decline_asked",
                at=run.now,
                account_id=account.id,
                federation_id=run.federation.id,
                subject=f"qualification {row.id} player {player.id}",
                details={"next": after},
            )
            name = await messages.player_name(repos, after) if after else None
            return (
                Reply.text(
                    t(lang, "qual.decline_sure", event=row.name, id=row.id),
                    t(lang, "qual.lose_to", player=name) if name else t(lang, "qual.lose_unfilled"),
                    private=True,
                )
                .button(
                    t(lang, "qual.button_decline_sure"),
                    f"/qdecline {row.id} yes" + (f" {on.isoformat()}" if on else ""),
                )
                .button(t(lang, "qual.button_keep"), f"/qualifications {run.discipline.code}")
            )
        try:
            await _record(run, q, player, consent=consent, account=account, on=on, lang=lang)
        except RuleError:
            await run.save(q)
            return Reply.text(
                t(lang, "qual.cannot_answer", id=row.id, state=_state(q, pid, lang)), private=True
            )
        key = "qual.confirmed" if consent else "qual.declined"
        reply = Reply.text(t(lang, key, event=row.name, id=row.id), private=True)
        return _dated(reply, lang, on, run.today)


def _dated(reply: Reply, lang: str, on: date | None, today: date) -> Reply:
    """The answer's own day, said when it is not today."""
    if on is not None and on != today:
        reply.line(t(lang, "qual.answer_dated", date=on.isoformat()))
    return reply


async def qconfirm(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/qconfirm <id>``: the caller accepts the place he was offered."""
    return await _answer(services, ctx, args, consent=True)


async def qdecline(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/qdecline <id> [yes]``: the caller declines; after confirming, a second time."""
    return await _answer(services, ctx, args, consent=False)


async def _named_player(repos: Repos, run: QualificationRun, text: str, lang: str) -> Player:
    found = await repos.players.by_federation_ids(run.federation.id, [text])
    player = found.get(text.upper())
    if player is None:
        raise UserError(t(lang, "player.not_found", query=text))
    return player


async def _director_window(
    services: Services, repos: Repos, ctx: RequestContext, text: str, on: date | None = None
) -> tuple[Account, QualificationRun, Qualification]:
    account = await caller(repos, services, ctx)
    number = row_id(text) if is_number(text) else None
    row = await repos.qualifications.get(number) if number is not None else None
    if row is not None:  # the role is checked before anything of the window is told
        _, federation = await window_of(repos, row, ctx.language)
        await require_role(repos, ctx, account, federation, "director")
    run, q = await open_window(services, repos, ctx, text, on)
    return account, run, q


RECORD_USAGE = "/qrecord <qualification> <player ID> confirm|decline [YYYY-MM-DD] [note]"


async def qrecord(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/qrecord <qualification> <player> confirm|decline [YYYY-MM-DD] [note]``: a director
    records the answer a player gave by phone or in person, on the day he gave it."""
    lang = ctx.language
    words = args.split(maxsplit=3)
    if len(words) < 3 or words[2].lower() not in ("confirm", "decline"):
        raise UserError(t(lang, "error.usage", usage=RECORD_USAGE))
    consent = words[2].lower() == "confirm"
    note = words[3].strip() if len(words) == 4 else ""
    first, _, rest = note.partition(" ")
    on = answer_date(lang, first)
    if on is not None:
        note = rest.strip()
    async with services.db.transaction() as repos:
        account, run, q = await _director_window(services, repos, ctx, words[0], on)
        player = await _named_player(repos, run, words[1], lang)
        try:
            q = await _record(
                run,
                q,
                player,
                consent=consent,
                account=account,
                note=note,
                director=True,
                on=on,
                lang=lang,
            )
        except RuleError:
            await run.save(q)
            raise UserError(
                t(
                    lang,
                    "qual.cannot_record",
                    id=run.row.id,
                    player=player_label(player),
                    state=_state(q, str(player.id), lang),
                )
            ) from None
        who = account.display_name or f"{account.platform}:{account.platform_user_id}"
        await run.tell_player(
            str(player.id),
            f"recorded:{player.id}:{run.now.isoformat()}",
            partial(messages.recorded, run.row, consent, who),
            "recorded",
        )
        await run.notices.flush()
        key = "qual.recorded" if consent else "qual.recorded_declined"
        reply = Reply.text(
            t(lang, key, player=player_label(player), event=run.row.name, id=run.row.id),
            private=True,
        )
        if not consent:
            after = q.slots[-1] if q.slots and q.slots[-1].replaces == str(player.id) else None
            if after is not None:
                name = await messages.player_name(repos, after.player)
                reply.line(t(lang, "qual.passed_to", player=name))
        return _dated(reply, lang, on, run.today)


async def qrestore(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/qrestore <qualification> <player>``: a director gives back a place declined by
    mistake, while the player who got it has not answered."""
    lang = ctx.language
    words = args.split()
    if len(words) != 2:
        raise UserError(t(lang, "error.usage", usage="/qrestore <qualification> <player ID>"))
    async with services.db.transaction() as repos:
        account, run, q = await _director_window(services, repos, ctx, words[0])
        player = await _named_player(repos, run, words[1], lang)
        pid = str(player.id)
        before = run.row.data.get("declines", {}).get(pid, {})
        status = SlotStatus(before.get("status", SlotStatus.INVITED.value))
        closed = before.get("closed_on")
        try:
            q, withdrawn = restore(q, pid, status, date.fromisoformat(closed) if closed else None)
        except CannotRestoreError as exc:
            await run.save(q)
            other = await messages.player_name(repos, exc.player) if exc.player else ""
            raise UserError(
                t(lang, exc.reason, player=player_label(player), other=other, id=run.row.id)
            ) from None
        declines = {k: v for k, v in run.row.data.get("declines", {}).items() if k != pid}
        run.row.data = {
            **run.row.data,
            "declines": declines,
            "restores": int(run.row.data.get("restores", 0)) + 1,
        }
        if withdrawn is not None:
            await _withdraw(run, withdrawn.player, player, run.now)
        await run.repos.audit.log(
            "qualification.restored",
            at=run.now,
            account_id=account.id,
            federation_id=run.federation.id,
            subject=f"qualification {run.row.id} player {player.id}",
            details={
                "status": status.value,
                "withdrawn": withdrawn.player if withdrawn is not None else None,
            },
        )
        await run.filled(q)
        await run.save(q)
        return Reply.text(
            t(
                lang,
                "qual.restored",
                player=player_label(player),
                event=run.row.name,
                id=run.row.id,
                state=t(lang, f"qual.state_{status.value}"),
            ),
            private=True,
        )


async def _withdraw(run: QualificationRun, other: str, player: Player, now: datetime) -> None:
    """The offer made to ``other`` is withdrawn: his slot row waits again, and he is told."""
    await run.repos.qualifications.put_slot(
        run.row.id,
        int(other),
        position=0,
        source="rating",
        state="waiting",
        informed_at=None,
        deadline=None,
        answered_at=None,
        data={"withdrawn": now.isoformat()},
    )
    build = partial(messages.offer_withdrawn, run.row, player_label(player))
    key = f"withdrawn:{other}:{now.isoformat()}"
    if not await run.tell_player(other, key, build, "qualification"):
        name = await messages.player_name(run.repos, other)
        told = partial(messages.offer_withdrawn_for_directors, run.row, name, player_label(player))
        await run.tell_directors(key, told)
