"""Writing a counted game: the round it goes in, and an adapter that rates reported games."""

from __future__ import annotations

from decimal import Decimal

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.reports import next_round
from fedrank.handlers.systems import SystemRegistry
from fedrank.storage.database import Database
from fedrank.storage.models import Discipline, Tournament
from fedrank.storage.records import NewAward, NewEntry, NewGame, Prepared
from fedrank.storage.repos import Repos
from tests.conftest import user
from tests.handlers.fake_adapter import FakeAdapter
from tests.handlers.reports.helpers import OPEN, setup


class _RatingAdapter(FakeAdapter):
    """An adapter that rates reported games: one point per win, kept as an award line."""

    system = "othello_woc"
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
    services: Services, db: Database
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
