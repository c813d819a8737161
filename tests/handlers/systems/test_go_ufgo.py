"""The go_ufgo adapter: director import with preview, running IK, replays, lists and the demo.

Every test runs on SQLite and, with FEDRANK_TEST_DATABASE_URL, on PostgreSQL.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path

import pytest

from fedrank import demo
from fedrank.engines.go_ufgo import PlayerStart, calc_document, parse_document, rate_tournament
from fedrank.handlers.context import IncomingFile, RequestContext, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.reply import Reply
from fedrank.handlers.systems import all_systems
from fedrank.handlers.systems.go_ufgo import ADAPTER
from fedrank.storage.database import Database
from fedrank.storage.models import Player
from fedrank.storage.repositories import Repos
from tests.conftest import Clock, user
from tests.factories import make_director

EXAMPLE = Path(__file__).parents[3] / "examples" / "go_ufgo" / "kharkiv_autumn_cup_2026.h9"

PLAYERS = {
    "UFGO-0001": ("Olena Bondarenko", date(1995, 3, 2)),
    "UFGO-0002": ("Taras Kovalenko", date(1988, 7, 9)),
    "UFGO-0003": ("Andrii Shevchenko", date(2001, 1, 15)),
    "UFGO-0004": ("Iryna Melnyk", date(1979, 11, 30)),
    "UFGO-0005": ("Oleh Tkachenko", date(1990, 5, 5)),
    "UFGO-0006": ("Yurii Kravchenko", date(1950, 2, 20)),
    "UFGO-0007": ("Mariia Oliinyk", date(2008, 6, 1)),
    "UFGO-0008": ("Bohdan Lysenko", date(2010, 9, 12)),
    "UFGO-0009": ("Dmytro Savchenko", date(2012, 4, 4)),
    "UFGO-0010": ("Sofiia Rudenko", date(2013, 8, 8)),
}


async def _seed(db: Database) -> int:
    """UFGO with its rating discipline, ten players and a director "boss"; the discipline id."""
    async with db.transaction() as repos:
        fed = await repos.federations.add("UFGO", "Ukrainian Go Federation", "Europe/Kyiv")
        disc = await repos.federations.add_discipline(
            fed, "ufgo", "UFGO rating", "go_ufgo", "quarterly"
        )
        for fid, (name, birth) in PLAYERS.items():
            await repos.players.add(fed.id, fid, name, birth_date=birth)
        discipline_id = disc.id
    await make_director(db, "boss", "UFGO")
    return discipline_id


def _example_with_ids() -> str:
    """The engine's example h-file with each player's federation ID (``id=``) on his line."""
    out = []
    for raw in EXAMPLE.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\s+(\d+) ", raw)
        out.append(raw.replace("ik=", f"id=UFGO-{int(m.group(1)):04d} ik=") if m else raw)
    return "\n".join(out) + "\n"


def _with_file(ctx: RequestContext, name: str, text: str) -> RequestContext:
    return replace(ctx, attachment=IncomingFile(name, text.encode("utf-8")))


def _token(reply: Reply) -> str:
    action = next(b.action for b in reply.buttons if b.action.startswith("/confirm "))
    return action.split()[1]


def _row(reply: Reply, label: str) -> str:
    return next(line for line in reply.plain.splitlines() if line.startswith(label))


async def test_a_director_submits_an_h_file_sees_the_preview_and_confirms(
    services: Services, db: Database
) -> None:
    await _seed(db)
    text = _example_with_ids()
    expected = {
        s["player"]: s
        for s in calc_document(EXAMPLE.read_text(), filename=EXAMPLE.name)["standings"]
    }
    boss = _with_file(user("boss"), "kharkiv.h9", text)
    preview = await dispatch(services, boss, "/submit ufgo")
    assert "Preview: Kharkiv Autumn Cup 2026 — UFGO rating, 2026-10-18" in preview.plain
    olena = expected["Bondarenko Olena"]
    assert _row(preview, "Olena Bondarenko (UFGO-0001)") == (
        f"Olena Bondarenko (UFGO-0001) | {olena['IK_before']} ({olena['rank_before']}) | "
        f"{olena['IK_after']} ({olena['rank_after']}) | +{olena['change']}; "
        "new player: starting IK 2215 given in the file (seed 002 §3.2)"
    )
    # Kravchenko is the anomalous player of the example: his row says so and why.
    yurii = expected["Kravchenko Yurii"]
    assert yurii["anomalous"] and yurii["rank_before"] != yurii["rank_after"]
    row = _row(preview, "Yurii Kravchenko (UFGO-0006)")
    assert f"| {yurii['IK_before']} (9 kyu) | {yurii['IK_after']} ({yurii['rank_after']}) |" in row
    assert f"rank 9 kyu -> {yurii['rank_after']}" in row
    assert "anomalous (seed 002 §4.4-§4.7): recomputed" in row
    # Nothing is written before the confirmation.
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("ufgo")
        assert disc is not None
        assert await repos.ledger.tournament(disc.id, "2026-10-18-kharkiv-autumn-cup-2026") is None
    saved = await dispatch(services, user("boss"), f"/confirm {_token(preview)}")
    assert saved.plain == "Saved: Kharkiv Autumn Cup 2026, version 1."
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
        t = await repos.ledger.tournament(disc.id, "2026-10-18-kharkiv-autumn-cup-2026")
        assert t is not None
        version = await repos.ledger.current_version(t.id)
        assert version is not None and version.params["passes"] == 4
        assert len(version.params["games"]) == 25


async def test_a_pasted_csv_table_and_the_list_by_hand(
    services: Services, db: Database, clock: Clock
) -> None:
    """Hand-worked (unofficial, 19x19, so K3 = 0; table 3: K2 = 10 from 2000, 30 from 1400):

    * UFGO-0001 2500 beats UFGO-0002 2380: R12 = 120, table 2 row 114: K1 0.66 / 0.34.
      0001: dR = 10 (1 - 0.66) = 3.4 -> 2503.4 -> 2503; RA = 0.45 * 10 = 4.5 >= 3, not anomalous.
      0002: dR = 10 (0 - 0.34) = -3.4 -> 2376.6 -> 2377.
    * 0003 and 0004 (1500 each) and 0005 and 0006 (2340 each) play jigo: R12 = 0, K1 = 0.5,
      Rp = 0.5, dR = 0: unchanged.
    * 0005 and 0006 hold 5 dan from the list of 2026-10-01. At the list of 2027-01-01:
      0001 is given 5 dan (2503 >= 2500, §2.5); 0005 (36) is lowered to 4 dan
      (2340 <= 2500 - 151, §2.6); 0006 (born 1950) keeps 5 dan (over 60, §2.7).
      Positions: 2503 first, 2377 second, 2340 shared third, 1500 shared fifth.
    """
    discipline_id = await _seed(db)
    async with db.transaction() as repos:
        for fid in ("UFGO-0005", "UFGO-0006"):
            fed = await repos.federations.by_code("UFGO")
            assert fed is not None
            player = await repos.players.by_federation_id(fed.id, fid)
            assert player is not None
            await repos.ledger.add_title(
                player.id, discipline_id, "5 dan", date(2026, 10, 1), reason="list of 2026-10-01"
            )
    table = "\n".join(
        [
            "name,December club evening",
            "code,kyiv-club-2026-12",
            "date,2026-12-10",
            "time_minutes,60",
            "official,no",
            "board,19",
            "",
            "player,ik",
            "UFGO-0001,2500",
            "UFGO-0002,2380",
            "UFGO-0003,1500",
            "UFGO-0004,1500",
            "UFGO-0005,2340",
            "UFGO-0006,2340",
            "",
            "round,player1,player2,result",
            "1,UFGO-0001,UFGO-0002,1-0",
            "1,UFGO-0003,UFGO-0004,=",
            "1,UFGO-0005,UFGO-0006,=",
        ]
    )
    preview = await dispatch(services, user("boss"), "/submit ufgo\n" + table)
    assert "Preview: December club evening — UFGO rating, 2026-12-10" in preview.plain
    assert "| 2500 (3 dan) | 2503 (3 dan) | +3;" in _row(preview, "Olena Bondarenko")
    assert "| 2380 (3 dan) | 2377 (3 dan) | -3;" in _row(preview, "Taras Kovalenko")
    assert "| 2340 (5 dan) | 2340 (5 dan) | 0;" in _row(preview, "Oleh Tkachenko")
    await dispatch(services, user("boss"), f"/confirm {_token(preview)}")

    async with db.read() as repos:
        disc = await repos.federations.discipline(discipline_id)
        assert disc is not None
        # The list of the tournament's own date does not count it yet.
        assert (await ADAPTER.compute_list(repos, disc, date(2026, 12, 10))).rows == []
        quiet = await ADAPTER.compute_list(repos, disc, date(2026, 12, 15))
        assert quiet.titles == [] and quiet.data["publication"] is False
        assert [(r.position, r.rating, r.title) for r in quiet.rows] == [
            (1, Decimal(2503), "3 dan"),
            (2, Decimal(2377), "3 dan"),
            (3, Decimal(2340), "5 dan"),
            (3, Decimal(2340), "5 dan"),
            (5, Decimal(1500), "6 kyu"),
            (5, Decimal(1500), "6 kyu"),
        ]
        computed = await ADAPTER.compute_list(repos, disc, date(2027, 1, 1))
        ids = {p.id: fid for fid, p in (await _players(repos)).items()}
        rows = [(ids[r.player_id], r.position, r.rating, r.title) for r in computed.rows]
        assert rows[:2] == [
            ("UFGO-0001", 1, Decimal(2503), "5 dan"),
            ("UFGO-0002", 2, Decimal(2377), "3 dan"),
        ]
        assert sorted(rows[2:4]) == [
            ("UFGO-0005", 3, Decimal(2340), "4 dan"),
            ("UFGO-0006", 3, Decimal(2340), "5 dan"),
        ]
        assert {r.position for r in computed.rows[4:]} == {5}
        assert sorted((ids[t.player_id], t.title) for t in computed.titles) == [
            ("UFGO-0001", "5 dan"),
            ("UFGO-0005", "4 dan"),
        ]
        second = next(r for r in computed.rows if ids[r.player_id] == "UFGO-0002")
        assert second.data is not None
        assert second.data["next"] == (
            "4 dan at a quarterly list with IK 2400 or more (23 more; next list 2027-04-01)"
        )
        kept = next(r for r in computed.rows if ids[r.player_id] == "UFGO-0006")
        assert kept.data is not None and kept.data["action"] == "kept (over 60)"
        assert "never lowered (over 60" in kept.data["next"]
    clock.now = datetime(2027, 1, 1, 9, 0, tzinfo=UTC)  # lists are published on their date
    await dispatch(services, user("boss"), "/publish ufgo 2027-01-01")
    why = (await dispatch(services, user("u1"), "/why kyiv-club-2026-12 UFGO-0001")).plain
    assert "IK = 3" in why
    for step in ("IK_start = 2500", "R12 = 120", "K1 = 0.66", "K2 = 10", "K3 = 0", "dR = 3.4"):
        assert step in why, step
    assert "IK = 2503  [seed 002 §4.9]" in why
    history = (await dispatch(services, user("u1"), "/history UFGO-0002")).plain
    assert "2027-01-01 | 2 | 2377 | 3 dan" in history
    assert "date | tournament | change | IK" in history
    assert "2026-12-10 | kyiv-club-2026-12 | -3 | 2377" in history
    rating = (await dispatch(services, user("u1"), "/rating UFGO-0005")).plain
    assert "Title: 4 dan (since 2027-01-01)" in rating
    assert "Position 3 of 6 in the list of 2027-01-01" in rating
    assert "Next: 5 dan at a quarterly list with IK 2500 or more (160 more" in rating
    # A tournament after the publication starts from the held dan the list gave.
    later = table.replace("kyiv-club-2026-12", "kyiv-club-2027-01").replace(
        "2026-12-10", "2027-01-12"
    )
    again = await dispatch(services, user("boss"), "/submit ufgo\n" + later)
    assert "| 2503 (5 dan) |" in _row(again, "Olena Bondarenko")
    assert "| 2340 (4 dan) |" in _row(again, "Oleh Tkachenko")
    # The file's ik= of players with history is ignored and the preview says so.
    assert "file's ik=2500 ignored: the database holds IK 2503" in again.plain


async def _players(repos: Repos) -> dict[str, Player]:
    fed = await repos.federations.by_code("UFGO")
    assert fed is not None
    found = await repos.players.by_federation_ids(fed.id, list(PLAYERS))
    return {p.federation_player_id: p for p in found.values()}


async def test_a_non_director_is_refused_and_nothing_is_written(
    services: Services, db: Database
) -> None:
    discipline_id = await _seed(db)
    reply = await dispatch(
        services, _with_file(user("stranger"), "k.h9", _example_with_ids()), "/submit ufgo"
    )
    assert reply.plain == "Only a director of UFGO may do this."
    assert reply.buttons == []
    async with db.read() as repos:
        assert (
            await repos.ledger.tournament(discipline_id, "2026-10-18-kharkiv-autumn-cup-2026")
            is None
        )
        assert await repos.ledger.discipline_awards(discipline_id) == []


async def test_unknown_or_missing_players_are_reported_with_their_line(
    services: Services, db: Database
) -> None:
    await _seed(db)
    text = _example_with_ids().replace("id=UFGO-0003", "id=UFGO-0999")
    reply = await dispatch(services, _with_file(user("boss"), "k.h9", text), "/submit ufgo")
    assert reply.plain == (
        "Not accepted, nothing was written: line 15, field 'id': "
        "no player with federation ID UFGO-0999 in UFGO"
    )
    text = _example_with_ids().replace("id=UFGO-0004 ", "")
    reply = await dispatch(services, _with_file(user("boss"), "k.h9", text), "/submit ufgo")
    assert "line 16, field 'id': no federation ID for Melnyk Iryna" in reply.plain
    # A bare ID column works as well as id=.
    text = _example_with_ids().replace("id=UFGO-0004", "UFGO-0004")
    reply = await dispatch(services, _with_file(user("boss"), "k.h9", text), "/submit ufgo")
    assert "Iryna Melnyk (UFGO-0004) | 1820 (3 kyu)" in reply.plain
    csv = "date,2026-12-10\ntime_minutes,60\nofficial,no\nboard,19\n\n"
    csv += "player,ik\nUFGO-0001,\nUFGO-0042,\n\n"
    csv += "round,player1,player2,result\n1,UFGO-0001,UFGO-0042,1-0\n"
    reply = await dispatch(services, user("boss"), "/submit ufgo\n" + csv)
    assert "line 8, field 'player': no player with federation ID UFGO-0042 in UFGO" in reply.plain


def _games(code: str, on: str, games: list[tuple[str, str, str]], iks: dict[str, int]) -> str:
    lines = [f"name,{code}", f"code,{code}", f"date,{on}", "time_minutes,60", "official,yes"]
    lines += ["board,19", "", "player,ik"]
    players = sorted({p for a, b, _ in games for p in (a, b)})
    lines += [f"{p},{iks.get(p, '')}" for p in players]
    lines += ["", "round,player1,player2,result"]
    lines += [f"{i},{a},{b},{r}" for i, (a, b, r) in enumerate(games, start=1)]
    return "\n".join(lines) + "\n"


def _chain(texts: list[str], start: dict[str, int]) -> dict[str, Decimal]:
    """Each player's IK after rating the files one after the other with the engine alone."""
    ik = {p: Decimal(v) for p, v in start.items()}
    for text in texts:
        tournament = parse_document(text, filename="x.csv").tournament
        starts = [PlayerStart(p, ik[p]) for p in tournament.players()]
        for r in rate_tournament(tournament, starts).players:
            ik[r.player] = r.ik_after
    return ik


async def _submit(services: Services, text: str) -> Reply:
    preview = await dispatch(services, user("boss"), "/submit ufgo\n" + text)
    saved = await dispatch(services, user("boss"), f"/confirm {_token(preview)}")
    assert saved.plain.startswith("Saved:"), saved.plain
    return preview


async def test_a_correction_makes_version_2_and_replays_later_tournaments(
    services: Services, db: Database
) -> None:
    discipline_id = await _seed(db)
    start = {"UFGO-0001": 2000, "UFGO-0002": 1900, "UFGO-0003": 1800, "UFGO-0004": 1200}
    start |= {"UFGO-0005": 1100}
    t1 = _games("autumn-a", "2026-10-10", [("UFGO-0001", "UFGO-0002", "1-0")], start)
    t2 = _games("autumn-b", "2026-10-20", [("UFGO-0002", "UFGO-0003", "1-0")], start)
    t3 = _games("autumn-c", "2026-10-25", [("UFGO-0004", "UFGO-0005", "0-1")], start)
    for text in (t1, t2, t3):
        await _submit(services, text)
    fixed = t1.replace("1-0", "0-1")
    preview = await _submit(services, fixed)
    assert "Stored tournaments re-rated because of this submission: autumn-b" in preview.plain
    assert "autumn-c" not in preview.plain

    # The engine, tournament after tournament over the corrected history, gives the ledger's IK.
    expected = _chain([fixed, t2, t3], start)
    async with db.read() as repos:
        versions = {}
        for code in ("autumn-a", "autumn-b", "autumn-c"):
            t = await repos.ledger.tournament(discipline_id, code)
            assert t is not None
            v = await repos.ledger.current_version(t.id)
            assert v is not None
            versions[code] = (v.version, v.reason)
        assert versions == {
            "autumn-a": (2, "correction of version 1"),
            "autumn-b": (2, "replayed after correction of autumn-a"),
            "autumn-c": (1, ""),
        }
    for fid in start:
        rating = (await dispatch(services, user("u1"), f"/rating {fid}")).plain
        assert f"Points: IK {expected[fid]:f}" in rating, (fid, rating)
    # 0002 won autumn-a after the correction, so he started autumn-b higher than before.
    assert expected["UFGO-0002"] != _chain([t1, t2], start)["UFGO-0002"]
    assert expected["UFGO-0003"] != _chain([t1, t2], start)["UFGO-0003"]


async def test_a_tournament_dated_before_stored_ones_replays_them(
    services: Services, db: Database
) -> None:
    discipline_id = await _seed(db)
    # R12 of the late game: 95 (table 2 row 92) without the early game, 89 (row 84) with it.
    start = {"UFGO-0001": 2000, "UFGO-0002": 1900, "UFGO-0003": 1805}
    t2 = _games("late", "2026-10-20", [("UFGO-0002", "UFGO-0003", "1-0")], start)
    await _submit(services, t2)
    t1 = _games("early", "2026-10-10", [("UFGO-0001", "UFGO-0002", "1-0")], start)
    preview = await _submit(services, t1)
    assert "re-rated because of this submission: late" in preview.plain
    expected = _chain([t1, t2], start)
    assert expected["UFGO-0003"] != _chain([t2], start)["UFGO-0003"]
    async with db.read() as repos:
        late = await repos.ledger.tournament(discipline_id, "late")
        assert late is not None
        version = await repos.ledger.current_version(late.id)
        assert version is not None and version.version == 2
        assert version.reason == "replayed after early was added before it"
    rating = (await dispatch(services, user("u1"), "/rating UFGO-0003")).plain
    assert f"Points: IK {expected['UFGO-0003']:f}" in rating


async def test_a_tournament_open_for_game_reports_does_not_block_earlier_submissions(
    services: Services, db: Database
) -> None:
    """A club league opened for /report holds no IK of ours: nothing of it is re-rated."""
    await _seed(db)
    opened = await dispatch(services, user("boss"), "/openreports ufgo club-league-2026")
    assert "club-league-2026" in opened.plain
    start = {"UFGO-0001": 2000, "UFGO-0002": 1900}
    early = _games("early", "2026-10-10", [("UFGO-0001", "UFGO-0002", "1-0")], start)
    preview = await _submit(services, early)
    assert "re-rated" not in preview.plain
    rating = (await dispatch(services, user("u1"), "/rating UFGO-0002")).plain
    assert f"Points: IK {_chain([early], start)['UFGO-0002']:f}" in rating


@pytest.mark.slow
async def test_the_demo_history_gives_a_list(
    services: Services, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
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


async def test_a_json_file_held_dans_from_files_and_refused_tournaments(
    services: Services, db: Database
) -> None:
    await _seed(db)
    doc = (
        '{"tournament": {"name": "Lviv Open", "code": "lviv-open-2026", "date": "2026-11-07",\n'
        ' "time_minutes": 60, "official": true, "board": 19},\n'
        ' "players": [\n'
        '  {"player": "UFGO-0001", "ik": 2450, "held_dan": 5},\n'
        '  {"player": "UFGO-0002", "ik": 2100}],\n'
        ' "games": [{"round": 1, "player1": "UFGO-0001", "player2": "UFGO-0002",\n'
        '            "result": "1-0"}]}\n'
    )
    boss = _with_file(user("boss"), "lviv.json", doc)
    preview = await dispatch(services, boss, "/submit ufgo")
    assert "Preview: Lviv Open — UFGO rating, 2026-11-07" in preview.plain
    # A 4-7 dan comes only from a quarterly list: the file's held_dan is not taken.
    assert "UFGO-0001: file's dan=5 ignored: 4-7 dan come from the quarterly lists" in preview.plain
    assert "| 2450 (3 dan) |" in _row(preview, "Olena Bondarenko")
    # The time control of §1.7 refuses the whole tournament; nothing is kept.
    slow = doc.replace('"time_minutes": 60', '"time_minutes": 30')
    refused = await dispatch(services, _with_file(user("boss"), "lviv.json", slow), "/submit ufgo")
    assert refused.plain == (
        "Not accepted, nothing was written: time control 30 min is below 45: not rated "
        "(seed 002 §1.7)"
    )
    assert refused.buttons == []


async def test_a_correction_that_removes_a_player_takes_back_his_figures(
    services: Services, db: Database
) -> None:
    await _seed(db)
    start = {"UFGO-0001": 2000, "UFGO-0002": 1900, "UFGO-0003": 1850, "UFGO-0004": 1750}
    both = [("UFGO-0001", "UFGO-0002", "1-0"), ("UFGO-0003", "UFGO-0004", "1-0")]
    await _submit(services, _games("club-a", "2026-10-10", both, start))
    before = (await dispatch(services, user("u1"), "/rating UFGO-0003")).plain
    assert "Title: 3 kyu (since 2026-10-10)" in before and "Points: IK" in before
    await _submit(services, _games("club-a", "2026-10-10", both[:1], start))
    after = (await dispatch(services, user("u1"), "/rating UFGO-0003")).plain
    # No IK line counts any more; the rank is that of a player with no history (§3.1).
    assert "Points:" not in after
    assert "Title: 30 kyu (since 2026-10-10)" in after
