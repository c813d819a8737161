"""The chat commands of qualification windows: /qualify and its refusals, answers that cannot
be taken, /qualification for directors only."""

from __future__ import annotations

from datetime import date

import pytest

from fedrank.handlers.context import Services
from fedrank.handlers.qualification import advance_all
from fedrank.storage.database import Database
from tests.conftest import Clock
from tests.handlers.fake_adapter import World
from tests.handlers.qualification.helpers import at, outbox, say, slots


@pytest.mark.parametrize(
    ("who", "args", "expected"),
    [
        ("p1", "rmf-mcr 2027-06-20 2 Cup", "director"),
        ("boss", "rmf-mcr 2027-06-20 0 Cup", "quota"),
        ("boss", "rmf-mcr 2027-13-20 2 Cup", "YYYY-MM-DD"),
        ("boss", "rmf-mcr 2027-06-20 1 Cup presidium=RMF-001,RMF-002", "exceed"),
        ("boss", "rmf-mcr 2027-06-20 1 Cup presidium=RMF-999", "RMF-999"),
        ("boss", "rmf-mcr 2027-06-20 1 Cup date=2027-07-01", "after the event"),
        ("boss", "rmf-mcr 2027-06-20", "/qualify"),
    ],
)
async def test_qualify_refusals(
    services: Services, world: World, who: str, args: str, expected: str
) -> None:
    reply = await say(services, who, f"/qualify {args}")
    assert expected in reply.plain


async def test_a_window_whose_date_has_passed_asks_how_to_go_on(
    db: Database, qservices: Services, clock: Clock, world: World
) -> None:
    """Issue 22: on 2026-11-21 an event of March 2027 has its qualification date 2026-09-01
    (3.3) behind it, and the 7 days to inform (3.4) too; nothing is written until the
    director chooses between informing now and another date."""
    clock.now = at("2026-11-21")
    reply = await say(qservices, "boss", '/qualify rmf-mcr 2027-03-10 2 "Spring Cup"')
    assert reply.plain.splitlines() == [
        "The qualification date 2026-09-01 has passed.",
        "It was 81 days ago, and the 7 days to inform the players ended on 2026-09-08 "
        "(seed 000 section 3.4).",
        "Inform now: the list of that date is frozen and the players invited today, with 15 "
        "days to answer (until 2026-12-06).",
        "Or set another qualification date decided by the Presidium (section 3.3): "
        '/qualify rmf-mcr 2027-03-10 2 "Spring Cup" date=YYYY-MM-DD',
    ]
    assert [b.action for b in reply.buttons] == [
        '/qualify rmf-mcr 2027-03-10 2 "Spring Cup" inform=now'
    ]
    async with db.read() as repos:
        assert list(await repos.qualifications.open_ones(date.min)) == []

    # The button: created, frozen on the old date, invited today with 15 days from today.
    chosen = await say(qservices, "boss", reply.buttons[0].action)
    assert "The list of 2026-09-01 is frozen now." in chosen.plain
    assert "Invited today: 2; answers are due by 2026-12-06." in chosen.plain
    assert await slots(db) == {
        "RMF-001": ("invited", "2026-12-06"),
        "RMF-002": ("invited", "2026-12-06"),
    }
    assert [chat for chat, _, _ in await outbox(db, "qual:1:invite:")] == ["p1", "p2"]
    async with db.read() as repos:
        created = [e.details for e in await repos.audit.entries("qualification.created")]
    assert created[0]["late"] is True and created[0]["inform_now"] is True


async def test_a_late_window_within_its_seven_days_and_another_date(
    db: Database, qservices: Services, clock: Clock, world: World
) -> None:
    """Three days after the date the 7 days still run (3.4): said so; the Presidium's other
    date (3.3) in the future creates a window frozen on that date, as usual."""
    clock.now = at("2026-09-04")
    reply = await say(qservices, "boss", "/qualify rmf-mcr 2027-03-10 2 Cup")
    assert "The players must be informed within 7 days of it, by 2026-09-08" in reply.plain
    other = await say(qservices, "boss", "/qualify rmf-mcr 2027-03-10 2 Cup date=2026-10-06")
    assert "The list will be frozen on 2026-10-06" in other.plain
    assert await slots(db) == {}


async def test_a_window_whose_date_is_today_is_frozen_at_once(
    db: Database, qservices: Services, clock: Clock, world: World
) -> None:
    """On the qualification date itself the date is today, not passed (no off-by-one), and
    the invitations go out in the same request."""
    clock.now = at("2026-09-01")
    reply = await say(qservices, "boss", '/qualify rmf-mcr 2027-03-10 2 "Spring Cup"')
    assert "has passed" not in reply.plain
    assert "The list of 2026-09-01 is frozen now." in reply.plain
    assert "Invited today: 2; answers are due by 2026-09-16." in reply.plain


@pytest.mark.parametrize(
    ("who", "command", "expected"),
    [
        (
            "p1",
            "/qconfirm 1",
            "Qualification 1 (Cup) is not open yet: its list is frozen on 2026-12-01",
        ),
        ("p1", "/qconfirm x", "/qconfirm <id>"),
        ("p1", "/qdecline 1 maybe", "/qdecline <id> [yes]"),
        ("p1", "/qconfirm 99", "There is no qualification 99."),
        ("p1", "/qualification 1", "Only a director of RMF"),
        ("p1", "/qrecord 1 RMF-002 confirm", "Only a director of RMF"),
        ("p1", "/qrestore 1 RMF-002", "Only a director of RMF"),
        ("boss", "/qualification 9", "There is no qualification 9."),
        ("boss", "/qrecord 1 RMF-002 maybe", "/qrecord <qualification> <player ID>"),
        ("boss", "/qrecord 1 RMF-999 confirm", "RMF-999"),
        ("boss", "/qrecord 1 RMF-006 confirm", "RMF-006) holds no place"),
        ("boss", "/qrestore 1 RMF-001", "Player 1 (RMF-001) has not declined a place"),
        ("stranger", "/qdecline 1", "Your account is not linked to a player of RMF"),
    ],
)
async def test_answers_and_views_that_are_refused(
    db: Database,
    services: Services,
    clock: Clock,
    world: World,
    who: str,
    command: str,
    expected: str,
) -> None:
    clock.now = at("2026-11-21")
    await say(services, "boss", "/qualify rmf-mcr 2027-06-20 2 Cup")
    if command != "/qconfirm 1":  # before the freeze there is nothing to answer
        await advance_all(db, at("2026-12-01"), systems=world.systems)
    assert expected in (await say(services, who, command)).plain
