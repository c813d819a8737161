"""A national Othello championship: eight players of one country, no WOC entry rules.

RULES.md othello_woc Decision (scope): I.2 (nations' places, genders) binds only a file
headed ``championship: world``; a national one runs the same pairing and Brightwell
standings. From an empty database, through dispatch: /submit, /pairing, /round, /standings.
"""

from __future__ import annotations

from typing import Any

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.wording.reply import Reply, Table
from fedrank.storage.database import Database
from tests.conftest import user
from tests.factories import make_director

PLAYERS = [f"GBR-{i:02d}" for i in range(1, 9)]
CODE = "gbr-2026"


def _file(championship: str) -> str:
    header = [f"championship: {championship}"] if championship else []
    return "\n".join(
        [
            "tournament: British Othello Championship 2026",
            f"code: {CODE}",
            "date: 2026-10-03",
            "seed: 7",
            *header,
            *(f"player: {fid}" for fid in PLAYERS),
        ]
    )


async def _federation(db: Database) -> None:
    async with db.transaction() as repos:
        fed = await repos.federations.add("BOA", "British Othello Association", "UTC")
        await repos.federations.add_discipline(
            fed, "nat", "National Othello Championship", "othello_woc", "on_demand"
        )
        for i, fid in enumerate(PLAYERS):
            await repos.players.add(fed.id, fid, f"Briton {i + 1}", country="GBR", gender="M")
    await make_director(db, "boss", "BOA")


def _token(reply: Reply) -> str:
    action = next(b.action for b in reply.buttons if b.action.startswith("/confirm "))
    return action.split()[1]


def _tables(reply: Reply) -> list[Table]:
    return [b for b in reply.blocks if isinstance(b, Table)]


async def _pairs(db: Database) -> list[dict[str, Any]]:
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("nat")
        assert disc is not None
        stored = await repos.ledger.tournament(disc.id, CODE)
        assert stored is not None
        version = await repos.ledger.current_version(stored.id)
        assert version is not None
        return list(version.params["next_round"]["pairs"])


async def test_a_national_championship_of_one_country_is_paired_and_ranked(
    services: Services, db: Database
) -> None:
    """Eight GBR players (a WOC admits four): a double round robin (II.2 a), 14 rounds.
    Black wins 40-24 everywhere: winners 1 pt, BQ 40 + 6 x 0; losers 0 pts, BQ 24 + 6 x 1."""
    await _federation(db)
    preview = await dispatch(services, user("boss"), "/submit nat\n" + _file(""))
    saved = await dispatch(services, user("boss"), f"/confirm {_token(preview)}")
    assert saved.plain.startswith("Saved: British Othello Championship 2026, version 1")
    pairing = await dispatch(services, user("reader"), f"/pairing {CODE}")
    assert "pairing of round 1 of 14 (double-round-robin" in pairing.plain.splitlines()[0]
    pairs = await _pairs(db)
    assert len(pairs) == 4
    results = "round 1\n" + "\n".join(f"{p['black']} {p['white']} 40-24" for p in pairs)
    preview = await dispatch(services, user("boss"), f"/round {CODE}\n{results}")
    saved = await dispatch(services, user("boss"), f"/confirm {_token(preview)}")
    assert saved.plain.startswith("Saved: British Othello Championship 2026, version 2")
    standings = await dispatch(services, user("reader"), f"/standings {CODE}")
    assert "standings after round 1 of 14" in standings.plain.splitlines()[0]
    table = _tables(standings)[0]
    assert [row[3:6] for row in table.rows] == [("1", "40", "40")] * 4 + [("0", "30", "24")] * 4
    assert {row[2] for row in table.rows} == {"GBR"}


async def test_the_same_field_as_a_world_championship_is_refused_by_i2(
    services: Services, db: Database
) -> None:
    """A world championship still enforces I.2: GBR may enter at most four."""
    await _federation(db)
    refused = await dispatch(services, user("boss"), "/submit nat\n" + _file("world"))
    assert "GBR has 8 players, at most 4" in refused.plain
    assert not [b for b in refused.buttons if b.action.startswith("/confirm ")]
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("nat")
        assert disc is not None
        assert await repos.ledger.tournament(disc.id, CODE) is None
