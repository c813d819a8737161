"""The go_ufgo demo: generated h-files (no database), and the history the shared loop builds."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from itertools import pairwise

import pytest

from fedrank import demo
from fedrank.demo.go_ufgo import DAYS, demo_files
from fedrank.engines.go_ufgo import parse_submission, tournament_code
from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.systems import all_systems
from fedrank.handlers.systems.go_ufgo import ADAPTER
from fedrank.storage.database import Database
from tests.conftest import user

TODAY = date(2026, 11, 1)


@dataclass(frozen=True)
class _Player:
    id: int
    name: str
    federation_player_id: str


def _registry(count: int) -> list[_Player]:
    # Two players share a name, as in a real registry: the file tells them apart by ID.
    names = ["Olena Bondarenko", "Olena Bondarenko", *(f"Player {i}" for i in range(3, count + 1))]
    return [_Player(i, names[i - 1], f"UFGO-{i:04d}") for i in range(1, count + 1)]


def test_the_files_are_h_files_an_import_reads_dated_over_two_years() -> None:
    registry = _registry(30)
    by_id = {p.federation_player_id: p for p in registry}
    files = list(demo_files(registry, random.Random(5), TODAY))
    assert files[0].held_on == TODAY - timedelta(days=DAYS)
    assert all(a.held_on < b.held_on for a, b in pairwise(files))
    assert files[-1].held_on < TODAY
    seen: set[str] = set()
    codes = set()
    for number, f in enumerate(files, start=1):
        assert f.name == f"demo-{number}.h9"
        assert f.submitted_at == datetime.combine(f.held_on + timedelta(days=1), time(12), UTC)
        submission = parse_submission(f.text, filename=f.name, federation_code="UFGO")
        t = submission.parsed.tournament
        assert t.on == f.held_on and t.board in (13, 19) and t.time_minutes >= 45
        codes.add(tournament_code(submission.parsed))
        assert 8 <= len(submission.players) <= 16
        for place, sp in enumerate(submission.players, start=1):
            assert sp.place == place and len(sp.ids) == 1 and sp.ids[0] in by_id
            # A starting IK (§3.2) is given only on a player's first tournament.
            assert sp.parsed.ik is None or sp.ids[0] not in seen
        seen.update(sp.ids[0] for sp in submission.players)
    assert len(codes) == len(files)


def test_a_seed_gives_one_history_and_draws_the_same_numbers() -> None:
    registry = _registry(20)
    rng_a, rng_b = random.Random(9), random.Random(9)
    assert list(demo_files(registry, rng_a, TODAY)) == list(demo_files(registry, rng_b, TODAY))
    assert rng_a.random() == rng_b.random()  # what the next federation draws is unchanged


@pytest.mark.slow
async def test_the_demo_history_gives_a_list(services: Services, db: Database) -> None:
    assert all_systems().adapter("go_ufgo") is ADAPTER
    message = await demo.load_demo(db, all_systems(), only={"go_ufgo"})
    assert "results and lists for ufgo" in message
    top = (await dispatch(services, user("u1"), "/top ufgo 5")).plain
    assert "UFGO rating: list of 2026-11-01 (top 5 of" in top
    first = top.splitlines()[2].split(" | ")
    assert first[0] == "1" and int(first[2]) >= 2400 and first[3].endswith("dan")
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("ufgo")
        assert disc is not None
        snapshots = await repos.lists.snapshots(disc.id)
        # Quarterly publications over two years, then the demo's list of today.
        assert [s.list_date for s in snapshots][-2:] == [date(2026, 10, 1), date(2026, 11, 1)]
        assert any(s.data["changes"].get("assigned") for s in snapshots)
        latest = snapshots[-1]
        rows = await repos.lists.top(latest.id, 200)
        for row, player in rows:
            totals = await repos.ledger.totals(player.id, disc.id)
            assert [t.amount for t in totals if t.kind == "IK"] == [row.rating]
        name, best = rows[0][1].federation_player_id, rows[0][0].rating
    rating = (await dispatch(services, user("u1"), f"/rating {name}")).plain
    assert "Position 1 of" in rating
    assert f"Rating: {best:f}" in rating
    assert "Next: " in rating
