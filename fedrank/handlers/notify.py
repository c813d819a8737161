"""The one way a use case tells people something later: an outbox row per recipient.

A use case never sends: it enqueues rows in its own transaction (so a rolled-back request
tells nobody), and the scheduler's delivery worker (:mod:`fedrank.scheduler.outbox`) sends
them. Each row has a dedup key naming what it is and for whom (``report:<id>:ask:<platform>:
<user>``, ``qual:<id>:invite:<player>:<offered on>:…``), and the outbox inserts a key once,
so telling the same thing again (a re-run, a second press of a button) adds nothing.

- :func:`new_message`: the row for one reply to one chat (the payload the sender decodes).
- :func:`to_accounts`: one reply built per account, in the account's language, each keyed
  ``<key>:<platform>:<user>``.
- :func:`notify_accounts`: the same, enqueued at once.
- :class:`Notifier`: collects such rows during a use case and enqueues them together.
- :func:`owe_reply`: an answer the platform would not take now (its servers failing past the
  transport's own retries), handed to the outbox from its first undelivered part.
- :func:`player_accounts`: a player's accounts for a *personal* notice, as he chose with
  ``/notify`` (:func:`notify`): Telegram, Discord or both. A choice that names a platform he
  has no account on is ignored (a notice must reach him somewhere); console accounts (the
  operator's own terminal) always get it.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import datetime
from typing import Any

from fedrank.handlers.access import caller, linked_players
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Reply
from fedrank.storage.models import NOTICE_CHANNELS, Account
from fedrank.storage.records import NewMessage
from fedrank.storage.repos import Repos

#: A reply in the recipient's language: called once per recipient with its language.
Build = Callable[[str], Reply]

#: The outbox keeps dedup keys up to this length.
MAX_KEY = 200


def new_message(
    dedup_key: str,
    platform: str,
    chat_id: str,
    reply: Reply,
    *,
    language: str,
    kind: str,
    direct: bool,
    due_at: datetime | None = None,
    thread_id: int | None = None,
) -> NewMessage:
    """An outbox row for ``reply``: the reply is stored as JSON with what the sender needs
    (``thread_id``: the forum topic a reply owed to a command in a topic goes to)."""
    payload: dict[str, Any] = {
        "kind": kind,
        "language": language,
        "direct": direct,
        "reply": reply.to_json(),
    }
    if thread_id is not None:
        payload["thread_id"] = thread_id
    return NewMessage(dedup_key[:MAX_KEY], platform, chat_id, payload, due_at)


async def owe_reply(
    services: Services,
    *,
    platform: str,
    chat_id: str,
    reply: Reply,
    language: str,
    parts_done: int,
    direct: bool,
    thread_id: int | None = None,
) -> None:
    """Hand the outbox a reply a transport could not finish: the sender resumes after the
    ``parts_done`` parts already delivered (texts, then files), so none is sent twice and the
    rest keeps its order, in the forum topic (``thread_id``) the command came from. Enqueued
    once, under a key of its own."""
    key = f"reply:{platform}:{chat_id}:{uuid.uuid4().hex}"
    message = new_message(
        key,
        platform,
        chat_id,
        reply,
        language=language,
        kind="reply",
        direct=direct,
        thread_id=thread_id,
    )
    async with services.db.transaction() as repos:
        await repos.outbox.enqueue([replace(message, parts_done=parts_done)], services.now())


def to_accounts(
    accounts: Iterable[Account],
    key: str,
    build: Build,
    *,
    kind: str,
    language: str | None = None,
    skip: Account | None = None,
) -> list[NewMessage]:
    """A private message to each account (but ``skip``, who needs no word of his own act),
    built in ``language`` or else the account's own, keyed ``<key>:<platform>:<user>``."""
    out = []
    for account in accounts:
        if skip is not None and account.id == skip.id:
            continue
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


async def notify_accounts(
    repos: Repos,
    accounts: Iterable[Account],
    key: str,
    build: Build,
    now: datetime,
    *,
    kind: str,
    skip: Account | None = None,
) -> int:
    """Enqueue ``build`` for each account now (see :func:`to_accounts`); rows that were new."""
    return await repos.outbox.enqueue(to_accounts(accounts, key, build, kind=kind, skip=skip), now)


class Notifier:
    """The messages one use case sends, enqueued together in its transaction.

    ``tell`` adds rows (nothing is written yet); ``flush`` enqueues them and returns how
    many were new (a key already in the outbox is not added again).
    """

    def __init__(self, repos: Repos, now: datetime) -> None:
        self.repos = repos
        self.now = now
        self.pending: list[NewMessage] = []

    def add(self, messages: Iterable[NewMessage]) -> list[NewMessage]:
        added = list(messages)
        self.pending += added
        return added

    def tell(
        self,
        accounts: Iterable[Account],
        key: str,
        build: Build,
        *,
        kind: str,
        skip: Account | None = None,
    ) -> list[NewMessage]:
        """Queue ``build`` for each account (see :func:`to_accounts`); the rows added."""
        return self.add(to_accounts(accounts, key, build, kind=kind, skip=skip))

    async def flush(self) -> int:
        messages, self.pending = self.pending, []
        return await self.repos.outbox.enqueue(messages, self.now)


def chosen_accounts(accounts: Iterable[Account], channel: str | None) -> list[Account]:
    """The accounts a personal notice goes to under the player's ``channel`` choice."""
    every = list(accounts)
    if channel in (None, "both"):
        return every
    picked = [a for a in every if a.platform in (channel, "console")]
    if not any(a.platform == channel for a in picked):
        return every  # no account on the chosen platform: never lose the notice
    return picked


async def player_accounts(repos: Repos, player_id: int) -> list[Account]:
    """The player's linked accounts that get his personal notices (his ``/notify`` choice)."""
    accounts = await repos.accounts.for_player(player_id)
    return chosen_accounts(accounts, await repos.notices.channel(player_id))


async def notify(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/notify [telegram|discord|both]``: where the caller's personal notices go (shown
    without an argument), for each player he is linked to."""
    lang = ctx.language
    wanted = args.strip().lower()
    if wanted and wanted not in NOTICE_CHANNELS:
        raise UserError(t(lang, "error.usage", usage="/notify telegram|discord|both"))
    now = services.now()
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        players = await linked_players(repos, ctx, account, unlinked="rating.unlinked")
        reply = Reply(private=True)
        for player in players:
            if wanted:
                before = await repos.notices.channel(player.id)
                await repos.notices.choose(player.id, wanted, now)
                await repos.audit.log(
                    "notify.chosen",
                    at=now,
                    account_id=account.id,
                    federation_id=player.federation_id,
                    subject=f"player {player.id}",
                    details={"channel": wanted, "before": before},
                )
            channel = await repos.notices.channel(player.id) or "both"
            platforms = sorted({a.platform for a in await repos.accounts.for_player(player.id)})
            key = "notify.set" if wanted else "notify.current"
            reply.line(
                t(
                    lang,
                    key,
                    player=f"{player.name} ({player.federation_player_id})",
                    channel=t(lang, f"notify.channel_{channel}"),
                    accounts=", ".join(platforms),
                )
            )
            missing = channel != "both" and channel not in platforms
            if missing:
                reply.line(t(lang, "notify.not_linked_there", channel=channel))
        if not wanted:
            for choice in NOTICE_CHANNELS:
                reply.button(t(lang, f"notify.channel_{choice}"), f"/notify {choice}")
        return reply
