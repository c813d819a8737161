"""/h2h: two players' games in Go and Othello, current versions only; names with spaces split
where both halves name a player; refused for place-based systems."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.wording.reply import Table
from fedrank.storage.database import Database
from fedrank.storage.records import NewEntry, NewGame
from tests.factories import NOW, seed_federation
from tests.helpers import user


async def _go(db: Database) -> None:
    """Olena beats Taras in Kyiv (round 1), they draw in Lviv (v1: Taras won, corrected to a
    jigo in v2), Taras beats Olena in Odesa; a bye and an unplayed game do not count."""
    async with db.transaction() as repos:
        fed = await repos.federations.add("UFGO", "Ukrainian Go Federation")
        go = await repos.federations.add_discipline(fed, "ufgo", "UFGO", "go_ufgo", "quarterly")
        olena = (await repos.players.add(fed.id, "UFGO-0001", "Bondarenko Olena")).id
        taras = (await repos.players.add(fed.id, "UFGO-0002", "Kovalenko Taras")).id
        other = (await repos.players.add(fed.id, "UFGO-0003", "Kovalenko Taras")).id
        await repos.players.add(fed.id, "UFGO-0004", "Melnyk Iryna")

        async def cup(code: str, held: date, games: list[NewGame]) -> None:
            await repos.ledger.record_tournament(
                discipline_id=go.id,
                code=code,
                name=code.replace("-", " ").title(),
                held_on=held,
                params={},
                entries=[NewEntry(p, Decimal(i + 1)) for i, p in enumerate((olena, taras))],
                games=games,
                awards=[],
                now=NOW,
            )

        await cup("kyiv-cup", date(2026, 3, 1), [NewGame(1, olena, taras, "win1")])
        await cup("lviv-cup", date(2026, 5, 1), [NewGame(2, taras, olena, "win1")])
        await cup("lviv-cup", date(2026, 5, 1), [NewGame(2, taras, olena, "draw")])
        await cup(
            "odesa-cup",
            date(2026, 9, 1),
            [
                NewGame(1, olena, None, "bye"),
                NewGame(2, olena, taras, "unplayed"),
                NewGame(3, olena, taras, "win2"),
                NewGame(4, other, olena, "win1"),
            ],
        )


def rows(reply: object) -> tuple[tuple[str, ...], ...]:
    [table] = [b for b in getattr(reply, "blocks", []) if isinstance(b, Table)]
    return table.rows


async def test_games_wins_jigo_and_the_last_meeting(services: Services, db: Database) -> None:
    await _go(db)
    reply = await dispatch(services, user("u1"), "/h2h UFGO-0001 UFGO-0002")
    assert reply.plain.splitlines()[:6] == [
        "Bondarenko Olena (UFGO-0001) — Kovalenko Taras (UFGO-0002) (UFGO)",
        "3 games",
        "Bondarenko Olena: 1 win",
        "Kovalenko Taras: 1 win",
        "Jigo: 1",
        "Last meeting: 2026-09-01, Odesa Cup (odesa-cup): Kovalenko Taras won.",
    ]
    assert rows(reply) == (
        ("2026-09-01", "Odesa Cup (odesa-cup)", "3", "Kovalenko Taras won"),
        ("2026-05-01", "Lviv Cup (lviv-cup)", "2", "draw"),
        ("2026-03-01", "Kyiv Cup (kyiv-cup)", "1", "Bondarenko Olena won"),
    )
    # From the other side, in Russian and Ukrainian plurals.
    ru = await dispatch(services, user("u1", language="ru"), "/h2h UFGO-0002 UFGO-0001")
    assert ru.plain.splitlines()[1:5] == [
        "3 партии",
        "Kovalenko Taras: 1 победа",
        "Bondarenko Olena: 1 победа",
        "Дзиго: 1",
    ]


async def test_names_with_spaces_are_split_where_both_name_a_player(
    services: Services, db: Database
) -> None:
    await _go(db)
    # "Olena Bondarenko" in another word order, then an ID: one split names two players.
    by_name = await dispatch(services, user("u1"), "/h2h olena bondarenko UFGO-0002")
    assert by_name.plain.splitlines()[1] == "3 games"
    # Two players of one name: refused, listing them; their IDs settle it.
    ambiguous = await dispatch(services, user("u1"), "/h2h Bondarenko Olena; Kovalenko Taras")
    assert ambiguous.plain.splitlines()[1] == (
        "“Kovalenko Taras” is several players: Kovalenko Taras (UFGO-0002), "
        "Kovalenko Taras (UFGO-0003)."
    )
    other = await dispatch(services, user("u1"), "/h2h ufgo UFGO-0003 Bondarenko Olena")
    assert other.plain.splitlines()[1:4] == [
        "1 game",
        "Kovalenko Taras: 1 win",
        "Bondarenko Olena: 0 wins",
    ]
    never = await dispatch(services, user("u1"), "/h2h Melnyk Iryna vs UFGO-0001")
    assert never.plain.splitlines()[1] == (
        "They have not played each other in a stored tournament."
    )
    unknown = await dispatch(services, user("u1"), "/h2h Nobody Here; UFGO-0001")
    assert unknown.plain.startswith("I cannot tell two players in “Nobody Here; UFGO-0001”.")
    same = await dispatch(services, user("u1"), "/h2h UFGO-0001 UFGO-0001")
    assert same.plain.startswith("I cannot tell two players")
    usage = await dispatch(services, user("u1"), "/h2h UFGO-0001")
    assert usage.plain.endswith("/h2h [discipline] <player> <player>")


async def test_place_based_systems_are_refused(services: Services, db: Database) -> None:
    await seed_federation(db)
    named = await dispatch(services, user("u1"), "/h2h rmf-mcr RMF-001 RMF-002")
    assert named.plain == (
        "Sports mahjong (mahjong_rmf) ranks players by place and stores no games between two "
        "players, so there is no head-to-head; it exists for Go and Othello."
    )
    found = await dispatch(services, user("u1"), "/h2h Anna Ivanova Boris Petrov")
    assert found.plain.startswith("RMF (mahjong_rmf) ranks players by place")


async def test_othello_draws_and_disc_counts_in_the_demo(demo_services: Services) -> None:
    async with demo_services.db.read() as repos:
        woc = await repos.federations.discipline_by_code("woc")
        assert woc is not None
        [(tournament, version)] = await repos.ledger.current_versions(woc.id)
        _, games, _ = await repos.ledger.version_rows(version.id)
        drawn = next(g for g in games if g.result == "draw")
        p1 = await repos.players.get(drawn.player1_id)
        p2 = await repos.players.get(drawn.player2_id or 0)
        assert p1 is not None and p2 is not None
        ids = (p1.federation_player_id, p2.federation_player_id)
        meetings = [
            g for g in games if {g.player1_id, g.player2_id} == {drawn.player1_id, drawn.player2_id}
        ]
        score = f"{drawn.score1}–{drawn.score2}"
        code = tournament.code
    reply = await dispatch(demo_services, user("u1"), f"/h2h {ids[0]} {ids[1]}")
    lines = reply.plain.splitlines()
    assert lines[1] == f"{len(meetings)} game" + ("s" if len(meetings) > 1 else "")
    assert any(line.startswith("Draws: ") for line in lines)
    assert any(line.startswith("Last meeting: ") and f"({code})" in line for line in lines)
    assert f"draw {score}" in reply.plain
