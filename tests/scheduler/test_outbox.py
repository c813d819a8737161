"""The outbox: idempotent enqueueing, claiming, and what each platform answer does to a row."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from fedrank.handlers.notify import new_message
from fedrank.handlers.wording.reply import Reply
from fedrank.scheduler.outbox import (
    LEASE,
    MAX_ATTEMPTS,
    DeliveryWorker,
    Outcome,
    OutgoingMessage,
    SendResult,
)
from fedrank.storage.database import Database, is_sqlite
from tests.conftest import Backend, Clock

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


class ScriptedSender:
    """Answers each chat from a script (default: accepted) and records what was sent."""

    platform = "telegram"

    def __init__(self, script: dict[str, list[SendResult]] | None = None) -> None:
        self.script = script or {}
        self.sent: list[tuple[str, str]] = []
        self.closed = False

    async def send(self, message: OutgoingMessage) -> SendResult:
        answers = self.script.get(message.chat_id)
        result = answers.pop(0) if answers else SendResult(Outcome.SENT)
        if result.outcome is Outcome.SENT:
            self.sent.append((message.chat_id, message.reply.plain))
        return result

    async def close(self) -> None:
        self.closed = True


def msg(chat: str, text: str = "hello", *, key: str = "", direct: bool = True) -> object:
    return new_message(
        key or f"test:{chat}",
        "telegram",
        chat,
        Reply.text(text),
        language="en",
        kind="test",
        direct=direct,
    )


async def _enqueue(db: Database, *messages: object, now: datetime = NOW) -> int:
    async with db.transaction() as repos:
        return await repos.outbox.enqueue(list(messages), now)  # type: ignore[arg-type]


async def _states(db: Database) -> dict[str, str]:
    async with db.read() as repos:
        return {r.chat_id: r.state for r in await repos.outbox.by_prefix("test:")}


async def test_enqueue_is_idempotent_by_dedup_key(db: Database) -> None:
    assert await _enqueue(db, msg("1"), msg("2")) == 2
    assert await _enqueue(db, msg("1"), msg("2"), msg("3")) == 1
    async with db.read() as repos:
        rows = await repos.outbox.by_prefix("test:")
        assert [(r.chat_id, r.state, r.attempts) for r in rows] == [
            ("1", "pending", 0),
            ("2", "pending", 0),
            ("3", "pending", 0),
        ]
        assert Reply.from_json(rows[0].payload["reply"]).plain == "hello"


async def test_worker_sends_each_row_once(db: Database) -> None:
    await _enqueue(db, *(msg(str(i), f"m{i}") for i in range(1, 46)))
    sender = ScriptedSender()
    worker = DeliveryWorker(db, {"telegram": sender}, clock=lambda: NOW, batch=20)
    assert await worker.drain("telegram") == 45
    assert await worker.drain("telegram") == 0
    assert sorted(sender.sent) == sorted((str(i), f"m{i}") for i in range(1, 46))
    assert set((await _states(db)).values()) == {"sent"}


async def test_rows_not_yet_due_wait(db: Database) -> None:
    later = new_message(
        "test:later",
        "telegram",
        "9",
        Reply.text("x"),
        language="en",
        kind="t",
        direct=True,
        due_at=NOW + timedelta(days=1),
    )
    await _enqueue(db, later)
    clock = Clock(NOW)
    sender = ScriptedSender()
    worker = DeliveryWorker(db, {"telegram": sender}, clock=clock)
    assert await worker.drain("telegram") == 0
    clock.now = NOW + timedelta(days=1)
    assert await worker.drain("telegram") == 1


async def test_429_waits_retry_after_then_sends(db: Database) -> None:
    await _enqueue(db, msg("1"))
    clock = Clock(NOW)
    sender = ScriptedSender({"1": [SendResult(Outcome.RETRY, 30.0, "429")]})
    worker = DeliveryWorker(db, {"telegram": sender}, clock=clock, jitter=lambda: 0.0)
    assert await worker.drain("telegram") == 1
    assert await _states(db) == {"1": "pending"}
    clock.now = NOW + timedelta(seconds=29)
    assert await worker.drain("telegram") == 0
    clock.now = NOW + timedelta(seconds=30)
    assert await worker.drain("telegram") == 1
    assert await _states(db) == {"1": "sent"}
    assert worker.stats.retried == 1 and worker.stats.sent == 1


async def test_blocked_user_is_marked_and_not_retried(db: Database) -> None:
    async with db.transaction() as repos:
        await repos.accounts.get_or_create(
            "telegram", "7", display_name="Blocker", language=None, now=NOW
        )
    await _enqueue(db, msg("7", key="test:a"), msg("7", key="test:b"), msg("8"))
    sender = ScriptedSender({"7": [SendResult(Outcome.BLOCKED, error="403 blocked")]})
    worker = DeliveryWorker(db, {"telegram": sender}, clock=lambda: NOW)
    assert await worker.drain("telegram") == 3
    async with db.read() as repos:
        rows = {r.dedup_key: r for r in await repos.outbox.by_prefix("test:")}
        account = await repos.accounts.by_platform("telegram", "7")
        assert rows["test:a"].state == "blocked" and rows["test:b"].state == "blocked"
        assert rows["test:8"].state == "sent"
        assert account is not None and account.unreachable_since is not None
    assert sender.sent == [("8", "hello")]  # the second row to 7 made no request
    assert await worker.drain("telegram") == 0


async def test_refusals_fail_and_passing_errors_give_up_after_max_attempts(db: Database) -> None:
    await _enqueue(db, msg("1"), msg("2"))
    clock = Clock(NOW)
    sender = ScriptedSender(
        {
            "1": [SendResult(Outcome.FAILED, error="400 chat not found")],
            "2": [SendResult(Outcome.RETRY, error="network")] * MAX_ATTEMPTS,
        }
    )
    worker = DeliveryWorker(db, {"telegram": sender}, clock=clock)
    for _ in range(MAX_ATTEMPTS):
        await worker.drain("telegram")
        clock.now += timedelta(hours=1)
    async with db.read() as repos:
        rows = {r.chat_id: r for r in await repos.outbox.by_prefix("test:")}
        assert rows["1"].state == "failed" and rows["1"].error == "400 chat not found"
        assert rows["2"].state == "failed" and rows["2"].attempts == MAX_ATTEMPTS


async def test_rows_left_sending_by_a_dead_worker_are_resent(db: Database) -> None:
    await _enqueue(db, msg("1"), msg("2"))
    async with db.transaction() as repos:
        claimed = [
            r.chat_id for r in await repos.outbox.claim("telegram", NOW, limit=1, lease=LEASE)
        ]
    assert claimed == ["1"]
    # The process dies here.
    assert await _states(db) == {"1": "sending", "2": "pending"}
    async with db.transaction() as repos:
        assert await repos.outbox.claim("telegram", NOW, limit=5, lease=LEASE) != []
        # (that claim took only "2": "1" is leased until NOW + LEASE)
    async with db.read() as repos:
        assert {r.chat_id: r.attempts for r in await repos.outbox.by_prefix("test:")} == {
            "1": 1,
            "2": 1,
        }
    sender = ScriptedSender()
    if is_sqlite(db.url):  # one process serves SQLite: a restart recovers at once
        restarted = DeliveryWorker(db, {"telegram": sender}, clock=lambda: NOW)
    else:  # another process may be alive and hold them: they wait for their lease
        early = DeliveryWorker(db, {"telegram": sender}, clock=lambda: NOW + LEASE / 2)
        assert await early.drain("telegram") == 0
        restarted = DeliveryWorker(db, {"telegram": sender}, clock=lambda: NOW + LEASE)
    assert await restarted.drain("telegram") == 2
    assert sorted(c for c, _ in sender.sent) == ["1", "2"]


async def test_an_expired_lease_is_taken_over(db: Database) -> None:
    await _enqueue(db, msg("1"))
    async with db.transaction() as repos:
        await repos.outbox.claim("telegram", NOW, limit=1, lease=LEASE)
    async with db.transaction() as repos:
        assert await repos.outbox.claim("telegram", NOW + LEASE / 2, limit=1, lease=LEASE) == []
    async with db.transaction() as repos:
        again = await repos.outbox.claim("telegram", NOW + LEASE, limit=1, lease=LEASE)
        assert [(r.chat_id, r.attempts) for r in again] == [("1", 2)]


async def test_other_platforms_wait_for_their_sender(db: Database) -> None:
    discord = new_message(
        "test:d", "discord", "55", Reply.text("x"), language="en", kind="t", direct=False
    )
    await _enqueue(db, discord, msg("1"))
    worker = DeliveryWorker(db, {"telegram": ScriptedSender()}, clock=lambda: NOW)
    assert await worker.drain("telegram") == 1
    assert await _states(db) == {"55": "pending", "1": "sent"}


async def test_two_workers_never_send_a_row_twice(backend: Backend) -> None:
    """On PostgreSQL the claims run at the same time (FOR UPDATE SKIP LOCKED keeps them apart);
    SQLite serves one process, so there they take turns."""
    first_db, second_db = backend.database(), backend.database()
    await first_db.migrate()
    try:
        await _enqueue(first_db, *(msg(str(i)) for i in range(60)))
        a, b = ScriptedSender(), ScriptedSender()
        worker_a = DeliveryWorker(first_db, {"telegram": a}, clock=lambda: NOW, batch=5)
        worker_b = DeliveryWorker(second_db, {"telegram": b}, clock=lambda: NOW, batch=5)
        await worker_a.recover()
        await worker_b.recover()
        if backend.name == "postgresql":
            await asyncio.gather(worker_a.drain("telegram"), worker_b.drain("telegram"))
            assert a.sent and b.sent  # both took part
        else:
            await worker_a.drain("telegram")
            await worker_b.drain("telegram")
        chats = [chat for chat, _ in a.sent + b.sent]
        assert sorted(chats) == sorted(str(i) for i in range(60))
    finally:
        await first_db.close()
        await second_db.close()
