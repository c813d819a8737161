"""A tournament file through /submit and /confirm: the engine's example, a table worked by
hand, refusals naming their line (nothing written)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from fedrank.engines.othello_woc import calc_document
from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.systems.othello_woc import ADAPTER
from fedrank.storage.database import Database
from tests.conftest import user
from tests.handlers.systems.othello_woc.helpers import (
    CODE,
    EXAMPLE,
    FOUR,
    data_of,
    four,
    row_of,
    seed,
    token,
    with_file,
)


async def test_a_director_submits_the_example_file_and_confirms(
    services: Services, db: Database
) -> None:
    """The engine's complete example: standings, IFRL with its play-off, day three, titles."""
    await seed(db)
    text = "date: 2026-08-01\n" + EXAMPLE.read_text(encoding="utf-8")
    engine = calc_document(EXAMPLE.read_text(encoding="utf-8"))
    by_id = {s["player"]: s for s in engine["standings"]}
    boss = with_file(user("boss"), EXAMPLE.name, text)
    preview = await dispatch(services, boss, "/submit woc")
    assert "Preview: Othello Invitational 2026, first two days" in preview.plain
    ned2 = by_id["NED2"]
    assert (ned2["points"], ned2["BQ"]) == ("8", "595")
    assert row_of(preview, "Eva Smit (NED2)").startswith(
        "Eva Smit (NED2) | — | #1 · 8 pts · BQ 595 · IFRL 1 (semi-finalist) | "
        "R9 won 51-13 v CHN1"  # 47-13 on the board: empty squares to the winner (IV.8)
    )
    # JPN3 was 4th on 5.5 points and lost the play-off to FRA2 (II.3.2): fifth, shared.
    assert f"#4 · 5.5 pts · BQ {by_id['JPN3']['BQ']} · IFRL 5 (" in row_of(preview, "Sota Ishii")
    assert "· IFRL 4 (semi-finalist) |" in row_of(preview, "Claire Petit (FRA2)")
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("woc")
        assert disc is not None
        assert await repos.ledger.tournament(disc.id, CODE) is None
    saved = await dispatch(services, user("boss"), f"/confirm {token(preview)}")
    assert (
        saved.plain == "Saved: Othello Invitational 2026, first two days, version 1, code "
        "othello-invitational-2026-first-two-days."
    )

    rating = (await dispatch(services, user("u1"), "/rating NED2")).plain
    assert "Points: points 8" in rating
    # NED2 won the final 2-1 (III): World and (as the best woman in it) Women's champion.
    assert "Title: World Othello Champion (since 2026-08-01)" in rating
    youth = (await dispatch(services, user("u1"), "/rating CHN1")).plain
    assert "Title: Young World Othello Champion (since 2026-08-01)" in youth

    why = (await dispatch(services, user("u1"), f"/why {CODE} NED2")).plain
    assert "points = 8" in why
    assert "BQ = 595  [seed 004 A.3]" in why

    await dispatch(services, user("boss"), "/publish woc 2026-08-10")
    top = (await dispatch(services, user("u1"), "/top woc 10")).plain
    assert "1 | Eva Smit (NED2) | 8 | World Othello Champion" in top
    assert "4 | Claire Petit (FRA2) | 5.5 |" in top
    assert "5 | Sota Ishii (JPN3) | 5.5 |" in top and "5 | Haruka Mori (JPN2) | 5.5 |" in top
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("woc")
        assert disc is not None
        stored = await repos.ledger.tournament(disc.id, CODE)
        assert stored is not None
        version = await repos.ledger.current_version(stored.id)
        assert version is not None
        params = version.params
        assert params["next_round"] is None and params["rounds_played"] == 9
        assert params["champions"] == {"WOC": "NED2", "women": "NED2", "youth": "CHN1"}
        assert params["tfrl"][0] == {"place": 1, "country": "JPN", "points": "11.5"}
        # The stored document is a complete file the engine reads to the same figures.
        again = calc_document(params["document"])
        assert again["standings"] == engine["standings"]
        titles = await repos.ledger.title_history(params["players"]["NED2"], disc.id)
        assert [x.title for x in titles] == [
            "Women's World Othello Champion",
            "World Othello Champion",
        ]


async def test_a_pasted_table_worked_by_hand(services: Services, db: Database) -> None:
    """Round 1: WOF-0001 beats WOF-0002 40-24; WOF-0003 and WOF-0004 draw 32-32.

    Points 1, 0, 0.5, 0.5. BQ = discs + 6 x opponents' points (Appendix A, C = 6):
    WOF-0001 40 + 6 x 0 = 40; WOF-0002 24 + 6 x 1 = 30; WOF-0003 and WOF-0004 32 + 6 x 0.5
    = 35 each, equal discs too, so the recorded draw (lot) orders them.
    """
    discipline_id = await seed(db, FOUR)
    preview = await dispatch(services, user("boss"), "/submit woc\n" + four())
    assert "Preview: Club Othello Evening — World Othello Championship, 2026-11-10" in (
        preview.plain
    )
    assert row_of(preview, "Takeshi Tamenori (WOF-0001)").startswith(
        "Takeshi Tamenori (WOF-0001) | — | #1 · 1 pt · BQ 40 | R1 won 40-24 v WOF-0002; R2 table"
    )
    assert "| #4 · 0 pts · BQ 30 | R1 lost 24-40 v WOF-0001;" in row_of(preview, "Marc Tastet")
    assert "· 0.5 pts · BQ 35 | R1 drew 32-32 v WOF-0004;" in row_of(preview, "Laura Bianchi")
    await dispatch(services, user("boss"), f"/confirm {token(preview)}")

    async with db.read() as repos:
        disc = await repos.federations.discipline(discipline_id)
        assert disc is not None
        assert (await ADAPTER.compute_list(repos, disc, date(2026, 11, 9))).rows == []
        listed = await ADAPTER.compute_list(repos, disc, date(2026, 11, 10))
        stored = await repos.ledger.tournament(discipline_id, "club-evening")
        assert stored is not None
        version = await repos.ledger.current_version(stored.id)
        assert version is not None
        params = version.params
    assert listed.data["tournament"] == "club-evening" and listed.data["rounds_total"] == 6
    figures = [(r.position, r.rating, data_of(r)["BQ"], data_of(r)["player"]) for r in listed.rows]
    assert figures[0] == (1, Decimal(1), "40", "WOF-0001")
    assert {f[1:] for f in figures[1:3]} == {
        (Decimal("0.5"), "35", "WOF-0003"),
        (Decimal("0.5"), "35", "WOF-0004"),
    }
    assert [f[0] for f in figures] == [1, 2, 3, 4]
    assert figures[3] == (4, Decimal(0), "30", "WOF-0002")
    lots = {data_of(r)["player"]: data_of(r)["lot"] for r in listed.rows[1:3]}
    assert data_of(listed.rows[1])["player"] == min(lots, key=lots.__getitem__)
    pair = next(p for p in params["next_round"]["pairs"] if "WOF-0001" in p.values())
    colour = "black" if pair["black"] == "WOF-0001" else "white"
    other = pair["white"] if colour == "black" else pair["black"]
    assert data_of(listed.rows[0])["next"] == (
        f"after round 1 of 6: leads; round 2: table {pair['table']}, {colour} v {other}"
    )
    assert data_of(listed.rows[3])["next"].startswith("after round 1 of 6: 1 pt behind the leader;")
    assert data_of(listed.rows[0])["counted"] == [
        {"round": 1, "colour": "B", "opponent": "WOF-0002", "score": "40-24", "points": "1"}
    ]
    # IDs typed in another case are the stored ones; the games are stored black first.
    assert params["players"].keys() == FOUR.keys()
    rating = (await dispatch(services, user("u1"), "/rating WOF-0003")).plain
    assert "Points: points 0.5" in rating


async def test_a_non_director_is_refused_and_nothing_is_written(
    services: Services, db: Database
) -> None:
    await seed(db, FOUR)
    refused = await dispatch(services, user("stranger"), "/submit woc\n" + four())
    assert "director" in refused.plain and not refused.buttons
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("woc")
        assert disc is not None
        assert await repos.ledger.tournament(disc.id, "club-evening") is None
        assert await repos.ledger.discipline_awards(disc.id) == []


async def test_an_unknown_player_and_missing_headers_name_their_line(
    services: Services, db: Database
) -> None:
    await seed(db, FOUR)
    unknown = four().replace("player: WOF-0003", "player: WOF-0099")
    reply = await dispatch(services, user("boss"), "/submit woc\n" + unknown)
    assert reply.plain.startswith(
        "1 name in pasted.txt is not settled in the WOF registry; nothing is written yet:\n"
        "1. line 7: WOF-0099 — not registered\n"
    )
    undated = four().replace("date: 2026-11-10", "")
    reply = await dispatch(services, user("boss"), "/submit woc\n" + undated)
    assert "line 1, field 'date': add 'date: YYYY-MM-DD'" in reply.plain
    # A round line the engine refuses keeps its line number (the adapter's headers are blanked).
    bad = four("WOF-0001 WOF-0002 40-24\nWOF-0003 WOF-0005 32-32")
    reply = await dispatch(services, user("boss"), "/submit woc\n" + bad)
    assert "line 11, field 'white': unknown player 'WOF-0005'" in reply.plain
    flags = four().replace("player: WOF-0002 | A", "player: WOF-0002 | Marc")
    reply = await dispatch(services, user("boss"), "/submit woc\n" + flags)
    assert "line 6, field 'flags': 'Marc' are not flags" in reply.plain
