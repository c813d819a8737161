"""/rating's "since the list" block reads plain columns outside a transaction (the list it
compares with comes from the card); these tests hold each of its reads to what the ORM session
gave before (the list from ``ListRepo.latest``, the totals as that list counted them, what was
stored since it, the ledger's state), for every player of one tournament, in the cases the
block exists for: nothing stored since the list (no block), a new tournament stored since, a
correction of a tournament the list counted. Each test runs on SQLite (the loop's own reads)
and, when configured, PostgreSQL (the kept connections).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

import fedrank.handlers.questions.since as since
from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from fedrank.storage.repos import stored_since, totals_as_listed
from tests.handlers.questions.since_support import NEW_DAY, store_copy
from tests.handlers.results.corrections_support import source, store_file
from tests.helpers import make_director, user

#: (name of the read, its arguments after the reader, what it gave), in the order made.
Reads = list[tuple[str, tuple[Any, ...], Any]]


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> Reads:
    """Every read the block makes, recorded as the handler makes it."""
    made: Reads = []

    def recorded(name: str) -> Callable[..., Any]:
        real = getattr(since, name)

        async def read(reader: Any, *args: Any) -> Any:
            result = await real(reader, *args)
            made.append((name, args, result))
            return result

        return read

    for name in ("totals_as_listed", "stored_since", "ledger_state"):
        monkeypatch.setattr(since, name, recorded(name))
    return made


async def _entrants(db: Database, discipline: str, code: str) -> list[tuple[str, int]]:
    """(federation ID, player id) of each player of a stored tournament's current version, by
    federation ID."""
    async with db.read() as repos:
        found = await repos.federations.discipline_by_code(discipline)
        assert found is not None
        tournament = await repos.ledger.tournament(found.id, code)
        assert tournament is not None and tournament.current_version_id is not None
        entries, _, _ = await repos.ledger.version_rows(tournament.current_version_id)
        players = [await repos.players.get(entry.player_id) for entry in entries]
        return sorted((p.federation_player_id, p.id) for p in players if p is not None)


async def _players(db: Database, discipline: str, code: str) -> list[str]:
    """The federation IDs of the players of a stored tournament's current version."""
    return [fid for fid, _ in await _entrants(db, discipline, code)]


async def _compare(db: Database, services: Services, fids: list[str], reads: Reads) -> list[str]:
    """Ask /rating for each player; every read of the block is checked against the ORM
    session's reads of the same figures. The cards' texts."""
    texts = []
    for fid in fids:
        before = len(reads)
        texts.append((await dispatch(services, user("u"), f"/rating {fid}")).plain)
        async with db.read() as repos:
            for name, args, result in reads[before:]:
                if name == "ledger_state":
                    assert result == await repos.lists.ledger_state()
                    continue
                if name == "totals_as_listed":
                    player_id, discipline_id, listed = args
                else:
                    discipline_id, listed, player_id = args
                snapshot = await repos.lists.latest(discipline_id)
                assert snapshot is not None
                # The card's list is the discipline's latest, to the microsecond.
                assert listed == (snapshot.list_date, snapshot.created_at)
                expected: object
                if name == "totals_as_listed":
                    expected = await repos.lists.totals_as_listed(
                        player_id, discipline_id, snapshot
                    )
                else:
                    expected = await repos.lists.stored_since(discipline_id, snapshot, player_id)
                assert result == expected, (fid, name)
    return texts


async def test_nothing_stored_since_the_list(
    demo_db: Database, demo_services: Services, reads: Reads
) -> None:
    """The card says nothing was stored since and the totals are the list's: no block, no read;
    the block's reads, made anyway, give what the session gives (nothing stored since)."""
    entrants = await _entrants(demo_db, "ccba", "ccba-2024-12-09-01")
    fids = [fid for fid, _ in entrants]
    players = [pid for _, pid in entrants]
    for text in await _compare(demo_db, demo_services, fids, reads):
        assert "Since the list of" not in text
    assert reads == []
    async with demo_db.read() as repos:
        found = await repos.federations.discipline_by_code("ccba")
        assert found is not None
        discipline_id = found.id
        snapshot = await repos.lists.latest(discipline_id)
        assert snapshot is not None
        expected = [
            (
                await repos.lists.totals_as_listed(pid, found.id, snapshot),
                await repos.lists.stored_since(found.id, snapshot, pid),
            )
            for pid in players
        ]
        listed = (snapshot.list_date, snapshot.created_at)
    async with demo_db.plain_reader() as reader:
        got = [
            (
                await totals_as_listed(reader, pid, discipline_id, listed),
                await stored_since(reader, discipline_id, listed, pid),
            )
            for pid in players
        ]
    assert players and got == expected
    assert all(stored == [] and totals for totals, stored in got)


async def test_a_tournament_stored_since_the_list(
    demo_db: Database, demo_services: Services, reads: Reads
) -> None:
    assert await store_copy(demo_services, demo_db, "ccba", "CCBA") == "new-ccba"
    fids = await _players(demo_db, "ccba", "new-ccba")
    for text in await _compare(demo_db, demo_services, fids, reads):
        assert "Since the list of 2026-11-01: " in text
        assert f"({NEW_DAY})" in text
    assert any(name == "stored_since" and result for name, _, result in reads)


async def test_a_correction_stored_since_the_list(
    demo_db: Database, demo_services: Services, reads: Reads
) -> None:
    """The corrected tournament is dated before the list: it is in the block as stored since,
    while the totals as listed are those of the version the list counted."""
    await make_director(demo_db, "boss", "CCBA")
    # stored after the list was published (its time is the demo's load, the real time)
    demo_services.clock = lambda: datetime.now(UTC) + timedelta(days=1)
    code = "ccba-2024-12-09-01"
    filename, original = await source(demo_db, "ccba", code)
    swapped = original.replace("P01 place=1", "\0").replace("P02 place=2", "P02 place=1")
    _, saved = await store_file(
        demo_services, "ccba", filename, swapped.replace("\0", "P01 place=2")
    )
    assert "version 2" in saved, saved
    fids = await _players(demo_db, "ccba", code)
    texts = await _compare(demo_db, demo_services, fids, reads)
    assert all("Since the list of 2026-11-01: " in text for text in texts)
    assert any(name == "ledger_state" for name, _, _ in reads)
    assert any(code in str(result) for name, _, result in reads if name == "stored_since")
