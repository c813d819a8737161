"""The single-runner lock of the scheduler (a PostgreSQL session advisory lock).

SQLite serves one process, so there the lock is always granted. On PostgreSQL the lock lives
as long as the connection that took it: if the process dies, the lock is released and another
process takes over.

A lock is only as good as its connection: a server restart, an idle timeout, a proxy or
``pg_terminate_backend`` closes it, the server releases the lock, and another process takes
it. So the holder asks again (:meth:`LeaderLock.hold`) at every tick and before every delivery
(:meth:`LeaderLock.verify`): the lock connection must still answer and the server must still
list the lock as this connection's. The connection carries TCP keepalives (the server's
``tcp_keepalives_*`` settings for this session), so a dead peer is noticed within about a
minute even when nothing is sent on it.
"""

from __future__ import annotations

import asyncio
import logging
import time

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection

from fedrank.storage.database import Database, is_sqlite

log = logging.getLogger(__name__)

LOCK_KEY = 0x66_65_64_72_61_6E_6B  # "fedrank"
#: Keepalives on the lock's connection: first probe after this many idle seconds ...
KEEPALIVE_IDLE = 30
#: ... then one every this many seconds, and the connection is dead after this many misses.
KEEPALIVE_INTERVAL = 10
KEEPALIVE_COUNT = 3

_HELD = text(
    "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted"
    " AND pid = pg_backend_pid() AND objid::bigint = ((:k)::bigint & 4294967295)"
    " AND classid::bigint = ((:k)::bigint >> 32)"
)


class LeaderLock:
    def __init__(self, db: Database, key: int = LOCK_KEY, *, recheck: float = 1.0) -> None:
        self.db = db
        self.key = key
        #: :meth:`verify` asks the server at most this often (seconds); 0: every time.
        self.recheck = recheck
        self._conn: AsyncConnection | None = None
        self._held = False
        self._checked = 0.0
        # One statement at a time on the lock's connection (the tick and the delivery loops
        # both ask).
        self._use = asyncio.Lock()

    @property
    def held(self) -> bool:
        return self._held

    async def _connect(self) -> AsyncConnection:
        conn = await self.db.engine.connect()
        for name, value in (
            ("tcp_keepalives_idle", KEEPALIVE_IDLE),
            ("tcp_keepalives_interval", KEEPALIVE_INTERVAL),
            ("tcp_keepalives_count", KEEPALIVE_COUNT),
        ):
            await conn.execute(text(f"SET {name} = {int(value)}"))
        await conn.commit()
        return conn

    async def _drop(self) -> None:
        conn, self._conn = self._conn, None
        self._held = False
        if conn is not None:
            try:
                await conn.invalidate()
                await conn.close()
            except Exception:  # the connection is gone already; nothing to release
                log.debug("closing a dead lock connection failed", exc_info=True)

    async def acquire(self) -> bool:
        """Take the lock if nobody holds it; True if this process holds it now."""
        if is_sqlite(self.db.url):
            self._held = True
            return True
        async with self._use:
            try:
                if self._conn is None:
                    self._conn = await self._connect()
                got = await self._conn.scalar(
                    text("SELECT pg_try_advisory_lock(:k)"), {"k": self.key}
                )
                await self._conn.commit()
            except Exception:
                log.warning("the scheduler's lock could not be asked for", exc_info=True)
                await self._drop()
                return False
            self._held = bool(got)
            self._checked = time.monotonic()
            return self._held

    async def verify(self) -> bool:
        """Whether this process still holds the lock (its connection answers and the server
        lists the lock as that connection's); on a lost connection the lock counts as lost."""
        if is_sqlite(self.db.url):
            return self._held
        if not self._held or self._conn is None:
            return False
        if self.recheck and time.monotonic() - self._checked < self.recheck:
            return True
        async with self._use:
            if self._conn is None:
                return False
            try:
                count = await self._conn.scalar(_HELD, {"k": self.key})
                await self._conn.commit()
            except Exception:
                log.warning("the scheduler's lock connection was lost", exc_info=True)
                await self._drop()
                return False
            if not count:
                self._held = False
                return False
            self._checked = time.monotonic()
            return True

    async def hold(self) -> bool:
        """At a tick: keep the lock if still held, else try to take it (again)."""
        if self._held and await self.verify():
            return True
        return await self.acquire()

    async def release(self) -> None:
        self._held = False
        if self._conn is not None:
            async with self._use:
                try:
                    await self._conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": self.key})
                    await self._conn.close()
                except Exception:  # a dead connection released the lock already
                    log.debug("releasing the scheduler's lock failed", exc_info=True)
                    await self._drop()
                self._conn = None
