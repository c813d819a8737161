"""The chat commands of game reports: a game counts only once the opponent (and, where
required, a director) agree.

Every refusal is checked to write nothing: no report, no version, no audit line.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from tests.conftest import user
from tests.factories import NOW
from tests.handlers.reports.helpers import OPEN, actions, games, outbox, setup, state


async def test_a_reported_game_counts_only_after_the_opponent_confirms(
    services: Services, db: Database
) -> None:
    await setup(db)
    opened = await dispatch(services, user("boss"), OPEN)
    assert "league-2026 (Autumn club league, rmf-mcr) is open" in opened.plain
    assert "Note: the othello_woc adapter does not rate reported games yet" in opened.plain

    made = await dispatch(services, user("u1"), "/report league-2026 RMF-002 win 40-24")
    assert made.plain == (
        "Report #1 recorded: win 40-24 against Boris Petrov (RMF-002) in league-2026. "
        "It counts once your opponent confirms."
    )
    assert await games(db, "league-2026") == []  # nothing counts yet

    asked = await dispatch(services, user("u2"), "/reports")
    assert (
        "#1 league-2026: Anna Ivanova (RMF-001) reports win 40-24 against Boris Petrov "
        "(RMF-002) (waiting for the opponent)"
    ) in asked.plain
    assert [b.action for b in asked.buttons] == ["/gameok 1", "/gamedispute 1"]
    mine = await dispatch(services, user("u1"), "/reports")
    assert "Your reports still waiting:" in mine.plain
    assert mine.buttons == []  # the reporter cannot confirm his own report

    counted = await dispatch(services, user("u2"), "/gameok 1")
    assert counted.plain == "Report #1 counted: the game is in league-2026 (version 2)."
    assert await games(db, "league-2026") == [(1, "RMF-001", "RMF-002", "win1", 40, 24)]
    again = await dispatch(services, user("u2"), "/gameok 1")
    assert again.plain == "Report #1 is counted: nothing to do."

    # The return game: reported by the other side, as a loss, without a score.
    await dispatch(services, user("u2"), "/report league-2026 RMF-001 loss")
    await dispatch(services, user("u1"), "/gameok 2")
    assert await games(db, "league-2026") == [
        (1, "RMF-001", "RMF-002", "win1", 40, 24),
        (2, "RMF-002", "RMF-001", "win2", None, None),
    ]
    assert await actions(db) == [
        "reports.opened",
        "report.created",
        "report.confirmed",
        "report.counted",
        "report.created",
        "report.confirmed",
        "report.counted",
    ]
    assert (await dispatch(services, user("u2"), "/reports")).plain == (
        "No game reports are waiting for you."
    )


async def test_counting_keeps_the_previous_version(services: Services, db: Database) -> None:
    """Opening a stored tournament (with places and awards) and counting a game in it keeps
    every entry and award line: the player's totals do not change."""
    await setup(db)
    before = await dispatch(services, user("u1"), "/rating RMF-001")
    await dispatch(services, user("boss"), "/openreports rmf-mcr moscow-open-2026")
    await dispatch(services, user("u1"), "/report moscow-open-2026 RMF-003 draw 10-10")
    await dispatch(services, user("u3"), "/gameok 1")
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("rmf-mcr")
        assert disc is not None
        tournament = await repos.ledger.tournament(disc.id, "moscow-open-2026")
        assert tournament is not None
        assert tournament.name == "Moscow Open 2026"
        assert tournament.held_on == date(2026, 10, 10)
        current = await repos.ledger.current_version(tournament.id)
        assert current is not None and current.version == 2
        assert current.reason == "game report #1"
        entries, stored, awards = await repos.game_reports.version_contents(current.id)
    assert sorted(e.place for e in entries if e.place is not None) == [1, 2, 3]
    assert len(entries) == 3  # both players were entries already
    assert sorted(a.amount for a in awards) == [Decimal(0), Decimal(500), Decimal(1000)]
    assert len(stored) == 1
    assert (await dispatch(services, user("u1"), "/rating RMF-001")).plain == before.plain


async def test_a_director_approves_where_the_federation_requires_it(
    services: Services, db: Database
) -> None:
    await setup(db, approval=True)
    await dispatch(services, user("boss"), OPEN)
    await dispatch(services, user("u1"), "/report league-2026 RMF-002 win")
    confirmed = await dispatch(services, user("u2"), "/gameok 1")
    assert confirmed.plain == ("Report #1 confirmed; it counts once a director of RMF approves it.")
    assert await games(db, "league-2026") == []

    listed = await dispatch(services, user("boss"), "/reports")
    assert "Reports for a director to decide:" in listed.plain
    assert "(confirmed, waiting for a director)" in listed.plain
    assert [b.action for b in listed.buttons] == ["/gameapprove 1", "/gamereject 1"]

    before = await state(db)
    refused = await dispatch(services, user("u3"), "/gameapprove 1")
    assert refused.plain == "Only a director of RMF may do this."
    by_player = await dispatch(services, user("u2"), "/gameapprove 1")
    assert by_player.plain == "Only a director of RMF may do this."
    assert await state(db) == before

    approved = await dispatch(services, user("boss"), "/gameapprove 1")
    assert approved.plain == "Report #1 counted: the game is in league-2026 (version 2)."
    assert await games(db, "league-2026") == [(1, "RMF-001", "RMF-002", "win1", None, None)]
    assert (await actions(db))[-5:] == [
        "report.confirmed",
        "access.denied",  # the two refusals above, one per account
        "access.denied",
        "report.approved",
        "report.counted",
    ]


async def test_a_dispute_goes_to_the_directors(services: Services, db: Database) -> None:
    await setup(db)
    await dispatch(services, user("boss"), OPEN)
    await dispatch(services, user("u1"), "/report league-2026 RMF-002 win")
    disputed = await dispatch(services, user("u2"), "/gamedispute 1")
    assert disputed.plain == "Report #1 disputed: a director of RMF decides."
    assert (
        "(disputed, a director decides)"
        in (await dispatch(services, user("boss"), "/reports")).plain
    )
    assert "nothing to do" in (await dispatch(services, user("u2"), "/gameok 1")).plain

    rejected = await dispatch(services, user("boss"), "/gamereject 1")
    assert rejected.plain == "Report #1 rejected; it does not count."
    assert [key for key, _, _ in await outbox(db, "report:1:")] == [
        "report:1:ask:console:u2",
        "report:1:decide:console:boss",
        "report:1:disputed:console:u1",
        "report:1:rejected:console:u1",
        "report:1:rejected:console:u2",
    ]
    assert await games(db, "league-2026") == []
    # Settled: the pair may report the game again (correctly this time).
    again = await dispatch(services, user("u2"), "/report league-2026 RMF-001 win")
    assert again.plain.startswith("Report #2 recorded")
    await dispatch(services, user("u1"), "/gamedispute 2")
    settled = await dispatch(services, user("boss"), "/gameapprove 2")
    assert "counted" in settled.plain
    assert await games(db, "league-2026") == [(1, "RMF-002", "RMF-001", "win1", None, None)]
    assert await actions(db) == [
        "reports.opened",
        "report.created",
        "report.disputed",
        "report.rejected",
        "report.created",
        "report.disputed",
        "report.approved",
        "report.counted",
    ]


async def _other_federation(db: Database) -> None:
    """UGF with a Go discipline, an open tournament and a player: none of RMF's business."""
    async with db.transaction() as repos:
        fed = await repos.federations.add("UGF", "Ukrainian Go Federation")
        disc = await repos.federations.add_discipline(fed, "ugf-go", "Go", "go_ufgo", "monthly")
        await repos.players.add(fed.id, "UGF-9", "Taras Go")
        await repos.ledger.record_tournament(
            discipline_id=disc.id,
            code="kyiv-league",
            name="Kyiv league",
            held_on=date(2026, 11, 1),
            params={},
            entries=[],
            games=[],
            awards=[],
            now=NOW,
        )
        tournament = await repos.ledger.tournament(disc.id, "kyiv-league")
        assert tournament is not None
        tournament.open_for_reports = True


REFUSALS = [
    ("nobody", "/report league-2026 RMF-002 win", "Link your account"),
    ("u1", "/report league-2026 RMF-001 win", "against yourself"),
    ("u1", "/report league-2026 RMF-099 win", "RMF-099"),
    ("u1", "/report league-2026 UGF-9 win", "UGF-9"),
    ("u1", "/report kyiv-league RMF-002 win", "No tournament kyiv-league"),
    ("u1", "/report moscow-open-2026 RMF-002 win", "No tournament moscow-open-2026"),
    ("u1", "/report league-2026 RMF-002 win 10-20", "does not match “win”"),
    ("u1", "/report league-2026 RMF-002 draw 3-2", "does not match “draw”"),
    ("u1", "/report league-2026 RMF-002 won", "Usage"),
    ("u1", "/report league-2026 RMF-002 win forty", "Usage"),
    ("u3", "/report league-2026 RMF-001 win", "already reported (#1)"),
    ("u1", "/report league-2026 RMF-003 loss 1-2", "already reported (#1)"),
    ("u1", "/report league-2026 RMF-003 win", "already reported (#1)"),
    ("u1", "/gameok 1", "No report #1 is waiting for your answer"),
    ("u2", "/gameok 1", "No report #1 is waiting for your answer"),
    ("nobody", "/gamedispute 1", "No report #1 is waiting for your answer"),
    ("u3", "/gameok 7", "No report #7"),
    ("u3", "/gameok x", "Usage"),
    ("boss", "/gameapprove 1", "Report #1 is waiting for the opponent: nothing to do."),
    ("boss", "/gameapprove 9", "There is no game report #9."),
    ("u1", "/gamereject 1", "Only a director of RMF"),
    ("u1", "/openreports rmf-mcr other-league", "Only a director of RMF"),
    ("boss", "/openreports rmf-mcr", "Usage"),
    ("boss", "/openreports rmf-mcr bad/code", "Usage"),
    ("boss", "/openreports nope x", "Unknown discipline"),
    ("boss", "/openreports rmf-places x", "Games cannot be reported in rmf-places: its results"),
    ("u1", "/closereports rmf-mcr league-2026", "Only a director of RMF"),
    ("boss", "/closereports rmf-mcr moscow-open-2026", "No tournament moscow-open-2026"),
]


async def test_refusals_write_nothing(services: Services, db: Database) -> None:
    """Each refusal answers why and leaves reports, versions and the audit log as they were
    (one database for all: a refusal that wrote would also upset the ones after it)."""
    await setup(db)
    await _other_federation(db)
    async with db.transaction() as repos:  # a discipline whose results are places
        rmf = await repos.federations.by_code("RMF")
        assert rmf is not None
        await repos.federations.add_discipline(
            rmf, "rmf-places", "Sports mahjong", "mahjong_rmf", "monthly"
        )
    await dispatch(services, user("boss"), OPEN)
    await dispatch(services, user("u1"), "/report league-2026 RMF-003 win")  # #1 (u3 is asked)
    before = await state(db)
    for who, command, answer in REFUSALS:
        reply = await dispatch(services, user(who), command)
        assert answer in reply.plain, (command, reply.plain)
        assert await state(db) == before, command


async def test_closing_stops_new_reports_not_answers(services: Services, db: Database) -> None:
    await setup(db)
    await dispatch(services, user("boss"), OPEN)
    await dispatch(services, user("u1"), "/report league-2026 RMF-002 win")
    closed = await dispatch(services, user("boss"), "/closereports rmf-mcr league-2026")
    assert closed.plain.startswith("league-2026 is closed for new game reports")
    refused = await dispatch(services, user("u3"), "/report league-2026 RMF-001 win")
    assert "No tournament league-2026 of your federation is open" in refused.plain
    assert "counted" in (await dispatch(services, user("u2"), "/gameok 1")).plain
    reopened = await dispatch(services, user("boss"), "/openreports rmf-mcr LEAGUE-2026")
    assert "is open" in reopened.plain
    already = await dispatch(services, user("boss"), "/openreports rmf-mcr league-2026")
    assert already.plain == "league-2026 is already open for game reports."
    assert (await actions(db)).count("reports.opened") == 2
    async with db.read() as repos:
        created = [a.details["created"] for a in await repos.audit.entries("reports.opened")]
    assert created == [True, False]


async def test_two_presses_of_one_button_count_one_game(services: Services, db: Database) -> None:
    """The opponent's Confirm pressed twice at once (two devices, a retried callback): the
    report's row is locked (PostgreSQL) or the second writer is refused (SQLite); one game."""
    import asyncio

    await setup(db)
    await dispatch(services, user("boss"), OPEN)
    await dispatch(services, user("u1"), "/report league-2026 RMF-002 win")
    first, second = await asyncio.gather(
        dispatch(services, user("u2"), "/gameok 1"), dispatch(services, user("u2"), "/gameok 1")
    )
    answers = sorted([first.plain, second.plain])
    assert "Report #1 counted: the game is in league-2026 (version 2)." in answers
    assert await games(db, "league-2026") == [(1, "RMF-001", "RMF-002", "win1", None, None)]
    assert (await actions(db)).count("report.counted") == 1


async def test_both_players_reporting_at_once_make_one_report(
    services: Services, db: Database
) -> None:
    """A and B report their game at the same moment: the tournament is held while one report
    is checked and written, so the other is refused as a duplicate."""
    import asyncio

    await setup(db)
    await dispatch(services, user("boss"), OPEN)
    first, second = await asyncio.gather(
        dispatch(services, user("u1"), "/report league-2026 RMF-002 win"),
        dispatch(services, user("u2"), "/report league-2026 RMF-001 loss"),
    )
    answers = sorted([first.plain, second.plain])
    assert answers[0].startswith("Report #1 recorded")
    assert "already reported (#1)" in answers[1]
    assert (await state(db))["reports"] == [(1, "reported")]
