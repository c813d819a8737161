"""What the other side of a report is told, through the outbox, in each account's language."""

from __future__ import annotations

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from tests.conftest import user
from tests.handlers.reports.helpers import OPEN, link, outbox, setup


async def test_the_other_side_is_sent_each_step(services: Services, db: Database) -> None:
    """The opponent is asked with buttons, the directors get what waits for them, the players
    hear the outcome; in each account's language, once per step."""
    await setup(db, approval=True)
    await link(db, "u2-tg", "RMF-002", "telegram")  # the opponent's other platform
    async with db.transaction() as repos:
        account = await repos.accounts.by_platform("telegram", "u2-tg")
        assert account is not None
        account.language = "ru"
    await dispatch(services, user("boss"), OPEN)
    await dispatch(services, user("u1"), "/report league-2026 RMF-002 win 40-24")
    assert await outbox(db) == [
        (
            "report:1:ask:console:u2",
            "Your opponent reported a game: confirm it or dispute it.",
            ["/gameok 1", "/gamedispute 1"],
        ),
        (
            "report:1:ask:telegram:u2-tg",
            "Соперник сообщил о партии: подтвердите или оспорьте.",
            ["/gameok 1", "/gamedispute 1"],
        ),
    ]
    await dispatch(services, user("u2"), "/gameok 1")
    assert (await outbox(db))[2:] == [
        (
            "report:1:decide:console:boss",
            "A game report waits for a director:",
            ["/gameapprove 1", "/gamereject 1"],
        ),
        (
            "report:1:confirmed:console:u1",
            "Report #1 confirmed; it counts once a director of RMF approves it.",
            [],
        ),
    ]
    await dispatch(services, user("boss"), "/gameapprove 1")
    assert [(k, line) for k, line, _ in (await outbox(db))[4:]] == [
        (
            "report:1:counted:console:u1",
            "Report #1 counted: the game is in league-2026 (version 2).",
        ),
        (
            "report:1:counted:console:u2",
            "Report #1 counted: the game is in league-2026 (version 2).",
        ),
        (
            "report:1:counted:telegram:u2-tg",
            "Сообщение #1 засчитано: партия внесена в league-2026 (версия 2).",
        ),
    ]
    # A second press enqueues nothing more.
    await dispatch(services, user("boss"), "/gameapprove 1")
    assert len(await outbox(db)) == 7
