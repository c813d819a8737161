"""Game reports: a game counts only once the opponent (and, where required, a director) agree.

Every refusal is checked to write nothing: no report, no version, no audit line.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy import func, select

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.reports import next_round
from fedrank.handlers.systems import SystemRegistry
from fedrank.storage.database import Database
from fedrank.storage.game_reports import GameReportRepo
from fedrank.storage.models import AuditLog, Discipline, GameReport, Tournament
from fedrank.storage.records import NewAward, NewEntry, NewGame, Prepared
from fedrank.storage.repositories import Repos
from tests.conftest import user
from tests.factories import NOW, make_director, seed_federation
from tests.handlers.fake_adapter import FakeAdapter

OPEN = "/openreports rmf-mcr league-2026 Autumn club league"


async def link(db: Database, user_id: str, fpid: str) -> None:
    """Link a console account to a player as a director's approval would."""
    async with db.transaction() as repos:
        account = await repos.accounts.get_or_create(
            "console", user_id, display_name=user_id, language=None, now=NOW
        )
        players = await repos.players.find(fpid)
        assert len(players) == 1
        await repos.accounts.link(account, players[0].id)


async def setup(db: Database, *, approval: bool = False) -> None:
    """RMF with three players; u1 is RMF-001, u2 RMF-002, u3 RMF-003; boss directs RMF."""
    await seed_federation(db)
    await make_director(db, "boss")
    for n in (1, 2, 3):
        await link(db, f"u{n}", f"RMF-00{n}")
    if approval:
        async with db.transaction() as repos:
            fed = await repos.federations.by_code("RMF")
            assert fed is not None
            fed.reports_need_approval = True


async def state(db: Database) -> dict[str, Any]:
    """What a refusal must leave untouched: reports, versions, audit lines."""
    async with db.read() as repos:
        reports = (
            await repos.session.execute(
                select(GameReport.id, GameReport.state).order_by(GameReport.id)
            )
        ).all()
        versions = {}
        for t in (await repos.session.scalars(select(Tournament))).all():
            current = await repos.ledger.current_version(t.id)
            versions[t.code] = (current.version if current else 0, t.open_for_reports)
        audit = await repos.session.scalar(select(func.count(AuditLog.id)))
    return {"reports": [tuple(r) for r in reports], "versions": versions, "audit": audit}


async def games(db: Database, code: str) -> list[tuple[int, str, str, str, Any, Any]]:
    """The current version's games as (round, player1 ID, player2 ID, result, score1, score2)."""
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("rmf-mcr")
        assert disc is not None
        tournament = await repos.ledger.tournament(disc.id, code)
        assert tournament is not None
        current = await repos.ledger.current_version(tournament.id)
        assert current is not None
        _, stored, _ = await GameReportRepo(repos.session).version_contents(current.id)
        out = []
        for g in stored:
            p1 = await repos.players.get(g.player1_id)
            p2 = await repos.players.get(g.player2_id or 0)
            assert p1 is not None and p2 is not None
            out.append(
                (
                    g.round_no,
                    p1.federation_player_id,
                    p2.federation_player_id,
                    g.result,
                    g.score1,
                    g.score2,
                )
            )
        return out


async def actions(db: Database) -> list[str]:
    async with db.read() as repos:
        return [a.action for a in await repos.audit.entries()]


async def test_a_reported_game_counts_only_after_the_opponent_confirms(
    services: Services, db: Database
) -> None:
    await setup(db)
    opened = await dispatch(services, user("boss"), OPEN)
    assert "league-2026 (Autumn club league, rmf-mcr) is open" in opened.plain
    assert "Note: the mahjong_rmf adapter does not rate reported games yet" in opened.plain

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
        entries, stored, awards = await GameReportRepo(repos.session).version_contents(current.id)
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
    assert (await actions(db))[-3:] == ["report.confirmed", "report.approved", "report.counted"]


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
    ("u1", "/report league-2026 RMF-002 win 10-20", "does not match 'win'"),
    ("u1", "/report league-2026 RMF-002 draw 3-2", "does not match 'draw'"),
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
    ("u1", "/closereports rmf-mcr league-2026", "Only a director of RMF"),
    ("boss", "/closereports rmf-mcr moscow-open-2026", "No tournament moscow-open-2026"),
]


async def test_refusals_write_nothing(services: Services, db: Database) -> None:
    """Each refusal answers why and leaves reports, versions and the audit log as they were
    (one database for all: a refusal that wrote would also upset the ones after it)."""
    await setup(db)
    await _other_federation(db)
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


class _RatingAdapter(FakeAdapter):
    """An adapter that rates reported games: one point per win, kept as an award line."""

    system = "mahjong_rmf"
    supports_reported_games = True

    def __init__(self) -> None:
        self.calls: list[list[NewGame]] = []

    async def rate_games(
        self,
        repos: Repos,
        discipline: Discipline,
        tournament: Tournament,
        entries: list[NewEntry],
        games: list[NewGame],
    ) -> Prepared:
        self.calls.append(list(games))
        wins: dict[int, int] = {}
        for g in games:
            if g.result == "win1":
                wins[g.player1_id] = wins.get(g.player1_id, 0) + 1
        awards = [
            NewAward(pid, "WINS", Decimal(n), [{"name": "wins", "value": n}])
            for pid, n in wins.items()
        ]
        return Prepared(
            tournament.code,
            tournament.name,
            tournament.held_on,
            {"rated": True},
            entries,
            games,
            awards,
        )


async def test_an_adapter_that_rates_games_writes_the_version(
    services: Services, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    rater = _RatingAdapter()
    services.systems = SystemRegistry([rater])
    await setup(db)
    opened = await dispatch(services, user("boss"), OPEN)
    assert "Note:" not in opened.plain  # this adapter rates reported games
    await dispatch(services, user("u1"), "/report league-2026 RMF-002 win")
    assert "counted" in (await dispatch(services, user("u2"), "/gameok 1")).plain
    assert len(rater.calls) == 1
    rating = await dispatch(services, user("u1"), "/rating RMF-001")
    assert "WINS 1" in rating.plain
    async with db.read() as repos:
        details = (await repos.audit.entries("report.counted"))[-1].details
    assert details == {"report": 1, "version": 2, "round": 1, "rated": True}


def test_next_round_puts_a_game_after_both_players_games() -> None:
    """A plays rounds 1 and 2, B round 1: their game is round 3; C and D start at 1."""
    played = [NewGame(1, 1, 2, "win1"), NewGame(2, 1, 3, "draw")]
    assert next_round(played, 1, 2) == 3
    assert next_round(played, 2, 3) == 3
    assert next_round(played, 4, 5) == 1


async def outbox(db: Database, prefix: str = "report:") -> list[tuple[str, str, list[str]]]:
    """Queued messages: (dedup key, first line, button actions)."""
    async with db.read() as repos:
        rows = await repos.outbox.by_prefix(prefix)
        out = []
        for row in rows:
            reply = row.payload["reply"]
            first = "".join(span["text"] for span in reply["blocks"][0]["p"])
            out.append((row.dedup_key, first, [b["action"] for b in reply["buttons"]]))
        return out


async def test_the_other_side_is_sent_each_step(services: Services, db: Database) -> None:
    """The opponent is asked with buttons, the directors get what waits for them, the players
    hear the outcome; in each account's language, once per step."""
    await setup(db, approval=True)
    await link(db, "u2-tg", "RMF-002")  # a second account of the opponent
    async with db.transaction() as repos:
        account = await repos.accounts.by_platform("console", "u2-tg")
        assert account is not None
        account.language = "ru"
    await dispatch(services, user("boss"), OPEN)
    await dispatch(services, user("u1"), "/report league-2026 RMF-002 win 40-24")
    assert await outbox(db) == [
        (
            "report:1:ask:console:u2",
            "Your opponent reported a game: confirm it or dispute it.",
            ["/gameok 1", "/gamedispute 1"],
        ),
        (
            "report:1:ask:console:u2-tg",
            "Соперник сообщил о партии: подтвердите или оспорьте.",
            ["/gameok 1", "/gamedispute 1"],
        ),
    ]
    await dispatch(services, user("u2"), "/gameok 1")
    assert (await outbox(db))[2:] == [
        (
            "report:1:decide:console:boss",
            "A game report waits for a director:",
            ["/gameapprove 1", "/gamereject 1"],
        ),
        (
            "report:1:confirmed:console:u1",
            "Report #1 confirmed; it counts once a director of RMF approves it.",
            [],
        ),
    ]
    await dispatch(services, user("boss"), "/gameapprove 1")
    assert [(k, line) for k, line, _ in (await outbox(db))[4:]] == [
        (
            "report:1:counted:console:u1",
            "Report #1 counted: the game is in league-2026 (version 2).",
        ),
        (
            "report:1:counted:console:u2",
            "Report #1 counted: the game is in league-2026 (version 2).",
        ),
        (
            "report:1:counted:console:u2-tg",
            "Сообщение #1 засчитано: партия внесена в league-2026 (версия 2).",
        ),
    ]
    # A second press enqueues nothing more.
    await dispatch(services, user("boss"), "/gameapprove 1")
    assert len(await outbox(db)) == 7


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
