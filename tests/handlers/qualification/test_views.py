"""/qualifications for directors and players, page by page; a qualification notice the outbox
could not deliver is shown to the directors."""

from __future__ import annotations

from datetime import datetime

from fedrank.cli.schedule import moment
from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.scheduler.outbox import DeliveryWorker, Outcome, OutgoingMessage, SendResult
from fedrank.scheduler.report import publish_due_text
from fedrank.storage.database import Database
from tests.conftest import Clock, user
from tests.handlers.fake_adapter import World
from tests.handlers.qualification.helpers import actions, at, outbox, say


async def test_directors_see_every_window_and_players_their_own(
    db: Database, services: Services, clock: Clock, world: World
) -> None:
    clock.now = at("2026-11-21")
    for n in range(1, 9):  # eight windows, the first frozen below
        await say(services, "boss", f"/qualify rmf-mcr 2027-{n:02d}-20 2 Cup{n} date=2026-11-24")
    await publish_due_text(db, world.systems, moment("2026-11-24"))
    clock.now = at("2026-11-25")
    first = await say(services, "boss", "/qualifications")
    lines = first.plain.splitlines()
    assert lines[0] == "Page 1 of 2 (8 windows)."
    # Latest event first; six a page; a button to each window's details and to the next page.
    assert lines[1] == "Qualification 8: Cup8 (rmf-mcr), 2027-08-20"
    assert [b.action for b in first.buttons][-1] == "/qualifications 2"
    second = await say(services, "boss", "/qualifications rmf-mcr 2")
    assert "Qualification 1: Cup1 (rmf-mcr), 2027-01-20" in second.plain
    assert "Places: 0 confirmed, 2 awaiting an answer, 0 declined, 0 moved to the reserve." in (
        second.plain
    )
    assert "Player 1 (RMF-001): answer by 2026-12-09" in second.plain
    assert [b.action for b in second.buttons][-1] == "/qualifications rmf-mcr 1"

    # A player sees only the windows he was offered a place in, with his own state.
    mine = await say(services, "p1", "/qualifications")
    assert mine.plain.startswith("Page 1 of 2 (8 windows).")  # all eight froze on 2026-11-24
    assert mine.plain.count("Your place: invited; deadline 2026-12-09.") == 6
    assert "/qconfirm 8" in [b.action for b in mine.buttons]
    none = await say(services, "p5", "/qualifications")
    assert none.plain == "There are no qualification windows for you."
    stranger = await say(services, "stranger", "/qualifications")
    assert "You are not linked to a player and direct no federation" in stranger.plain
    unknown = await say(services, "boss", "/qualifications go")
    assert "go" in unknown.plain and "rmf-mcr" in unknown.plain


class Blocking:
    """A console sender whose user ``blocked`` has blocked the bot."""

    platform = "console"

    def __init__(self, blocked: str) -> None:
        self.blocked = blocked

    async def send(self, message: OutgoingMessage) -> SendResult:
        if message.chat_id == self.blocked:
            return SendResult(Outcome.BLOCKED, error="Forbidden: bot was blocked by the user")
        return SendResult(Outcome.SENT)

    async def close(self) -> None:
        return None


async def test_an_undelivered_invitation_is_shown_to_the_directors(
    db: Database, services: Services, clock: Clock, world: World
) -> None:
    clock.now = at("2026-11-21")
    await say(services, "boss", "/qualify rmf-mcr 2027-06-20 2 Cup")
    await publish_due_text(db, world.systems, moment("2026-12-01"))

    def now() -> datetime:
        return at("2026-12-01", 13)

    worker = DeliveryWorker(db, {"console": Blocking("p2")}, clock=now)
    await worker.drain("console")
    async with db.read() as repos:
        states = {r.chat_id: r.state for r in await repos.outbox.by_prefix("qual:1:invite:")}
    assert states == {"p1": "sent", "p2": "blocked"}

    await publish_due_text(db, world.systems, moment("2026-12-02"))
    lost = await outbox(db, "qual:1:lost:")
    assert [(chat, buttons) for chat, _, buttons in lost] == [
        ("boss", ["/qrecord 1 RMF-002 confirm", "/qrecord 1 RMF-002 decline"])
    ]
    assert lost[0][1] == (
        "The qualification notice to Player 2 (RMF-002) for Cup (qualification 1) could not be "
        "delivered (console: Forbidden: bot was blocked by the user). Please reach the player "
        "another way and record the answer."
    )
    await publish_due_text(db, world.systems, moment("2026-12-03"))  # told once
    assert len(await outbox(db, "qual:1:lost:")) == 1
    assert [a for a, s in await actions(db) if a == "qualification.undelivered"] == [
        "qualification.undelivered"
    ]


async def test_the_list_in_the_readers_language(
    db: Database, services: Services, clock: Clock, world: World
) -> None:
    clock.now = at("2026-11-21")
    await say(services, "boss", "/qualify rmf-mcr 2027-06-20 2 Cup")
    await publish_due_text(db, world.systems, moment("2026-12-01"))
    texts = {
        lang: (await dispatch(services, user("boss", language=lang), "/qualifications")).plain
        for lang in ("en", "ru", "uk", "zh")
    }
    assert texts["ru"].startswith("Отбор 1: Cup (rmf-mcr), 2027-06-20")
    assert "Места: подтверждено — 0, ждут ответа — 2" in texts["ru"]
    assert texts["uk"].startswith("Відбір 1: Cup (rmf-mcr), 2027-06-20")
    assert texts["zh"].startswith("资格选拔 1：Cup（rmf-mcr），2027-06-20")
    assert len(set(texts.values())) == 4
