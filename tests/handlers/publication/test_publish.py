"""Publication: a list is computed by the system's adapter and stored once per date."""

from datetime import UTC, date, datetime

import pytest

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.publication import publish as publication
from fedrank.handlers.systems import SystemRegistry
from fedrank.storage.database import Database
from tests.conftest import Clock, user
from tests.factories import make_director, seed_federation
from tests.handlers.fake_adapter import FakeAdapter


@pytest.fixture
def services(db: Database, clock: Clock) -> Services:
    """Services whose only system is the fake one."""
    return Services(db=db, clock=clock, systems=SystemRegistry([FakeAdapter()]))


async def test_publish_once_per_date(services: Services, db: Database) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    done = await dispatch(services, user("boss"), "/publish rmf-mcr 2026-11-15")
    assert done.plain == "Published the list of Sports mahjong on 2026-11-15: 3 players."
    again = await dispatch(services, user("boss"), "/publish rmf-mcr 2026-11-15")
    assert again.plain == "The list of Sports mahjong on 2026-11-15 was already published."
    top = await dispatch(services, user("u1"), "/top rmf-mcr 1")
    assert "list of 2026-11-15" in top.plain
    rating = await dispatch(services, user("u1"), "/rating RMF-001")
    assert "Next: more points" in rating.plain


async def test_publish_needs_a_director_and_a_date(services: Services, db: Database) -> None:
    await seed_federation(db)
    refused = await dispatch(services, user("u1"), "/publish rmf-mcr 2026-11-15")
    assert refused.plain == "Only a director of RMF may do this."
    await make_director(db, "boss")
    bad = await dispatch(services, user("boss"), "/publish rmf-mcr 1.12.2026")
    assert bad.plain == "The date must be YYYY-MM-DD."


async def test_publish_list_is_idempotent_across_calls(db: Database) -> None:
    await seed_federation(db)
    now = datetime(2026, 12, 1, tzinfo=UTC)
    _, created, size = await publication.publish_list(
        db, SystemRegistry([FakeAdapter()]), "rmf-mcr", date(2026, 12, 1), now=now, on_demand=False
    )
    _, again, _ = await publication.publish_list(
        db, SystemRegistry([FakeAdapter()]), "rmf-mcr", date(2026, 12, 1), now=now, on_demand=False
    )
    assert (created, again, size) == (True, False, 3)
    async with db.read() as repos:
        actions = [a.action for a in await repos.audit.entries()]
    assert actions == ["list.published", "list.publish_repeated"]


async def test_an_on_demand_publication_is_announced_at_once(
    services: Services, db: Database
) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    await dispatch(services, user("fan"), "/subscribe rmf-mcr")
    await dispatch(services, user("boss"), "/publish rmf-mcr 2026-11-15")
    async with db.read() as repos:
        rows = await repos.outbox.by_prefix("announce:")
        assert [(r.platform, r.chat_id, r.state) for r in rows] == [("console", "fan", "pending")]
    # Publishing the same date again announces nothing more.
    await dispatch(services, user("boss"), "/publish rmf-mcr 2026-11-15")
    async with db.read() as repos:
        assert len(await repos.outbox.by_prefix("announce:")) == 1


async def test_a_list_cannot_be_dated_after_today(services: Services, db: Database) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    # 12:00 UTC on 21 November is still 21 November in Moscow.
    refused = await dispatch(services, user("boss"), "/publish rmf-mcr 2026-11-22")
    assert refused.plain == "A list cannot be dated after today (2026-11-21)."
    with pytest.raises(ValueError, match="after today"):
        await publication.publish_list(
            db,
            SystemRegistry([FakeAdapter()]),
            "rmf-mcr",
            date(2026, 12, 1),
            now=datetime(2026, 11, 30, tzinfo=UTC),
            on_demand=True,
        )


async def test_the_chat_and_the_operator_publish_the_same_way(
    services: Services, db: Database
) -> None:
    """/publish and publish_list are one implementation: the same snapshot rule, the same
    audit line (the chat's names the director), the same refusal of a future date."""
    await seed_federation(db)
    await make_director(db, "boss")
    await dispatch(services, user("boss"), "/publish rmf-mcr 2026-11-15")
    _, created, size = await publication.publish_list(
        db,
        services.systems,
        "rmf-mcr",
        date(2026, 11, 15),
        now=datetime(2026, 11, 21, 12, tzinfo=UTC),
        on_demand=True,
    )
    assert (created, size) == (False, 3)
    async with db.read() as repos:
        lines = [
            (a.action, a.subject, a.account_id is not None, a.details)
            for a in await repos.audit.entries()
            if a.action.startswith("list.publ")
        ]
    assert lines == [
        ("list.published", "rmf-mcr 2026-11-15", True, {"rows": 3, "on_demand": True}),
        ("list.publish_repeated", "rmf-mcr 2026-11-15", False, {"rows": 3, "on_demand": True}),
    ]
    with pytest.raises(publication.FutureListError) as future:
        await publication.publish_list(
            db,
            services.systems,
            "rmf-mcr",
            date(2026, 11, 22),
            now=datetime(2026, 11, 21, 12, tzinfo=UTC),
            on_demand=True,
        )
    assert future.value.today == date(2026, 11, 21)


async def test_a_list_cannot_be_dated_before_the_first_result(
    services: Services, db: Database
) -> None:
    """The first stored result is of 2026-10-10: a list of 2020-01-01 would be empty."""
    await seed_federation(db)
    await make_director(db, "boss")
    early = await dispatch(services, user("boss"), "/publish rmf-mcr 2020-01-01")
    assert early.plain == (
        "A list of Sports mahjong cannot be dated 2020-01-01: that is before its first stored "
        "result (2026-10-10), so it would be empty."
    )
    with pytest.raises(publication.EarlyListError, match="first stored result is of 2026-10-10"):
        await publication.publish_list(
            db,
            SystemRegistry([FakeAdapter()]),
            "rmf-mcr",
            date(2026, 10, 9),
            now=datetime(2026, 11, 21, tzinfo=UTC),
            on_demand=True,
        )
    async with db.read() as repos:
        assert [a.action for a in await repos.audit.entries()] == []
    on_the_day = await dispatch(services, user("boss"), "/publish rmf-mcr 2026-10-10")
    assert on_the_day.plain.startswith("Published the list of Sports mahjong on 2026-10-10")


async def test_the_players_of_a_list_are_counted_in_each_language(
    services: Services, db: Database
) -> None:
    await seed_federation(db, names={"RMF-001": "Anna Ivanova"})
    await make_director(db, "boss")
    one = await dispatch(services, user("boss"), "/publish rmf-mcr 2026-11-15")
    assert one.plain == "Published the list of Sports mahjong on 2026-11-15: 1 player."
