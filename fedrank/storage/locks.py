"""The single-runner lock of the scheduler (a PostgreSQL session advisory lock).

SQLite serves one process, so there the lock is always granted. On PostgreSQL the lock lives
as long as the connection that took it: if the process dies, the lock is released and another
process takes over.
"""

from __future__ import annotations

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection

from fedrank.storage.database import Database, is_sqlite

LOCK_KEY = 0x66_65_64_72_61_6E_6B  # "fedrank"


class LeaderLock:
    def __init__(self, db: Database, key: int = LOCK_KEY) -> None:
        self.db = db
        self.key = key
        self._conn: AsyncConnection | None = None

    async def acquire(self) -> bool:
        """Take the lock if nobody holds it; True if this process holds it now."""
        if is_sqlite(self.db.url):
            return True
        if self._conn is None:
            self._conn = await self.db.engine.connect()
        got = await self._conn.scalar(text("SELECT pg_try_advisory_lock(:k)"), {"k": self.key})
        await self._conn.commit()
        return bool(got)

    async def release(self) -> None:
        if self._conn is not None:
            await self._conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": self.key})
            await self._conn.close()
            self._conn = None
