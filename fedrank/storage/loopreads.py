"""Small reads of a SQLite file on the event loop's own thread: no thread hop at all.

``Database.plain_rows`` on a SQLite file used to cost one hop to aiosqlite's thread per read:
the loop's part of that hand-off (a queue, a wake-up, the future) was 60-70 us, more than the
small indexed reads of the bot's hot path (/rating's card, /top's head of a list, /start's
account) cost SQLite itself. :class:`LoopReader` runs them synchronously on a stdlib
``sqlite3`` connection kept for that, and gives up on anything that could hold the loop:

* The file is in WAL mode (checked when the connection opens; else nothing runs here): readers
  never wait for writers nor for checkpoints.
* ``busy_timeout`` is 0 on this connection: in the few cases where a WAL reader is refused a
  lock (another connection recovering the WAL after a crash, the last connection of another
  process removing the WAL while this one opens), the read is not retried here but handed back
  (:data:`REFUSED`) and runs on aiosqlite's thread, which waits as every other connection does.
  The connection is opened only after that thread's connection has read once, so a recovery
  on start-up happens there, not here.
* Every statement has a budget of SQLite virtual-machine steps (a progress handler,
  ``budget`` x ``STEPS_PER_CHECK``; at 100,000 players /rating's card takes about 900 steps,
  /top 50 2,400, /top's "stored since" 10,100): a statement that exceeds it is interrupted,
  handed back, and from then on never runs here (``_OneHop.on_loop``), whatever its parameters.
  So the loop is held for at most the budget once per such statement, not per read, and a read
  that grows with the data (the marked accounts, a long list) moves to the thread by itself.
* ``query_only``: nothing run here can write.

What is not bounded: a page of the file not in memory is read from the disk on the loop's
thread (the OS's page cache and the mmap keep a bot's working set in memory).
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Sequence
from typing import Any, Final

log = logging.getLogger(__name__)

#: The progress handler runs every this many virtual-machine steps: each run is a call into
#: Python, so a read of 10,000 steps (/top's "stored since") pays for one, not ten.
STEPS_PER_CHECK = 10_000
#: A statement on the loop may run at most this many checks: 100,000 steps, a few ms of
#: SQLite's CPU at most (the card's 900 steps take about 45 us).
LOOP_BUDGET = 10


class _Refused:
    """The read did not run here (busy, over its budget, an error): run it on the thread."""


REFUSED: Final = _Refused()


class LoopReader:
    """A stdlib ``sqlite3`` connection to the file at ``path``, read on the calling thread (the
    event loop's), in autocommit mode: each read sees what is committed when it starts."""

    def __init__(
        self,
        path: str,
        setup: Callable[[sqlite3.Connection, Any], None],
        budget: int = LOOP_BUDGET,
    ) -> None:
        self.path = path
        self.budget = budget
        self._setup = setup
        self._conn: sqlite3.Connection | None = None
        #: False once the file turned out not to be in WAL mode (or could not be opened).
        self.usable = True
        #: Whether the last read refused was interrupted by the budget.
        self.over_budget = False
        self._checks = 0

    def _connection(self) -> sqlite3.Connection | None:
        if self._conn is not None or not self.usable:
            return self._conn
        try:
            conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            log.info("no reads on the event loop (%s): %s", self.path, error)
            self.usable = False
            return None
        try:
            self._setup(conn, None)  # the pragmas of every fedrank connection, then ours
            conn.execute("PRAGMA busy_timeout=0")
            conn.execute("PRAGMA query_only=ON")
            (mode,) = conn.execute("PRAGMA journal_mode").fetchone()
        except sqlite3.Error as error:
            log.info("no reads on the event loop (%s): %s", self.path, error)
            conn.close()
            self.usable = False
            return None
        if str(mode).lower() != "wal":
            log.info("no reads on the event loop: %s is in %s mode, not WAL", self.path, mode)
            conn.close()
            self.usable = False
            return None
        conn.set_progress_handler(self._progress, STEPS_PER_CHECK)
        self._conn = conn
        return conn

    def _progress(self) -> int:
        self._checks += 1
        return 1 if self._checks > self.budget else 0

    def rows(self, sql: str, values: Sequence[Any]) -> list[Any] | _Refused:
        """The rows of ``sql``, or REFUSED (then it must run elsewhere; ``over_budget`` says
        whether the budget refused it)."""
        conn = self._connection()
        if conn is None:
            return REFUSED
        self._checks = 0
        self.over_budget = False
        try:
            return conn.execute(sql, values).fetchall()
        except sqlite3.Error as error:
            # Interrupted by the budget, busy, or an error the thread's read will raise the
            # same way: in every case the thread answers.
            self.over_budget = self._checks > self.budget
            log.debug("read handed to the thread (%s): %s", error, sql[:80])
            return REFUSED

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
