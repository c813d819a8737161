"""The ledger's write refuses a tournament that moved past the version a preview was made
against: two confirmations of one tournament write it once, whatever commits meanwhile."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from decimal import Decimal

import pytest
from sqlalchemy import event

from fedrank.storage.database import Database
from fedrank.storage.records import NewAward, NewEntry, NewTitle, Prepared
from fedrank.storage.repos import Repos
from fedrank.storage.repos.ledger import StaleVersionError
from tests.factories import NOW, seed_federation


async def _store(repos: Repos, discipline_id: int, expected: int | None) -> int:
    version = await repos.ledger.record_tournament(
        discipline_id=discipline_id,
        code="spring-cup",
        name="Spring Cup",
        held_on=date(2026, 3, 14),
        params={},
        entries=[],
        games=[],
        awards=[],
        now=NOW,
        expected_version=expected,
    )
    return version.version


async def test_a_write_against_a_past_version_is_refused(db: Database) -> None:
    await seed_federation(db)
    async with db.transaction() as repos:
        discipline = await repos.federations.discipline_by_code("rmf-mcr")
        assert discipline is not None
        did = discipline.id
        assert await _store(repos, did, expected=0) == 1
    # A second preview made against "not stored" comes too late: nothing is written.
    with pytest.raises(StaleVersionError) as stale:
        async with db.transaction() as repos:
            await _store(repos, did, expected=0)
    assert stale.value.current == 1
    async with db.transaction() as repos:
        assert await _store(repos, did, expected=1) == 2  # a correction of version 1
        assert await _store(repos, did, expected=None) == 3  # no expectation: the next one
    async with db.read() as repos:
        tournament = await repos.ledger.tournament(did, "spring-cup")
        assert tournament is not None
        current = await repos.ledger.current_version(tournament.id)
        assert current is not None and current.version == 3


def _prepared(code: str, day: int, players: list[int], replays: list[Prepared]) -> Prepared:
    held = date(2026, 10, day)
    return Prepared(
        code=code,
        name=code.title(),
        held_on=held,
        params={"day": day},
        entries=[NewEntry(pid, Decimal(i + 1)) for i, pid in enumerate(players)],
        games=[],
        awards=[
            NewAward(pid, "NRKT", Decimal(day * 10 + i), [{"n": i}])
            for i, pid in enumerate(players)
        ],
        titles=[NewTitle(players[0], f"{day} kyu", held, reason=code)],
        replays=replays,
        reason=f"replayed after {code}",
    )


async def _written(repos: Repos, discipline_id: int) -> list[tuple[object, ...]]:
    """Every version of the discipline with what it holds, in the order of the version ids."""
    out: list[tuple[object, ...]] = []
    for tournament, version in await repos.ledger.current_versions(discipline_id):
        for v in await repos.ledger.versions(tournament.id):
            entries, _games, awards = await repos.ledger.version_rows(v.id)
            out.append(
                (
                    v.id,
                    tournament.code,
                    v.version,
                    v.id == version.id,
                    v.reason,
                    v.params,
                    sorted((e.player_id, e.place) for e in entries),
                    sorted((a.player_id, a.amount, str(a.trace)) for a in awards),
                )
            )
    return out


async def test_a_correction_writes_its_replays_in_a_fixed_number_of_statements(
    db: Database,
) -> None:
    """A correction's replays (nested, one of a tournament not stored yet each time, one
    replayed twice) are written as one write of each would write them -- a new current version
    each, with its entries, awards and titles in order -- and the statements do not grow with
    their number."""
    seeded = await seed_federation(db)
    did = seeded.discipline_id
    ids = list(seeded.players.values())
    async with db.transaction() as repos:
        for day in range(11, 19):
            await repos.ledger.record_tournament(
                discipline_id=did,
                code=f"cup-{day}",
                name=f"cup-{day}".title(),
                held_on=date(2026, 10, day),
                params={},
                entries=[],
                games=[],
                awards=[],
                now=NOW,
            )
    statements: list[str] = []
    listen = lambda *args: statements.append(args[2])  # noqa: E731
    event.listen(db.engine.sync_engine, "before_cursor_execute", listen)
    counts = []
    try:
        for days in ((11, 12), (13, 14, 15, 16, 17)):
            replays = [_prepared(f"cup-{d}", d, ids, []) for d in days[1:]]
            nested = [
                _prepared("cup-18", 18, ids[:2], []),
                _prepared(f"new-{days[0]}", 19, ids[1:], []),
            ]
            replays[0] = replace(replays[0], replays=nested)
            head = _prepared(
                f"cup-{days[0]}", days[0], ids, [*replays, _prepared("cup-18", 18, ids, [])]
            )
            statements.clear()
            async with db.transaction() as repos:
                discipline = await repos.federations.discipline_by_code("rmf-mcr")
                assert discipline is not None
                await repos.ledger.write_prepared(
                    discipline, head, now=NOW, account_id=None, expected_version=1
                )
            counts.append(len(statements))
    finally:
        event.remove(db.engine.sync_engine, "before_cursor_execute", listen)
    assert counts[0] == counts[1], counts
    async with db.read() as repos:
        rows = await _written(repos, did)
        history = await repos.ledger.title_history(ids[0], did)
        titles = [(t.reason, t.since) for t in history]
    by_code: dict[str, list[tuple[object, ...]]] = {}
    for row in rows:
        by_code.setdefault(str(row[1]), []).append(row)
    # cup-18 replayed twice in each correction (nested under the first replay,
    # then at the end); versions newest first.
    assert [r[2] for r in by_code["cup-18"]] == [5, 4, 3, 2, 1]
    assert [r[3] for r in by_code["cup-18"]] == [True, False, False, False, False]
    assert by_code["cup-18"][0][6] == [(pid, Decimal(i + 1)) for i, pid in enumerate(ids)]
    assert [r[2] for r in by_code["new-13"]] == [1]  # created by the correction
    assert by_code["new-13"][0][6] == sorted((pid, Decimal(i + 1)) for i, pid in enumerate(ids[1:]))
    assert by_code["cup-14"][0][4] == "replayed after cup-14"
    assert by_code["cup-14"][0][5] == {"day": 14}
    assert by_code["cup-14"][0][7] == [
        (pid, Decimal(140 + i), str([{"n": i}])) for i, pid in enumerate(ids)
    ]
    # Version ids follow the order of the write: the head, then each replay depth first.
    last = [str(r[1]) for r in sorted(rows, key=lambda r: int(str(r[0])))][-8:]
    assert last == ["cup-13", "cup-14", "cup-18", "new-13", "cup-15", "cup-16", "cup-17", "cup-18"]
    # The titles that count are the current versions' (cup-18's nested version is superseded).
    counted = [reason for reason, since in titles if since >= date(2026, 10, 11)]
    assert counted == [
        "cup-11",
        "cup-12",
        "cup-13",
        "cup-14",
        "cup-15",
        "cup-16",
        "cup-17",
        "cup-18",
    ]
