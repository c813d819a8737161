"""What tests import (fixtures live in conftest.py): request contexts, a settable clock, the
database backend a fixture hands out, and the data factories.

The factories stay in :mod:`tests.factories` (the module that builds rows) and are re-exported
here, so a test needs one import line for its helpers.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from tests.factories import NOW, Seeded, make_director, seed_federation

__all__ = [
    "NOW",
    "Backend",
    "Clock",
    "Seeded",
    "make_director",
    "seed_federation",
    "submit_and_confirm",
    "user",
    "version_of",
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


async def submit_and_confirm(services: Services, discipline: str, text: str) -> str:
    """The director "boss" submits ``text`` to ``discipline`` and confirms the preview."""
    preview = await dispatch(services, user("boss"), f"/submit {discipline}\n" + text)
    assert preview.buttons, preview.plain
    saved = await dispatch(services, user("boss"), preview.buttons[0].action)
    return saved.plain


async def version_of(db: Database, discipline: str, code: str) -> tuple[int, dict[str, Any], str]:
    """(version number, params, reason) of a stored tournament's current version; 0 if none."""
    async with db.read() as repos:
        found = await repos.federations.discipline_by_code(discipline)
        assert found is not None
        tournament = await repos.ledger.tournament(found.id, code)
        if tournament is None:
            return 0, {}, ""
        current = await repos.ledger.current_version(tournament.id)
        assert current is not None
        return current.version, dict(current.params), current.reason
