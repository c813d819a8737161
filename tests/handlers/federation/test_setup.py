"""Setting a federation up: each use case, each refusal (which writes nothing), the disabled
discipline seen by submissions and the scheduler, and /start on an empty database."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import pytest
from sqlalchemy import func, select

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.errors import UserError
from fedrank.handlers.federation import setup
from fedrank.handlers.publication.announcements import announce_in
from fedrank.handlers.systems import SystemRegistry, all_systems
from fedrank.scheduler.jobs import publish_due
from fedrank.storage.database import Database
from fedrank.storage.models import AuditLog, Discipline, Federation, Subscription, Tournament
from tests.conftest import user
from tests.factories import NOW, make_director, seed_federation, store_result
from tests.handlers.fake_adapter import FakeAdapter
from tests.handlers.federation.test_admin import make_admin
from tests.handlers.systems.mahjong_rmf import helpers as rmf

OPERATOR = setup.Actor(None, "en", NOW)


async def _counts(db: Database) -> dict[str, Any]:
    async with db.read() as repos:
        s = repos.session
        return {
            "federations": (await s.scalars(select(Federation.code))).all(),
            "disciplines": (
                await s.execute(
                    select(Discipline.code, Discipline.disabled).order_by(Discipline.id)
                )
            ).all(),
            "audit": await s.scalar(select(func.count(AuditLog.id))),
        }


async def _refused(db: Database, work: Any) -> str:
    """Run ``work(repos)`` in a transaction that must refuse; the refusal's message."""
    before = await _counts(db)
    with pytest.raises(UserError) as refused:
        async with db.transaction() as repos:
            await work(repos)
    assert await _counts(db) == before
    return refused.value.message


async def test_a_federation_is_added_and_audited(db: Database) -> None:
    async with db.transaction() as repos:
        added = await setup.add_federation(
            repos,
            OPERATOR,
            "ufgo",
            "  Ukrainian   Go Federation ",
            timezone="Europe/Kyiv",
            language="uk",
        )
    async with db.read() as repos:
        stored = await repos.federations.by_code("UFGO")
        assert stored is not None and stored.id == added.id
        assert (stored.code, stored.name, stored.timezone, stored.language) == (
            "UFGO",
            "Ukrainian Go Federation",
            "Europe/Kyiv",
            "uk",
        )
        (entry,) = await repos.audit.entries("federation.added")
        assert (entry.account_id, entry.subject, entry.details) == (
            None,
            "UFGO",
            {"name": "Ukrainian Go Federation", "timezone": "Europe/Kyiv", "language": "uk"},
        )


@pytest.mark.parametrize(
    ("code", "name", "timezone", "language", "message"),
    [
        (
            "UFGO",
            "Go",
            "Europe/Kiev2",
            "uk",
            "Unknown time zone “Europe/Kiev2”: give an IANA name such as Area/City. Closest: "
            "Europe/Kiev, Europe/Kyiv, Europe/Kirov.",
        ),
        ("UFGO", "Go", "../../etc/passwd", "uk", "Unknown time zone “../../etc/passwd”"),
        ("UFGO", "Go", "UTC", "de", "Unknown language “de”. Languages: en, ru, uk, zh."),
        ("U F", "Go", "UTC", "en", "“U F” cannot be a federation code"),
        ("1UFGO", "Go", "UTC", "en", "“1UFGO” cannot be a federation code"),
        ("UFGO", "   ", "UTC", "en", "A name is needed, at most 200 characters."),
        ("UFGO", "x" * 201, "UTC", "en", "A name is needed, at most 200 characters."),
        (
            "rmf",
            "Again",
            "UTC",
            "en",
            "Federation RMF (Russian Mahjong Federation) exists already.",
        ),
    ],
)
async def test_federation_refusals_write_nothing(
    db: Database, code: str, name: str, timezone: str, language: str, message: str
) -> None:
    await seed_federation(db)
    refused = await _refused(
        db,
        lambda repos: setup.add_federation(
            repos, OPERATOR, code, name, timezone=timezone, language=language
        ),
    )
    assert refused.startswith(message)


@pytest.mark.parametrize(
    ("system", "name", "calendar"),
    [
        ("mahjong_rmf", "Sichuan mahjong", "monthly"),
        ("bridge_fsbr", "FSBR classification", "monthly"),
        ("go_ufgo", "UFGO rating", "quarterly"),
        ("othello_woc", "World Othello Championship", "on_demand"),
        ("bridge_ccba", "CCBA masterpoints", "yearly"),
    ],
)
async def test_a_discipline_takes_its_systems_calendar_by_default(
    db: Database, system: str, name: str, calendar: str
) -> None:
    await seed_federation(db)
    async with db.transaction() as repos:
        federation = await setup.federation_named(repos, OPERATOR, "rmf")
        added = await setup.add_discipline(
            repos, all_systems(), OPERATOR, federation, "New-List", system, name
        )
        assert (added.code, added.calendar, added.disabled) == ("new-list", calendar, False)
    async with db.transaction() as repos:
        federation = await setup.federation_named(repos, OPERATOR, "RMF")
        chosen = await setup.add_discipline(
            repos, all_systems(), OPERATOR, federation, "other", system, name, calendar="yearly"
        )
        assert chosen.calendar == "yearly"


async def test_riichi_is_refused_naming_the_rule(db: Database) -> None:
    await seed_federation(db)

    async def riichi(repos: Any) -> None:
        federation = await setup.federation_named(repos, OPERATOR, "RMF")
        await setup.add_discipline(
            repos, all_systems(), OPERATOR, federation, "riichi", "mahjong_rmf", "Riichi"
        )

    assert await _refused(db, riichi) == (
        "A mahjong_rmf discipline cannot be added: the RMF rulebook has two lists, sports "
        "mahjong (MCR) and Sichuan mahjong, and “riichi” (Riichi) names neither; put MCR, "
        "sports or Sichuan in its code or name (seed 000 section 2: each discipline (sports, "
        "Sichuan) has its own list)."
    )


@pytest.mark.parametrize(
    ("code", "system", "calendar", "systems", "message"),
    [
        ("x", "chess_fide", None, None, "Unknown system “chess_fide”. Systems: mahjong_rmf,"),
        ("x", "go_ufgo", "weekly", None, "Unknown calendar “weekly”. Calendars: monthly,"),
        (
            "x",
            "go_ufgo",
            None,
            SystemRegistry([FakeAdapter()]),
            "fedrank cannot compute go_ufgo lists yet",
        ),
        ("RMF-MCR", "go_ufgo", None, None, "A discipline with the code rmf-mcr exists already"),
        ("no/slash", "go_ufgo", None, None, "“no/slash” cannot be a discipline code"),
    ],
)
async def test_discipline_refusals_write_nothing(
    db: Database,
    code: str,
    system: str,
    calendar: str | None,
    systems: SystemRegistry | None,
    message: str,
) -> None:
    await seed_federation(db)

    async def add(repos: Any) -> None:
        federation = await setup.federation_named(repos, OPERATOR, "RMF")
        await setup.add_discipline(
            repos,
            systems or all_systems(),
            OPERATOR,
            federation,
            code,
            system,
            "A list",
            calendar=calendar,
        )

    assert (await _refused(db, add)).startswith(message)


async def test_an_unknown_federation_says_how_to_make_the_first(db: Database) -> None:
    async def named(repos: Any) -> None:
        await setup.federation_named(repos, OPERATOR, "UFGO")

    assert "fedrank federation add CODE" in await _refused(db, named)
    await seed_federation(db)
    assert await _refused(db, named) == "Unknown federation “UFGO”. Federations: RMF."


async def test_a_discipline_with_tournaments_is_disabled_never_removed(
    services: Services, db: Database
) -> None:
    await seed_federation(db)  # rmf-mcr holds a tournament, a list and a title

    async def remove(repos: Any) -> None:
        federation = await setup.federation_named(repos, OPERATOR, "RMF")
        await setup.disable_discipline(repos, OPERATOR, federation, "rmf-mcr", remove=True)

    assert await _refused(db, remove) == (
        "rmf-mcr is not removed: it holds tournaments 1, published lists 1, titles 1, which are "
        "never deleted. Disable it instead (it keeps its history, gets no new lists and refuses "
        "submissions)."
    )
    async with db.transaction() as repos:
        federation = await setup.federation_named(repos, OPERATOR, "RMF")
        done = await setup.disable_discipline(repos, OPERATOR, federation, "RMF-MCR")
        again = await setup.disable_discipline(repos, OPERATOR, federation, "rmf-mcr")
    assert done.startswith("Discipline rmf-mcr of RMF disabled")
    assert again == "Discipline rmf-mcr is disabled already."
    async with db.read() as repos:
        assert [(d.code, d.disabled) for d in await repos.federations.disciplines()] == [
            ("rmf-mcr", True)
        ]
        assert await repos.session.scalar(select(func.count(Tournament.id))) == 1
        assert [e.subject for e in await repos.audit.entries("discipline.disabled")] == ["rmf-mcr"]


async def test_a_disabled_discipline_refuses_submissions_and_is_not_scheduled(
    services: Services, db: Database
) -> None:
    await rmf.seed(db)  # rmf-mcr and rmf-sichuan, no list yet; director "boss"
    await make_admin(db, "chief")
    preview = await dispatch(services, user("boss"), "/submit rmf-mcr\n" + rmf.sheet())
    assert preview.buttons, preview.plain
    off = await dispatch(services, user("chief"), "/discipline disable RMF rmf-mcr")
    assert off.plain.startswith("Discipline rmf-mcr of RMF disabled")
    listed = await dispatch(services, user("u"), "/disciplines RMF")
    assert "rmf-mcr | Sports mahjong (MCR) | mahjong_rmf | monthly (disabled)" in listed.plain
    refused = (
        "Discipline rmf-mcr is disabled: it takes no submissions (an admin enables it again "
        "with /discipline enable)."
    )
    confirm = await dispatch(services, user("boss"), preview.buttons[0].action)
    assert confirm.plain == refused
    again = await dispatch(services, user("boss"), "/submit rmf-mcr\n" + rmf.sheet())
    assert again.plain == refused
    async with db.transaction() as repos:  # a result in each: both owe December's list
        for code in ("rmf-mcr", "rmf-sichuan"):
            found = await repos.federations.discipline_by_code(code)
            assert found is not None
            await store_result(repos, found.id, date(2026, 11, 7), f"{code}-cup")
    december = datetime(2026, 12, 2, 9, 0, tzinfo=UTC)
    done = await publish_due(db, december, systems=services.systems)
    assert {p.discipline for p in done} == {"rmf-sichuan"}
    on = await dispatch(services, user("chief"), "/discipline enable RMF rmf-mcr")
    assert on.plain == "Discipline rmf-mcr enabled again."
    done = await publish_due(db, december, systems=services.systems)
    assert {p.discipline for p in done} == {"rmf-mcr"}
    async with db.read() as repos:
        actions = [e.action for e in await repos.audit.entries() if "discipline" in e.action]
    assert actions == ["discipline.disabled", "discipline.enabled"]


async def test_a_discipline_without_history_is_removed_with_its_settings(
    services: Services, db: Database
) -> None:
    await seed_federation(db)
    await make_admin(db, "chief")
    added = await dispatch(
        services, user("chief"), "/discipline add RMF rmf-sichuan mahjong_rmf Sichuan mahjong"
    )
    assert added.plain == (
        "Discipline rmf-sichuan (Sichuan mahjong) added to RMF: system mahjong_rmf, lists monthly."
    )
    await dispatch(services, user("chief"), "/subscribe rmf-sichuan")
    removed = await dispatch(services, user("chief"), "/discipline disable RMF rmf-sichuan remove")
    assert removed.plain == "Discipline rmf-sichuan removed from RMF (it had no history)."
    async with db.read() as repos:
        assert [d.code for d in await repos.federations.disciplines()] == ["rmf-mcr"]
        assert await repos.session.scalar(select(func.count(Subscription.id))) == 0
        (entry,) = await repos.audit.entries("discipline.removed")
        assert entry.subject == "rmf-sichuan" and entry.account_id is not None
    unknown = await dispatch(services, user("chief"), "/discipline enable RMF rmf-sichuan")
    assert unknown.plain == "RMF has no discipline “rmf-sichuan”. Its disciplines: rmf-mcr."


async def test_only_admins_disable(services: Services, db: Database) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    for command in ("/discipline disable RMF rmf-mcr", "/discipline enable RMF rmf-mcr"):
        reply = await dispatch(services, user("boss"), command)
        assert reply.plain == "Only an administrator of RMF may do this."
    for command in ("/discipline disable RMF", "/discipline enable RMF rmf-mcr remove"):
        assert "Usage" in (await dispatch(services, user("boss"), command)).plain
    async with db.read() as repos:
        assert not (await repos.federations.disciplines())[0].disabled


async def test_start_on_an_empty_database_says_how_to_begin(services: Services) -> None:
    reply = await dispatch(services, user("u", "Olena"), "/start")
    first = reply.plain.splitlines()[0]
    assert first == (
        "Hello, Olena! I am fedrank. No federation is set up yet: the server's operator creates "
        'one with fedrank federation add CODE "NAME" --timezone Area/City.'
    )
    assert "—" not in reply.plain
    ukrainian = await dispatch(services, user("u", "Olena", "uk"), "/start")
    assert "fedrank federation add CODE" in ukrainian.plain.splitlines()[0]


async def test_announcements_default_to_the_federations_language(db: Database) -> None:
    seeded = await seed_federation(db)
    async with db.transaction() as repos:
        federation = await repos.federations.by_code("RMF")
        assert federation is not None
        federation.language = "ru"
        await repos.subscriptions.add("telegram", "-100", seeded.discipline_id, "lists", NOW)
        await repos.subscriptions.add("discord", "7", seeded.discipline_id, "lists", NOW)
        for sub in await repos.subscriptions.for_discipline(seeded.discipline_id):
            sub.language = "en" if sub.chat_id == "7" else None
        snapshot = await repos.lists.latest(seeded.discipline_id)
        assert snapshot is not None
        assert await announce_in(repos, snapshot, NOW) == 2
    async with db.read() as repos:
        rows = await repos.outbox.by_prefix("announce:")
        languages = {r.chat_id: r.payload["language"] for r in rows}
    assert languages == {"-100": "ru", "7": "en"}
