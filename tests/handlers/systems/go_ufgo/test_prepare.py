"""A director's go_ufgo submission through /submit: preview, players found, refusals, confirm.

Every test runs on SQLite and, with FEDRANK_TEST_DATABASE_URL, on PostgreSQL.
"""

from __future__ import annotations

from fedrank.engines.go_ufgo import calc_document
from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.storage.database import Database
from tests.conftest import user
from tests.handlers.systems.go_ufgo.support import (
    EXAMPLE,
    confirm_token,
    example_with_ids,
    preview_row,
    seed,
    with_file,
)


async def test_a_director_submits_an_h_file_sees_the_preview_and_confirms(
    services: Services, db: Database
) -> None:
    await seed(db)
    text = example_with_ids()
    expected = {
        s["player"]: s
        for s in calc_document(EXAMPLE.read_text(), filename=EXAMPLE.name)["standings"]
    }
    boss = with_file(user("boss"), "kharkiv.h9", text)
    preview = await dispatch(services, boss, "/submit ufgo")
    assert "Preview: Kharkiv Autumn Cup 2026 — UFGO rating, 2026-10-18" in preview.plain
    olena = expected["Bondarenko Olena"]
    assert preview_row(preview, "Olena Bondarenko (UFGO-0001)") == (
        f"Olena Bondarenko (UFGO-0001) | {olena['IK_before']} ({olena['rank_before']}) | "
        f"{olena['IK_after']} ({olena['rank_after']}) | +{olena['change']}; "
        "new player: starting IK 2215 given in the file (seed 002 §3.2)"
    )
    # Kravchenko is the anomalous player of the example: his row says so and why.
    yurii = expected["Kravchenko Yurii"]
    assert yurii["anomalous"] and yurii["rank_before"] != yurii["rank_after"]
    row = preview_row(preview, "Yurii Kravchenko (UFGO-0006)")
    assert f"| {yurii['IK_before']} (9 kyu) | {yurii['IK_after']} ({yurii['rank_after']}) |" in row
    assert f"rank 9 kyu -> {yurii['rank_after']}" in row
    assert "anomalous (seed 002 §4.4-§4.7): recomputed" in row
    # Nothing is written before the confirmation.
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("ufgo")
        assert disc is not None
        assert await repos.ledger.tournament(disc.id, "2026-10-18-kharkiv-autumn-cup") is None
    saved = await dispatch(services, user("boss"), f"/confirm {confirm_token(preview)}")
    assert (
        saved.plain
        == "Saved: Kharkiv Autumn Cup 2026, version 1, code 2026-10-18-kharkiv-autumn-cup."
    )
    # Before any list: the ledger's IK and the rank the tournament gave.
    unlisted = (await dispatch(services, user("u1"), "/rating UFGO-0004")).plain
    assert f"Points: IK {expected['Melnyk Iryna']['IK_after']}" in unlisted
    assert "Title: 4 kyu (since 2026-10-18)" in unlisted
    assert "Position" not in unlisted
    published = await dispatch(services, user("boss"), "/publish ufgo 2026-11-01")
    assert "10 players" in published.plain
    rating = (await dispatch(services, user("u1"), "/rating UFGO-0006")).plain
    assert f"Rating: {yurii['IK_after']}" in rating
    assert f"Title: {yurii['rank_after']} (since 2026-10-18)" in rating
    assert f"Points: IK {yurii['IK_after']}" in rating
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("ufgo")
        assert disc is not None
        t = await repos.ledger.tournament(disc.id, "2026-10-18-kharkiv-autumn-cup")
        assert t is not None
        version = await repos.ledger.current_version(t.id)
        assert version is not None and version.params["passes"] == 4
        assert len(version.params["games"]) == 25


async def test_a_non_director_is_refused_and_nothing_is_written(
    services: Services, db: Database
) -> None:
    discipline_id = await seed(db)
    reply = await dispatch(
        services, with_file(user("stranger"), "k.h9", example_with_ids()), "/submit ufgo"
    )
    assert reply.plain == "Only a director of UFGO may do this."
    assert reply.buttons == []
    async with db.read() as repos:
        assert await repos.ledger.tournament(discipline_id, "2026-10-18-kharkiv-autumn-cup") is None
        assert await repos.ledger.discipline_awards(discipline_id) == []


async def test_unknown_or_missing_players_are_reported_with_their_line(
    services: Services, db: Database
) -> None:
    await seed(db)
    text = example_with_ids().replace("id=UFGO-0003", "id=UFGO-0999")
    reply = await dispatch(services, with_file(user("boss"), "k.h9", text), "/submit ufgo")
    assert reply.plain.startswith(
        "1 name in k.h9 is not settled in the UFGO registry; nothing is written yet:\n"
        "1. line 15: UFGO-0999 (Shevchenko Andrii) — the ID is not registered, the name is: "
        "Andrii Shevchenko (UFGO-0003)\n"
    )
    # Without an ID, the line's name finds the player (in any word order).
    text = example_with_ids().replace("id=UFGO-0004 ", "")
    reply = await dispatch(services, with_file(user("boss"), "k.h9", text), "/submit ufgo")
    assert "Iryna Melnyk (UFGO-0004) | 1820 (3 kyu)" in reply.plain
    # A bare ID column works as well as id=.
    text = example_with_ids().replace("id=UFGO-0004", "UFGO-0004")
    reply = await dispatch(services, with_file(user("boss"), "k.h9", text), "/submit ufgo")
    assert "Iryna Melnyk (UFGO-0004) | 1820 (3 kyu)" in reply.plain
    csv = "date,2026-12-10\ntime_minutes,60\nofficial,no\nboard,19\n\n"
    csv += "player,ik\nUFGO-0001,\nUFGO-0042,\n\n"
    csv += "round,player1,player2,result\n1,UFGO-0001,UFGO-0042,1-0\n"
    reply = await dispatch(services, user("boss"), "/submit ufgo\n" + csv)
    assert "1. line 8: UFGO-0042 — not registered" in reply.plain


async def test_a_json_file_held_dans_from_files_and_refused_tournaments(
    services: Services, db: Database
) -> None:
    await seed(db)
    doc = (
        '{"tournament": {"name": "Lviv Open", "code": "lviv-open-2026", "date": "2026-11-07",\n'
        ' "time_minutes": 60, "official": true, "board": 19},\n'
        ' "players": [\n'
        '  {"player": "UFGO-0001", "ik": 2450, "held_dan": 5},\n'
        '  {"player": "UFGO-0002", "ik": 2100}],\n'
        ' "games": [{"round": 1, "player1": "UFGO-0001", "player2": "UFGO-0002",\n'
        '            "result": "1-0"}]}\n'
    )
    boss = with_file(user("boss"), "lviv.json", doc)
    preview = await dispatch(services, boss, "/submit ufgo")
    assert "Preview: Lviv Open — UFGO rating, 2026-11-07" in preview.plain
    # A 4-7 dan comes only from a quarterly list: the file's held_dan is not taken.
    assert "UFGO-0001: file's dan=5 ignored: 4-7 dan come from the quarterly lists" in preview.plain
    assert "| 2450 (3 dan) |" in preview_row(preview, "Olena Bondarenko")
    # The time control of §1.7 refuses the whole tournament; nothing is kept.
    slow = doc.replace('"time_minutes": 60', '"time_minutes": 30')
    refused = await dispatch(services, with_file(user("boss"), "lviv.json", slow), "/submit ufgo")
    assert refused.plain == (
        "Not accepted, nothing was written: time control 30 min is below 45: not rated "
        "(seed 002 §1.7)"
    )
    assert refused.buttons == []
