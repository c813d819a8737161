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
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any

from fedrank.handlers.reply import Reply
from fedrank.storage.models import Account
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
) -> NewMessage:
    """An outbox row for ``reply``: the reply is stored as JSON with what the sender needs."""
    payload: dict[str, Any] = {
        "kind": kind,
        "language": language,
        "direct": direct,
        "reply": reply.to_json(),
    }
    return NewMessage(dedup_key[:MAX_KEY], platform, chat_id, payload, due_at)


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
