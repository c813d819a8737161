"""/tournaments and /results: stored tournaments, newest first and paged, each one's table with
places, scores and awards; a tournament named by code or by its name."""

from __future__ import annotations

from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.results.tournaments import RESULTS_PAGE, TOURNAMENTS_PAGE
from fedrank.handlers.systems.base import WITHDRAWN
from fedrank.handlers.wording.common import fmt
from fedrank.handlers.wording.reply import Table
from fedrank.storage.database import Database
from fedrank.storage.records import NewAward, NewEntry, NewGame
from tests.factories import NOW
from tests.helpers import user


def tables(reply: object) -> list[Table]:
    return [b for b in getattr(reply, "blocks", []) if isinstance(b, Table)]


async def test_an_empty_database_has_no_tournaments(services: Services) -> None:
    reply = await dispatch(services, user("u1"), "/tournaments")
    assert reply.plain == "No tournament has been stored yet."
    unknown = await dispatch(services, user("u1"), "/results anything")
    assert unknown.plain == "No stored tournament has the code or name “anything”."


async def test_the_demo_lists_newest_first_a_page_at_a_time(demo_services: Services) -> None:
    async with demo_services.db.read() as repos:
        ufgo = await repos.federations.discipline_by_code("ufgo")
        assert ufgo is not None
        stored = await repos.ledger.current_versions(ufgo.id)
        expected = sorted(
            ((t.held_on, t.id, t.code) for t, _ in stored), reverse=True
        )  # newest first
    pages = -(-len(expected) // TOURNAMENTS_PAGE)
    assert pages >= 2
    first = await dispatch(demo_services, user("u1"), "/tournaments ufgo")
    [table] = tables(first)
    assert table.headers == ("Code", "Date", "Tournament", "Players", "Version")
    assert [row[0] for row in table.rows] == [code for _, _, code in expected[:TOURNAMENTS_PAGE]]
    assert first.plain.splitlines()[0] == (
        f"UFGO rating: stored tournaments ({len(expected)} tournaments), newest first"
    )
    assert f"Page 1 of {pages}." in first.plain
    assert [b.action for b in first.buttons] == ["/tournaments ufgo 2"]
    last = await dispatch(demo_services, user("u1"), f"/tournaments ufgo {pages + 5}")
    [table] = tables(last)
    assert [row[0] for row in table.rows] == [
        code for _, _, code in expected[(pages - 1) * TOURNAMENTS_PAGE :]
    ]
    assert f"Page {pages} of {pages}." in last.plain
    assert [b.action for b in last.buttons] == [f"/tournaments ufgo {pages - 1}"]


async def test_every_discipline_and_refusals(demo_services: Services) -> None:
    every = await dispatch(demo_services, user("u1"), "/tournaments")
    [table] = tables(every)
    assert table.headers[1] == "Discipline"
    assert table.rows[0][:3] == ("woc-2026-demo", "woc", "2026-10-31")
    unknown = await dispatch(demo_services, user("u1"), "/tournaments chess")
    assert unknown.plain.startswith("Unknown discipline “chess”. Disciplines: rmf-mcr")
    usage = await dispatch(demo_services, user("u1"), "/tournaments ufgo woc")
    assert "/tournaments [discipline] [page]" in usage.plain


async def test_the_tournaments_reply_in_russian(demo_services: Services) -> None:
    reply = await dispatch(demo_services, user("u1", language="ru"), "/tournaments woc")
    assert reply.plain.splitlines()[0] == (
        "Чемпионат мира по отелло: сохранённые турниры (1 турнир), сначала новые"
    )
    [table] = tables(reply)
    assert table.headers == ("Код", "Дата", "Турнир", "Игроки", "Версия")


# --- /results on hand-made tournaments ---------------------------------------------------------


async def _go(db: Database) -> dict[str, int]:
    """A Go federation: 25 players; "Kyiv Open 2026" (25 entries, games of rounds 1-2), two
    "Lviv Cup" of different dates, "Odesa Cup 2026", later withdrawn."""
    async with db.transaction() as repos:
        fed = await repos.federations.add("UFGO", "Ukrainian Go Federation")
        disc = await repos.federations.add_discipline(fed, "ufgo", "UFGO", "go_ufgo", "quarterly")
        ids = [
            (await repos.players.add(fed.id, f"UFGO-{n:04d}", f"Player {n:02d}")).id
            for n in range(1, 26)
        ]
        await repos.ledger.record_tournament(
            discipline_id=disc.id,
            code="kyiv-open-2026",
            name="Kyiv Open 2026",
            held_on=date(2026, 5, 1),
            params={},
            entries=[NewEntry(pid, Decimal(i + 1)) for i, pid in enumerate(ids)],
            games=[
                NewGame(1, ids[0], ids[1], "win1"),
                NewGame(1, ids[2], ids[3], "draw"),
                NewGame(2, ids[0], ids[2], "win2"),
                NewGame(2, ids[1], None, "bye"),
            ],
            awards=[
                NewAward(ids[0], "IK", Decimal("12"), []),
                NewAward(ids[2], "IK", Decimal("-3.5"), []),
            ],
            now=NOW,
        )
        for code, held in (("lviv-cup-1", date(2026, 3, 1)), ("lviv-cup-2", date(2026, 6, 1))):
            await repos.ledger.record_tournament(
                discipline_id=disc.id,
                code=code,
                name="Lviv Cup",
                held_on=held,
                params={},
                entries=[NewEntry(ids[0], Decimal(1))],
                games=[],
                awards=[],
                now=NOW,
            )
        for params in ({}, {WITHDRAWN: True}):
            await repos.ledger.record_tournament(
                discipline_id=disc.id,
                code="odesa-2026",
                name="Odesa Cup 2026",
                held_on=date(2026, 7, 1),
                params=params,
                entries=[NewEntry(ids[0], Decimal(1))] if not params else [],
                games=[],
                awards=[],
                now=NOW,
            )
        return {"discipline": disc.id, "first": ids[0]}


async def test_results_are_paged_with_places_scores_and_awards(
    services: Services, db: Database
) -> None:
    await _go(db)
    first = await dispatch(services, user("u1"), "/results kyiv-open-2026")
    lines = first.plain.splitlines()
    assert lines[0] == "Kyiv Open 2026 — UFGO, 2026-05-01, version 1 · kyiv-open-2026"
    assert lines[1] == "25 players"
    [table] = tables(first)
    assert table.headers == ("Place", "Player", "Score", "Award")
    assert len(table.rows) == RESULTS_PAGE
    # Player 01 beat 02 and lost to 03; 03 drew with 04; a bye (02's) counts as a win.
    assert table.rows[0] == ("1", "Player 01 (UFGO-0001)", "1", "IK 12")
    assert table.rows[1] == ("2", "Player 02 (UFGO-0002)", "1", "")
    assert table.rows[2] == ("3", "Player 03 (UFGO-0003)", "1.5", "IK -3.5")
    assert table.rows[3] == ("4", "Player 04 (UFGO-0004)", "0.5", "")
    assert table.rows[4] == ("5", "Player 05 (UFGO-0005)", "", "")
    assert "Page 1 of 2." in first.plain
    assert [b.action for b in first.buttons] == ["/results kyiv-open-2026 2"]
    second = await dispatch(services, user("u1"), first.buttons[0].action)
    [table] = tables(second)
    assert [row[0] for row in table.rows] == [str(p) for p in range(21, 26)]
    assert [b.action for b in second.buttons] == ["/results kyiv-open-2026 1"]
    assert "How each award was computed: /why kyiv-open-2026 [player]." in second.plain


async def test_results_by_name_unique_ambiguous_and_withdrawn(
    services: Services, db: Database
) -> None:
    await _go(db)
    # The whole name, in any case and spacing; a number at its end is part of the name.
    by_name = await dispatch(services, user("u1"), "/results  kyiv   OPEN 2026")
    assert by_name.plain.startswith("Kyiv Open 2026 — UFGO, 2026-05-01")
    paged = await dispatch(services, user("u1"), "/results Kyiv Open 2026 2")
    assert "Page 2 of 2." in paged.plain
    # A part of one name only.
    part = await dispatch(services, user("u1"), "/results kyiv")
    assert part.plain.startswith("Kyiv Open 2026 — ")
    # Two tournaments of one name: both listed, newest first, to choose by code.
    ambiguous = await dispatch(services, user("u1"), "/results lviv cup")
    assert ambiguous.plain.splitlines() == [
        "Several tournaments match “lviv cup”; ask again with a code:",
        "lviv-cup-2 — Lviv Cup (2026-06-01)",
        "lviv-cup-1 — Lviv Cup (2026-03-01)",
    ]
    chosen = await dispatch(services, user("u1"), "/results LVIV-CUP-1")
    assert chosen.plain.startswith("Lviv Cup — UFGO, 2026-03-01, version 1 · lviv-cup-1")
    withdrawn = await dispatch(services, user("u1"), "/results Odesa Cup 2026")
    assert withdrawn.plain.splitlines() == [
        "Odesa Cup 2026 — UFGO, 2026-07-01, version 2 · odesa-2026",
        "This tournament was withdrawn: its results no longer count.",
    ]
    usage = await dispatch(services, user("u1"), "/results")
    assert usage.plain.endswith("/results <tournament> [page]")


async def test_results_of_the_demo_with_teams_in_chinese(demo_services: Services) -> None:
    reply = await dispatch(
        demo_services, user("u1", language="zh"), "/results 2026 成都俱乐部团体赛"
    )
    lines = reply.plain.splitlines()
    assert lines[0].startswith("2026 成都俱乐部团体赛 — 中国桥牌协会大师分, ")
    assert lines[0].endswith("第 1 版 · ccba-2026-10-06-13")
    [table] = tables(reply)
    assert table.headers == ("名次", "选手", "队伍", "得分", "所得")
    assert table.rows[0][2] == "T01"
    assert table.rows[0][4].startswith("红分 ")  # the award's kind and colour, in Chinese
    english = await dispatch(demo_services, user("u1"), "/results 2026 成都俱乐部团体赛")
    assert " — CCBA masterpoints, " in english.plain.splitlines()[0]
    assert tables(english)[0].rows[0][4].startswith("masterpoints red ")


async def test_why_and_whatif_take_a_tournament_by_name(demo_services: Services) -> None:
    why = await dispatch(demo_services, user("u1"), "/why Dnipro Cup 2026 #29 UFGO-0057")
    assert why.plain.splitlines()[0].endswith("— Dnipro Cup 2026 #29 (2026-10-11)")
    assert "IK = " in why.plain
    ambiguous = await dispatch(demo_services, user("u1"), "/why Samara Open 2026 RMF-0001")
    assert ambiguous.plain.startswith("Several tournaments match “Samara Open 2026”")
    assert "mcr-2026-10-17-23 — Samara Open 2026 (2026-10-17)" in ambiguous.plain
    async with demo_services.db.read() as repos:
        sichuan = await repos.federations.discipline_by_code("rmf-mcr")
        assert sichuan is not None
        [(tournament, version)] = [
            (t, v)
            for t, v in await repos.ledger.current_versions(sichuan.id)
            if t.name == "Kazan Open 2026"
        ]
        entries, _, _ = await repos.ledger.version_rows(version.id)
        player = await repos.players.get(entries[0].player_id)
        assert player is not None
        fpid, code = player.federation_player_id, tournament.code
    whatif = await dispatch(
        demo_services,
        user("u1"),
        f"/whatif kazan open 2026 1 {fpid}",
    )
    assert whatif.plain.splitlines()[0].endswith("finished 1 in Kazan Open 2026?")
    by_code = await dispatch(demo_services, user("u1"), f"/whatif {code} 1 {fpid}")
    assert by_code.plain == whatif.plain


async def test_a_place_based_score_is_shown_with_two_decimals(demo_services: Services) -> None:
    async with demo_services.db.read() as repos:
        mcr = await repos.federations.discipline_by_code("rmf-mcr")
        assert mcr is not None
        [version] = [
            v
            for t, v in await repos.ledger.current_versions(mcr.id)
            if t.code == "mcr-2026-10-17-23"
        ]
        entries = await repos.tournaments.entries(version.id)
        stored = [str(entry.data["NR"]) for entry, _ in entries[:RESULTS_PAGE]]
    reply = await dispatch(demo_services, user("u1"), "/results mcr-2026-10-17-23")
    shown = [row[2] for row in tables(reply)[0].rows]
    assert shown == [fmt(Decimal(x).quantize(Decimal("0.01"), ROUND_HALF_UP)) for x in stored]
    assert "956.52" in shown  # 956.5217391304… as the RMF engine keeps it
