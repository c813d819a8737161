"""What tests import (fixtures live in conftest.py): request contexts, a settable clock, the
database backend a fixture hands out, and the data factories.

The factories stay in :mod:`tests.factories` (the module that builds rows) and are re-exported
here, so a test needs one import line for its helpers.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from fedrank.handlers.context import RequestContext
from fedrank.storage.database import Database
from tests.factories import NOW, Seeded, make_director, seed_federation

__all__ = [
    "NOW",
    "Backend",
    "Clock",
    "Seeded",
    "make_director",
    "seed_federation",
    "user",
]


@dataclass
class Backend:
    """One database the tests can open: SQLite file or PostgreSQL schema (via ``search_path``)."""

    name: str
    url: str
    connect_args: dict[str, object]

    def database(self) -> Database:
        return Database(self.url, connect_args=dict(self.connect_args))


class Clock:
    """A settable clock for handlers and the scheduler: tests move time by assigning ``now``."""

    def __init__(self, now: datetime = NOW) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def user(user_id: str, name: str = "", language: str = "en") -> RequestContext:
    """A console user's request context (private chat, the user's own chat id)."""
    return RequestContext(
        platform="console",
        user_id=user_id,
        chat_id=user_id,
        display_name=name or user_id,
        language=language,
    )
