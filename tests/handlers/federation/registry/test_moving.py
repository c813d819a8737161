"""Moving from another system (issue 33 item 1): the standings a federation brings on its first
day enter through the registry file, and the next published list shows them.

Every test starts from an empty database: the federation and its discipline are made, the
registry file is imported through the handler ``fedrank players import`` calls, a tournament is
submitted and confirmed as a director does, and the list is published through the publication
handler.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.federation.registry.fileformat import RegistryFileError, write_xlsx
from fedrank.handlers.federation.registry.importing import prepare_import, write_import
from fedrank.handlers.publication.publish import EarlyListError, publish_list
from fedrank.storage.database import Database
from fedrank.storage.models import ListRow
from tests.factories import make_director, store_result
from tests.handlers.systems.bridge_ccba.helpers import event_file as ccba_event_file
from tests.handlers.systems.go_ufgo.support import EXAMPLE as EXAMPLE_H9
from tests.helpers import submit_and_confirm, user

MOVING = Path(__file__).parents[4] / "examples" / "moving"


async def federation(db: Database, code: str, discipline: str, system: str) -> None:
    """An empty federation with one discipline and its director "boss"."""
    async with db.transaction() as repos:
        fed = await repos.federations.add(code, f"{code} federation")
        await repos.federations.add_discipline(fed, discipline, discipline, system, "monthly")
    await make_director(db, "boss", code)


async def import_registry(services: Services, code: str, filename: str, content: bytes) -> None:
    async with services.db.transaction() as repos:
        plan = await prepare_import(repos, services.systems, code, filename, content)
        await write_import(repos, plan, now=services.now())


def ccba_registry() -> str:
    """16 members, each holding 100 gold + 200 red + 50 blue on 2025-12-31."""
    opening = json.dumps({"on": "2025-12-31", "mp": {"gold": 100, "red": 200, "blue": 50}})
    cell = '"' + opening.replace('"', '""') + '"'
    return "id,name,member_from,bridge_ccba.opening\n" + "".join(
        f"CCBA-{n:04d},{name},2020-01-01,{cell}\n" for n, name in enumerate(CCBA_NAMES, start=1)
    )


async def latest_row(db: Database, discipline: str, fid: str) -> dict[str, Any]:
    """The data of ``fid``'s row on the discipline's latest list."""
    async with db.read() as repos:
        found = await repos.federations.discipline_by_code(discipline)
        assert found is not None
        snapshot = await repos.lists.latest(found.id)
        assert snapshot is not None
        player = (await repos.players.find(fid))[0]
        row = await repos.lists.row(snapshot.id, player.id)
        assert row is not None
        return dict(row.data)


async def published(
    services: Services, discipline: str, on: date
) -> dict[str, tuple[int, Decimal, str | None]]:
    """Each listed player's (position, figure, title) on the list of ``on``, by federation ID."""
    now = datetime(on.year, on.month, on.day, 12, tzinfo=UTC)
    snapshot, created, _ = await publish_list(
        services.db, services.systems, discipline, on, now=now, on_demand=True
    )
    assert created
    async with services.db.read() as repos:
        rows: list[ListRow] = [row for row, _ in await repos.lists.top(snapshot.id, 1000)]
        players = await repos.players.by_ids({row.player_id for row in rows})
        return {
            players[row.player_id].federation_player_id: (row.position, row.rating, row.title)
            for row in rows
        }


# ---------------------------------------------------------------------------------------------
# RMF: the level with its date and dan marks (RULES.md "Decision (levels brought in)").

RMF_REGISTRY = (
    "id;name;mahjong_rmf.levels\n"
    'RMF-0001;Иванов Иван;"{""mcr"": [""D2+"", ""2026-03-14""]}"\n'
    'RMF-0002;Петров Пётр;"{""mcr"": [""3k""]}"\n'
    + "".join(f"RMF-{n:04d};Игрок {n:02d};\n" for n in range(3, 17))
)


def rmf_sheet() -> str:
    """16 players in ID order, no level column: KT_EU comes from the registry's levels."""
    head = [
        "name: Tula Autumn Cup 2026",
        "id: tula-autumn-2026",
        "date: 2026-09-05",
        "discipline: mcr",
        "type: regular",
        "chut: 16",
        "chs: 6",
        "",
        "place; player",
    ]
    return "\n".join([*head, *(f"{n}; RMF-{n:04d}" for n in range(1, 17))]) + "\n"


async def test_rmf_levels_brought_in_stand_on_the_next_list(
    services: Services, db: Database
) -> None:
    """The registry, saved by Russian Excel (Windows-1251, semicolons), brings RMF-0001 at D2+
    since 2026-03-14 and RMF-0002 at 3k. KT_EU = (2500 + 1250) / 16 / 1000 = 0.234, down to
    0.20, so KT = 0.6 - 0.1 + 0.20 = 0.70 and the winner's NR*KT is 700, below his level: he
    keeps D2+, and his rating is 0.25 * 2500 + 0.75 * 700 / 5 = 730.00 (first, not 4th at 3k).
    His dan year runs from 2026-03-14: D2+ still on 2027-03-01, one '-' (cancelling the '+')
    on the first list after 2027-03-14."""
    await federation(db, "RMF", "rmf-mcr", "mahjong_rmf")
    await import_registry(services, "RMF", "players.csv", RMF_REGISTRY.encode("cp1251"))
    saved = await submit_and_confirm(services, "rmf-mcr", rmf_sheet())
    assert "Saved" in saved, saved

    october = await published(services, "rmf-mcr", date(2026, 10, 1))
    assert october["RMF-0001"] == (1, Decimal("730.00"), "D2+")
    # NR 933.33 * 0.70 = 653.33 meets 6k (500) only: the 3k brought in is kept for life, and
    # the rating is 0.25 * 1250 + 0.75 * 653.33 / 5 = 410.50.
    assert october["RMF-0002"] == (2, Decimal("410.50"), "3k")
    assert october["RMF-0003"][2] == "6k"

    assert (await published(services, "rmf-mcr", date(2027, 3, 1)))["RMF-0001"][2] == "D2+"
    assert (await published(services, "rmf-mcr", date(2027, 4, 1)))["RMF-0001"][2] == "D2"


async def test_rmf_levels_a_replay_could_not_read_refuse_the_file(
    services: Services, db: Database
) -> None:
    """Every bad cell at once, with its line and column; nothing is written."""
    await federation(db, "RMF", "rmf-mcr", "mahjong_rmf")
    bad = (
        "id;name;mahjong_rmf.levels\n"
        'RMF-0001;Иванов Иван;"{""mcr"": [""D2+""]}"\n'
        'RMF-0002;Петров Пётр;"{""mcr"": [""13k""]}"\n'
    )
    async with services.db.transaction() as repos:
        with pytest.raises(RegistryFileError) as refused:
            await prepare_import(repos, services.systems, "RMF", "players.csv", bad.encode())
    report = refused.value.report()
    assert "players.csv, line 2, field 'mahjong_rmf.levels'" in report
    assert "a dan level needs the date it was awarded or last confirmed" in report
    assert "players.csv, line 3, field 'mahjong_rmf.levels'" in report
    assert "there is no 13 kyu" in report
    async with services.db.read() as repos:
        assert await repos.players.find("RMF-0001") == []


# ---------------------------------------------------------------------------------------------
# UFGO: a starting IK under seed 002 §3.2 (RULES.md "Decision (starting IK, section 3.2)").

UFGO_PLAYERS = {
    "UFGO-0001": ("Bondarenko Olena", "2215"),
    "UFGO-0002": ("Kovalenko Taras", "2130"),
    "UFGO-0003": ("Shevchenko Andrii", "2040"),
    "UFGO-0004": ("Melnyk Iryna", "1820"),
    "UFGO-0005": ("Tkachenko Oleh", "1560"),
    "UFGO-0006": ("Kravchenko Yurii", "1270"),
    "UFGO-0007": ("Oliinyk Mariia", "890"),
    "UFGO-0008": ("Lysenko Bohdan", "480"),
    "UFGO-0009": ("Savchenko Dmytro", "215"),
    "UFGO-0010": ("Rudenko Sofiia", "92"),
}


def start_ik(ik: str, first: str, second: str) -> str:
    return json.dumps(
        {
            "ik": int(ik),
            "recommended_by": [first, second],
            "sent_by": "Oleh Koval",
            "on": "2026-01-10",
        }
    )


def ufgo_h9() -> str:
    """The engine's example h-file with each player's ID, and no ``ik=`` but the first
    player's, 2100, which disagrees with the registry's 2215."""
    out = []
    for raw in EXAMPLE_H9.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\s+(\d+) ", raw)
        if m:
            number = int(m.group(1))
            given = "ik=2100" if number == 1 else ""
            raw = re.sub(r"ik=\d+", f"id=UFGO-{number:04d} {given}".rstrip(), raw)
        out.append(raw)
    return "\n".join(out) + "\n"


async def test_ufgo_starting_iks_with_recommenders_stand_on_the_next_list(
    services: Services, db: Database
) -> None:
    """A workbook brings each player's §3.2 starting IK (the example file's own ik= figures)
    with the two members who recommended it. The tournament then rates exactly as the file
    with those ik= did (UFGO-0001: 2215 + 7 = 2222, 2 dan), the file's disagreeing ik=2100 is
    a warning and the registry holds, and the trace names the recommenders."""
    await federation(db, "UFGO", "ufgo", "go_ufgo")
    ids = list(UFGO_PLAYERS)
    rows = [
        [fid, name, start_ik(ik, *[o for o in ids if o != fid][:2])]
        for fid, (name, ik) in UFGO_PLAYERS.items()
    ]
    workbook = write_xlsx(["id", "name", "go_ufgo.start_ik"], rows)
    await import_registry(services, "UFGO", "players.xlsx", workbook)

    preview = await dispatch(services, user("boss"), "/submit ufgo\n" + ufgo_h9())
    assert "file's ik=2100 ignored: the registry holds 2215" in preview.plain, preview.plain
    assert preview.buttons, preview.plain
    assert "Saved" in (await dispatch(services, user("boss"), preview.buttons[0].action)).plain

    listed = await published(services, "ufgo", date(2027, 1, 1))
    assert listed["UFGO-0001"] == (1, Decimal(2222), "2 dan")
    async with db.read() as repos:
        first = (await repos.players.find("UFGO-0001"))[0]
        discipline = await repos.federations.discipline_by_code("ufgo")
        assert discipline is not None
        awards = [
            (a.amount, a.trace)
            for a in await repos.ledger.discipline_awards(discipline.id)
            if a.player_id == first.id
        ]
        audited = [a.details for a in await repos.audit.entries("player.registry_data")]
    given = [(amount, trace) for amount, trace in awards if trace[-1]["rule"] == "seed 002 §3.2"]
    assert [amount for amount, _ in given] == [2215]
    assert given[0][1][-1]["note"] == (
        "starting IK on the recommendation of UFGO-0002 and UFGO-0003 (seed 002 §3.2), "
        "sent by Oleh Koval on 2026-01-10"
    )
    assert audited[0]["data"]["go_ufgo"]["start_ik"]["recommended_by"] == [
        "UFGO-0002",
        "UFGO-0003",
    ]


async def test_ufgo_playerdata_takes_the_same_key_and_refuses_a_bad_record(
    services: Services, db: Database
) -> None:
    await federation(db, "UFGO", "ufgo", "go_ufgo")
    await import_registry(
        services, "UFGO", "p.csv", b"id,name\nUFGO-0001,Olena\nUFGO-0002,Taras\nUFGO-0003,Andrii\n"
    )
    good = start_ik("1500", "UFGO-0002", "UFGO-0003")
    saved = await dispatch(services, user("boss"), f"/playerdata UFGO-0001 go_ufgo.start_ik {good}")
    assert saved.plain == "Saved go_ufgo.start_ik for Olena (UFGO-0001)."
    for value, why in [
        (start_ik("1500", "UFGO-0003", "UFGO-0003"), "two different members"),
        (start_ik("1500", "UFGO-0001", "UFGO-0002"), "cannot recommend himself"),
        (start_ik("0", "UFGO-0001", "UFGO-0003"), "a starting IK above 0"),
        (
            '{"ik": 1500, "recommended_by": ["UFGO-0003"], "sent_by": "X", "on": "2026-01-10"}',
            "the federation IDs of two members",
        ),
        (
            '{"ik": 1500, "recommended_by": ["UFGO-0001", "UFGO-0003"], "on": "2026-01-10"}',
            "needs 'sent_by'",
        ),
        ('"1d"', "must be an object"),
        (start_ik("1500", "UFGO-0001", "UFGO-0042"), "'UFGO-0042' is no player of UFGO"),
    ]:
        refused = await dispatch(
            services, user("boss"), f"/playerdata UFGO-0002 go_ufgo.start_ik {value}"
        )
        assert refused.plain.startswith("Not accepted, nothing was written:"), value
        assert why in refused.plain, refused.plain
    async with db.read() as repos:
        audited = [a.details for a in await repos.audit.entries("player.data_changed")]
        assert (await repos.players.find("UFGO-0002"))[0].data == {}
    assert audited == [{"key": "go_ufgo.start_ik", "before": None, "after": json.loads(good)}]


@pytest.mark.parametrize(
    ("filename", "code", "system", "added"),
    [
        ("rmf_levels.csv", "RMF", "mahjong_rmf", 3),
        ("ufgo_start_ik.csv", "UFGO", "go_ufgo", 3),
        ("fsbr_rk_and_points.csv", "FSBR", "bridge_fsbr", 4),
        ("ccba_opening.csv", "CCBA", "bridge_ccba", 3),
        ("othello_nothing.csv", "WOF", "othello_woc", 2),
    ],
)
async def test_the_guide_s_example_files_import_as_they_are(
    services: Services, db: Database, filename: str, code: str, system: str, added: int
) -> None:
    """docs/guide/operators.md, "Moving from another system": each system's example file."""
    await federation(db, code, code.lower(), system)
    content = (MOVING / filename).read_bytes()
    async with services.db.transaction() as repos:
        plan = await prepare_import(repos, services.systems, code, filename, content)
        result = await write_import(repos, plan, now=services.now())
    assert (result.added, result.updated) == (added, 0)


# ---------------------------------------------------------------------------------------------
# CCBA: opening masterpoints by colour with their date.


CCBA_NAMES = [
    "王伟",
    "李娜",
    "张敏",
    "刘洋",
    "陈静",
    "杨磊",
    "赵丽",
    "黄强",
    "周杰",
    "吴芳",
    "徐明",
    "孙华",
    "马超",
    "朱琳",
    "胡军",
    "郭涛",
]


async def test_ccba_opening_masterpoints_by_colour_stand_on_the_next_list(
    services: Services, db: Database
) -> None:
    """A registry saved by Chinese Windows (GB18030) brings 16 members, each holding on
    2025-12-31 100 gold + 200 red + 50 blue. Blue is not held (§1.3.1), so each holds 300 and
    the hand-worked club pairs event (tests/handlers/systems/bridge_ccba/helpers.py) has AVGM
    300.00 and M 3.00: the winners get 1.80 red. The file's mp=250 for CCBA-0003 is a warning
    and the registry holds. The next list shows 350 + 1.80 = 351.80 for the winners, 301.80
    of it held, and the opening by colour."""
    await federation(db, "CCBA", "ccba", "bridge_ccba")
    registry = ccba_registry()
    await import_registry(services, "CCBA", "球员.csv", registry.encode("gb18030"))

    preview = await dispatch(
        services,
        user("boss"),
        "/submit ccba\n" + ccba_event_file(mp={3: "250"}, code="chengdu-2026-09"),
    )
    assert "M 3.00 | AVGM 300.00" in preview.plain, preview.plain
    assert "CCBA-0003: the file's mp=250 is ignored: the registry holds 300" in preview.plain
    assert "Saved" in (await dispatch(services, user("boss"), preview.buttons[0].action)).plain

    listed = await published(services, "ccba", date(2027, 1, 1))
    assert listed["CCBA-0001"] == (1, Decimal("351.80"), None)
    assert listed["CCBA-0016"][1] == Decimal("350.00")
    data = await latest_row(db, "ccba", "CCBA-0001")
    assert data["opening_by_colour"] == {"gold": "100", "red": "200", "blue": "50"}
    assert (data["opening"], data["mp"]) == ("350", "301.8")
    # /whatif counts the blue opening in the total, never in the holding M reads
    whatif = await dispatch(services, user("u"), "/whatif chengdu-2026-09 8 CCBA-0001")
    assert "total masterpoints | 351.8 (1.8 red + 350 opening) | 350 |" in whatif.plain
    assert "mp (what M counts) | 301.8 | 300 |" in whatif.plain


async def test_ccba_openings_are_on_the_list_before_the_first_event(
    services: Services, db: Database
) -> None:
    """A federation's first list, before any event in fedrank, shows each member's holding
    brought in (350 = 100 gold + 200 red + 50 blue, blue not counted in M's 300), on lists
    dated after the holding's date only; his first event then adds to it, the figure not
    jumping when the opening enters the ledger with that event."""
    await federation(db, "CCBA", "ccba", "bridge_ccba")
    registry = ccba_registry()
    await import_registry(services, "CCBA", "members.csv", registry.encode())

    with pytest.raises(EarlyListError):  # nothing held yet on the holding's own date
        await published(services, "ccba", date(2025, 12, 31))
    first = await published(services, "ccba", date(2026, 1, 1))
    assert len(first) == len(CCBA_NAMES)
    assert {figure for _, figure, _ in first.values()} == {Decimal("350.00")}
    assert {position for position, _, _ in first.values()} == {1}
    data = await latest_row(db, "ccba", "CCBA-0001")
    assert data["opening_by_colour"] == {"gold": "100", "red": "200", "blue": "50"}
    assert (data["opening"], data["mp"], data["events"]) == ("350", "300", 0)

    preview = await dispatch(
        services, user("boss"), "/submit ccba\n" + ccba_event_file(code="chengdu-2026-09")
    )
    assert "Saved" in (await dispatch(services, user("boss"), preview.buttons[0].action)).plain
    after = await published(services, "ccba", date(2027, 1, 1))
    assert after["CCBA-0001"] == (1, Decimal("351.80"), None)
    assert after["CCBA-0016"][1] == Decimal("350.00")


async def test_ccba_playerdata_takes_the_same_key(services: Services, db: Database) -> None:
    await federation(db, "CCBA", "ccba", "bridge_ccba")
    await import_registry(services, "CCBA", "p.csv", b"id,name\nCCBA-0001,Wang\n")
    saved = await dispatch(
        services,
        user("boss"),
        '/playerdata CCBA-0001 bridge_ccba.opening {"on": "2025-12-31", "mp": {"gold": 12.5}}',
    )
    assert saved.plain == "Saved bridge_ccba.opening for Wang (CCBA-0001)."
    for value, why in [
        ('{"on": "2025-12-31", "mp": {"green": 1}}', "names 'green', not a colour"),
        ('{"on": "2025-12-31", "mp": {"gold": 1.005}}', "masterpoints to 0.01"),
        ('{"mp": {"gold": 1}}', "needs 'on'"),
        ('{"on": "2025-12-31"}', "holds no masterpoints"),
    ]:
        refused = await dispatch(
            services, user("boss"), f"/playerdata CCBA-0001 bridge_ccba.opening {value}"
        )
        assert refused.plain.startswith("Not accepted, nothing was written:"), value
        assert why in refused.plain, refused.plain


# ---------------------------------------------------------------------------------------------
# FSBR: the rank coefficient of the earlier classification, and MB, RO and PB earned before.


async def test_fsbr_coefficients_and_points_brought_in_stand_on_the_next_list(
    services: Services, db: Database
) -> None:
    """The list of 2026-11-01, no tournament played in fedrank yet:

    - FSBR-0001 brings рк -2.5 from the earlier classification (2.2 note 1): рк -2.5, R 0.
    - FSBR-0002 brings 120 MB (2024-06-01), RO 100 (2025-06-01) and RO 60 (2026-05-01): R0 =
      60, R1 = 100, R = 60 + 0.75 * 100 = 135; 120 MB face to face give рк 3 for life, RO 160
      in the last year (>= 50) рк 1 on a one-year norm.
    - FSBR-0003 brings nothing: рк 5 (2.2), R 0.
    A list is owed from the discipline's first stored result: one with no results is stored."""
    await federation(db, "FSBR", "fsbr", "bridge_fsbr")
    points = json.dumps(
        [["2024-06-01", "MB", 120], ["2025-06-01", "RO", 100], ["2026-05-01", "RO", 60]]
    )
    registry = (
        "id;name;bridge_fsbr.initial_rk;bridge_fsbr.points\n"
        "FSBR-0001;Смирнова Ольга;-2.5;\n"
        f'FSBR-0002;Белов Евгений;;"{points.replace(chr(34), chr(34) * 2)}"\n'
        "FSBR-0003;Новиков Илья;;\n"
    )
    await import_registry(services, "FSBR", "players.csv", registry.encode("cp1251"))
    async with db.transaction() as repos:  # lists are owed from the first stored result on
        discipline = await repos.federations.discipline_by_code("fsbr")
        assert discipline is not None
        await store_result(repos, discipline.id, date(2026, 10, 10))
    listed = await published(services, "fsbr", date(2026, 11, 1))
    assert listed == {
        "FSBR-0002": (1, Decimal(135), "рк 1"),
        "FSBR-0001": (2, Decimal(0), "рк -2.5"),
        "FSBR-0003": (2, Decimal(0), "рк 5"),
    }


async def test_fsbr_rank_coefficient_history_brought_in(services: Services, db: Database) -> None:
    """FSBR-0001's earlier classification gave рк -2 for life (2023-01-01), then рк -3 on a
    one-year norm (2025-11-01). fedrank does not know the results of that year, so -3 stands
    for its year: on the lists of 2025-12-01 to 2026-10-01. On 2026-11-01 its year is over
    and no norm of the ledger confirms it (nothing brought in): 2.2 note 2 steps it down one
    place, to -2.5, which is then his for life (still -2.5 on 2027-01-01, never back to -2).
    FSBR-0002 brings a lifetime рк -1.5 alone: -1.5 on every list."""
    await federation(db, "FSBR", "fsbr", "bridge_fsbr")
    one = json.dumps([["2023-01-01", -2, "lifetime"], ["2025-11-01", -3, "one-year"]])
    two = json.dumps([["2024-05-01", -1.5, "lifetime"]])
    quote = chr(34)
    registry = (
        "id;name;bridge_fsbr.rk_history\n"
        f'FSBR-0001;Смирнова Ольга;"{one.replace(quote, quote * 2)}"\n'
        f'FSBR-0002;Белов Евгений;"{two.replace(quote, quote * 2)}"\n'
    )
    await import_registry(services, "FSBR", "players.csv", registry.encode("cp1251"))
    async with db.transaction() as repos:  # lists are owed from the first stored result on
        discipline = await repos.federations.discipline_by_code("fsbr")
        assert discipline is not None
        await store_result(repos, discipline.id, date(2025, 11, 10))
    expected = {
        date(2025, 12, 1): "рк -3",
        date(2026, 10, 1): "рк -3",
        date(2026, 11, 1): "рк -2.5",
        date(2027, 1, 1): "рк -2.5",
    }
    for on, title in expected.items():
        listed = await published(services, "fsbr", on)
        assert listed["FSBR-0001"][2] == title, (on, listed)
        assert listed["FSBR-0002"][2] == "рк -1.5", (on, listed)
    rating = await dispatch(services, user("u"), "/rating FSBR-0001")
    assert "Title: рк -2.5 (since 2026-11-01)" in rating.plain, rating.plain


async def test_fsbr_rank_coefficient_history_is_checked_line_by_line(
    services: Services, db: Database
) -> None:
    """A history out of date order, or with a basis 2.2 does not have, refuses the file
    naming the player and the key; nothing is written."""
    await federation(db, "FSBR", "fsbr", "bridge_fsbr")
    for bad, said in (
        ('[["2025-11-01", -3, "one-year"], ["2023-01-01", -2, "lifetime"]]', "oldest first"),
        ('[["2025-11-01", -3, "yearly"]]', "the basis is 'lifetime' or 'one-year'"),
        ('[["2025-11-01", -3.3, "lifetime"]]', "not a coefficient of 2.2"),
    ):
        registry = (
            "id;name;bridge_fsbr.rk_history\n"
            + f'FSBR-0001;Ольга;"{bad.replace(chr(34), chr(34) * 2)}"\n'
        )
        with pytest.raises(RegistryFileError) as caught:
            await import_registry(services, "FSBR", "players.csv", registry.encode())
        assert said in str(caught.value), str(caught.value)
        assert "bridge_fsbr.rk_history" in str(caught.value)
    async with db.read() as repos:
        assert await repos.players.find("FSBR-0001") == []


async def test_fsbr_playerdata_takes_points_and_refuses_bad_ones(
    services: Services, db: Database
) -> None:
    await federation(db, "FSBR", "fsbr", "bridge_fsbr")
    await import_registry(services, "FSBR", "p.csv", b"id,name\nFSBR-0001,Olga\n")
    saved = await dispatch(
        services, user("boss"), '/playerdata FSBR-0001 bridge_fsbr.points [["2025-06-01", "PB", 4]]'
    )
    assert saved.plain == "Saved bridge_fsbr.points for Olga (FSBR-0001)."
    for value, why in [
        ('[["2025-06-01", "XP", 4]]', "'XP', not MB, RO or PB"),
        ('[["2025-06-01", "MB", 4.5]]', "not a whole number of MB"),
        ('[["2025-06-01", "MB"]]', "not a [date, MB|RO|PB, amount] triple"),
        ('[["1.6.2025", "MB", 4]]', "bad date"),
    ]:
        refused = await dispatch(
            services, user("boss"), f"/playerdata FSBR-0001 bridge_fsbr.points {value}"
        )
        assert refused.plain.startswith("Not accepted, nothing was written:"), value
        assert why in refused.plain, refused.plain
    # 2.2's list has no 1.5 (1 is followed by 2): refused here rather than failing the list
    for key, value in (("initial_rk", "1.5"), ("rk_history", '[["2025-06-01", 2.5, "lifetime"]]')):
        refused = await dispatch(
            services, user("boss"), f"/playerdata FSBR-0001 bridge_fsbr.{key} {value}"
        )
        assert refused.plain.startswith("Not accepted, nothing was written:"), key
        assert "not a coefficient of 2.2 (5, 4, 3, 2, 1, 0.5, 0," in refused.plain, refused.plain


# ---------------------------------------------------------------------------------------------
# Othello: nothing carried.


async def test_othello_carries_nothing(services: Services, db: Database) -> None:
    """WOC events rank from their own games: no key to bring, in the registry or in chat."""
    await federation(db, "WOF", "woc", "othello_woc")
    content = b"id,name,othello_woc.rating\nWOF-0001,Kenta Aoyama,1800\n"
    async with services.db.transaction() as repos:
        with pytest.raises(RegistryFileError) as refused_file:
            await prepare_import(repos, services.systems, "WOF", "p.csv", content)
    assert (
        "p.csv, line 1, field 'othello_woc.rating': no rulebook of this federation reads it; "
        "keys: —"
    ) in refused_file.value.report()
    await import_registry(services, "WOF", "p.csv", b"id,name\nWOF-0001,Kenta Aoyama\n")
    refused = await dispatch(services, user("boss"), "/playerdata WOF-0001 othello_woc.rating 1800")
    assert refused.plain == (
        "No rulebook of this federation reads “othello_woc.rating”, so it is not saved. Keys: —."
    )


async def test_ufgo_recommenders_must_be_registered(services: Services, db: Database) -> None:
    """A recommending member is a player of the registry or a line of the same file."""
    await federation(db, "UFGO", "ufgo", "go_ufgo")
    cell = start_ik("1500", "UFGO-0002", "UFGO-0042").replace('"', '""')
    content = f'id,name,go_ufgo.start_ik\nUFGO-0001,Olena,"{cell}"\nUFGO-0002,Taras,\n'
    async with services.db.transaction() as repos:
        with pytest.raises(RegistryFileError) as refused:
            await prepare_import(repos, services.systems, "UFGO", "p.csv", content.encode())
    assert refused.value.report().splitlines()[1:] == [
        "  p.csv, line 2, field 'go_ufgo.start_ik': 'UFGO-0042' is no player of the registry "
        "or the file"
    ]
