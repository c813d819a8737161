"""Holdings from the ledger at an event's start, memberships (§2.9.8), and the replay of
later events after a correction or a late submission. The figures are those of
:mod:`tests.handlers.systems.bridge_ccba.helpers`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.federation.registry.importing import prepare_import, write_import
from fedrank.handlers.systems.bridge_ccba.history import MEMBERSHIPS, Ledger, Line, covers
from fedrank.handlers.systems.bridge_ccba.importing import Holding
from fedrank.storage.database import Database
from fedrank.storage.models import Membership
from tests.conftest import user
from tests.handlers.systems.bridge_ccba.helpers import (
    ALL_300,
    NAME,
    event_file,
    figures,
    seed,
    submit_and_confirm,
    version_of,
)


async def test_non_members_and_guests_hold_zero(services: Services, db: Database) -> None:
    """CCBA-0016's membership ended on 2025-12-31 (a non-member, his file mp=300 not counted)
    and P08 plays with a guest GUEST-0099 (member=no, not in the database). TEAM AVGM of P07
    (CCBA-0013 + CCBA-0016) and P08 (CCBA-0015 + guest) = (300 + 0) / 2 = 150, so AVGM =
    (6 x 300 + 2 x 150) / 8 = 262.50, M = 2 + 262.5/300 = 2.875 -> 2.88 = V; P08 wins:
    0.60 x 2.88 = 1.728 -> 1.73, P07 2nd: 0.30 x 2.88 = 0.864 -> 0.86, 3rd 0.3456 -> 0.35."""
    await seed(db, ended={16: date(2025, 12, 31)})
    text = event_file(
        code="guests",
        order=(8, 7, 1, 2, 3, 4, 5, 6),
        mp=ALL_300,
        pairs={
            7: ("CCBA-0013", "CCBA-0016"),
            8: ("CCBA-0015", "GUEST-0099 member=no"),
        },
    )
    text = text.replace("player CCBA-0014 mp=300\n", "").replace(
        "  player CCBA-0015 mp=300\n  player GUEST", "  player CCBA-0015 mp=300\n  player GUEST"
    )
    preview = await dispatch(services, user("boss"), "/submit ccba\n" + text)
    shown = preview.plain
    assert "N 8 |  | M 2.88 | AVGM 262.50" in shown
    assert "1. GUEST-0099 · P08 | guest | — | non-member not in the database: holds 0, no ledg" in (
        shown
    )
    assert "1. Player 15 (CCBA-0015) · P08 | mp 300 | mp 301.73 | +1.73 red (place)" in shown
    assert (
        "2. Player 16 (CCBA-0016) · P07 | mp 0 | mp 0.86 | +0.86 red (place); non-member on "
        "2026-09-05: holds 0 (seed 001 §2.9.8)"
    ) in shown
    assert "CCBA-0016 is not a member on 2026-09-05; the holding in the file is not counted" in (
        shown
    )
    assert "guests not in the database (non-members, no ledger line): GUEST-0099" in shown
    await dispatch(services, user("boss"), preview.buttons[0].action)
    rating = (await dispatch(services, user("u1"), "/rating CCBA-0016")).plain
    # He receives his unit's line (the engine's Decision 6) but brought no opening holding.
    assert "Points: masterpoints red 0.86" in rating
    assert "opening" not in rating
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("ccba")
        assert disc is not None
        tournament = await repos.ledger.tournament(disc.id, "guests")
        assert tournament is not None
        awards = [
            a
            for a in await repos.ledger.discipline_awards(disc.id)
            if a.kind == "masterpoints" and a.colour == "red"
        ]
        # 2 + 2 + 2 lines for three paid pairs, less the guest's: 5.
        assert sorted(a.amount for a in awards) == [Decimal("0.35")] * 2 + [Decimal("0.86")] * 2 + [
            Decimal("1.73")
        ]


async def test_correction_makes_version_2_and_replays_the_later_event(
    services: Services, db: Database
) -> None:
    """The September event is corrected: P08 (CCBA-0015, CCBA-0016) brought 1500 each, not
    300. Club events cap a TEAM AVGM at 1000 (§1.3.1), so AVGM = (7 x 300 + 1000) / 8 =
    387.50 and M = 2 + 387.5/300 = 3.2917 -> 3.29: 0.60 x 3.29 = 1.974 -> 1.97, 0.30 x 3.29 =
    0.987 -> 0.99, 0.12 x 3.29 = 0.3948 -> 0.39.
    The October event (P08 first) then reads 301.97, 300.99, 300.39, 300 x4 and 1500 (capped
    1000): AVGM = 3103.35 / 8 = 387.91875 -> 387.92, M = 2 + 387.92/300 = 3.2931 -> 3.29, so it
    pays 1.97 / 0.99 / 0.39 instead of 1.80 / 0.90 / 0.36 and is replayed as version 2."""
    await seed(db)
    await submit_and_confirm(services, event_file(mp=ALL_300, code="chengdu-2026-09"))
    october = event_file(
        name="2026 十月双人赛", held="2026-10-10", order=(8, 7, 6, 5, 4, 3, 2, 1), code="oct"
    )
    await submit_and_confirm(services, october)
    assert figures((await version_of(db, "oct"))[1]) == ("300.38", "3.00")

    corrected = event_file(mp={**ALL_300, 15: "1500", 16: "1500"}, code="chengdu-2026-09")
    preview = await dispatch(services, user("boss"), "/submit ccba\n" + corrected)
    shown = preview.plain
    assert "M 3.29 | AVGM 387.50" in shown
    assert "1. Player 01 (CCBA-0001) · P01 | mp 300 | mp 301.97 | +1.97 red (place)" in shown
    assert "chengdu-2026-09 is stored (version 1): this correction becomes version 2" in shown
    assert "Stored tournaments re-rated because of this submission: 2026 十月双人赛" in shown
    saved = await dispatch(services, user("boss"), preview.buttons[0].action)
    assert saved.plain == f"Saved: {NAME}, version 2, code chengdu-2026-09."

    version, params, reason = await version_of(db, "oct")
    assert (version, figures(params), reason) == (
        2,
        ("387.92", "3.29"),
        "replayed after correction of chengdu-2026-09",
    )
    rating = (await dispatch(services, user("u1"), "/rating CCBA-0015")).plain
    assert "Points: masterpoints red 1.97, opening masterpoints 1500" in rating
    rating = (await dispatch(services, user("u1"), "/rating CCBA-0001")).plain
    assert "Points: masterpoints red 1.97, opening masterpoints 300" in rating

    # The same correction again is identical to the stored version 2: nothing to write.
    again = await dispatch(services, user("boss"), "/submit ccba\n" + corrected)
    assert "is identical to the stored version 2: nothing to confirm" in again.plain
    assert again.buttons == []


async def test_a_late_event_replays_later_ones(services: Services, db: Database) -> None:
    """A new event dated before a stored one replays the later ones ("submission"). October
    is stored first, everyone bringing 300 in its file (openings, M 3.00). Then August comes,
    with P08 bringing 1500: its openings and awards are the corrected September's above
    (AVGM 387.50, M 3.29, 1.97 / 0.99 / 0.39). October now sees that history: its file's
    mp=300 are ignored, its own openings go, and AVGM = 387.92, M = 3.29 as in the correction
    test, so October becomes version 2."""
    await seed(db)
    october = event_file(
        name="2026 十月双人赛",
        held="2026-10-10",
        order=(8, 7, 6, 5, 4, 3, 2, 1),
        code="oct",
        mp=ALL_300,
    )
    await submit_and_confirm(services, october)
    august = event_file(held="2026-08-08", code="aug", mp={**ALL_300, 15: "1500", 16: "1500"})
    preview = await dispatch(services, user("boss"), "/submit ccba\n" + august)
    assert "re-rated because of this submission: 2026 十月双人赛" in preview.plain
    await dispatch(services, user("boss"), preview.buttons[0].action)
    version, params, reason = await version_of(db, "oct")
    assert (version, figures(params), reason) == (
        2,
        ("387.92", "3.29"),
        "replayed after submission of aug",
    )
    # October's own file gave mp=300; now the August lines are his history: ignored, and the
    # openings of October's version 1 are gone with it.
    rating = (await dispatch(services, user("u1"), "/rating CCBA-0015")).plain
    assert "Points: masterpoints red 1.97, opening masterpoints 1500" in rating


def test_a_holding_is_the_sum_of_the_lines_dated_before_the_event() -> None:
    """mp counts platinum, gold, silver, red and the opening holding, not blue; ymp the youth
    lines and the opening youth holding; a line of the event's own day is not seen."""
    day, earlier = date(2026, 9, 5), date(2026, 3, 1)
    ledger = Ledger(
        [
            Line(1, 7, earlier, "opening masterpoints", None, Decimal(300)),
            Line(1, 7, earlier, "masterpoints", "gold", Decimal("2.5")),
            Line(1, 7, earlier, "masterpoints", "blue", Decimal(4)),
            Line(2, 7, earlier, "youth masterpoints", "red", Decimal("1.44")),
            Line(3, 7, day, "masterpoints", "red", Decimal(9)),
            Line(1, 8, earlier, "opening youth", None, Decimal(50)),
        ]
    )
    assert ledger.holding(7, day) == Holding(Decimal("302.5"), Decimal("1.44"), True, True)
    assert ledger.holding(8, day) == Holding(Decimal(0), Decimal(50), False, True)
    assert ledger.holding(9, day) == Holding(Decimal(0), Decimal(0), False, False)
    ledger.drop(1)
    ledger.add([Line("new:x", 7, earlier, "masterpoints", "red", Decimal(1))])
    assert ledger.holding(7, day) == Holding(Decimal(1), Decimal("1.44"), True, True)
    assert [ln.player_id for ln in ledger.of_source("new:x")] == [7]


async def test_memberships_are_read_once_per_unit_of_work(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    await seed(db, ended={16: date(2025, 12, 31)})
    for _ in range(2):
        async with db.read() as repos:
            reads: list[int] = []
            read = repos.players.memberships

            async def counted(
                player_id: int, reads: list[int] = reads, read: Any = read
            ) -> Sequence[Membership]:
                reads.append(player_id)
                found: Sequence[Membership] = await read(player_id)
                return found

            monkeypatch.setattr(repos.players, "memberships", counted)
            assert await covers(repos, 16, date(2025, 12, 31))
            assert not await covers(repos, 16, date(2026, 1, 1))
            assert await covers(repos, 1, date(2030, 1, 1))
            assert not await covers(repos, 1, date(2019, 12, 31))
            # Each unit of work reads a player's memberships once, into its own memo.
            assert reads == [16, 1] and set(repos.memo[MEMBERSHIPS]) == {1, 16}


async def test_the_registrys_membership_dates_decide_the_m_factor(
    services: Services, db: Database
) -> None:
    """§2.9.8 on the event's date (2026-09-05), as the registry file dates the membership.
    Everyone's file holding is 300. Ended on the event's day itself, CCBA-0016 is still a
    member: AVGM 300.00, M 3.00. Ended the day before, he holds 0: P08's team average is
    (300 + 0) / 2 = 150, AVGM = (7 x 300 + 150) / 8 = 281.25, M = 2 + 281.25/300 = 2.9375
    -> 2.94."""
    await seed(db)
    text = event_file(code="dated", mp=ALL_300)

    async def registry(ends: str) -> None:
        content = f"id,name,member_from,member_to\nCCBA-0016,Player 16,2020-01-01,{ends}\n"
        async with db.transaction() as repos:
            plan = await prepare_import(
                repos, services.systems, "CCBA", "members.csv", content.encode()
            )
            assert [c.fields for c in plan.changed] == [
                {"member_to": (plan.changed[0].fields["member_to"][0], ends)}
            ]
            await write_import(repos, plan, now=services.now())

    await registry("2026-09-05")
    on_the_day = (await dispatch(services, user("boss"), "/submit ccba\n" + text)).plain
    assert "M 3.00 | AVGM 300.00" in on_the_day
    await registry("2026-09-04")
    day_before = (await dispatch(services, user("boss"), "/submit ccba\n" + text)).plain
    assert "M 2.94 | AVGM 281.25" in day_before
    assert "non-member on 2026-09-05: holds 0 (seed 001 §2.9.8)" in day_before
