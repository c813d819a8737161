"""A broadcast survives SIGKILL: every recipient is served exactly once after a restart.

The fake Bot API server kills the worker process when the 90th message of a 200-recipient
broadcast reaches it, before handling it: the process dies with a request on the wire, the
rest of its batch claimed and not sent, the rest of the broadcast pending. A new worker then
resumes the outbox: in the test's own process, which shares nothing with the dead one but the
database (as a restarted process would), and without paying a second interpreter start.
(The worker claims 20 rows at a time; 200 recipients reach every state, and a larger
broadcast only repeats the same batches.)
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import sys
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from fedrank.handlers.notify import new_message
from fedrank.handlers.wording.reply import Reply
from tests.bot.telegram.fake_api import FakeTelegram
from tests.conftest import Templates
from tests.helpers import Backend
from tests.scheduler.outbox_child import drain

RECIPIENTS = 200
KILL_AT = 90
ROOT = Path(__file__).resolve().parents[2]


class KillingTelegram(FakeTelegram):
    """Kills the worker process when the ``kill_at``-th sendMessage arrives, before delivery."""

    def __init__(self, kill_at: int) -> None:
        super().__init__()
        self.kill_at = kill_at
        self.pid: int | None = None
        self.received = 0
        self.killed = False

    def _answer(
        self,
        method: str,
        params: dict[str, Any],
        files: dict[str, tuple[str, bytes]],
        chat_id: int | None,
    ) -> web.Response:
        if method == "sendMessage":
            self.received += 1
            if self.received == self.kill_at and self.pid is not None and not self.killed:
                os.kill(self.pid, signal.SIGKILL)
                self.killed = True
                return self._error(500, "the sender died")
        return super()._answer(method, params, files, chat_id)


async def _child(backend: Backend, fake: FakeTelegram) -> asyncio.subprocess.Process:
    env = dict(os.environ, FEDRANK_TEST_CONNECT_ARGS=json.dumps(backend.connect_args))
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.scheduler.outbox_child",
        backend.url,
        fake.url,
        cwd=ROOT,
        env=env,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )


@pytest.mark.slow
async def test_sigkill_mid_broadcast_then_restart_serves_everyone_once(
    tmp_path: Path, templates: Templates
) -> None:
    """On SQLite only, to keep the run short: the outbox code path is the same on PostgreSQL
    (whose claim adds FOR UPDATE SKIP LOCKED, covered in test_outbox.py)."""
    shutil.copyfile(templates.sqlite_migrated(), tmp_path / "crash.db")
    backend = Backend("sqlite", f"sqlite+aiosqlite:///{tmp_path / 'crash.db'}", {})
    db = backend.database()
    messages = [
        new_message(
            f"announce:test:telegram:{chat}",
            "telegram",
            str(chat),
            Reply.text(f"The list of 1 December, for chat {chat}"),
            language="en",
            kind="announcement",
            direct=True,
        )
        for chat in range(1, RECIPIENTS + 1)
    ]
    now = datetime.now(UTC)  # the workers run on the real clock
    async with db.transaction() as repos:
        assert await repos.outbox.enqueue(messages, now) == RECIPIENTS
        assert await repos.outbox.enqueue(messages, now) == 0  # idempotent
    fake = KillingTelegram(KILL_AT)
    await fake.start()
    try:
        first = await _child(backend, fake)
        fake.pid = first.pid
        _, err = await asyncio.wait_for(first.communicate(), 300)
        assert first.returncode == -signal.SIGKILL, err.decode()[-2000:]
        async with db.read() as repos:
            counts = await repos.outbox.counts()
        assert fake.killed
        assert counts["sent"] == KILL_AT - 1
        assert counts.get("sending", 0) >= 1  # the row on the wire, and any claimed with it
        assert counts.get("pending", 0) >= 1  # and the rest, never claimed
        resumed = await asyncio.wait_for(drain(backend.url, fake.url), 300)
        assert resumed == RECIPIENTS - counts["sent"]
    finally:
        await fake.close()
    served = Counter(d.chat_id for d in fake.delivered)
    assert set(served) == set(range(1, RECIPIENTS + 1))
    assert max(served.values()) == 1
    async with db.read() as repos:
        assert await repos.outbox.counts() == {"sent": RECIPIENTS}
    await db.close()
