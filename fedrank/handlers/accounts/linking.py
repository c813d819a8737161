"""Linking a chat account to players: /link, /links, /approve, /reject, /linkcode.

An account is linked to a player only through verification: a director approves the player's
request, or the player enters a one-time code a director gave him in person. One person may
play in several federations: an account holds at most one player per federation (a request
for another player of a federation where it is linked is a re-link, which replaces the old
link when approved) and a player is held by at most one account per platform (re-checked at
approval and at a code's use, and a unique index has the last word).

The rules against a director's own interest: he cannot approve his own request nor issue a
code for a player he asked for, and a code cannot be used by the account that issued it;
another director or an admin of the federation must act.

Link codes are 60 bits, stored as an HMAC-SHA256 under a key made from the operator's
``FEDRANK_SECRET_KEY`` and a random secret of the database; wrong codes are counted per
account and per player (one counter row each, updated in place) and lock both out for a
while after :data:`MAX_WRONG_CODES` in :data:`WRONG_CODE_WINDOW`.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import datetime, timedelta

from sqlalchemy.exc import IntegrityError

from fedrank.handlers.access import (
    caller,
    directed_federations,
    director_of,
    player_by_exact_id,
    stored_account,
    stored_federation,
    stored_player,
)
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import AccessDeniedError, UserError
from fedrank.handlers.wording.common import is_number, player_label, row_id
from fedrank.handlers.wording.i18n import t, tn
from fedrank.handlers.wording.reply import Reply
from fedrank.storage.models import Account, LinkRequest, Player
from fedrank.storage.repos import Repos

LINK_CODE_DAYS = 7
# No 0/O or 1/I: a code is read aloud or copied from paper.
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
# 12 letters of 32: 60 bits, shown in groups of four.
CODE_LENGTH = 12
CODE_GROUP = 4
# Wrong codes: this many within the window lock the account and the player out for a while.
MAX_WRONG_CODES = 5
WRONG_CODE_WINDOW = timedelta(minutes=15)
LOCKOUT = timedelta(minutes=15)
# A person plays in a few federations: five waiting requests cover them and a mistyped ID,
# and keep what one account can put before the directors small.
MAX_PENDING_REQUESTS = 5
# Requests per /links page: two buttons each, plus two to turn pages, is 22 buttons, within
# Discord's 25 components (5 rows of 5) and far below Telegram's ~100 inline buttons.
LINKS_PAGE = 10


def new_code() -> str:
    """A fresh one-time code as shown to the director: ``ABCD-EFGH-JKLM``."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return "-".join(raw[i : i + CODE_GROUP] for i in range(0, CODE_LENGTH, CODE_GROUP))


async def code_key(repos: Repos, services: Services) -> bytes:
    """The HMAC key of link codes: the operator's secret (not in the database) and the
    database's own random one (made on first use), so neither a leaked database nor a
    leaked setting alone lets anyone test codes offline without the other."""
    local = await repos.accounts.server_secret("link_codes")
    server = services.secret_key or ""
    return hashlib.sha256(f"fedrank link codes\0{server}\0{local}".encode()).digest()


def _labels(players: list[Player]) -> str:
    return ", ".join(player_label(p) for p in players)


async def link(services: Services, ctx: RequestContext, args: str) -> Reply:
    parts = args.split()
    lang = ctx.language
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        if not parts:
            mine = await repos.accounts.players_of(account.id)
            if mine:
                return Reply.text(t(lang, "link.status_linked", player=_labels(mine)))
            raise UserError(t(lang, "error.usage", usage="/link <ID> [code]"))
        if len(parts) > 2:
            raise UserError(t(lang, "error.usage", usage="/link <ID> [code]"))
        player = await player_by_exact_id(repos, ctx, parts[0])
        return await _link_to(repos, services, ctx, account, player, parts[1:])


async def _link_to(
    repos: Repos,
    services: Services,
    ctx: RequestContext,
    account: Account,
    player: Player,
    code: list[str],
) -> Reply:
    """Link by ``code`` (one word) when given, else ask the directors."""
    lang = ctx.language
    current = await repos.accounts.player_in(account.id, player.federation_id)
    if current is not None and current.id == player.id:
        return Reply.text(t(lang, "link.already_linked", player=player_label(player)))
    holder = await repos.accounts.holder(player.id, account.platform)
    if holder is not None and holder.id != account.id:
        raise UserError(t(lang, "link.taken", player=player_label(player)))
    if code:
        return await _by_code(repos, services, ctx, account, player, code[0])
    return await _request(repos, services, ctx, account, player, current)


#: A link code as a chat's start payload (Telegram: ``t.me/<bot>?start=ABCD-EFGH-JKLM``).
START_PAYLOAD = re.compile(r"[A-Za-z0-9]{4}(?:-[A-Za-z0-9]{4}){2}")


def is_code_payload(payload: str) -> bool:
    """Whether ``/start <payload>`` carries a link code (a deep link from /linkcode)."""
    return START_PAYLOAD.fullmatch(payload.strip()) is not None


async def link_from_start(services: Services, ctx: RequestContext, payload: str) -> Reply:
    """``/start ABCD-EFGH-JKLM``: the player opened the link a director's /linkcode gave; it is
    ``/link <ID> <code>`` with the ID the code was issued for. The rules are /link's: the code is
    single-use, and not for the account that issued it; a code that matches nothing is counted
    against the account (its player is unknown), as a wrong code of /link is."""
    lang = ctx.language
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        now = services.now()
        subjects = [("account", account.id)]
        locked = await repos.accounts.locked_until(subjects)
        if locked is not None and _aware(locked, now) > now:
            until = _aware(locked, now).strftime("%H:%M UTC")
            return Reply.text(t(lang, "link.code_locked", until=until))
        link_code = await repos.accounts.link_code(payload, key=await code_key(repos, services))
        if link_code is None:
            await _wrong_code(repos, account, None, None, subjects, now)
            return Reply.text(t(lang, "link.start_bad_code"))
        player = await stored_player(repos, link_code.player_id, lang)
        return await _link_to(repos, services, ctx, account, player, [payload.strip()])


async def _request(
    repos: Repos,
    services: Services,
    ctx: RequestContext,
    account: Account,
    player: Player,
    current: Player | None,
) -> Reply:
    lang = ctx.language
    pending = await repos.accounts.pending_link_request(account.id, player.id)
    if pending is not None:
        return Reply.text(
            t(lang, "link.already_requested", request=pending.id, player=player_label(player))
        )
    if await repos.accounts.pending_requests_of(account.id) >= MAX_PENDING_REQUESTS:
        raise UserError(t(lang, "link.too_many_requests", max=MAX_PENDING_REQUESTS))
    federation = await stored_federation(repos, player.federation_id, lang)
    now = services.now()
    request = await repos.accounts.add_link_request(account.id, player.id, now)
    details: dict[str, object] = {"request": request.id}
    if current is not None:
        details["replaces"] = current.federation_player_id
    await repos.audit.log(
        "link.requested",
        at=now,
        account_id=account.id,
        federation_id=federation.id,
        subject=player.federation_player_id,
        details=details,
    )
    reply = Reply.text(
        t(
            lang,
            "link.requested",
            request=request.id,
            player=player_label(player),
            federation=federation.code,
            id=player.federation_player_id,
        )
    )
    if current is not None:
        reply.line(t(lang, "link.relink_note", current=player_label(current)))
    return reply


async def _by_code(
    repos: Repos,
    services: Services,
    ctx: RequestContext,
    account: Account,
    player: Player,
    code: str,
) -> Reply:
    lang = ctx.language
    now = services.now()
    subjects = [("account", account.id), ("player", player.id)]
    locked = await repos.accounts.locked_until(subjects)
    if locked is not None and _aware(locked, now) > now:
        # Refused unread, and unrecorded: the lockout's start is in the audit log.
        until = _aware(locked, now).strftime("%H:%M UTC")
        return Reply.text(t(lang, "link.code_locked", until=until))
    federation = await stored_federation(repos, player.federation_id, lang)
    link_code = await repos.accounts.link_code(code, key=await code_key(repos, services))
    if link_code is not None and link_code.issued_by == account.id:
        raise AccessDeniedError(t(lang, "link.own_code", federation=federation.code))
    if (
        link_code is None
        or link_code.player_id != player.id
        or link_code.used_at is not None
        or _aware(link_code.expires_at, now) < now
    ):
        await _wrong_code(repos, account, player, federation.id, subjects, now)
        # An answer, not an error: the count (and the audit line) must stay written.
        return Reply.text(t(lang, "link.bad_code", id=player.federation_player_id))
    link_code.used_at = now
    link_code.used_by = account.id
    replaced = await _link(repos, ctx, account, player, now, decided_by=None)
    details = {"replaces": replaced.federation_player_id} if replaced is not None else {}
    await repos.audit.log(
        "link.by_code",
        at=now,
        account_id=account.id,
        federation_id=federation.id,
        subject=player.federation_player_id,
        details=details,
    )
    reply = Reply.text(t(lang, "link.done", player=player_label(player)))
    if replaced is not None:
        reply.line(t(lang, "link.replaced", player=player_label(replaced)))
    return reply


def _aware(moment: datetime, now: datetime) -> datetime:
    """A stored time in ``now``'s zone (SQLite gives it back naive)."""
    return moment.replace(tzinfo=now.tzinfo) if moment.tzinfo is None else moment


async def _wrong_code(
    repos: Repos,
    account: Account,
    player: Player | None,
    federation_id: int | None,
    subjects: list[tuple[str, int]],
    now: datetime,
) -> None:
    """Count a wrong code against the account and the player. The audit log gets a line for
    the first wrong code of a window and one when a lockout starts, never one per code."""
    first = locks = False
    for scope, subject_id in subjects:
        row = await repos.accounts.link_attempts(scope, subject_id, now)
        if now - _aware(row.window_start, now) > WRONG_CODE_WINDOW or row.failures == 0:
            row.window_start = now
            row.failures = 0
            first = True
        row.failures += 1
        if row.failures >= MAX_WRONG_CODES:
            row.locked_until = now + LOCKOUT
            row.window_start = now
            row.failures = 0
            locks = True
    if first or locks:
        await repos.audit.log(
            "link.code_locked" if locks else "link.code_refused",
            at=now,
            account_id=account.id,
            federation_id=federation_id,
            subject=player.federation_player_id if player is not None else "",
            details={"until": (now + LOCKOUT).isoformat()} if locks else {},
        )


async def _link(
    repos: Repos,
    ctx: RequestContext,
    account: Account,
    player: Player,
    now: datetime,
    *,
    decided_by: Account | None,
) -> Player | None:
    """Link the account to the player (the player it replaces, if any) and close the other
    pending requests of accounts of the platform for the player: none can be approved now."""
    try:
        replaced = await repos.accounts.link(account, player.id, now)
    except IntegrityError:
        # Another account of the platform linked him at the same moment: the whole unit of
        # work rolls back with this refusal.
        raise UserError(t(ctx.language, "link.taken", player=player_label(player))) from None
    for other in await repos.accounts.pending_for_player(player.id):
        asker = await repos.accounts.get(other.account_id)
        if asker is not None and asker.platform == account.platform:
            _close(other, "cancelled", now, decided_by)
    return replaced


def _close(request: LinkRequest, state: str, now: datetime, by: Account | None) -> None:
    request.state = state
    request.decided_at = now
    request.decided_by = by.id if by is not None else None


async def links(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/links [page]``: the pending requests of the caller's federations, a page at a time."""
    lang = ctx.language
    arg = args.strip()
    if arg and (not is_number(arg) or len(arg) > 6):
        raise UserError(t(lang, "error.usage", usage="/links [page]"))
    page = max(int(arg), 1) if arg else 1
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        federations = await directed_federations(repos, account)
        if not federations:
            raise AccessDeniedError(t(lang, "error.not_director"))
        ids = [f.id for f in federations]
        total, _ = await repos.accounts.pending_link_requests(ids, limit=0)
        pages = max((total + LINKS_PAGE - 1) // LINKS_PAGE, 1)
        page = min(page, pages)
        _, requests = await repos.accounts.pending_link_requests(
            ids, offset=(page - 1) * LINKS_PAGE, limit=LINKS_PAGE
        )
        reply = Reply(private=True)
        if pages > 1:
            reply.line(tn(lang, "link.page", total, page=page, pages=pages, total=total))
        for request in requests:
            asker = await stored_account(repos, request.account_id, lang)
            player = await stored_player(repos, request.player_id, lang)
            current = await repos.accounts.player_in(asker.id, player.federation_id)
            who = f"{asker.display_name} ({asker.platform}:{asker.platform_user_id})"
            if current is None:
                line = t(
                    lang,
                    "link.pending_line",
                    request=request.id,
                    account=who,
                    player=player_label(player),
                )
            else:
                line = t(
                    lang,
                    "link.pending_relink",
                    request=request.id,
                    account=who,
                    player=player_label(player),
                    current=player_label(current),
                )
            reply.line(line)
            if asker.id == account.id:
                # His own request: another director or an admin decides it.
                reply.line("  " + t(lang, "link.own_request_note"))
            else:
                reply.button(f"✓ #{request.id}", f"/approve {request.id}")
            reply.button(f"✗ #{request.id}", f"/reject {request.id}")
        if page > 1:
            reply.button(t(lang, "link.page_back"), f"/links {page - 1}")
        if page < pages:
            reply.button(t(lang, "link.page_next"), f"/links {page + 1}")
        if not requests:
            reply.line(t(lang, "link.none_pending"))
        return reply


async def _decide(services: Services, ctx: RequestContext, args: str, approve: bool) -> Reply:
    usage = "/approve <request>" if approve else "/reject <request>"
    number = args.strip().lstrip("#")
    if not is_number(number):
        raise UserError(t(ctx.language, "error.usage", usage=usage))
    request_id = row_id(number)
    lang = ctx.language
    if request_id is None:  # beyond any row's ID: no such request
        raise UserError(t(lang, "link.no_request", request=number))
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        request = await repos.accounts.link_request(request_id)
        if request is None or request.state != "pending":
            raise UserError(t(lang, "link.no_request", request=request_id))
        player = await stored_player(repos, request.player_id, lang)
        federation = await director_of(repos, ctx, account, player.federation_id)
        asker = await stored_account(repos, request.account_id, lang)
        now = services.now()
        replaced: Player | None = None
        if approve:
            if asker.id == account.id:
                raise AccessDeniedError(t(lang, "link.own_request", federation=federation.code))
            holder = await repos.accounts.holder(player.id, asker.platform)
            if holder is not None and holder.id != asker.id:
                raise UserError(t(lang, "link.taken_now", player=player_label(player)))
            replaced = await _link(repos, ctx, asker, player, now, decided_by=account)
        _close(request, "approved" if approve else "rejected", now, account)
        details: dict[str, object] = {"request": request.id, "account": asker.id}
        if replaced is not None:
            details["replaces"] = replaced.federation_player_id
        await repos.audit.log(
            "link.approved" if approve else "link.rejected",
            at=now,
            account_id=account.id,
            federation_id=federation.id,
            subject=player.federation_player_id,
            details=details,
        )
        if not approve:
            return Reply.text(t(lang, "link.rejected", request=request.id))
        reply = Reply.text(
            t(
                lang,
                "link.approved",
                request=request.id,
                account=asker.display_name,
                player=player_label(player),
            )
        )
        if replaced is not None:
            reply.line(
                t(
                    lang,
                    "link.approved_replaces",
                    account=asker.display_name,
                    player=player_label(replaced),
                )
            )
        return reply


async def approve(services: Services, ctx: RequestContext, args: str) -> Reply:
    return await _decide(services, ctx, args, approve=True)


async def reject(services: Services, ctx: RequestContext, args: str) -> Reply:
    return await _decide(services, ctx, args, approve=False)


async def linkcode(services: Services, ctx: RequestContext, args: str) -> Reply:
    query = args.strip()
    lang = ctx.language
    if not query or len(query.split()) != 1:
        raise UserError(t(lang, "error.usage", usage="/linkcode <ID>"))
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        player = await player_by_exact_id(repos, ctx, query)
        federation = await director_of(repos, ctx, account, player.federation_id)
        if await repos.accounts.pending_link_request(account.id, player.id) is not None:
            raise AccessDeniedError(t(lang, "link.own_code", federation=federation.code))
        now = services.now()
        one_time = new_code()
        until = now + timedelta(days=LINK_CODE_DAYS)
        key = await code_key(repos, services)
        await repos.accounts.add_link_code(player.id, one_time, account.id, until, key=key)
        await repos.audit.log(
            "link.code_issued",
            at=now,
            account_id=account.id,
            federation_id=federation.id,
            subject=player.federation_player_id,
        )
        reply = Reply.text(
            t(
                lang,
                "link.code_issued",
                player=player_label(player),
                code=one_time,
                until=until.date().isoformat(),
                id=player.federation_player_id,
            ),
            private=True,
        )
        if ctx.start_link is not None:
            reply.line(t(lang, "link.deep_link", url=ctx.start_link.format(payload=one_time)))
        return reply
