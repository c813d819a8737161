"""The one way to notify: a row per recipient, in its language, keyed once per step."""

from __future__ import annotations

from datetime import UTC, datetime

from fedrank.handlers.notify import MAX_KEY, Notifier, new_message, notify_accounts, to_accounts
from fedrank.handlers.wording.reply import Reply
from fedrank.storage.database import Database
from fedrank.storage.models import Account

NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


def hello(language: str) -> Reply:
    return Reply.text({"en": "Hello", "ru": "Привет"}.get(language, "?"), private=True)


def test_new_message_carries_what_the_sender_needs() -> None:
    row = new_message(
        "k" * 300, "telegram", "42", Reply.text("hi"), language="uk", kind="news", direct=False
    )
    assert len(row.dedup_key) == MAX_KEY
    assert (row.platform, row.chat_id, row.due_at) == ("telegram", "42", None)
    assert row.payload["kind"] == "news" and row.payload["language"] == "uk"
    assert row.payload["direct"] is False
    assert Reply.from_json(row.payload["reply"]).plain == "hi"


def test_to_accounts_in_each_language_but_the_one_skipped() -> None:
    anna = Account(id=1, platform="console", platform_user_id="anna", language="ru")
    boris = Account(id=2, platform="telegram", platform_user_id="77", language=None)
    boss = Account(id=3, platform="console", platform_user_id="boss", language="en")
    rows = to_accounts([anna, boris, boss], "report:1:ask", hello, kind="game_report", skip=boss)
    assert [(r.dedup_key, r.chat_id) for r in rows] == [
        ("report:1:ask:console:anna", "anna"),
        ("report:1:ask:telegram:77", "77"),
    ]
    assert [Reply.from_json(r.payload["reply"]).plain for r in rows] == ["Привет", "Hello"]
    assert all(r.payload["direct"] for r in rows)
    forced = to_accounts([anna], "k", hello, kind="x", language="en")
    assert Reply.from_json(forced[0].payload["reply"]).plain == "Hello"


async def _accounts(db: Database) -> list[Account]:
    async with db.transaction() as repos:
        return [
            await repos.accounts.get_or_create(
                "console", name, display_name=name, language=None, now=NOW
            )
            for name in ("anna", "boris")
        ]


async def test_notifying_twice_enqueues_once(db: Database) -> None:
    accounts = await _accounts(db)
    async with db.transaction() as repos:
        assert await notify_accounts(repos, accounts, "step:1", hello, NOW, kind="news") == 2
    async with db.transaction() as repos:
        assert await notify_accounts(repos, accounts, "step:1", hello, NOW, kind="news") == 0
        rows = await repos.outbox.by_prefix("step:1")
        assert [r.dedup_key for r in rows] == ["step:1:console:anna", "step:1:console:boris"]


async def test_a_notifier_collects_then_enqueues(db: Database) -> None:
    accounts = await _accounts(db)
    async with db.transaction() as repos:
        notices = Notifier(repos, NOW)
        notices.tell(accounts[:1], "a", hello, kind="news")
        notices.tell(accounts, "b", hello, kind="news", skip=accounts[0])
        assert await repos.outbox.by_prefix("") == []  # nothing is written before flush
        assert len(notices.pending) == 2
        assert await notices.flush() == 2
        assert notices.pending == [] and await notices.flush() == 0
        assert [r.dedup_key for r in await repos.outbox.by_prefix("")] == [
            "a:console:anna",
            "b:console:boris",
        ]
