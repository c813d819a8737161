"""/top <discipline> [n] <date>: the list in force on a date (the latest one dated on or before
it); before the first list, the answer names the first one's date; what was stored since is
said under the current list only."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.wording.reply import Table
from fedrank.storage.database import Database
from fedrank.storage.records import NewListRow
from tests.factories import NOW, seed_federation, store_result
from tests.helpers import user


def table(reply: object) -> Table:
    [found] = [b for b in getattr(reply, "blocks", []) if isinstance(b, Table)]
    return found


async def _two_lists(db: Database) -> None:
    """seed_federation's list of 2026-11-01, an older one of 2026-10-01 (Boris first), and a
    tournament stored after the newer one."""
    seeded = await seed_federation(db)
    async with db.transaction() as repos:
        ids = seeded.players
        await repos.lists.add_snapshot(
            seeded.discipline_id,
            date(2026, 10, 1),
            [
                NewListRow(ids["RMF-002"], 1, Decimal("600"), None),
                NewListRow(ids["RMF-001"], 2, Decimal("400"), None),
            ],
            now=NOW,
        )
        await store_result(repos, seeded.discipline_id, date(2026, 11, 10), "late-cup")


async def test_a_date_between_lists_on_a_list_date_and_before_the_first(
    services: Services, db: Database
) -> None:
    await _two_lists(db)
    between = await dispatch(services, user("u1"), "/top rmf-mcr 5 2026-10-20")
    lines = between.plain.splitlines()
    assert lines[0] == "The list in force on 2026-10-20 is the list of 2026-10-01."
    assert lines[1] == "Sports mahjong: list of 2026-10-01 (top 2 of 2)"
    assert table(between).rows == (
        ("1", "Boris Petrov (RMF-002)", "600", ""),
        ("2", "Anna Ivanova (RMF-001)", "400", ""),
    )
    assert lines[-1] == "A newer list has been published since: 2026-11-01 (/top without a date)."
    assert "Since the list" not in between.plain
    # Exactly on a list's date: that list.
    on_date = await dispatch(services, user("u1"), "/top rmf-mcr 2026-10-01")
    assert on_date.plain.splitlines()[0] == (
        "The list in force on 2026-10-01 is the list of 2026-10-01."
    )
    newest = await dispatch(services, user("u1"), "/top rmf-mcr 1 2026-11-01")
    assert newest.plain.splitlines()[:2] == [
        "The list in force on 2026-11-01 is the list of 2026-11-01.",
        "Sports mahjong: list of 2026-11-01 (top 1 of 3)",
    ]
    assert table(newest).rows == (("1", "Anna Ivanova (RMF-001)", "750.5", "1 dan"),)
    # The current list says what was stored since it, as /top without a date does.
    current = await dispatch(services, user("u1"), "/top rmf-mcr 1")
    since = current.plain.splitlines()[-1]
    assert since.startswith("Stored since this list: Cup (2026-11-10)")
    assert newest.plain.splitlines()[-1] == since
    # Without a discipline (the only one there is): read in a unit of work, the same note.
    assert (await dispatch(services, user("u1"), "/top 1")).plain == current.plain
    assert "newer list" not in newest.plain
    before = await dispatch(services, user("u1"), "/top rmf-mcr 3 2026-09-30")
    assert before.plain == (
        "No list of Sports mahjong was in force on 2026-09-30: the first one is of 2026-10-01."
    )


async def test_bad_dates_and_a_discipline_without_lists(services: Services, db: Database) -> None:
    seeded = await seed_federation(db)
    bad = await dispatch(services, user("u1"), "/top rmf-mcr 3 2026-02-30")
    assert bad.plain == "“2026-02-30” is not a date; write it as YYYY-MM-DD."
    async with db.transaction() as repos:
        fed = await repos.federations.get(seeded.federation_id)
        assert fed is not None
        await repos.federations.add_discipline(
            fed, "rmf-sichuan", "Sichuan mahjong", "mahjong_rmf", "monthly"
        )
    empty = await dispatch(services, user("u1"), "/top rmf-sichuan 2026-11-01")
    assert empty.plain == "No list of Sichuan mahjong has been published yet."
    usage = await dispatch(services, user("u1"), "/top rmf-mcr rmf-sichuan 2026-11-01")
    assert "/top [discipline] [n] [YYYY-MM-DD]" in usage.plain


async def test_the_demo_ufgo_list_of_july(demo_services: Services) -> None:
    """The issue's "Done when": /top ufgo 5 2026-07-01, against the stored list of that day."""
    async with demo_services.db.read() as repos:
        ufgo = await repos.federations.discipline_by_code("ufgo")
        assert ufgo is not None
        snapshot = await repos.lists.snapshot(ufgo.id, date(2026, 7, 1))
        assert snapshot is not None
        expected = [
            (str(row.position), f"{player.name} ({player.federation_player_id})")
            for row, player in await repos.lists.top(snapshot.id, 5)
        ]
        first = (await repos.lists.snapshots(ufgo.id))[0].list_date
    reply = await dispatch(demo_services, user("u1"), "/top ufgo 5 2026-07-01")
    assert [row[:2] for row in table(reply).rows] == expected
    assert "list of 2026-07-01 (top 5 of" in reply.plain
    early = await dispatch(demo_services, user("u1", language="uk"), "/top ufgo 5 2024-07-01")
    assert early.plain == (
        "На 2024-07-01 списку «Рейтинг Української федерації го» ще не було: "
        f"перший список — від {first.isoformat()}."
    )
