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


def _published(rows: list[str], *, rounds: str = "9", world: bool = False) -> str:
    return "\n".join(
        [
            "tournament: British Othello Championship 2024",
            "code: gbr-2024",
            "date: 2024-07-06",
            *(["championship: world"] if world else []),
            f"rounds: {rounds}",
            *(f"player: {fid.lower()}" for fid in PLAYERS),
            "",
            "standings",
            *rows,
        ]
    )


TABLE_2024 = [
    "1 | GBR-03 | 8 | 1234 | 390",
    "2 | gbr-01 | 6.5 | 1100 | 350",
    "3 | GBR-02 | 6.5 | 1050 | 340",
    "4 | GBR-04 | 5 | 900 | 300",
    "4 | GBR-05 | 5 | 900 | 300",
    "6 | GBR-06 | 3 | 700 | 260",
    "7 | GBR-07 | 2 | 500 | 230",
    "8 | GBR-08 | 0 | 320 | 190",
]


async def test_a_finished_tournament_is_entered_as_its_published_standings(
    services: Services, db: Database
) -> None:
    """Issue 33 item 4: a national championship known only by its published table (place,
    player, points, BQ, discs) is stored as it stands: the points are the players' awards,
    places shared only by equals, no games and nothing left to pair."""
    await _federation(db)
    preview = await dispatch(services, user("boss"), "/submit nat\n" + _published(TABLE_2024))
    assert "#1 · 8 pts · BQ 1234" in preview.plain, preview.plain
    assert "#4 · 5 pts · BQ 900" in preview.plain
    saved = await dispatch(services, user("boss"), f"/confirm {_token(preview)}")
    assert saved.plain.startswith("Saved: British Othello Championship 2024, version 1")
    standings = await dispatch(services, user("reader"), "/standings gbr-2024")
    rows = _tables(standings)[0].rows
    assert [(row[0], row[3]) for row in rows] == [
        ("1", "8"),
        ("2", "6.5"),
        ("3", "6.5"),
        ("4", "5"),
        ("4", "5"),
        ("6", "3"),
        ("7", "2"),
        ("8", "0"),
    ]
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("nat")
        assert disc is not None
        awards = [(a.amount, a.trace) for a in await repos.ledger.discipline_awards(disc.id)]
        stored = await repos.ledger.tournament(disc.id, "gbr-2024")
        assert stored is not None
        version = await repos.ledger.current_version(stored.id)
        assert version is not None
        params = dict(version.params)
    assert sorted(str(amount) for amount, _ in awards) == sorted(
        ["8", "6.5", "6.5", "5", "5", "3", "2", "0"]
    )
    assert params["entered_as"] == "standings"
    assert params["next_round"] is None
    why = awards[0][1]
    assert any(step.get("note", "").startswith("as published (line") for step in why)
    # finished: no round can be added
    refused = await dispatch(services, user("boss"), "/round gbr-2024\nGBR-01 GBR-02 40-24")
    assert "entered as its published standings" in refused.plain


async def test_a_published_table_that_breaks_the_rules_is_refused_with_every_problem(
    services: Services, db: Database
) -> None:
    """Out of Appendix A's order, a shared place between unequal players, a half point
    that is not one, a player missing and a world championship: all named at once, nothing
    stored."""
    await _federation(db)
    bad = [
        "1 | GBR-01 | 6 | 1100 | 350",
        "2 | GBR-02 | 7 | 1200 | 360",
        "3 | GBR-03 | 5.25 | 900 | 300",
        "3 | GBR-04 | 5 | 800 | 300",
        "5 | GBR-05 | 4 | 700 | 280",
        "6 | GBR-06 | 3 | 600 | 250",
        "7 | GBR-07 | 2 | 500 | 230",
    ]
    refused = await dispatch(services, user("boss"), "/submit nat\n" + _published(bad, world=True))
    text = refused.plain
    assert "a world championship is entered round by round" in text
    assert "the standings are in order of points, then BQ, then discs" in text
    assert "5.25 points: a game gives 1, 1/2 or 0 (seed 004 II.3.1)" in text
    assert "GBR-08 has no line in the standings" in text
    assert not [b for b in refused.buttons if b.action.startswith("/confirm ")]
    shared = [*TABLE_2024[:3], "4 | GBR-04 | 5 | 900 | 300", "4 | GBR-05 | 5 | 880 | 300"]
    refused = await dispatch(
        services, user("boss"), "/submit nat\n" + _published([*shared, *TABLE_2024[5:]])
    )
    assert "place 4 is shared by GBR-04 and GBR-05, who are not equal" in refused.plain
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("nat")
        assert disc is not None
        assert await repos.ledger.tournament(disc.id, "gbr-2024") is None
