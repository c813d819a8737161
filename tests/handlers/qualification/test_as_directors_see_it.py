"""Qualification as directors see it (issue 33 item 6): players named by name and ID, one
answer when a list cannot be frozen, players without a membership said with how to give one,
the frozen list equal to the published list of its date, and answers dated the day they were
given (never in the future, never before the invitation), audited with who recorded them."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from fedrank.handlers.context import Services
from fedrank.handlers.qualification import advance_all
from fedrank.handlers.systems import all_systems
from fedrank.storage.database import Database
from tests.conftest import Clock
from tests.handlers.fake_adapter import World
from tests.handlers.qualification.helpers import at, outbox, say, slots
from tests.handlers.systems.mahjong_rmf.helpers import seed, sheet, submit_and_confirm


async def test_a_presidium_place_for_a_non_member_is_named_in_one_answer(
    db: Database, qservices: Services, clock: Clock, world: World
) -> None:
    """Player 6 has no membership. Named by the Presidium on the qualification date itself,
    the reply says once that the window is created but not frozen, names him by name and ID
    (not by a row number), and how to go on; a membership given, the next run freezes it."""
    clock.now = at("2026-12-01")
    reply = await say(qservices, "boss", "/qualify rmf-mcr 2027-06-20 2 Cup presidium=RMF-006")
    lines = reply.plain.splitlines()
    assert lines[0] == (
        "Qualification 1 created: Cup (Sports mahjong) on 2027-06-20, quota 2 (1 by the "
        "Presidium). Its list of 2026-12-01 is not frozen, and nobody is invited."
    )
    assert lines[1] == (
        "Qualification 1 cannot be frozen: Player 6 (RMF-006), named by the Presidium, not a "
        "member on 2026-12-01 (seed 000 section 3.2)"
    )
    assert "/playeredit <ID> member_from=YYYY-MM-DD" in lines[2]
    assert "frozen now" not in reply.plain and "Invited" not in reply.plain
    assert f"'{world['6']}'" not in reply.plain
    told = await outbox(db, "qual:1:refused")
    assert len(told) == 1 and "Player 6 (RMF-006), named by the Presidium" in told[0][1]
    shown = (await say(qservices, "boss", "/qualification 1")).plain
    assert "Player 6 (RMF-006), named by the Presidium" in shown
    assert "Without any membership, so outside every qualification (section 3.2) (1): " in shown

    edited = await say(qservices, "boss", "/playeredit RMF-006 member_from=2026-01-01")
    assert "RMF-006" in edited.plain
    await advance_all(db, at("2026-12-02"), systems=world.systems)
    assert await slots(db) == {
        "RMF-006": ("invited", "2026-12-17"),
        "RMF-001": ("invited", "2026-12-17"),
    }
    # The same refusal is told once, however many runs meet it.
    assert len(await outbox(db, "qual:1:refused")) == 1


async def test_the_frozen_list_is_the_published_list_of_its_date(
    db: Database, services: Services, clock: Clock
) -> None:
    """From an empty database: RMF-0001 brought 1 dan from the previous system (the registry's
    starting level). The list frozen on 2026-12-01 must show what the list of that date shows
    (590 for him); it used to replay without starting levels, so he stood at 6k there (EU/4
    125 + 75 for his T5 of 100 = 200): issue 33's 278.7 frozen against 460.7 listed."""
    ids = await seed(db)
    async with db.transaction() as repos:
        one = await repos.players.get(ids["RMF-0001"])
        assert one is not None
        one.data = {"mahjong_rmf": {"levels": {"mcr": ["D1", "2025-06-01"]}}}
        for pid in ids.values():
            await repos.players.add_membership(pid, date(2020, 1, 1), None)
    await submit_and_confirm(services, sheet())
    clock.now = at("2026-12-01")
    created = await say(services, "boss", "/qualify rmf-mcr 2027-06-20 3 Cup")
    assert "The list of 2026-12-01 is frozen now." in created.plain
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code("rmf-mcr")
        assert discipline is not None
        published = (
            await all_systems()
            .adapter("mahjong_rmf")
            .compute_list(repos, discipline, date(2026, 12, 1))
        )
        row = await repos.qualifications.get(1)
        assert row is not None
        frozen = {int(p): (pos, r) for p, pos, r in row.data["list"]}
    listed = {r.player_id: (r.position, r.rating) for r in published.rows}
    assert {p: (pos, round(float(r), 2)) for p, (pos, r) in frozen.items()} == {
        p: (pos, float(r)) for p, (pos, r) in listed.items()
    }
    assert listed[ids["RMF-0001"]] == (1, Decimal("590"))
    shown = (await say(services, "boss", "/qualification 1")).plain
    assert "1 | Player 01 (RMF-0001) | 590" in shown.splitlines()


async def test_answers_dated_the_day_they_were_given(
    db: Database, services: Services, clock: Clock, world: World
) -> None:
    """Invited on 2026-12-01 (15 days: until 2026-12-16). On 2026-12-10 the director records
    that player 1 accepted by phone on 2026-12-05; player 2 confirms himself, dating it
    2026-12-04; a date in the future or before the invitation is refused, writing nothing."""
    clock.now = at("2026-11-21")
    await say(services, "boss", "/qualify rmf-mcr 2027-06-20 2 Cup")
    await advance_all(db, at("2026-12-01"), systems=world.systems)
    clock.now = at("2026-12-10")

    future = await say(services, "boss", "/qrecord 1 RMF-001 confirm 2026-12-11 by phone")
    assert future.plain == (
        "The date 2026-12-11 is in the future: an answer is recorded on the day it was given, "
        "today (2026-12-10) at the latest."
    )
    early = await say(services, "boss", "/qrecord 1 RMF-001 confirm 2026-11-30 by phone")
    assert early.plain == (
        "Player 1 (RMF-001) was invited on 2026-12-01: an answer dated 2026-11-30 would be "
        "before the invitation."
    )
    own_future = await say(services, "p2", "/qconfirm 1 2026-12-12")
    assert "2026-12-12 is in the future" in own_future.plain
    assert await slots(db) == {
        "RMF-001": ("invited", "2026-12-16"),
        "RMF-002": ("invited", "2026-12-16"),
    }

    recorded = await say(services, "boss", "/qrecord 1 RMF-001 confirm 2026-12-05 by phone")
    assert recorded.plain.splitlines() == [
        "Recorded: Player 1 (RMF-001) confirms the place in Cup (qualification 1).",
        "The answer is recorded as given on 2026-12-05.",
    ]
    own = await say(services, "p2", "/qconfirm 1 2026-12-04")
    assert own.plain.splitlines()[-1] == "The answer is recorded as given on 2026-12-04."
    assert await slots(db) == {
        "RMF-001": ("confirmed", "2026-12-16"),
        "RMF-002": ("confirmed", "2026-12-16"),
    }
    async with db.read() as repos:
        boss = await repos.accounts.by_platform("console", "boss")
        assert boss is not None
        boss_id = boss.id
        answers = [e.details for e in await repos.audit.entries("qualification.answer")]
        slot_rows = {s.player_id: s.answered_at for s in await repos.qualifications.slots(1)}
    assert answers[0] | {"at": ""} == {
        "consent": True,
        "at": "",
        "answered_on": "2026-12-05",
        "recorded_by": boss_id,
        "note": "by phone",
        "by_director": True,
    }
    assert answers[0]["at"] == at("2026-12-10").isoformat()  # when it was recorded
    assert answers[1]["answered_on"] == "2026-12-04" and "recorded_by" not in answers[1]
    answered = slot_rows[world["1"]]
    assert answered is not None and answered.date() == date(2026, 12, 5)


async def test_an_answer_given_before_the_deadline_is_recorded_after_it(
    db: Database, services: Services, clock: Clock, world: World
) -> None:
    """Player 1's deadline was 2026-12-16 and the scheduler has not run since; on 2026-12-18
    the director records the consent he gave by phone on 2026-12-15: it counts (3.5), and
    player 2, silent, moves to the reserve as the rules say. Dated after the deadline, it is
    refused with the state."""
    clock.now = at("2026-11-21")
    await say(services, "boss", "/qualify rmf-mcr 2027-06-20 2 Cup")
    await advance_all(db, at("2026-12-01"), systems=world.systems)
    clock.now = at("2026-12-18")
    late = await say(services, "boss", "/qrecord 1 RMF-001 confirm 2026-12-17")
    assert "holds no place that awaits this answer" in late.plain
    recorded = await say(services, "boss", "/qrecord 1 RMF-001 confirm 2026-12-15")
    assert "The answer is recorded as given on 2026-12-15." in recorded.plain
    state = await slots(db)
    assert state["RMF-001"] == ("confirmed", "2026-12-16")
    assert state["RMF-002"][0] == "reserve" and state["RMF-003"][0] == "invited"
