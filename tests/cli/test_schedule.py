"""The operator's clock on the demo: ``fedrank schedule``, ``publish --due`` and ``unpublish``."""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from fedrank.cli.schedule import moment
from fedrank.handlers.publication.publish import unpublish
from fedrank.handlers.systems import all_systems
from fedrank.scheduler.report import publish_due_text, schedule_text
from fedrank.storage.database import Database
from tests.cli.test_app import Cli
from tests.factories import store_result
from tests.helpers import NOW

DECEMBER = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def cli(no_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(no_env, monkeypatch, capsys)


def test_today_is_noon_utc_of_that_day() -> None:
    assert moment("2026-12-01") == DECEMBER


async def test_publish_due_on_the_demo_publishes_each_list_once(demo_db: Database) -> None:
    systems = all_systems()
    before = await schedule_text(demo_db, systems, DECEMBER)
    assert "rmf-mcr      RMF         monthly    2026-11-01  2026-12-01  2027-01-01" in before
    assert "ufgo         UFGO        quarterly  2026-10-01  —           2027-01-01" in before
    first = await publish_due_text(demo_db, systems, DECEMBER)
    assert first.splitlines()[1:4] == [
        "  rmf-mcr 2026-12-01: published, 90 players",
        "  rmf-sichuan 2026-12-01: published, 88 players",
        "  fsbr 2026-12-01: published, 80 players",
    ]
    second = await publish_due_text(demo_db, systems, DECEMBER)
    assert second.splitlines()[1:] == [
        "  nothing due",
        "messages enqueued: 0 (delivered by the running fedrank)",
    ]
    after = await schedule_text(demo_db, systems, DECEMBER)
    assert "rmf-mcr      RMF         monthly    2026-12-01  —        2027-01-01" in after
    assert after.endswith("failures:\n  none")


async def test_a_discipline_that_cannot_list_holds_up_nothing_on_the_demo(
    demo_db: Database,
) -> None:
    """The issue's case: RMF riichi mahjong is accepted, but its list cannot be computed."""
    async with demo_db.transaction() as repos:
        rmf = await repos.federations.by_code("RMF")
        assert rmf is not None
        riichi = await repos.federations.add_discipline(
            rmf, "riichi", "Riichi mahjong", "mahjong_rmf", "monthly"
        )
        # Stored before the discipline check refused such a discipline: it owes its lists.
        await store_result(repos, riichi.id, date(2026, 11, 7))
    systems = all_systems()
    report = await publish_due_text(demo_db, systems, DECEMBER)
    lines = report.splitlines()
    assert "  rmf-mcr 2026-12-01: published, 90 players" in lines
    assert "  fsbr 2026-12-01: published, 80 players" in lines
    assert any(
        line.startswith("  riichi 2026-12-01: FAILED (RuleError: discipline riichi is neither")
        for line in lines
    )
    shown = await schedule_text(demo_db, systems, DECEMBER)
    assert (
        "riichi       RMF         monthly    —           2026-12-01 (retry 2026-12-01 12:10 UTC)"
        in shown
    )
    assert (
        "  riichi 2026-12-01: 1 attempt(s) since 2026-12-01 12:00 UTC, next 2026-12-01 12:10 UTC"
        in shown
    )


async def test_unpublish_withdraws_a_list_and_tells_the_chats_that_got_it(
    demo_db: Database,
) -> None:
    systems = all_systems()
    async with demo_db.transaction() as repos:
        ufgo = await repos.federations.discipline_by_code("ufgo")
        assert ufgo is not None
        await repos.subscriptions.add("telegram", "-100500", ufgo.id, "lists", NOW)
        await repos.subscriptions.add("discord", "777", ufgo.id, "lists", NOW)
    from fedrank.handlers.publication.publish import publish_list

    wrong = date(2026, 11, 17)
    await publish_list(demo_db, systems, "ufgo", wrong, now=NOW, on_demand=True, announce=True)
    async with demo_db.transaction() as repos:  # one chat got it, the other's is still queued
        rows = await repos.outbox.by_prefix("announce:")
        sent = next(r for r in rows if r.chat_id == "-100500")
        await repos.outbox.finish(sent.id, "sent", NOW)
    async with demo_db.transaction() as repos:
        ufgo = await repos.federations.discipline_by_code("ufgo")
        assert ufgo is not None
        size, told = await unpublish(repos, ufgo, wrong, now=NOW, reason="dated by mistake")
    assert (size, told) == (79, 1)  # its rows are gone with it
    async with demo_db.read() as repos:
        assert await repos.lists.snapshot(ufgo.id, wrong) is None
        notices = await repos.outbox.by_prefix("withdrawn:")
        assert [(r.platform, r.chat_id, r.state) for r in notices] == [
            ("telegram", "-100500", "pending")
        ]
        assert "withdrawn" in str(notices[0].payload)
        assert await repos.outbox.by_prefix("announce:") == []  # the queued one is dropped
        (entry,) = await repos.audit.entries("list.withdrawn")
        assert entry.subject == "ufgo 2026-11-17"
        assert entry.details["reason"] == "dated by mistake"
        assert entry.details["chats_told"] == 1
    # Published again (SQLite may reuse the snapshot's id), it is announced afresh.
    await publish_list(demo_db, systems, "ufgo", wrong, now=NOW, on_demand=True, announce=True)
    async with demo_db.read() as repos:
        again = await repos.outbox.by_prefix("announce:")
        assert sorted(r.chat_id for r in again) == ["-100500", "777"]
    async with demo_db.transaction() as repos:
        with pytest.raises(LookupError, match="no list of ufgo dated 2019-01-01"):
            await unpublish(repos, ufgo, date(2019, 1, 1), now=NOW)


def test_cli_arguments(cli: Cli) -> None:
    run = cli
    bad = run(["schedule", "--today", "1.12.2026"])
    assert bad.returncode == 2
    assert "--today must be YYYY-MM-DD" in bad.stderr
    mixed = run(["publish", "ufgo", "--due"])
    assert mixed.returncode == 2
    assert "takes no discipline" in mixed.stderr
    neither = run(["publish"])
    assert neither.returncode == 2
    assert "name a discipline, or use --due" in neither.stderr
    assert run(["init"]).returncode == 0
    empty = run(["publish", "--due", "--today", "2026-12-01"])
    assert empty.returncode == 0, empty.stderr
    assert "nothing due" in empty.stdout
    missing = run(["unpublish", "nosuch", "--date", "2026-12-01"])
    assert missing.returncode == 2
    assert "unknown discipline 'nosuch'" in missing.stderr
