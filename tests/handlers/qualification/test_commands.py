"""The chat commands of qualification windows: /qualify and its refusals, answers that cannot
be taken, /qualification for directors only."""

from __future__ import annotations

import pytest

from fedrank.handlers.context import Services
from fedrank.handlers.qualification import advance_all
from fedrank.storage.database import Database
from tests.conftest import Clock
from tests.handlers.fake_adapter import World
from tests.handlers.qualification.helpers import at, say


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


async def test_a_window_whose_date_has_passed_says_so(
    services: Services, clock: Clock, world: World
) -> None:
    clock.now = at("2026-11-21")
    reply = await say(services, "boss", '/qualify rmf-mcr 2027-03-10 2 "Spring Cup"')
    # First Tuesday of September 2026 (3.3), already behind us on 21 November.
    assert "Its qualification date 2026-09-01 has passed" in reply.plain
    assert "will be frozen" not in reply.plain


async def test_a_window_whose_date_is_today_does_not_say_it_has_passed(
    services: Services, clock: Clock, world: World
) -> None:
    """On the qualification date itself the date is today, not passed (no off-by-one)."""
    clock.now = at("2026-09-01")
    reply = await say(services, "boss", '/qualify rmf-mcr 2027-03-10 2 "Spring Cup"')
    assert "Its qualification date is today, 2026-09-01:" in reply.plain
    assert "has passed" not in reply.plain


@pytest.mark.parametrize(
    ("who", "command", "expected"),
    [
        ("p1", "/qconfirm 1", "There is no open qualification 1"),
        ("p1", "/qconfirm x", "/qconfirm <id>"),
        ("p1", "/qualification 1", "Only a director of RMF"),
        ("boss", "/qualification 9", "There is no open qualification 9"),
        ("stranger", "/qdecline 1", "Your account is not linked yet"),
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
