"""The bridge_fsbr adapter: import through /submit and /confirm with rk from the database,
refusals, corrections with replays, the monthly standing list and the demo.

Every test runs on SQLite and, with FEDRANK_TEST_DATABASE_URL, on PostgreSQL.

The hand-worked club pairs event used throughout (seed 003 7.5-7.6): 8 pairs, d = 48 boards,
local, not rated (MB only). Every player holds rk 0 (kept from the earlier classification,
2.2 note 1), so each pair's q = 0 and q1 = 0.2 - 0.12 q = 0.2; kq = 1/2 sum of q1 0.95^(i-1)
for i = 1..8 = 0.1 (1 - 0.95^8) / 0.05 = 0.673159; N = N0 = 8 < 32, kq1 = 1 - 0.7 lg kq =
1.120318, kqp = 0.4 kq lg N0 kq1 = 0.272427, kd = 2.2 lg 48 - 2 = 1.698731,
t = N/8 (3 + kq - 0.5 lg N) = 3.221614, R = 1.1 (100 kqp kd)^(1/t) = 3.616851;
MB(p) = 50 kqp kd / R^(p-1): 23.139 -> 23, 6.398 -> 6, 1.769 -> 2, 0.489 -> 0.

With ``kq = 1`` given (a historical event), kq1 = 1, kqp = 0.4 lg 8 = 0.361236,
t = 4 - 0.5 lg 8 = 3.548455, R = 3.509540: MB 30.68 -> 31, 8.74 -> 9, 2.49 -> 2, 0.71 -> 1.
"""

from __future__ import annotations

import math
from dataclasses import replace
from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from fedrank import demo
from fedrank.engines import bridge_fsbr as fsbr
from fedrank.engines.bridge_fsbr.standing import STEP_DOWN_TEXT
from fedrank.engines.kernel import InputError
from fedrank.handlers.context import IncomingFile, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.systems import all_systems
from fedrank.handlers.systems.bridge_fsbr import ADAPTER, DATA_KEY, player_data, read_report
from fedrank.storage.database import Database
from fedrank.storage.records import NewAward, NewListRow
from tests.conftest import user
from tests.factories import NOW, make_director

PLAYERS = 40
NAME = "Кубок клуба «Аврора», пары"


def report(
    *,
    name: str = NAME,
    code: str | None = "club-2026-09",
    start: str = "2026-09-05",
    end: str = "2026-09-06",
    order: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8),
    kq: str | None = None,
    rk: dict[int, str] | None = None,
    members: dict[int, tuple[str, str]] | None = None,
    extra_players: str = "",
) -> str:
    """Eight pairs P01 = FSBR-0001 + FSBR-0002 ... P08 = FSBR-0015 + FSBR-0016, placed in
    ``order`` (the first listed is 1st), 48 boards each, the rk column empty unless ``rk``."""
    lines = [
        "# club pairs, Moscow",
        f"tournament = {name}",
        *([f"id = {code}"] if code else []),
        "form = pairs",
        "scope = local",
        f"start = {start}",
        f"end = {end}",
        "length = 48",
        "actual_length = 48",
        "rated = no",
        *([f"kq = {kq}"] if kq else []),
        "",
        "[entries]",
    ]
    lines += [f"P{pair:02d} | {place}" for place, pair in enumerate(order, start=1)]
    lines += ["", "[players]"]
    for pair in range(1, 9):
        for fid in (members or {}).get(pair, (f"FSBR-{2 * pair - 1:04d}", f"FSBR-{2 * pair:04d}")):
            number = int(fid[5:]) if fid.startswith("FSBR-") else 0
            given = (rk or {}).get(number, "")
            lines.append(f"{fid} | P{pair:02d} | Player {number:02d} | {given} | 48")
    return "\n".join(lines) + "\n" + extra_players


async def seed(db: Database, *, initial: str | None = None) -> int:
    """FSBR with its classification and players FSBR-0001 ... FSBR-0040 ("Player 01" ...),
    each with ``initial_rk`` = ``initial`` (2.2 note 1) when given; a director "boss"."""
    async with db.transaction() as repos:
        fed = await repos.federations.add("FSBR", "Russian Bridge Federation", "Europe/Moscow")
        disc = await repos.federations.add_discipline(
            fed, "fsbr", "FSBR classification", "bridge_fsbr", "monthly"
        )
        for number in range(1, PLAYERS + 1):
            data = {DATA_KEY: {"initial_rk": initial}} if initial is not None else None
            await repos.players.add(fed.id, f"FSBR-{number:04d}", f"Player {number:02d}", data=data)
    await make_director(db, "boss", "FSBR")
    return disc.id


async def submit_and_confirm(services: Services, text: str) -> str:
    preview = await dispatch(services, user("boss"), "/submit fsbr\n" + text)
    assert preview.buttons, preview.plain
    saved = await dispatch(services, user("boss"), preview.buttons[0].action)
    return saved.plain


async def version_of(db: Database, code: str) -> tuple[int, dict[str, Any], str]:
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code("fsbr")
        assert discipline is not None
        tournament = await repos.ledger.tournament(discipline.id, code)
        if tournament is None:
            return 0, {}, ""
        current = await repos.ledger.current_version(tournament.id)
        assert current is not None
        return current.version, dict(current.params), current.reason


def hand_mb(kq: float, n: int = 8, d: int = 48) -> list[int]:
    """7.6 in floats, independent of the engine (pairs, N0 = N < 32), rounded half up."""
    kq1 = 1 - 0.7 * math.log10(kq) if kq < 1 else 1.0
    kqp = 0.4 * kq * math.log10(n) * kq1
    kd = 2.2 * math.log10(d) - 2
    t = n / 8 * (3 + kq - 0.5 * math.log10(n))
    r = 1.1 * (100 * kqp * kd) ** (1 / t)
    return [math.floor(50 * kqp * kd / r**p + 0.5) for p in range(n)]


async def test_file_submit_preview_confirm_rating_and_list(
    services: Services, db: Database
) -> None:
    """Everyone starts at rk 0 (kept, note 1): the module docstring's figures, MB 23 / 6 / 2.
    FSBR-0003's file says rk 3: ignored, the database's рк 0 is used."""
    await seed(db, initial="0")
    assert hand_mb(0.1 * sum(0.95**i for i in range(8)))[:4] == [23, 6, 2, 0]
    text = report(rk={3: "3"})
    attached = replace(user("boss"), attachment=IncomingFile("aurora.fsbr", text.encode()))
    preview = await dispatch(services, attached, "/submit fsbr")
    shown = preview.plain
    assert f"Preview: {NAME} — FSBR classification, 2026-09-06" in shown
    assert f"{NAME}: pairs, local, status none | 2026-09-05..2026-09-06 | kq 0.673159, N 8" in (
        shown
    )
    assert "1. Player 01 (FSBR-0001) · P01 | рк 0, MB 0 | MB 23 (+23 MB) |" in shown
    assert "2. Player 03 (FSBR-0003) · P02 | рк 0, MB 0 | MB 6 (+6 MB) | file rk 3 ignored" in shown
    assert "3. Player 06 (FSBR-0006) · P03 | рк 0, MB 0 | MB 2 (+2 MB) |" in shown
    assert "4. Player 07 (FSBR-0007) · P04 | рк 0 | no award |" in shown
    assert (
        "⚠ line 25: FSBR-0003 has rk 3 in the file; the database's рк 0 (2.2 note 1: kept from "
        "the earlier classification) is used"
    ) in shown
    assert "not a rated event" in shown
    assert await version_of(db, "club-2026-09") == (0, {}, "")  # the preview wrote nothing

    saved = await dispatch(services, user("boss"), preview.buttons[0].action)
    assert saved.plain == f"Saved: {NAME}, version 1."
    version, params, _ = await version_of(db, "club-2026-09")
    assert version == 1
    assert Decimal(params["figures"]["kq"]) == Decimal("0.673159137421875")
    assert params["ranks"] == {str(n): "0" for n in range(1, 17)}
    rating = (await dispatch(services, user("u1"), "/rating FSBR-0001")).plain
    assert "Points: MB 23" in rating
    why = (await dispatch(services, user("u1"), "/why club-2026-09 FSBR-0004")).plain
    assert "MB = 6" in why and "face_to_face = True" in why and "kqp = 0.27242685" in why

    published = await dispatch(services, user("boss"), "/publish fsbr 2026-10-01")
    assert published.plain.endswith("40 players.")
    first = (await dispatch(services, user("u1"), "/rating FSBR-0001")).plain
    # No RO yet: R = 0 for everyone, who all share position 1.
    assert "Position 1 of 40 in the list of 2026-10-01" in first
    assert "Rating: 0" in first
    assert "Title: рк 0 (since 2026-10-01)" in first
    assert "Next: рк -0.5: 12 PB [12 ПБ, for life]; or 9 PB + an achievement of level 1" in first


async def test_pasted_report_with_a_foreign_guest(services: Services, db: Database) -> None:
    """Pasted after the command line; P08 plays with a Latvian guest who is not in the
    database (country given): he counts in q by 6.3 (0.3 RKS, RKS of Latvia = 3 in appendix 2,
    so 0.9 is better than his own 3: q = (0 + 0.9)/2 = 0.45) and gets no ledger line. The kq
    of the field: q1 = 0.2 for seven pairs and 0.2 / 1.6^0.45 = 0.161818 for P08, last of the
    eight: kq = 1/2 (0.2 (1 - 0.95^7)/0.05 + 0.161818 x 0.95^7) = 0.659847."""
    await seed(db, initial="0")
    text = report(members={8: ("FSBR-0015", "LV-77")}).replace(
        "LV-77 | P08 | Player 00 |  | 48", "LV-77 | P08 | Guest | 3 | 48 | LV"
    )
    head, _, rest = text.partition("\n")
    preview = await dispatch(services, user("boss"), f"/submit fsbr {head}\n{rest}")
    shown = preview.plain
    q1_guest = 0.2 / 1.6**0.45
    kq = 0.5 * sum((0.2 if i < 7 else q1_guest) * 0.95**i for i in range(8))
    assert f"kq {kq:.6f}" in shown and f"{kq:.6f}" == "0.659847"
    assert "8. LV-77 (LV) · P08 | guest | — | foreign guest not in the database" in shown
    assert "foreign guests not in the database (no ledger line): LV-77" in shown
    mb = hand_mb(kq)
    assert f"1. Player 01 (FSBR-0001) · P01 | рк 0, MB 0 | MB {mb[0]} (+{mb[0]} MB)" in shown
    await dispatch(services, user("boss"), preview.buttons[0].action)
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("fsbr")
        assert disc is not None
        lines = await repos.ledger.discipline_awards(disc.id)
        assert sorted(int(a.amount) for a in lines) == sorted([mb[0]] * 2 + [mb[1]] * 2 + [2, 2])


async def test_non_director_is_refused_and_nothing_written(
    services: Services, db: Database
) -> None:
    await seed(db)
    reply = await dispatch(services, user("u1"), "/submit fsbr\n" + report())
    assert reply.plain == "Only a director of FSBR may do this."
    assert not reply.buttons
    assert await version_of(db, "club-2026-09") == (0, {}, "")


async def test_unknown_player_and_bad_lines_are_named(services: Services, db: Database) -> None:
    await seed(db)
    unknown = report(members={4: ("FSBR-0007", "FSBR-0099")})
    reply = await dispatch(services, user("boss"), "/submit fsbr\n" + unknown)
    # Line 1 is the comment; [players] is line 22, P04's second player is line 30.
    assert reply.plain == (
        "Not accepted, nothing was written: line 30, field 'player': unknown player ID "
        "'FSBR-0099' in FSBR (a foreign guest who is not in the database needs his country)"
    )
    assert not reply.buttons
    no_boards = report().replace("FSBR-0005 | P03 | Player 05 |  | 48", "FSBR-0005 | P03 | P5 |")
    reply = await dispatch(services, user("boss"), "/submit fsbr\n" + no_boards)
    assert reply.plain.startswith("Not accepted, nothing was written: line 27, field 'boards'")
    with pytest.raises(InputError) as caught:
        read_report(report(code="x" * 65))
    assert (caught.value.line, caught.value.field) == (3, "id")
    async with db.read() as repos:
        assert await repos.ledger.find_tournaments("", limit=10) == []


async def test_correction_makes_version_2_and_replays_a_later_tournament(
    services: Services, db: Database
) -> None:
    """Beginners (рк 5). September, with kq = 1 given: MB 31 / 9 / 2 / 1 (module docstring).
    October is stored before the list of 2026-10-01 is published: everyone is at рк 5 there.
    Then that list is published late: FSBR-0001 and FSBR-0002 hold 31 MB, 10 for life (рк 4)
    and 20 in the last year (рк 3, a one-year norm), so рк 3 since 2026-10-01. Correcting
    September (P03 and P04 swapped) makes its version 2 and re-derives October with рк 3 for
    P01 (q = 3, q1 = 0.2 / 1.6^3): its kq and MB change, so October is replayed as version 2."""
    await seed(db)
    saved = await submit_and_confirm(services, report(kq="1"))
    assert saved == f"Saved: {NAME}, version 1."
    october = report(
        name="Кубок клуба, октябрь", code="club-2026-10", start="2026-10-10", end="2026-10-11"
    )
    await submit_and_confirm(services, october)
    version, params, _ = await version_of(db, "club-2026-10")
    assert (version, set(params["ranks"].values())) == (1, {"5"})
    await dispatch(services, user("boss"), "/publish fsbr 2026-10-01")
    rating = (await dispatch(services, user("u1"), "/rating FSBR-0001")).plain
    assert "Title: рк 3 (since 2026-10-01)" in rating

    corrected = report(kq="1", order=(1, 2, 4, 3, 5, 6, 7, 8))
    preview = await dispatch(services, user("boss"), "/submit fsbr\n" + corrected)
    shown = preview.plain
    assert "club-2026-09 is stored (version 1): this correction becomes version 2" in shown
    # Before: what each held when September ended, without September's version 1.
    assert "3. Player 07 (FSBR-0007) · P04 | рк 5, MB 0 | MB 2 (+2 MB)" in shown
    assert "4. Player 05 (FSBR-0005) · P03 | рк 5, MB 0 | MB 1 (+1 MB)" in shown
    assert "Stored tournaments re-rated because of this submission: Кубок клуба, октябрь" in shown
    confirmed = await dispatch(services, user("boss"), preview.buttons[0].action)
    assert confirmed.plain == f"Saved: {NAME}, version 2."
    version, params, reason = await version_of(db, "club-2026-10")
    assert (version, reason) == (2, "replayed after correction of club-2026-09")
    assert params["ranks"]["1"] == "3" and params["ranks"]["3"] == "5"
    # October by the engine itself with the ranks the database now gives.
    ranked = fsbr.with_ranks(
        fsbr.parse_tournament(october),
        {f"FSBR-{n:04d}": Decimal(3) if n <= 2 else Decimal(5) for n in range(1, 17)},
    )
    result = fsbr.compute_tournament(ranked)
    assert Decimal(params["figures"]["kq"]) == result.figures["kq"]
    winners = {a.player: a.amount for a in result.awards if a.kind == "MB"}
    rating = (await dispatch(services, user("u1"), "/rating FSBR-0001")).plain
    assert f"Points: MB {31 + int(winners['FSBR-0001'])}" in rating
    rating = (await dispatch(services, user("u1"), "/rating FSBR-0007")).plain
    assert f"Points: MB {2 + int(winners.get('FSBR-0007', 0))}" in rating

    # The same correction again: October is as stored now, nothing to replay.
    again = await dispatch(services, user("boss"), "/submit fsbr\n" + corrected)
    assert "re-rated" not in again.plain
    assert "this correction becomes version 3" in again.plain


def _trace(code: str, *, f2f: bool = True, championship: bool = False) -> list[dict[str, Any]]:
    return [
        {"name": "tournament", "value": code},
        {"name": "face_to_face", "value": f2f, "rule": "2.2 note 3"},
        {"name": "championship", "value": championship, "rule": "8.1"},
    ]


async def _ledger(
    db: Database, code: str, day: date, lines: list[tuple[int, str, int]], **flags: bool
) -> None:
    """A tournament ending on ``day`` with ``(player number, kind, amount)`` lines."""
    async with db.transaction() as repos:
        disc = await repos.federations.discipline_by_code("fsbr")
        assert disc is not None
        ids = await repos.players.by_federation_ids(
            disc.federation_id, [f"FSBR-{n:04d}" for n, _, _ in lines]
        )
        await repos.ledger.record_tournament(
            discipline_id=disc.id,
            code=code,
            name=code,
            held_on=day,
            params={},
            entries=[],
            games=[],
            awards=[
                NewAward(ids[f"FSBR-{n:04d}"].id, kind, Decimal(amount), _trace(code, **flags))
                for n, kind, amount in lines
            ],
            now=NOW,
        )


async def test_compute_list_by_hand(services: Services, db: Database) -> None:
    """The list of 2026-11-01 (R0 = 2025-11-01..2026-10-31, R1, R2, R3 the years before):

    - FSBR-0001: R0 has 12 RO results, 9 without championship status (50, 45, 40, 35, 30,
      25, 20, 15, 10) and 3 championships (12, 8, 5); 8.1 counts the best 10 with at most 7
      non-championship: 50+45+40+35+30+25+20 + 12+8+5 = 270. R1 = 100, R2 = 40, R3 = 20:
      R = 270 + 0.75 100 + 0.5 40 + 0.25 20 = 370. 120 MB face to face in 2024: рк 3 for life
      (100 МБ); RO in the last year 295 >= 50: рк 1 on a one-year norm. For рк 0.5 by 2000 МБ
      he lacks 1880 MB, of them ceil(2/3 2000) - 120 = 1214 face to face (note 3).
    - FSBR-0002: one Russian championship, RO 370, PB 3 and an achievement of level 1: R = 370,
      рк 0 for life (3 ПБ; 9 ПБ with level 1 would be рк -0.5, 6 PB short).
      Tied with FSBR-0001 at 370: both are 1st; FSBR-0002 is shown first (stronger rk).
    - FSBR-0004: 60 MB face to face in June 2024 and 40 online in July 2024. 100 МБ for life
      fails note 3 (3 x 60 < 2 x 100), so his lifetime norm is 10 МБ (рк 4); but "60 МБ в
      течение последнего года" gave him рк 2 from 2024-07-01, which lapsed on 2025-07-01:
      note 2 steps him down to рк 3 for life (the full replay, no stored state for him). For
      рк 2 by 300 МБ he lacks 200 MB, ceil(2/3 300) - 60 = 140 of them face to face.
    - FSBR-0005: RO 60 on 2025-11-20 (in R0): R = 60, рк 1 on "50 РО в течение последнего
      года"; on 2026-12-01 it has left the last year: note 2 steps him down to рк 2 for life.
    - FSBR-0003: the list of 2026-10-01 (made by hand) says he held рк 2 on a one-year norm;
      with no history that norm lapses on 2026-11-01: рк 3 for life, read from that row.
    - Everyone else: R 0, рк 5. All with R 0 share position 4 (three players above), shown
      by rk: FSBR-0003 (рк 3), FSBR-0004 (рк 4), then the others."""
    disc_id = await seed(db)
    non_championship = [50, 45, 40, 35, 30, 25, 20, 15, 10]
    for i, amount in enumerate(non_championship):
        await _ledger(db, f"open-{i}", date(2026, 1, 10 + i), [(1, "RO", amount)])
    for i, amount in enumerate([12, 8, 5]):
        await _ledger(
            db, f"champ-{i}", date(2026, 3, 1 + i), [(1, "RO", amount)], championship=True
        )
    await _ledger(db, "r1", date(2025, 6, 1), [(1, "RO", 100)])
    await _ledger(db, "r2", date(2024, 6, 1), [(1, "RO", 40), (1, "MB", 120), (4, "MB", 60)])
    await _ledger(db, "r2-online", date(2024, 7, 1), [(4, "MB", 40)], f2f=False)
    await _ledger(db, "r3", date(2023, 6, 1), [(1, "RO", 20)])
    await _ledger(
        db,
        "ru-2026",
        date(2026, 5, 1),
        [(2, "RO", 370), (2, "PB", 3), (2, "achievement 1", 1)],
        championship=True,
    )
    await _ledger(db, "nov-2025", date(2025, 11, 20), [(5, "RO", 60)])
    async with db.transaction() as repos:
        disc = await repos.federations.discipline(disc_id)
        assert disc is not None
        three = await repos.players.by_federation_id(disc.federation_id, "FSBR-0003")
        assert three is not None
        state = {
            "list_date": "2026-10-01",
            "rk": "2",
            "lifetime_rk": "5",
            "temporary": True,
            "norm": "60 МБ в течение последнего года",
            "lifetime_norm": "рк 5",
        }
        await repos.lists.add_snapshot(
            disc.id,
            date(2026, 10, 1),
            [NewListRow(three.id, 1, Decimal(0), "рк 2", {"state": state})],
            now=NOW,
        )
        listed = await ADAPTER.compute_list(repos, disc, date(2026, 11, 1))
        found = await repos.players.by_federation_ids(
            disc.federation_id, [f"FSBR-{n:04d}" for n in range(1, PLAYERS + 1)]
        )
        people = {p.id: p.federation_player_id for p in found.values()}
    rows = {people[r.player_id]: r for r in listed.rows}
    assert [people[r.player_id] for r in listed.rows[:5]] == [
        "FSBR-0002",
        "FSBR-0001",
        "FSBR-0005",
        "FSBR-0003",
        "FSBR-0004",
    ]
    one, two, five = rows["FSBR-0001"], rows["FSBR-0002"], rows["FSBR-0005"]
    assert (one.position, one.rating, one.title) == (1, Decimal(370), "рк 1")
    assert (two.position, two.rating, two.title) == (1, Decimal(370), "рк 0")
    assert (five.position, five.rating, five.title) == (3, Decimal(60), "рк 1")
    assert [rows[f].position for f in ("FSBR-0003", "FSBR-0004", "FSBR-0040")] == [4, 4, 4]
    assert rows["FSBR-0040"].rating == 0
    assert two.data is not None and two.data["achievement"] == 1
    assert "6 PB [9 ПБ и достижение уровня 1, for life]" in two.data["next"]
    data = one.data
    assert data is not None
    assert data["R_parts"] == [270, 100, 40, 20]
    assert (data["MB"], data["RO"], data["PB"], data["RO_last_year"]) == (120, 455, 0, 295)
    counted_r0 = sorted(c["RO"] for c in data["counted"] if c["period"] == "R0")
    assert counted_r0 == [5, 8, 12, 20, 25, 30, 35, 40, 45, 50]
    assert data["state"]["temporary"] is True and data["lifetime_rk"] == "3"
    assert data["next"].startswith("рк 0.5: 1880 MB (1214 of them face to face) [2000 МБ, for")
    assert "if it lapses, рк 2 for life (2.2 note 2)" in data["next"]
    four = rows["FSBR-0004"]
    assert four.title == "рк 3" and four.data is not None
    assert four.data["lifetime_rk"] == "3" and four.data["temporary"] is False
    assert four.data["next"].startswith("рк 2: 200 MB (140 of them face to face) [300 МБ, for")
    three_row = rows["FSBR-0003"]
    assert three_row.title == "рк 3" and three_row.data is not None
    assert three_row.data["state"]["stepped_down"] is True
    # Titles: every coefficient that differs from the one published before (рк 5 if none).
    titles = {people[t.player_id]: (t.title, t.reason) for t in listed.titles}
    assert titles["FSBR-0001"] == ("рк 1", "2.2: 50 РО в течение последнего года")
    assert titles["FSBR-0002"] == ("рк 0", "2.2: 3 ПБ")
    assert titles["FSBR-0004"] == ("рк 3", STEP_DOWN_TEXT)
    assert titles["FSBR-0003"][0] == "рк 3" and "note 2" in titles["FSBR-0003"][1]
    assert set(titles) == {"FSBR-0001", "FSBR-0002", "FSBR-0003", "FSBR-0004", "FSBR-0005"}
    # The engine by itself agrees on every row.
    assert listed.data["previous_list"] == "2026-10-01"

    # Published, then the next month reads its states back (note 2 for FSBR-0005).
    await dispatch(services, user("boss"), "/publish fsbr 2026-11-01")
    async with db.read() as repos:
        disc = await repos.federations.discipline(disc_id)
        assert disc is not None
        december = await ADAPTER.compute_list(repos, disc, date(2026, 12, 1))
    rows = {people[r.player_id]: r for r in december.rows}
    assert december.data["previous_list"] == "2026-11-01"
    assert rows["FSBR-0005"].title == "рк 2"
    assert rows["FSBR-0005"].data is not None
    assert rows["FSBR-0005"].data["state"]["stepped_down"] is True
    assert rows["FSBR-0005"].rating == Decimal(45)  # 60 is in R1 now: 0.75 x 60
    assert {people[t.player_id]: t.title for t in december.titles} == {"FSBR-0005": "рк 2"}
    rating = (await dispatch(services, user("u1"), "/rating FSBR-0001")).plain
    assert "Position 1 of 40 in the list of 2026-11-01" in rating
    assert "Rating: 370" in rating and "Title: рк 1 (since 2026-11-01)" in rating
    assert "Points: MB 120, RO 455" in rating


async def test_player_data_is_checked(db: Database) -> None:
    await seed(db)
    async with db.transaction() as repos:
        disc = await repos.federations.discipline_by_code("fsbr")
        assert disc is not None
        player = await repos.players.by_federation_id(disc.federation_id, "FSBR-0001")
        assert player is not None
        player.data = {
            DATA_KEY: {
                "ebl_points": [["2025-05-10", 12]],
                "titles": [["2024-08-01", "wbf_master"]],
                "initial_rk": "1",
            }
        }
        got = player_data(player)
        assert got.ebl_points == ((date(2025, 5, 10), 12),)
        assert got.initial_rk == Decimal(1)
        listed = await ADAPTER.compute_list(repos, disc, date(2026, 11, 1))
        row = next(r for r in listed.rows if r.player_id == player.id)
        # The WBF master norm gives рк -3.5 for life (2.2).
        assert row.title == "рк -3.5" and row.data is not None and row.data["ebl_points"] == 12
        player.data = {DATA_KEY: {"initial_rk": "0.3"}}
        with pytest.raises(InputError) as caught:
            player_data(player)
        assert caught.value.field == "bridge_fsbr.initial_rk"
        assert "FSBR-0001" in str(caught.value)
        player.data = {DATA_KEY: {"ebl_points": [["10.05.2025", 3]]}}
        with pytest.raises(InputError, match="bad date"):
            player_data(player)


@pytest.mark.slow
async def test_the_demo_history_gives_a_list(
    services: Services, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert all_systems().adapter("bridge_fsbr") is ADAPTER
    message = await demo.load_demo(db, all_systems(), only={"bridge_fsbr"})
    assert "results and lists for fsbr" in message
    top = (await dispatch(services, user("u1"), "/top fsbr 5")).plain
    assert "FSBR classification: list of 2026-11-01 (top 5 of 80)" in top
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("fsbr")
        assert disc is not None
        snapshots = await repos.lists.snapshots(disc.id)
        # Monthly lists from the first demo tournament on, and the demo's own of 2026-11-01.
        assert len(snapshots) >= 20 and snapshots[-1].list_date == date(2026, 11, 1)
        versions = await repos.ledger.current_versions(disc.id)
        assert len(versions) == 12
        statuses = {v.params["figures"].get("status") for _, v in versions}
        assert {"regional", "main_russian", "none"} <= statuses
        assert {v.params["form"] for _, v in versions} == {"pairs", "teams", "match"}
        rows = await repos.lists.top(snapshots[-1].id, 200)
        assert len(rows) == 80
        best, player = rows[0]
        assert best.data is not None
        weights = (Decimal(1), Decimal("0.75"), Decimal("0.5"), Decimal("0.25"))
        parts = best.data["R_parts"]
        assert best.rating == sum((w * p for w, p in zip(weights, parts, strict=True)), Decimal(0))
        for i, part in enumerate(parts):
            counted = [c["RO"] for c in best.data["counted"] if c["period"] == f"R{i}"]
            assert sum(counted) == part
        assert best.rating > 0
        titles = {row.title for row, _ in rows}
        assert len(titles) >= 4  # rk evolved
        assert max(row.data["achievement"] for row, _ in rows if row.data) >= 2
        kinds = {a.kind for a in await repos.ledger.discipline_awards(disc.id)}
        assert {"MB", "RO", "PB", "achievement 1", "achievement 2"} <= kinds
        fid, value = player.federation_player_id, best.rating
    rating = (await dispatch(services, user("u1"), f"/rating {fid}")).plain
    assert "Position 1 of 80 in the list of 2026-11-01" in rating
    assert f"Rating: {value.normalize():f}" in rating
    assert "Points: " in rating and "MB " in rating and "RO " in rating
    assert "Next: рк " in rating
